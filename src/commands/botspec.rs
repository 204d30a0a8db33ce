//! Bots as the command line names them, shared by `baraza match` and `baraza tournament`: a
//! command line (split like a shell would, program found on `PATH` before any game) or
//! `builtin:<name>`, run as `<this baraza> bot <name> --ruleset <id> --seed <S>`.

use crate::bot::{resolve_program, split_command, StderrSink};
use crate::referee::PlayerSetup;
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

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
    pub fn parse(which: &str, text: &str) -> anyhow::Result<BotSpec> {
        if let Some(name) = text.strip_prefix("builtin:") {
            if name.is_empty() || name.contains(char::is_whitespace) {
                bail!("{which}: '{text}' is not builtin:<name>");
            }
            // Checked now, like a missing program: not as a crash in every game.
            crate::builtin::find(name).map_err(|e| anyhow::anyhow!("{which}: {e}"))?;
            return Ok(BotSpec::Builtin(name.to_string()));
        }
        let argv = split_command(text).map_err(|e| anyhow::anyhow!("{which}: {e}"))?;
        let Some(path) = resolve_program(&argv[0]) else {
            bail!(
                "{which}: program '{}' not found or not executable (command: {text})",
                argv[0]
            );
        };
        let mut argv = argv;
        argv[0] = path.to_string_lossy().into_owned();
        Ok(BotSpec::Command(argv))
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
    pub fn argv(&self, ruleset: &str, seed: u64) -> anyhow::Result<Vec<String>> {
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
    ) -> anyhow::Result<PlayerSetup> {
        Ok(PlayerSetup {
            name: name.to_string(),
            argv: self.argv(ruleset, seed)?,
            stderr,
            info_log,
            seed: matches!(self, BotSpec::Builtin(_)).then_some(seed),
            spawn: crate::bot::SpawnOptions {
                label: name.to_string(),
                ..Default::default()
            },
        })
    }
}

/// This baraza executable's path, looked up once.
fn this_exe() -> anyhow::Result<String> {
    static EXE: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    EXE.get_or_init(|| {
        std::env::current_exe()
            .ok()
            .map(|p| p.to_string_lossy().into_owned())
    })
    .clone()
    .context("cannot find the baraza executable")
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
