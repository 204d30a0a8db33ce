//! One writer at a time, with advisory locks (`flock`) on files in the league folder, which
//! the kernel releases when the process ends however it ends (a SIGKILL leaves no stale lock):
//!
//! - `run.lock`: held by `league run` (not by a shard, which writes only its own folder) and
//!   `league merge`, not waited for: a second run at once (cron firing while the last one
//!   still plays) is refused, instead of playing the same batch twice;
//! - `entrants.lock`: held for the moment entrants.toml is read and rewritten (`submit`,
//!   `withdraw`), waited for, so two submissions at once both count. A run does not take it:
//!   it reads entrants.toml, which is replaced whole, at each batch.

use nix::fcntl::{Flock, FlockArg};
use std::fs::File;
use std::path::{Path, PathBuf};

/// The lock of runs and merges.
pub const RUN_LOCK: &str = "run.lock";
/// The lock of entrants.toml's writers.
pub const ENTRANTS_LOCK: &str = "entrants.lock";

/// A lock that cannot be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("cannot open {}", path.display())]
    Open {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Another process holds it (asked not to wait).
    #[error("another `baraza league run` or `merge` is working in {} (it holds {}); this one stops", dir.display(), path.display())]
    Busy { dir: PathBuf, path: PathBuf },
    #[error("cannot lock {}", path.display())]
    Lock {
        path: PathBuf,
        #[source]
        source: nix::errno::Errno,
    },
}

/// A held lock; released when dropped.
pub struct Held(#[allow(dead_code)] Flock<File>);

/// Take `dir/name`: at once or refused (`wait == false`), or when it is free.
pub fn hold(dir: &Path, name: &str, wait: bool) -> Result<Held, LockError> {
    let path = dir.join(name);
    let file = match File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
    {
        Ok(file) => file,
        Err(source) => return Err(LockError::Open { path, source }),
    };
    let how = if wait {
        FlockArg::LockExclusive
    } else {
        FlockArg::LockExclusiveNonblock
    };
    match Flock::lock(file, how) {
        Ok(lock) => Ok(Held(lock)),
        Err((_, nix::errno::Errno::EWOULDBLOCK)) => Err(LockError::Busy {
            dir: dir.to_path_buf(),
            path,
        }),
        Err((_, source)) => Err(LockError::Lock { path, source }),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = std::env::temp_dir().join(format!("baraza-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = super::hold(&dir, "run.lock", false).unwrap();
        let err = super::hold(&dir, "run.lock", false).err().unwrap();
        assert!(
            err.to_string().contains("another `baraza league run`"),
            "{err}"
        );
        drop(first);
        assert!(super::hold(&dir, "run.lock", false).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
