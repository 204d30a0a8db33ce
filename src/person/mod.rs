//! The person's side of `baraza play`: everything between the person at the terminal and the
//! referee, which sees the person as one more bot.
//!
//! - [`game`]: the game against the bot: its clocks and players, played on a thread of its own
//!   while the person plays through the console, its end shown, the logs appended to;
//! - [`console`]: the Unix socket between `play` and the stand-in, relayed to the terminal;
//! - [`stand_in`]: `baraza human`, the bot process that stands in for the person: the bot
//!   protocol with the referee on one side, the board and the questions on the console on the
//!   other;
//! - what the person is shown (pure text, but for the clock): [`board`] from their side,
//!   [`captures`] (what each move took), [`info`] (the bot's info lines), [`hint`] (the built-in
//!   search's move), [`ending`] (the final position and the result in their words), [`ticker`]
//!   (their clock ticking above the prompt);
//! - [`error`]: why the game cannot be played or recorded.

pub mod board;
pub mod captures;
pub mod console;
pub mod ending;
pub mod error;
pub mod game;
pub mod hint;
pub mod info;
pub mod stand_in;
pub mod ticker;

pub use error::PersonError;
pub use game::{append_to_logs, play, PersonGame};
pub use stand_in::StandIn;
