//! Why the person's game cannot be played or recorded, or the stand-in cannot serve the
//! console: the one error of [`super::game`], [`super::console`] and [`super::stand_in`]. Each
//! message is one line; the messages are the ones `baraza play` has always printed.

use super::ending::ReplayError;
use crate::bot::spec::BotSpecError;
use crate::clock::TcError;
use crate::events::SinkError;
use std::io;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum PersonError {
    /// `--tc` or `--movetime` cannot make a clock.
    #[error(transparent)]
    Clock(#[from] TcError),
    /// The bot cannot be started as given.
    #[error(transparent)]
    Bot(#[from] BotSpecError),
    #[error("cannot create a scratch folder in the temporary directory")]
    Scratch(#[source] io::Error),
    #[error("cannot listen on {}", path.display())]
    Listen {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    /// The stand-in's connection to the console could not be taken.
    #[error("console")]
    Accept(#[source] io::Error),
    /// The stand-in cannot connect to the console `baraza play` listens on.
    #[error("cannot reach the console {}", path.display())]
    Reach {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    /// The stand-in is baraza itself: its path is needed to start it.
    #[error("cannot find the baraza executable")]
    Executable(#[source] io::Error),
    #[error("cannot start the async runtime")]
    Runtime(#[source] io::Error),
    /// Ctrl-C: the game is dropped (its processes killed), nothing recorded.
    #[error("interrupted: the game is not recorded")]
    Interrupted,
    /// SIGTERM, as Ctrl-C.
    #[error("terminated: the game is not recorded")]
    Terminated,
    /// The terminal closed (SIGHUP), as Ctrl-C.
    #[error("hung up: the game is not recorded")]
    HungUp,
    #[error("the game thread panicked")]
    Panicked,
    /// The record's moves do not replay to a final position to show.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A log asked for (`--pgn`, `--jsonl`) cannot be opened.
    #[error("cannot open {} for appending", path.display())]
    Append {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    /// The game cannot be written to a log asked for.
    #[error(transparent)]
    Write(#[from] SinkError),
    /// Reading or writing the terminal, the console or the referee's lines.
    #[error(transparent)]
    Io(#[from] io::Error),
}
