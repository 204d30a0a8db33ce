//! The PGN-like log: writes a [`GameRecord`] as a block of tags and movetext, and parses a log
//! back into records with the line of everything. `docs/log-format.md` describes the format
//! for users; the comments here say how the code maps onto it.

use crate::decimal::push_uint;
use crate::outcome::{GameResult, Termination};
use crate::record::info::Eval;
use crate::record::{standard_start, GameRecord};

/// Movetext lines, their `% ` included, are wrapped before this column (one long move may
/// exceed it).
const LINE_WIDTH: usize = 79;

/// What every movetext line starts with but the result's: PGN's escape, a `%` in column 1,
/// which makes a chess reader skip the line. Our moves are not chess moves: pgn-extract and
/// python-chess, reading them, invented games or read pawn moves; skipping them, each sees
/// the games with their tags and results and no moves. [`parse_movetext`] takes the line's
/// text after it.
const MOVETEXT_ESCAPE: &str = "% ";

/// The tags every game must carry, in the order the writer puts them. `--verify` reports a
/// missing one; the parser fills a default so that the rest of the game can still be read.
pub const REQUIRED_TAGS: [&str; 14] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Ruleset",
    "TimeControl",
    "Termination",
    "PlyCount",
    "Seed",
    "GameIndex",
    "Reason",
];

/// Write one game as a PGN-like block: tag pairs, a blank line, the numbered movetext with each
/// move's think time in a `{<ms>ms}` comment, each of its lines escaped with `% ` (which
/// chess readers skip), the result on a line of its own, and a blank line (so games appended
/// one after the other are separated by blank lines). When the mover's last info line before a move
/// has a score, the comment carries it after the time, cutechess style: `{103ms +0.25/12}`
/// ([`Eval`]).
///
/// The start position is written (`[Position "..."]`) only when it is not the standard start of
/// the ruleset. No `SetUp` tag: chess tools take `[SetUp "1"]` to promise a chess `FEN` tag and
/// drop a game without one (logs written before this still read). The bots' `id` lines go
/// as `WhiteIdName`, `WhiteIdAuthor`, `BlackIdName`, `BlackIdAuthor` after `Reason`, each only
/// when the bot sent it. A missing think time (`times_ms` shorter than `moves`) is
/// written as no comment and read back as 0.
pub fn write_pgn(
    out: &mut (impl std::io::Write + ?Sized),
    rec: &GameRecord,
) -> std::io::Result<()> {
    let mut s = String::with_capacity(512 + rec.moves.len() * 12);
    let mut tag = |name: &str, value: &str| {
        s.push('[');
        s.push_str(name);
        s.push_str(" \"");
        escape_tag_value(value, &mut s);
        s.push_str("\"]\n");
    };
    tag("Event", &rec.event);
    tag("Site", &rec.site);
    tag("Date", &rec.date);
    tag("Round", &rec.round);
    tag("White", &rec.white);
    tag("Black", &rec.black);
    tag("Result", rec.result.as_str());
    tag("Ruleset", &rec.ruleset);
    tag("TimeControl", &rec.time_control);
    tag("Termination", rec.termination.as_str());
    tag("PlyCount", &rec.plies.to_string());
    if !rec.is_standard_start() {
        tag("Position", &rec.start);
    }
    tag("Seed", &rec.seed.to_string());
    tag("GameIndex", &rec.game.to_string());
    tag("Reason", &rec.reason);
    for (name, value) in id_tags(rec) {
        if let Some(v) = value {
            tag(name, v);
        }
    }
    s.push('\n');

    // Move numbers count full moves from the start position: `1. <p1> <p2> 2. ...`; when
    // player 2 moves first the first move is written `1... <p2>`. (Player 1 moves first in
    // every standard start.)
    let offset = usize::from(rec.player_two_moved_first());
    // The length of the movetext line being written, its `% ` included; 0 before its first.
    let mut line_len = 0;
    let mut push = |s: &mut String, token: &str| {
        if line_len > 0 && line_len + 1 + token.len() <= LINE_WIDTH {
            s.push(' ');
            line_len += 1;
        } else {
            if line_len > 0 {
                s.push('\n');
            }
            s.push_str(MOVETEXT_ESCAPE);
            line_len = MOVETEXT_ESCAPE.len();
        }
        s.push_str(token);
        line_len += token.len();
    };
    // A ply's number, move and time stay together on one line.
    let mut unit = String::with_capacity(32);
    // Written in place (no formatting machinery): a tournament writes every game it plays.
    for (i, mv) in rec.moves.iter().enumerate() {
        unit.clear();
        let k = i + offset;
        if k % 2 == 0 || i == 0 {
            push_uint(&mut unit, (k / 2 + 1) as u64);
            unit.push_str(if k % 2 == 0 { ". " } else { "... " });
        }
        unit.push_str(mv);
        if let Some(us) = think_time_us(rec, i) {
            // To 0.1 ms, the tenth only when it is not 0: `{12ms}`, `{12.3ms}`.
            unit.push_str(" {");
            push_uint(&mut unit, us / 1000);
            let tenth = us % 1000 / 100;
            if tenth != 0 {
                unit.push('.');
                unit.push(char::from(b'0' + tenth as u8));
            }
            unit.push_str("ms");
            if let Some(eval) = rec.move_info(i).and_then(Eval::of_info) {
                unit.push(' ');
                eval.push_to(&mut unit);
            }
            unit.push('}');
        }
        push(&mut s, &unit);
    }
    // The result stands alone and unescaped: it is what ends the game for a chess reader.
    if !rec.moves.is_empty() {
        s.push('\n');
    }
    s.push_str(rec.result.as_str());
    s.push_str("\n\n");
    out.write_all(s.as_bytes())
}

