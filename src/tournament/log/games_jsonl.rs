//! `games.jsonl`, the tournament's single source of truth: a header line (format, baraza
//! version, config hash, the canonical event), then one line per finished game, appended and
//! flushed the moment the game ends. Statistics, `baraza results` and `--resume` all read it.
//!
//! A game line is a [`GameRecord`] with the tournament's fields (`game_id`, `pair`, `opening`)
//! flattened into the same JSON object.
//!
//! The reader is strict about complete lines and tolerant of a torn last line (no final
//! newline and not valid JSON: the writer was killed mid-write); that line is ignored, and
//! [`GamesWriter::append`] cuts it off before appending.

use super::file_tail;
use super::sprt_order::SprtLine;
use super::whole_append::WholeAppender;
use crate::outcome::{BadResult, GameResult};
use crate::record::GameRecord;
use crate::stats::sprt::SprtParams;
use crate::tournament::log::sink_error::SinkError;
use crate::tournament::plan::config::{canonical_hash, CanonicalEvent, TournamentConfig};
use crate::tournament::plan::layout::{Layout, LayoutError};
use crate::tournament::plan::program_digest::FileDigest;
use crate::tournament::plan::schedule::ScheduleError;
use crate::tournament::plan::schedule::ScheduledGame;
use crate::tournament::plan::shard::Shard;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The file name inside `--out DIR`.
pub const GAMES_FILE: &str = "games.jsonl";
/// The value of the header's `baraza` field.
pub const HEADER_KIND: &str = "tournament";
/// The version of this file format (the header's `schema`): 2 adds the SPRT's decision line
/// (an older baraza refuses it by its version instead of failing on that line).
pub const SCHEMA: u32 = 2;
/// The versions this baraza reads: 1 is 2 without SPRT lines.
pub const READS_SCHEMAS: [u32; 2] = [1, 2];

/// The first line of games.jsonl.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always `tournament`: tells a header from a game line.
    pub baraza: String,
    pub schema: u32,
    /// The baraza version that started the file.
    pub version: String,
    /// SHA-256 of the canonical event's JSON ([`TournamentConfig::hash`]).
    pub config_hash: String,
    /// How many games the schedule has.
    pub scheduled_games: u64,
    pub event: CanonicalEvent,
    /// The SPRT of the run that wrote the header, if any (not hashed).
    #[serde(default)]
    pub sprt: Option<SprtParams>,
    /// The share of the schedule this log is for (`--shard K/N`); absent for the whole event.
    /// `scheduled_games` counts the shard's games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Written by `baraza merge` (which may replace it), not by a run.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub merged: bool,
    /// Each bot's files by content when the log was started (not hashed: a rebuilt program
    /// keeps its command), compared on resume ([`crate::tournament::plan::program_digest`]);
    /// absent in logs of earlier versions and for built-in bots.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub programs: BTreeMap<String, Vec<FileDigest>>,
}

impl Header {
    pub fn new(config: &TournamentConfig, scheduled_games: u64) -> Header {
        Header {
            baraza: HEADER_KIND.to_string(),
            schema: SCHEMA,
            version: env!("CARGO_PKG_VERSION").to_string(),
            config_hash: config.hash(),
            scheduled_games,
            event: config.canonical(),
            sprt: config.sprt,
            shard: None,
            merged: false,
            programs: BTreeMap::new(),
        }
    }

    /// The bots' names, in event order.
    pub fn bot_names(&self) -> Vec<String> {
        self.event.bots.iter().map(|b| b.name.clone()).collect()
    }
}

/// One finished game as games.jsonl holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    /// The schedule's id, e.g. `r3-p2-b`.
    pub game_id: String,
    /// The schedule's 1-based pair number.
    pub pair: u64,
    /// 0-based index of the start position in the openings file, if one was used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<usize>,
    /// The version of each player that a `replace` host line made new (`{"a":2}`); absent
    /// while both play as first entered ([`super::host_line`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub versions: BTreeMap<String, u32>,
    #[serde(flatten)]
    pub record: GameRecord,
}

impl GameLine {
    /// The line of a scheduled game the referee has played: the record as it is (the setup
    /// gave the referee the schedule's game number, round, seed and player names, see
    /// [`crate::tournament::run::setup::Setups::setup`]) with the schedule's own fields.
    pub fn new(game: &ScheduledGame, record: GameRecord) -> GameLine {
        debug_assert_eq!(
            (record.game, record.round.as_str(), record.seed),
            (game.game, game.round.to_string().as_str(), game.seed),
            "the record of {} is not the scheduled game's",
            game.game_id
        );
        debug_assert_eq!(
            (record.white.as_str(), record.black.as_str()),
            (game.white_name.as_str(), game.black_name.as_str()),
            "the players of {} are not the scheduled game's",
            game.game_id
        );
        GameLine {
            game_id: game.game_id.clone(),
            pair: game.pair,
            opening: game.opening,
            versions: BTreeMap::new(),
            record,
        }
    }

