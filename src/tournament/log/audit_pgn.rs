//! Whether a run folder's games.pgn holds the games its games.jsonl holds, game for game, for
//! `--verify`: each game is reduced to a print of what both logs keep of it (players; result,
//! termination and reason; moves; start position), kept by game number while games.jsonl is
//! read, then games.pgn is read in chunks of games, on every core, and each game's print is
//! compared. The moves of games.pgn need no judging of their own: where they are the
//! games.jsonl game's, that game was judged.

use super::par_chunks::map_fold;
use super::seen::Seen;
use crate::record::pgn::parse_pgn_games;
use crate::record::GameRecord;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// games.pgn cannot be read (its games that do not parse are problems, not this).
#[derive(Debug, thiserror::Error)]
#[error("cannot read {}: {error}", path.display())]
pub struct PgnUnreadable {
    pub path: PathBuf,
    pub error: std::io::Error,
}

/// What both logs keep of a game, hashed part by part (see `PARTS`).
pub type Print = [u32; 4];

/// The parts of a [`Print`], as a difference names them.
const PARTS: [&str; 4] = [
    "players",
    "result, termination or reason",
    "moves",
    "start position",
];

fn hash32(f: impl FnOnce(&mut DefaultHasher)) -> u32 {
    let mut h = DefaultHasher::new();
    f(&mut h);
    h.finish() as u32
}

/// The print of a record.
pub fn print(r: &GameRecord) -> Print {
    [
        hash32(|h| (&r.white, &r.black).hash(h)),
        hash32(|h| (r.result.as_str(), r.termination.as_str(), &r.reason).hash(h)),
        hash32(|h| (&r.moves, r.plies).hash(h)),
        hash32(|h| (&r.ruleset, &r.start).hash(h)),
    ]
}

/// Games per chunk of games.pgn.
const CHUNK_GAMES: usize = 256;

/// A chunk of games.pgn: the number of its first line, its text.
struct Chunk {
    first_line: usize,
    text: String,
}

/// games.pgn read in chunks of whole games: a chunk ends before a line `[Event ` once it
/// holds [`CHUNK_GAMES`] of them.
struct Chunker<R> {
    reader: R,
    line: String,
    /// The number of the line in `line` (read, not yet in a chunk), 0 before the first.
    n: usize,
    pending: bool,
}

impl<R: BufRead> Chunker<R> {
    fn next(&mut self) -> std::io::Result<Option<Chunk>> {
        let mut chunk = Chunk {
            first_line: self.n.max(1),
            text: String::new(),
        };
        let mut games = 0;
        loop {
            if !self.pending {
                self.line.clear();
                if self.reader.read_line(&mut self.line)? == 0 {
                    return Ok((!chunk.text.is_empty()).then_some(chunk));
                }
                self.n += 1;
                if chunk.text.is_empty() {
                    chunk.first_line = self.n;
                }
            }
            self.pending = false;
            if self.line.starts_with("[Event ") {
                if games == CHUNK_GAMES {
                    self.pending = true;
                    return Ok(Some(chunk));
                }
                games += 1;
            }
            chunk.text.push_str(&self.line);
        }
    }
}

/// One game of games.pgn: its line, its game number (`GameIndex`) and print.
type PgnPrint = (usize, u64, Print);

/// Compare games.pgn at `path` with the prints of games.jsonl (`jsonl`, by game number).
/// `name(n)` names game `n`. Returns the games read and the differences, one line each.
pub fn compare(
    path: &Path,
    jsonl: &HashMap<u64, Print>,
    name: &dyn Fn(u64) -> String,
    threads: usize,
) -> Result<(u64, Vec<String>), PgnUnreadable> {
    let unreadable_file = |error| PgnUnreadable {
        path: path.to_path_buf(),
        error,
    };
    let file = std::fs::File::open(path).map_err(unreadable_file)?;
    let mut chunks = Chunker {
        reader: std::io::BufReader::with_capacity(1 << 16, file),
        line: String::new(),
        n: 0,
        pending: false,
    };
    let mut out = Vec::new();
    let mut seen = Seen::numbers_only();
    let mut games = 0;
    let mut unreadable = false;
    let work = |c: Chunk| -> Result<Vec<PgnPrint>, String> {
        let parsed = parse_pgn_games(&c.text).map_err(|e| {
            format!(
                "games.pgn line {}: {}",
                e.line + c.first_line - 1,
                e.message
            )
        })?;
        Ok(parsed
            .iter()
            .map(|g| (g.line + c.first_line - 1, g.record.game, print(&g.record)))
            .collect())
    };
    let fold = |r: Result<Vec<PgnPrint>, String>| match r {
        Err(e) if !unreadable => {
            unreadable = true;
            out.push(format!("{e} (the rest of games.pgn is not compared)"));
        }
        Err(_) => {}
        Ok(_) if unreadable => {}
        Ok(prints) => {
            for (line, n, p) in prints {
                games += 1;
                let at = format!("{} (games.pgn line {line})", name(n));
                match jsonl.get(&n) {
                    _ if n == 0 => out.push(format!("{at}: no GameIndex")),
                    _ if !seen.insert_number(n) => {
                        out.push(format!("{at}: a second game with GameIndex {n}"))
                    }
                    None => out.push(format!("{at}: no line in games.jsonl")),
                    Some(j) => {
                        let differs: Vec<&str> =
                            (0..4).filter(|&i| j[i] != p[i]).map(|i| PARTS[i]).collect();
                        if !differs.is_empty() {
                            out.push(format!(
                                "{at}: differs from its games.jsonl line in its {}",
                                differs.join(", ")
                            ));
                        }
                    }
                }
            }
        }
    };
    map_fold(threads, || chunks.next(), work, fold).map_err(unreadable_file)?;
    if !unreadable {
        let mut absent: Vec<u64> = jsonl
            .keys()
            .copied()
            .filter(|&n| !seen.has_number(n))
            .collect();
        absent.sort_unstable();
        for n in absent {
            out.push(format!("{}: in games.jsonl but not in games.pgn", name(n)));
        }
    }
    Ok((games, out))
}
