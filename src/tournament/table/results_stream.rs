//! The table of a log read line by line, for `baraza results`: a games.jsonl (or a run or
//! merged folder) or a `match --jsonl` file, given as a path (a pipe such as `/dev/stdin`
//! too: the file is read once, front to back). It is [`super::results::standings`] of what
//! [`crate::tournament::log::match_log::read_any_log`] reads, the same table for the same bytes, with the same
//! refusals in the same words, but memory is the table's (bots, pairs of bots, the game pairs
//! not yet complete) plus a bit a scheduled game (which ids were met: a game id counts once,
//! in whatever order the lines come), not the games. (A pipe, which cannot be read twice,
//! keeps 8 bytes of every game pair as well: see [`standings_of_path`].)
//!
//! Each line is checked as strictly as the full reader checks it ([`crate::tournament::log::game_check`]) and
//! only its names, pair, result and termination are kept; when it is refused, the full reader
//! is asked what is wrong, so the message is its message.

use super::results::{Standings, Tally};
use crate::record::GameRecord;
use crate::tournament::log::game_check::GameCheck;
use crate::tournament::log::games_jsonl::{
    bad_result, games_path, parse_games_log, GameLine, Header, LogError,
};
use crate::tournament::log::match_log::{
    looks_like_match_log, made_up_header, NotAMatchLog, ReadLogError,
};
use crate::tournament::log::seen::Seen;
use crate::tournament::log::sprt_order::SprtLine;
use crate::tournament::plan::layout::pair_of_game;
use serde::Deserialize;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

/// The table of the log at `path` (a folder with a games.jsonl, or a file).
pub fn standings_of_path(path: &Path) -> Result<Standings, ReadLogError> {
    // A file can be read again: its complete pairs are forgotten as they complete, until a
    // line that does not follow the schedule (a hand-made log; in a match --jsonl file, a game
    // number met twice) says a pair may have a third leg; then it is read again keeping every
    // pair. A pipe keeps every pair from the start.
    let mut forget = true;
    loop {
        let mut lines = Lines::open(&games_path(path))?;
        forget &= lines.regular;
        // The first line that is not blank says what the file is.
        let mut prefix = String::new();
        while lines.next()? {
            prefix.push_str(&lines.buf);
            if !lines.buf.trim().is_empty() {
                break;
            }
        }
        if looks_like_match_log(&prefix) {
            match match_standings(&mut lines, forget)? {
                Some(s) => return Ok(s),
                None => {
                    forget = false;
                    continue;
                }
            }
        }
        // The one header parser, given the lines up to the header alone.
        let header = parse_games_log(&prefix, &lines.source)?
            .ok_or_else(|| LogError::NoHeader {
                path: lines.path.clone(),
            })?
            .header;
        match games_standings(&mut lines, &header, forget)? {
            Some(s) => return Ok(s),
            None => forget = false,
        }
    }
}

/// A file read a line at a time into one buffer.
struct Lines {
    reader: BufReader<File>,
    path: PathBuf,
    source: String,
    buf: String,
    /// The 1-based number of the line in `buf`.
    n: usize,
    /// A regular file (it can be opened and read again), not a pipe.
    regular: bool,
}

impl Lines {
    fn open(path: &Path) -> Result<Lines, LogError> {
        let io = |source| LogError::Io {
            action: "read",
            path: path.to_path_buf(),
            source,
        };
        let file = File::open(path).map_err(io)?;
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        Ok(Lines {
            regular,
            reader: BufReader::with_capacity(1 << 16, file),
            path: path.to_path_buf(),
            source: path.display().to_string(),
            buf: String::new(),
            n: 0,
        })
    }

    /// The next line into `buf`, with its newline; false at the end.
    fn next(&mut self) -> Result<bool, LogError> {
        self.buf.clear();
        let read = self.reader.read_line(&mut self.buf);
        let got = read.map_err(|source| LogError::Io {
            action: "read",
            path: self.path.clone(),
            source,
        })?;
        self.n += 1;
        Ok(got > 0)
    }

    /// The line in `buf` without its line end, and whether it had none (it is the last).
    fn text(&self) -> (&str, bool) {
        let unterminated = !self.buf.ends_with('\n');
        (self.buf.trim_end_matches(['\n', '\r']), unterminated)
    }
}

