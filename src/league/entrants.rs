//! `DIR/entrants.toml`: every version ever submitted, in submission order (a version's index
//! in this list is its index for matchmaking), with its command, the digests of its program's
//! files, when it was submitted, superseded or withdrawn, and its own hosting keys.
//!
//! TOML rather than JSONL: a host reads and reviews it (one `[[version]]` table each), it is
//! small (one entry per submission), and it is rewritten whole, beside itself and renamed
//! over, so it is never half-written. The games log never depends on it for what happened:
//! each game names its versions (`name@version`).

use super::timestamp::now_utc;
use crate::bot::hosting::{with_hosting_keys, HostOverrides};
use crate::bot::spec::{BotSpec, BotSpecError};
use crate::tournament::plan::program_digest::{program_digests, FileDigest};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file name inside the league folder.
pub const ENTRANTS_FILE: &str = "entrants.toml";

/// Why entrants.toml cannot be read or written, or a submission or withdrawal is refused.
#[derive(Debug, thiserror::Error)]
pub enum EntrantsError {
    /// A name or version given empty (`what` is `name` or `version`).
    #[error("the {what} is empty")]
    EmptyWord { what: &'static str },
    #[error("{what} '{word}' may not contain whitespace, '@', a quote or a backslash")]
    BadWord { what: &'static str, word: String },
    #[error("cannot read {}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Not the TOML of entrants (its message on one line).
    #[error("{}: {}", path.display(), error.message().replace('\n', " "))]
    Parse {
        path: PathBuf,
        error: toml::de::Error,
    },
    #[error("{ENTRANTS_FILE} cannot be written")]
    Serialize(#[source] toml::ser::Error),
    #[error("cannot write {}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot replace {}", path.display())]
    Replace {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// `id` (`name@version`) is in the file already, submitted at `submitted`.
    #[error("{id} was already submitted ({submitted}); give another --version")]
    AlreadySubmitted { id: String, submitted: String },
    /// The command of version `id` cannot be used.
    #[error("{id}: {error}")]
    Unusable { id: String, error: BotSpecError },
    /// The command of version `id`, its paths made absolute, cannot be quoted back.
    #[error("{id}: {error}")]
    Unquotable {
        id: String,
        error: shlex::QuoteError,
    },
    /// A path of the version's own hosting cannot be made absolute.
    #[error("cannot make {} absolute", path.display())]
    Absolute {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// `known` lists the entrants there are (or says there are none).
    #[error("no entrant named '{name}' in this league ({known})")]
    NoSuchEntrant { name: String, known: String },
    #[error("'{name}' has no active version: it was already withdrawn")]
    AlreadyWithdrawn { name: String },
}

with_hosting_keys! {
    keys: bot, #[serde(default, skip_serializing_if = "crate::bot::hosting_keys::Setting::is_unset")];

    /// One submitted version of an entrant: its own fields, then its own hosting keys, flat, as
    /// a `[[bot]]` table of an event file has them (`memory = 1536`, `sandbox-read = [...]`:
    /// every key but `affinity`, declared in [`crate::bot::hosting_keys`]), over league.toml's
    /// in its games and its check.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case", deny_unknown_fields)]
    pub struct Version {
        pub name: String,
        pub version: String,
        pub command: String,
        /// The SHA-256 of each file the command names, when submitted (none for a built-in).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub programs: Vec<FileDigest>,
        pub submitted: String,
        /// When a newer version of the same entrant replaced it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub superseded: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub withdrawn: Option<String>,
    }
}

impl Version {
    /// The name its games give it: `name@version`.
    pub fn id(&self) -> String {
        format!("{}@{}", self.name, self.version)
    }

    /// Whether it still plays.
    pub fn active(&self) -> bool {
        self.superseded.is_none() && self.withdrawn.is_none()
    }

    /// `active`, `superseded` or `withdrawn`.
    pub fn status(&self) -> &'static str {
        match (&self.withdrawn, &self.superseded) {
            (Some(_), _) => "withdrawn",
            (None, Some(_)) => "superseded",
            (None, None) => "active",
        }
    }
}

/// Every version, in submission order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrants {
    #[serde(default, rename = "version")]
    pub versions: Vec<Version>,
}

/// A name or version as the games can carry it: no `@` (it joins them), no whitespace or
/// control character, no quote or backslash (PGN tags).
fn check_word(what: &'static str, word: &str) -> Result<(), EntrantsError> {
    if word.is_empty() {
        return Err(EntrantsError::EmptyWord { what });
    }
    if word
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '@' | '"' | '\\'))
    {
        return Err(EntrantsError::BadWord {
            what,
            word: word.to_string(),
        });
    }
    Ok(())
}

/// `host` with its paths (`sandbox-read`, `workdir`) absolute: a run from any folder (cron, a
/// cluster node) finds them.
fn absolute_paths(host: &HostOverrides) -> Result<HostOverrides, EntrantsError> {
    let mut host = host.clone();
    for p in host.sandbox_read.iter_mut().chain(host.workdir.as_mut()) {
        *p = std::path::absolute(&*p).map_err(|source| EntrantsError::Absolute {
            path: p.clone(),
            source,
        })?;
    }
    Ok(host)
}

impl Entrants {
    /// Read `DIR/entrants.toml` (none yet: no entrants).
    pub fn load(dir: &Path) -> Result<Entrants, EntrantsError> {
        let path = dir.join(ENTRANTS_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Entrants::default()),
            Err(source) => return Err(EntrantsError::Read { path, source }),
        };
        toml::from_str(&text).map_err(|error| EntrantsError::Parse { path, error })
    }

