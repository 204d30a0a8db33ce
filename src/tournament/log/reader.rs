//! The one reader of games.jsonl: its header, then its game lines, SPRT lines and a torn last
//! line, each with its line number, read line by line from a file, a pipe or a text. Every
//! command that reads the log reads it here: `baraza results` (the streamed table),
//! `baraza merge`, `--resume` and `baraza view` (the whole log, [`parse_games_log`]).
//!
//! The rules: the first line that is not blank is the header; every complete line after it is
//! an SPRT line or a game line, strictly (every field of the record there with its type), or
//! the log is refused; a last line without its newline that is not a game line is torn (the
//! writer was killed mid-write) and ignored. Which game ids count once is the caller's (a
//! resume keeps the first line of an id; the table and the merge the same, by [`super::seen`]).
//!
//! A game line is [`GameLineRef`]: its tournament fields ([`LineIds`]) borrowed from the
//! text, its record ([`GameRecord`]) refilled in place, line after line, in one record the
//! reader keeps. The fields are defined once, by [`GameRecord`] and [`LineIds`]: the owned
//! [`GameLine`] is built from them where it is kept (resume, `view`). A refused line is
//! refused in the words of [`refusal`], once for every reader.
//!

use super::games_jsonl::{
    bad_result, games_path, io_error, GameLine, Header, LogError, HEADER_KIND, READS_SCHEMAS,
};
use super::host_line::HostLine;
use super::host_state::HostState;
use super::sprt_order::SprtLine;
use crate::record::GameRecord;
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::HashSet;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// A source read a line at a time into one buffer, each line's number and first byte known.
pub struct Lines<R> {
    reader: R,
    /// The file read (named in errors).
    pub path: PathBuf,
    /// `path` as errors show it.
    pub source: String,
    buf: String,
    /// The 1-based number of the line in `buf`.
    n: usize,
    /// Where the line in `buf` starts, in bytes; and where the next one does.
    start: u64,
    next_start: u64,
    /// The line in `buf` is to be given again by the next [`Lines::next`].
    again: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R, path: &Path) -> Lines<R> {
        Lines {
            reader,
            path: path.to_path_buf(),
            source: path.display().to_string(),
            buf: String::new(),
            n: 0,
            start: 0,
            next_start: 0,
            again: false,
        }
    }

    /// The lines of a file from byte `start` on, `reader` already there, after `before`
    /// lines (so that the next is numbered `before + 1`).
    pub fn resumed(reader: R, path: &Path, start: u64, before: usize) -> Lines<R> {
        Lines {
            n: before,
            start,
            next_start: start,
            ..Lines::new(reader, path)
        }
    }

    /// Where the line after the one read starts, in bytes: how far the file has been read.
    pub fn read_to(&self) -> u64 {
        self.next_start
    }

    /// The next line into the buffer; false at the end.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<bool, LogError> {
        if std::mem::take(&mut self.again) {
            return Ok(true);
        }
        self.buf.clear();
        let got = self
            .reader
            .read_line(&mut self.buf)
            .map_err(|source| LogError::Io {
                action: "read",
                path: self.path.clone(),
                source,
            })?;
        self.n += 1;
        self.start = self.next_start;
        self.next_start += got as u64;
        Ok(got > 0)
    }

    /// The next line that is not blank; false at the end.
    pub fn next_text(&mut self) -> Result<bool, LogError> {
        while self.next()? {
            if !self.is_blank() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The first line that is not blank, left to be read again: what the file is.
    pub fn peek_first(&mut self) -> Result<Option<&str>, LogError> {
        if !self.next_text()? {
            return Ok(None);
        }
        self.again = true;
        Ok(Some(self.text().0))
    }

    /// Whether the line read is blank.
    pub fn is_blank(&self) -> bool {
        self.buf.trim().is_empty()
    }

    /// The line read without its line end, and whether it had none (it is the last).
    pub fn text(&self) -> (&str, bool) {
        let unterminated = !self.buf.ends_with('\n');
        (self.buf.trim_end_matches(['\n', '\r']), unterminated)
    }

    /// The 1-based number of the line read.
    pub fn number(&self) -> usize {
        self.n
    }
}

/// The tournament's fields of a game line, beside its record's: one place for them.
#[derive(Debug, Deserialize)]
pub struct LineIds<'a> {
    /// The schedule's id, e.g. `r3-p2-b`.
    #[serde(borrow)]
    pub game_id: Cow<'a, str>,
    /// The schedule's 1-based pair number.
    pub pair: u64,
    /// 0-based index of the start position in the openings file, if one was used.
    #[serde(default)]
    pub opening: Option<usize>,
    /// The replaced players' versions ([`GameLine::versions`]).
    #[serde(default)]
    pub versions: std::collections::BTreeMap<String, u32>,
}

