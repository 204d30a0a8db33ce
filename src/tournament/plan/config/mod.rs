//! The tournament's configuration: what the command line and an event TOML file say, merged,
//! checked, and turned into one canonical [`TournamentConfig`] whose hash identifies the event.
//!
//! An event file (`--config event.toml`) uses the command line's long option names as keys;
//! paths in it are relative to the file's own directory:
//!
//! ```toml
//! ruleset = "darra"
//! format = "round-robin"        # or "gauntlet": the first bot plays each of the others
//! rounds = 10
//! seed = 42
//! movetime = 100                # ms per move, for every bot unless it says otherwise
//! margin = 50
//! openings = "openings.txt"     # or: random-opening-plies = 4
//! openings-order = "shuffled"   # or "in-order"
//! sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05"   # or a table: [sprt] elo0 = 0 ...
//! event = "Spring Cup"          # the PGN Event and Site tags
//! site = "Arusha"
//! transcript = "transcripts"    # every bot's protocol transcripts (or per bot, below)
//! combined = true               # one transcript of both bots per game
//! adjudicate-resign = "movecount=3,score=600"    # also: adjudicate, adjudicate-draw
//! sandbox = true                # the hosting keys, every bot's (`hosting_keys.rs`)
//! memory = 1024
//!
//! [[bot]]
//! name = "mine"
//! cmd = "python3 bots/python/my_bot.py"
//! movetime = 200                # this bot's own clock
//! transcript = true             # its transcripts, in OUT/transcripts without a directory
//! memory = 512                  # its own hosting, over the event's and the command line's
//!
//! [[bot]]
//! name = "greedy"
//! cmd = "builtin:greedy"
//! ```
//!
//! Command-line options override the file; `--bot`s on the command line are added after the
//! file's bots.

use super::openings::{self, OpeningsError};
use crate::bot::hosting::HostOverrides;
use crate::bot::spec::{default_bot_name, BotSpec, BotSpecError};
use crate::games::UnknownRuleset;
use crate::record::adjudication::{AdjudicateMode, Adjudication, DrawRule, ResignRule};
use crate::stats::sprt::{SprtError, SprtParams};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// Default time a bot may take to answer `ready`, in ms (as `baraza match`).
pub const DEFAULT_STARTUP_TIMEOUT_MS: u64 = 10_000;
/// Default grace in ms added to every deadline (as `baraza match`).
pub const DEFAULT_MARGIN_MS: u64 = 50;
/// Default time a bot may take to exit after `quit` before it is killed, in ms (as `baraza match`).
pub const DEFAULT_GRACE_MS: u64 = 1_000;

/// The most games one event may schedule. The schedule is built whole before the first game
/// (to hash, print and resume it), so `rounds = 4000000000` in an event file asked for 160 GB
/// at once and aborted; a million games is more than any event plays.
pub const MAX_SCHEDULED_GAMES: u64 = 1_000_000;

/// An event that cannot be played as given: one line for a person, naming the option.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("no ruleset: name one (e.g. `baraza tournament darra ...`) or set `ruleset` in the event file")]
    NoRuleset,
    #[error(transparent)]
    UnknownRuleset(#[from] UnknownRuleset),
    #[error("{who}: movetime must be at least 1 ms")]
    ZeroMovetime { who: String },
    #[error("{who}: {what} must be at least 1")]
    ZeroSearchLimit { who: String, what: &'static str },
    /// `index` counts the bots from 1, the file's first.
    #[error("bot {index}: empty command")]
    EmptyCommand { index: usize },
    #[error("bot {index}: 'builtin:' needs a name, e.g. builtin:random")]
    BuiltinWithoutName { index: usize },
    #[error("bot {index} ({command}): {problem}")]
    BadBotName {
        index: usize,
        command: String,
        problem: NameProblem,
    },
    #[error("two bots are named '{0}': give each a distinct name with --bot NAME=BOT")]
    DuplicateName(String),
    #[error("a tournament needs at least two bots (found {0}): add --bot NAME=BOT")]
    TooFewBots(usize),
    #[error("--rounds must be at least 1")]
    ZeroRounds,
    #[error("--rounds {rounds} with these bots schedules {games} games; one event holds at most {MAX_SCHEDULED_GAMES}")]
    TooManyGames { rounds: u32, games: u64 },
    #[error("--max-plies must be at least 1")]
    ZeroMaxPlies,
    #[error("--openings and --random-opening-plies are exclusive; choose one")]
    ExclusiveOpenings,
    #[error("--openings-order needs --openings FILE")]
    OrderWithoutFile,
    #[error("--combined needs --transcript DIR (or a bot with transcript = true and --out)")]
    CombinedWithoutTranscript,
    #[error(transparent)]
    Openings(#[from] OpeningsError),
    #[error(transparent)]
    Sprt(#[from] SprtError),
    #[error("--sprt needs exactly two bots (found {0}): it tests the first against the second")]
    SprtBots(usize),
    #[error("--concurrency must be at least 1")]
    ZeroConcurrency,
    #[error("--seed {0} is above 2^53 - 1 = {MAX_SEED}: the logs' JSON readers (jq, JavaScript) could not read it exactly")]
    SeedTooLarge(u64),
    #[error("--concurrency {concurrency} is more than the {cores} cores here: games would share cores and bots lose time they did not use; pass --force to do it anyway")]
    TooConcurrent { concurrency: usize, cores: usize },
    /// toml's own Display spans several lines (a source excerpt); this is one.
    #[error("{0}")]
    Toml(String),
    #[error("cannot read event file {path}: {error}")]
    ReadFile { path: String, error: std::io::Error },
    #[error("bad event file {path}: {error}")]
    BadFile {
        path: String,
        error: Box<ConfigError>,
    },
}

/// The largest seed written to a JSON log, `--seed` included: `2^53 − 1`, so that every JSON
/// reader (jq, JavaScript: doubles) reads it exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Why a bot name cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    #[error("empty name")]
    Empty,
    #[error("name '{0}' contains whitespace")]
    Whitespace(String),
    #[error("name '{0}' contains a quote or a backslash (rating tools would show them escaped)")]
    Quote(String),
}

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

/// One bot's clock and startup settings, resolved (the tournament's defaults with the bot's
/// own overrides on top). As in `baraza match`: `tc` alone is a game clock, `movetime_ms` alone
/// a fixed time per move, both a game clock whose every move is also capped; neither means the
/// referee's default clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    pub startup_timeout_ms: u64,
    pub movetime_ms: Option<u64>,
    /// `BASE+INC` in seconds, e.g. `10+0.1`.
    pub tc: Option<crate::clock::GameClock>,
    pub margin_ms: u64,
    /// `go ... nodes N` for a bot that opts in (protocol.md, "Node and depth limits"); absent
    /// from the header when unset, so events without it keep their config hash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// `go ... depth N`, likewise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            startup_timeout_ms: DEFAULT_STARTUP_TIMEOUT_MS,
            movetime_ms: None,
            tc: None,
            margin_ms: DEFAULT_MARGIN_MS,
            nodes: None,
            depth: None,
        }
    }
}

