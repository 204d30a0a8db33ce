//! The search's one source of randomness (evaluation noise, MCTS playouts), behind a seam so
//! the project generator can replace it in one place. SplitMix64: the same seed gives the same
//! numbers on every platform and version, which `--nodes` reproducibility needs (rand's
//! `SmallRng` is a different algorithm on 32- and 64-bit targets).

#[derive(Clone, Debug)]
pub struct SearchRng(u64);

impl SearchRng {
    pub fn new(seed: u64) -> SearchRng {
        SearchRng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// Uniform in `0..n` (`n > 0`), by multiply-shift (bias below 2^-32 for small `n`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
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
    fn splitmix_reference_values() {
        // First outputs of SplitMix64 seeded with 0 (Vigna's reference implementation).
        let mut r = SearchRng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
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