/// The optional tags of the bots' `id` lines, in the order they are written.
fn id_tags(rec: &GameRecord) -> [(&'static str, Option<&str>); 4] {
    [
        ("WhiteIdName", rec.white_id_name.as_deref()),
        ("WhiteIdAuthor", rec.white_id_author.as_deref()),
        ("BlackIdName", rec.black_id_name.as_deref()),
        ("BlackIdAuthor", rec.black_id_author.as_deref()),
    ]
}

/// Escape a tag value: `\` and `"` get a backslash (as in PGN); newline, carriage return and
/// tab become `\n`, `\r`, `\t`; any other control character becomes `\u{XX}` (hex), so a tag is
/// always one line and reads back exactly.
pub fn escape_tag_value(value: &str, out: &mut String) {
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || crate::escape::bidi::is_bidi(c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
}

/// A log that cannot be read: the 1-based line number and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PgnError {
    pub line: usize,
    pub message: String,
}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, PgnError> {
    Err(PgnError {
        line,
        message: message.into(),
    })
}

/// One game as read from a log: the record plus where things are in the file, for messages
/// that name lines and for `--verify` (which tags were present).
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    pub record: GameRecord,
    /// Line of the game's first tag (or first movetext line if it has no tags).
    pub line: usize,
    /// Every tag pair in file order, unknown ones included, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The line of each move in `record.moves`.
    pub move_lines: Vec<usize>,
    /// The result token that ends the movetext (equal to `record.result`).
    pub end_line: usize,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The required tags this game lacks, in [`REQUIRED_TAGS`] order.
    pub fn missing_tags(&self) -> Vec<&'static str> {
        REQUIRED_TAGS
            .into_iter()
            .filter(|t| self.tag(t).is_none())
            .collect()
    }
}

/// Parse a whole log into records. See [`parse_pgn_games`] for what is an error.
pub fn parse_pgn(text: &str) -> Result<Vec<GameRecord>, PgnError> {
    Ok(parse_pgn_games(text)?
        .into_iter()
        .map(|g| g.record)
        .collect())
}

/// Parse a whole log, keeping line numbers. Errors (each naming its line): a tag line that is
/// not `[Name "value"]` with a valid escape, a duplicate tag, a bad value in a tag the record
/// types (`Result`, `Termination`, `PlyCount`, `Seed`, `GameIndex`), an unclosed `{` comment,
/// a movetext that does not end with a result, or one whose result differs from the `Result`
/// tag. Missing tags are not an error here (the record gets `?`, 0 or `normal`);
/// [`crate::record::verify::verify`] reports them.
pub fn parse_pgn_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    // A byte-order mark left by an editor is not part of the first tag.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games = Games::new(SliceLines(text.lines().collect()));
    let mut out = Vec::new();
    while let Some(g) = games.next_game()? {
        out.push(g);
    }
    Ok(out)
}

