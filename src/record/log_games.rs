//! The games of a log as `baraza replay` reads them, one at a time, from either log baraza
//! writes: the PGN-like log ([`crate::record::pgn`]) or the JSON lines (a tournament's
//! games.jsonl, a `match --jsonl` file). Only one game is held at a time, so a log of any size
//! is replayed in the memory of its largest game.

use crate::game::Position;
use crate::record::pgn::{PgnGame, PgnReader};
use crate::record::verify::{self, Problem};
use crate::record::GameRecord;
use serde::Deserialize;
use std::io::BufRead;

/// Which of the two logs a game was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogKind {
    Pgn,
    Jsonl,
}

/// One game of a log: what the PGN reader gives (a game read from JSON lines has no tags, and
/// its line is its every line), and the schedule's id when the log holds it (a games.jsonl
/// does; a PGN, or a `match --jsonl` file, does not).
#[derive(Clone, Debug, PartialEq)]
pub struct LogGame {
    pub game: PgnGame,
    /// The schedule's id (`r1-p4-a`): a games.jsonl line's `game_id`.
    pub id: Option<String>,
    pub kind: LogKind,
}

impl LogGame {
    /// The game's own number: its `GameIndex` tag, or its line's `game`.
    pub fn index(&self) -> u64 {
        self.game.record.game
    }

    /// Re-judge the game with the engines: [`verify::verify_game`] for a PGN game (its tags
    /// checked too), [`verify::verify_record`] for a JSON line (`plies` for `PlyCount`).
    pub fn verify(&self) -> Result<Box<dyn Position>, Problem> {
        match self.kind {
            LogKind::Pgn => verify::verify_game(&self.game),
            LogKind::Jsonl => {
                let line = self.game.line;
                verify::verify_record(&self.game.record, "plies", line, &|_| line, line)
            }
        }
    }
}

/// A log open for reading, a game at a time.
pub enum LogGames<R> {
    Pgn(PgnReader<R>),
    Jsonl(JsonlGames<R>),
}

/// Why a log cannot be read: the line and what is wrong there (the caller names the file).
pub type ReadError = crate::record::pgn::PgnError;

impl<R: BufRead> LogGames<R> {
    /// The log in `reader`: JSON lines when its first character that is not white space is
    /// `{`, the PGN-like log otherwise.
    pub fn new(mut reader: R) -> std::io::Result<LogGames<R>> {
        // The lines of white space passed over, when a whole buffer is only that.
        let mut skipped = 0;
        let jsonl = loop {
            let buf = reader.fill_buf()?;
            if buf.is_empty() {
                break false;
            }
            let text = buf.strip_prefix("\u{feff}".as_bytes()).unwrap_or(buf);
            let blank = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
            if blank < text.len() {
                break text[blank] == b'{';
            }
            // All white space so far: what follows says.
            let n = buf.len();
            skipped += buf.iter().filter(|&&b| b == b'\n').count();
            reader.consume(n);
        };
        Ok(if jsonl {
            let mut games = JsonlGames::new(reader);
            games.line = skipped;
            LogGames::Jsonl(games)
        } else {
            LogGames::Pgn(PgnReader::after_lines(reader, skipped))
        })
    }

    pub fn kind(&self) -> LogKind {
        match self {
            LogGames::Pgn(_) => LogKind::Pgn,
            LogGames::Jsonl(_) => LogKind::Jsonl,
        }
    }

    /// The next game; `None` at the end of the log.
    pub fn next_game(&mut self) -> Result<Option<LogGame>, ReadError> {
        match self {
            // The PGN has no tag for the schedule's id: games.jsonl beside it has.
            LogGames::Pgn(r) => Ok(r.next_game()?.map(|game| LogGame {
                game,
                id: None,
                kind: LogKind::Pgn,
            })),
            LogGames::Jsonl(r) => r.next_game(),
        }
    }
}

/// The game lines of a JSON-lines log: a line with a `baraza` field (a header, an SPRT or a
/// host line) is passed over, every other line is a game record; a last line without its
/// newline that is not one was cut short by a kill and is passed over too.
pub struct JsonlGames<R> {
    reader: R,
    buf: String,
    line: usize,
}

/// The fields of a line read apart from its record.
#[derive(Deserialize)]
struct LineKind {
    #[serde(default)]
    baraza: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    game_id: Option<String>,
}

impl<R: BufRead> JsonlGames<R> {
    pub fn new(reader: R) -> JsonlGames<R> {
        JsonlGames {
            reader,
            buf: String::new(),
            line: 0,
        }
    }

