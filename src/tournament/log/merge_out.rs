//! The output folder of `baraza merge`: what it may already hold. An earlier merge of the same
//! event, or of the same event before it grew (more rounds, bots added), is extended: its games
//! are read as one more input, after the others, so the games it has that no input has any
//! more are kept, and the inputs' new games are added. Refused: the folder is one of the inputs,
//! it holds a run's own games (never replaced: give it as an input), or another event's.

use super::games_jsonl::{Header, LogError, GAMES_FILE};
use super::reader::LogReader;
use crate::tournament::plan::config::canonical_hash;
use crate::tournament::plan::grow::changes_between;
use std::io::BufReader;
use std::path::Path;

/// A log read line by line.
pub type Input = LogReader<BufReader<std::fs::File>>;

/// Why the output folder cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum OutError {
    /// Its games.jsonl cannot be read.
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("--out {out} is one of the inputs; choose another folder")]
    OutIsInput { out: String },
    #[error("{path} holds another event's games (config hash {hash}; differs in: {differs}); choose another --out folder")]
    OutHoldsOther {
        path: String,
        hash: String,
        differs: String,
    },
    #[error("{path}: its header was edited (its event no longer matches its config hash)")]
    EditedHeader { path: String },
    #[error("{path} holds the games of a run, not of a merge; choose another --out folder (or give that folder as one of the inputs)")]
    OutHoldsRun { path: String },
}

/// The earlier merge `out` holds, to be extended (`None`: the folder has no games.jsonl), or
/// why `out` cannot be written. `logs` are the inputs, `header` the merged header to write.
pub fn earlier_merge(
    out: &Path,
    logs: &[Input],
    header: &Header,
) -> Result<Option<Input>, OutError> {
    let canon = |p: &Path| std::fs::canonicalize(p).ok();
    let existing = out.join(GAMES_FILE);
    let out_games = canon(&existing);
    if out_games.is_some() && logs.iter().any(|l| canon(l.path()) == out_games) {
        return Err(OutError::OutIsInput {
            out: out.display().to_string(),
        });
    }
    if !existing.exists() {
        return Ok(None);
    }
    let old = LogReader::open(&existing)?;
    let path = existing.display().to_string();
    let h = &old.header;
    if canonical_hash(&h.event) != h.config_hash {
        return Err(OutError::EditedHeader { path });
    }
    if h.config_hash != header.config_hash && !grew_from(h, header) {
        let mut differs = changes_between(&h.event, &header.event, "there", "in the inputs");
        if differs.is_empty() {
            differs.push("growth (the events grew differently)".into());
        }
        return Err(OutError::OutHoldsOther {
            path,
            hash: h.config_hash.chars().take(16).collect(),
            differs: differs.join("; "),
        });
    }
    // A run's own games are never replaced: only an earlier merge's.
    if !h.merged {
        return Err(OutError::OutHoldsRun { path });
    }
    Ok(Some(old))
}

/// Whether `now` is the event of `before` grown: nothing changed but more rounds or bots, and
/// the growth `before` had recorded still there. Each of its lines is then checked against the
/// grown schedule as any input's is.
fn grew_from(before: &Header, now: &Header) -> bool {
    let (b, n) = (&before.event, &now.event);
    changes_between(b, n, "before", "now").is_empty()
        && n.growth.starts_with(&b.growth)
        && n.rounds >= b.rounds
        && n.bots.len() >= b.bots.len()
}
