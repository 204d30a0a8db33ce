//! Working directories a referee left behind when it was killed outright (SIGKILL, a power
//! cut): removed by the next referee that makes one under the same parent. Every referee holds
//! an advisory lock (`flock`) on each working directory it made until it removes it; the
//! kernel drops the lock when the referee dies. So a directory of baraza's name pattern whose
//! lock can be taken belongs to no living referee, whichever PID namespace or machine sharing
//! the folder it ran in. Only directories named as [`super::workdir`] names them, only the
//! user's own, and only directly under the parent are looked at.

use nix::fcntl::{Flock, FlockArg};
use std::collections::HashSet;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What a held working directory's name starts with: `baraza-bot-<pid>-<n>-`. A kept one
/// (`--keep-workdirs`) is named `baraza-kept-...` and never removed, nor is one of an older
/// baraza (`baraza-<pid>-<n>-...`), which held no lock: it may belong to a referee still
/// running.
pub fn is_held_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("baraza-bot-") else {
        return false;
    };
    let mut parts = rest.splitn(3, '-');
    let digits =
        |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    digits(parts.next()) && digits(parts.next()) && parts.next().is_some()
}

/// Take the lock that says `dir` is in use, or `None` when it is held elsewhere (or cannot be
/// opened).
pub fn lock(dir: &Path, exclusive: bool) -> Option<Flock<File>> {
    let file = File::open(dir).ok()?;
    let arg = if exclusive {
        FlockArg::LockExclusiveNonblock
    } else {
        FlockArg::LockSharedNonblock
    };
    Flock::lock(file, arg).ok()
}

/// Remove the stale working directories under `parent`, once per parent in this process.
/// What could not be removed is left (the next referee tries again).
pub fn sweep_once(parent: &Path) {
    static SWEPT: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);
    {
        let Ok(mut swept) = SWEPT.lock() else {
            return;
        };
        if !swept
            .get_or_insert_with(HashSet::new)
            .insert(parent.to_path_buf())
        {
            return;
        }
    }
    sweep(parent);
}

/// Remove the directories under `parent` that no living referee holds.
pub(super) fn sweep(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let me = nix::unistd::geteuid().as_raw();
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_held_name) {
            continue;
        }
        use std::os::unix::fs::MetadataExt;
        // Not followed: a link is no directory of ours.
        let Ok(meta) = entry.path().symlink_metadata() else {
            continue;
        };
        if !meta.is_dir() || meta.uid() != me {
            continue;
        }
        let path = entry.path();
        if let Some(_held) = lock(&path, true) {
            let _ = std::fs::remove_dir_all(&path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_held_directorys_name_is_swept() {
        for yes in ["baraza-bot-123-4-a1B2c3-bot", "baraza-bot-1-1-x"] {
            assert!(is_held_name(yes), "{yes}");
        }
        for no in [
            "baraza-kept-123-4-a1B2c3-bot",
            "baraza-123-4-a1B2c3-older",
            "baraza-e2e-123",
            "baraza-wd-99",
            "baraza-123",
            "baraza-123-4",
            "baraza--4-x",
            "other-123-4-x",
            "baraza-test-kill-1",
        ] {
            assert!(!is_held_name(no), "{no}");
        }
    }
}
