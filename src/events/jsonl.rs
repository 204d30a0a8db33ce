//! The JSON-lines sink: one line per finished game, written and flushed the moment the game
//! ends. Two shapes of one writer:
//!
//! - `games.jsonl` of a tournament: a header line, then [`GameLine`]s (the record with the
//!   schedule's `game_id`, `pair`, `opening`), appended on resume ([`GamesWriter`]);
//! - `match --jsonl FILE`: the [`crate::record::GameRecord`] alone per line, appended to FILE.

use super::{RunEvent, Sink, SinkError};
use crate::tournament::log::games_jsonl::{json_line, GameLine, GamesWriter};
use crate::tournament::log::sprt_order::SprtLine;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

pub enum JsonlSink {
    GamesLog(GamesWriter),
    Records { file: File, path: PathBuf },
}

impl JsonlSink {
    /// `match --jsonl`: append the records to `path` (created if missing).
    pub fn records(path: &Path) -> std::io::Result<JsonlSink> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(JsonlSink::Records {
            file,
            path: path.to_path_buf(),
        })
    }

    fn write(&mut self, line: &GameLine) -> Result<(), SinkError> {
        match self {
            JsonlSink::GamesLog(w) => w.write(line),
            JsonlSink::Records { file, path } => {
                let buf = json_line(&line.record, path)?;
                file.write_all(&buf)
                    .and_then(|()| file.flush())
                    .map_err(|e| SinkError::new(&*path, e))
            }
        }
    }
}

impl Sink for JsonlSink {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        match event {
            RunEvent::GameFinished { line, .. } => self.write(line),
            // The decision is recorded in games.jsonl (`match` has no SPRT).
            RunEvent::SprtDecided { sprt } => match self {
                JsonlSink::GamesLog(w) => {
                    w.write_sprt(&SprtLine::new(&sprt.first, &sprt.second, sprt.report))
                }
                JsonlSink::Records { .. } => Ok(()),
            },
            _ => Ok(()),
        }
    }
}
