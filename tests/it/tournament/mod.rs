//! Tournaments: the schedule, the runner, the statistics, `results`, shards and `merge`, and
//! clusters.

mod e2e;
mod event_hosting;
mod gnu_parallel;
mod host_changes;
mod host_faults;
mod hosting_keys;
pub mod live;
mod match_sprt;
mod merge_scale;
mod properties;
mod published_report;
mod ratings;
mod reports;
mod results;
mod results_scale;
mod results_stream;
mod run_events;
mod runner;
mod schedule;
mod shards;
mod slurm_cluster;
mod sprt;
mod stats;

use std::path::Path;

/// A game as two runs of the same event must both have played it (think times aside): (id,
/// seed, player 1, player 2, result, termination, moves).
pub(crate) type PlayedGame = (String, u64, String, String, String, String, Vec<String>);

/// The games in the log of the run in `run`, sorted.
pub(crate) fn games_played(run: &Path) -> Vec<PlayedGame> {
    let log = baraza::tournament::log::reader::read_games_log(run).unwrap();
    let mut v: Vec<_> = log
        .games
        .into_iter()
        .map(|g| {
            let r = g.record;
            (
                g.game_id,
                r.seed,
                r.white,
                r.black,
                r.result.to_string(),
                r.termination.to_string(),
                r.moves,
            )
        })
        .collect();
    v.sort();
    v
}
