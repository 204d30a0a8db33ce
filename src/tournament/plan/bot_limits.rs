//! `match --limits1/--limits2 KEY=VALUE,...`: one bot's own limits on the command line, as
//! fastchess and cutechess-cli take them after `-engine` (`tc=10+0.1`) and as a tournament's
//! `[[bot]]` table takes them (the same keys): `tc`, `movetime`, `margin`, `startup-timeout`,
//! `nodes`, `depth`.

use super::config::LimitOverrides;
use crate::key_values::{self, PairError};

/// A `--limits1`/`--limits2` value that cannot be read; the message names the key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotLimitsError {
    #[error("'{0}' is not KEY=VALUE (keys: tc, movetime, margin, startup-timeout, nodes, depth)")]
    NotKeyValue(String),
    #[error("unknown key '{0}' (keys: tc, movetime, margin, startup-timeout, nodes, depth)")]
    UnknownKey(String),
    #[error("{key}: '{value}' is not a whole number of at least {min}")]
    BadNumber {
        key: String,
        value: String,
        min: u64,
    },
    #[error("{0}")]
    BadClock(#[from] crate::clock::TcError),
    #[error("{0} is given twice")]
    Twice(String),
}

/// One bot's limits from the command line: the same overrides as a `[[bot]]` table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotLimits(pub LimitOverrides);

impl std::str::FromStr for BotLimits {
    type Err = BotLimitsError;

    /// `tc=5+0.05,movetime=200,nodes=1000` (`,` or blanks between the pairs; `-` or `_` in a
    /// key alike).
    fn from_str(text: &str) -> Result<BotLimits, BotLimitsError> {
        let mut l = LimitOverrides::default();
        let keys = [
            "tc",
            "movetime",
            "margin",
            "startup-timeout",
            "nodes",
            "depth",
        ];
        let pairs = key_values::pairs(text, &keys).map_err(|e| match e {
            PairError::NotKeyValue(item) => BotLimitsError::NotKeyValue(item),
            PairError::UnknownKey(key) => BotLimitsError::UnknownKey(key),
            PairError::Twice(key) => BotLimitsError::Twice(key),
        })?;
        for (key, value) in pairs {
            let number = |min: u64| {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n >= min)
                    .ok_or_else(|| BotLimitsError::BadNumber {
                        key: key.clone(),
                        value: value.to_string(),
                        min,
                    })
            };
            match key.as_str() {
                "tc" => l.tc = Some(value.parse()?),
                "movetime" => l.movetime = Some(number(1)?),
                "margin" => l.margin = Some(number(0)?),
                "startup-timeout" => l.startup_timeout = Some(number(0)?),
                "nodes" => l.nodes = Some(number(1)?),
                // "depth": `pairs` gives only the keys asked for.
                _ => l.depth = Some(number(1)?),
            }
        }
        Ok(BotLimits(l))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_reads_into_its_override() {
        let l: BotLimits =
            "tc=5+0.05,movetime=200, margin=20 startup_timeout=3000,nodes=1000,depth=4"
                .parse()
                .unwrap();
        let l = l.0;
        assert_eq!(l.tc.unwrap().to_string(), "5+0.05");
        assert_eq!(
            (l.movetime, l.margin, l.startup_timeout, l.nodes, l.depth),
            (Some(200), Some(20), Some(3000), Some(1000), Some(4))
        );
        assert_eq!("".parse::<BotLimits>().unwrap(), BotLimits::default());
    }

    #[test]
    fn a_bad_pair_is_named() {
        let e = |t: &str| t.parse::<BotLimits>().unwrap_err().to_string();
        assert_eq!(
            e("tc"),
            "'tc' is not KEY=VALUE (keys: tc, movetime, margin, startup-timeout, nodes, depth)"
        );
        assert_eq!(
            e("time=5"),
            "unknown key 'time' (keys: tc, movetime, margin, startup-timeout, nodes, depth)"
        );
        assert_eq!(
            e("nodes=0"),
            "nodes: '0' is not a whole number of at least 1"
        );
        assert_eq!(e("movetime=1,movetime=2"), "movetime is given twice");
        assert!(
            e("tc=fast").starts_with("bad time control 'fast'"),
            "{}",
            e("tc=fast")
        );
    }
}
