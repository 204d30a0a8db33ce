//! The league's log summed up: what a batch's planning and the leaderboard read of games.jsonl
//! (the games between each two players, each player's games, the highest numbers used, the
//! last round's game ids, where the most recent games are), kept in `DIR/log-index.json` and
//! brought up to date by reading only the lines added since. So a batch and the leaderboard
//! cost the same at the millionth game as at the first, in time and in memory: names and pairs
//! of names, one round's ids, never the games.
//!
//! The log stays the one source of truth. The index names the bytes it summed up: the file
//! (device and inode), how many bytes, and digests of the header and of the last line summed
//! up. An index that does not match the log (missing, unreadable, of another version, a log
//! replaced by `baraza repair` or copied elsewhere) is built again from the whole log, read line
//! by line; a torn last line is left for a later reading.
//!
//! A game id counts once (its first line), as every reader of the log counts it. A league's
//! game ids are its batch's (`r{B}-...`, batch `B` being the game's round), and only a pending
//! batch can meet its ids again, so the ids of the last round are all that is kept to tell.

use crate::tournament::log::file_tail::read_range;
use crate::tournament::log::games_jsonl::{io_error, GameLine, Header, LogError, GAMES_FILE};
use crate::tournament::log::host_line::HostAction;
use crate::tournament::log::reader::{refusal, GameLineRef, Item, Lines, LogReader};
use crate::tournament::plan::config::sha256_hex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::fs::File;
use std::io::{BufReader, Seek, SeekFrom};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// The index inside the league folder.
pub const INDEX_FILE: &str = "log-index.json";

/// How many recent games it keeps the places of (the leaderboard lists them).
pub const RECENT_GAMES: usize = 20;

/// Its format; another is built again.
const SCHEMA: u32 = 1;

/// The games between two players (by [`LogIndex::names`] index, `a < b`), finished ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairCount {
    pub a: usize,
    pub b: usize,
    pub a_wins: u64,
    pub draws: u64,
    pub b_wins: u64,
}

/// The game ids met of the last round: whether a line is its id's first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundIds {
    pub round: u32,
    pub ids: BTreeSet<String>,
}

impl RoundIds {
    /// Whether `g` is the first line of its id (and so counts). A line of an earlier round
    /// counts: a league writes no round's ids after the next round's.
    pub fn first(&mut self, g: &GameLineRef<'_>) -> bool {
        let round: u32 = g.record.round.parse().unwrap_or(0);
        if round > self.round {
            self.round = round;
            self.ids.clear();
        }
        round < self.round || self.ids.insert(g.ids.game_id.to_string())
    }
}

/// Which bytes of the log an index sums up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Summed {
    dev: u64,
    ino: u64,
    /// Every line before this byte.
    bytes: u64,
    /// Lines in them (the next is numbered `lines + 1`).
    lines: usize,
    header_len: u64,
    header_sha256: String,
    /// The last line summed up: where it starts, and its digest (newline included).
    last_start: u64,
    last_sha256: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LogIndex {
    schema: u32,
    summed: Summed,
    /// The header's ruleset.
    pub ruleset: String,
    /// Players in the order the log first names them.
    pub names: Vec<String>,
    /// Game lines naming each player, finished or not.
    pub games_of: Vec<u64>,
    /// Finished games between each two players who met, by `(a, b)`.
    pub pairs: Vec<PairCount>,
    /// Game lines (each id once), finished or not.
    pub games: u64,
    /// The last round, and its ids met.
    pub last_round: RoundIds,
    pub last_pair: u64,
    pub last_game: u64,
    /// Where the last [`RECENT_GAMES`] game lines start, oldest first.
    pub recent: VecDeque<u64>,
    #[serde(skip)]
    name_at: HashMap<String, usize>,
    #[serde(skip)]
    pair_at: HashMap<(usize, usize), usize>,
}

