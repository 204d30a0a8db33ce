//! `baraza repair DIR`: the damaged lines of a games.jsonl set aside
//! ([`crate::tournament::log::repair`]), each named on stdout.

use crate::cli::RepairArgs;
use crate::tournament::log::repair::{render_text, repair};
use std::io::Write;

pub fn run(out: &mut dyn Write, args: RepairArgs) -> anyhow::Result<()> {
    let done = repair(&args.dir)?;
    write!(out, "{}", render_text(&done))?;
    Ok(())
}