/// The rest of a games.jsonl after its header, as [`parse_games_log`] reads it. With `forget`,
/// a game pair's legs are forgotten once both of the schedule's legs are met (a log written by
/// a run or a merge has no other lines); `None` when a line does not follow the schedule (its
/// id is not the schedule's, or its pair is not its id's), and the table cannot forget.
fn games_standings(
    lines: &mut Lines,
    header: &Header,
    forget: bool,
) -> Result<Option<Standings>, LogError> {
    let mut tally = Tally::new(header);
    let mut seen = Seen::new(header);
    let (mut duplicates, mut torn, mut sprt_line) = (0, None, None);
    while lines.next()? {
        if lines.buf.trim().is_empty() {
            continue;
        }
        let (text, unterminated) = lines.text();
        if let Some(decision) = SprtLine::parse(text) {
            sprt_line.get_or_insert(decision);
            continue;
        }
        let full;
        let (id, pair, white, black, result, termination) =
            match serde_json::from_str::<GameCheck>(text) {
                Ok(g) => (g.game_id, g.pair, g.white, g.black, g.result, g.termination),
                Err(_) => match serde_json::from_str::<GameLine>(text) {
                    Ok(g) => {
                        full = g;
                        let r = &full.record;
                        let id = full.game_id.as_str().into();
                        let (w, b) = (r.white.as_str().into(), r.black.as_str().into());
                        (id, full.pair, w, b, r.result, r.termination)
                    }
                    Err(_) if unterminated => {
                        torn = Some(lines.n);
                        continue;
                    }
                    Err(error) => return Err(bad_line(text, &lines.source, lines.n, error)),
                },
            };
        let number = seen.game_number(&id);
        let new = match number {
            Some(n) => seen.insert_number(n),
            None => seen.insert(&id),
        };
        if !new {
            duplicates += 1;
            continue;
        }
        let follows = number.is_some_and(|n| pair_of_game(n).0 == pair);
        if forget && !follows {
            return Ok(None);
        }
        tally.add_parts(pair, &white, &black, result, termination);
        if let (true, Some(n)) = (forget, number) {
            let other = if n % 2 == 1 { n + 1 } else { n - 1 };
            if seen.has_number(other) {
                tally.forget_pair(pair);
            }
        }
    }
    if let Some(line) = sprt_line {
        tally.set_recorded(line);
    }
    let mut s = tally.standings();
    s.duplicate_lines = duplicates;
    s.torn_last_line = torn;
    Ok(Some(s))
}

/// The full reader's refusal of a game line.
fn bad_line(text: &str, log: &str, line: usize, error: serde_json::Error) -> LogError {
    match bad_result(text) {
        Some(error) => LogError::BadResult {
            log: log.to_string(),
            line,
            error,
        },
        None => LogError::BadLine {
            log: log.to_string(),
            line,
            error,
        },
    }
}

/// A `match --jsonl` file, as [`crate::tournament::log::match_log::parse_match_log`] reads it: every record
/// counts (no ids to repeat), games `2k − 1` and `2k` are pair `k`. The first non-blank line
/// is in `lines` already. With `forget`, a pair's legs are forgotten once games `2k − 1` and
/// `2k` are both in (`match` numbers its games once each); `None` when a game number comes
/// twice (files joined by hand), and the table cannot forget.
fn match_standings(lines: &mut Lines, forget: bool) -> Result<Option<Standings>, ReadLogError> {
    let mut m = MatchTally {
        tally: Tally::new(&made_up_header(String::new(), &[], 0)),
        record: GameRecord::default(),
        records: 0,
        ruleset: None,
        torn: None,
        forget: forget.then(Seen::numbers_only),
    };
    loop {
        if !lines.buf.trim().is_empty() {
            let (text, unterminated) = lines.text();
            if !m.add(text, unterminated, lines.n, &lines.source)? {
                return Ok(None);
            }
        }
        if !lines.next()? {
            break;
        }
    }
    let names = m.tally.names().to_vec();
    let header = made_up_header(m.ruleset.unwrap_or_default(), &names, m.records);
    m.tally.set_header(header);
    let mut s = m.tally.standings();
    s.torn_last_line = m.torn;
    Ok(Some(s))
}

struct MatchTally {
    tally: Tally,
    /// One record refilled line after line.
    record: GameRecord,
    records: u64,
    /// The first record's.
    ruleset: Option<String>,
    torn: Option<usize>,
    /// The game numbers met, when complete pairs are forgotten.
    forget: Option<Seen>,
}

impl MatchTally {
    fn add(
        &mut self,
        text: &str,
        unterminated: bool,
        n: usize,
        source: &str,
    ) -> Result<bool, NotAMatchLog> {
        let mut de = serde_json::Deserializer::from_str(text);
        let parsed =
            GameRecord::deserialize_in_place(&mut de, &mut self.record).and_then(|()| de.end());
        if parsed.is_err() {
            match serde_json::from_str::<GameRecord>(text) {
                Ok(r) => self.record = r,
                Err(_) if unterminated => {
                    self.torn = Some(n);
                    return Ok(true);
                }
                Err(error) => {
                    return Err(NotAMatchLog {
                        source_name: source.to_string(),
                        line: n,
                        error,
                    })
                }
            }
        }
        let r = &self.record;
        let pair = r.game.div_ceil(2);
        if let Some(seen) = &mut self.forget {
            if r.game == 0 || !seen.insert_number(r.game) {
                return Ok(false);
            }
        }
        self.records += 1;
        self.ruleset.get_or_insert_with(|| r.ruleset.clone());
        self.tally
            .add_parts(pair, &r.white, &r.black, r.result, r.termination);
        if let Some(seen) = &self.forget {
            let other = if r.game % 2 == 1 {
                r.game + 1
            } else {
                r.game - 1
            };
            if seen.has_number(other) {
                self.tally.forget_pair(pair);
            }
        }
        Ok(true)
    }
}
