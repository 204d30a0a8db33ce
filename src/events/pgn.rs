//! The PGN sink: each finished game appended to the PGN-like log and flushed. A tournament's
//! `games.pgn` is started afresh, or on resume rewritten from the games already in
//! games.jsonl, so the two logs agree after a kill; `match --pgn FILE` and `play --pgn FILE`
//! append to FILE.

use super::{RunEvent, Sink, SinkError};
use crate::record::pgn::write_pgn;
use crate::record::GameRecord;
use crate::tournament::log::whole_append::WholeAppender;
use std::fs::{File, OpenOptions};
use std::path::Path;

pub struct PgnSink {
    out: WholeAppender,
    /// One game's text, reused.
    buf: Vec<u8>,
}

fn open_append(path: &Path) -> std::io::Result<File> {
    OpenOptions::new().create(true).append(true).open(path)
}

impl PgnSink {
    /// Append to `path` (created if missing).
    pub fn append(path: &Path) -> std::io::Result<PgnSink> {
        Ok(PgnSink {
            out: WholeAppender::new(open_append(path)?, path),
            buf: Vec::with_capacity(2048),
        })
    }

    /// `path` holding exactly `games` (none: an empty file), then appended to. Written to a
    /// temporary file and renamed, so a kill leaves the old file or the new one.
    pub fn rewrite<'g>(
        path: &Path,
        games: impl IntoIterator<Item = &'g GameRecord>,
    ) -> Result<PgnSink, SinkError> {
        let mut buf = Vec::new();
        for g in games {
            write_pgn(&mut buf, g).map_err(|e| SinkError::new(path, e))?;
        }
        let tmp = path.with_extension("pgn.tmp");
        if let Err(e) = std::fs::write(&tmp, &buf) {
            // A full disk leaves no half-written copy behind.
            let _ = std::fs::remove_file(&tmp);
            return Err(SinkError::new(path, e));
        }
        std::fs::rename(&tmp, path).map_err(|e| SinkError::new(path, e))?;
        PgnSink::append(path).map_err(|e| SinkError::new(path, e))
    }

    /// Append one game, whole or not at all, and flush (a run's finished game, or `play`'s
    /// one game).
    pub fn write(&mut self, record: &GameRecord) -> Result<(), SinkError> {
        self.buf.clear();
        write_pgn(&mut self.buf, record).map_err(|e| SinkError::new(self.out.path(), e))?;
        self.out.append(&self.buf)
    }
}

impl Sink for PgnSink {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        let RunEvent::GameFinished { line, .. } = event else {
            return Ok(());
        };
        self.write(&line.record)
    }
}
