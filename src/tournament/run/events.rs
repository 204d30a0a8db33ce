//! The run's events and the one sink trait: the interface between the runner ([`super::runner`])
//! and every output of a run (the sinks are in [`crate::events`]). `match` and `tournament` emit
//! the same events and share the sinks.
//!
//! A finished game reaches every log by one path: the runner emits
//! [`RunEvent::GameFinished`] once, and each sink writes it. A sink that cannot write returns
//! a [`SinkError`]: the runner stops starting games and returns that error at the end (the
//! running games still finish and are offered to every sink).

use super::interrupt::Cause;
use crate::tournament::log::games_jsonl::GameLine;
pub use crate::tournament::log::sink_error::SinkError;
use crate::tournament::plan::schedule::ScheduledGame;
use crate::tournament::table::results::{SprtStanding, Tally};

/// What happens in a run, in the order it happens.
#[derive(Debug)]
pub enum RunEvent<'a> {
    GameStarted {
        game: &'a ScheduledGame,
    },
    /// Game `game` (its schedule number) was set up with this time control (the record's
    /// `TimeControl` text). Only to sinks that follow moves ([`Sink::follows_moves`]).
    Opened {
        game: u64,
        time_control: &'a str,
    },
    /// A move of game `game` in play, as its record will hold it; `info` is the mover's last
    /// info line since its previous move. Only to sinks that follow moves.
    Moved {
        game: u64,
        ply: usize,
        player: crate::game::Player,
        token: &'a str,
        time_ms: u64,
        info: Option<&'a str>,
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
    /// A game could not start for a reason of the host's (`cause`): it is recorded as not
    /// played (a resume plays it); `in_a_row` such games so far, this one included.
    NotPlayed {
        game: &'a ScheduledGame,
        cause: &'a str,
        in_a_row: usize,
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

    /// Whether this sink wants every move of the games in play ([`RunEvent::Moved`]): the
    /// referee reports moves only when some sink does (the live page), so a run without one
    /// pays nothing for them.
    fn follows_moves(&self) -> bool {
        false
    }
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
pub struct Sinks<'a> {
    sinks: Vec<&'a mut dyn Sink>,
    /// Sinks that failed: they are given nothing more.
    failed: Vec<bool>,
}

impl<'a> Sinks<'a> {
    pub fn new() -> Sinks<'a> {
        Sinks::default()
    }

    pub fn with(mut self, sink: &'a mut dyn Sink) -> Sinks<'a> {
        self.push(sink);
        self
    }

    /// [`Sinks::with`] of an optional sink (an output the user may not have asked for).
    pub fn with_some<S: Sink + 'a>(mut self, sink: Option<&'a mut S>) -> Sinks<'a> {
        if let Some(s) = sink {
            self.push(s);
        }
        self
    }

    pub fn push(&mut self, sink: &'a mut dyn Sink) {
        self.sinks.push(sink);
        self.failed.push(false);
    }

    /// `other`'s sinks after these.
    pub fn extend(&mut self, other: Sinks<'a>) {
        self.sinks.extend(other.sinks);
        self.failed.extend(other.failed);
    }

    /// Whether any sink follows the moves of the games in play.
    pub fn follow_moves(&self) -> bool {
        self.sinks.iter().any(|s| s.follows_moves())
    }

    /// Give `event` to the sinks in order; the first error. A sink that failed gets nothing
    /// more, and a finished game goes no further down the line than the first sink that
    /// failed (on it or before): a game the log could not keep goes to no other file, and a
    /// games.pgn that missed a game takes no later one. So each file holds the games of the
    /// one before it, or fewer, never others: it is behind, never holed.
    pub fn emit(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        let game = matches!(event, RunEvent::GameFinished { .. });
        let mut first = Ok(());
        for (sink, failed) in self.sinks.iter_mut().zip(&mut self.failed) {
            if *failed && game {
                break;
            }
            if *failed {
                continue;
            }
            if let Err(e) = sink.event(event) {
                *failed = true;
                if first.is_ok() {
                    first = Err(e);
                }
                if game {
                    break;
                }
            }
        }
        first
    }
}
