//! The rules engines of baraza, alone: every game as a [`game::Position`], the registry of
//! rulesets ([`games`]), how a position ends ([`outcome`]), the players ([`player`]), and the
//! seeded generator random play draws from ([`rng`]). Pure and synchronous: no I/O, no
//! processes, no runtime. The arena (the `baraza` crate), the Python package and the Rust
//! starter kit all play by these.

pub mod decimal;
pub mod game;
pub mod games;
pub mod outcome;
pub mod player;
pub mod rng;