/// A log read a game at a time from a file or a pipe, holding one line and one game: what
/// `replay --verify` reads a log of any size with. It reads as [`parse_pgn_games`] does.
pub struct PgnReader<R>(Games<ReadLines<R>>);

impl<R: std::io::BufRead> PgnReader<R> {
    pub fn new(reader: R) -> PgnReader<R> {
        PgnReader::after_lines(reader, 0)
    }

    /// The log in `reader`, whose first `lines` lines have been read already (blank ones:
    /// the next is numbered `lines + 1`).
    pub fn after_lines(reader: R, lines: usize) -> PgnReader<R> {
        let mut games = Games::new(ReadLines {
            reader,
            buf: String::new(),
            read: lines,
        });
        games.i = lines;
        PgnReader(games)
    }

    /// The next game; `None` at the end of the log.
    pub fn next_game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        self.0.next_game()
    }
}

/// Where the parser reads lines from, forward only: the line asked for is never before the
/// one asked last (a line may be asked again).
trait LineSource {
    /// Line index `i` (from 0), without its line end; `None` past the end.
    fn line(&mut self, i: usize) -> Result<Option<&str>, PgnError>;
    /// How many lines have been read (all of them, once `line` gave `None`).
    fn count(&self) -> usize;
}

/// The lines of a text held whole.
struct SliceLines<'a>(Vec<&'a str>);

impl LineSource for SliceLines<'_> {
    fn line(&mut self, i: usize) -> Result<Option<&str>, PgnError> {
        Ok(self.0.get(i).copied())
    }
    fn count(&self) -> usize {
        self.0.len()
    }
}

/// The lines of a reader, one held at a time.
struct ReadLines<R> {
    reader: R,
    /// Line `read - 1`, its line end cut.
    buf: String,
    /// How many lines have been read.
    read: usize,
}

impl<R: std::io::BufRead> LineSource for ReadLines<R> {
    fn line(&mut self, i: usize) -> Result<Option<&str>, PgnError> {
        debug_assert!(
            i + 1 >= self.read,
            "line {i} asked after line {}",
            self.read
        );
        while self.read <= i {
            self.buf.clear();
            let got = self.reader.read_line(&mut self.buf).map_err(|e| PgnError {
                line: self.read + 1,
                message: format!("cannot read the log: {e}"),
            })?;
            if got == 0 {
                return Ok(None);
            }
            self.read += 1;
            // As `str::lines` cuts them: `\n`, or `\r\n`.
            if self.buf.ends_with('\n') {
                self.buf.pop();
                if self.buf.ends_with('\r') {
                    self.buf.pop();
                }
            }
            if self.buf.starts_with('\u{feff}') && self.read == 1 {
                self.buf.drain(..'\u{feff}'.len_utf8());
            }
        }
        Ok(Some(&self.buf))
    }
    fn count(&self) -> usize {
        self.read
    }
}

/// The games of a line source, read one after the other.
struct Games<S> {
    src: S,
    /// The index of the next line to read.
    i: usize,
    /// How many games have been read.
    read: u64,
}

impl<S: LineSource> Games<S> {
    fn new(src: S) -> Games<S> {
        Games { src, i: 0, read: 0 }
    }

    fn next_game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        loop {
            let Some(line) = self.src.line(self.i)? else {
                return Ok(None);
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with('%') {
                self.i += 1;
                continue;
            }
            break;
        }
        // One game: tag lines, then movetext up to its result token.
        let first_line = self.i + 1;
        let (tags, next) = read_tags(&mut self.src, self.i)?;
        let Movetext {
            moves,
            times_us,
            evals,
            move_lines,
            result,
            end_line,
            next,
        } = parse_movetext(&mut self.src, next, first_line)?;
        self.i = next;
        tags.check_result(result, end_line)?;
        self.read += 1;
        let mut record = tags.record(moves, times_us, result, self.read)?;
        if evals.iter().any(Option::is_some) {
            record.move_infos = evals.iter().map(|e| e.map(|e| e.info_text())).collect();
        }
        Ok(Some(PgnGame {
            record,
            line: first_line,
            tags: tags.pairs,
            move_lines,
            end_line,
        }))
    }
}

