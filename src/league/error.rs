//! Why a league's batch cannot be planned, played or merged, its leaderboard computed, or a
//! version entered: the one error of [`super::batch`], [`super::batch_games`], [`super::run`],
//! [`super::shards`], [`super::leaderboard`] and [`super::admission`]. Each message is one
//! line, naming the file or the command that puts it right; the files' own errors
//! ([`super::folder`], [`super::entrants`], the games log) keep theirs.

use super::entrants::EntrantsError;
use super::lock::LockError;
use crate::bot::hosting::HostingError;
use crate::check_bot::setup::SetupError;
use crate::check_bot::Report;
use crate::games::UnknownRuleset;
use crate::run_builder::BuildError;
use crate::tournament::log::games_jsonl::LogError;
use crate::tournament::log::sink_error::SinkError;
use crate::tournament::plan::config::ConfigError;
use crate::tournament::plan::openings::OpeningsError;
use crate::tournament::plan::shard::Shard;
use crate::tournament::run::arena::ArenaError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum LeagueError {
    /// The league's settings cannot make the batch's event.
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Entrants(#[from] EntrantsError),
    /// The league's games log (or a shard's) cannot be read or appended to.
    #[error(transparent)]
    Log(#[from] LogError),
    #[error(transparent)]
    Write(#[from] SinkError),
    #[error(transparent)]
    Ruleset(#[from] UnknownRuleset),
    /// A pair's random opening cannot be drawn.
    #[error(transparent)]
    Openings(#[from] OpeningsError),
    /// The batch's run cannot be assembled.
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error(transparent)]
    Play(#[from] ArenaError),
    /// entrants.toml cannot be locked.
    #[error(transparent)]
    Lock(#[from] LockError),
    /// A version's hosting (the league's, its own keys over them) cannot be given here.
    #[error(transparent)]
    Hosting(#[from] HostingError),
    /// A version's check cannot be set up or run.
    #[error(transparent)]
    Check(#[from] SetupError),
    /// Version `id` failed its check (`report`): it was not entered.
    #[error("{id} was not entered: it failed {} of check-bot's {} checks under the league's set-up (the report above); fix it and submit again, or enter it as it is with --no-check", report.checks.iter().filter(|c| c.is_failed()).count(), report.checks.len())]
    FailedCheck { id: String, report: Box<Report> },
    #[error("cannot read {}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot create {}", dir.display())]
    Create {
        dir: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot open {}", path.display())]
    Open {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot write {}", path.display())]
    WriteFile {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot remove {}", path.display())]
    Remove {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// batch.json holds no batch.
    #[error("{} is not a batch plan", path.display())]
    NotABatchPlan {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
    /// No batch is planned in league folder `dir` (a shard or a merge needs one).
    #[error("{} has no planned batch: plan one with `baraza league run {} --plan-only --games N`", dir.display(), dir.display())]
    NoBatch { dir: PathBuf },
    /// Batch `batch` is planned in `dir` and not finished: no other is planned.
    #[error("batch {batch} is planned and not finished: play it first (`baraza league run {}`, or its shards and `baraza league merge`)", dir.display())]
    Unfinished { batch: u32, dir: PathBuf },
    /// Fewer than two active versions in league folder `dir`.
    #[error("the league has {active} active version{}: a batch needs 2 (add entrants with `baraza league submit {} --name NAME --cmd COMMAND`)", if *active == 1 { "" } else { "s" }, dir.display())]
    TooFewVersions { active: usize, dir: PathBuf },
    /// Version `id` (of entrant `name`) would play with files other than those submitted.
    #[error("{id}'s files changed since it was submitted: {changed}; submit it as a new version (`baraza league submit DIR --name {name} --cmd ...`)")]
    ProgramChanged {
        id: String,
        name: String,
        changed: String,
    },
    /// A run stopped before batch `batch`'s `remaining` games were all played.
    #[error("stopped: {played} of batch {batch}'s {remaining} remaining games were played; `baraza league run {}` finishes it", dir.display())]
    Stopped {
        played: usize,
        batch: u32,
        remaining: usize,
        dir: PathBuf,
    },
    /// Games of batch `batch` could not start for a reason of the host's.
    #[error("{why}: {played} of batch {batch}'s {remaining} remaining games were played; once fixed, `baraza league run {}` finishes it", dir.display())]
    HostFaults {
        why: String,
        played: usize,
        batch: u32,
        remaining: usize,
        dir: PathBuf,
    },
    #[error("stopped: shard {shard} of batch {batch} is not finished ({played} games played); run the same command again to finish it")]
    ShardStopped {
        shard: Shard,
        batch: u32,
        played: usize,
    },
    #[error(transparent)]
    OtherPlayers(Box<OtherPlayers>),
    /// Two shard folders hold different lines for one game.
    #[error("game {game_id} is in {} and in {} with different lines: keep one of them", first.display(), second.display())]
    PlayedTwice {
        game_id: String,
        first: PathBuf,
        second: PathBuf,
    },
    /// Games of the batch that no shard folder holds, by id.
    #[error("{} of batch {batch}'s games are in no shard folder: {}; play their shards and merge again", missing.len(), missing.join(", "))]
    MissingGames { batch: u32, missing: Vec<String> },
}

/// A shard folder's game played by other versions than the batch's (boxed in
/// [`LeagueError`]: it is rare, and keeps every `Result` carrying that error small).
#[derive(Debug, thiserror::Error)]
#[error("{}: game {game_id} is played by {white} and {black}, but batch {batch} has {batch_white} and {batch_black}", dir.display())]
pub struct OtherPlayers {
    pub dir: PathBuf,
    pub game_id: String,
    pub white: String,
    pub black: String,
    pub batch: u32,
    pub batch_white: String,
    pub batch_black: String,
}
