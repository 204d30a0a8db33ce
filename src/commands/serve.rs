//! `baraza serve DIR`: the league's site ([`crate::serve`]).

use crate::cli::ServeArgs;
use crate::serve::{serve, ServeOptions};
use std::io::Write;

pub fn run(out: &mut dyn Write, a: ServeArgs) -> anyhow::Result<()> {
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
        },
    )
}
