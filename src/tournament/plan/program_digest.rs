//! What a bot's command runs, by content: the SHA-256 of each file its command names (the
//! program, found as the run would find it, and every later word, or the value of an
//! `--option=VALUE` word, that names a file: a script, a weights file). A binary rebuilt or
//! swapped in place keeps its command line, so the event's hash cannot see it; these digests
//! can. They are recorded in games.jsonl's header and in a `replace` host line, and compared
//! when a run is resumed (see `tournament::run::roster`).
//!
//! A built-in bot names no file (it is this baraza, whose version the header holds).

use crate::bot::spec::BotSpec;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// One file of a bot's command and its content's digest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDigest {
    /// As the command names it (the program: the path it was found at).
    pub path: String,
    /// Lowercase hex SHA-256 of the file's bytes; `missing` when it cannot be read.
    pub sha256: String,
}

/// The digest value of a file that cannot be read.
pub const MISSING: &str = "missing";

/// The digests of the files `spec`'s command names, in the command's order; none for a
/// built-in, or for a command whose program cannot be found (the run refuses it anyway).
pub fn program_digests(spec: &BotSpec) -> Vec<FileDigest> {
    let Ok((found, _)) = spec.preflight("") else {
        return vec![];
    };
    let Some(words) = found.command_words() else {
        return vec![];
    };
    let mut paths: Vec<&str> = words.first().map(String::as_str).into_iter().collect();
    for word in &words[1..] {
        let value = match word.split_once('=') {
            Some((option, value)) if option.starts_with('-') => value,
            _ => word.as_str(),
        };
        if Path::new(value).is_file() && !paths.contains(&value) {
            paths.push(value);
        }
    }
    paths
        .into_iter()
        .map(|path| FileDigest {
            path: path.to_string(),
            sha256: DIGESTS
                .sha256(Path::new(path))
                .unwrap_or_else(|_| MISSING.to_string()),
        })
        .collect()
}

/// The digests of this process: a league run of many batches hashes a program again only when
/// its file changed, not every batch (a 99 MB node binary was read twice a batch).
static DIGESTS: DigestCache = DigestCache::new();

/// Keep this process's digests in `file` as well, and take those it holds: a run started
/// later (a league's next batch, from cron) hashes only the files changed since. The file is
/// a cache, each digest keyed on its file's device, inode, size and times: one that cannot be
/// read is ignored, one that cannot be written costs a hashing next time.
pub fn keep_digests_in(file: &Path) {
    DIGESTS.keep_in(file);
}

/// What says a file is the one hashed before: its device and inode, size, and modification and
/// change times to the nanosecond. A rebuild, a copy over it, a `touch -r` after a write (the
/// change time moves with any write) all give another key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct FileKey {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl FileKey {
    fn of(path: &Path) -> std::io::Result<FileKey> {
        use std::os::unix::fs::MetadataExt;
        let m = std::fs::metadata(path)?;
        Ok(FileKey {
            dev: m.dev(),
            ino: m.ino(),
            size: m.size(),
            mtime: (m.mtime(), m.mtime_nsec()),
            ctime: (m.ctime(), m.ctime_nsec()),
        })
    }
}

/// Files' SHA-256 digests, each computed again only when its `FileKey` changed.
pub struct DigestCache {
    known: Mutex<Option<HashMap<PathBuf, (FileKey, String)>>>,
    /// Where they are kept between runs, if anywhere ([`keep_digests_in`]).
    kept_in: Mutex<Option<PathBuf>>,
    /// Files read and hashed, for tests.
    reads: AtomicU64,
}

/// One digest as the file of [`keep_digests_in`] holds it.
#[derive(Serialize, Deserialize)]
struct Kept {
    path: PathBuf,
    key: FileKey,
    sha256: String,
}

/// A file changed less than this long ago is hashed every time: two writes within the clock's
/// granularity (milliseconds on some file systems) can leave the same times and size.
const SETTLED: Duration = Duration::from_secs(2);

impl DigestCache {
    pub const fn new() -> DigestCache {
        DigestCache {
            known: Mutex::new(None),
            kept_in: Mutex::new(None),
            reads: AtomicU64::new(0),
        }
    }

