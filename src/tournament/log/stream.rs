//! games.jsonl read line by line, for `baraza merge`: memory does not grow with the games, and
//! each line is parsed only as far as the reader needs ([`super::seen`] says which ids were
//! met; `baraza results` reads with [`crate::tournament::table::results_stream`]). The
//! rules are those of [`super::games_jsonl::parse_games_log`]: a header first, every complete line
//! strict, a torn last line (no newline, not JSON) ignored, each game id counted once (its
//! first line).

use super::games_jsonl::{bad_result, games_path, parse_games_log, Header};
use crate::outcome::GameResult;
use crate::record::Termination;
use crate::tournament::plan::layout::Layout;
use anyhow::{anyhow, bail, Context};
use serde::de::IgnoredAny;
use std::borrow::Cow;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

/// A games.jsonl open for reading, its header already read.
pub struct LogStream {
    reader: BufReader<File>,
    pub path: PathBuf,
    pub header: Header,
    line_no: usize,
    /// Where the line in `buf` starts in the file, in bytes; and where the next one does.
    line_start: u64,
    next_start: u64,
    buf: String,
    /// The 1-based number of a torn last line, once the end is reached.
    pub torn_line: Option<usize>,
}

impl LogStream {
    /// Open a games.jsonl (or `DIR/games.jsonl`) and read its header; an error when it has
    /// none.
    pub fn open(path: &Path) -> anyhow::Result<LogStream> {
        let path = games_path(path);
        let file = File::open(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let source = path.display().to_string();
        let mut reader = BufReader::with_capacity(1 << 16, file);
        let mut first = String::new();
        let (mut line_no, mut header_end) = (0, 0u64);
        loop {
            first.clear();
            let n = reader
                .read_line(&mut first)
                .with_context(|| format!("cannot read {source}"))?;
            line_no += 1;
            header_end += n as u64;
            if n == 0 {
                bail!("{source}: no tournament header (empty file?)");
            }
            if !first.trim().is_empty() {
                break;
            }
        }
        // The one header parser, given the header line alone (a torn one is no header).
        let header = parse_games_log(&first, &source)?
            .ok_or_else(|| anyhow!("{source}: no tournament header (empty file?)"))?
            .header;
        Ok(LogStream {
            reader,
            path,
            header,
            line_no,
            line_start: header_end,
            next_start: header_end,
            buf: String::new(),
            torn_line: None,
        })
    }

    /// Read the next line into `buf`; false at the end.
    fn read(&mut self) -> anyhow::Result<bool> {
        self.buf.clear();
        let n = self
            .reader
            .read_line(&mut self.buf)
            .with_context(|| format!("cannot read {}", self.path.display()))?;
        self.line_no += 1;
        self.line_start = self.next_start;
        self.next_start += n as u64;
        Ok(n > 0)
    }

    /// The next game line's text (without its newline) with its number in the file and the
    /// byte where it starts, checked
    /// to be a complete game line and parsed as far as the table needs ([`GameFields`]).
    /// `None` at the end.
    #[allow(clippy::type_complexity)]
    pub fn next_line(&mut self) -> anyhow::Result<Option<(usize, u64, &str, GameFields<'_>)>> {
        let Some((n, unterminated)) = self.next_text()? else {
            return Ok(None);
        };
        let source = self.path.display().to_string();
        // The buffer alone is borrowed (not `self`), so the torn line can be noted.
        let text = self.buf.trim_end_matches(['\n', '\r']);
        match check_line(text, &source, n, unterminated)? {
            Some(g) => Ok(Some((n, self.line_start, text, g))),
            None => {
                self.torn_line = Some(n);
                Ok(None)
            }
        }
    }

    /// Read the next line that is not blank: its number, and whether it has no newline (only
    /// the last line can lack one). Not checked: see
    /// [`check_line`]. `None` at the end.
    pub fn next_text(&mut self) -> anyhow::Result<Option<(usize, bool)>> {
        loop {
            if !self.read()? {
                return Ok(None);
            }
            if !self.buf.trim().is_empty() {
                return Ok(Some((self.line_no, !self.buf.ends_with('\n'))));
            }
        }
    }

    /// The next game line's number, text, game id and pair: read by [`quick_ids`] when the
    /// line is complete and starts as baraza writes it (then `checked` is false: the rest of
    /// the line is for the caller to check), else as [`LogStream::next_line`] reads it. `None`
    /// at the end.
    pub fn next_ids(&mut self) -> anyhow::Result<Option<LineIds<'_>>> {
        let Some((line, unterminated)) = self.next_text()? else {
            return Ok(None);
        };
        let text = self.buf.trim_end_matches(['\n', '\r']);
        if let Some((id, pair)) = quick_ids(text).filter(|_| !unterminated) {
            return Ok(Some(LineIds {
                line,
                text,
                game_id: Cow::Borrowed(id),
                pair,
                checked: false,
            }));
        }
        let source = self.path.display().to_string();
        match check_line(text, &source, line, unterminated)? {
            Some(g) => Ok(Some(LineIds {
                line,
                text,
                game_id: g.game_id,
                pair: g.pair,
                checked: true,
            })),
            None => {
                self.torn_line = Some(line);
                Ok(None)
            }
        }
    }
}