impl LogIndex {
    /// The index of the log in `dir`, brought up to date, and saved there when it changed.
    pub fn current(dir: &Path) -> Result<LogIndex, LogError> {
        let log = dir.join(GAMES_FILE);
        let mut file = File::open(&log).map_err(io_error("read", &log))?;
        let meta = file.metadata().map_err(io_error("read", &log))?;
        let (mut index, before) = match LogIndex::load(dir) {
            Some(i) if i.matches(&mut file, &meta) => {
                let before = Some(i.summed.clone());
                (i, before)
            }
            _ => (LogIndex::started(&log, &mut file, &meta)?, None),
        };
        index.read_on(&log, file)?;
        if before.as_ref() != Some(&index.summed) {
            index.save(dir);
        }
        Ok(index)
    }

    /// The index saved in `dir`, if it can be read.
    fn load(dir: &Path) -> Option<LogIndex> {
        let text = std::fs::read(dir.join(INDEX_FILE)).ok()?;
        let mut index: LogIndex = serde_json::from_slice(&text).ok()?;
        if index.schema != SCHEMA || index.names.len() != index.games_of.len() {
            return None;
        }
        index.name_at = (index.names.iter().cloned().enumerate())
            .map(|(i, n)| (n, i))
            .collect();
        index.pair_at = (index.pairs.iter().enumerate())
            .map(|(k, p)| ((p.a, p.b), k))
            .collect();
        Some(index)
    }

    /// Whether the index sums up the start of `file` as it is now.
    fn matches(&self, file: &mut File, meta: &std::fs::Metadata) -> bool {
        let s = &self.summed;
        let digest = |file: &mut File, from: u64, to: u64| {
            read_range(file, from, to).map(|b| sha256_hex(&b)).ok()
        };
        (meta.dev(), meta.ino()) == (s.dev, s.ino)
            && meta.len() >= s.bytes
            && digest(file, 0, s.header_len).as_ref() == Some(&s.header_sha256)
            && digest(file, s.last_start, s.bytes).as_ref() == Some(&s.last_sha256)
    }

    /// An index of no game, its header read from `file`.
    fn started(
        log: &Path,
        file: &mut File,
        meta: &std::fs::Metadata,
    ) -> Result<LogIndex, LogError> {
        file.seek(SeekFrom::Start(0))
            .map_err(io_error("read", log))?;
        let lines = Lines::new(BufReader::new(&*file), log);
        let reader = LogReader::start(lines)?.ok_or_else(|| LogError::NoHeader {
            path: log.to_path_buf(),
        })?;
        let (bytes, lines) = reader.read_to();
        let ruleset = reader.header.event.ruleset.clone();
        drop(reader);
        let header = read_range(file, 0, bytes).map_err(io_error("read", log))?;
        let digest = sha256_hex(&header);
        Ok(LogIndex {
            schema: SCHEMA,
            ruleset,
            summed: Summed {
                dev: meta.dev(),
                ino: meta.ino(),
                bytes,
                lines,
                header_len: bytes,
                header_sha256: digest.clone(),
                last_start: 0,
                last_sha256: digest,
            },
            ..LogIndex::default()
        })
    }

    /// Sum up the lines after those summed up.
    fn read_on(&mut self, log: &Path, mut file: File) -> Result<(), LogError> {
        let header =
            read_range(&mut file, 0, self.summed.header_len).map_err(io_error("read", log))?;
        let header: Header =
            serde_json::from_slice(&header).map_err(|error| LogError::BadHeader {
                log: log.display().to_string(),
                line: 1,
                error,
            })?;
        let start = self.summed.bytes;
        file.seek(SeekFrom::Start(start))
            .map_err(io_error("read", log))?;
        let lines = Lines::resumed(
            BufReader::with_capacity(1 << 16, file),
            log,
            start,
            self.summed.lines,
        );
        let mut reader = LogReader::after(lines, header);
        let mut last = None;
        while let Some(item) = reader.next()? {
            match item {
                Item::Torn(_) => break,
                Item::Game(g) => {
                    last = Some(g.start);
                    self.add(&g);
                }
                Item::Sprt(..) => last = Some(reader.line_start()),
                // A game that could not start for a reason of the host's: nothing to count.
                Item::Host(h, _) if matches!(h.action, HostAction::NotPlayed { .. }) => {
                    last = Some(reader.line_start())
                }
                Item::Host(_, n) => {
                    return Err(LogError::Refused(format!(
                        "{} line {n}: a host line (withdraw, replace, rerun) has no place in \
                         a league's log: an entrant is withdrawn with `baraza league withdraw`, \
                         and a new version submitted with `baraza league submit`",
                        reader.source()
                    )))
                }
            }
            (self.summed.bytes, self.summed.lines) = reader.read_to();
        }
        if let Some(from) = last {
            let mut file = File::open(log).map_err(io_error("read", log))?;
            let bytes =
                read_range(&mut file, from, self.summed.bytes).map_err(io_error("read", log))?;
            self.summed.last_start = from;
            self.summed.last_sha256 = sha256_hex(&bytes);
        }
        Ok(())
    }

