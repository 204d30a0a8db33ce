//! The transposition table of the alpha-beta search: one entry per slot, indexed by the low
//! bits of the position's hash and checked against the full hash. A slot is replaced unless it
//! holds a deeper result for the same position.
//!
//! An entry is two `u64` words (the key, and the packed result) and an all-zero slot is empty,
//! so a new table is one zeroed allocation the OS hands out lazily: a bot process starts every
//! game with a fresh table at no cost.

/// What a stored score means relative to the window it was searched with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    /// Index of the best move in the position's legal list; `u16::MAX` for none.
    pub best: u16,
}

/// Depths are stored plus one (0 marks an empty slot) in 8 bits.
const MAX_DEPTH: i16 = 254;

fn pack(e: Entry) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let depth = (e.depth.clamp(0, MAX_DEPTH) + 1) as u64;
    e.score as u32 as u64 | depth << 32 | bound << 40 | (e.best as u64) << 48
}

fn unpack(w: u64) -> Option<Entry> {
    let depth = (w >> 32 & 0xff) as i16;
    if depth == 0 {
        return None;
    }
    let bound = match w >> 40 & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    Some(Entry {
        score: w as u32 as i32,
        depth: depth - 1,
        bound,
        best: (w >> 48) as u16,
    })
}

pub struct Tt {
    /// key, data, key, data, ...
    words: Vec<u64>,
    mask: usize,
}

impl Tt {
    /// A table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Tt {
        Tt {
            words: vec![0; 2 << bits],
            mask: (1 << bits) - 1,
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = 2 * (key as usize & self.mask);
        if self.words[i] != key {
            return None;
        }
        unpack(self.words[i + 1])
    }

    pub fn store(&mut self, key: u64, depth: i16, score: i32, bound: Bound, best: u16) {
        let i = 2 * (key as usize & self.mask);
        if self.words[i] == key && bound != Bound::Exact {
            if let Some(old) = unpack(self.words[i + 1]) {
                if old.depth > depth {
                    return;
                }
            }
        }
        self.words[i] = key;
        self.words[i + 1] = pack(Entry {
            score,
            depth,
            bound,
            best,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_keeps_the_deeper_entry() {
        let mut tt = Tt::new(4);
        assert!(tt.probe(5).is_none());
        // An all-zero slot is empty even for key 0.
        assert!(tt.probe(0).is_none());
        tt.store(5, 3, -10, Bound::Lower, 2);
        tt.store(5, 1, 99, Bound::Upper, 0);
        let e = tt.probe(5).unwrap();
        assert_eq!(
            e,
            Entry {
                score: -10,
                depth: 3,
                bound: Bound::Lower,
                best: 2
            }
        );
        // Same slot (5 + 16), other position: replaced, and the old key no longer matches.
        tt.store(21, 0, 1_000_000, Bound::Exact, u16::MAX);
        assert!(tt.probe(5).is_none());
        let e = tt.probe(21).unwrap();
        assert_eq!((e.score, e.depth, e.best), (1_000_000, 0, u16::MAX));
    }
}
