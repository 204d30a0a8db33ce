//! The person's side of `baraza play`: what the person is shown at the terminal (the board from
//! their side, what each move captured, the bot's info, the end of the game in words, a ticking
//! clock), the game against the bot (`game`), and `baraza human`, the bot process that stands in
//! for the person under the referee (`stand_in`).

pub mod board;
pub mod captures;
pub mod ending;
pub mod game;
pub mod hint;
pub mod info;
pub mod stand_in;
pub mod ticker;
