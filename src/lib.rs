//! baraza: a headless referee and arena for game-playing bots.
//!
//! - [`game`]: the seam between games and the arena; [`games`]: the rulesets.
//! - [`cli`]: the command-line definitions; [`commands`]: what each command does.

// The engines, from their own crate, under the paths the arena has always used.
pub use baraza_rules::{decimal, game, games, player, rng};

pub mod bot;
pub mod builtin;
pub mod check_bot;
pub mod civil_date;
pub mod cli;
pub mod cli_habits;
pub mod clock;
pub mod commands;
pub mod console;
pub mod count;
pub mod escape;
pub mod events;
pub mod key_values;
pub mod kits;
pub mod league;
pub mod outcome;
pub mod protocol;
pub mod record;
pub mod referee;
pub mod rules;
pub mod run_builder;
pub mod signals;
pub mod stats;

pub mod tournament;
pub mod view;
