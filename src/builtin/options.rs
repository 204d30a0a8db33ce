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
    pub fn parse_args(args: &[String]) -> Result<BotOptions, String> {
        let mut o = BotOptions::default();
        let mut words = args.iter();
        while let Some(w) = words.next() {
            let (key, inline) = match w.split_once('=') {
                Some((k, v)) => (k, Some(v.to_string())),
                None => (w.as_str(), None),
            };
            if matches!(key, "--seed" | "--seed-step" | "--ruleset") {
                return Err(format!("{key}: the referee sets the seed and the ruleset"));
            }
            if !matches!(key, "--level" | "--nodes" | "--algo") {
                return Err(format!(
                    "unknown option '{w}' (known: --level, --nodes, --algo)"
                ));
            }
            let value = inline
                .or_else(|| words.next().cloned())
                .ok_or_else(|| format!("{key} needs a value"))?;
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("{key}: '{value}' is not a non-negative integer"))
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
            assert!(e.contains(msg), "{bad}: {e}");
        }
    }
}
