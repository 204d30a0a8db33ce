//! A league that keeps running: entrants submit versions at any time, each run plays a batch
//! of game pairs chosen by matchmaking, and the leaderboard is computed from the one games
//! log whenever it is asked for (docs/league.md). Built on the tournament's runner, log and
//! table, and on the ratings of [`crate::stats`].
//!
//! - [`error`]: why a batch cannot be planned, played or merged;
//! - [`folder`]: the league folder and league.toml (an event file without bots);
//! - [`entrants`]: entrants.toml, every version submitted, superseded or withdrawn, with its
//!   own hosting keys;
//! - [`admission`]: `league submit`, a version checked under the league's set-up before it
//!   is entered;
//! - [`timestamp`]: the times it records;
//! - [`lock`]: one run or merge at a time, one writer of entrants.toml at a time;
//! - [`log_index`]: the log summed up for planning and the leaderboard, read on from where
//!   it stopped (`DIR/log-index.json`, built again from the log when it does not match);
//! - [`matchmaking`]: which versions play next (pure);
//! - [`batch`]: a batch planned from the log, written down before it is played;
//! - [`batch_games`]: a batch's games (all it has left, or a shard's) played on the
//!   tournament's runner into a games log;
//! - [`pgn_in_step`]: games.pgn checked against the log by its last game, rewritten if not;
//! - [`run`]: `league run`, batch after batch, finishing a killed run's batch first;
//! - [`shards`]: a batch played in shards and merged back;
//! - [`slurm`]: a batch's shards played as a Slurm job array, then merged (`serve --slurm`);
//! - [`leaderboard`], [`leaderboard_render`]: the leaderboard and its text, Markdown, HTML.

pub mod admission;
pub mod batch;
pub mod batch_games;
pub mod entrants;
pub mod error;
pub mod folder;
pub mod leaderboard;
pub mod leaderboard_render;
pub mod lock;
pub mod log_index;
pub mod matchmaking;
pub mod pgn_in_step;
pub mod run;
pub mod shards;
pub mod slurm;
pub mod timestamp;