    /// Count one game line (its id's first).
    fn add(&mut self, g: &GameLineRef<'_>) {
        let r = g.record;
        if !self.last_round.first(g) {
            return;
        }
        self.games += 1;
        self.last_pair = self.last_pair.max(g.ids.pair);
        self.last_game = self.last_game.max(r.game);
        if self.recent.len() == RECENT_GAMES {
            self.recent.pop_front();
        }
        self.recent.push_back(g.start);
        let (w, b) = (self.name(&r.white), self.name(&r.black));
        self.games_of[w] += 1;
        if b != w {
            self.games_of[b] += 1;
        }
        let Some((pw, pb)) = r.result.points() else {
            return;
        };
        let (lo, hi, lo_points) = if w <= b { (w, b, pw) } else { (b, w, pb) };
        let k = match self.pair_at.get(&(lo, hi)) {
            Some(&k) => k,
            None => {
                self.pairs.push(PairCount {
                    a: lo,
                    b: hi,
                    ..PairCount::default()
                });
                self.pair_at.insert((lo, hi), self.pairs.len() - 1);
                self.pairs.len() - 1
            }
        };
        let p = &mut self.pairs[k];
        if lo_points == 1.0 {
            p.a_wins += 1;
        } else if lo_points == 0.0 {
            p.b_wins += 1;
        } else {
            p.draws += 1;
        }
    }

    /// `name`'s index, a new one when first met.
    fn name(&mut self, name: &str) -> usize {
        if let Some(&i) = self.name_at.get(name) {
            return i;
        }
        self.names.push(name.to_string());
        self.games_of.push(0);
        self.name_at.insert(name.to_string(), self.names.len() - 1);
        self.names.len() - 1
    }

    /// Write the index beside its name, then rename it: whole or absent. An index that cannot
    /// be written costs only time (the next reading builds it again), so a failure is let be.
    fn save(&self, dir: &Path) {
        let path = dir.join(INDEX_FILE);
        let partial = dir.join(format!("{INDEX_FILE}.{}.partial", std::process::id()));
        let text = serde_json::to_vec(self).expect("an index serializes");
        if std::fs::write(&partial, text).is_err() || std::fs::rename(&partial, &path).is_err() {
            let _ = std::fs::remove_file(&partial);
        }
    }

    /// The most recent game lines, oldest first, read where the index says they are.
    pub fn recent_lines(&self, dir: &Path) -> Result<Vec<GameLine>, LogError> {
        let log = dir.join(GAMES_FILE);
        let mut file = File::open(&log).map_err(io_error("read", &log))?;
        let source = log.display().to_string();
        let mut lines = Vec::with_capacity(self.recent.len());
        for &start in &self.recent {
            file.seek(SeekFrom::Start(start))
                .map_err(io_error("read", &log))?;
            let mut text = String::new();
            std::io::BufRead::read_line(&mut BufReader::new(&file), &mut text)
                .map_err(io_error("read", &log))?;
            lines.push(refusal(text.trim_end(), &source, 0)?);
        }
        Ok(lines)
    }
}
