//! The event, checked: [`TournamentConfig`] (its bots, openings, rounds, seed, rules and
//! growth), its canonical form ([`CanonicalEvent`]) and the hash of that, which identifies the
//! event; and the bounds every event keeps ([`MAX_SEED`], [`MAX_SCHEDULED_GAMES`]).

use super::choices::{Format, OpeningOrder};
use super::limits::Limits;
#[cfg(doc)]
use super::EventInputs;
use crate::bot::hosting::HostOverrides;
use crate::bot::spec::{BotSpec, BotSpecError};
use crate::record::adjudication::Adjudication;
use crate::stats::sprt::SprtParams;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

/// The most games one event may schedule. The schedule is built whole before the first game
/// (to hash, print and resume it), so `rounds = 4000000000` in an event file asked for 160 GB
/// at once and aborted; a million games is more than any event plays.
pub const MAX_SCHEDULED_GAMES: u64 = 1_000_000;

/// The largest seed written to a JSON log, `--seed` included: `2^53 − 1`, so that every JSON
/// reader (jq, JavaScript: doubles) reads it exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// How many games `rounds` rounds of `bots` bots schedule: two per pairing per round.
pub fn scheduled_games(format: Format, bots: u64, rounds: u32) -> u64 {
    let pairings = match format {
        Format::RoundRobin => bots * bots.saturating_sub(1) / 2,
        Format::Gauntlet => bots.saturating_sub(1),
    };
    u64::from(rounds).saturating_mul(pairings.saturating_mul(2))
}

/// A bot of the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotConfig {
    pub name: String,
    /// A command line (split like a shell would, no shell run) or `builtin:<name>`, as given:
    /// what the event's hash and the games.jsonl header hold.
    pub command: String,
    /// `command` read once, when the event was resolved ([`EventInputs::resolve`]); `None`
    /// when it cannot be read (refused by [`BotConfig::spec`] when the games are set up) and in
    /// a bot read back from a games.jsonl header, which only names it.
    #[serde(skip)]
    pub spec: Option<BotSpec>,
    pub limits: Limits,
    /// How it is hosted: the event's hosting keys and the command line's hosting options
    /// with its `[[bot]]` table's on top. Hashed where they change play (`memory`,
    /// `sandbox`, `ponder`, ...; see [`HostOverrides`]); absent from the header when none
    /// does, so such events keep their hash.
    #[serde(default, skip_serializing_if = "HostOverrides::plays_as_default")]
    pub host: HostOverrides,
}

impl BotConfig {
    /// The bot as read when the event was resolved; read again only when that failed (for the
    /// error, which names it `bot '<name>'`) or for a bot of a games.jsonl header.
    pub fn spec(&self) -> Result<std::borrow::Cow<'_, BotSpec>, BotSpecError> {
        match &self.spec {
            Some(spec) => Ok(std::borrow::Cow::Borrowed(spec)),
            None => BotSpec::read(&self.which(), &self.command).map(std::borrow::Cow::Owned),
        }
    }

    /// How errors and warnings name the bot: `bot '<name>'`.
    pub fn which(&self) -> String {
        format!("bot '{}'", self.name)
    }
}

/// Where games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// The ruleset's start position.
    Standard,
    /// Positions from a file, checked with the engine.
    File {
        path: PathBuf,
        order: OpeningOrder,
        positions: Vec<String>,
    },
    /// `plies` random legal plies from the start, drawn from the seed.
    RandomPlies { plies: u32 },
}

/// The size of an event before it grew (bots were added): see `tournament/layout.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage {
    pub bots: usize,
    pub rounds: u32,
}

/// The whole event, checked. The schedule is a pure function of it
/// ([`super::super::schedule::schedule`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentConfig {
    pub ruleset: String,
    pub format: Format,
    pub rounds: u32,
    pub seed: u64,
    pub bots: Vec<BotConfig>,
    pub openings: Openings,
    /// Adjudicate a draw after this many plies (`None`: the referee's default).
    pub max_plies: Option<u64>,
    /// The other adjudication rules (off by default).
    pub adjudication: Adjudication,
    /// Only with exactly two bots; not part of the hash (it decides when to stop, not what is
    /// played), so a run can be resumed with other bounds or without a test.
    pub sprt: Option<SprtParams>,
    /// The sizes the event had before it grew (`--resume` with more rounds or bots), oldest
    /// first; empty for an event that never grew. Part of the schedule: see
    /// `tournament/layout.rs`.
    pub growth: Vec<Stage>,
}

/// The canonical, hashed form of the openings: a file is identified by its content (count and
/// SHA-256 of its positions), not its path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum CanonicalOpenings {
    Standard,
    File {
        order: OpeningOrder,
        count: usize,
        sha256: String,
    },
    RandomPlies {
        plies: u32,
    },
}

/// Everything that decides which games are played and how: the input of the config hash, and
/// the `event` object of the games.jsonl header. Field order is fixed by this declaration, so
/// its JSON is canonical.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CanonicalEvent {
    pub ruleset: String,
    pub format: Format,
    pub rounds: u32,
    pub seed: u64,
    pub bots: Vec<BotConfig>,
    pub openings: CanonicalOpenings,
    pub max_plies: Option<u64>,
    /// Absent when no rule is on, so such an event's hash is what it always was.
    #[serde(default, skip_serializing_if = "Adjudication::is_off")]
    pub adjudication: Adjudication,
    /// Absent for an event that never grew, so such an event's hash is what it always was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub growth: Vec<Stage>,
}

/// Lower-case hex of a SHA-256 digest.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl TournamentConfig {
    /// Each bot's name and own hosting settings, in event order (for
    /// [`crate::bot::hosting::HostOptions::bot_hosts`]).
    pub fn bot_hostings(&self) -> impl Iterator<Item = (&str, &HostOverrides)> {
        self.bots.iter().map(|b| (b.name.as_str(), &b.host))
    }
    pub fn canonical(&self) -> CanonicalEvent {
        let openings = match &self.openings {
            Openings::Standard => CanonicalOpenings::Standard,
            Openings::File {
                order, positions, ..
            } => CanonicalOpenings::File {
                order: *order,
                count: positions.len(),
                sha256: sha256_hex(positions.join("\n").as_bytes()),
            },
            Openings::RandomPlies { plies } => CanonicalOpenings::RandomPlies { plies: *plies },
        };
        CanonicalEvent {
            ruleset: self.ruleset.clone(),
            format: self.format,
            rounds: self.rounds,
            seed: self.seed,
            bots: self.bots.clone(),
            openings,
            max_plies: self.max_plies,
            adjudication: self.adjudication,
            growth: self.growth.clone(),
        }
    }

    /// The config hash: SHA-256 (hex) of the canonical event's compact JSON.
    pub fn hash(&self) -> String {
        canonical_hash(&self.canonical())
    }
}

/// SHA-256 (hex) of a canonical event's compact JSON.
pub fn canonical_hash(event: &CanonicalEvent) -> String {
    let json = serde_json::to_string(event).expect("a canonical event serializes");
    sha256_hex(json.as_bytes())
}
