//! The one error of a sink: what it could not write, and why.

use std::path::{Path, PathBuf};

/// A sink's failure to write: the path (or stream) and the I/O error.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}{}", what.display(), full_disk_advice(source))]
pub struct SinkError {
    pub what: PathBuf,
    #[source]
    pub source: std::io::Error,
}

/// A full disk is the host's to fix, and nothing is lost by it: say so before the system's
/// words, which follow.
fn full_disk_advice(e: &std::io::Error) -> &'static str {
    if e.kind() == std::io::ErrorKind::StorageFull {
        " (its disk is full: no part of a game was kept; free some space and run the same \
         command again to go on)"
    } else {
        ""
    }
}

impl SinkError {
    pub fn new(what: impl AsRef<Path>, source: std::io::Error) -> SinkError {
        SinkError {
            what: what.as_ref().to_path_buf(),
            source,
        }
    }

    pub fn is_broken_pipe(&self) -> bool {
        self.source.kind() == std::io::ErrorKind::BrokenPipe
    }
}