/// A game line read: its place in the file, its text, its tournament fields borrowed from the
/// text and its record (the reader's, refilled by the next line).
#[derive(Debug)]
pub struct GameLineRef<'a> {
    /// The 1-based line number.
    pub line: usize,
    /// Where the line starts in the file, in bytes.
    pub start: u64,
    /// The line without its newline.
    pub text: &'a str,
    pub ids: LineIds<'a>,
    pub record: &'a GameRecord,
}

impl GameLineRef<'_> {
    /// The owned line, for a reader that keeps the games.
    pub fn to_line(&self) -> GameLine {
        GameLine {
            game_id: self.ids.game_id.to_string(),
            pair: self.ids.pair,
            opening: self.ids.opening,
            versions: self.ids.versions.clone(),
            record: self.record.clone(),
        }
    }
}

/// What a game line's text holds, checked as strictly as [`GameLine`] reads it: its record
/// refilled into `record`, its tournament fields borrowed. `None` when it is not a game line
/// (see [`refusal`] for why).
pub fn parse_game_line<'a>(text: &'a str, record: &mut GameRecord) -> Option<LineIds<'a>> {
    let mut de = serde_json::Deserializer::from_str(text);
    GameRecord::deserialize_in_place(&mut de, record).ok()?;
    de.end().ok()?;
    line_ids(text)
}

/// The tournament fields of a game line, not checking its record: read without parsing when
/// the line starts as baraza writes one (see [`quick_ids`]).
fn line_ids(text: &str) -> Option<LineIds<'_>> {
    if let Some((id, pair)) = quick_ids(text) {
        return Some(LineIds {
            game_id: Cow::Borrowed(id),
            pair,
            opening: None,
            versions: Default::default(),
        });
    }
    serde_json::from_str::<LineIds>(text).ok()
}

