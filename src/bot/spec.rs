//! What names a bot, shared by `baraza match` and `baraza tournament`: a command line (split
//! like a shell would, program found on `PATH` before any game) or `builtin:<name> [options]`,
//! run as `<this baraza> bot <name> --ruleset <id> --seed <S> [options]` (e.g.
//! `builtin:search --level 3`: the options of `baraza bot`); and the names derived from it.

use crate::bot::languages::is_interpreter;
use crate::bot::preflight::{check_command, PreflightError, PreflightWarning};
use crate::bot::{split_command, SplitError};
use crate::builtin::UnknownBuiltin;
use std::path::Path;

/// A bot that cannot be used, found before any game. `which` names it for the person
/// (`bot1`, `bot 'a'`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    #[error("{which}: '{text}' is not builtin:<name> [options]")]
    NotBuiltinName { which: String, text: String },
    /// Options after a built-in's name that `baraza bot <name>` would refuse.
    #[error("{which}: '{text}': {error}")]
    BadOptions {
        which: String,
        text: String,
        /// Boxed, as `Unusable`'s: keeps every `Result` carrying this error small.
        error: Box<crate::builtin::BotOptionsError>,
    },
    #[error("{which}: {error}")]
    UnknownBuiltin {
        which: String,
        error: UnknownBuiltin,
    },
    #[error("{which}: {error}")]
    BadCommand { which: String, error: SplitError },
    /// A mistake in the command found before any game (see [`crate::bot::preflight`]).
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
    /// The command's relative paths are taken from here; it is gone.
    #[error("the current directory cannot be read: {0}")]
    NoCurrentDir(String),
}

/// A bot as given on the command line or in an event file: read once (split like a shell would,
/// a built-in's name and options checked) and kept with its text, which is how it is written
/// back (the event's hash, the logs). [`BotSpec::preflight`] then looks for its program on this
/// machine, before any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpec {
    text: String,
    kind: BotKind,
}

/// What a [`BotSpec`] runs.
#[derive(Clone, Debug, PartialEq, Eq)]
enum BotKind {
    /// A built-in's name and the options after it.
    Builtin(String, Vec<String>),
    /// The command's words; after [`BotSpec::preflight`], the first is the program's path.
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
    if let Some(rest) = command.strip_prefix("builtin:") {
        return match split_command(rest) {
            Ok(words) => builtin_name(&words[0], &words[1..]),
            Err(_) => rest.to_string(),
        };
    }
    match split_command(command) {
        Ok(argv) => name_of_argv(&argv),
        Err(_) => stem(command),
    }
}

/// A built-in's name with its options, file-safe: `search --level 3` is `search-level-3`.
fn builtin_name(name: &str, args: &[String]) -> String {
    let mut n = name.to_string();
    for a in args {
        n.push('-');
        n.push_str(&a.trim_start_matches('-').replace('=', "-"));
    }
    n
}

fn name_of_argv(argv: &[String]) -> String {
    let Some(program) = argv.first() else {
        return String::new();
    };
    let prog = stem(program);
    if !is_interpreter(program) {
        return prog;
    }
    if prog == "java" {
        if let Some(class) = java_main(&argv[1..]) {
            return class;
        }
    }
    let words: Vec<&String> = argv[1..].iter().filter(|a| !a.starts_with('-')).collect();
    words
        .iter()
        .find(|w| w.contains('/') || Path::new(w.as_str()).extension().is_some())
        .or(words.first())
        .map_or(prog, |w| stem(w))
}

/// Options of `java` whose value is the next word.
const JAVA_VALUED: &[&str] = &[
    "-cp",
    "-classpath",
    "--class-path",
    "-p",
    "--module-path",
    "--add-modules",
];

