//! Options of a built-in bot beyond its seed: `baraza bot search --level 3`, or the words after
//! the name in `builtin:search --level 3`.

/// Options of `baraza bot <name>` beyond the seed (`--level`, `--nodes`, `--algo`); only the
/// bots that take them accept them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotOptions {
    pub level: Option<u32>,
    pub nodes: Option<u64>,
    pub algo: Option<String>,
}

impl BotOptions {
    pub fn is_empty(&self) -> bool {
        *self == BotOptions::default()
    }

    /// The options as words after `builtin:<name>` (`--level 3`, `--nodes=500`), read as
    /// `baraza bot` reads them. `--seed` and `--ruleset` are the referee's.
    pub fn parse_args(args: &[String]) -> Result<BotOptions, BotOptionsError> {
        let mut o = BotOptions::default();
        let mut words = args.iter();
        while let Some(w) = words.next() {
            let (key, inline) = match w.split_once('=') {
                Some((k, v)) => (k, Some(v.to_string())),
                None => (w.as_str(), None),
            };
            if matches!(key, "--seed" | "--seed-step" | "--ruleset") {
                return Err(BotOptionsError::RefereeSets(key.to_string()));
            }
            if !matches!(key, "--level" | "--nodes" | "--algo") {
                return Err(BotOptionsError::Unknown(w.clone()));
            }
            let value = inline
                .or_else(|| words.next().cloned())
                .ok_or_else(|| BotOptionsError::NeedsValue(key.to_string()))?;
            let number = || {
                value.parse::<u64>().map_err(|_| BotOptionsError::NotCount {
                    key: key.to_string(),
                    value: value.clone(),
                })
            };
            match key {
                "--level" => o.level = Some(number()?.min(u32::MAX as u64) as u32),
                "--nodes" => o.nodes = Some(number()?),
                _ => o.algo = Some(value.clone()),
            }
        }
        Ok(o)
    }
}

/// Options a built-in bot refuses; the text is one line for a person.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotOptionsError {
    #[error("{0}: the referee sets the seed and the ruleset")]
    RefereeSets(String),
    #[error("unknown option '{0}' (known: --level, --nodes, --algo)")]
    Unknown(String),
    #[error("{0} needs a value")]
    NeedsValue(String),
    #[error("{key}: '{value}' is not a non-negative integer")]
    NotCount { key: String, value: String },
    #[error("--level must be 1 to {max}, got {got}")]
    Level { max: u32, got: u32 },
    #[error("--nodes must be at least 1")]
    NoNodes,
    #[error("--algo must be ab or mcts, got '{0}'")]
    Algo(String),
    /// Options given to a built-in bot that takes none.
    #[error("built-in bot '{0}' takes no options (--level, --nodes and --algo are search's)")]
    TakesNone(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_after_a_builtin_name() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let o = BotOptions::parse_args(&words("--level 3 --nodes=500 --algo mcts")).unwrap();
        assert_eq!(
            o,
            BotOptions {
                level: Some(3),
                nodes: Some(500),
                algo: Some("mcts".into())
            }
        );
        assert!(BotOptions::parse_args(&[]).unwrap().is_empty());
        for (bad, msg) in [
            ("--level", "needs a value"),
            ("--nodes x", "not a non-negative integer"),
            ("--depth 3", "unknown option '--depth'"),
            ("--seed=4", "the referee sets"),
            ("3", "unknown option '3'"),
        ] {
            let e = BotOptions::parse_args(&words(bad)).unwrap_err();
            assert!(e.to_string().contains(msg), "{bad}: {e}");
        }
    }
}