/// The `--help` texts of the options `match` and `tournament` share, written once: `match`
/// takes them through [`LimitOverrides`] and `crate::cli`'s groups, `tournament` through
/// [`EventInputs`] (whose fields lie flat, as the event file's keys do).
pub mod help {
    pub const STARTUP_TIMEOUT: &str =
        "How long a bot may take to answer `ready`, in ms (never charged to its clock) [default: 10000]";
    pub const MOVETIME: &str =
        "Fixed time per move in ms (alone: no game clock; with --tc: caps every move)";
    pub const TC: &str = "Game clock BASE+INC in seconds, e.g. 10+0.1 [default when neither --tc nor --movetime is given: 10+0.1]";
    pub const MARGIN: &str =
        "Grace in ms added to every deadline before a bot loses on time [default: 50]";
    pub const MAX_PLIES: &str = "Adjudicate a draw after this many plies (default: Bao 1000; Darra and Dara end by their own limits)";
    pub const ADJUDICATE: &str = "End a game as soon as the rules have fixed its result (Darra: a player holds more than half of all seeds; Bao and Dara have no such rule) [default: off]";
    pub const ADJUDICATE_DRAW: &str = "A draw once each side made N moves and both bots' scores (info score cp) stayed within SCORE of zero for their last C moves each (cutechess/fastchess -draw) [default: off]";
    pub const ADJUDICATE_RESIGN: &str = "A loss for a bot whose score stayed SCORE or more below zero for its last C moves; with twosided=true only when its opponent's stayed SCORE or more above (cutechess/fastchess -resign) [default: off]";
    pub const EVENT: &str =
        "The PGN Event tag of every game (default: \"baraza match\" / \"baraza tournament\")";
    pub const SITE: &str = "The PGN Site tag of every game [default: ?]";
    pub const NODES: &str = "A node budget per move, sent as `go ... nodes N` to a bot that asks for it (`feature nodes` before `ready`, as builtin:search does); a bot that does not is not told and plays on its clock (protocol.md)";
    pub const DEPTH: &str = "A depth limit per move in plies, sent as `go ... depth N` to a bot that asks for it (`feature depth` before `ready`); a bot that does not is not told";
    pub const TRANSCRIPT: &str = "Write every line sent to and read from each bot, timed, to DIR/g<game>-p<player>-<name>.transcript (capped at 1 MiB per bot per game)";
    pub const COMBINED: &str = "With --transcript: one transcript per game of both bots, in the order things happened, to DIR/g<game>.transcript (each line names p1 or p2; capped at 2 MiB)";
}

/// Some clock/startup settings, each optional: what `match` takes on the command line (the
/// help texts are [`help`]'s, shared with `tournament`), the event file's tournament-wide keys,
/// or one `[[bot]]`'s overrides (the same names).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, clap::Args)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LimitOverrides {
    #[arg(long, help = help::STARTUP_TIMEOUT)]
    pub startup_timeout: Option<u64>,
    #[arg(long, value_name = "MS", help = help::MOVETIME)]
    pub movetime: Option<u64>,
    #[arg(long, value_name = "BASE+INC", help = help::TC)]
    pub tc: Option<crate::clock::GameClock>,
    #[arg(long, help = help::MARGIN)]
    pub margin: Option<u64>,
    #[arg(long, value_name = "N", help = help::NODES)]
    pub nodes: Option<u64>,
    #[arg(long, value_name = "N", help = help::DEPTH)]
    pub depth: Option<u64>,
}