    /// The line with the versions of its players taken from `versions` (bot -> version, the
    /// replaced bots only).
    pub fn with_versions(mut self, versions: &BTreeMap<String, u32>) -> GameLine {
        for name in [&self.record.white, &self.record.black] {
            if let Some(&v) = versions.get(name) {
                self.versions.insert(name.clone(), v);
            }
        }
        self
    }
}

/// Why a games.jsonl cannot be read, written or resumed.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("cannot {action} {}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{log} line {line}: not a baraza tournament header")]
    ForeignHeader { log: String, line: usize },
    #[error(
        "{log}: format version {schema} is not one this baraza reads (it reads 1 and {SCHEMA})"
    )]
    Schema { log: String, schema: u32 },
    #[error("{log} line {line}: not a baraza tournament header ({error}); is this a games.jsonl written by `baraza tournament`?")]
    BadHeader {
        log: String,
        line: usize,
        error: serde_json::Error,
    },
    /// A result the record cannot hold (it would count as unscored otherwise): `*` is the
    /// only non-score a game line may hold.
    #[error("{log} line {line}: {error}")]
    BadResult {
        log: String,
        line: usize,
        error: BadResult,
    },
    #[error("{log} line {line}: not a game line: {error} (a write cut short there? `baraza repair` sets damaged lines aside)")]
    BadLine {
        log: String,
        line: usize,
        error: serde_json::Error,
    },
    #[error("{}: no tournament header (empty file?)", path.display())]
    NoHeader { path: PathBuf },
    #[error("{} already holds a tournament ({games} games played); pass --resume to continue it, or choose another --out directory", path.display())]
    AlreadyHeld { path: PathBuf, games: usize },
    #[error(transparent)]
    Resume(#[from] ResumeRefused),
    /// The schedule cannot be made.
    #[error(transparent)]
    Schedule(#[from] ScheduleError),
    #[error("refusing to resume {}: it holds {held} and this run asks for {asked}; resume it with {flag}, or choose another --out directory", path.display())]
    OtherShard {
        path: PathBuf,
        held: String,
        asked: String,
        flag: String,
    },
    #[error(transparent)]
    Write(#[from] SinkError),
    /// A resume refused by what the log's host lines or digests say (its own words).
    #[error("{0}")]
    Refused(String),
}

pub(crate) fn io_error(
    action: &'static str,
    path: &Path,
) -> impl FnOnce(std::io::Error) -> LogError {
    let path = path.to_path_buf();
    move |source| LogError::Io {
        action,
        path,
        source,
    }
}

/// The game line's `result` when it is a string that is none of the four results.
pub fn bad_result(line: &str) -> Option<BadResult> {
    let value: serde_json::Value = serde_json::from_str(line).ok()?;
    let result = value.get("result")?.as_str()?;
    result.parse::<GameResult>().err()
}

/// The event's layout as a header describes it.
pub fn header_layout(h: &Header) -> Result<Layout, LayoutError> {
    let e = &h.event;
    Layout::new(e.format, &e.growth, e.bots.len(), e.rounds)
}

/// The games.jsonl path for `--out DIR`; a path to a file is taken as is.
pub fn games_path(dir_or_file: &Path) -> PathBuf {
    if dir_or_file.is_dir() {
        dir_or_file.join(GAMES_FILE)
    } else {
        dir_or_file.to_path_buf()
    }
}

/// Why a resume is refused: the log was written for another configuration.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("refusing to resume {path}: it was written by another configuration (config hash {file_hash} in the file, {now_hash} now; differs in: {differs}). An event may grow (more --rounds, or bots added after the others); otherwise resume with the same configuration and seed, or choose another --out directory")]
pub struct ResumeRefused {
    pub path: String,
    /// First 16 hex digits of each hash.
    pub file_hash: String,
    pub now_hash: String,
    /// The event fields that differ, each with its value in the file and now: `seed (1 in the
    /// file, 2 now)`, `bot 'b' limits.tc ("10+0.1" in the file, "5+0" now)`; `; `-separated.
    pub differs: String,
}

/// The event fields (`rounds`, `bots`, ...) whose values differ between two events.
pub fn event_differences(a: &CanonicalEvent, b: &CanonicalEvent) -> Vec<String> {
    let (va, vb) = (
        serde_json::to_value(a).unwrap_or_default(),
        serde_json::to_value(b).unwrap_or_default(),
    );
    let (Some(ma), Some(mb)) = (va.as_object(), vb.as_object()) else {
        return vec![];
    };
    let mut keys: Vec<&String> = ma.keys().chain(mb.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| ma.get(*k) != mb.get(*k))
        .cloned()
        .collect()
}

/// Refuse to resume a log whose header does not match `config`.
pub fn check_resume(
    header: &Header,
    config: &TournamentConfig,
    path: &Path,
) -> Result<(), ResumeRefused> {
    let now = config.hash();
    // The file's hash is recomputed from its event as well, so a hand-edited event is caught.
    if header.config_hash == now && canonical_hash(&header.event) == now {
        return Ok(());
    }
    let mut differs = event_differences(&header.event, &config.canonical());
    if differs.is_empty() {
        differs.push("config_hash".to_string());
    }
    let short = |h: &str| h.chars().take(16).collect::<String>();
    Err(ResumeRefused {
        path: path.display().to_string(),
        file_hash: short(&header.config_hash),
        now_hash: short(&now),
        differs: differs.join(", "),
    })
}

/// The scheduled games that have no line in the log, in schedule order. A game counts as
/// played when a line has its game id.
pub fn missing_games(schedule: &[ScheduledGame], played: &[GameLine]) -> Vec<ScheduledGame> {
    let done: HashSet<&str> = played.iter().map(|g| g.game_id.as_str()).collect();
    schedule
        .iter()
        .filter(|g| !done.contains(g.game_id.as_str()))
        .cloned()
        .collect()
}

/// Whether the runner starts a new games.jsonl or appends to an existing one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogStart {
    /// Write the header to a new (or empty) file: [`GamesWriter::create`].
    Create,
    /// Append after the existing lines: [`GamesWriter::append`].
    Append,
    /// The event grew: replace the header, keep the lines, append ([`GamesWriter::extend`]).
    Extend,
}

/// Appends game lines to a games.jsonl, one `write` and flush per finished game.
#[derive(Debug)]
pub struct GamesWriter {
    out: WholeAppender,
}

impl GamesWriter {
    /// Create (or empty) `path` and write the header line. Creates the parent directory.
    pub fn create(path: &Path, header: &Header) -> Result<GamesWriter, LogError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io_error("create", dir))?;
        }
        let file = std::fs::File::create(path).map_err(io_error("create", path))?;
        let mut w = GamesWriter {
            out: WholeAppender::new(file, path),
        };
        w.out.append(&json_line(header, path)?)?;
        Ok(w)
    }

    /// Open an existing games.jsonl for appending, first repairing its end: a torn last line
    /// is cut off, and a complete last line without its newline gets one.
    pub fn append(path: &Path) -> Result<GamesWriter, LogError> {
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(io_error("open", path))?;
        // Only the last line is read: the cost of opening a log does not grow with it.
        let repaired = (|| {
            let len = file.metadata()?.len();
            let last = file_tail::read_range(&mut file, len.saturating_sub(1), len)?;
            if last.first().is_some_and(|&b| b != b'\n') {
                let cut = file_tail::last_line_start(&mut file, len)?;
                let tail = file_tail::read_range(&mut file, cut, len)?;
                let complete = serde_json::from_slice::<serde_json::Value>(&tail).is_ok();
                if complete {
                    file.seek(SeekFrom::End(0))?;
                    file.write_all(b"\n")?;
                } else {
                    file.set_len(cut)?;
                }
            }
            file.seek(SeekFrom::End(0))
        })();
        repaired.map_err(|e| SinkError::new(path, e))?;
        Ok(GamesWriter {
            out: WholeAppender::new(file, path),
        })
    }

    /// [`GamesWriter::append`] after replacing the header line with `header` (the event grew):
    /// the file is rewritten beside itself and renamed over, so it is never half-changed.
    pub fn extend(path: &Path, header: &Header) -> Result<GamesWriter, LogError> {
        let json = serde_json::to_string(header).expect("a header serializes");
        crate::tournament::plan::grow::replace_header(path, &json)
            .map_err(io_error("replace the header of", path))?;
        GamesWriter::append(path)
    }

    /// Append one finished game.
    pub fn write(&mut self, line: &GameLine) -> Result<(), SinkError> {
        self.write_value(line)
    }

    /// Append a host's line (whatever its action), ending with the digest of the log up to
    /// it ([`super::host_digest`]): the one place a run folder's host lines are written.
    pub fn write_host(&mut self, line: &super::host_line::HostLine) -> Result<(), SinkError> {
        let path = self.out.path().to_path_buf();
        let chain =
            super::host_digest::Chain::of_file(&path).map_err(|e| SinkError::new(&path, e))?;
        let unsigned = super::host_line::HostLine {
            log_sha256: None,
            ..line.clone()
        };
        let json = serde_json::to_string(&unsigned).map_err(|e| SinkError::new(&path, e.into()))?;
        let mut bytes = chain.sign(&json).into_bytes();
        bytes.push(b'\n');
        self.out.append(&bytes)
    }

    /// Append the SPRT's decision.
    pub fn write_sprt(&mut self, line: &SprtLine) -> Result<(), SinkError> {
        self.write_value(line)
    }

    /// One line, whole or not at all ([`WholeAppender`]).
    fn write_value(&mut self, value: &impl Serialize) -> Result<(), SinkError> {
        let json = json_line(value, self.out.path())?;
        self.out.append(&json)
    }
}

/// `value` as one JSON line, newline included (`path` names the log in the error).
pub fn json_line(value: &impl Serialize, path: &Path) -> Result<Vec<u8>, SinkError> {
    let mut buf = Vec::with_capacity(2048);
    serde_json::to_writer(&mut buf, value).map_err(|e| SinkError::new(path, e.into()))?;
    buf.push(b'\n');
    Ok(buf)
}
