//! Reading the games a page shows: a PGN-like log, a games.jsonl (a tournament's, with its
//! header, or `match --jsonl` lines), or a run folder; and the bots' `info` lines that
//! `--logs DIR` kept.

use super::ViewError;
use crate::record::GameRecord;
use crate::tournament::log::games_jsonl::{self, LogError};
use crate::tournament::log::match_header::is_match_meta;
use crate::tournament::log::reader::GamesLog;
use std::path::Path;

/// The games of one input, in file order.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The file actually read (a run folder's games.jsonl or games.pgn).
    pub source: String,
    pub records: Vec<GameRecord>,
    /// The tournament log, when the input was a games.jsonl with a tournament header.
    pub log: Option<GamesLog>,
}

/// Read `path`: a folder (its games.jsonl, else its games.pgn), a JSON-lines file (first
/// non-blank character `{`), or a PGN-like log.
pub fn load(path: &Path) -> Result<Loaded, ViewError> {
    let file = if path.is_dir() {
        let jsonl = path.join(games_jsonl::GAMES_FILE);
        let pgn = path.join("games.pgn");
        if jsonl.exists() || !pgn.exists() {
            jsonl
        } else {
            pgn
        }
    } else {
        path.to_path_buf()
    };
    let source = file.display().to_string();
    let text = std::fs::read_to_string(&file).map_err(|e| ViewError::Read {
        path: source.clone(),
        source: e,
    })?;
    let loaded = if text.trim_start().starts_with('{') {
        read_jsonl(&text, &source).map_err(|error| ViewError::Jsonl {
            path: source.clone(),
            error,
        })?
    } else {
        let records = crate::record::pgn::parse_pgn(&text).map_err(|error| ViewError::Pgn {
            path: source.clone(),
            error,
        })?;
        Loaded {
            source: source.clone(),
            records,
            log: None,
        }
    };
    if loaded.records.is_empty() {
        return Err(ViewError::Empty(source));
    }
    Ok(loaded)
}

/// Why a JSON-lines input cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum JsonlError {
    /// A tournament's games.jsonl the one reader refuses (worded as `results` words it).
    #[error("{0:#}")]
    GamesLog(Box<LogError>),
    #[error("no tournament header")]
    NoHeader,
    /// A line of bare records that is not one (`line` from 1).
    #[error("line {line}: not a game record: {error}")]
    NotARecord {
        line: usize,
        error: serde_json::Error,
    },
}

/// A tournament's games.jsonl (header first) or a match's lines (its header first, or none). A torn last line (no newline
/// at its end: the writer was killed) is skipped, as `baraza results` skips it.
fn read_jsonl(text: &str, source: &str) -> Result<Loaded, JsonlError> {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let is_header = serde_json::from_str::<serde_json::Value>(first)
        .ok()
        .and_then(|v| v.get("baraza").map(|b| b == games_jsonl::HEADER_KIND))
        .unwrap_or(false);
    if is_header {
        let games = crate::tournament::log::reader::parse_games_log(text, source)
            .map_err(|e| JsonlError::GamesLog(Box::new(e)))?
            .ok_or(JsonlError::NoHeader)?;
        let records = games.games.iter().map(|g| g.record.clone()).collect();
        return Ok(Loaded {
            source: source.to_string(),
            records,
            log: Some(games),
        });
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut records = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        // A match's header and SPRT line are no games.
        if line.trim().is_empty() || is_match_meta(line) {
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            Ok(r) => records.push(r),
            Err(_) if i + 1 == lines.len() && !text.ends_with('\n') => {}
            Err(error) => return Err(JsonlError::NotARecord { line: i + 1, error }),
        }
    }
    Ok(Loaded {
        source: source.to_string(),
        records,
        log: None,
    })
}

/// Info lines per (game number, player index), as [`read_info`] gives them.
pub type InfoLines = std::collections::HashMap<(u64, usize), Vec<(usize, String)>>;

/// The `info` lines that `--logs DIR` kept (`g<game>-p<player>-<name>.info`, each line
/// `<ply> <text>`, ply = moves played before it was sent). Unreadable files and lines are
/// skipped; a folder that cannot be read, or holds no such file, is refused: a `--logs`
/// that shows nothing must not pass unnoticed.
pub fn read_info(dir: &Path) -> Result<InfoLines, ViewError> {
    let refuse = |why: String| ViewError::Logs {
        path: dir.display().to_string(),
        why,
    };
    let entries = std::fs::read_dir(dir).map_err(|e| refuse(format!("cannot read it: {e}")))?;
    let mut out = InfoLines::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(key) = info_file_key(&name) else {
            continue;
        };
        let lines = out.entry(key).or_default();
        let Ok(text) = std::fs::read_to_string(entry.path()) else {
            continue;
        };
        for line in text.lines() {
            if let Some((ply, rest)) = line.split_once(' ') {
                if let Ok(ply) = ply.parse() {
                    lines.push((ply, rest.to_string()));
                }
            }
        }
    }
    if out.is_empty() {
        return Err(refuse(NO_INFO_FILES.to_string()));
    }
    Ok(out)
}

/// Why a `--logs DIR` without info files is refused, and where a tournament's info lines are.
const NO_INFO_FILES: &str =
    "no g<game>-p<player>-<bot>.info file in it (what `match --logs DIR` writes); \
a tournament keeps each move's last info line in games.jsonl, which the page shows without --logs";

/// [`read_info`] of `dir`, refused when none of its files is of a game of `loaded` (the
/// `--logs` of another run: the page would show none of its lines).
pub fn info_of_games(dir: &Path, loaded: &Loaded) -> Result<InfoLines, ViewError> {
    let info = read_info(dir)?;
    let games: std::collections::HashSet<u64> = loaded.records.iter().map(|r| r.game).collect();
    if info.keys().any(|(g, _)| games.contains(g)) {
        return Ok(info);
    }
    let mut found: Vec<u64> = info.keys().map(|(g, _)| *g).collect();
    found.sort_unstable();
    found.dedup();
    let shown: Vec<String> = found.iter().take(5).map(u64::to_string).collect();
    let more = if found.len() > 5 { ", ..." } else { "" };
    Err(ViewError::LogsOfOtherGames {
        path: dir.display().to_string(),
        found: format!("{}{more}", shown.join(", ")),
        games: loaded.records.len(),
        log: loaded.source.clone(),
    })
}

/// `g12-p2-greedy.info` -> (12, 1).
fn info_file_key(name: &str) -> Option<(u64, usize)> {
    let rest = name.strip_suffix(".info")?.strip_prefix('g')?;
    let (game, rest) = rest.split_once("-p")?;
    let (side, _) = rest.split_once('-')?;
    let side = match side {
        "1" => 0,
        "2" => 1,
        _ => return None,
    };
    Some((game.parse().ok()?, side))
}

#[cfg(test)]
mod tests {
    use super::info_file_key;

    #[test]
    fn info_files_are_named_by_game_and_player() {
        assert_eq!(info_file_key("g12-p2-greedy.info"), Some((12, 1)));
        assert_eq!(info_file_key("g1-p1-a-b.info"), Some((1, 0)));
        assert_eq!(info_file_key("g1-p1-a.stderr"), None);
        assert_eq!(info_file_key("g1-p3-a.info"), None);
    }
}
