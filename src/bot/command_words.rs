//! Which words of a bot's command name files, and so are made absolute before it starts.
//!
//! A bot command is written relative to where the referee runs (`python3 bots/a.py`,
//! `./mybot --net nets/n.bin`), but the bot runs in a working directory of its own. So the words
//! that are clearly paths are made absolute, and no other: the program when it has a `/`; a
//! later word (or the value of a `--name=value` word) with a `/` that names an existing file or
//! directory, or a file in an existing directory (`./out.log`); and the script an interpreter
//! runs (its first word after it that is not an option and has a known script extension:
//! `python3 bot.py`, `python3 -W ignore bot.py`).
//! A word such as `spy` or `search` stays as it is, even when a file of that name happens to
//! lie in the referee's directory. (A built-in bot's words are never touched: see
//! [`crate::bot::spec::BotSpec::argv`].)

use super::languages::{has_script_extension, is_interpreter};
use std::path::Path;

/// `argv` with the words that are clearly paths relative to `base` made absolute (see the
/// module doc); every other word as it is.
pub fn absolutize(argv: &[String], base: &Path) -> Vec<String> {
    let script = argv.first().filter(|p| is_interpreter(p)).and_then(|_| {
        argv.iter()
            .skip(1)
            .position(|w| !w.starts_with('-') && has_script_extension(w))
            .map(|i| i + 1)
    });
    let join = |w: &str| base.join(w).to_string_lossy().into_owned();
    argv.iter()
        .enumerate()
        .map(|(i, w)| {
            if i == 0 {
                return if w.contains('/') && !Path::new(w).is_absolute() {
                    join(w)
                } else {
                    w.clone()
                };
            }
            if Some(i) == script && is_relative(w) && base.join(w).exists() {
                return join(w);
            }
            if w.starts_with('-') {
                return match w.split_once('=') {
                    Some((opt, value)) if is_path(value, base) => format!("{opt}={}", join(value)),
                    _ => w.clone(),
                };
            }
            if is_path(w, base) {
                join(w)
            } else {
                w.clone()
            }
        })
        .collect()
}

fn is_relative(word: &str) -> bool {
    !word.is_empty() && !Path::new(word).is_absolute()
}

/// A relative word with a `/` naming something in `base`, or a new file in a folder there.
fn is_path(word: &str, base: &Path) -> bool {
    if !word.contains('/') || !is_relative(word) {
        return false;
    }
    let full = base.join(word);
    full.exists() || full.parent().is_some_and(Path::is_dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &[&str]) -> Vec<String> {
        s.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn only_words_that_are_clearly_paths_become_absolute() {
        let base = std::env::temp_dir().join(format!("baraza-words-{}", std::process::id()));
        std::fs::create_dir_all(base.join("bots")).unwrap();
        for f in ["bots/a.py", "net.bin", "spy", "bot.py", "search"] {
            std::fs::write(base.join(f), "").unwrap();
        }
        let b = base.display();
        let argv = words(&[
            "./mybot",
            "bots/a.py",
            "3",
            "--weights=bots/a.py",
            "--net=net.bin",
            "-v",
            "/abs/x",
            "missing.py",
            "spy",
            "net.bin",
            "./log.txt",
            "bots/new.log",
            "no/such/dir",
            "http://example.org/x",
        ]);
        assert_eq!(
            absolutize(&argv, &base),
            vec![
                format!("{b}/./mybot"),
                format!("{b}/bots/a.py"),
                "3".into(),
                format!("--weights={b}/bots/a.py"),
                "--net=net.bin".into(),
                "-v".into(),
                "/abs/x".into(),
                "missing.py".into(),
                "spy".into(),
                "net.bin".into(),
                format!("{b}/./log.txt"),
                format!("{b}/bots/new.log"),
                "no/such/dir".into(),
                "http://example.org/x".into(),
            ]
        );
        // An interpreter's script, after its options; the words after it as any other.
        assert_eq!(
            absolutize(
                &words(&["python3", "-W", "ignore", "bot.py", "spy", "search"]),
                &base
            ),
            vec![
                "python3".to_string(),
                "-W".into(),
                "ignore".into(),
                format!("{b}/bot.py"),
                "spy".into(),
                "search".into()
            ]
        );
        // Not an interpreter, or not a script: a bare word stays.
        assert_eq!(
            absolutize(&words(&["./mybot", "bot.py"]), &base)[1],
            "bot.py"
        );
        assert_eq!(absolutize(&words(&["python3", "spy"]), &base)[1], "spy");
        // A program found on PATH stays a bare name.
        assert_eq!(absolutize(&words(&["python3"]), &base), vec!["python3"]);
        std::fs::remove_dir_all(&base).unwrap();
    }
}