impl LimitOverrides {
    /// Whether these settings say anything about the clock (`movetime` or `tc`).
    fn sets_clock(&self) -> bool {
        self.movetime.is_some() || self.tc.is_some()
    }

    /// `self` on top of `base`. A level that sets `movetime` or `tc` sets the whole clock: a
    /// bot saying `tc = "10+0.1"` in an event whose default is `movetime = 100` gets the game
    /// clock alone, not both.
    pub fn apply(&self, base: &Limits) -> Limits {
        let mut l = base.clone();
        if let Some(v) = self.startup_timeout {
            l.startup_timeout_ms = v;
        }
        if let Some(v) = self.margin {
            l.margin_ms = v;
        }
        if self.sets_clock() {
            l.movetime_ms = self.movetime;
            l.tc = self.tc.clone();
        }
        l.nodes = self.nodes.or(l.nodes);
        l.depth = self.depth.or(l.depth);
        l
    }

    /// `other`'s settings on top of `self`'s (command line over file).
    /// The clock, like everything else, is taken whole from `other` when it sets one.
    fn overlay(&self, other: &LimitOverrides) -> LimitOverrides {
        let clock = if other.sets_clock() { other } else { self };
        LimitOverrides {
            startup_timeout: other.startup_timeout.or(self.startup_timeout),
            movetime: clock.movetime,
            tc: clock.tc.clone(),
            margin: other.margin.or(self.margin),
            nodes: other.nodes.or(self.nodes),
            depth: other.depth.or(self.depth),
        }
    }
}

/// The adjudication options, each optional: `match` takes them through `crate::cli`'s
/// groups, `tournament` flat in [`EventInputs`] (the event file's keys), with [`help`]'s texts.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct AdjudicationOverrides {
    #[arg(long, value_enum, value_name = "RULE", help = help::ADJUDICATE)]
    pub adjudicate: Option<AdjudicateMode>,
    #[arg(long, value_name = "movenumber=N,movecount=C,score=SCORE", help = help::ADJUDICATE_DRAW)]
    pub adjudicate_draw: Option<DrawRule>,
    #[arg(long, value_name = "movecount=C,score=SCORE[,twosided=true]", help = help::ADJUDICATE_RESIGN)]
    pub adjudicate_resign: Option<ResignRule>,
}

impl AdjudicationOverrides {
    /// The rules these options turn on.
    pub fn rules(&self) -> Adjudication {
        Adjudication {
            decided: self.adjudicate == Some(AdjudicateMode::Decided),
            draw: self.adjudicate_draw,
            resign: self.adjudicate_resign,
        }
    }
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
/// ([`super::schedule::schedule`]).
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

/// How the tournament is run, as opposed to what it is: none of this is hashed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOptions {
    pub concurrency: usize,
    pub on_crash: OnCrash,
    /// Keep a bot's process for its next game (not with `--no-reuse`).
    pub reuse: bool,
    /// How long a bot may take to exit after `quit`, in ms, before its process group is killed.
    pub grace_ms: u64,
    pub out: Option<PathBuf>,
    pub resume: bool,
    /// The PGN `Event` tag (`None`: the command's default).
    pub event: Option<String>,
    /// The PGN `Site` tag (`None`: `?`).
    pub site: Option<String>,
    /// Where protocol transcripts go (`None`: no bot gets one).
    pub transcript: Option<PathBuf>,
    /// Which bots (in [`TournamentConfig::bots`] order) get a transcript.
    pub transcript_bots: Vec<bool>,
    /// One transcript per game of both sides (`--combined`).
    pub combined_transcript: bool,
    /// Pin each game's bots to a core of their own (`--affinity`, `affinity = true`).
    pub affinity: bool,
}

/// `--sprt`: read once from the command line ([`SprtSpec::Params`], by its `FromStr`), or from
/// an event file as the command-line string or a table with the same keys (checked by
/// [`SprtSpec::params`] when the event is resolved).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum SprtSpec {
    /// The command line's `--sprt`, already read and checked.
    #[serde(skip_deserializing)]
    Params(SprtParams),
    Text(String),
    Table {
        elo0: Option<f64>,
        elo1: Option<f64>,
        alpha: Option<f64>,
        beta: Option<f64>,
        model: Option<String>,
    },
}

impl SprtSpec {
    pub fn params(&self) -> Result<SprtParams, SprtError> {
        match self {
            SprtSpec::Params(p) => Ok(*p),
            SprtSpec::Text(s) => s.parse(),
            SprtSpec::Table {
                elo0,
                elo1,
                alpha,
                beta,
                model,
            } => {
                let d = SprtParams::default();
                let p = SprtParams {
                    elo0: elo0.unwrap_or(d.elo0),
                    elo1: elo1.unwrap_or(d.elo1),
                    alpha: alpha.unwrap_or(d.alpha),
                    beta: beta.unwrap_or(d.beta),
                    model: match model {
                        Some(m) => m.parse()?,
                        None => d.model,
                    },
                };
                p.validate()?;
                Ok(p)
            }
        }
    }
}

