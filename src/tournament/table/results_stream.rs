//! The table of a log read line by line, for `baraza results`: a games.jsonl (or a run or
//! merged folder) or a `match --jsonl` file, given as a path (a pipe such as `/dev/stdin`
//! too: the file is read once, front to back). It is [`super::results::standings`] of what
//! [`crate::tournament::log::match_log::read_any_log`] reads, the same table for the same bytes, with the same
//! refusals in the same words, but memory is the table's (bots, pairs of bots, the game pairs
//! not yet complete) plus a bit a scheduled game (which ids were met: a game id counts once,
//! in whatever order the lines come), not the games. (A pipe, which cannot be read twice,
//! keeps 8 bytes of every game pair as well: see [`standings_of_path`].)
//!
//! The log is read by [`crate::tournament::log::reader`], the one reader of games.jsonl (every
//! line checked whole, refused in its words); of each game only its names, pair, result and
//! termination are counted.

use super::field_changes::FieldChanges;
use super::results::{Standings, Tally};
use super::table_view::TableView;
use crate::escape::host_paths::HostPaths;
use crate::record::GameRecord;
use crate::tournament::log::games_jsonl::{games_path, LogError};
use crate::tournament::log::host_state::HostState;
use crate::tournament::log::match_header::is_match_meta;
use crate::tournament::log::match_log::{
    looks_like_match_log, made_up_header, NotAMatchLog, ReadLogError,
};
use crate::tournament::log::published_paths;
use crate::tournament::log::reader::{Item, Lines, LogReader};
use crate::tournament::log::seen::Seen;
use crate::tournament::plan::layout::pair_of_game;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

/// The table of the log at `path` (a folder with a games.jsonl, or a file).
pub fn standings_of_path(path: &Path) -> Result<Standings, ReadLogError> {
    standings_with(path, &TableChoices::default())
}

/// How `baraza results` shows a log's bots: some left out (`--exclude`), a replaced bot's
/// versions apart (`--versions`).
#[derive(Clone, Debug, Default)]
pub struct TableChoices {
    pub exclude: Vec<String>,
    pub versions_apart: bool,
    /// The table is to be published: the host's paths are taken out of the fault summary's
    /// reasons ([`crate::tournament::log::published_paths`]).
    pub published: bool,
}

/// [`standings_of_path`] as `choices` say. A log with host lines is read twice (once for
/// them: a rerun line supersedes lines before it), which a pipe cannot be.
pub fn standings_with(path: &Path, choices: &TableChoices) -> Result<Standings, ReadLogError> {
    let mut host: Option<HostState> = None;
    // A file can be read again: its complete pairs are forgotten as they complete, until a
    // line that does not follow the schedule (a hand-made log; in a match --jsonl file, a game
    // number met twice) says a pair may have a third leg; then it is read again keeping every
    // pair. A pipe keeps every pair from the start.
    let mut forget = true;
    let path = games_path(path);
    loop {
        let file = File::open(&path).map_err(|source| LogError::Io {
            action: "read",
            path: path.clone(),
            source,
        })?;
        forget &= file.metadata().is_ok_and(|m| m.is_file());
        let mut lines = Lines::new(BufReader::with_capacity(1 << 16, file), &path);
        // The first line that is not blank says what the file is.
        if lines.peek_first()?.is_some_and(looks_like_match_log) {
            let paths = choices
                .published
                .then(|| published_paths::of_log(&path, None, None));
            match match_standings(&mut lines, forget, paths)? {
                Some(s) => return Ok(s),
                None => {
                    forget = false;
                    continue;
                }
            }
        }
        let mut log =
            LogReader::start(lines)?.ok_or_else(|| LogError::NoHeader { path: path.clone() })?;
        let mut view = TableView {
            host: host.clone().unwrap_or_default(),
            versions_apart: choices.versions_apart,
        };
        let names = log.header.bot_names();
        // A league's log names its players in its games only: they are known once read.
        let named_by_games = names.is_empty();
        for bot in &choices.exclude {
            if !named_by_games && !names.contains(bot) {
                return Err(no_such_bot(bot, &path, &names).into());
            }
            view.host.exclude(bot);
        }
        let mut met = named_by_games.then(BTreeSet::new);
        let paths = choices
            .published
            .then(|| published_paths::of_log(&path, Some(&log.header), Some(&view.host)));
        let known = (host.is_some(), paths);
        match games_standings(&mut log, forget, &view, known, met.as_mut())? {
            Read::Table(s) => {
                if let Some(met) = met {
                    if let Some(bot) = choices.exclude.iter().find(|b| !met.contains(*b)) {
                        let names: Vec<String> = met.into_iter().collect();
                        return Err(no_such_bot(bot, &path, &names).into());
                    }
                }
                return Ok(*s);
            }
            Read::Again => forget = false,
            Read::HostLines if forget => {
                host = Some(HostState::scan_file(&path).map_err(|source| LogError::Io {
                    action: "read",
                    path: path.clone(),
                    source,
                })?);
            }
            Read::HostLines => return Err(LogError::Io {
                action: "read",
                path: path.clone(),
                source: std::io::Error::other(
                    "it has host lines (withdraw, replace, rerun): give it as a file, not a pipe",
                ),
            }
            .into()),
        }
    }
}

