//! A batch: the next game pairs of the league, planned by [`super::matchmaking::plan_batch`]
//! from the log (as [`super::log_index`] sums it up) and written to `DIR/batch.json` *before* any of them is played. A run
//! killed part-way leaves the file behind, and the next run plays what of it the log lacks
//! before planning anything new: so nothing is lost or played twice, and a batch is the same
//! whoever plays it (the whole batch here, or its shards on other machines).
//!
//! Numbering continues the log's: batch `B` is the log's highest round + 1 (a game's round
//! is its batch), pairs and games are numbered after the log's highest, and a game's id is
//! `r{B}-p{k}-{a|b}` (pair `k` of the batch, leg a or b) as in a tournament. Each pair
//! starts both legs from one opening; game `g` gets the league seed's game seed `g`, as a
//! tournament's game would.

use super::entrants::Entrants;
use super::error::LeagueError;
use super::folder::League;
use super::log_index::LogIndex;
use super::matchmaking::{self, Entry};
use crate::rng::SplitMix64;
use crate::stats::ratings::PairGames;
use crate::tournament::plan::config::{OpeningOrder, Openings};
use crate::tournament::plan::openings::random_opening;
use crate::tournament::plan::schedule::{derive_seed, game_seed, ScheduledGame};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::Path;

/// The planned batch inside the league folder.
pub const BATCH_FILE: &str = "batch.json";

/// The league's own streams drawn from its seed.
const STREAM_MATCHMAKING: u64 = 101;
const STREAM_OPENING: u64 = 102;
const STREAM_OPENING_ORDER: u64 = 103;

/// The games of one batch, as planned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Batch {
    pub batch: u32,
    pub planned: String,
    /// `white`/`black` are indexes into entrants.toml's versions.
    pub games: Vec<ScheduledGame>,
}

/// What the plan needs of the log: the ids of its last round (a pending batch's games
/// already played), the games between each pair of versions, and the highest numbers used.
#[derive(Clone, Debug, Default)]
pub struct LogSoFar {
    pub ids: HashSet<String>,
    pub played: Vec<PairGames>,
    pub games: u64,
    last_round: u32,
    last_pair: u64,
    last_game: u64,
}

impl LogSoFar {
    /// Read from the log's index, versions by `entrants`' indexes (a name that is no version
    /// of it counts nowhere).
    pub fn of(index: &LogIndex, entrants: &Entrants) -> LogSoFar {
        let version: Vec<Option<usize>> =
            index.names.iter().map(|n| entrants.index_of(n)).collect();
        let mut played: Vec<PairGames> = index
            .pairs
            .iter()
            .filter_map(|p| {
                let (x, y) = (version[p.a]?, version[p.b]?);
                Some(if x < y {
                    PairGames {
                        a: x,
                        b: y,
                        a_wins: p.a_wins,
                        draws: p.draws,
                        b_wins: p.b_wins,
                    }
                } else {
                    PairGames {
                        a: y,
                        b: x,
                        a_wins: p.b_wins,
                        draws: p.draws,
                        b_wins: p.a_wins,
                    }
                })
            })
            // A version playing itself teaches the ratings nothing.
            .filter(|p| p.a != p.b)
            .collect();
        played.sort_by_key(|p| (p.a, p.b));
        LogSoFar {
            ids: index.last_round.ids.iter().cloned().collect(),
            played,
            games: index.games,
            last_round: index.last_round.round,
            last_pair: index.last_pair,
            last_game: index.last_game,
        }
    }
}

