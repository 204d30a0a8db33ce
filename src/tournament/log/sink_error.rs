//! The one error of a sink: what it could not write, and why.

use std::path::{Path, PathBuf};

/// A sink's failure to write: the path (or stream) and the I/O error.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}", what.display())]
pub struct SinkError {
    pub what: PathBuf,
    #[source]
    pub source: std::io::Error,
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
