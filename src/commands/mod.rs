//! What each command does. Commands write their output to the writer they are given, so a
//! closed pipe (`baraza rules legal ... | head -1`) is an ordinary error, not a panic.

pub mod bot;
pub mod match_cmd;
pub mod replay;
pub mod results;
pub mod rules;
pub mod tournament;
pub mod tournament_play;

use crate::cli::{Cli, Command};
use std::io::Write;
use std::process::ExitCode;

/// Run a parsed command line. `Err` is a one-line failure for exit code 1.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        Command::Games { json } => rules::games(&mut out, json),
        Command::Rules(cmd) => rules::run(&mut out, cmd),
        Command::Bot(args) => bot::run(&mut out, args),
        Command::Replay(args) => replay::run(&mut out, args),
        Command::Match(args) => match_cmd::run(&mut out, *args),
        Command::Tournament(args) => tournament::run(&mut out, *args),
        Command::Results(args) => results::run(&mut out, args),
    };
    let flushed = out.flush();
    match result.and(flushed.map_err(Into::into)) {
        Err(e) if is_broken_pipe(&e) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<std::io::Error>()
        .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}

/// Write one JSON value on its own line.
pub fn write_json(out: &mut dyn Write, value: &serde_json::Value) -> anyhow::Result<()> {
    writeln!(out, "{value}")?;
    Ok(())
}
