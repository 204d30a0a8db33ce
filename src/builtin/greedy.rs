//! `greedy`: one ply of look-ahead. A move that wins the game outright is best, one that loses
//! it worst, a move that ends the game drawn scores 0; otherwise a move scores
//! `material(me)` of the position after it (captured seeds or pieces ahead). Ties are broken
//! by a generator seeded by `--seed`.

use super::{Strategy, Turn};
use crate::game::{Outcome, Status};
use crate::rng::SplitMix64;

pub struct Greedy {
    rng: SplitMix64,
    best: Vec<usize>,
}

impl Greedy {
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: SplitMix64::new(seed),
            best: Vec::with_capacity(64),
        }
    }
}

impl Strategy for Greedy {
    fn choose(&mut self, turn: &Turn) -> usize {
        let Some(pos) = turn.pos else {
            // A ruleset this build cannot judge: no look-ahead possible, play at random.
            return self.rng.index(turn.legal.len());
        };
        let mut best_score = i64::MIN;
        self.best.clear();
        for k in 0..turn.legal.len() {
            // `turn.legal` is the engine's own list when there is a position: play by index
            // (no token matching).
            let mut next = pos.clone_box();
            if !next.play_index(k) {
                continue;
            }
            let score = match next.status() {
                Status::Over { outcome, .. } => match outcome {
                    Outcome::Win(p) if p == turn.me => i64::MAX,
                    Outcome::Win(_) => i64::MIN + 1,
                    Outcome::Draw => 0,
                },
                Status::Ongoing => next.material(turn.me),
            };
            if score > best_score {
                best_score = score;
                self.best.clear();
            }
            if score == best_score {
                self.best.push(k);
            }
        }
        if self.best.is_empty() {
            return self.rng.index(turn.legal.len());
        }
        self.best[self.rng.index(self.best.len())]
    }
}
