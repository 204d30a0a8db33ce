//! `baraza results --verify` (and `baraza replay --verify` of a run folder): every game line of
//! a log re-judged, and the log held against what it claims to be.
//!
//! Of a games.jsonl (a run's, a shard's or a merged one): each game line is re-judged from its
//! start position and moves with the engines ([`crate::record::verify::verify_record`]: legal
//! moves, none after the end, the ply count, a `normal` end that is the rules' end with its
//! result, no other end for a game the rules had ended), its referee's word is checked as far
//! as a log can show it ([`crate::record::verify::check_referee_word`]), and it is held
//! against the event's schedule, rebuilt from the header's canonical event
//! ([`super::audit_expect`]: its id, pair, game number, sides, round, start position, shard);
//! then the log as a whole: a game met twice, a game of the schedule with no line (all of them,
//! or up to the SPRT's decision), and, in a run folder with a games.pgn, that games.pgn holds the
//! same games ([`super::audit_pgn`]). Of a `match --jsonl` file: the same re-judging, the
//! sides `match` gives, game numbers met twice and gaps in them.
//!
//! The log is read once, front to back, by the one reader ([`super::reader`]), in chunks of
//! lines judged on every core ([`super::par_chunks`]); memory is a chunk a thread, a bit a
//! scheduled game, and the problems found (with a games.pgn to compare, a print of every game).

use super::audit_expect::{MatchExpect, NoSchedule, ScheduleExpect};
use super::audit_pgn::{self, PgnUnreadable, Print};
use super::games_jsonl::{games_path, LogError};
use super::host_digest;
use super::host_state::HostState;
use super::match_header::MatchHeader;
use super::match_log::looks_like_match_log;
use super::merge::PGN_FILE;
use super::par_chunks::{map_fold, threads};
use super::reader::{parse_game_line, refusal, Lines, LogReader, Unparsed};
use super::seen::Seen;
use super::sprt_order::SprtLine;
use crate::record::verify::{check_referee_word, verify_record};
use crate::record::GameRecord;
use serde::Deserialize;
use std::collections::HashMap;
use std::io::BufRead;
use std::path::Path;

/// What `--verify` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audit {
    /// The log read, as problems name it.
    pub source: String,
    /// The game lines read.
    pub games: u64,
    /// The games of the folder's games.pgn compared with them, when it has one.
    pub pgn_games: Option<u64>,
    /// Every problem, one line each: the log's own in line order, then the games it lacks,
    /// then games.pgn's.
    pub problems: Vec<String>,
}

