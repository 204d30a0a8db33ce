//! The server's own records, in one SQLite file beside the league (`DIR/serve.sqlite`):
//! participants and their hashed tokens, browser sessions, submissions with their build log
//! and check report, and the ratings seen after each batch (the entrant page's history).
//! Games are not here: the league's games.jsonl is their one record.
//!
//! SQLite (rusqlite, bundled) rather than files: several writers (requests, the build worker,
//! the league loop) change small records at once, and a row is either committed or not when the
//! server is killed. WAL with `synchronous = FULL`: an accepted upload survives a power cut.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// The file inside the league folder.
pub const STORE_FILE: &str = "serve.sqlite";

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS participant (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS session (
    digest TEXT PRIMARY KEY,
    participant INTEGER NOT NULL REFERENCES participant(id),
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS submission (
    id INTEGER PRIMARY KEY,
    participant INTEGER NOT NULL REFERENCES participant(id),
    language TEXT NOT NULL,
    filename TEXT NOT NULL,
    status TEXT NOT NULL,
    report TEXT NOT NULL DEFAULT '',
    version TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rating (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    games INTEGER NOT NULL,
    entrant TEXT NOT NULL,
    version TEXT NOT NULL,
    rating REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS setting (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
";

/// Why the store cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open {}: {source}", path.display())]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("the server's records: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("cannot keep the upload: {0}")]
    Upload(std::io::Error),
    #[error("a participant named '{0}' exists already")]
    NameTaken(String),
}

/// Where a submission is on its way to the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Queued,
    Building,
    Checking,
    Accepted,
    Rejected,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Queued => "queued",
            Status::Building => "building",
            Status::Checking => "checking",
            Status::Accepted => "accepted",
            Status::Rejected => "rejected",
        }
    }

    fn parse(s: &str) -> Status {
        match s {
            "building" => Status::Building,
            "checking" => Status::Checking,
            "accepted" => Status::Accepted,
            "rejected" => Status::Rejected,
            _ => Status::Queued,
        }
    }

    /// Whether nothing more will happen to it.
    pub fn is_final(self) -> bool {
        matches!(self, Status::Accepted | Status::Rejected)
    }
}

/// A participant: who may submit versions of the entrant of the same name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Participant {
    pub id: i64,
    pub name: String,
    #[serde(skip)]
    pub token_hash: String,
}

/// One upload and what became of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Submission {
    pub id: i64,
    pub participant: String,
    pub language: String,
    pub filename: String,
    pub status: Status,
    /// The build log and the check's report, as far as they got.
    pub report: String,
    /// `name@version` once accepted.
    pub version: Option<String>,
    pub created: String,
    pub updated: String,
}

/// A rating seen after a batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingPoint {
    pub at: String,
    pub games: u64,
    pub version: String,
    pub rating: f64,
}

/// The store, shared by the requests and the workers (one connection behind a lock: its
/// statements are short).
#[derive(Clone)]
pub struct Store(Arc<Mutex<Connection>>);

fn now() -> String {
    crate::league::timestamp::now_utc()
}

impl Store {
    /// Open (or create) the store in league folder `dir`.
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        let path = dir.join(STORE_FILE);
        let open = |source| StoreError::Open {
            path: path.clone(),
            source,
        };
        let conn = Connection::open(&path).map_err(open)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(open)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(open)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(open)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(open)?;
        conn.execute_batch(SCHEMA).map_err(open)?;
        Ok(Store(Arc::new(Mutex::new(conn))))
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        // A request that panicked while holding it left no half-made change (each change is one
        // statement or a transaction): go on with it.
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new participant with the hash of its token; its id.
    pub fn add_participant(&self, name: &str, token_hash: &str) -> Result<i64, StoreError> {
        let conn = self.conn();
        let taken: Option<i64> = conn
            .query_row("SELECT id FROM participant WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .optional()?;
        if taken.is_some() {
            return Err(StoreError::NameTaken(name.to_string()));
        }
        conn.execute(
            "INSERT INTO participant (name, token_hash, created) VALUES (?1, ?2, ?3)",
            params![name, token_hash, now()],
        )?;
        Ok(conn.last_insert_rowid())
    }

    pub fn participant(&self, id: i64) -> Result<Option<Participant>, StoreError> {
        self.conn()
            .query_row(
                "SELECT id, name, token_hash FROM participant WHERE id = ?1",
                [id],
                |r| {
                    Ok(Participant {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        token_hash: r.get(2)?,
                    })
                },
            )
            .optional()
            .map_err(Into::into)
    }

    /// Whether a participant of that name exists.
    pub fn has_participant(&self, name: &str) -> Result<bool, StoreError> {
        let n: i64 = self.conn().query_row(
            "SELECT COUNT(*) FROM participant WHERE name = ?1",
            [name],
            |r| r.get(0),
        )?;
        Ok(n > 0)
    }

    pub fn participant_count(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn()
            .query_row("SELECT COUNT(*) FROM participant", [], |r| r.get(0))?)
    }