/// What a `java` command runs, by name: the jar's stem (`-jar k/bot.jar` is `bot`), else the
/// main class's own name (`-cp k/out Bot` is `Bot`, `org.x.Bot` and `-m m/org.x.Bot` too),
/// not a folder of its class path (a kit's `out`).
fn java_main(args: &[String]) -> Option<String> {
    let mut words = args.iter();
    while let Some(w) = words.next() {
        match w.as_str() {
            "-jar" => return words.next().map(|j| stem(j)),
            "-m" | "--module" => {
                let m = words.next()?;
                return m.rsplit('/').next().map(last_segment);
            }
            v if JAVA_VALUED.contains(&v) => {
                words.next();
            }
            o if o.starts_with('-') => {}
            class => return Some(last_segment(class)),
        }
    }
    None
}

fn last_segment(class: &str) -> String {
    class.rsplit('.').next().unwrap_or(class).to_string()
}

impl BotSpec {
    /// Read a bot given as `text`, without looking at this machine (no program is looked
    /// for); `which` names it in the error.
    pub fn read(which: &str, text: &str) -> Result<BotSpec, BotSpecError> {
        let kind =
            match text.strip_prefix("builtin:") {
                Some(rest) => read_builtin(which, text, rest)?,
                None => BotKind::Command(split_command(text).map_err(|error| {
                    BotSpecError::BadCommand {
                        which: which.to_string(),
                        error,
                    }
                })?),
            };
        Ok(BotSpec {
            text: text.to_string(),
            kind,
        })
    }

    /// The bot as it will run here: its program found (a command's first word becomes the
    /// program's path), with what looks like a mistake in it (shell syntax in a command that
    /// runs without a shell) for the command to print as warnings; `which` names it in the
    /// error. A built-in needs nothing looked for.
    pub fn preflight(&self, which: &str) -> Result<(BotSpec, Vec<PreflightWarning>), BotSpecError> {
        let BotKind::Command(argv) = &self.kind else {
            return Ok((self.clone(), Vec::new()));
        };
        // The newcomer's mistakes, one clear line each, before any game is played.
        let checked = check_command(argv, &self.text).map_err(|error| BotSpecError::Unusable {
            which: which.to_string(),
            error: Box::new(error),
            text: self.text.clone(),
        })?;
        let mut argv = argv.clone();
        argv[0] = checked.program.to_string_lossy().into_owned();
        let spec = BotSpec {
            text: self.text.clone(),
            kind: BotKind::Command(argv),
        };
        Ok((spec, checked.warnings))
    }

    /// [`BotSpec::read`], then [`BotSpec::preflight`] (its warnings left to
    /// [`BotSpec::warnings`]).
    pub fn parse(which: &str, text: &str) -> Result<BotSpec, BotSpecError> {
        Ok(BotSpec::read(which, text)?.preflight(which)?.0)
    }

    /// What [`BotSpec::preflight`] accepts but looks like a mistake; none when it refuses.
    pub fn warnings(&self) -> Vec<PreflightWarning> {
        self.preflight("")
            .map_or_else(|_| Vec::new(), |(_, warnings)| warnings)
    }

    /// The bot as it was given (`builtin:search --level 3`, `python3 bot.py`).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// A command's words (after [`BotSpec::preflight`], the first is the program's path);
    /// `None` for a built-in.
    pub fn command_words(&self) -> Option<&[String]> {
        match &self.kind {
            BotKind::Command(argv) => Some(argv),
            BotKind::Builtin(..) => None,
        }
    }

    /// Whether it is a built-in bot (run as this executable, given a seed).
    pub fn is_builtin(&self) -> bool {
        matches!(self.kind, BotKind::Builtin(..))
    }

    /// The default display name: the built-in's name, or the program's file stem (the script's
    /// for an interpreter such as `python3 bot.py`).
    pub fn default_name(&self) -> String {
        match &self.kind {
            BotKind::Builtin(n, args) => builtin_name(n, args),
            BotKind::Command(argv) => name_of_argv(argv),
        }
    }

