//! The legs seen of each game pair, for [`super::results::Tally`], packed into one `u64` a pair
//! so that the table of a million-game log stays small: a pair is player 1 and player 2 of its
//! first leg (24 bits each), the points of each leg (2 bits each) and what the legs are.

use std::collections::HashMap;

/// One leg of a game pair: (player 1, player 2, their points).
pub type Leg = (usize, usize, f64, f64);

/// The legs of one pair number seen so far. Only a pair of exactly two legs, the same two bots
/// on swapped sides, is complete; a third leg (a hand-made log) undoes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PairLegs {
    One(Leg),
    Two(Leg, Leg),
    Many,
}

/// Pair number -> its legs, packed.
#[derive(Debug, Default)]
pub struct PairBook {
    pairs: HashMap<u64, u64>,
}

const BOT_BITS: u32 = 24;
const BOT_MASK: u64 = (1 << BOT_BITS) - 1;
const ONE: u64 = 1 << 62;
const TWO_SWAPPED: u64 = 2 << 62;
const TWO_OTHER: u64 = 3 << 62;
/// `Many` needs nothing else.
const MANY: u64 = 1 << 61;

fn points_code(pw: f64, pb: f64) -> u64 {
    match (pw, pb) {
        (1.0, 0.0) => 0,
        (0.0, 1.0) => 1,
        _ => 2,
    }
}

fn code_points(c: u64) -> (f64, f64) {
    match c {
        0 => (1.0, 0.0),
        1 => (0.0, 1.0),
        _ => (0.5, 0.5),
    }
}

fn pack_leg((w, b, pw, pb): Leg) -> Option<u64> {
    let fits = |i: usize| (i as u64) <= BOT_MASK;
    (fits(w) && fits(b))
        .then(|| w as u64 | (b as u64) << BOT_BITS | points_code(pw, pb) << (2 * BOT_BITS))
}

fn unpack_leg(x: u64) -> Leg {
    let (pw, pb) = code_points((x >> (2 * BOT_BITS)) & 3);
    (
        (x & BOT_MASK) as usize,
        ((x >> BOT_BITS) & BOT_MASK) as usize,
        pw,
        pb,
    )
}

impl PairBook {
    /// Take out the legs of `pair` (none: `None`).
    pub fn take(&mut self, pair: u64) -> Option<PairLegs> {
        let x = self.pairs.remove(&pair)?;
        let second_points = (x >> (2 * BOT_BITS + 2)) & 3;
        Some(match x & (3 << 62) {
            ONE => PairLegs::One(unpack_leg(x)),
            TWO_SWAPPED | TWO_OTHER => {
                let first = unpack_leg(x);
                let (p2w, p2b) = code_points(second_points);
                // A second leg that is not the first's swap is never counted, nor undone: any
                // leg that is not the swap stands for it.
                let second = if x & (3 << 62) == TWO_SWAPPED {
                    (first.1, first.0, p2w, p2b)
                } else {
                    (first.0, first.0, p2w, p2b)
                };
                PairLegs::Two(first, second)
            }
            _ => PairLegs::Many,
        })
    }

    /// Drop what is kept of `pair`: for a pair that no leg can come to any more (both legs of
    /// the schedule met), so that the book holds the open pairs only.
    pub fn forget(&mut self, pair: u64) {
        self.pairs.remove(&pair);
    }

    /// Store the legs of `pair`.
    pub fn put(&mut self, pair: u64, legs: PairLegs) {
        let packed = match legs {
            PairLegs::One(leg) => pack_leg(leg).map(|x| ONE | x),
            PairLegs::Two(first, second) => pack_leg(first).map(|x| {
                let swapped = second.0 == first.1 && second.1 == first.0 && first.0 != first.1;
                let tag = if swapped { TWO_SWAPPED } else { TWO_OTHER };
                tag | x | points_code(second.2, second.3) << (2 * BOT_BITS + 2)
            }),
            PairLegs::Many => Some(MANY),
        };
        // More than 16 million bots: such a pair is counted as never completed.
        self.pairs.insert(pair, packed.unwrap_or(MANY));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legs_come_back_as_they_were_put() {
        let mut book = PairBook::default();
        let one = PairLegs::One((3, 7, 0.5, 0.5));
        let two = PairLegs::Two((3, 7, 1.0, 0.0), (7, 3, 0.0, 1.0));
        for (pair, legs) in [(1, one), (2, two), (3, PairLegs::Many)] {
            book.put(pair, legs);
            assert_eq!(book.take(pair), Some(legs));
            assert_eq!(book.take(pair), None);
        }
        // A second leg with the same sides is kept as "not the swap".
        book.put(4, PairLegs::Two((3, 7, 1.0, 0.0), (3, 7, 0.0, 1.0)));
        let Some(PairLegs::Two(first, second)) = book.take(4) else {
            panic!()
        };
        assert_eq!(first, (3, 7, 1.0, 0.0));
        assert!(!(first.0 == second.1 && first.1 == second.0 && first.0 != first.1));
    }
}