    /// Take the digests `file` holds (those this process knows win), and keep every new one
    /// there too.
    pub fn keep_in(&self, file: &Path) {
        let kept: Vec<Kept> = std::fs::read(file)
            .ok()
            .and_then(|text| serde_json::from_slice(&text).ok())
            .unwrap_or_default();
        if let Ok(mut known) = self.known.lock() {
            let map = known.get_or_insert_with(HashMap::new);
            for k in kept {
                map.entry(k.path).or_insert((k.key, k.sha256));
            }
        }
        if let Ok(mut kept_in) = self.kept_in.lock() {
            *kept_in = Some(file.to_path_buf());
        }
    }

    /// Write the digests known to the file they are kept in, if any: beside it, then renamed.
    fn save(&self) {
        let Some(file) = self.kept_in.lock().ok().and_then(|f| f.clone()) else {
            return;
        };
        let Some(kept) = self.known.lock().ok().map(|known| {
            let mut kept: Vec<Kept> = (known.iter().flatten())
                .map(|(path, (key, sha256))| Kept {
                    path: path.clone(),
                    key: *key,
                    sha256: sha256.clone(),
                })
                .collect();
            kept.sort_by(|a, b| a.path.cmp(&b.path));
            kept
        }) else {
            return;
        };
        let partial = file.with_extension(format!("{}.partial", std::process::id()));
        let text = serde_json::to_vec_pretty(&kept).expect("digests serialize");
        if std::fs::write(&partial, text).is_err() || std::fs::rename(&partial, &file).is_err() {
            let _ = std::fs::remove_file(&partial);
        }
    }

    /// How many files it has read and hashed.
    pub fn reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }

    /// `path`'s digest: the one computed before when the file is unchanged, else read again.
    pub fn sha256(&self, path: &Path) -> std::io::Result<String> {
        let key = FileKey::of(path)?;
        if let Some(known) = self.lookup(path, key) {
            return Ok(known);
        }
        let digest = file_sha256(path)?;
        self.reads.fetch_add(1, Ordering::Relaxed);
        // The file may have changed while it was read: keep the digest only if it did not,
        // and only once its times can tell a later change.
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        let settled = key.mtime.0.max(key.ctime.0) + (SETTLED.as_secs() as i64) < now;
        if settled && FileKey::of(path).is_ok_and(|after| after == key) {
            if let Ok(mut known) = self.known.lock() {
                let map = known.get_or_insert_with(HashMap::new);
                map.insert(path.to_path_buf(), (key, digest.clone()));
            }
            self.save();
        }
        Ok(digest)
    }

    fn lookup(&self, path: &Path, key: FileKey) -> Option<String> {
        let known = self.known.lock().ok()?;
        let (k, d) = known.as_ref()?.get(path)?;
        (*k == key).then(|| d.clone())
    }
}

impl Default for DigestCache {
    fn default() -> Self {
        DigestCache::new()
    }
}

