//! `baraza serve DIR`: the league's site ([`crate::serve`]).

use crate::cli::ServeArgs;
use crate::league::slurm::SlurmOptions;
use crate::serve::{serve, ServeOptions};
use anyhow::Context;
use std::io::Write;

pub fn run(out: &mut dyn Write, a: ServeArgs) -> anyhow::Result<()> {
    let slurm = match a.slurm {
        false => None,
        true => Some(SlurmOptions {
            shards: a.slurm_shards.map(|n| n as usize),
            partition: a.slurm_partition,
            cpus_per_task: a.concurrency.map(|c| c as usize),
            program: std::env::current_exe().context("the tasks run this baraza")?,
        }),
    };
    serve(
        out,
        ServeOptions {
            dir: a.dir,
            listen: a.listen,
            concurrency: a.concurrency.map(|c| c as usize),
            batch_games: a.batch_games,
            open_registration: a.open_registration,
            registrations_per_minute: a.registrations_per_minute,
            cores: super::tournament::cores(),
            slurm,
        },
    )
}
