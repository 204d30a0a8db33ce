//! Helpers shared by the integration tests (each test binary includes this module).

use std::path::PathBuf;

/// A scratch directory, removed when dropped.
pub struct TempDir(pub PathBuf);

impl std::ops::Deref for TempDir {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty scratch directory named after the test and this process.
pub fn temp_dir(name: &str) -> TempDir {
    let d = std::env::temp_dir().join(format!("baraza-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    TempDir(d)
}
