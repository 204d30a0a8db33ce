//! Appending to a log so that a failed write leaves nothing behind: a line of games.jsonl (or a
//! game of a PGN log) is in the file whole or not at all. A full disk used to leave the first
//! bytes of a game in the file, and the next game's line was then appended after them: one line
//! holding two, in the middle of the log, which every reader refuses.

use super::sink_error::SinkError;
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// A log file open for appending whole records.
#[derive(Debug)]
pub struct WholeAppender {
    file: File,
    path: PathBuf,
    /// A regular file, which can be cut back (not a pipe or a device such as /dev/full).
    regular: bool,
}

impl WholeAppender {
    /// Append to `file` (`path` names it in errors), at its end whatever its mode.
    pub fn new(file: File, path: &Path) -> WholeAppender {
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        WholeAppender {
            file,
            path: path.to_path_buf(),
            regular,
        }
    }

    /// The file's path, as errors name it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Append `bytes` and flush; on any failure (a full disk, a file-size limit) the file is
    /// cut back to its length before, so the record is in it whole or not at all.
    pub fn append(&mut self, bytes: &[u8]) -> Result<(), SinkError> {
        let error = |e| SinkError::new(&self.path, e);
        if !self.regular {
            let written = self.file.write_all(bytes).and_then(|()| self.file.flush());
            return written.map_err(error);
        }
        // Asked of the file each time, not remembered: another writer may have appended.
        let before = self.file.seek(SeekFrom::End(0)).map_err(error)?;
        let written = self.file.write_all(bytes).and_then(|()| self.file.flush());
        let Err(failed) = written else {
            return Ok(());
        };
        // Cut back, and put the offset there too: a file not opened in append mode would
        // otherwise write its next record after a hole.
        let cut = self
            .file
            .set_len(before)
            .and_then(|()| self.file.seek(SeekFrom::Start(before)).map(drop));
        Err(match cut {
            Ok(()) => error(failed),
            Err(cut) => SinkError::new(
                &self.path,
                std::io::Error::new(
                    failed.kind(),
                    format!("{failed}; and cutting off the partial record failed: {cut}"),
                ),
            ),
        })
    }
}
