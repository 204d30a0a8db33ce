//! What a bot's command runs, by content: the SHA-256 of each file its command names (the
//! program, found as the run would find it, and every later word, or the value of an
//! `--option=VALUE` word, that names a file: a script, a weights file). A binary rebuilt or
//! swapped in place keeps its command line, so the event's hash cannot see it; these digests
//! can. They are recorded in games.jsonl's header and in a `replace` host line, and compared
//! when a run is resumed (see `tournament::run::roster`).
//!
//! A built-in bot names no file (it is this baraza, whose version the header holds).

use crate::bot::spec::BotSpec;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

/// One file of a bot's command and its content's digest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDigest {
    /// As the command names it (the program: the path it was found at).
    pub path: String,
    /// Lowercase hex SHA-256 of the file's bytes; `missing` when it cannot be read.
    pub sha256: String,
}

/// The digest value of a file that cannot be read.
pub const MISSING: &str = "missing";

/// The digests of the files `spec`'s command names, in the command's order; none for a
/// built-in, or for a command whose program cannot be found (the run refuses it anyway).
pub fn program_digests(spec: &BotSpec) -> Vec<FileDigest> {
    let Ok((found, _)) = spec.preflight("") else {
        return vec![];
    };
    let Some(words) = found.command_words() else {
        return vec![];
    };
    let mut paths: Vec<&str> = words.first().map(String::as_str).into_iter().collect();
    for word in &words[1..] {
        let value = match word.split_once('=') {
            Some((option, value)) if option.starts_with('-') => value,
            _ => word.as_str(),
        };
        if Path::new(value).is_file() && !paths.contains(&value) {
            paths.push(value);
        }
    }
    paths
        .into_iter()
        .map(|path| FileDigest {
            path: path.to_string(),
            sha256: file_sha256(Path::new(path)).unwrap_or_else(|_| MISSING.to_string()),
        })
        .collect()
}

/// The SHA-256 of a file's bytes, read in blocks (a bot's binary may be large).
pub fn file_sha256(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// How `now` differs from `then` (the recorded digests), one phrase per file, file by file
/// in the command's order (the program found elsewhere on another machine, with the same
/// content, is no change): `./bot (sha256 1a2b3c4d5e6f in the log, 9f8e7d6c5b4a now)`; empty
/// when they agree.
pub fn changes(then: &[FileDigest], now: &[FileDigest]) -> Vec<String> {
    let short = |s: &str| s.chars().take(12).collect::<String>();
    let mut out = Vec::new();
    for i in 0..then.len().max(now.len()) {
        match (then.get(i), now.get(i)) {
            (Some(t), Some(n)) if t.sha256 == n.sha256 => {}
            (Some(t), Some(n)) => out.push(format!(
                "{} (sha256 {} in the log, {} now)",
                n.path,
                short(&t.sha256),
                short(&n.sha256)
            )),
            (Some(t), None) => out.push(format!("{} (in the log, not named now)", t.path)),
            (None, Some(n)) => out.push(format!("{} (named now, not in the log)", n.path)),
            (None, None) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_and_an_option_file_are_digested_and_a_change_is_named() {
        let dir = std::env::temp_dir().join(format!("baraza-digest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("bot.sh");
        std::fs::write(&script, "abc").unwrap();
        let weights = dir.join("w.bin");
        std::fs::write(&weights, "").unwrap();
        let text = format!("sh {} --weights={} -v", script.display(), weights.display());
        let spec = BotSpec::read("b", &text).unwrap();
        let d = program_digests(&spec);
        assert_eq!(d.len(), 3, "{d:?}");
        assert!(d[0].path.ends_with("/sh"), "{d:?}");
        // sha256("abc") and sha256(""), from the FIPS 180-2 examples.
        assert_eq!(
            d[1].sha256,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            d[2].sha256,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        std::fs::write(&script, "abd").unwrap();
        let again = program_digests(&spec);
        let said = changes(&d, &again);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with(&format!(
            "{} (sha256 ba7816bf8f01 in the log",
            script.display()
        )));
        assert!(program_digests(&BotSpec::read("b", "builtin:random").unwrap()).is_empty());
        // The same content at another path (another machine's PATH) is no change.
        let mut moved = d.clone();
        moved[2].path = "/elsewhere/w.bin".into();
        assert!(changes(&d, &moved).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