/// The game id and pair of a game line that starts as baraza writes one without an opening,
/// `{"game_id":"r1-p2-a","pair":2,...` (no escapes, and no `game_id`, `pair` or `opening` key
/// after them: the text does not hold those names elsewhere), read without parsing; `None` for
/// any other line (it is parsed).
fn quick_ids(text: &str) -> Option<(&str, u64)> {
    let rest = text.strip_prefix(r#"{"game_id":""#)?;
    let end = rest.find('"')?;
    let id = &rest[..end];
    if id.contains('\\') || id.chars().any(char::is_control) {
        return None;
    }
    let rest = rest[end..].strip_prefix(r#"","pair":"#)?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || (digits > 1 && rest.starts_with('0')) {
        return None;
    }
    let pair: u64 = rest[..digits].parse().ok()?;
    let tail = &rest[digits..];
    let named = |key: &str| tail.contains(key);
    if !tail.starts_with(',')
        || named(r#""game_id""#)
        || named(r#""pair""#)
        || named(r#""opening""#)
        || named(r#""versions""#)
    {
        return None;
    }
    Some((id, pair))
}

/// Line `line` of `source` read by [`GameLine`] itself: the line when it reads it, else its
/// refusal in the words every reader of games.jsonl gives.
pub fn refusal(text: &str, source: &str, line: usize) -> Result<GameLine, LogError> {
    serde_json::from_str::<GameLine>(text).map_err(|error| match bad_result(text) {
        // A result the record cannot hold is named.
        Some(error) => LogError::BadResult {
            log: source.to_string(),
            line,
            error,
        },
        None => LogError::BadLine {
            log: source.to_string(),
            line,
            error,
        },
    })
}

/// A line after the header.
#[derive(Debug)]
pub enum Item<'a> {
    Game(GameLineRef<'a>),
    /// The SPRT's decision, and its line number.
    Sprt(SprtLine, usize),
    /// A host's withdraw, replace or rerun, and its line number.
    Host(HostLine, usize),
    /// A torn last line (no newline, not a game line), ignored: its number. Nothing follows.
    Torn(usize),
}

/// A game line as [`LogReader::next_lazy`] reads it: its tournament fields, its record not yet
/// checked.
pub struct LazyLine<'a> {
    pub line: usize,
    pub text: &'a str,
    pub ids: LineIds<'a>,
}

impl LazyLine<'_> {
    /// The whole line checked: `Ok` when it is a game line, else its refusal.
    pub fn check(&self, source: &str, record: &mut GameRecord) -> Result<(), LogError> {
        match parse_game_line(self.text, record) {
            Some(_) => Ok(()),
            None => refusal(self.text, source, self.line).map(|_| ()),
        }
    }
}

/// A line after the header as [`LogReader::next_unparsed`] gives it.
pub enum Unparsed<'a> {
    Game(LazyLine<'a>),
    /// The SPRT's decision, and its line number.
    Sprt(SprtLine, usize),
    /// A host line, its text and its line number.
    Host(HostLine, &'a str, usize),
}

/// games.jsonl open for reading, its header read.
pub struct LogReader<R> {
    lines: Lines<R>,
    pub header: Header,
    /// The record of the last game line read, refilled line after line.
    record: GameRecord,
    /// The number of a torn last line, once it is read.
    pub torn_line: Option<usize>,
}

/// The header line `text` (line `n` of `source`, `unterminated` when it has no newline):
/// `Ok(None)` when it is torn.
fn read_header(
    text: &str,
    source: &str,
    n: usize,
    unterminated: bool,
) -> Result<Option<Header>, LogError> {
    let log = || source.to_string();
    match serde_json::from_str::<Header>(text) {
        Ok(h) if h.baraza != HEADER_KIND => Err(LogError::ForeignHeader {
            log: log(),
            line: n,
        }),
        Ok(h) if !READS_SCHEMAS.contains(&h.schema) => Err(LogError::Schema {
            log: log(),
            schema: h.schema,
        }),
        Ok(h) => Ok(Some(h)),
        Err(_) if unterminated => Ok(None),
        Err(error) => Err(LogError::BadHeader {
            log: log(),
            line: n,
            error,
        }),
    }
}

impl LogReader<std::io::BufReader<std::fs::File>> {
    /// Open a games.jsonl file and read its header; an error when it has none.
    pub fn open(path: &Path) -> Result<Self, LogError> {
        let file = std::fs::File::open(path).map_err(|source| LogError::Io {
            action: "read",
            path: path.to_path_buf(),
            source,
        })?;
        let lines = Lines::new(std::io::BufReader::with_capacity(1 << 16, file), path);
        LogReader::start(lines)?.ok_or_else(|| LogError::NoHeader {
            path: path.to_path_buf(),
        })
    }
}

impl<R: BufRead> LogReader<R> {
    /// Read the header from `lines`: `Ok(None)` when there is no complete one (an empty
    /// file, or one killed while its header was written).
    pub fn start(mut lines: Lines<R>) -> Result<Option<LogReader<R>>, LogError> {
        if !lines.next_text()? {
            return Ok(None);
        }
        let (text, unterminated) = lines.text();
        let header = read_header(text, &lines.source, lines.number(), unterminated)?;
        Ok(header.map(|header| LogReader {
            lines,
            header,
            record: GameRecord::default(),
            torn_line: None,
        }))
    }

    /// A reader of the lines that follow a header already read (`lines` starts after it).
    pub fn after(lines: Lines<R>, header: Header) -> LogReader<R> {
        LogReader {
            lines,
            header,
            record: GameRecord::default(),
            torn_line: None,
        }
    }

    /// The file read.
    pub fn path(&self) -> &Path {
        &self.lines.path
    }

    /// Where the last line read starts, in bytes.
    pub fn line_start(&self) -> u64 {
        self.lines.start
    }

    /// How far the file has been read, in bytes, and the number of the last line read.
    pub fn read_to(&self) -> (u64, usize) {
        (self.lines.read_to(), self.lines.number())
    }

    /// The file as errors name it.
    pub fn source(&self) -> &str {
        &self.lines.source
    }

    /// The next line after the header, checked; `None` at the end.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Option<Item<'_>>, LogError> {
        if !self.lines.next_text()? {
            return Ok(None);
        }
        let lines = &self.lines;
        let (text, unterminated) = lines.text();
        if let Some(decision) = SprtLine::parse(text) {
            return Ok(Some(Item::Sprt(decision, lines.number())));
        }
        if let Some(host) = HostLine::parse(text) {
            return Ok(Some(Item::Host(host, lines.number())));
        }
        let ids = match parse_game_line(text, &mut self.record) {
            Some(ids) => ids,
            None => match refusal(text, &lines.source, lines.number()) {
                // Never met: the record and the tournament fields read apart take what the
                // line reads whole.
                Ok(line) => {
                    self.record = line.record;
                    LineIds {
                        game_id: Cow::Owned(line.game_id),
                        pair: line.pair,
                        opening: line.opening,
                        versions: line.versions,
                    }
                }
                Err(_) if unterminated => {
                    self.torn_line = Some(lines.number());
                    return Ok(Some(Item::Torn(lines.number())));
                }
                Err(e) => return Err(e),
            },
        };
        Ok(Some(Item::Game(GameLineRef {
            line: lines.number(),
            start: lines.start,
            text,
            ids,
            record: &self.record,
        })))
    }

    /// The next game line's tournament fields and text, its record left for the caller to
    /// check ([`LazyLine::check`]); `None` at the end, and after a torn last line. A complete
    /// line is refused here only when its tournament fields cannot be read; an SPRT line is no
    /// game line (the merge's inputs have none); host lines are passed over.
    pub fn next_lazy(&mut self) -> Result<Option<LazyLine<'_>>, LogError> {
        loop {
            if !self.lines.next_text()? {
                return Ok(None);
            }
            if HostLine::parse(self.lines.text().0).is_none() {
                break;
            }
        }
        self.lazy_line()
    }

    /// [`LogReader::next_lazy`] that gives an SPRT line as one: what reads a whole run's
    /// log without checking its records on the way (`--verify` checks them in parallel).
    pub fn next_unparsed(&mut self) -> Result<Option<Unparsed<'_>>, LogError> {
        if !self.lines.next_text()? {
            return Ok(None);
        }
        if let Some(decision) = SprtLine::parse(self.lines.text().0) {
            return Ok(Some(Unparsed::Sprt(decision, self.lines.number())));
        }
        if let Some(host) = HostLine::parse(self.lines.text().0) {
            let (text, n) = (self.lines.text().0, self.lines.number());
            return Ok(Some(Unparsed::Host(host, text, n)));
        }
        Ok(self.lazy_line()?.map(Unparsed::Game))
    }

    /// The line just read as a [`LazyLine`]; `None` when it is a torn last line.
    fn lazy_line(&mut self) -> Result<Option<LazyLine<'_>>, LogError> {
        let lines = &self.lines;
        let (text, unterminated) = lines.text();
        let n = lines.number();
        if unterminated
            && parse_game_line(text, &mut self.record).is_none()
            && refusal(text, &lines.source, n).is_err()
        {
            self.torn_line = Some(n);
            return Ok(None);
        }
        let ids = match line_ids(text) {
            Some(ids) => ids,
            None => {
                let line = refusal(text, &lines.source, n)?;
                LineIds {
                    game_id: Cow::Owned(line.game_id),
                    pair: line.pair,
                    opening: line.opening,
                    versions: line.versions,
                }
            }
        };
        Ok(Some(LazyLine { line: n, text, ids }))
    }
}