/// Why a log cannot be verified (what is wrong in a log it can read is a problem of the
/// [`Audit`], not this).
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error(transparent)]
    Log(#[from] LogError),
    /// `log` names the games.jsonl.
    #[error("{log}: the header's event has no schedule: {error}")]
    NoSchedule { log: String, error: NoSchedule },
    /// `log` names the `match --jsonl` file.
    #[error("{log}: its first line is not a game record ({error})")]
    NotAGameRecord {
        log: String,
        error: serde_json::Error,
    },
    #[error(transparent)]
    Pgn(#[from] PgnUnreadable),
}

/// Lines per chunk judged by one thread, at most (and at most [`CHUNK_BYTES`] of text).
const CHUNK_LINES: usize = 512;
const CHUNK_BYTES: usize = 1 << 20;
/// Games with no line named one by one, at most; the rest are counted.
const LISTED_MISSING: usize = 20;

/// Lines of the log, copied together for a worker.
#[derive(Default)]
struct Chunk {
    text: String,
    /// Each line's number, where it ends in `text`, and whether it had no newline.
    lines: Vec<(usize, usize, bool)>,
}

impl Chunk {
    fn push(&mut self, n: usize, text: &str, unterminated: bool) {
        self.text.push_str(text);
        self.lines.push((n, self.text.len(), unterminated));
    }

    fn is_full(&self) -> bool {
        self.lines.len() >= CHUNK_LINES || self.text.len() >= CHUNK_BYTES
    }

    fn lines(&self) -> impl Iterator<Item = (usize, &str, bool)> {
        let mut start = 0;
        self.lines.iter().map(move |&(n, end, unterminated)| {
            let text = &self.text[start..end];
            start = end;
            (n, text, unterminated)
        })
    }
}

/// A game line's game: its number, or an id off the schedule.
enum Key {
    Number(u64),
    Other(String),
}

/// What the log as a whole needs of a judged line.
struct Fact {
    line: usize,
    key: Key,
    print: Option<Print>,
}

/// A chunk judged: its problems (each with its line) and its lines' facts.
#[derive(Default)]
struct Judged {
    problems: Vec<(usize, String)>,
    facts: Vec<Fact>,
}

/// What a line is held against.
enum Expect {
    Schedule(ScheduleExpect),
    /// A log whose header schedules no games (a league's: its batches are planned as it
    /// goes): each line is judged on its own, named by its game number.
    Unscheduled,
    Match(MatchExpect),
}

/// The judge of a chunk's lines.
struct Judge {
    expect: Expect,
    source: String,
    /// Keep each game's print (a games.pgn is to be compared).
    prints: bool,
    /// The log's host lines: a version a game line names needs its `replace` line.
    host: HostState,
}

impl Judge {
    fn chunk(&self, chunk: Chunk) -> Judged {
        let mut out = Judged::default();
        let mut record = GameRecord::default();
        for (n, text, unterminated) in chunk.lines() {
            match &self.expect {
                Expect::Schedule(x) => {
                    self.tournament_line(Some(x), n, text, &mut record, &mut out)
                }
                Expect::Unscheduled => self.tournament_line(None, n, text, &mut record, &mut out),
                Expect::Match(x) => {
                    self.match_line(x, n, text, unterminated, &mut record, &mut out)
                }
            }
        }
        out
    }

    fn tournament_line(
        &self,
        x: Option<&ScheduleExpect>,
        n: usize,
        text: &str,
        record: &mut GameRecord,
        out: &mut Judged,
    ) {
        let Some(ids) = parse_game_line(text, record) else {
            let why = refusal(text, &self.source, n).err();
            let why = why.map_or_else(|| "not a game line".to_string(), |e| e.to_string());
            out.problems.push((n, why));
            return;
        };
        let number = match x {
            Some(x) => x.number(&ids.game_id),
            None => Some(record.game).filter(|&g| g > 0),
        };
        let mut problems = match (x, number) {
            (Some(x), Some(g)) => x.check(g, ids.pair, ids.opening, record),
            (Some(x), None) => vec![format!(
                "game id '{}' is not in the event's schedule ({} games)",
                ids.game_id,
                x.games()
            )],
            (None, Some(_)) => vec![],
            (None, None) => vec!["no game number".to_string()],
        };
        rejudge(record, n, &mut problems);
        for (bot, &v) in &ids.versions {
            if !self.host.gave_version(bot, v) {
                problems.push(format!(
                    "{bot} plays as version {v}, but no replace line makes it that (removed?)"
                ));
            }
        }
        let id = &ids.game_id;
        out.problems.extend(
            problems
                .into_iter()
                .map(|p| (n, format!("{id} (line {n}): {p}"))),
        );
        let key = number.map_or_else(|| Key::Other(ids.game_id.to_string()), Key::Number);
        let print = self.prints.then(|| audit_pgn::print(record));
        out.facts.push(Fact {
            line: n,
            key,
            print,
        });
    }

    fn match_line(
        &self,
        x: &MatchExpect,
        n: usize,
        text: &str,
        unterminated: bool,
        record: &mut GameRecord,
        out: &mut Judged,
    ) {
        let mut de = serde_json::Deserializer::from_str(text);
        let read = GameRecord::deserialize_in_place(&mut de, record).and_then(|()| de.end());
        if let Err(e) = read {
            // A torn last line (the writer was killed) is no game, as `results` reads it.
            if !unterminated {
                let source = &self.source;
                out.problems
                    .push((n, format!("{source} line {n}: not a game record ({e})")));
            }
            return;
        }
        let mut problems = x.check(record);
        rejudge(record, n, &mut problems);
        let game = record.game;
        out.problems.extend(
            problems
                .into_iter()
                .map(|p| (n, format!("game {game} (line {n}): {p}"))),
        );
        if record.game > 0 {
            let print = self.prints.then(|| audit_pgn::print(record));
            let key = Key::Number(record.game);
            out.facts.push(Fact {
                line: n,
                key,
                print,
            });
        }
    }
}

/// The engines' judgement of a record and the referee's word on it, added to `problems`.
fn rejudge(record: &GameRecord, n: usize, problems: &mut Vec<String>) {
    if let Err(p) = verify_record(record, "plies", n, &|_| n, n) {
        problems.push(match p.ply {
            Some(ply) => format!("ply {ply}: {}", p.message),
            None => p.message,
        });
    }
    if let Err(m) = check_referee_word(record) {
        problems.push(m.to_string());
    }
}

impl Judge {
    /// How problems name game `n`: its id, or its number in a match.
    fn name(&self, n: u64) -> String {
        match &self.expect {
            Expect::Schedule(x) => x.id_of(n),
            Expect::Unscheduled | Expect::Match(_) => format!("game {n}"),
        }
    }
}

/// The log as a whole, its judged chunks folded in file order.
struct Fold {
    seen: Seen,
    games: u64,
    problems: Vec<(usize, String)>,
    prints: Option<HashMap<u64, Print>>,
    /// The highest game number met.
    max: u64,
}

impl Fold {
    fn new(seen: Seen, prints: bool) -> Fold {
        Fold {
            seen,
            games: 0,
            problems: Vec::new(),
            prints: prints.then(HashMap::new),
            max: 0,
        }
    }

    fn take(&mut self, judged: Judged, judge: &Judge) {
        self.problems.extend(judged.problems);
        for f in judged.facts {
            self.games += 1;
            let (first, what) = match &f.key {
                Key::Number(n) => {
                    self.max = self.max.max(*n);
                    (self.seen.insert_number(*n), judge.name(*n))
                }
                Key::Other(id) => (self.seen.insert(id), id.clone()),
            };
            if !first {
                let m = format!(
                    "{what} (line {}): a second line for this game (only the first counts)",
                    f.line
                );
                self.problems.push((f.line, m));
            } else if let (Some(prints), Some(p), Key::Number(n)) =
                (&mut self.prints, f.print, &f.key)
            {
                prints.insert(*n, p);
            }
        }
    }
}

/// The next chunk of a games.jsonl; the SPRT's decision (its pairs) noted on the way.
/// Host lines and the game lines they supersede are passed over ([`HostState`]).
fn next_run_chunk<R: BufRead>(
    log: &mut LogReader<R>,
    sprt_pairs: &mut Option<u64>,
    host: &HostState,
) -> Result<Option<Chunk>, LogError> {
    let mut c = Chunk::default();
    while !c.is_full() {
        match log.next_unparsed()? {
            None => break,
            Some(Unparsed::Sprt(line, _)) => {
                sprt_pairs.get_or_insert(line.pairs);
            }
            Some(Unparsed::Host(..)) => {}
            Some(Unparsed::Game(g)) if host.superseded(&g.ids.game_id, g.line) => {}
            Some(Unparsed::Game(g)) => c.push(g.line, g.text, false),
        }
    }
    Ok((!c.lines.is_empty()).then_some(c))
}

/// What a `match --jsonl` file says besides its games: its header, the SPRT's decision, and
/// the lines of headers after the first (matches appended to one file).
#[derive(Default)]
struct MatchMeta {
    header: Option<MatchHeader>,
    decision: Option<SprtLine>,
    later_headers: Vec<usize>,
}

/// The next chunk of a `match --jsonl` file; its header and SPRT lines noted on the way.
fn next_match_chunk<R: BufRead>(
    lines: &mut Lines<R>,
    meta: &mut MatchMeta,
) -> Result<Option<Chunk>, LogError> {
    let mut c = Chunk::default();
    while !c.is_full() && lines.next()? {
        let (text, unterminated) = lines.text();
        if let Some(d) = SprtLine::parse(text) {
            meta.decision.get_or_insert(d);
        } else if let Some(h) = MatchHeader::parse(text) {
            match meta.header {
                None => meta.header = Some(h),
                Some(_) => meta.later_headers.push(lines.number()),
            }
        } else if !lines.is_blank() {
            c.push(lines.number(), text, unterminated);
        }
    }
    Ok((!c.lines.is_empty()).then_some(c))
}

/// A log judged: the judge (it names games), what was folded, the problems of the header and
/// of the games it lacks.
struct Judgement {
    judge: Judge,
    fold: Fold,
    header: Vec<String>,
    missing: Vec<String>,
}

/// A games.jsonl.
fn audit_run<R: BufRead>(
    lines: Lines<R>,
    prints: bool,
    host: &HostState,
) -> Result<Judgement, AuditError> {
    let source = lines.source.clone();
    let mut log = LogReader::start(lines)?.ok_or_else(|| LogError::NoHeader {
        path: std::path::PathBuf::from(&source),
    })?;
    if log.header.scheduled_games == 0 && log.header.event.bots.is_empty() {
        return audit_unscheduled(log, source, prints, host);
    }
    let x = ScheduleExpect::new(&log.header).map_err(|error| AuditError::NoSchedule {
        log: source.clone(),
        error,
    })?;
    let header = x.header_problems(&log.header);
    let mut fold = Fold::new(Seen::new(&log.header), prints);
    let judge = Judge {
        expect: Expect::Schedule(x),
        source,
        prints,
        host: host.clone(),
    };
    let mut sprt_pairs = None;
    map_fold(
        threads(),
        || next_run_chunk(&mut log, &mut sprt_pairs, host),
        |c| judge.chunk(c),
        |j| fold.take(j, &judge),
    )?;
    let Expect::Schedule(x) = &judge.expect else {
        unreachable!("a schedule was made above")
    };
    // After the SPRT decided, the games still to play were not started.
    let last = sprt_pairs.map_or(x.games(), |p| x.games().min(2 * p));
    // A withdrawn bot's games without a line are not to be played: not missing.
    let withdrawn: Vec<&str> = host.withdrawn_bots().collect();
    if !withdrawn.is_empty() {
        for n in x.games_of(&withdrawn) {
            fold.seen.insert_number(n);
        }
    }
    let runs = fold.seen.unmet_runs(last);
    let why = "no line: dropped, or not played yet";
    let up_to = |n| x.mine_up_to(n);
    let missing = missing(runs, &|n| x.next_mine(n), &up_to, &|n| judge.name(n), why);
    Ok(Judgement {
        judge,
        fold,
        header,
        missing,
    })
}

/// A games.jsonl whose header schedules nothing (a league's): every game line re-judged and
/// compared with games.pgn, each game number once; no game is missing, as none was scheduled.
fn audit_unscheduled<R: BufRead>(
    mut log: LogReader<R>,
    source: String,
    prints: bool,
    host: &HostState,
) -> Result<Judgement, AuditError> {
    let judge = Judge {
        expect: Expect::Unscheduled,
        source,
        prints,
        host: host.clone(),
    };
    let mut fold = Fold::new(Seen::numbers_only(), prints);
    let mut sprt_pairs = None;
    map_fold(
        threads(),
        || next_run_chunk(&mut log, &mut sprt_pairs, host),
        |c| judge.chunk(c),
        |j| fold.take(j, &judge),
    )?;
    Ok(Judgement {
        judge,
        fold,
        header: vec![],
        missing: vec![],
    })
}

/// A `match --jsonl` file, its first line already peeked at: the match's header (the games
/// it planned, its sides), or in a file of an earlier baraza its first game (the sides).
fn audit_match<R: BufRead>(mut lines: Lines<R>, prints: bool) -> Result<Judgement, AuditError> {
    let source = lines.source.clone();
    let first = lines.peek_first()?.unwrap_or_default();
    let header = MatchHeader::parse(first);
    let expect = match &header {
        Some(h) => MatchExpect::planned(h),
        None => {
            let first: GameRecord =
                serde_json::from_str(first).map_err(|error| AuditError::NotAGameRecord {
                    log: source.clone(),
                    error,
                })?;
            MatchExpect::of_first(&first)
        }
    };
    let judge = Judge {
        expect: Expect::Match(expect),
        source,
        prints,
        host: HostState::default(),
    };
    let mut fold = Fold::new(Seen::numbers_only(), prints);
    let mut meta = MatchMeta::default();
    map_fold(
        threads(),
        || next_match_chunk(&mut lines, &mut meta),
        |c| judge.chunk(c),
        |j| fold.take(j, &judge),
    )?;
    let (last, why) = match &meta.header {
        Some(h) => (
            h.expected_games(meta.decision.as_ref()),
            "no line: dropped, or not played (the match stopped before it)",
        ),
        None => (fold.max, "no line: a gap in the match's game numbers"),
    };
    let runs = fold.seen.unmet_runs(last);
    let mut missing = missing(runs, &|n| n, &|n| n, &|n| judge.name(n), why);
    missing.extend(meta.later_headers.iter().map(|n| {
        format!("line {n}: a second match's header: --verify checks the first match of a file")
    }));
    Ok(Judgement {
        judge,
        fold,
        header: vec![],
        missing,
    })
}

/// The games of `runs` that have no line and should: the first [`LISTED_MISSING`] one line
/// each, then one line counting the rest. `next(n)` is the first game from `n` on that the log
/// should hold, `up_to(n)` how many of games `1..=n` it should: the work is the games named,
/// whatever the runs' size.
fn missing(
    runs: Vec<(u64, u64)>,
    next: &dyn Fn(u64) -> u64,
    up_to: &dyn Fn(u64) -> u64,
    name: &dyn Fn(u64) -> String,
    why: &str,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut more = 0;
    for (first, count) in runs {
        let last = first + count - 1;
        let mut n = next(first);
        while out.len() < LISTED_MISSING && n <= last {
            out.push(format!("{}: {why}", name(n)));
            n = next(n + 1);
        }
        if n <= last {
            more += up_to(last) - up_to(n - 1);
        }
    }
    if more > 0 {
        out.push(format!("and {more} more games with no line"));
    }
    out
}

/// Verify the log at `path`: a run folder (its games.jsonl and games.pgn, which every run
/// folder baraza writes has), a games.jsonl, or a `match --jsonl` file.
pub fn audit_path(path: &Path) -> Result<Audit, AuditError> {
    let file = games_path(path);
    let folder = path.is_dir();
    let pgn = path.join(PGN_FILE);
    let pgn = (folder && pgn.is_file()).then_some(pgn);
    let io = |source| LogError::Io {
        action: "read",
        path: file.clone(),
        source,
    };
    let opened = std::fs::File::open(&file).map_err(io)?;
    let mut lines = Lines::new(std::io::BufReader::with_capacity(1 << 16, opened), &file);
    let source = lines.source.clone();
    let (j, signed) = if lines.peek_first()?.is_some_and(looks_like_match_log) {
        (audit_match(lines, pgn.is_some())?, vec![])
    } else {
        let host = HostState::scan_file(&file).map_err(io)?;
        // Every host line's digest ([`host_digest`]): the log is read once more for it.
        let signed = match host.lines {
            0 => vec![],
            _ => host_digest::check_file(&file).map_err(io)?,
        };
        (audit_run(lines, pgn.is_some(), &host)?, signed)
    };
    let mut line_problems = j.fold.problems;
    line_problems.extend(signed);
    line_problems.sort_by_key(|(n, _)| *n);
    let mut problems: Vec<String> = j
        .header
        .into_iter()
        .map(|p| format!("header: {p}"))
        .collect();
    problems.extend(line_problems.into_iter().map(|(_, p)| p));
    problems.extend(j.missing);
    let mut pgn_games = None;
    if let (Some(pgn), Some(prints)) = (pgn, &j.fold.prints) {
        let (games, found) = audit_pgn::compare(&pgn, prints, &|n| j.judge.name(n), threads())?;
        pgn_games = Some(games);
        problems.extend(found);
    } else if folder && !matches!(j.judge.expect, Expect::Match(_)) {
        problems.push(format!(
            "{PGN_FILE}: missing: a run folder's games.pgn is written with its games.jsonl and \
             holds the games it counts"
        ));
    }
    Ok(Audit {
        source,
        games: j.fold.games,
        pgn_games,
        problems,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_missing_games_are_named_and_the_rest_counted() {
        let name = |n: u64| format!("g{n}");
        let all = |n: u64| n;
        // Games 3, 4 and 10 to 109: 102 games, the first 20 named (3, 4, 10 to 27).
        let out = missing(vec![(3, 2), (10, 100)], &all, &all, &name, "no line");
        assert_eq!(out.len(), 21);
        assert_eq!(&out[..3], ["g3: no line", "g4: no line", "g10: no line"]);
        assert_eq!(out[19], "g27: no line");
        assert_eq!(out[20], "and 82 more games with no line");
        // Only the even games are wanted.
        let (next, up_to) = (|n: u64| n + n % 2, |n: u64| n / 2);
        let out = missing(vec![(1, 5)], &next, &up_to, &name, "x");
        assert_eq!(out, ["g2: x", "g4: x"]);
        // A vast run costs the games named.
        let vast = u64::MAX / 2;
        let out = missing(vec![(1, vast)], &all, &all, &name, "x");
        let rest = format!("and {} more games with no line", vast - 20);
        assert_eq!(out.last(), Some(&rest));
    }
}
