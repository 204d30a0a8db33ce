//! The digest every host line carries, `log_sha256`: the SHA-256 of the log's bytes after its
//! header line up to this host line, the line itself included as it reads without the field
//! (the field is its last one: `...,"log_sha256":"<64 hex digits>"}`). The header is left out
//! because an event that grows has its header replaced ([`super::games_jsonl::GamesWriter::extend`]),
//! and it is held against the event's schedule on its own.
//!
//! The one writer of host lines signs each ([`super::games_jsonl::GamesWriter::write_host`];
//! `baraza merge` for the lines it writes), whatever its action; `--verify` reads the log once
//! and names a host line whose digest is absent or is not the log's: a host line added by
//! hand, or one changed, or any line before it added, removed or changed since. A digest is no
//! signature: whoever recomputes it can forge it, and removing the last host line leaves no
//! trace in the log (docs/hosting.md says what the digest proves and what it does not).

use sha2::{Digest, Sha256};
use std::io::BufRead;
use std::path::Path;

/// The name of a host line's digest field.
pub const FIELD: &str = "log_sha256";

/// The digest state of a log read or written front to back: every line after the header.
#[derive(Clone, Default)]
pub struct Chain {
    hash: Sha256,
    /// Whether the header line has gone by.
    past_header: bool,
}

/// What a host line's digest says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signed {
    /// It is the digest of the log up to the line.
    Agrees,
    /// The line has no `log_sha256` field as its last one.
    Unsigned,
    /// The line's digest is not the log's.
    Differs,
}

impl Chain {
    /// Take one whole line of the log (its newline included), the header first.
    pub fn feed(&mut self, line: &[u8]) {
        if self.past_header {
            self.hash.update(line);
        } else {
            self.past_header = true;
        }
    }

    /// The chain of the log at `path` as it is now.
    pub fn of_file(path: &Path) -> std::io::Result<Chain> {
        let mut chain = Chain::default();
        let file = std::fs::File::open(path)?;
        let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
        let mut buf = Vec::new();
        while reader.read_until(b'\n', &mut buf)? > 0 {
            chain.feed(&buf);
            buf.clear();
        }
        Ok(chain)
    }

    fn digest_with(&self, unsigned: &[u8]) -> String {
        let mut h = self.hash.clone();
        h.update(unsigned);
        h.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }

    /// `unsigned`, a host line's JSON object (no newline) without the field, with its digest
    /// added as the last field.
    pub fn sign(&self, unsigned: &str) -> String {
        let digest = self.digest_with(unsigned.as_bytes());
        let body = unsigned.strip_suffix('}').unwrap_or(unsigned);
        format!("{body},\"{FIELD}\":\"{digest}\"}}")
    }

    /// Whether host line `line` (no newline) carries the digest of what was fed and of itself.
    pub fn check(&self, line: &str) -> Signed {
        match split(line.trim_end_matches(['\n', '\r'])) {
            None => Signed::Unsigned,
            Some((unsigned, digest)) if self.digest_with(unsigned.as_bytes()) == digest => {
                Signed::Agrees
            }
            Some(_) => Signed::Differs,
        }
    }
}

/// A signed line's text without its digest field, and the digest.
fn split(line: &str) -> Option<(String, &str)> {
    let rest = line.strip_suffix("\"}")?;
    let cut = rest.len().checked_sub(64)?;
    let digest = rest.get(cut..)?;
    let body = rest.get(..cut)?.strip_suffix(&format!(",\"{FIELD}\":\""))?;
    digest
        .bytes()
        .all(|b| b.is_ascii_hexdigit())
        .then(|| (format!("{body}}}"), digest))
}

/// A host line's digest checked: `None` when it agrees, else the problem, in words.
pub fn problem(chain: &Chain, n: usize, line: &str) -> Option<String> {
    let action = serde_json::from_str::<serde_json::Value>(line)
        .ok()
        .and_then(|v| v.get("action")?.as_str().map(str::to_string))
        .unwrap_or_else(|| "?".into());
    let what = format!("host line {n} ({action})");
    match chain.check(line) {
        Signed::Agrees => None,
        Signed::Unsigned => Some(format!(
            "{what}: no {FIELD}: not written by baraza's host commands (added by hand, or by a \
             baraza before host lines carried it)"
        )),
        Signed::Differs => Some(format!(
            "{what}: its {FIELD} is not the digest of the log up to it: this line, or a line \
             before it, was added, removed or changed after baraza wrote it"
        )),
    }
}

/// Every host line of the log at `path` whose digest is absent or not the log's: its line
/// number and the problem.
pub fn check_file(path: &Path) -> std::io::Result<Vec<(usize, String)>> {
    let mut chain = Chain::default();
    let file = std::fs::File::open(path)?;
    let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut n = 0;
    while reader.read_until(b'\n', &mut buf)? > 0 {
        n += 1;
        if n > 1 && buf.starts_with(br#"{"baraza":"host""#) {
            let text = String::from_utf8_lossy(&buf);
            if let Some(p) = problem(&chain, n, text.trim_end_matches(['\n', '\r'])) {
                out.push((n, p));
            }
        }
        chain.feed(&buf);
        buf.clear();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_line_agrees_and_any_change_before_or_in_it_differs() {
        let mut chain = Chain::default();
        chain.feed(b"{\"baraza\":\"tournament\"}\n");
        chain.feed(b"{\"game_id\":\"r1-p1-a\"}\n");
        let unsigned = r#"{"baraza":"host","date":"2026.12.06","action":"withdraw","bot":"b"}"#;
        let line = chain.sign(unsigned);
        assert!(line.starts_with(&unsigned[..unsigned.len() - 1]), "{line}");
        assert!(line.contains(r#","log_sha256":""#), "{line}");
        assert_eq!(chain.check(&line), Signed::Agrees);
        assert_eq!(chain.check(unsigned), Signed::Unsigned);
        assert_eq!(
            chain.check(&line.replace("\"b\"", "\"a\"")),
            Signed::Differs
        );
        let mut other = Chain::default();
        other.feed(b"{\"baraza\":\"tournament\",\"grown\":1}\n");
        other.feed(b"{\"game_id\":\"r1-p1-b\"}\n");
        assert_eq!(other.check(&line), Signed::Differs);
        // The header is not in the digest: a grown event's new header keeps its host lines.
        let mut grown = Chain::default();
        grown.feed(b"{\"baraza\":\"tournament\",\"rounds\":9}\n");
        grown.feed(b"{\"game_id\":\"r1-p1-a\"}\n");
        assert_eq!(grown.check(&line), Signed::Agrees);
    }
}
