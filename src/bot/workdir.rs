//! A fresh working directory for every bot process, removed when the process is finished
//! (unless kept). Which words of the bot's command are made absolute, so that it runs there as
//! it would in the referee's directory: [`crate::bot::command_words`].

use super::stale_workdirs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A bot's working directory; removed on drop unless `keep`.
#[derive(Debug)]
pub struct Workdir {
    path: PathBuf,
    keep: bool,
    /// The lock that tells the next referee it is in use ([`super::stale_workdirs`]).
    _held: Option<nix::fcntl::Flock<std::fs::File>>,
}

static NEXT: AtomicU64 = AtomicU64::new(1);

impl Workdir {
    /// Create `<parent>/baraza-bot-<referee pid>-<n>-<random>-<label>` (mode 0700;
    /// `baraza-kept-...` when `keep`), first removing what a killed referee left there
    /// ([`stale_workdirs::sweep_once`]). `parent`: the system's temporary directory when
    /// `None`. The random part makes the name one nobody holds: a directory of the same pid and
    /// number, left by a killed referee whose pid came round again, would otherwise refuse the
    /// bot's start. It is made under another name, locked, then renamed: a referee sweeping
    /// at that moment never sees it unlocked.
    pub fn create(parent: Option<&Path>, label: &str, keep: bool) -> io::Result<Workdir> {
        let parent = parent.map_or_else(std::env::temp_dir, Path::to_path_buf);
        // Canonical, so the sandbox binds the same path the bot is told.
        let parent = std::fs::canonicalize(absolute(&parent)?).map_err(|e| {
            io::Error::new(e.kind(), format!("--workdir {}: {e}", parent.display()))
        })?;
        stale_workdirs::sweep_once(&parent);
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
            .prefix(&format!("baraza-new-{}-{n}-", std::process::id()))
            .suffix(&format!("-{safe}"))
            .rand_bytes(6)
            .tempdir_in(&parent)
            .map_err(|e| {
                let path = parent.join(format!("baraza-new-{}-{n}-*-{safe}", std::process::id()));
                // The system's words, without tempfile's second copy of the path.
                let why = e
                    .get_ref()
                    .and_then(|inner| inner.source())
                    .map_or_else(|| e.to_string(), ToString::to_string);
                io::Error::new(e.kind(), format!("cannot create {}: {why}", path.display()))
            })?;
        let made = dir.keep();
        let held = if keep {
            None
        } else {
            stale_workdirs::lock(&made, false)
        };
        let name = made.file_name().unwrap_or_default().to_string_lossy();
        let kind = if keep { "kept-" } else { "bot-" };
        let path = parent.join(format!("baraza-{kind}{}", &name["baraza-new-".len()..]));
        if let Err(e) = std::fs::rename(&made, &path) {
            let _ = std::fs::remove_dir(&made);
            return Err(io::Error::new(
                e.kind(),
                format!("cannot create {}: {e}", path.display()),
            ));
        }
        Ok(Workdir {
            path,
            keep,
            _held: held,
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let kept_name = b.path().file_name().unwrap().to_string_lossy().into_owned();
        assert!(kept_name.starts_with("baraza-kept-"), "{kept_name}");
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

    #[test]
    fn a_sweep_removes_what_no_referee_holds_and_nothing_else() {
        let parent = tempfile::tempdir().unwrap();
        let p = parent.path();
        let live = Workdir::create(Some(p), "live", false).unwrap();
        let kept = Workdir::create(Some(p), "kept", true).unwrap();
        // A killed referee's: its name, no lock held, something inside.
        let dead = p.join("baraza-bot-4194304-7-Ab3dE9-dead");
        // An older baraza's, which held no lock: its referee may be running.
        let older = p.join("baraza-4194304-8-Ab3dE9-older");
        std::fs::create_dir(&older).unwrap();
        std::fs::create_dir(&dead).unwrap();
        std::fs::write(dead.join("scratch"), "x").unwrap();
        let other = p.join("baraza-e2e-12");
        std::fs::create_dir(&other).unwrap();
        let file = p.join("baraza-1-2-file");
        std::fs::write(&file, "not a directory").unwrap();
        stale_workdirs::sweep(p);
        assert!(!dead.exists());
        assert!(live.path().exists(), "held by this referee");
        assert!(kept.path().exists(), "kept");
        assert!(
            other.exists() && file.exists(),
            "not named as a working directory"
        );
        let kept_path = kept.path().to_path_buf();
        drop(live);
        drop(kept);
        assert!(kept_path.exists());
    }
}
