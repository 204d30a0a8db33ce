//! Where the server keeps uploads and builds: `DIR/serve/uploads/ID/FILE` as uploaded (kept,
//! so a build killed with the server can start again) and `DIR/serve/builds/ID/`, the built
//! bot its version's command names.

use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Folders {
    pub root: PathBuf,
}

impl Folders {
    pub fn new(league_dir: &Path) -> Folders {
        Folders {
            root: league_dir.join("serve"),
        }
    }

    pub fn upload_dir(&self, id: i64) -> PathBuf {
        self.root.join("uploads").join(id.to_string())
    }

    pub fn upload(&self, id: i64, filename: &str) -> PathBuf {
        self.upload_dir(id).join(filename)
    }

    pub fn build(&self, id: i64) -> PathBuf {
        self.root.join("builds").join(id.to_string())
    }

    /// The folder uploads are written to before they have an id.
    pub fn incoming(&self) -> PathBuf {
        self.root.join("incoming")
    }
}
