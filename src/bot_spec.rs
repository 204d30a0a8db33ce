//! What names a bot, shared by `baraza match` and `baraza tournament`: a command line (split
//! like a shell would, program found on `PATH` before any game) or `builtin:<name>`, run as
//! `<this baraza> bot <name> --ruleset <id> --seed <S>`; and the names derived from it.

use crate::bot::{split_command, SplitError, StderrSink};
use crate::bot_preflight::{check_command, PreflightError, PreflightWarning};
use crate::builtin::UnknownBuiltin;
use crate::referee::PlayerSetup;
use std::path::{Path, PathBuf};

/// A bot that cannot be used, found before any game. `which` names it for the person
/// (`bot1`, `bot 'a'`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    #[error("{which}: '{text}' is not builtin:<name>")]
    NotBuiltinName { which: String, text: String },
    #[error("{which}: {error}")]
    UnknownBuiltin {
        which: String,
        error: UnknownBuiltin,
    },
    #[error("{which}: {error}")]
    BadCommand { which: String, error: SplitError },
    /// A mistake in the command found before any game (see [`crate::bot_preflight`]).
    #[error("{which}: {error} (command: {text})")]
    Unusable {
        which: String,
        /// Boxed: it is rare, and keeps every `Result` carrying this error small.
        error: Box<PreflightError>,
        text: String,
    },
    /// A built-in bot runs as this executable; it could not be found.
    #[error("cannot find the baraza executable")]
    NoExecutable,
}

/// Interpreters whose first non-option argument names the bot (`python3 bot.py` is `bot`).
const INTERPRETERS: &[&str] = &[
    "python", "python3", "python2", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "sh", "bash",
    "dash", "zsh", "ruby", "perl", "php", "lua", "luajit", "java", "Rscript", "julia", "elixir",
    "guile", "racket", "ocaml", "swift", "dotnet", "mono", "env",
];

/// A bot as given on the command line.
#[derive(Clone, Debug)]
pub enum BotSpec {
    Builtin(String),
    Command(Vec<String>),
}

fn stem(p: &str) -> String {
    Path::new(p)
        .file_stem()
        .map_or_else(|| p.to_string(), |s| s.to_string_lossy().into_owned())
}

/// The name of a bot given without one, in `match` and `tournament` alike: a built-in's name,
/// else the file stem of its program, or of its script when the program is an interpreter
/// (`python3 -W ignore bots/rbot.py` → `rbot`): the first later word that is not an option and
/// has a path separator or an extension, else the first that is not an option.
pub fn default_bot_name(command: &str) -> String {
    if let Some(name) = command.strip_prefix("builtin:") {
        return name.to_string();
    }
    match split_command(command) {
        Ok(argv) => name_of_argv(&argv),
        Err(_) => stem(command),
    }
}

fn name_of_argv(argv: &[String]) -> String {
    let Some(program) = argv.first() else {
        return String::new();
    };
    let prog = stem(program);
    if !INTERPRETERS.contains(&prog.as_str()) {
        return prog;
    }
    let words: Vec<&String> = argv[1..].iter().filter(|a| !a.starts_with('-')).collect();
    words
        .iter()
        .find(|w| w.contains('/') || Path::new(w.as_str()).extension().is_some())
        .or(words.first())
        .map_or(prog, |w| stem(w))
}