impl std::str::FromStr for SprtSpec {
    type Err = SprtError;

    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=...]`, read and checked at once.
    fn from_str(text: &str) -> Result<SprtSpec, SprtError> {
        text.parse().map(SprtSpec::Params)
    }
}

/// One `[[bot]]` of an event file, or one `--bot NAME=BOT` (its `FromStr`).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct BotEntry {
    pub name: Option<String>,
    pub cmd: String,
    pub startup_timeout: Option<u64>,
    pub movetime: Option<u64>,
    pub tc: Option<crate::clock::GameClock>,
    pub margin: Option<u64>,
    pub memory: Option<u64>,
    pub cpu_seconds: Option<u64>,
    pub max_file_size: Option<u64>,
    pub max_processes: Option<u64>,
    pub open_files: Option<u64>,
    pub sandbox: Option<bool>,
    pub wrapper: Option<String>,
    /// Let this bot compute between its turns (`--ponder` for it alone).
    pub ponder: Option<bool>,
    /// This bot's node budget and depth limit per move (sent to it if it opts in).
    pub nodes: Option<u64>,
    pub depth: Option<u64>,
    #[serde(default)]
    pub env: Vec<String>,
    #[serde(default)]
    pub sandbox_read: Vec<PathBuf>,
    /// This bot's protocol transcripts: `true` with no `transcript` directory puts them in
    /// `OUT/transcripts`; `false` keeps none for it even when the event has one.
    pub transcript: Option<bool>,
    /// Parent of this bot's working directories, and whether they are kept.
    pub workdir: Option<PathBuf>,
    pub keep_workdirs: Option<bool>,
    /// Send this bot the game's seed (`--send-seed` for it alone).
    pub send_seed: Option<bool>,
}

/// A `--bot` value that names no bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotArgError {
    /// Nothing, or nothing after `NAME=`.
    #[error("'{0}' has no bot: give NAME=BOT, BOT a command line or builtin:<name>")]
    NoCommand(String),
}

impl std::str::FromStr for BotEntry {
    type Err = BotArgError;

    /// `NAME=BOT`, or a plain `BOT` named as `match` names it (see [`parse_bot_arg`]).
    fn from_str(arg: &str) -> Result<BotEntry, BotArgError> {
        let (name, cmd) = parse_bot_arg(arg);
        if cmd.trim().is_empty() {
            return Err(BotArgError::NoCommand(arg.to_string()));
        }
        Ok(BotEntry {
            name,
            cmd,
            ..BotEntry::default()
        })
    }
}

impl BotEntry {
    pub(super) fn host(&self) -> HostOverrides {
        HostOverrides {
            memory: self.memory,
            cpu_seconds: self.cpu_seconds,
            max_file_size: self.max_file_size,
            max_processes: self.max_processes,
            open_files: self.open_files,
            sandbox: self.sandbox,
            wrapper: self.wrapper.clone(),
            ponder: self.ponder,
            send_seed: self.send_seed,
            env: self.env.clone(),
            sandbox_read: self.sandbox_read.clone(),
            workdir: self.workdir.clone(),
            keep_workdirs: self.keep_workdirs,
        }
    }

    fn overrides(&self) -> LimitOverrides {
        LimitOverrides {
            startup_timeout: self.startup_timeout,
            movetime: self.movetime,
            tc: self.tc.clone(),
            margin: self.margin,
            nodes: self.nodes,
            depth: self.depth,
        }
    }
}

/// The raw settings of an event, every one optional: what an event file or the command line
/// says. [`EventInputs::overlay`] merges two; [`EventInputs::resolve`] checks and completes them.
///
/// The command line of `baraza tournament` produces it directly (the `arg` attributes and doc
/// comments here are its options and their `--help`); the event file's keys are the options'
/// long names. `display_order` keeps `tournament --help` in the order people read it, the
/// command's own options (`--shard`, `--dry-run`, ...) placed between these.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, clap::Args)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[group(skip)]
#[allow(rustdoc::invalid_html_tags)]
pub struct EventInputs {
    /// Ruleset id (see `baraza games`); optional when the event file names it
    pub ruleset: Option<String>,
    /// A bot: NAME=BOT, where BOT is a command line or builtin:<name> (repeat for each bot)
    #[arg(long = "bot", value_name = "NAME=BOT", display_order = 10)]
    #[serde(rename = "bot", default)]
    pub bots: Vec<BotEntry>,
    /// round-robin: everyone meets everyone; gauntlet: the first bot meets each other [default: round-robin]
    #[arg(long, value_enum, display_order = 20)]
    pub format: Option<Format>,
    /// Rounds; in each round every pairing plays a game pair [default: 1]
    #[arg(long, display_order = 30)]
    pub rounds: Option<u32>,
    /// Event seed: openings order, random openings and every game's seed come from it [default: 1]
    #[arg(long, display_order = 40)]
    pub seed: Option<u64>,
    /// Start positions: one position string per line (# comments), one per round; or
    /// builtin:<ruleset>, the balanced suite shipped for it (baraza openings list)
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "random_opening_plies",
        display_order = 50
    )]
    pub openings: Option<PathBuf>,
    /// Use the openings file in order, or shuffled with the seed [default: in-order]
    #[arg(long, value_enum, display_order = 60)]
    pub openings_order: Option<OpeningOrder>,
    /// Start each round from N random legal plies after the ruleset's start (drawn from the seed)
    #[arg(long, value_name = "N", display_order = 70)]
    pub random_opening_plies: Option<u32>,
    /// Games played at once [default: the number of cores; more needs --force]
    #[arg(long, value_name = "K", value_parser = parse_concurrency, display_order = 80)]
    pub concurrency: Option<usize>,
    /// Allow --concurrency above the number of cores
    #[arg(long, display_order = 90)]
    #[serde(skip)]
    pub force: bool,
    /// How long a bot may take to exit after `quit`, in ms, before its process group is killed [default: 1000]
    #[arg(long, value_name = "MS", display_order = 100)]
    pub grace: Option<u64>,
    #[arg(long, help = help::STARTUP_TIMEOUT, display_order = 110)]
    pub startup_timeout: Option<u64>,
    #[arg(long, value_name = "MS", help = help::MOVETIME, display_order = 120)]
    pub movetime: Option<u64>,
    #[arg(long, value_name = "BASE+INC", help = help::TC, display_order = 130)]
    pub tc: Option<crate::clock::GameClock>,
    #[arg(long, help = help::MARGIN, display_order = 140)]
    pub margin: Option<u64>,
    #[arg(long, help = help::MAX_PLIES, display_order = 150)]
    pub max_plies: Option<u64>,
    #[arg(long, value_enum, value_name = "RULE", help = help::ADJUDICATE, display_order = 151)]
    pub adjudicate: Option<AdjudicateMode>,
    #[arg(long, value_name = "movenumber=N,movecount=C,score=SCORE", help = help::ADJUDICATE_DRAW, display_order = 152)]
    pub adjudicate_draw: Option<DrawRule>,
    #[arg(long, value_name = "movecount=C,score=SCORE[,twosided=true]", help = help::ADJUDICATE_RESIGN, display_order = 153)]
    pub adjudicate_resign: Option<ResignRule>,
    /// Output directory: games.jsonl (header + one line per finished game) and the logs
    #[arg(long, value_name = "DIR", display_order = 160)]
    pub out: Option<PathBuf>,
    /// Continue the tournament in --out: play only the games its games.jsonl lacks. With more
    /// --rounds, or bots added after the others, the event grows: only the new games are played
    #[arg(long, display_order = 170)]
    #[serde(skip)]
    pub resume: bool,
    /// Sequential probability ratio test of the first bot against the second (two bots only),
    /// on game pairs, with the exact generalized likelihood ratio; model=logistic (Elo, the
    /// default) or model=normalized (nElo) says which scale elo0 and elo1 are in
    #[arg(
        long,
        value_name = "elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic|normalized]",
        display_order = 180
    )]
    pub sprt: Option<SprtSpec>,
    #[arg(long, value_name = "NAME", help = help::EVENT, display_order = 190)]
    pub event: Option<String>,
    #[arg(long, value_name = "NAME", help = help::SITE, display_order = 200)]
    pub site: Option<String>,
    #[arg(long, value_name = "DIR", help = help::TRANSCRIPT, display_order = 210)]
    pub transcript: Option<PathBuf>,
    // A flag on the command line (`Some(true)` or absent), a boolean in the event file.
    #[arg(long, num_args = 0, default_missing_value = "true", help = help::COMBINED, display_order = 211)]
    pub combined: Option<bool>,
    /// When a bot crashes: forfeit (it loses that game and is started afresh for the next) or
    /// abort (stop after the running games, exit non-zero, print how to resume)
    /// [default: forfeit]
    #[arg(long, value_enum, display_order = 220)]
    pub on_crash: Option<OnCrash>,
    /// Start every bot afresh for every game, instead of keeping a bot's process for its next
    /// game (for bots that cannot play two games in one process)
    // A flag on the command line (`Some(true)` or absent), a boolean in the event file.
    #[arg(
        long,
        num_args = 0,
        default_missing_value = "true",
        display_order = 230
    )]
    pub no_reuse: Option<bool>,
    // The hosting keys: every bot's, under its own (`tournament` takes them on the command
    // line as `HostOptions`, given with [`EventInputs::with_command_line_hosting`]; see
    // `hosting_keys.rs`).
    #[arg(skip)]
    pub memory: Option<u64>,
    #[arg(skip)]
    pub cpu_seconds: Option<u64>,
    #[arg(skip)]
    pub max_file_size: Option<u64>,
    #[arg(skip)]
    pub max_processes: Option<u64>,
    #[arg(skip)]
    pub open_files: Option<u64>,
    #[arg(skip)]
    #[serde(default)]
    pub env: Vec<String>,
    #[arg(skip)]
    pub workdir: Option<PathBuf>,
    #[arg(skip)]
    pub keep_workdirs: Option<bool>,
    #[arg(skip)]
    pub sandbox: Option<bool>,
    #[arg(skip)]
    #[serde(default)]
    pub sandbox_read: Vec<PathBuf>,
    #[arg(skip)]
    pub wrapper: Option<String>,
    /// The event's alone (a game's two bots share its core).
    #[arg(skip)]
    pub affinity: Option<bool>,
    #[arg(skip)]
    pub ponder: Option<bool>,
    #[arg(skip)]
    pub send_seed: Option<bool>,
    /// The command line's hosting options, over the keys above.
    #[arg(skip)]
    #[serde(skip)]
    pub command_line_host: crate::bot::hosting::HostOverrides,
}

/// `--concurrency K` of `tournament`: a count of at least one (an event file's `concurrency = 0`
/// is refused by [`EventInputs::resolve`], in the same words).
fn parse_concurrency(text: &str) -> Result<usize, crate::count::CountError> {
    text.parse::<crate::count::Count>().map(|c| c.get_usize())
}

impl EventInputs {
    /// Parse an event file's text. `base` is the file's directory: relative paths in the file
    /// are taken from there.
    pub fn from_toml(text: &str, base: &Path) -> Result<EventInputs, ConfigError> {
        let mut inputs: EventInputs = toml::from_str(text).map_err(|e| {
            ConfigError::Toml(match e.span() {
                Some(span) => {
                    let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                    format!("line {line}: {}", e.message())
                }
                None => e.message().to_string(),
            })
        })?;
        for p in [
            &mut inputs.openings,
            &mut inputs.out,
            &mut inputs.transcript,
            &mut inputs.workdir,
        ]
        .into_iter()
        .flatten()
        {
            // A shipped suite's name (`builtin:darra`) is no path.
            let suite = p.to_string_lossy().starts_with(super::suites::PREFIX);
            if p.is_relative() && !suite {
                *p = base.join(&*p);
            }
        }
        inputs.rebase_host_paths(base);
        Ok(inputs)
    }

    /// Read an event file.
    pub fn load(path: &Path) -> Result<EventInputs, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError::ReadFile {
            path: path.display().to_string(),
            error,
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        EventInputs::from_toml(&text, base).map_err(|error| ConfigError::BadFile {
            path: path.display().to_string(),
            error: Box::new(error),
        })
    }

    /// `other` (the command line) on top of `self` (the file): `other`'s settings win, its bots
    /// come after `self`'s.
    pub fn overlay(self, other: EventInputs) -> EventInputs {
        let self_limits = self.limit_overrides();
        let limits = self_limits.overlay(&other.limit_overrides());
        let mut bots = self.bots;
        bots.extend(other.bots);
        let cli_openings = other.openings.is_some();
        EventInputs {
            ruleset: other.ruleset.or(self.ruleset),
            format: other.format.or(self.format),
            rounds: other.rounds.or(self.rounds),
            seed: other.seed.or(self.seed),
            // An openings source on the command line replaces the file's, whichever kind.
            openings: if other.random_opening_plies.is_some() {
                other.openings
            } else {
                other.openings.or(self.openings)
            },
            // Random plies on the command line: the file's openings order goes with its file.
            openings_order: if other.random_opening_plies.is_some() {
                other.openings_order
            } else {
                other.openings_order.or(self.openings_order)
            },
            random_opening_plies: if cli_openings {
                other.random_opening_plies
            } else {
                other.random_opening_plies.or(self.random_opening_plies)
            },
            concurrency: other.concurrency.or(self.concurrency),
            on_crash: other.on_crash.or(self.on_crash),
            no_reuse: other.no_reuse.or(self.no_reuse),
            grace: other.grace.or(self.grace),
            force: other.force || self.force,
            out: other.out.or(self.out),
            resume: other.resume || self.resume,
            max_plies: other.max_plies.or(self.max_plies),
            adjudicate: other.adjudicate.or(self.adjudicate),
            adjudicate_draw: other.adjudicate_draw.or(self.adjudicate_draw),
            adjudicate_resign: other.adjudicate_resign.or(self.adjudicate_resign),
            sprt: other.sprt.or(self.sprt),
            startup_timeout: limits.startup_timeout,
            movetime: limits.movetime,
            tc: limits.tc,
            margin: limits.margin,
            event: other.event.or(self.event),
            site: other.site.or(self.site),
            transcript: other.transcript.or(self.transcript),
            combined: other.combined.or(self.combined),
            bots,
            // The hosting keys come from the file alone (the command line's are
            // `command_line_host`, given after this overlay).
            ..self
        }
    }

    fn limit_overrides(&self) -> LimitOverrides {
        LimitOverrides {
            startup_timeout: self.startup_timeout,
            movetime: self.movetime,
            tc: self.tc.clone(),
            margin: self.margin,
            // Per bot only ([[bot]] nodes, depth; `match` --nodes, --depth).
            nodes: None,
            depth: None,
        }
    }

    /// Check everything and complete the defaults. `cores` is the machine's core count
    /// (the default concurrency, and the most allowed without `force`). The checks run in this
    /// order, so the first problem named is the same whatever else is wrong.
    ///
    /// Random openings are drawn by [`super::schedule::schedule`]: call it before any game, so
    /// an impossible request fails first.
    pub fn resolve(&self, cores: usize) -> Result<(TournamentConfig, RunOptions), ConfigError> {
        let ruleset = self.resolve_ruleset()?;
        let bots = self.resolve_bots()?;
        let rounds = self.rounds.unwrap_or(1);
        if rounds == 0 {
            return Err(ConfigError::ZeroRounds);
        }
        let format = self.format.unwrap_or(Format::RoundRobin);
        let games = scheduled_games(format, bots.len() as u64, rounds);
        if games > MAX_SCHEDULED_GAMES {
            return Err(ConfigError::TooManyGames { rounds, games });
        }
        if self.max_plies == Some(0) {
            return Err(ConfigError::ZeroMaxPlies);
        }
        let openings = self.resolve_openings(ruleset)?;
        let sprt = self.resolve_sprt(bots.len())?;
        let run = self.resolve_run(cores)?;
        let seed = self.seed.unwrap_or(1);
        if seed > MAX_SEED {
            return Err(ConfigError::SeedTooLarge(seed));
        }
        let config = TournamentConfig {
            ruleset: ruleset.to_string(),
            format,
            rounds,
            seed,
            bots,
            openings,
            max_plies: self.max_plies,
            adjudication: AdjudicationOverrides {
                adjudicate: self.adjudicate,
                adjudicate_draw: self.adjudicate_draw,
                adjudicate_resign: self.adjudicate_resign,
            }
            .rules(),
            sprt,
            growth: Vec::new(),
        };
        Ok((config, run))
    }

    fn resolve_ruleset(&self) -> Result<&'static str, ConfigError> {
        let id = self.ruleset.as_deref().ok_or(ConfigError::NoRuleset)?;
        Ok(crate::games::ruleset(id)?.id)
    }

    /// The bots with their names and clocks: the tournament's limits under each bot's own.
    fn resolve_bots(&self) -> Result<Vec<BotConfig>, ConfigError> {
        let global = self.limit_overrides();
        check_limits("the tournament", &global)?;
        let base = global.apply(&Limits::default());
        let mut bots: Vec<BotConfig> = Vec::new();
        for (i, entry) in self.bots.iter().enumerate() {
            let mut bot = resolve_bot(i + 1, entry, &base)?;
            bot.host = self.bot_host(&bot.host);
            if bots.iter().any(|b| b.name == bot.name) {
                return Err(ConfigError::DuplicateName(bot.name));
            }
            bots.push(bot);
        }
        if bots.len() < 2 {
            return Err(ConfigError::TooFewBots(bots.len()));
        }
        Ok(bots)
    }

    fn resolve_openings(&self, ruleset: &str) -> Result<Openings, ConfigError> {
        Ok(match (&self.openings, self.random_opening_plies) {
            (Some(_), Some(_)) => return Err(ConfigError::ExclusiveOpenings),
            (Some(path), None) => Openings::File {
                path: path.clone(),
                order: self.openings_order.unwrap_or(OpeningOrder::InOrder),
                positions: openings::load_openings_file(path, ruleset)?,
            },
            (None, plies) => {
                if self.openings_order.is_some() {
                    return Err(ConfigError::OrderWithoutFile);
                }
                match plies {
                    Some(plies) => Openings::RandomPlies { plies },
                    None => Openings::Standard,
                }
            }
        })
    }

    fn resolve_sprt(&self, bots: usize) -> Result<Option<SprtParams>, ConfigError> {
        let Some(spec) = &self.sprt else {
            return Ok(None);
        };
        let p = spec.params()?;
        if bots != 2 {
            return Err(ConfigError::SprtBots(bots));
        }
        Ok(Some(p))
    }

    fn resolve_run(&self, cores: usize) -> Result<RunOptions, ConfigError> {
        let cores = cores.max(1);
        let concurrency = self.concurrency.unwrap_or(cores);
        if concurrency == 0 {
            return Err(ConfigError::ZeroConcurrency);
        }
        if concurrency > cores && !self.force {
            return Err(ConfigError::TooConcurrent { concurrency, cores });
        }
        if self.combined == Some(true) && self.transcript_dir().is_none() {
            return Err(ConfigError::CombinedWithoutTranscript);
        }
        Ok(RunOptions {
            concurrency,
            on_crash: self.on_crash.unwrap_or_default(),
            reuse: !self.no_reuse.unwrap_or(false),
            grace_ms: self.grace.unwrap_or(DEFAULT_GRACE_MS),
            out: self.out.clone(),
            resume: self.resume,
            event: self.event.clone(),
            site: self.site.clone(),
            transcript: self.transcript_dir(),
            combined_transcript: self.combined.unwrap_or(false),
            affinity: self.affinity.unwrap_or(false),
            transcript_bots: self
                .bots
                .iter()
                .map(|b| b.transcript.unwrap_or(self.transcript.is_some()))
                .collect(),
        })
    }

    /// The transcripts' directory: `transcript`, or `OUT/transcripts` when only some bots ask
    /// for one.
    fn transcript_dir(&self) -> Option<PathBuf> {
        let asked = self.bots.iter().any(|b| b.transcript == Some(true));
        match (&self.transcript, &self.out) {
            (Some(dir), _) => Some(dir.clone()),
            (None, Some(out)) if asked => Some(out.join("transcripts")),
            _ => None,
        }
    }
}

/// Bot `index` (from 1) of the event: its command, its name (given, or derived as `match`
/// derives it) and its limits on top of the tournament's `base`.
fn resolve_bot(index: usize, entry: &BotEntry, base: &Limits) -> Result<BotConfig, ConfigError> {
    let command = entry.cmd.trim().to_string();
    if command.is_empty() {
        return Err(ConfigError::EmptyCommand { index });
    }
    if command.strip_prefix("builtin:") == Some("") {
        return Err(ConfigError::BuiltinWithoutName { index });
    }
    // Read once, here, for all that follows (its name, the warnings, every game's setup). A
    // bot that cannot be read is refused where it always was, when the games are set up
    // ([`BotConfig::spec`]): an event is planned (`--dry-run`, the schedule, its hash) from
    // its bots' text alone.
    let spec = BotSpec::read("", &command).ok();
    let name = match (&entry.name, &spec) {
        (Some(n), _) => n.trim().to_string(),
        (None, Some(spec)) => spec.default_name(),
        (None, None) => default_bot_name(&command),
    };
    if let Err(problem) = check_bot_name(&name) {
        return Err(ConfigError::BadBotName {
            index,
            command,
            problem,
        });
    }
    let overrides = entry.overrides();
    check_limits(&format!("bot '{name}'"), &overrides)?;
    let limits = overrides.apply(base);
    Ok(BotConfig {
        name,
        command,
        spec,
        limits,
        host: entry.host(),
    })
}

/// How many games `rounds` rounds of `bots` bots schedule: two per pairing per round.
pub fn scheduled_games(format: Format, bots: u64, rounds: u32) -> u64 {
    let pairings = match format {
        Format::RoundRobin => bots * bots.saturating_sub(1) / 2,
        Format::Gauntlet => bots.saturating_sub(1),
    };
    u64::from(rounds).saturating_mul(pairings.saturating_mul(2))
}

fn check_limits(who: &str, l: &LimitOverrides) -> Result<(), ConfigError> {
    if l.movetime == Some(0) {
        return Err(ConfigError::ZeroMovetime {
            who: who.to_string(),
        });
    }
    for (what, v) in [("nodes", l.nodes), ("depth", l.depth)] {
        if v == Some(0) {
            return Err(ConfigError::ZeroSearchLimit {
                who: who.to_string(),
                what,
            });
        }
    }
    Ok(())
}

fn check_bot_name(name: &str) -> Result<(), NameProblem> {
    if name.is_empty() {
        return Err(NameProblem::Empty);
    }
    if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(NameProblem::Whitespace(name.to_string()));
    }
    refuse_quotes(name)
}

/// A bot name may not hold `"` or `\` (`tournament` and `match`): PGN tag values escape them,
/// and rating tools then show the escapes as part of the name.
pub fn refuse_quotes(name: &str) -> Result<(), NameProblem> {
    if name.contains(['"', '\\']) {
        return Err(NameProblem::Quote(name.to_string()));
    }
    Ok(())
}

