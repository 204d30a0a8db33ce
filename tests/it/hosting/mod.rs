//! Hosting strangers' bots: nothing outlives a game, limits, isolation, the sandbox.

mod hostile_bots;
mod isolation;
mod sandbox;
mod slipping;
