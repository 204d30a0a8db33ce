//! What `baraza play` shows the person at the terminal: the board from their side, what each
//! move captured, the bot's info, the end of the game in words (pure text), a ticking clock.

pub mod board;
pub mod captures;
pub mod ending;
pub mod hint;
pub mod info;
pub mod ticker;