/// Plan the next batch of `pairs` game pairs.
pub fn plan(
    league: &League,
    entrants: &Entrants,
    log: &LogSoFar,
    pairs: usize,
) -> Result<Batch, LeagueError> {
    let entries: Vec<Entry> = entrants
        .versions
        .iter()
        .map(|v| Entry { active: v.active() })
        .collect();
    let seed = league.seed();
    let mm_seed = derive_seed(seed, STREAM_MATCHMAKING, log.games);
    let pairings =
        matchmaking::plan_batch(&entries, &log.played, &league.matchmaking, pairs, mm_seed);
    let batch = log.last_round + 1;
    let openings = league.stand_in_config()?.0.openings;
    let mut games = Vec::with_capacity(2 * pairings.len());
    for (k, p) in pairings.iter().enumerate() {
        let pair = log.last_pair + 1 + k as u64;
        let (start, opening) = opening(league, &openings, pair)?;
        for (leg, white, black) in [('a', p.a, p.b), ('b', p.b, p.a)] {
            let game = log.last_game + 1 + games.len() as u64;
            games.push(ScheduledGame {
                game,
                game_id: format!("r{batch}-p{}-{leg}", k + 1),
                round: batch,
                pair,
                pairing: k as u32 + 1,
                leg,
                white,
                black,
                white_name: entrants.versions[white].id(),
                black_name: entrants.versions[black].id(),
                start: start.clone(),
                opening,
                seed: game_seed(seed, game),
            });
        }
    }
    Ok(Batch {
        batch,
        planned: super::timestamp::now_utc(),
        games,
    })
}

/// Pair `pair`'s start position (and its index in the openings file, if any).
fn opening(
    league: &League,
    openings: &Openings,
    pair: u64,
) -> Result<(String, Option<usize>), LeagueError> {
    let ruleset = league.inputs.ruleset.as_deref().unwrap_or_default();
    Ok(match openings {
        Openings::Standard => (crate::games::ruleset(ruleset)?.start.to_string(), None),
        Openings::File {
            order, positions, ..
        } => {
            let mut idx: Vec<usize> = (0..positions.len()).collect();
            if *order == OpeningOrder::Shuffled {
                SplitMix64::new(derive_seed(league.seed(), STREAM_OPENING_ORDER, 0))
                    .shuffle(&mut idx);
            }
            let i = idx[(pair - 1) as usize % idx.len()];
            (positions[i].clone(), Some(i))
        }
        Openings::RandomPlies { plies } => {
            let seed = derive_seed(league.seed(), STREAM_OPENING, pair);
            (random_opening(ruleset, *plies, seed)?, None)
        }
    })
}

impl Batch {
    /// The batch planned in `dir` and not yet finished, if any.
    pub fn load(dir: &Path) -> Result<Option<Batch>, LeagueError> {
        let path = dir.join(BATCH_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|source| LeagueError::NotABatchPlan { path, source }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(LeagueError::Read { path, source }),
        }
    }

    /// Write the plan (beside its name, then renamed: a plan is whole or absent).
    pub fn save(&self, dir: &Path) -> Result<(), LeagueError> {
        let path = dir.join(BATCH_FILE);
        let partial = dir.join(format!("{BATCH_FILE}.partial"));
        let text = serde_json::to_string_pretty(self).expect("a batch serializes");
        if let Err(source) = std::fs::write(&partial, text + "\n") {
            return Err(LeagueError::WriteFile {
                path: partial,
                source,
            });
        }
        std::fs::rename(&partial, &path).map_err(|source| LeagueError::WriteFile { path, source })
    }

    /// The batch is finished: its plan goes.
    pub fn remove(dir: &Path) -> Result<(), LeagueError> {
        let path = dir.join(BATCH_FILE);
        std::fs::remove_file(&path).map_err(|source| LeagueError::Remove { path, source })
    }

    /// The games still to play: not in the log, both versions still active (a version
    /// withdrawn or superseded since the plan plays no more).
    pub fn remaining(&self, log: &LogSoFar, entrants: &Entrants) -> Vec<ScheduledGame> {
        let active = |name: &str| {
            entrants
                .index_of(name)
                .is_some_and(|i| entrants.versions[i].active())
        };
        self.games
            .iter()
            .filter(|g| !log.ids.contains(&g.game_id))
            .filter(|g| active(&g.white_name) && active(&g.black_name))
            .cloned()
            .collect()
    }
}
