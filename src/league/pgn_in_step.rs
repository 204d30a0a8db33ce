//! The league's games.pgn kept in step with games.jsonl without reading either whole. Each
//! finished game goes to the log, then to the PGN, each appended whole; so the PGN is in step
//! when its last game is, byte for byte, what the PGN writer makes of the log's last game.
//! A kill between the two appends, or a full disk, leaves it some games short: then the games
//! it lacks are appended (a disk just freed need hold only them). Anything else (a hand edit,
//! a deleted file) and it is written again from the log, a game at a time, beside itself and
//! renamed over.

use super::error::LeagueError;
use super::log_index::{LogIndex, RoundIds};
use crate::events::pgn::PgnSink;
use crate::record::pgn::write_pgn;
use crate::tournament::log::file_tail::{read_range, rfind};
use crate::tournament::log::games_jsonl::GAMES_FILE;
use crate::tournament::log::reader::{Item, LogReader};
use crate::tournament::log::sink_error::SinkError;
use std::fs::File;
use std::path::Path;

/// How each game's PGN text starts.
const GAME_START: &[u8] = b"[Event \"";

/// Make `pgn` hold exactly the games of the log in `dir` (summed up by `index`), writing it
/// again only when its last game is not the log's.
pub fn pgn_in_step(dir: &Path, index: &LogIndex, pgn: &Path) -> Result<(), LeagueError> {
    let wanted = match index.recent_lines(dir)?.pop() {
        Some(line) => {
            let mut text = Vec::new();
            write_pgn(&mut text, &line.record).map_err(|e| SinkError::new(pgn, e))?;
            text
        }
        None => Vec::new(),
    };
    let last = last_game(pgn).unwrap_or_default();
    if last == wanted {
        return Ok(());
    }
    // Behind (a write cut short by a full disk, a kill between the two appends): the games
    // it lacks are appended, which needs room for them only. Anything else: written again.
    if !last.is_empty() && catch_up(dir, pgn, &last)? {
        return Ok(());
    }
    rewrite(dir, pgn)
}

/// Append to `pgn` the log's games after its last game `last`, when the PGN is exactly the
/// log's first games (as many games as the log has up to the one `last` is); false, writing
/// nothing, when it is not.
fn catch_up(dir: &Path, pgn: &Path, last: &[u8]) -> Result<bool, LeagueError> {
    let Ok(held) = games_in(pgn) else {
        return Ok(false);
    };
    let mut log = LogReader::open(&dir.join(GAMES_FILE))?;
    let mut round = RoundIds::default();
    let (mut counted, mut text) = (0u64, Vec::new());
    let mut out: Option<PgnSink> = None;
    while let Some(item) = log.next()? {
        let Item::Game(g) = item else { continue };
        if !round.first(&g) {
            continue;
        }
        counted += 1;
        if counted < held {
            continue;
        }
        text.clear();
        write_pgn(&mut text, g.record).map_err(|e| SinkError::new(pgn, e))?;
        match &mut out {
            // The PGN's last game must be the log's game of its rank.
            None if counted == held && text == last => {
                out = Some(PgnSink::append(pgn).map_err(|e| SinkError::new(pgn, e))?);
            }
            None => return Ok(false),
            Some(sink) => sink.write(g.record)?,
        }
    }
    Ok(out.is_some())
}

/// How many games `pgn` holds: the lines that start a game's tags.
fn games_in(pgn: &Path) -> std::io::Result<u64> {
    use std::io::BufRead;
    let file = std::io::BufReader::new(File::open(pgn)?);
    let mut n = 0;
    for line in file.split(b'\n') {
        if line?.starts_with(GAME_START) {
            n += 1;
        }
    }
    Ok(n)
}

/// The text of the last game in `pgn` (empty for an empty or missing file).
fn last_game(pgn: &Path) -> std::io::Result<Vec<u8>> {
    let mut file = match File::open(pgn) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let len = file.metadata()?.len();
    let mut needle = b"\n".to_vec();
    needle.extend_from_slice(GAME_START);
    let start = match rfind(&mut file, len, &needle)? {
        Some(at) => at + 1,
        // The first game, or something else: then all of it, which is no game.
        None => 0,
    };
    read_range(&mut file, start, len)
}

/// Write `pgn` from the log's games (each id's first line), beside it, then rename it.
fn rewrite(dir: &Path, pgn: &Path) -> Result<(), LeagueError> {
    let mut log = LogReader::open(&dir.join(GAMES_FILE))?;
    let tmp = pgn.with_extension("pgn.tmp");
    let written = (|| -> Result<(), LeagueError> {
        let file = File::create(&tmp).map_err(|e| SinkError::new(pgn, e))?;
        let mut out = std::io::BufWriter::new(file);
        let mut round = RoundIds::default();
        while let Some(item) = log.next()? {
            if let Item::Game(g) = item {
                if round.first(&g) {
                    write_pgn(&mut out, g.record).map_err(|e| SinkError::new(pgn, e))?;
                }
            }
        }
        let file = out
            .into_inner()
            .map_err(|e| SinkError::new(pgn, e.into_error()))?;
        file.sync_data().map_err(|e| SinkError::new(pgn, e))?;
        std::fs::rename(&tmp, pgn).map_err(|e| SinkError::new(pgn, e))?;
        Ok(())
    })();
    if written.is_err() {
        // A full disk leaves no half-written copy behind.
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write as _;

    #[test]
    fn the_last_game_is_found_after_the_last_event_tag_at_a_line_start() {
        let dir = tempfile::tempdir().unwrap();
        let pgn = dir.path().join("games.pgn");
        assert_eq!(last_game(&pgn).unwrap(), b"");
        let mut f = File::create(&pgn).unwrap();
        // An Event tag inside a comment is no game's start; one at a line start is.
        f.write_all(b"[Event \"a\"]\n1. x {[Event \"no\"]} *\n\n[Event \"b\"]\n2. y *\n\n")
            .unwrap();
        assert_eq!(last_game(&pgn).unwrap(), b"[Event \"b\"]\n2. y *\n\n");
        std::fs::write(&pgn, b"[Event \"only\"]\n*\n").unwrap();
        assert_eq!(last_game(&pgn).unwrap(), b"[Event \"only\"]\n*\n");
    }
}