    /// The command line. A command's words that are clearly relative paths are made absolute
    /// (it runs in a working directory of its own: [`crate::bot::command_words`]); a
    /// built-in's words are ours and kept as they are (a file named `bot` or `search` here must
    /// not replace them).
    /// A built-in gets `seed` (later games of a kept process get theirs in a `seed` line:
    /// [`crate::referee::PlayerSetup::seed`]).
    pub fn argv(&self, ruleset: &str, seed: u64) -> Result<Vec<String>, BotSpecError> {
        Ok(match &self.kind {
            BotKind::Command(argv) => {
                let here = std::env::current_dir()
                    .map_err(|e| BotSpecError::NoCurrentDir(e.to_string()))?;
                crate::bot::command_words::absolutize(argv, &here)
            }
            BotKind::Builtin(name, args) => {
                let mut argv = vec![
                    this_exe()?,
                    "bot".into(),
                    name.clone(),
                    "--ruleset".into(),
                    ruleset.into(),
                    "--seed".into(),
                    seed.to_string(),
                ];
                argv.extend(args.iter().cloned());
                argv
            }
        })
    }
}

/// `builtin:<name> [options]` (`rest` is what follows `builtin:`): the name and the options
/// checked now, like a missing program, not as a crash in every game.
fn read_builtin(which: &str, text: &str, rest: &str) -> Result<BotKind, BotSpecError> {
    let not_builtin = || BotSpecError::NotBuiltinName {
        which: which.to_string(),
        text: text.to_string(),
    };
    let words = split_command(rest).unwrap_or_default();
    let Some((name, args)) = words.split_first().filter(|(n, _)| !n.is_empty()) else {
        return Err(not_builtin());
    };
    if rest.starts_with(char::is_whitespace) {
        return Err(not_builtin());
    }
    let spec = crate::builtin::find(name).map_err(|error| BotSpecError::UnknownBuiltin {
        which: which.to_string(),
        error,
    })?;
    crate::builtin::BotOptions::parse_args(args)
        .and_then(|options| spec.check(&options))
        .map_err(|error| BotSpecError::BadOptions {
            which: which.to_string(),
            text: text.to_string(),
            error: Box::new(error),
        })?;
    Ok(BotKind::Builtin(name.clone(), args.to_vec()))
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
            ("builtin:search --level 3", "search-level-3"),
            (
                "builtin:search --nodes=500 --algo mcts",
                "search-nodes-500-algo-mcts",
            ),
            ("python3 rbot", "rbot"),
            ("python3 -W ignore bots/rbot.py", "rbot"),
            ("python3 bots/python/random_bot.py", "random_bot"),
            ("./target/release/mybot --fast", "mybot"),
            ("node bot.js", "bot"),
            // The Java kit's command: the class, not the `out` folder of its class path.
            ("java -cp mybot/out Bot", "Bot"),
            ("java -Xmx1g -classpath a/b:c org.example.Engine", "Engine"),
            ("java -jar k/target/mybot.jar --fast", "mybot"),
            ("java -m mod/org.x.Bot", "Bot"),
        ] {
            assert_eq!(default_bot_name(command), name, "{command}");
        }
        // `match` names a parsed bot by the same rule (sh is on PATH everywhere).
        let spec = BotSpec::parse("bot", "sh bots/shell/random_bot.sh").unwrap();
        assert!(BotSpec::parse("bot", "builtin:greedy").is_ok());
        let search = BotSpec::parse("bot", "builtin:search --level 3").unwrap();
        assert_eq!(search.default_name(), "search-level-3");
        assert_eq!(
            search.argv("darra", 7).unwrap()[2..],
            [
                "search",
                "--ruleset",
                "darra",
                "--seed",
                "7",
                "--level",
                "3"
            ]
        );
        for bad in [
            "builtin:search --level 9",
            "builtin:search --depth 3",
            "builtin:greedy --level 2",
            "builtin: search",
            "builtin:",
        ] {
            assert!(BotSpec::parse("bot", bad).is_err(), "{bad}");
        }
        assert_eq!(spec.default_name(), "random_bot");
        assert_eq!(
            default_bot_name("sh bots/shell/random_bot.sh"),
            "random_bot"
        );
    }
}
