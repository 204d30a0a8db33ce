//! [`BotEntry`]: one bot as an event gives it, a `[[bot]]` table of the event file or a
//! `--bot NAME=BOT` ([`parse_bot_arg`]), with its own limits and hosting keys.

use super::limits::LimitOverrides;
use crate::bot::hosting::with_hosting_keys;
use serde::Deserialize;

with_hosting_keys! {
    keys: bot, #[serde(default)];

    /// One `[[bot]]` of an event file, or one `--bot NAME=BOT` (its `FromStr`): its own keys,
    /// then a bot's hosting keys, flat (`memory`, `cpu-seconds`, `sandbox`, `env`, ...: every
    /// one but `affinity`, declared once in [`crate::bot::hosting_keys`]; `BotEntry::hosting`
    /// gives them as settings).
    #[derive(Clone, Debug, Default, PartialEq, Deserialize)]
    #[serde(rename_all = "kebab-case", deny_unknown_fields)]
    pub struct BotEntry {
        pub name: Option<String>,
        pub cmd: String,
        pub startup_timeout: Option<u64>,
        pub movetime: Option<u64>,
        pub tc: Option<crate::clock::GameClock>,
        pub margin: Option<u64>,
        /// This bot's node budget and depth limit per move (sent to it if it opts in).
        pub nodes: Option<u64>,
        pub depth: Option<u64>,
        /// This bot's protocol transcripts: `true` with no `transcript` directory puts them in
        /// `OUT/transcripts`; `false` keeps none for it even when the event has one.
        pub transcript: Option<bool>,
    }
}

/// A `--bot` value that names no bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotArgError {
    /// Nothing, or nothing after `NAME=`.
    #[error("'{0}' has no bot: give NAME=BOT, BOT a command line or builtin:<name>")]
    NoCommand(String),
}

impl std::str::FromStr for BotEntry {
    type Err = BotArgError;

    /// `NAME=BOT`, or a plain `BOT` named as `match` names it (see [`parse_bot_arg`]).
    fn from_str(arg: &str) -> Result<BotEntry, BotArgError> {
        let (name, cmd) = parse_bot_arg(arg);
        if cmd.trim().is_empty() {
            return Err(BotArgError::NoCommand(arg.to_string()));
        }
        Ok(BotEntry {
            name,
            cmd,
            ..BotEntry::default()
        })
    }
}

impl BotEntry {
    pub(super) fn overrides(&self) -> LimitOverrides {
        LimitOverrides {
            startup_timeout: self.startup_timeout,
            movetime: self.movetime,
            tc: self.tc.clone(),
            margin: self.margin,
            nodes: self.nodes,
            depth: self.depth,
        }
    }
}

/// `NAME=BOT` → `(Some(NAME), BOT)`; a plain `BOT` (no `=` before the first space) has no name.
pub fn parse_bot_arg(arg: &str) -> (Option<String>, String) {
    if let Some((name, bot)) = arg.split_once('=') {
        if !name.is_empty() && !name.chars().any(char::is_whitespace) {
            return (Some(name.to_string()), bot.to_string());
        }
    }
    (None, arg.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_argument_is_name_and_command() {
        let b: BotEntry = "mine=python3 bot.py".parse().unwrap();
        assert_eq!(
            (b.name.as_deref(), b.cmd.as_str()),
            (Some("mine"), "python3 bot.py")
        );
        let b: BotEntry = "builtin:search --level=3".parse().unwrap();
        assert_eq!((b.name, b.cmd.as_str()), (None, "builtin:search --level=3"));
        for bad in ["", "a=", "a=  ", "   "] {
            assert_eq!(
                bad.parse::<BotEntry>(),
                Err(BotArgError::NoCommand(bad.into())),
                "{bad:?}"
            );
        }
        assert_eq!(
            "a=".parse::<BotEntry>().unwrap_err().to_string(),
            "'a=' has no bot: give NAME=BOT, BOT a command line or builtin:<name>"
        );
    }
}
