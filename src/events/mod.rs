//! Typed run events and the one sink trait: the interface between the runner
//! ([`crate::tournament::runner`]) and every output of a run. `match` and `tournament` emit
//! the same events and share the sinks:
//!
//! - [`jsonl`]: `games.jsonl` (header, then one line per game) and `match --jsonl`;
//! - [`pgn`]: the PGN-like log (`games.pgn`, `match --pgn`);
//! - [`console`]: `match`'s line per game on stdout and its final tally;
//! - [`progress`]: the tournament's bar / plain lines and its notices on stderr.
//!
//! A finished game reaches every log by one path: the runner emits
//! [`RunEvent::GameFinished`] once, and each sink writes it. A sink that cannot write returns
//! a [`SinkError`]: the runner stops starting games and returns that error at the end (the
//! running games still finish and are offered to every sink).

pub mod console;
pub mod jsonl;
pub mod pgn;
pub mod progress;
pub mod sink_error;

pub use sink_error::SinkError;

use crate::tournament::interrupt::Cause;
use crate::tournament::log::GameLine;
use crate::tournament::results::{SprtStanding, Tally};
use crate::tournament::schedule::ScheduledGame;

/// What happens in a run, in the order it happens.
#[derive(Debug)]
pub enum RunEvent<'a> {
    GameStarted {
        game: &'a ScheduledGame,
    },
    /// A game ended and is to be written everywhere.
    GameFinished {
        line: &'a GameLine,
        /// Games in the log so far, this run's and earlier runs'.
        done: usize,
        scheduled: usize,
        /// Every game in the log so far, `line` included, with this run's SPRT.
        tally: &'a Tally,
    },
    /// The SPRT reached a bound: no more games are started.
    SprtDecided {
        sprt: &'a SprtStanding,
    },
    /// No new games are started; the `running` ones go on.
    Stopping {
        cause: &'a Cause,
        running: usize,
    },
    /// The `running` games are dropped unwritten (a resume plays them again).
    Aborting {
        cause: &'a Cause,
        running: usize,
    },
}

/// A consumer of run events. Most sinks act on a few events and ignore the rest.
pub trait Sink {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError>;
}

/// A closure is a sink that never fails (tests, a caller's own bookkeeping).
impl<F: FnMut(&RunEvent<'_>)> Sink for F {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        self(event);
        Ok(())
    }
}

/// The sinks of a run, in the order they see each event (the JSONL log first: it is the
/// source of truth).
#[derive(Default)]
pub struct Sinks<'a>(Vec<&'a mut dyn Sink>);

impl<'a> Sinks<'a> {
    pub fn new() -> Sinks<'a> {
        Sinks(Vec::new())
    }

    pub fn with(mut self, sink: &'a mut dyn Sink) -> Sinks<'a> {
        self.0.push(sink);
        self
    }

    pub fn push(&mut self, sink: &'a mut dyn Sink) {
        self.0.push(sink);
    }

    /// Give `event` to every sink (a failing one does not keep it from the others); the
    /// first error.
    pub fn emit(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        let mut first = Ok(());
        for sink in &mut self.0 {
            if let Err(e) = sink.event(event) {
                if first.is_ok() {
                    first = Err(e);
                }
            }
        }
        first
    }
}

/// One line for a person about an event, e.g.
/// `game 5/12 r1-p3-a: b vs c 0-1 (illegal move)`.
pub fn describe(e: &RunEvent<'_>) -> String {
    match e {
        RunEvent::GameStarted { game } => format!(
            "game {} {} started: {} vs {}",
            game.game, game.game_id, game.white_name, game.black_name
        ),
        RunEvent::GameFinished {
            line,
            done,
            scheduled,
            ..
        } => {
            let r = &line.record;
            format!(
                "game {done}/{scheduled} {}: {} vs {} {} ({})",
                line.game_id, r.white, r.black, r.result, r.termination
            )
        }
        RunEvent::SprtDecided { sprt } => format!(
            "SPRT {} vs {}: LLR {:.2} outside [{:.2}, {:.2}]: {}; no more games are started",
            sprt.first,
            sprt.second,
            sprt.report.llr,
            sprt.report.lower,
            sprt.report.upper,
            sprt.report.decision
        ),
        RunEvent::Stopping { cause, running } => describe_stop(cause, *running),
        RunEvent::Aborting { cause, running } => describe_abort(cause, *running),
    }
}

fn describe_stop(cause: &Cause, running: usize) -> String {
    let grace = |why: String, grace: &std::time::Duration| {
        format!(
            "{why}: no new games are started; the {running} running games may finish within {} s, then they are aborted (Ctrl-C to stop now)",
            grace.as_secs()
        )
    };
    match cause {
        Cause::CtrlC { grace: g } => grace("Ctrl-C".into(), g),
        Cause::StopFile { path, grace: g } => grace(format!("{} found", path.display()), g),
        Cause::Crash => "a bot crashed (--on-crash abort): no new games are started".into(),
        Cause::FailedStarts => {
            "a bot failed to start in two games in a row: no new games are started".into()
        }
        Cause::SinkFailed => "a log cannot be written: no new games are started".into(),
        _ => "no new games are started".into(),
    }
}

fn describe_abort(cause: &Cause, running: usize) -> String {
    match cause {
        Cause::SecondCtrlC => "second Ctrl-C: stopping now; the running games are dropped".into(),
        Cause::Terminated(sig) => format!("{sig}: stopping now; the running games are dropped"),
        _ => {
            format!("aborting the {running} games still running (they are played again on resume)")
        }
    }
}