/// What a games.jsonl holds.
#[derive(Clone, Debug, PartialEq)]
pub struct GamesLog {
    pub header: Header,
    /// Finished games in file order, each game id once (the first line that is not
    /// superseded wins).
    pub games: Vec<GameLine>,
    /// What the log's host lines say ([`HostState`]); the superseded lines are in no list.
    pub host: HostState,
    /// Game ids met again after their first line (ignored).
    pub duplicates: Vec<String>,
    /// The 1-based number of a torn last line that was ignored.
    pub torn_line: Option<usize>,
    /// The SPRT's decision, when the run that wrote the log reached one (the first such
    /// line: a resumed run does not test again).
    pub sprt_line: Option<SprtLine>,
}

/// Parse the text of a games.jsonl ([`LogReader`]). `source` names it in errors. `Ok(None)`
/// when it holds no complete header line (empty, or killed while writing the header).
pub fn parse_games_log(text: &str, source: &str) -> Result<Option<GamesLog>, LogError> {
    let lines = Lines::new(text.as_bytes(), Path::new(source));
    let Some(mut reader) = LogReader::start(lines)? else {
        return Ok(None);
    };
    let mut games = Vec::new();
    let mut seen = HashSet::new();
    let mut duplicates = Vec::new();
    let mut sprt_line = None;
    // Host lines first: a rerun line supersedes lines before it.
    let host = HostState::scan_text(text);
    while let Some(item) = reader.next()? {
        match item {
            Item::Game(g) if host.superseded(&g.ids.game_id, g.line) => {}
            Item::Game(g) => {
                if seen.insert(g.ids.game_id.to_string()) {
                    games.push(g.to_line());
                } else {
                    duplicates.push(g.ids.game_id.into_owned());
                }
            }
            Item::Sprt(decision, _) => {
                sprt_line.get_or_insert(decision);
            }
            Item::Torn(_) | Item::Host(..) => {}
        }
    }
    Ok(Some(GamesLog {
        host,
        torn_line: reader.torn_line,
        header: reader.header,
        games,
        duplicates,
        sprt_line,
    }))
}