/// A game's tag pairs in file order, with the line of each.
struct Tags {
    pairs: Vec<(String, String)>,
    lines: Vec<usize>,
}

/// Read the tag lines of a game from line index `i` (blank lines skipped); returns the tags and
/// the index of the first movetext line: the first that does not start with `[`. A `%` line
/// after the tags is movetext ([`MOVETEXT_ESCAPE`]; logs of versions before it have none there).
fn read_tags(src: &mut impl LineSource, mut i: usize) -> Result<(Tags, usize), PgnError> {
    let mut tags = Tags {
        pairs: Vec::new(),
        lines: Vec::new(),
    };
    while let Some(l) = src.line(i)? {
        let l = l.trim();
        if l.is_empty() {
            i += 1;
            continue;
        }
        if !l.starts_with('[') {
            break;
        }
        let (name, value) = parse_tag_line(l, i + 1)?;
        if tags.pairs.iter().any(|(n, _)| *n == name) {
            return err(i + 1, format!("duplicate tag {name}"));
        }
        tags.pairs.push((name, value));
        tags.lines.push(i + 1);
        i += 1;
    }
    Ok((tags, i))
}

impl Tags {
    /// A tag's value and line.
    fn get(&self, name: &str) -> Option<(&str, usize)> {
        self.pairs
            .iter()
            .position(|(n, _)| n == name)
            .map(|k| (self.pairs[k].1.as_str(), self.lines[k]))
    }

    /// A text tag's value, `?` when missing.
    fn text(&self, name: &str) -> String {
        self.get(name).map_or("?", |(v, _)| v).to_string()
    }

    /// An optional text tag's value.
    fn optional(&self, name: &str) -> Option<String> {
        self.get(name).map(|(v, _)| v.to_string())
    }

    /// A number tag's value, `default` when missing.
    fn number(&self, name: &str, default: u64) -> Result<u64, PgnError> {
        match self.get(name) {
            Some((v, l)) => parse_number(v).ok_or_else(|| PgnError {
                line: l,
                message: format!("{name} '{v}' is not a non-negative decimal integer"),
            }),
            None => Ok(default),
        }
    }

    /// The `Result` tag, checked against the movetext's result token.
    fn check_result(&self, result: GameResult, end_line: usize) -> Result<(), PgnError> {
        let Some((v, l)) = self.get("Result") else {
            return Ok(());
        };
        if GameResult::parse(v).is_none() {
            return err(l, format!("Result '{v}' is not 1-0, 0-1, 1/2-1/2 or *"));
        }
        if v != result.as_str() {
            return err(
                end_line,
                format!("the movetext ends with {result} but the Result tag (line {l}) says {v}"),
            );
        }
        Ok(())
    }

    fn termination(&self) -> Result<Termination, PgnError> {
        match self.get("Termination") {
            Some((v, l)) => Termination::parse(v).ok_or_else(|| PgnError {
                line: l,
                message: format!(
                    "Termination '{v}' is not one of: {}",
                    Termination::ALL.map(|t| t.as_str()).join(", ")
                ),
            }),
            None => Ok(Termination::Normal),
        }
    }

    /// The record of the game these tags head, with its movetext; `index` is its 1-based
    /// place in the file (the default `GameIndex`).
    fn record(
        &self,
        moves: Vec<String>,
        times_us: Vec<u64>,
        result: GameResult,
        index: u64,
    ) -> Result<GameRecord, PgnError> {
        let termination = self.termination()?;
        let plies = self.number("PlyCount", moves.len() as u64)? as usize;
        let seed = self.number("Seed", 0)?;
        let game = self.number("GameIndex", index)?;
        let ruleset = match self.get("Ruleset") {
            Some((v, _)) => v.to_string(),
            None => self
                .get("Position")
                .and_then(|(v, _)| v.split(' ').next())
                .unwrap_or("?")
                .to_string(),
        };
        let start = match self.get("Position") {
            Some((v, _)) => v.to_string(),
            None => standard_start(&ruleset).unwrap_or_default().to_string(),
        };
        Ok(GameRecord {
            game,
            ruleset,
            white: self.text("White"),
            black: self.text("Black"),
            result,
            termination,
            reason: self.get("Reason").map_or("", |(v, _)| v).to_string(),
            plies,
            moves,
            times_ms: times_us.iter().map(|us| us / 1000).collect(),
            times_us,
            start,
            seed,
            time_control: self.text("TimeControl"),
            event: self.text("Event"),
            site: self.text("Site"),
            date: self.text("Date"),
            round: self.text("Round"),
            white_id_name: self.optional("WhiteIdName"),
            white_id_author: self.optional("WhiteIdAuthor"),
            black_id_name: self.optional("BlackIdName"),
            black_id_author: self.optional("BlackIdAuthor"),
            move_infos: Vec::new(),
        })
    }
}