    pub fn add_session(&self, digest: &str, participant: i64) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO session (digest, participant, created) VALUES (?1, ?2, ?3)",
            params![digest, participant, now()],
        )?;
        Ok(())
    }

    pub fn session(&self, digest: &str) -> Result<Option<i64>, StoreError> {
        self.conn()
            .query_row(
                "SELECT participant FROM session WHERE digest = ?1",
                [digest],
                |r| r.get(0),
            )
            .optional()
            .map_err(Into::into)
    }

    pub fn end_session(&self, digest: &str) -> Result<(), StoreError> {
        self.conn()
            .execute("DELETE FROM session WHERE digest = ?1", [digest])?;
        Ok(())
    }

    /// A new submission, queued; its id. `write` puts the upload on disk under that id before
    /// the row is committed: a server killed in between leaves no submission without its file.
    pub fn add_submission(
        &self,
        participant: i64,
        language: &str,
        filename: &str,
        write: impl FnOnce(i64) -> std::io::Result<()>,
    ) -> Result<i64, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let t = now();
        tx.execute(
            "INSERT INTO submission (participant, language, filename, status, created, updated) \
             VALUES (?1, ?2, ?3, 'queued', ?4, ?4)",
            params![participant, language, filename, t],
        )?;
        let id = tx.last_insert_rowid();
        write(id).map_err(StoreError::Upload)?;
        tx.commit()?;
        Ok(id)
    }

    /// Move submission `id` on, with its report so far (and its version once accepted).
    pub fn set_status(
        &self,
        id: i64,
        status: Status,
        report: &str,
        version: Option<&str>,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE submission SET status = ?2, report = ?3, version = ?4, updated = ?5 \
             WHERE id = ?1",
            params![id, status.as_str(), report, version, now()],
        )?;
        Ok(())
    }

    const SUBMISSION: &'static str = "SELECT s.id, p.name, s.language, s.filename, s.status, \
        s.report, s.version, s.created, s.updated FROM submission s \
        JOIN participant p ON p.id = s.participant";

    fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Submission> {
        Ok(Submission {
            id: r.get(0)?,
            participant: r.get(1)?,
            language: r.get(2)?,
            filename: r.get(3)?,
            status: Status::parse(&r.get::<_, String>(4)?),
            report: r.get(5)?,
            version: r.get(6)?,
            created: r.get(7)?,
            updated: r.get(8)?,
        })
    }

    pub fn submission(&self, id: i64) -> Result<Option<Submission>, StoreError> {
        let sql = format!("{} WHERE s.id = ?1", Self::SUBMISSION);
        self.conn()
            .query_row(&sql, [id], Self::row)
            .optional()
            .map_err(Into::into)
    }

    /// Submission `id` with the id of the participant who made it.
    pub fn owner(&self, id: i64) -> Result<Option<i64>, StoreError> {
        self.conn()
            .query_row(
                "SELECT participant FROM submission WHERE id = ?1",
                [id],
                |r| r.get(0),
            )
            .optional()
            .map_err(Into::into)
    }

    /// A participant's submissions, newest first.
    pub fn submissions_of(&self, name: &str) -> Result<Vec<Submission>, StoreError> {
        let sql = format!("{} WHERE p.name = ?1 ORDER BY s.id DESC", Self::SUBMISSION);
        let conn = self.conn();
        let mut stmt = conn.prepare(&sql)?;
        let rows = stmt.query_map([name], Self::row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Submissions not finished, oldest first: what the build worker has to do.
    pub fn unfinished(&self) -> Result<Vec<Submission>, StoreError> {
        let sql = format!(
            "{} WHERE s.status NOT IN ('accepted', 'rejected') ORDER BY s.id",
            Self::SUBMISSION
        );
        let conn = self.conn();
        let mut stmt = conn.prepare(&sql)?;
        let rows = stmt.query_map([], Self::row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The ratings of one batch's end, all at once.
    pub fn add_ratings(
        &self,
        games: u64,
        rows: &[(String, String, f64)],
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let t = now();
        for (entrant, version, rating) in rows {
            tx.execute(
                "INSERT INTO rating (at, games, entrant, version, rating) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![t, games as i64, entrant, version, rating],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// An entrant's ratings over time, oldest first.
    pub fn ratings_of(&self, entrant: &str) -> Result<Vec<RatingPoint>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT at, games, version, rating FROM rating WHERE entrant = ?1 ORDER BY id",
        )?;
        let rows = stmt.query_map([entrant], |r| {
            Ok(RatingPoint {
                at: r.get(0)?,
                games: r.get::<_, i64>(1)? as u64,
                version: r.get(2)?,
                rating: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn set_setting(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO setting (key, value) VALUES (?1, ?2) \
             ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
        Ok(())
    }

    pub fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.conn()
            .query_row("SELECT value FROM setting WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()
            .map_err(Into::into)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_submission_moves_on_and_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let alice = store.add_participant("alice", "h").unwrap();
        assert!(matches!(
            store.add_participant("alice", "h2"),
            Err(StoreError::NameTaken(_))
        ));
        let id = store
            .add_submission(alice, "c", "bot.c", |_| Ok(()))
            .unwrap();
        let failed =
            store.add_submission(alice, "c", "x.c", |_| Err(std::io::ErrorKind::Other.into()));
        assert!(
            matches!(failed, Err(StoreError::Upload(_))),
            "no row without its file"
        );
        store
            .set_status(id, Status::Building, "cc ...", None)
            .unwrap();
        assert_eq!(store.unfinished().unwrap().len(), 1);
        drop(store);
        let store = Store::open(dir.path()).unwrap();
        let s = store.submission(id).unwrap().unwrap();
        assert_eq!(
            (s.status, s.participant.as_str()),
            (Status::Building, "alice")
        );
        store
            .set_status(id, Status::Accepted, "ok", Some("alice@1"))
            .unwrap();
        assert!(store.unfinished().unwrap().is_empty());
        assert_eq!(
            store.submissions_of("alice").unwrap()[0].version.as_deref(),
            Some("alice@1")
        );
        assert_eq!(store.owner(id).unwrap(), Some(alice));
        assert_eq!(store.owner(id + 1).unwrap(), None);
    }
}
