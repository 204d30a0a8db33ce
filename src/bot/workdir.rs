//! A fresh working directory for every bot process, removed when the process is finished
//! (unless kept), and the bot's command made independent of the referee's directory.
//!
//! A bot command is written relative to where the referee runs (`python3 bots/a.py`,
//! `./mybot`), but the bot runs in its own directory. So before it starts, its program (when it
//! names a path) and every later word that names an existing file or directory relative to the
//! referee's directory (or the value of a `--name=value` word that does) are made absolute. A
//! word that names nothing there is left alone.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A bot's working directory; removed on drop unless `keep`.
#[derive(Debug)]
pub struct Workdir {
    path: PathBuf,
    keep: bool,
}

static NEXT: AtomicU64 = AtomicU64::new(1);

impl Workdir {
    /// Create `<parent>/baraza-<referee pid>-<n>-<random>-<label>` (mode 0700). `parent`: the
    /// system's temporary directory when `None`. The random part makes the name one nobody holds:
    /// a directory of the same pid and number, left by a killed referee whose pid came round
    /// again, would otherwise refuse the bot's start.
    pub fn create(parent: Option<&Path>, label: &str, keep: bool) -> io::Result<Workdir> {
        let parent = parent.map_or_else(std::env::temp_dir, Path::to_path_buf);
        // Canonical, so the sandbox binds the same path the bot is told.
        let parent = std::fs::canonicalize(absolute(&parent)?).map_err(|e| {
            io::Error::new(e.kind(), format!("--workdir {}: {e}", parent.display()))
        })?;
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let safe: String = label
            .chars()
            .take(40)
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        // tempfile retries on a name already taken; the mode must be asked for (its default
        // follows the umask).
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::Builder::new()
            .permissions(std::fs::Permissions::from_mode(0o700))
            .prefix(&format!("baraza-{}-{n}-", std::process::id()))
            .suffix(&format!("-{safe}"))
            .rand_bytes(6)
            .tempdir_in(&parent)
            .map_err(|e| {
                let path = parent.join(format!("baraza-{}-{n}-*-{safe}", std::process::id()));
                io::Error::new(e.kind(), format!("cannot create {}: {e}", path.display()))
            })?;
        Ok(Workdir {
            path: dir.keep(),
            keep,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Workdir {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

fn absolute(p: &Path) -> io::Result<PathBuf> {
    if p.is_absolute() {
        Ok(p.to_path_buf())
    } else {
        Ok(std::env::current_dir()?.join(p))
    }
}

/// `argv` with its program (when it has a `/`) and the words naming existing paths relative to
/// `base` made absolute (see the module doc).
pub fn absolutize(argv: &[String], base: &Path) -> Vec<String> {
    let join = |w: &str| base.join(w).to_string_lossy().into_owned();
    let exists = |w: &str| !w.is_empty() && !Path::new(w).is_absolute() && base.join(w).exists();
    argv.iter()
        .enumerate()
        .map(|(i, w)| {
            if i == 0 {
                return if w.contains('/') && !Path::new(w).is_absolute() {
                    join(w)
                } else {
                    w.clone()
                };
            }
            if w.starts_with('-') {
                if let Some((opt, value)) = w.split_once('=') {
                    if exists(value) {
                        return format!("{opt}={}", join(value));
                    }
                }
                return w.clone();
            }
            if exists(w) {
                join(w)
            } else {
                w.clone()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_words_that_name_files_become_absolute() {
        let base = std::env::temp_dir().join(format!("baraza-abs-{}", std::process::id()));
        std::fs::create_dir_all(base.join("bots")).unwrap();
        std::fs::write(base.join("bots/a.py"), "").unwrap();
        std::fs::write(base.join("net.bin"), "").unwrap();
        let b = base.display();
        let argv: Vec<String> = [
            "./mybot",
            "bots/a.py",
            "3",
            "--weights=net.bin",
            "--depth=3",
            "-v",
            "/abs/x",
            "missing.py",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            absolutize(&argv, &base),
            vec![
                format!("{b}/./mybot"),
                format!("{b}/bots/a.py"),
                "3".into(),
                format!("--weights={b}/net.bin"),
                "--depth=3".into(),
                "-v".into(),
                "/abs/x".into(),
                "missing.py".into(),
            ]
        );
        // A program found on PATH stays a bare name.
        assert_eq!(absolutize(&["python3".into()], &base), vec!["python3"]);
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn a_workdir_is_fresh_and_removed_unless_kept() {
        let parent = std::env::temp_dir().join(format!("baraza-wd-{}", std::process::id()));
        std::fs::create_dir_all(&parent).unwrap();
        let a = Workdir::create(Some(&parent), "my bot/1", false).unwrap();
        let b = Workdir::create(Some(&parent), "my bot/1", true).unwrap();
        assert_ne!(a.path(), b.path());
        assert!(a
            .path()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .ends_with("-my_bot_1"));
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(a.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700, "{mode:o}");
        std::fs::write(a.path().join("f"), "x").unwrap();
        let (pa, pb) = (a.path().to_path_buf(), b.path().to_path_buf());
        drop(a);
        drop(b);
        assert!(!pa.exists());
        assert!(pb.exists());
        std::fs::remove_dir_all(&parent).unwrap();
    }
}