    pub fn next_game(&mut self) -> Result<Option<LogGame>, ReadError> {
        loop {
            self.buf.clear();
            let got = self
                .reader
                .read_line(&mut self.buf)
                .map_err(|e| ReadError {
                    line: self.line + 1,
                    message: format!("cannot read the log: {e}"),
                })?;
            if got == 0 {
                return Ok(None);
            }
            self.line += 1;
            let torn = !self.buf.ends_with('\n');
            let text = self.buf.trim();
            if text.is_empty() {
                continue;
            }
            let bad = |e: serde_json::Error| ReadError {
                line: self.line,
                message: format!("not a game record ({e})"),
            };
            let kind = match serde_json::from_str::<LineKind>(text) {
                Ok(kind) => kind,
                Err(_) if torn => return Ok(None),
                Err(e) => return Err(bad(e)),
            };
            if kind.baraza.is_some() {
                continue;
            }
            let record = match serde_json::from_str::<GameRecord>(text) {
                Ok(r) => r,
                Err(_) if torn => return Ok(None),
                Err(e) => return Err(bad(e)),
            };
            let moves = record.moves.len();
            return Ok(Some(LogGame {
                game: PgnGame {
                    record,
                    line: self.line,
                    tags: Vec::new(),
                    move_lines: vec![self.line; moves],
                    end_line: self.line,
                },
                id: kind.game_id,
                kind: LogKind::Jsonl,
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(text: &str) -> Vec<LogGame> {
        let mut log = LogGames::new(text.as_bytes()).unwrap();
        let mut out = Vec::new();
        while let Some(g) = log.next_game().unwrap() {
            out.push(g);
        }
        out
    }

    fn record(game: u64) -> GameRecord {
        GameRecord {
            game,
            ruleset: "darra".into(),
            white: "a".into(),
            black: "b".into(),
            result: "0-1".parse().unwrap(),
            plies: 1,
            moves: vec!["6A".into()],
            times_ms: vec![0],
            times_us: vec![106],
            start: "darra 0,0,0,0,0,2/3,0,0,0,2,1 1 20 20 1 7".into(),
            ..Default::default()
        }
    }

    #[test]
    fn json_lines_give_their_games_and_pass_over_the_rest() {
        let line = |g: u64, id: &str| {
            let mut v = serde_json::to_value(record(g)).unwrap();
            v["game_id"] = id.into();
            v.to_string()
        };
        let text = format!(
            "\n{{\"baraza\":\"tournament\",\"schema\":2}}\n{}\n{{\"baraza\":\"sprt\"}}\n\n{}\n{}",
            line(2, "r1-p1-b"),
            line(1, "r1-p1-a"),
            &line(3, "r2-p1-a")[..20]
        );
        let got = games(&text);
        assert_eq!(got.len(), 2, "the torn last line is passed over");
        assert_eq!((got[0].index(), got[0].id.as_deref()), (2, Some("r1-p1-b")));
        assert_eq!((got[1].game.line, got[1].kind), (6, LogKind::Jsonl));
        assert_eq!(got[1].game.record, record(1));
        assert!(got[1].verify().is_ok(), "{:?}", got[1].verify().err());
    }

    #[test]
    fn lines_of_white_space_longer_than_a_buffer_are_counted() {
        let mut pgn = Vec::new();
        crate::record::pgn::write_pgn(&mut pgn, &record(4)).unwrap();
        let json = format!("{}\n", serde_json::to_string(&record(1)).unwrap());
        for text in [String::from_utf8(pgn).unwrap(), json] {
            let blank = format!("{}{text}", " \n".repeat(50));
            // A buffer of 16 bytes: the blank lines fill three of them whole.
            let reader = std::io::BufReader::with_capacity(16, blank.as_bytes());
            let g = LogGames::new(reader).unwrap().next_game().unwrap().unwrap();
            assert_eq!(g.game.line, 51, "{text}");
        }
    }

    #[test]
    fn a_damaged_line_is_named_and_a_pgn_is_read_as_pgn() {
        let text = format!(
            "{}\n{{\"white\":1}}\n",
            serde_json::to_string(&record(1)).unwrap()
        );
        let mut log = LogGames::new(text.as_bytes()).unwrap();
        assert!(log.next_game().unwrap().is_some());
        let e = log.next_game().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.starts_with("not a game record"), "{e}");

        let mut pgn = Vec::new();
        crate::record::pgn::write_pgn(&mut pgn, &record(4)).unwrap();
        let got = games(std::str::from_utf8(&pgn).unwrap());
        assert_eq!(
            (got.len(), got[0].kind, got[0].index()),
            (1, LogKind::Pgn, 4)
        );
        // The PGN keeps the time to 0.1 ms.
        assert_eq!(got[0].game.record.times_us, vec![100]);
    }
}
