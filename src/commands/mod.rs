//! What each command does. Commands write their output to the writer they are given, so a
//! closed pipe (`baraza rules legal ... | head -1`) is an ordinary error, not a panic.

pub mod bot;
pub mod check_bot;
pub mod completions;
pub mod hosting_check;
pub mod human;
pub mod league;
pub mod live;
pub mod man;
pub mod match_cmd;
pub mod merge;
pub mod new_bot;
pub mod openings;
pub mod play;
pub mod repair;
pub mod replay;
pub mod results;
pub mod rules;
pub mod serve;
pub mod tournament;
pub mod tournament_host;
pub mod tournament_play;
pub mod verify_log;
pub mod view;

use crate::cli::{Cli, Command};
use std::io::Write;
use std::process::ExitCode;

/// Run a parsed command line. `Err` is a one-line failure for exit code 1.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = PipeOut::new(std::io::BufWriter::new(stdout.lock()));
    // A run of games whose reader went away stops (no further games) and says so: its
    // console lines were part of what the user asked for.
    let plays_games = matches!(
        cli.command,
        Command::Match(_) | Command::Tournament(_) | Command::League(_) | Command::Serve(_)
    );
    let result = match cli.command {
        Command::Games { json } => rules::games(&mut out, json),
        Command::Rules(cmd) => rules::run(&mut out, cmd),
        Command::Bot(args) => bot::run(&mut out, args),
        Command::Replay(args) => replay::run(&mut out, args),
        Command::Match(args) => match_cmd::run(&mut out, *args),
        Command::Tournament(args) => tournament::run(&mut out, *args),
        Command::Results(args) => results::run(&mut out, args),
        Command::Merge(args) => merge::run(&mut out, args),
        Command::Repair(args) => repair::run(&mut out, args),
        Command::View(args) => view::run(&mut out, args),
        Command::Play(args) => play::run(&mut out, args),
        Command::Human(args) => human::run(&mut out, args),
        Command::CheckBot(args) => check_bot::run(&mut out, args),
        Command::HostingCheck(args) => hosting_check::run(&mut out, args),
        Command::Openings(cmd) => openings::run(&mut out, cmd),
        Command::NewBot(args) => new_bot::run(&mut out, args),
        Command::League(cmd) => league::run(&mut out, cmd),
        Command::Serve(args) => serve::run(&mut out, args),
        Command::Completions(args) => completions::run(&mut out, args),
        Command::Man(args) => man::run(&mut out, args),
    };
    let flushed = out.flush();
    match result.and(flushed.map_err(Into::into)) {
        // The reader went away (`| head`): whatever error that became on its way up.
        Err(_) if out.broken && plays_games => Err(anyhow::anyhow!(
            "stdout was closed (its reader went away, e.g. `| head`): no further games were \
             started; every finished game is in the logs"
        )),
        Err(_) if out.broken => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}

/// Stdout that remembers whether its reader went away, so a closed pipe ends the command
/// quietly however the error travelled (through a sink's error, a context, ...).
struct PipeOut<W> {
    inner: W,
    broken: bool,
}

impl<W: Write> PipeOut<W> {
    fn new(inner: W) -> Self {
        PipeOut {
            inner,
            broken: false,
        }
    }

    fn note<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r {
            self.broken |= e.kind() == std::io::ErrorKind::BrokenPipe;
        }
        r
    }
}

impl<W: Write> Write for PipeOut<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.note(r)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.note(r)
    }
}

/// Write one value as JSON on its own line, the keys of every object sorted (as a
/// `serde_json::Value` holds them): the `--json` forms keep that order whatever the order of
/// a struct's fields.
pub fn write_json(
    out: &mut dyn Write,
    value: &(impl serde::Serialize + ?Sized),
) -> anyhow::Result<()> {
    let value = serde_json::to_value(value)?;
    writeln!(out, "{value}")?;
    Ok(())
}
