//! The league played without pause inside the server: batch after batch as `league run`
//! plays them (matchmaking places a new version first), waiting while fewer than two versions
//! are active. After each batch the pages' snapshot is made again and the ratings are kept for
//! the entrants' history. A batch left by a killed server is finished first (`league run`'s
//! own recovery). Under `--slurm` each batch is a job array of its shards, merged when the job
//! ends ([`crate::league::slurm`]); a job left running by a killed server is waited for.

use super::snapshot::Shared;
use super::store::Store;
use super::wake::Wake;
use crate::league::batch::Batch;
use crate::league::batch_games::PlayChoices;
use crate::league::error::LeagueError;
use crate::league::folder::League;
use crate::league::run::{self, Amount};
use crate::league::slurm::{self, SlurmEnd, SlurmError, SlurmOptions};
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
    /// Play the batches on Slurm rather than here.
    pub slurm: Option<SlurmOptions>,
}

/// Why a batch was not played.
enum Trouble {
    TooFewVersions,
    Other(String),
}

impl From<LeagueError> for Trouble {
    fn from(e: LeagueError) -> Trouble {
        match e {
            LeagueError::TooFewVersions { .. } => Trouble::TooFewVersions,
            e => Trouble::Other(super::pipeline::chain(&e)),
        }
    }
}

impl From<SlurmError> for Trouble {
    fn from(e: SlurmError) -> Trouble {
        match e {
            SlurmError::League(e) => e.into(),
            e => Trouble::Other(super::pipeline::chain(&e)),
        }
    }
}

impl Player {
    /// Play until `stop`.
    pub fn run(&self, stop: &AtomicBool) {
        while !stop.load(Ordering::SeqCst) {
            let played = match &self.slurm {
                None => self.here(),
                Some(o) => self.on_slurm(o, stop),
            };
            match played {
                Ok(n) => {
                    self.refresh();
                    if n == 0 {
                        self.entered.wait(Duration::from_secs(1));
                    }
                }
                Err(Trouble::TooFewVersions) => {
                    self.entered.wait(Duration::from_secs(2));
                    self.refresh();
                }
                Err(Trouble::Other(e)) => {
                    eprintln!("serve: league: {e}");
                    self.entered.wait(Duration::from_secs(10));
                }
            }
        }
    }

    /// A batch played in this process: its games (none when asked to stop).
    fn here(&self) -> Result<usize, Trouble> {
        let report = match run::run(&self.league, Amount::Games(self.batch_games), &self.choices) {
            // Stopped by SIGTERM: the next start of the server, not `league run`, finishes it.
            Err(LeagueError::Stopped {
                played,
                batch,
                remaining,
                ..
            }) => {
                eprintln!("serve: batch {batch}: stopped with {played} of its {remaining} remaining games played; the next start of `baraza serve` finishes it");
                return Ok(0);
            }
            report => report?,
        };
        let played: usize = report.batches.iter().map(|(_, n)| n).sum();
        for (b, n) in &report.batches {
            eprintln!("serve: batch {b}: {n} games played");
        }
        Ok(if report.stopped { 0 } else { played })
    }

    /// The pending batch, or the next one planned, played on Slurm and merged: its games.
    fn on_slurm(&self, o: &SlurmOptions, stop: &AtomicBool) -> Result<usize, Trouble> {
        let batch = match Batch::load(&self.league.dir)? {
            Some(b) => b,
            None => run::plan_next(&self.league, self.batch_games.div_ceil(2) as usize)?,
        };
        let note = |line: &str| eprintln!("serve: {line}");
        match slurm::play_batch(&self.league, &batch, o, stop, &note)? {
            SlurmEnd::Merged(n) => {
                eprintln!("serve: batch {}: {n} games played", batch.batch);
                Ok(n)
            }
            SlurmEnd::Stopped => Ok(0),
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