impl BotSpec {
    /// Check a bot given as `text`; `which` names it in the error.
    pub fn parse(which: &str, text: &str) -> Result<BotSpec, BotSpecError> {
        if let Some(name) = text.strip_prefix("builtin:") {
            if name.is_empty() || name.contains(char::is_whitespace) {
                return Err(BotSpecError::NotBuiltinName {
                    which: which.to_string(),
                    text: text.to_string(),
                });
            }
            // Checked now, like a missing program: not as a crash in every game.
            crate::builtin::find(name).map_err(|error| BotSpecError::UnknownBuiltin {
                which: which.to_string(),
                error,
            })?;
            return Ok(BotSpec::Builtin(name.to_string()));
        }
        let mut argv = split_command(text).map_err(|error| BotSpecError::BadCommand {
            which: which.to_string(),
            error,
        })?;
        // The newcomer's mistakes, one clear line each, before any game is played.
        let checked = check_command(&argv, text).map_err(|error| BotSpecError::Unusable {
            which: which.to_string(),
            error: Box::new(error),
            text: text.to_string(),
        })?;
        argv[0] = checked.program.to_string_lossy().into_owned();
        Ok(BotSpec::Command(argv))
    }

    /// What [`BotSpec::parse`] accepts but looks like a mistake (shell syntax in a command
    /// that runs without a shell), for the command to print as warnings.
    pub fn warnings(text: &str) -> Vec<PreflightWarning> {
        match split_command(text) {
            Ok(argv) if !text.starts_with("builtin:") => {
                check_command(&argv, text).map_or_else(|_| Vec::new(), |c| c.warnings)
            }
            _ => Vec::new(),
        }
    }

    /// The default display name: the built-in's name, or the program's file stem (the script's
    /// for an interpreter such as `python3 bot.py`).
    pub fn default_name(&self) -> String {
        match self {
            BotSpec::Builtin(n) => n.clone(),
            BotSpec::Command(argv) => name_of_argv(argv),
        }
    }

    /// The command line. A built-in gets `seed` (later games of a kept process get theirs in
    /// a `seed` line: [`PlayerSetup::seed`]).
    pub fn argv(&self, ruleset: &str, seed: u64) -> Result<Vec<String>, BotSpecError> {
        Ok(match self {
            BotSpec::Command(argv) => argv.clone(),
            BotSpec::Builtin(name) => {
                vec![
                    this_exe()?,
                    "bot".into(),
                    name.clone(),
                    "--ruleset".into(),
                    ruleset.into(),
                    "--seed".into(),
                    seed.to_string(),
                ]
            }
        })
    }

    /// One side of a game: this bot under `name`; a built-in plays the game with `seed`.
    pub fn player(
        &self,
        name: &str,
        ruleset: &str,
        seed: u64,
        stderr: StderrSink,
        info_log: Option<PathBuf>,
    ) -> Result<PlayerSetup, BotSpecError> {
        Ok(PlayerSetup {
            name: name.to_string(),
            argv: self.argv(ruleset, seed)?,
            stderr,
            info_log,
            seed: matches!(self, BotSpec::Builtin(_)).then_some(seed),
        })
    }
}

/// This baraza executable's path, looked up once.
fn this_exe() -> Result<String, BotSpecError> {
    static EXE: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    EXE.get_or_init(|| {
        std::env::current_exe()
            .ok()
            .map(|p| p.to_string_lossy().into_owned())
    })
    .clone()
    .ok_or(BotSpecError::NoExecutable)
}

/// A name made safe for a file name: ASCII letters, digits, `-` and `_`; anything else `_`.
pub fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_and_tournament_name_a_bot_alike() {
        for (command, name) in [
            ("builtin:greedy", "greedy"),
            ("python3 rbot", "rbot"),
            ("python3 -W ignore bots/rbot.py", "rbot"),
            ("python3 bots/python/random_bot.py", "random_bot"),
            ("./target/release/mybot --fast", "mybot"),
            ("node bot.js", "bot"),
        ] {
            assert_eq!(default_bot_name(command), name, "{command}");
        }
        // `match` names a parsed bot by the same rule (sh is on PATH everywhere).
        let spec = BotSpec::parse("bot", "sh bots/shell/random_bot.sh").unwrap();
        assert!(BotSpec::parse("bot", "builtin:greedy").is_ok());
        assert_eq!(spec.default_name(), "random_bot");
        assert_eq!(
            default_bot_name("sh bots/shell/random_bot.sh"),
            "random_bot"
        );
    }
}
