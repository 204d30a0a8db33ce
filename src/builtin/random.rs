//! `random`: a uniformly random legal move, from a generator seeded by `--seed`, so the same
//! seed and the same sequence of positions give the same moves.

use super::{Strategy, Turn};
use crate::rng::SplitMix64;

pub struct Random {
    rng: SplitMix64,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random {
            rng: SplitMix64::new(seed),
        }
    }
}

impl Strategy for Random {
    fn choose(&mut self, turn: &Turn) -> usize {
        self.rng.index(turn.legal.len())
    }
}
