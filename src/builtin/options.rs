//! Options of a built-in bot beyond its seed: `baraza bot search --level 3`, or the words after
//! the name in `builtin:search --level 3`.

/// Options of `baraza bot <name>` beyond the seed (`--level`, `--nodes`, `--algo`); only the
/// bots that take them accept them. Declared once, for clap: `baraza bot` flattens them into
/// its options (the doc comments are their `--help`), and [`BotOptions::parse_args`] reads the
/// words after `builtin:<name>` with the same declarations.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct BotOptions {
    /// search only: strength level 1 (about greedy) to 5, fixed depths and node budgets that
    /// play the same moves on any machine (default: full strength, all the time given)
    #[arg(long, value_name = "N")]
    pub level: Option<u32>,
    /// search only: stop each search after N nodes (alpha-beta positions, MCTS iterations):
    /// the same seed and N give the same moves on any machine; the clock still cuts a search
    /// short if N would not fit in the time left
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// search only: the search to use, ab (alpha-beta) or mcts (default: the one that plays
    /// the ruleset best)
    #[arg(long, value_name = "ALGO")]
    pub algo: Option<String>,
}

/// The words after `builtin:<name>`: [`BotOptions`] alone, no program name, no `--help`.
#[derive(clap::Parser, Debug)]
#[command(
    no_binary_name = true,
    disable_help_flag = true,
    disable_version_flag = true,
    args_override_self = true,
    allow_negative_numbers = true
)]
struct Words {
    #[command(flatten)]
    options: BotOptions,
}

impl BotOptions {
    pub fn is_empty(&self) -> bool {
        *self == BotOptions::default()
    }

    /// The options as words after `builtin:<name>` (`--level 3`, `--nodes=500`), read as
    /// `baraza bot` reads them. `--seed` and `--ruleset` are the referee's.
    pub fn parse_args(args: &[String]) -> Result<BotOptions, BotOptionsError> {
        for w in args {
            let key = w.split_once('=').map_or(w.as_str(), |(k, _)| k);
            if matches!(key, "--seed" | "--seed-step" | "--ruleset") {
                return Err(BotOptionsError::RefereeSets(key.to_string()));
            }
        }
        use clap::Parser;
        match Words::try_parse_from(args) {
            Ok(words) => Ok(words.options),
            Err(e) => Err(options_error(&e, args)),
        }
    }
}

/// clap's refusal of the words after `builtin:<name>`, in this module's words.
fn options_error(e: &clap::Error, args: &[String]) -> BotOptionsError {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(other) => other.to_string(),
        None => String::new(),
    };
    // `--nodes <N>` is `--nodes`.
    let key = || {
        let arg = context(ContextKind::InvalidArg);
        arg.split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    match e.kind() {
        ErrorKind::ValueValidation => BotOptionsError::NotCount {
            key: key(),
            value: context(ContextKind::InvalidValue),
        },
        ErrorKind::InvalidValue | ErrorKind::NoEquals | ErrorKind::TooFewValues => {
            BotOptionsError::NeedsValue(key())
        }
        // An unknown option or a stray word: named as given (clap names `--depth=3` `--depth`).
        _ => {
            let arg = context(ContextKind::InvalidArg);
            let word = args
                .iter()
                .find(|w| **w == arg || w.starts_with(&format!("{arg}=")))
                .cloned()
                .unwrap_or(arg);
            BotOptionsError::Unknown(word)
        }
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
        // The last of a repeated option counts, as it always did.
        let o = BotOptions::parse_args(&words("--level 2 --level=4")).unwrap();
        assert_eq!(o.level, Some(4));
        // Every message exactly, as the tests of `match` quote them.
        for (bad, msg) in [
            ("--level", "--level needs a value"),
            ("--nodes x", "--nodes: 'x' is not a non-negative integer"),
            (
                "--depth 3",
                "unknown option '--depth' (known: --level, --nodes, --algo)",
            ),
            (
                "--seed=4",
                "--seed: the referee sets the seed and the ruleset",
            ),
        ] {
            let e = BotOptions::parse_args(&words(bad)).unwrap_err();
            assert_eq!(e.to_string(), msg, "{bad}");
        }
        for (bad, msg) in [
            ("--level", "needs a value"),
            ("--nodes x", "not a non-negative integer"),
            ("--depth 3", "unknown option '--depth'"),
            ("--seed=4", "the referee sets"),
            ("3", "unknown option '3'"),
            ("--depth=3", "unknown option '--depth=3'"),
            ("--level 3 --ruleset bao", "--ruleset: the referee sets"),
            ("--seed-step=2", "--seed-step: the referee sets"),
            ("--nodes=", "--nodes: '' is not a non-negative integer"),
            ("--algo", "--algo needs a value"),
            ("--level -1", "--level: '-1' is not a non-negative integer"),
        ] {
            let e = BotOptions::parse_args(&words(bad)).unwrap_err();
            assert!(e.to_string().contains(msg), "{bad}: {e}");
        }
    }
}
