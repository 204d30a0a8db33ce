//! `--shard K/N`: one of N deterministic shares of an event's schedule, so that N machines (a
//! Slurm job array, GNU parallel, a Kubernetes Indexed Job) play one event between them and
//! `baraza merge` joins their logs.
//!
//! Shard `K` of `N` plays the game pairs whose pair number `q` has `(q − 1) mod N = K − 1`:
//! pairs 1, N+1, 2N+1, … go to shard 1, and so on (nextest's `count:K/N`, over pairs). Both
//! games of a pair are always in the same shard, so each shard has complete pairs for the
//! pentanomial statistics; shards differ by at most one pair; and as pair numbers never change
//! when an event grows ([`super::layout`]), a game stays in its shard. Game numbers, ids and
//! seeds are those of the whole event.

use super::config::TournamentConfig;
use super::schedule::ScheduledGame;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    #[error("--shard '{0}': expected K/N with 1 <= K <= N, e.g. --shard 2/4")]
    Syntax(String),
    #[error("--shard cannot be used with --sprt: a sequential test decides after each game pair, so one run must see every pair. Run the SPRT unsharded (it stops as soon as it decides), or drop --sprt, play a fixed number of --rounds in shards and `baraza merge` them")]
    WithSprt,
}

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Syntax(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (u32, u32) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether pair `pair` (1-based) is this shard's.
    pub fn has_pair(&self, pair: u64) -> bool {
        (pair - 1) % self.count as u64 == (self.index - 1) as u64
    }

    /// This shard's games of a schedule, in schedule order.
    pub fn games(&self, schedule: Vec<ScheduledGame>) -> Vec<ScheduledGame> {
        schedule
            .into_iter()
            .filter(|g| self.has_pair(g.pair))
            .collect()
    }

    /// Refuse what a shard cannot do.
    pub fn check(&self, config: &TournamentConfig) -> Result<(), ShardError> {
        if config.sprt.is_some() {
            return Err(ShardError::WithSprt);
        }
        Ok(())
    }
}

/// `the whole event` or `shard 2/4`, for messages.
pub fn describe(shard: Option<Shard>) -> String {
    match shard {
        Some(s) => format!("shard {s}"),
        None => "the whole event".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_take_pairs_in_turn_and_cover_each_once() {
        let shards: Vec<Shard> = (1..=3).map(|k| format!("{k}/3").parse().unwrap()).collect();
        for q in 1..=10u64 {
            let owners: Vec<u32> = shards
                .iter()
                .filter(|s| s.has_pair(q))
                .map(|s| s.index)
                .collect();
            assert_eq!(owners, [((q - 1) % 3 + 1) as u32]);
        }
        assert!(shards[1].has_pair(2) && shards[1].has_pair(5));
    }

    #[test]
    fn bad_shards_are_refused() {
        for s in ["0/4", "5/4", "1", "a/b", "1/0", "-1/3"] {
            assert_eq!(s.parse::<Shard>(), Err(ShardError::Syntax(s.into())), "{s}");
        }
        assert_eq!(" 2/4".trim().parse::<Shard>().unwrap().to_string(), "2/4");
    }
}
