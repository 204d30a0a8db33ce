//! `baraza replay FILE --game K` on a terminal: the game stepped through with the keys, one
//! ply at a time, in the look of `baraza play` (not on a terminal, `replay` prints every ply
//! at once, [`crate::record::replay_text`]).
//!
//! - [`frame`]: what the screen shows at a ply (pure text): the ply, its mover and move, the
//!   clocks, the mover's eval and info, and the board as `replay --ply N` prints it;
//! - [`keys`]: the keys and the ply they lead to (pure);
//! - [`terminal`]: the terminal in raw mode on the alternate screen, restored on every way out.

pub mod frame;
pub mod keys;
pub mod terminal;

pub use terminal::step;
