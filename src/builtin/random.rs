//! `random`: a uniformly random legal move, from a generator seeded by `--seed`, so the same
//! seed and the same sequence of positions give the same moves.

use super::{Strategy, Turn};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

pub struct Random {
    rng: SmallRng,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Strategy for Random {
    fn choose(&mut self, turn: &Turn) -> usize {
        self.rng.gen_range(0..turn.legal.len())
    }
}
