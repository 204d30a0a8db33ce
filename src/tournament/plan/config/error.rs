//! [`ConfigError`]: an event that cannot be played as given, in one line that names the option
//! (or the event file's key) to change.

use super::event::{MAX_SCHEDULED_GAMES, MAX_SEED};
use super::names::NameProblem;
use crate::games::UnknownRuleset;
use crate::stats::sprt::SprtError;
use crate::tournament::plan::openings::OpeningsError;

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
