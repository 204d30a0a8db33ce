//! The one seeded generator: schedules, openings, built-in bots and engine benchmarks all draw
//! from [`SplitMix64`].
//!
//! "The same seed gives the same games" is a promise to users, so the algorithm is written
//! here and fixed forever rather than taken from a crate whose generators may change between
//! versions (rand documents `SmallRng` as not portable). SplitMix64 (Steele, Lea and Flood,
//! "Fast splittable pseudorandom number generators", OOPSLA 2014; the seeding generator of the
//! xoshiro family) is tiny, fast, and passes BigCrush: plenty for picking moves and openings.

/// SplitMix64, as in the reference `splitmix64.c` by Sebastiano Vigna.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), without modulo bias: draws above the largest multiple of
    /// `n` are rejected and drawn again.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        // 2^64 - n ≡ 2^64 (mod n): `zone` is the last value of the largest multiple of n.
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// An index uniform in `0..len` (`len > 0`): a move from a list. Lemire's multiply-shift
    /// ("Fast Random Integer Generation in an Interval", 2019): the high word of `x * len`,
    /// rejecting the few low words that would bias it; no division on the usual path, which
    /// matters in random playouts. Not the same numbers as [`SplitMix64::below`].
    pub fn index(&mut self, len: usize) -> usize {
        assert!(len > 0, "index(0)");
        let n = len as u64;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            let low = m as u64;
            // 2^64 mod n values of `low` are one too many: reject them.
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 64) as usize;
            }
        }
    }

    /// Fisher–Yates shuffle (with [`SplitMix64::below`]: the schedule's openings order).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_outputs_match_the_reference_implementation() {
        // Rosetta Code, "Pseudo-random numbers/Splitmix64": the first five outputs for seed
        // 1234567 (also recomputed with an independent Python transcription of splitmix64.c).
        let mut g = SplitMix64::new(1234567);
        let got: Vec<u64> = (0..5).map(|_| g.next_u64()).collect();
        assert_eq!(
            got,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423,
                4593380528125082431,
                16408922859458223821,
            ]
        );
        // Seed 0: splitmix64.c's first two outputs.
        let mut g = SplitMix64::new(0);
        assert_eq!(g.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(g.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn below_is_the_remainder_of_an_accepted_draw() {
        // With n = 10 almost every draw is accepted (only the top 2^64 mod 10 = 6 values are
        // not), so `below` is the reference output modulo 10: 6457827717110365317 % 10 = 7.
        let mut g = SplitMix64::new(1234567);
        assert_eq!(g.below(10), 7);
        assert_eq!(g.below(10), 3); // 3203168211198807973
                                    // n = 2^63 + 1: the zone is 2^63 + 1 - 1 = one multiple, so values above 2^63 are
                                    // rejected; 9817491932198370423 > 2^63 = 9223372036854775808 is skipped and the
                                    // next, 4593380528125082431, is taken as it is.
        assert_eq!(g.below((1 << 63) + 1), 4593380528125082431);
    }

    #[test]
    fn index_is_the_high_word_of_a_product() {
        let mut g = SplitMix64::new(1234567);
        // 6457827717110365317 * 6 = 38746966302662191902, between 2 * 2^64 and 3 * 2^64.
        assert_eq!(g.index(6), 2);
        // 3203168211198807973 * 1000 / 2^64 = 173.64...
        assert_eq!(g.index(1000), 173);
        // 9817491932198370423 / 2^64 = 0.532...: the upper half of 0..2.
        assert_eq!(g.index(2), 1);
        assert_eq!(g.index(1), 0);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u32> = (0..50).collect();
        SplitMix64::new(7).shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}
