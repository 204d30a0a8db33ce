//! The event, before any game: what is played, by whom, from where.
//!
//! - [`config`]: the event from the command line and/or a TOML file (its hosting keys too),
//!   checked, with its hash;
//! - [`openings`]: start positions from a file or from random plies;
//! - [`schedule`](mod@schedule): every game, in order, as a pure function of the configuration and seed;
//! - [`layout`]: how the game pairs are numbered, append-only as an event grows;
//! - [`shard`]: `--shard K/N`, one deterministic share of the schedule;
//! - [`grow`]: resuming with more rounds or bots, and naming any other change;
//! - [`match_plan`]: `baraza match` as a two-bot plan;
//! - [`bot_limits`]: `match --limits1/--limits2`, one bot's limits on the command line;
//! - [`program_digest`]: the SHA-256 of the files a bot's command names.

pub mod bot_limits;
pub mod config;
pub mod grow;
pub mod layout;
pub mod match_plan;
pub mod openings;
pub mod program_digest;
pub mod schedule;
pub mod shard;
pub mod suites;