/// Read a games.jsonl (or `DIR/games.jsonl`). An error when it has no header.
pub fn read_games_log(path: &Path) -> Result<GamesLog, LogError> {
    let path = games_path(path);
    let text = std::fs::read_to_string(&path).map_err(io_error("read", &path))?;
    parse_games_log(&text, &path.display().to_string())?.ok_or(LogError::NoHeader { path })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = r#"{"game_id":"r1-p1-a","pair":1,"game":1,"ruleset":"darra","white":"a","black":"b","result":"1-0","termination":"normal","reason":"r","plies":2,"moves":["1A","2B"],"times_ms":[1,2],"start":"s","seed":3,"time_control":"-","event":"e","site":"-","date":"d","round":"1"}"#;

    /// Each edit of a valid line: the reader's check takes it exactly when [`GameLine`] does
    /// (the record read in place and the tournament fields read apart are the whole line).
    #[test]
    fn a_game_line_is_read_as_strictly_as_the_owned_line() {
        let edits: &[(&str, &str)] = &[
            ("", ""),
            (r#""moves":["1A","2B"]"#, r#""moves":["1A",2]"#),
            (r#""moves":["1A","2B"]"#, r#""moves":"1A""#),
            (r#""times_ms":[1,2]"#, r#""times_ms":[1,-2]"#),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"times_us":[1.5]"#,
            ),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"move_infos":[null,"x"]"#,
            ),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"move_infos":[null,3]"#,
            ),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"white_id_name":7"#,
            ),
            (r#""times_ms":[1,2]"#, r#""times_ms":[1,2],"opening":4"#),
            (r#""times_ms":[1,2]"#, r#""times_ms":[1,2],"opening":"4""#),
            (r#""times_ms":[1,2]"#, r#""times_ms":[1,2],"pair":2"#),
            (r#""times_ms":[1,2]"#, r#""times_ms":[1,2],"game_id":"x""#),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"extra":{"x":[1]}"#,
            ),
            (r#""pair":1,"#, r#""pair":1,"opening":2,"#),
            (r#""pair":1,"#, r#""pair":1,"opening":-2,"#),
            (r#""pair":1,"#, r#""pair":01,"#),
            (r#""r1-p1-a""#, r#""r1-p1-\u0061""#),
            (r#""reason":"r","#, ""),
            (r#""reason":"r""#, r#""reason":null"#),
            (r#""plies":2"#, r#""plies":2.0"#),
            (r#""seed":3"#, r#""seed":"3""#),
            (r#""round":"1""#, r#""round":1"#),
            (r#""result":"1-0""#, r#""result":"*""#),
            (r#""result":"1-0""#, r#""result":"2-0""#),
            (r#""termination":"normal""#, r#""termination":"bored""#),
            (r#""pair":1,"#, ""),
            (r#""reason":"r""#, r#""reason":"r\u00e9\n""#),
        ];
        let mut record = GameRecord::default();
        for (from, to) in edits {
            let line = LINE.replacen(from, to, 1);
            let owned = serde_json::from_str::<GameLine>(&line);
            let read = parse_game_line(&line, &mut record);
            assert_eq!(read.is_some(), owned.is_ok(), "{line}");
            if let (Some(ids), Ok(owned)) = (read, owned) {
                assert_eq!(
                    (&*ids.game_id, ids.pair, ids.opening, &record),
                    (&*owned.game_id, owned.pair, owned.opening, &owned.record)
                );
            }
        }
        // Each field left out in turn.
        let whole: serde_json::Map<String, serde_json::Value> = serde_json::from_str(LINE).unwrap();
        for key in whole.keys() {
            let mut less = whole.clone();
            less.remove(key);
            let line = serde_json::to_string(&less).unwrap();
            let owned = serde_json::from_str::<GameLine>(&line).is_ok();
            let read = parse_game_line(&line, &mut record).is_some();
            assert_eq!(read, owned, "without {key}: {line}");
        }
    }

    #[test]
    fn the_reader_gives_the_header_then_each_line_with_its_number() {
        let made_up = super::super::match_log::made_up_header("darra".into(), &[], 2);
        let header = serde_json::to_string(&made_up).unwrap();
        let text = format!("\n{header}\n{LINE}\n\n{{\"game_id\":");
        let lines = Lines::new(text.as_bytes(), Path::new("t"));
        let mut r = LogReader::start(lines).unwrap().unwrap();
        let mut seen = vec![];
        while let Some(item) = r.next().unwrap() {
            seen.push(match item {
                Item::Game(g) => (g.line, g.ids.game_id.to_string()),
                Item::Sprt(_, n) => (n, "sprt".into()),
                Item::Host(_, n) => (n, "host".into()),
                Item::Torn(n) => (n, "torn".into()),
            });
        }
        assert_eq!(seen.first(), Some(&(3, "r1-p1-a".to_string())));
        assert_eq!(seen.last(), Some(&(5, "torn".to_string())));
        assert_eq!(r.torn_line, Some(5));
    }
}
