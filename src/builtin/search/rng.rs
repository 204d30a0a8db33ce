//! The search's randomness, in one place: MCTS playouts and the fallback move draw from the
//! project generator ([`crate::rng`], the same numbers on every platform, which `--nodes`
//! reproducibility needs); evaluation noise hashes the position with SplitMix64's finaliser.

use crate::rng::SplitMix64;

#[derive(Clone, Debug)]
pub struct SearchRng(SplitMix64);

impl SearchRng {
    pub fn new(seed: u64) -> SearchRng {
        SearchRng(SplitMix64::new(seed))
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.index(n)
    }
}

/// SplitMix64's finaliser: a good 64-bit mixer, also used to derive per-position noise.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix_is_splitmix64s_finaliser() {
        // The first SplitMix64 output from seed 0 is mix(0x9E3779B97F4A7C15) (Vigna's
        // reference implementation: 0xE220A8397B1DCDAF).
        assert_eq!(mix(0x9E37_79B9_7F4A_7C15), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = SearchRng::new(7);
        let mut seen = [false; 5];
        for _ in 0..200 {
            let k = r.below(5);
            assert!(k < 5);
            seen[k] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