/// `--exclude bot` of a log that has no such bot.
fn no_such_bot(bot: &str, path: &Path, names: &[String]) -> LogError {
    LogError::Refused(format!(
        "--exclude {bot}: no such bot in {} (its bots: {})",
        path.display(),
        names.join(", ")
    ))
}

/// What a read of a games.jsonl gave.
enum Read {
    Table(Box<Standings>),
    /// A line did not follow the schedule: read again keeping every pair.
    Again,
    /// A host line was met before the host lines were known: read them, then again.
    HostLines,
}

/// The rest of a games.jsonl after its header. With `forget`, a game pair's legs are forgotten
/// once both of the schedule's legs are met (a log written by a run or a merge has no other
/// lines); [`Read::Again`] when a line does not follow the schedule (its id is not the
/// schedule's, or its pair is not its id's), and the table cannot forget. `host_known`: the
/// view holds the log's host lines (else the first one met stops the read), with the host's
/// paths to take out of reasons when published. `met`: the players' names are gathered there.
fn games_standings<R: std::io::BufRead>(
    log: &mut LogReader<R>,
    forget: bool,
    view: &TableView,
    (host_known, paths): (bool, Option<HostPaths>),
    mut met: Option<&mut BTreeSet<String>>,
) -> Result<Read, LogError> {
    let mut tally = Tally::new(&log.header);
    if let Some(paths) = paths {
        tally.scrub_reasons(paths);
    }
    tally.hide_all(view.hidden_bots(&log.header));
    let mut seen = Seen::new(&log.header);
    let (mut duplicates, mut sprt_line) = (0, None);
    while let Some(item) = log.next()? {
        let g = match item {
            Item::Game(g) => g,
            Item::Sprt(decision, _) => {
                sprt_line.get_or_insert(decision);
                continue;
            }
            Item::Host(..) if host_known => continue,
            Item::Host(..) => return Ok(Read::HostLines),
            Item::Torn(_) => continue,
        };
        if view.host.superseded(&g.ids.game_id, g.line) {
            continue;
        }
        let (id, pair, r) = (&g.ids.game_id, g.ids.pair, g.record);
        if let Some(met) = met.as_deref_mut() {
            for name in [&r.white, &r.black] {
                if !met.contains(name) {
                    met.insert(name.clone());
                }
            }
        }
        let number = seen.game_number(id);
        let new = match number {
            Some(n) => seen.insert_number(n),
            None => seen.insert(id),
        };
        if !new {
            duplicates += 1;
            continue;
        }
        let follows = number.is_some_and(|n| pair_of_game(n).0 == pair);
        if forget && !follows {
            return Ok(Read::Again);
        }
        tally.add_viewed(view, pair, &g.ids.versions, r);
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
    s.set_field_changes(FieldChanges::of(&log.header, &view.host, &seen));
    s.duplicate_lines = duplicates;
    s.torn_last_line = log.torn_line;
    Ok(Read::Table(Box::new(s)))
}

/// A `match --jsonl` file, as [`crate::tournament::log::match_log::parse_match_log`] reads it: every record
/// counts (no ids to repeat), games `2k − 1` and `2k` are pair `k`. The first non-blank line
/// is read again first. With `forget`, a pair's legs are forgotten once games `2k − 1` and
/// `2k` are both in (`match` numbers its games once each); `None` when a game number comes
/// twice (files joined by hand), and the table cannot forget. `paths`: taken out of reasons.
fn match_standings<R: std::io::BufRead>(
    lines: &mut Lines<R>,
    forget: bool,
    paths: Option<HostPaths>,
) -> Result<Option<Standings>, ReadLogError> {
    let mut m = MatchTally {
        tally: Tally::new(&made_up_header(String::new(), &[], 0)),
        record: GameRecord::default(),
        records: 0,
        ruleset: None,
        torn: None,
        forget: forget.then(Seen::numbers_only),
    };
    if let Some(paths) = paths {
        m.tally.scrub_reasons(paths);
    }
    while lines.next()? {
        // The match's header and SPRT line are no games ([`match_header`]).
        if !lines.is_blank() && !is_match_meta(lines.text().0) {
            let (text, unterminated) = lines.text();
            if !m.add(text, unterminated, lines.number(), &lines.source)? {
                return Ok(None);
            }
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
        self.tally
            .add_fault(&r.white, &r.black, r.result, r.termination, &r.reason);
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
