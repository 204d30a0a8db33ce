//! The league played without pause inside the server: batch after batch as `league run`
//! plays them (matchmaking places a new version first), waiting while fewer than two versions
//! are active. After each batch the pages' snapshot is made again and the ratings are kept for
//! the entrants' history. A batch left by a killed server is finished first (`league run`'s
//! own recovery).

use super::snapshot::Shared;
use super::store::Store;
use super::wake::Wake;
use crate::league::batch_games::PlayChoices;
use crate::league::error::LeagueError;
use crate::league::folder::League;
use crate::league::run::{self, Amount};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub struct Player {
    pub league: Arc<League>,
    pub store: Store,
    pub snapshot: Shared,
    pub choices: PlayChoices,
    /// Games per batch.
    pub batch_games: u64,
    /// Rung when a version is entered.
    pub entered: Wake,
    /// The log's game count when ratings were last kept.
    pub rated_at: AtomicU64,
}

impl Player {
    /// Play until `stop`.
    pub fn run(&self, stop: &AtomicBool) {
        while !stop.load(Ordering::SeqCst) {
            match run::run(&self.league, Amount::Games(self.batch_games), &self.choices) {
                Ok(report) => {
                    let played: usize = report.batches.iter().map(|(_, n)| n).sum();
                    for (b, n) in &report.batches {
                        eprintln!("serve: batch {b}: {n} games played");
                    }
                    self.refresh();
                    if report.stopped || played == 0 {
                        self.entered.wait(Duration::from_secs(1));
                    }
                }
                Err(LeagueError::TooFewVersions { .. }) => {
                    self.entered.wait(Duration::from_secs(2));
                    self.refresh();
                }
                Err(e) => {
                    eprintln!("serve: league: {}", super::pipeline::chain(&e));
                    self.entered.wait(Duration::from_secs(10));
                }
            }
        }
    }

    /// The pages' snapshot made again, and the active versions' ratings kept.
    pub fn refresh(&self) {
        match self.snapshot.refresh(&self.league) {
            Ok(board) => {
                let rows: Vec<(String, String, f64)> = board
                    .active
                    .iter()
                    .filter_map(|r| Some((r.name.clone(), r.version.clone(), r.rating?)))
                    .collect();
                let before = self.rated_at.swap(board.games, Ordering::SeqCst);
                if before == board.games || rows.is_empty() {
                    return;
                }
                if let Err(e) = self.store.add_ratings(board.games, &rows) {
                    eprintln!("serve: ratings: {e}");
                }
            }
            Err(e) => eprintln!("serve: leaderboard: {e}"),
        }
    }
}