/// ASCII digits only, no sign, no leading zero (except `0`), fits in u64.
fn parse_number(v: &str) -> Option<u64> {
    let digits = !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
    if !digits || (v.len() > 1 && v.starts_with('0')) {
        return None;
    }
    v.parse().ok()
}

/// `[Name "value"]` -> (name, unescaped value). `l` is trimmed; white space (any, at least
/// one) separates the name from the value, and more may stand after `[` and before `]`.
fn parse_tag_line(l: &str, line: usize) -> Result<(String, String), PgnError> {
    let Some(inner) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')) else {
        return err(line, "a tag line must be [Name \"value\"]");
    };
    // White space around the name and the value is allowed, as in PGN: `[ Name  "v" ]`.
    let Some((name, rest)) = inner.trim_start().split_once(char::is_whitespace) else {
        return err(line, "a tag line must be [Name \"value\"]");
    };
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return err(line, format!("bad tag name '{name}'"));
    }
    let rest = rest.trim();
    let Some(quoted) = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .filter(|_| rest.len() >= 2)
    else {
        return err(
            line,
            format!("the value of tag {name} must be in double quotes"),
        );
    };
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return err(line, format!("unescaped '\"' in the value of tag {name}")),
            '\\' => match chars.next() {
                Some('\\') => value.push('\\'),
                Some('"') => value.push('"'),
                Some('n') => value.push('\n'),
                Some('r') => value.push('\r'),
                Some('t') => value.push('\t'),
                Some('u') => {
                    let rest = chars.as_str();
                    let decoded = rest
                        .strip_prefix('{')
                        .and_then(|r| r.split_once('}'))
                        .and_then(|(hex, _)| u32::from_str_radix(hex, 16).ok().map(|v| (hex, v)))
                        .and_then(|(hex, v)| char::from_u32(v).map(|c| (hex.len(), c)));
                    let Some((len, c)) = decoded else {
                        return err(
                            line,
                            format!("bad \\u{{...}} escape in the value of tag {name}"),
                        );
                    };
                    value.push(c);
                    chars = rest[len + 2..].chars();
                }
                other => {
                    let what = other.map_or("end of value".to_string(), |c| format!("'\\{c}'"));
                    return err(
                        line,
                        format!("bad escape {what} in the value of tag {name}"),
                    );
                }
            },
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// What [`parse_movetext`] returns: one game's movetext up to its result.
struct Movetext {
    moves: Vec<String>,
    /// Think times in µs.
    times_us: Vec<u64>,
    /// The eval in each move's comment, if any.
    evals: Vec<Option<Eval>>,
    move_lines: Vec<usize>,
    result: GameResult,
    /// The line of the result token.
    end_line: usize,
    /// The index of the next line to read.
    next: usize,
}

