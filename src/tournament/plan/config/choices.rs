//! The event's closed choices, each a value list of `--help` and a string of the event file:
//! who plays whom ([`Format`]), what a crash does ([`OnCrash`]), how the lines of an openings
//! file are used ([`OpeningOrder`]).

use serde::{Deserialize, Serialize};

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Every bot plays every other bot.
    RoundRobin,
    /// The first bot plays each of the others; the others do not meet.
    Gauntlet,
}

impl Format {
    /// The name people read, the same as the command line's and the JSON's.
    pub fn name(&self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Gauntlet => "gauntlet",
        }
    }
}

/// What a tournament does when a bot crashes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum OnCrash {
    /// The crashed bot loses that game; the tournament goes on (a fresh process next game)
    #[default]
    Forfeit,
    /// Stop starting games, finish the running ones, exit non-zero
    Abort,
}

/// How the lines of an openings file are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum OpeningOrder {
    /// Line after line, starting over at the end.
    InOrder,
    /// In an order drawn from the seed (one permutation, repeated if more are needed).
    Shuffled,
}
