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
pub struct Sinks<'a>(Vec<&'a mut dyn Sink>);

impl<'a> Sinks<'a> {
    pub fn new() -> Sinks<'a> {
        Sinks(Vec::new())
    }

    pub fn with(mut self, sink: &'a mut dyn Sink) -> Sinks<'a> {
        self.0.push(sink);
        self
    }

    /// [`Sinks::with`] of an optional sink (an output the user may not have asked for).
    pub fn with_some<S: Sink + 'a>(mut self, sink: Option<&'a mut S>) -> Sinks<'a> {
        if let Some(s) = sink {
            self.0.push(s);
        }
        self
    }

    pub fn push(&mut self, sink: &'a mut dyn Sink) {
        self.0.push(sink);
    }

    /// `other`'s sinks after these.
    pub fn extend(&mut self, other: Sinks<'a>) {
        self.0.extend(other.0);
    }

    /// Whether any sink follows the moves of the games in play.
    pub fn follow_moves(&self) -> bool {
        self.0.iter().any(|s| s.follows_moves())
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
