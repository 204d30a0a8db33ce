//! Which game ids a reader has met, so that each game counts once in whatever order the lines
//! come (`baraza results`, `baraza merge`): a bit per game of the schedule, and a set for ids the
//! schedule does not have (only hand-made logs have those). The bits are kept in blocks of
//! 65,536 games, each made when one of its games is first met: a header that claims a vast
//! schedule costs nothing until its games come.

use super::games_jsonl::{header_layout, Header};
use crate::tournament::plan::layout::Layout;
use std::collections::{BTreeMap, HashSet};

const BLOCK_GAMES: u64 = 1 << 16;
const WORDS: usize = (BLOCK_GAMES / 64) as usize;

type Block = Box<[u64; WORDS]>;

pub struct Seen {
    layout: Option<Layout>,
    /// Block number (game `n` is in block `(n - 1) / BLOCK_GAMES`) -> its bits.
    blocks: BTreeMap<u64, Block>,
    others: HashSet<String>,
}

/// Where game `n`'s bit is: block, word, bit.
fn place(n: u64) -> (u64, usize, u64) {
    let i = n - 1;
    let block = i / BLOCK_GAMES;
    let within = i % BLOCK_GAMES;
    (block, (within / 64) as usize, within % 64)
}

impl Seen {
    pub fn new(header: &Header) -> Seen {
        Seen {
            layout: header_layout(header).ok(),
            blocks: BTreeMap::new(),
            others: HashSet::new(),
        }
    }

    /// Game numbers only, with no schedule to map ids to them (a `match --jsonl` file).
    pub fn numbers_only() -> Seen {
        Seen {
            layout: None,
            blocks: BTreeMap::new(),
            others: HashSet::new(),
        }
    }

    /// The game number of an id of the schedule.
    pub fn game_number(&self, id: &str) -> Option<u64> {
        self.layout.as_ref()?.game_of_id(id)
    }

    /// Whether `id` is met for the first time (and now it is met).
    pub fn insert(&mut self, id: &str) -> bool {
        match self.game_number(id) {
            Some(n) => self.insert_number(n),
            None => self.others.insert(id.to_string()),
        }
    }

    /// Whether game `n` (1-based) of the schedule is met for the first time (and now it is).
    pub fn insert_number(&mut self, n: u64) -> bool {
        let (block, w, b) = place(n);
        let bits = self
            .blocks
            .entry(block)
            .or_insert_with(|| Box::new([0; WORDS]));
        let new = bits[w] & (1 << b) == 0;
        bits[w] |= 1 << b;
        new
    }

    /// Whether game `n` of the schedule was met.
    pub fn has_number(&self, n: u64) -> bool {
        let (block, w, b) = place(n);
        self.blocks
            .get(&block)
            .is_some_and(|bits| bits[w] & (1 << b) != 0)
    }

    /// The games of `1..=total` not met, as runs `(first, count)` in order; a block none of
    /// whose games was met is one run, whatever its size, so this costs the games met, not
    /// `total`.
    pub fn unmet_runs(&self, total: u64) -> Vec<(u64, u64)> {
        let mut runs: Vec<(u64, u64)> = Vec::new();
        let mut push = |first: u64, count: u64| match runs.last_mut() {
            Some((f, c)) if *f + *c == first => *c += count,
            _ => runs.push((first, count)),
        };
        let mut next = 1; // the first game not yet looked at
        for (&block, bits) in self.blocks.range(..total.div_ceil(BLOCK_GAMES)) {
            let start = block * BLOCK_GAMES + 1;
            if next < start {
                push(next, start - next);
            }
            let end = (start + BLOCK_GAMES - 1).min(total);
            for n in start..=end {
                let within = n - start;
                if bits[(within / 64) as usize] & (1 << (within % 64)) == 0 {
                    push(n, 1);
                }
            }
            next = end + 1;
        }
        if next <= total {
            push(next, total - next + 1);
        }
        runs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen() -> Seen {
        Seen::numbers_only()
    }

    #[test]
    fn each_game_is_new_once_and_the_unmet_runs_are_the_rest() {
        let mut s = seen();
        let total = 3 * BLOCK_GAMES + 10;
        let met = [1, 2, 5, BLOCK_GAMES, 2 * BLOCK_GAMES + 1, total];
        for n in met {
            assert!(s.insert_number(n));
            assert!(!s.insert_number(n));
            assert!(s.has_number(n));
        }
        assert!(!s.has_number(3) && !s.has_number(total - 1));
        let b = BLOCK_GAMES;
        assert_eq!(
            s.unmet_runs(total),
            vec![(3, 2), (6, b - 6), (b + 1, b), (2 * b + 2, b + 8)]
        );
        // Nothing met: one run; all met: none.
        assert_eq!(seen().unmet_runs(total), vec![(1, total)]);
        let mut all = seen();
        for n in 1..=100 {
            all.insert_number(n);
        }
        assert_eq!(all.unmet_runs(100), vec![]);
        assert_eq!(all.unmet_runs(0), vec![]);
    }

    #[test]
    fn ids_off_the_schedule_are_kept_by_name() {
        let mut s = seen();
        assert!(s.insert("hand-made"));
        assert!(!s.insert("hand-made"));
        assert!(s.insert("hand-made-2"));
    }
}