    /// Write `DIR/entrants.toml` beside itself, then rename it over the old one.
    pub fn save(&self, dir: &Path) -> Result<(), EntrantsError> {
        let path = dir.join(ENTRANTS_FILE);
        let text = toml::to_string(self).map_err(EntrantsError::Serialize)?;
        let partial = dir.join(format!("{ENTRANTS_FILE}.partial"));
        if let Err(source) = std::fs::write(&partial, text) {
            return Err(EntrantsError::Write {
                path: partial,
                source,
            });
        }
        std::fs::rename(&partial, &path).map_err(|source| EntrantsError::Replace { path, source })
    }

    /// The active versions' indexes.
    pub fn active(&self) -> Vec<usize> {
        (0..self.versions.len())
            .filter(|&i| self.versions[i].active())
            .collect()
    }

    /// The index of the version its games call `id` (`name@version`).
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.versions.iter().position(|v| v.id() == id)
    }

    /// Add a version of `name` (a new entrant, or a new version of one: the active one is
    /// superseded) with its own hosting settings `host`. `version` defaults to the next number
    /// not yet used. The command's program must be found now; the command is recorded with its
    /// paths made absolute, with the digests of its files, and so are the paths of `host`.
    pub fn submit(
        &mut self,
        name: &str,
        command: &str,
        version: Option<&str>,
        host: &HostOverrides,
    ) -> Result<&Version, EntrantsError> {
        check_word("name", name)?;
        let mine = || self.versions.iter().filter(|v| v.name == name);
        let version = match version {
            Some(v) => v.to_string(),
            None => (1..)
                .map(|n: u64| n.to_string())
                .find(|n| !mine().any(|v| &v.version == n))
                .expect("a free number"),
        };
        check_word("version", &version)?;
        if let Some(old) = mine().find(|v| v.version == version) {
            return Err(EntrantsError::AlreadySubmitted {
                id: old.id(),
                submitted: old.submitted.clone(),
            });
        }
        let id = format!("{name}@{version}");
        let spec = BotSpec::read("", command.trim())
            .and_then(|spec| spec.preflight(&id))
            .map_err(|error| EntrantsError::Unusable {
                id: id.clone(),
                error,
            })?;
        // The command as the checked program runs it (its paths absolute), so that a run
        // from any folder (cron, a cluster node) finds it.
        let command = match spec.0.command_words() {
            Some(words) => shlex::try_join(words.iter().map(String::as_str))
                .map_err(|error| EntrantsError::Unquotable { id, error })?,
            None => command.trim().to_string(),
        };
        let now = now_utc();
        for v in self
            .versions
            .iter_mut()
            .filter(|v| v.name == name && v.active())
        {
            v.superseded = Some(now.clone());
        }
        let mut added = Version {
            name: name.to_string(),
            version,
            command,
            programs: program_digests(&spec.0),
            submitted: now,
            ..Version::default()
        };
        added.set_hosting(&absolute_paths(host)?);
        self.versions.push(added);
        Ok(self.versions.last().expect("just pushed"))
    }

    /// Withdraw `name`: its active version stops playing (its games stay). Returns its id.
    pub fn withdraw(&mut self, name: &str) -> Result<String, EntrantsError> {
        if !self.versions.iter().any(|v| v.name == name) {
            let mut names: Vec<&str> = Vec::new();
            for v in &self.versions {
                if !names.contains(&v.name.as_str()) {
                    names.push(&v.name);
                }
            }
            let known = if names.is_empty() {
                "it has none yet".to_string()
            } else {
                format!("its entrants: {}", names.join(", "))
            };
            return Err(EntrantsError::NoSuchEntrant {
                name: name.to_string(),
                known,
            });
        }
        let now = now_utc();
        let Some(v) = self
            .versions
            .iter_mut()
            .find(|v| v.name == name && v.active())
        else {
            return Err(EntrantsError::AlreadyWithdrawn {
                name: name.to_string(),
            });
        };
        v.withdrawn = Some(now);
        Ok(v.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none() -> HostOverrides {
        HostOverrides::default()
    }

    #[test]
    fn versions_supersede_and_withdrawals_stop_an_entrant() {
        let mut e = Entrants::default();
        assert_eq!(
            e.submit("a", "builtin:random", None, &none()).unwrap().id(),
            "a@1"
        );
        e.submit("b", "builtin:greedy", Some("v7"), &none())
            .unwrap();
        assert_eq!(
            e.submit("a", "builtin:greedy", None, &none()).unwrap().id(),
            "a@2"
        );
        assert_eq!(e.active(), [1, 2]);
        assert_eq!(e.versions[0].status(), "superseded");
        assert!(e.submit("a", "builtin:greedy", Some("2"), &none()).is_err());
        assert_eq!(e.withdraw("b").unwrap(), "b@v7");
        assert!(e.withdraw("b").unwrap_err().to_string().contains("already"));
        assert!(e
            .withdraw("zz")
            .unwrap_err()
            .to_string()
            .contains("entrants: a, b"));
        assert_eq!(e.active(), [2]);
        assert_eq!(e.index_of("b@v7"), Some(1));
        assert!(e.submit("x@y", "builtin:random", None, &none()).is_err());
        assert!(e
            .submit("x", "builtin:random", Some("a b"), &none())
            .is_err());
    }

    #[test]
    fn the_file_reads_back_what_was_written() {
        let mut e = Entrants::default();
        e.submit("a", "builtin:random", None, &none()).unwrap();
        e.withdraw("a").unwrap();
        let text = toml::to_string(&e).unwrap();
        assert!(text.contains("[[version]]"), "{text}");
        assert_eq!(toml::from_str::<Entrants>(&text).unwrap(), e);
    }

    #[test]
    fn a_version_keeps_its_own_hosting_keys_under_the_event_file_s_names() {
        let mut e = Entrants::default();
        let own = HostOverrides {
            memory: Some(1536),
            cpu_seconds: Some(60),
            sandbox_read: vec!["data".into()],
            env: vec!["NODE_OPTIONS=--max-old-space-size=1200".into()],
            ..none()
        };
        e.submit("big", "builtin:random", None, &own).unwrap();
        e.submit("small", "builtin:random", None, &none()).unwrap();
        let text = toml::to_string(&e).unwrap();
        for key in [
            "memory = 1536",
            "cpu-seconds = 60",
            "sandbox-read = [",
            "env = [",
        ] {
            assert_eq!(text.matches(key).count(), 1, "{key}: {text}");
        }
        let back = toml::from_str::<Entrants>(&text).unwrap();
        assert_eq!(back, e);
        let host = back.versions[0].hosting();
        assert_eq!(host.memory, Some(1536));
        // Its paths absolute, so that a run from any folder finds them.
        assert!(host.sandbox_read[0].is_absolute());
        assert!(host.sandbox_read[0].ends_with("data"));
        assert_eq!(back.versions[1].hosting(), none());
        let err = toml::from_str::<Entrants>(&text.replace("memory", "memroy")).unwrap_err();
        assert!(err.to_string().contains("memroy"), "{err}");
    }
}