/// A game line as [`LogStream::next_ids`] reads it.
pub struct LineIds<'a> {
    pub line: usize,
    pub text: &'a str,
    pub game_id: Cow<'a, str>,
    pub pair: u64,
    /// Whether the whole line was checked ([`check_line`]), or only its start.
    pub checked: bool,
}

/// Line `n` of `source` checked to be a complete game line, parsed as far as the table needs;
/// `Ok(None)` when it is not one but is `unterminated` (a torn last line, to be ignored).
pub fn check_line<'a>(
    text: &'a str,
    source: &str,
    n: usize,
    unterminated: bool,
) -> anyhow::Result<Option<GameFields<'a>>> {
    match serde_json::from_str::<GameFields>(text) {
        Ok(g) => Ok(Some(g)),
        Err(_) if unterminated => Ok(None),
        // As the full reader says it: a result the record cannot hold is named.
        Err(e) => match bad_result(text) {
            Some(bad) => bail!("{source} line {n}: {bad}"),
            None => bail!("{source} line {n}: not a game line: {e}"),
        },
    }
}

/// The game id and pair of a game line that starts as baraza writes one,
/// `{"game_id":"r1-p2-a","pair":2,...` (no escapes, no other `game_id` or `pair` key after
/// them), read without parsing the rest; `None` for any other line (parse it).
/// The merge reads ids so and leaves the rest to its parse of the whole record, which accepts
/// a line that starts so exactly when [`check_line`] would.
pub fn quick_ids(text: &str) -> Option<(&str, u64)> {
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
    if !tail.starts_with(',') || tail.contains(r#""game_id""#) || tail.contains(r#""pair""#) {
        return None;
    }
    Some((id, pair))
}

/// What the table and the merge read of a game line, borrowed from it where its text allows.
/// Every other field of a [`GameLine`](super::games_jsonl::GameLine) must be there too (so a line that is not a game is
/// refused as the full reader refuses it), but is skipped, not built.
#[derive(Debug, serde::Deserialize)]
pub struct GameFields<'a> {
    #[serde(borrow)]
    pub game_id: Cow<'a, str>,
    pub pair: u64,
    #[serde(borrow)]
    pub white: Cow<'a, str>,
    #[serde(borrow)]
    pub black: Cow<'a, str>,
    pub result: GameResult,
    pub termination: Termination,
    #[serde(rename = "game")]
    _game: IgnoredAny,
    #[serde(rename = "ruleset")]
    _ruleset: IgnoredAny,
    #[serde(rename = "reason")]
    _reason: IgnoredAny,
    #[serde(rename = "plies")]
    _plies: IgnoredAny,
    #[serde(rename = "moves")]
    _moves: IgnoredAny,
    #[serde(rename = "times_ms")]
    _times: IgnoredAny,
    #[serde(rename = "start")]
    _start: IgnoredAny,
    #[serde(rename = "seed")]
    _seed: IgnoredAny,
    #[serde(rename = "time_control")]
    _time_control: IgnoredAny,
    #[serde(rename = "event")]
    _event: IgnoredAny,
    #[serde(rename = "site")]
    _site: IgnoredAny,
    #[serde(rename = "date")]
    _date: IgnoredAny,
    #[serde(rename = "round")]
    _round: IgnoredAny,
}

/// The event's layout as a header describes it.
pub fn header_layout(h: &Header) -> anyhow::Result<Layout> {
    let e = &h.event;
    Ok(Layout::new(e.format, &e.growth, e.bots.len(), e.rounds)?)
}