/// `NAME=BOT` → `(Some(NAME), BOT)`; a plain `BOT` (no `=` before the first space) has no name.
pub fn parse_bot_arg(arg: &str) -> (Option<String>, String) {
    if let Some((name, bot)) = arg.split_once('=') {
        if !name.is_empty() && !name.chars().any(char::is_whitespace) {
            return (Some(name.to_string()), bot.to_string());
        }
    }
    (None, arg.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprt_is_read_once_from_the_command_line() {
        let spec: SprtSpec = "elo0=0,elo1=5,model=normalized".parse().unwrap();
        let SprtSpec::Params(p) = &spec else {
            panic!("{spec:?}")
        };
        assert_eq!((p.elo0, p.elo1, p.alpha, p.beta), (0.0, 5.0, 0.05, 0.05));
        assert_eq!(spec.params().unwrap(), *p);
        for (bad, msg) in [
            ("elo0=x", "SPRT: 'x' is not a number"),
            ("elo0", "SPRT: 'elo0' is not KEY=VALUE"),
            (
                "elo2=1",
                "SPRT: unknown key 'elo2' (expected elo0, elo1, alpha, beta, model)",
            ),
            (
                "elo0=10,elo1=0",
                "SPRT: elo0 (10) must be less than elo1 (0)",
            ),
            (
                "model=bayes",
                "SPRT: model 'bayes' is not logistic or normalized",
            ),
        ] {
            let e = bad.parse::<SprtSpec>().unwrap_err();
            assert_eq!(e.to_string(), msg, "{bad}");
        }
    }

    #[test]
    fn a_bot_argument_is_name_and_command() {
        let b: BotEntry = "mine=python3 bot.py".parse().unwrap();
        assert_eq!(
            (b.name.as_deref(), b.cmd.as_str()),
            (Some("mine"), "python3 bot.py")
        );
        let b: BotEntry = "builtin:search --level=3".parse().unwrap();
        assert_eq!((b.name, b.cmd.as_str()), (None, "builtin:search --level=3"));
        for bad in ["", "a=", "a=  ", "   "] {
            assert_eq!(
                bad.parse::<BotEntry>(),
                Err(BotArgError::NoCommand(bad.into())),
                "{bad:?}"
            );
        }
        assert_eq!(
            "a=".parse::<BotEntry>().unwrap_err().to_string(),
            "'a=' has no bot: give NAME=BOT, BOT a command line or builtin:<name>"
        );
    }
}
