//! The JSON-lines sink: one line per finished game, written and flushed the moment the game
//! ends. Two shapes of one writer:
//!
//! - `games.jsonl` of a tournament: a header line, then [`GameLine`]s (the record with the
//!   schedule's `game_id`, `pair`, `opening`), appended on resume ([`GamesWriter`]);
//! - `match --jsonl FILE` and `play --jsonl FILE`: the [`GameRecord`] alone per line, appended
//!   to FILE ([`RecordsSink`]), after the match's header and with its SPRT's decision
//!   ([`crate::tournament::log::match_header`]; `play` writes neither).

use super::{RunEvent, Sink, SinkError};
use crate::record::GameRecord;
use crate::tournament::log::games_jsonl::{json_line, GameLine, GamesWriter};
use crate::tournament::log::host_line::{HostAction, HostLine};
use crate::tournament::log::match_header::MatchHeader;
use crate::tournament::log::sprt_order::SprtLine;
use crate::tournament::log::whole_append::WholeAppender;
use std::fs::OpenOptions;
use std::path::Path;

pub enum JsonlSink {
    GamesLog(GamesWriter),
    Records(RecordsSink),
}

/// A file of records, one JSON line each, appended: `match --jsonl` (as a run's sink) and
/// `play --jsonl` (its one game, [`RecordsSink::write`]).
pub struct RecordsSink {
    out: WholeAppender,
}

impl RecordsSink {
    /// Append to `path` (created if missing).
    pub fn append(path: &Path) -> std::io::Result<RecordsSink> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(RecordsSink {
            out: WholeAppender::new(file, path),
        })
    }

    /// Append one record's line, whole or not at all, and flush.
    pub fn write(&mut self, record: &GameRecord) -> Result<(), SinkError> {
        self.write_line(record)
    }

    /// Append any one line: a record, the match's header or the SPRT's decision.
    fn write_line(&mut self, value: &impl serde::Serialize) -> Result<(), SinkError> {
        let buf = json_line(value, self.out.path())?;
        self.out.append(&buf)
    }
}

impl JsonlSink {
    /// `match --jsonl`: append the match's header, then its records, to `path` (created if
    /// missing).
    pub fn records(path: &Path, header: &MatchHeader) -> std::io::Result<JsonlSink> {
        let mut sink = RecordsSink::append(path)?;
        sink.write_line(header).map_err(std::io::Error::other)?;
        Ok(JsonlSink::Records(sink))
    }

    fn write(&mut self, line: &GameLine) -> Result<(), SinkError> {
        match self {
            JsonlSink::GamesLog(w) => w.write(line),
            JsonlSink::Records(r) => r.write(&line.record),
        }
    }
}

impl Sink for JsonlSink {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        match event {
            RunEvent::GameFinished { line, .. } => self.write(line),
            // The decision is recorded in games.jsonl and in a match's file: the games after
            // it were not played, and `--verify` does not look for them.
            RunEvent::SprtDecided { sprt } => {
                let line = SprtLine::new(&sprt.first, &sprt.second, sprt.report);
                match self {
                    JsonlSink::GamesLog(w) => w.write_sprt(&line),
                    JsonlSink::Records(r) => r.write_line(&line),
                }
            }
            // A match's file holds its games alone (a game missing from it is named by
            // `--verify`); its console says why.
            RunEvent::NotPlayed { game, cause, .. } => match self {
                JsonlSink::GamesLog(w) => w.write_host(&HostLine::new(HostAction::NotPlayed {
                    game: game.game_id.clone(),
                    cause: cause.to_string(),
                })),
                JsonlSink::Records(_) => Ok(()),
            },
            _ => Ok(()),
        }
    }
}