/// Read movetext from line index `start` up to and including its result token. A line that
/// starts with `%` ([`MOVETEXT_ESCAPE`]) is read without it and one space after it; the lines
/// of older logs, without it, read the same.
fn parse_movetext(
    src: &mut impl LineSource,
    start: usize,
    game_line: usize,
) -> Result<Movetext, PgnError> {
    let mut moves: Vec<String> = Vec::new();
    let mut times: Vec<u64> = Vec::new();
    let mut move_lines = Vec::new();
    // Times and evals are filled per move: None until the move's comment is seen.
    let mut pending: Vec<Option<(u64, Option<Eval>)>> = Vec::new();
    let mut comment: Option<(String, usize)> = None;
    let mut i = start;
    while let Some(line) = src.line(i)? {
        let ln = i + 1;
        let mut rest = line.trim_start();
        if let Some(text) = rest.strip_prefix('%') {
            rest = text.strip_prefix(' ').unwrap_or(text);
        }
        i += 1;
        loop {
            if let Some((text, _)) = comment.as_mut() {
                let Some(end) = rest.find('}') else {
                    text.push_str(rest);
                    text.push(' ');
                    break;
                };
                text.push_str(&rest[..end]);
                rest = &rest[end + 1..];
                let (text, open_line) = comment.take().expect("inside a comment");
                // The first comment after a move carries its think time; others are ignored.
                if let Some(slot @ None) = pending.last_mut() {
                    *slot = Some(parse_comment(&text).ok_or_else(|| PgnError {
                        line: open_line,
                        message: format!(
                            "the comment {{{text}}} after move {} must start with its think time, e.g. {{12ms}}",
                            moves.len()
                        ),
                    })?);
                }
                continue;
            }
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            if let Some(after) = rest.strip_prefix('{') {
                comment = Some((String::new(), ln));
                rest = after;
                continue;
            }
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            if let Some(result) = GameResult::parse(token) {
                if !rest.trim().is_empty() {
                    return err(ln, format!("text after the result {token}"));
                }
                let evals = pending.iter().map(|t| t.and_then(|(_, e)| e)).collect();
                for t in &pending {
                    times.push(t.map_or(0, |(ms, _)| ms));
                }
                return Ok(Movetext {
                    moves,
                    times_us: times,
                    evals,
                    move_lines,
                    result,
                    end_line: ln,
                    next: i,
                });
            }
            if is_move_number(token) {
                continue;
            }
            if token.starts_with('[') {
                return err(
                    ln,
                    "a tag line inside movetext: the previous game has no result at its end",
                );
            }
            if token.contains('}') {
                return err(ln, format!("'}}' without an opening '{{' in '{token}'"));
            }
            moves.push(token.to_string());
            move_lines.push(ln);
            pending.push(None);
        }
    }
    if let Some((_, open_line)) = comment {
        return err(open_line, "comment '{' is never closed");
    }
    err(
        src.count().max(1),
        format!("the game starting at line {game_line} has no result (1-0, 0-1, 1/2-1/2 or *) at the end of its movetext"),
    )
}

/// `12.` or `12...`
fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A move comment: the think time it starts with, and the eval when its second word is one
/// (`{103ms +0.25/12}`). Other words (`{12ms, info ...}`) are ignored.
fn parse_comment(text: &str) -> Option<(u64, Option<Eval>)> {
    let mut words = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty());
    let ms = parse_time(words.next()?)?;
    Some((ms, words.next().and_then(Eval::parse)))
}

/// The think time at the start of a move comment, in µs: `12ms`, `12.3ms` (up to three
/// decimals), or seconds `0.012s` (up to three decimals). Anything after the first word
/// (`{12ms, info ...}`) is ignored.
fn parse_time(text: &str) -> Option<u64> {
    let word = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .find(|w| !w.is_empty())?;
    let (number, unit) = match word.strip_suffix("ms") {
        Some(n) => (n, 1_000u64),
        None => (word.strip_suffix('s')?, 1_000_000u64),
    };
    let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
    if number.ends_with('.') || frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole = parse_number(whole)?;
    let mut frac_us = 0u64;
    let mut scale = unit;
    for b in frac.bytes() {
        scale /= 10;
        frac_us += u64::from(b - b'0') * scale;
    }
    // To the writer's 0.1 ms, so that what is read writes back the same.
    let us = whole.checked_mul(unit)?.checked_add(frac_us)?;
    Some(us / 100 * 100)
}

/// Ply `i`'s think time in µs: from `times_us` when the record has one per move, else from
/// `times_ms` (a record of an older version, or one built without µs).
pub fn think_time_us(rec: &GameRecord, i: usize) -> Option<u64> {
    if rec.times_us.len() == rec.moves.len() {
        rec.times_us.get(i).copied()
    } else {
        rec.times_ms.get(i).map(|ms| ms.saturating_mul(1000))
    }
}