/// The SHA-256 of a file's bytes, read in blocks (a bot's binary may be large).
pub fn file_sha256(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// How `now` differs from `then` (the recorded digests), one phrase per file, file by file
/// in the command's order (the program found elsewhere on another machine, with the same
/// content, is no change): `./bot (sha256 1a2b3c4d5e6f in the log, 9f8e7d6c5b4a now)`; empty
/// when they agree.
pub fn changes(then: &[FileDigest], now: &[FileDigest]) -> Vec<String> {
    let short = |s: &str| s.chars().take(12).collect::<String>();
    let mut out = Vec::new();
    for i in 0..then.len().max(now.len()) {
        match (then.get(i), now.get(i)) {
            (Some(t), Some(n)) if t.sha256 == n.sha256 => {}
            (Some(t), Some(n)) => out.push(format!(
                "{} (sha256 {} in the log, {} now)",
                n.path,
                short(&t.sha256),
                short(&n.sha256)
            )),
            (Some(t), None) => out.push(format!("{} (in the log, not named now)", t.path)),
            (None, Some(n)) => out.push(format!("{} (named now, not in the log)", n.path)),
            (None, None) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_hashed_again_only_when_it_changed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bot");
        std::fs::write(&path, "abc").unwrap();
        let old = SystemTime::now() - Duration::from_secs(60);
        let age = |path: &Path| {
            let f = std::fs::File::options().write(true).open(path).unwrap();
            f.set_modified(old).unwrap();
        };
        let cache = DigestCache::new();
        // Just written: hashed each time (its times cannot yet tell a change).
        let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        assert_eq!(cache.sha256(&path).unwrap(), abc);
        assert_eq!(cache.sha256(&path).unwrap(), abc);
        assert_eq!(cache.reads(), 2);
        // Its modification time in the past: but the change time is now, so still hashed.
        age(&path);
        assert_eq!(cache.sha256(&path).unwrap(), abc);
        assert_eq!(cache.reads(), 3);
        // The same size rewritten, the old modification time put back: the change time
        // moved, so it is read again, and its new digest is the right one.
        std::fs::write(&path, "abd").unwrap();
        age(&path);
        let abd = file_sha256(&path).unwrap();
        assert_ne!(abd, abc);
        assert_eq!(cache.sha256(&path).unwrap(), abd);
        assert_eq!(cache.reads(), 4);
        // A file settled long ago (the shell, installed with the system) is read once.
        let sh = std::fs::canonicalize("/bin/sh").unwrap();
        let first = cache.sha256(&sh).unwrap();
        assert_eq!(cache.sha256(&sh).unwrap(), first);
        assert_eq!(cache.sha256(&sh).unwrap(), file_sha256(&sh).unwrap());
        assert_eq!(cache.reads(), 5);
        // A file that cannot be read is an error, not a digest.
        assert!(cache.sha256(&dir.path().join("none")).is_err());
    }

    #[test]
    fn digests_kept_in_a_file_spare_a_later_process_the_hashing() {
        let dir = tempfile::tempdir().unwrap();
        let kept = dir.path().join("digests.json");
        // A file settled long ago, as a bot's interpreter is.
        let sh = std::fs::canonicalize("/bin/sh").unwrap();
        let truth = file_sha256(&sh).unwrap();
        let first = DigestCache::new();
        first.keep_in(&kept);
        assert_eq!(first.sha256(&sh).unwrap(), truth);
        assert_eq!(first.reads(), 1);
        // A later process (a new cache) takes the digest from the file, not from reading sh.
        let later = DigestCache::new();
        later.keep_in(&kept);
        assert_eq!(later.sha256(&sh).unwrap(), truth);
        assert_eq!(later.reads(), 0);
        // Kept under another key (the file as it was before a rebuild): read again.
        let text = std::fs::read_to_string(&kept).unwrap();
        let mut entries: serde_json::Value = serde_json::from_str(&text).unwrap();
        let size = entries[0]["key"]["size"].as_u64().unwrap();
        entries[0]["key"]["size"] = (size + 1).into();
        entries[0]["sha256"] = "0".repeat(64).into();
        std::fs::write(&kept, entries.to_string()).unwrap();
        let rebuilt = DigestCache::new();
        rebuilt.keep_in(&kept);
        assert_eq!(rebuilt.sha256(&sh).unwrap(), truth);
        assert_eq!(rebuilt.reads(), 1);
        // A file that is no such cache is ignored.
        std::fs::write(&kept, "not json").unwrap();
        let fresh = DigestCache::new();
        fresh.keep_in(&kept);
        assert_eq!(fresh.sha256(&sh).unwrap(), truth);
        assert_eq!(fresh.reads(), 1);
    }

    #[test]
    fn a_script_and_an_option_file_are_digested_and_a_change_is_named() {
        let dir = std::env::temp_dir().join(format!("baraza-digest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("bot.sh");
        std::fs::write(&script, "abc").unwrap();
        let weights = dir.join("w.bin");
        std::fs::write(&weights, "").unwrap();
        let text = format!("sh {} --weights={} -v", script.display(), weights.display());
        let spec = BotSpec::read("b", &text).unwrap();
        let d = program_digests(&spec);
        assert_eq!(d.len(), 3, "{d:?}");
        assert!(d[0].path.ends_with("/sh"), "{d:?}");
        // sha256("abc") and sha256(""), from the FIPS 180-2 examples.
        assert_eq!(
            d[1].sha256,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            d[2].sha256,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        std::fs::write(&script, "abd").unwrap();
        let again = program_digests(&spec);
        let said = changes(&d, &again);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with(&format!(
            "{} (sha256 ba7816bf8f01 in the log",
            script.display()
        )));
        assert!(program_digests(&BotSpec::read("b", "builtin:random").unwrap()).is_empty());
        // The same content at another path (another machine's PATH) is no change.
        let mut moved = d.clone();
        moved[2].path = "/elsewhere/w.bin".into();
        assert!(changes(&d, &moved).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
