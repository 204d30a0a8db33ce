//! A count of at least one, read from the command line once, where it enters: `match --games`,
//! `match --concurrency`, `tournament --concurrency`.

use std::num::NonZeroU64;
use std::str::FromStr;

/// A number of things that must be at least one (games, games at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Count(NonZeroU64);

/// Text that is not a count of at least one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// Not a non-negative integer (clap says so in its own words, as for any number).
    #[error(transparent)]
    NotANumber(#[from] std::num::ParseIntError),
    /// Zero. The option's name goes before it: `--games must be at least 1`.
    #[error("must be at least 1")]
    Zero,
}

impl Count {
    pub fn new(n: u64) -> Option<Count> {
        NonZeroU64::new(n).map(Count)
    }

    pub fn get(self) -> u64 {
        self.0.get()
    }

    /// As a `usize`, saturated (a count of things held in memory at once).
    pub fn get_usize(self) -> usize {
        usize::try_from(self.get()).unwrap_or(usize::MAX)
    }
}

impl FromStr for Count {
    type Err = CountError;

    fn from_str(text: &str) -> Result<Count, CountError> {
        Count::new(text.parse()?).ok_or(CountError::Zero)
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// `n` and the noun, plural unless `n` is 1: `1 game`, `2 games`, `0 games`.
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_at_least_one() {
        assert_eq!("1".parse::<Count>().unwrap().get(), 1);
        assert_eq!("250".parse::<Count>().unwrap().get(), 250);
        assert_eq!("250".parse::<Count>().unwrap().to_string(), "250");
        assert_eq!("0".parse::<Count>(), Err(CountError::Zero));
        assert_eq!(CountError::Zero.to_string(), "must be at least 1");
        for bad in ["", "-1", "x", "1.5", " 2", "18446744073709551616"] {
            let e = bad.parse::<Count>().unwrap_err();
            assert!(matches!(e, CountError::NotANumber(_)), "{bad}: {e:?}");
        }
        assert_eq!(
            "x".parse::<Count>().unwrap_err().to_string(),
            "invalid digit found in string"
        );
        assert_eq!(Count::new(7).unwrap().get_usize(), 7);
    }

    #[test]
    fn one_game_is_not_games() {
        assert_eq!(counted(1u64, "game"), "1 game");
        assert_eq!(counted(0u64, "game"), "0 games");
        assert_eq!(counted(2u64, "game"), "2 games");
    }
}
