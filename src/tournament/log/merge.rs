//! `baraza merge`: the logs of one event's shards (or of any runs of one event) joined into one
//! run folder, as if one run had played them all.
//!
//! - Every input must be of the same event: the same config hash (recomputed from each header's
//!   event, so a hand-edited header is caught). The first input that is not is named, with what
//!   differs.
//! - Every game is taken once: a game id met again with the same line (byte for byte) is kept
//!   once; with another line it is an error naming both files (the game was played twice:
//!   remove one of them).
//! - Every line is checked against the event's schedule: its id must be one of the schedule's,
//!   and its pair number the schedule's for that id.
//! - Games of the schedule that no input has are reported by id; then nothing is written,
//!   unless `partial` (the merge of what there is; run it again when the missing shards are
//!   done: a merge extends an earlier merge in its folder, [`super::merge_out`]).
//!
//! The output is `games.jsonl` (the header of the whole event, then the inputs' game lines as
//! they are, input after input, in each input's order) and `games.pgn` (the same games), both
//! written beside their final names and renamed over them at the end. The inputs are read line
//! by line; memory is a bit a scheduled game (which games are taken) and a few bytes a line met
//! twice ([`super::merge_twice`]: such lines are compared with the game's first line after the
//! copy), not the games.

use super::games_jsonl::{games_path, header_layout, Header, LogError, GAMES_FILE};
use super::host_digest;
use super::host_line::{HostAction, HostLine};
use super::host_state::{read_host_lines, HostState};
use super::merge_out::{earlier_merge, Input, OutError};
use super::merge_twice::{ReadAgain, Twice};
use super::reader::{parse_game_line, refusal, LogReader};
use super::seen::Seen;
use crate::record::pgn::write_pgn;
use crate::record::GameRecord;
use crate::tournament::plan::config::canonical_hash;
use crate::tournament::plan::grow::changes_between;
use crate::tournament::plan::layout::{game_id, pair_of_game, Layout, LayoutError};
use crate::tournament::plan::shard::Shard;
use std::collections::BTreeSet;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The PGN log of a run folder (as `baraza tournament` names it).
pub const PGN_FILE: &str = "games.pgn";
/// How many missing ids a message lists.
const LIST_MISSING: usize = 10;

#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("nothing to merge: name the shards' folders")]
    NoInputs,
    /// An input (or a line of one) cannot be read.
    #[error(transparent)]
    Log(#[from] LogError),
    /// The event's schedule cannot be made from the first input's header.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// The inputs cannot be read again to compare the lines met twice.
    #[error(transparent)]
    ReadAgain(#[from] ReadAgain),
    #[error("{later} is not of the same event as {first} (config hash {later_hash} there, {first_hash} in the first); differs in: {differs}")]
    OtherEvent {
        first: String,
        later: String,
        first_hash: String,
        later_hash: String,
        differs: String,
    },
    #[error("{path}: its header was edited (its event no longer matches its config hash)")]
    EditedHeader { path: String },
    #[error("{path} line {line}: {problem}")]
    BadLine {
        path: String,
        line: usize,
        problem: String,
    },
    #[error("game {id} is in {first} and in {second} with different contents (played twice?); keep one of them")]
    Conflict {
        id: String,
        first: String,
        second: String,
    },
    #[error("{missing} of {scheduled} games are missing: {ids}{shards}; nothing written (pass --partial to merge what there is)")]
    Missing {
        missing: u64,
        scheduled: u64,
        ids: String,
        shards: String,
    },
    #[error(transparent)]
    Out(#[from] OutError),
    #[error("cannot write {path}: {error}")]
    Write { path: String, error: std::io::Error },
}

/// What a merge did.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MergeReport {
    pub out: PathBuf,
    pub inputs: usize,
    /// Games written.
    pub games: u64,
    /// Whether the folder held an earlier merge of the event (perhaps before it grew), now
    /// extended.
    pub extended: bool,
    /// Games of that earlier merge that no input has, kept.
    pub kept_from_earlier: u64,
    pub scheduled_games: u64,
    /// Lines met again with the same content, kept once.
    pub duplicate_lines: u64,
    /// Torn last lines ignored (an input killed mid-write), as `path line N`.
    pub torn_lines: Vec<String>,
    /// How many scheduled games no input has, the first few ids, and the shards they are of
    /// (when the inputs are shards of one count).
    pub missing: u64,
    pub missing_ids: Vec<String>,
    pub missing_shards: Vec<Shard>,
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> MergeError + '_ {
    move |error| MergeError::Write {
        path: path.display().to_string(),
        error,
    }
}

/// The two files being written, renamed over their final names by [`Outputs::commit`].
struct Outputs {
    jsonl: (PathBuf, BufWriter<std::fs::File>),
    pgn: (PathBuf, BufWriter<std::fs::File>),
}

impl Outputs {
    fn create(out: &Path, header: &Header) -> Result<Outputs, MergeError> {
        std::fs::create_dir_all(out).map_err(io_error(out))?;
        let open = |name: &str| -> Result<(PathBuf, BufWriter<std::fs::File>), MergeError> {
            let tmp = out.join(format!(".{name}.merging"));
            let f = std::fs::File::create(&tmp).map_err(io_error(&tmp))?;
            Ok((tmp, BufWriter::with_capacity(1 << 16, f)))
        };
        let mut o = Outputs {
            jsonl: open(GAMES_FILE)?,
            pgn: open(PGN_FILE)?,
        };
        let json = serde_json::to_string(header).expect("a header serializes");
        writeln!(o.jsonl.1, "{json}").map_err(io_error(&o.jsonl.0))?;
        Ok(o)
    }

    fn commit(self, out: &Path) -> Result<(), MergeError> {
        for ((tmp, w), name) in [(self.jsonl, GAMES_FILE), (self.pgn, PGN_FILE)] {
            let f = w.into_inner().map_err(|e| io_error(&tmp)(e.into_error()))?;
            f.sync_all().map_err(io_error(&tmp))?;
            let dest = out.join(name);
            std::fs::rename(&tmp, &dest).map_err(io_error(&dest))?;
        }
        Ok(())
    }

    fn discard(self) {
        let _ = std::fs::remove_file(&self.jsonl.0);
        let _ = std::fs::remove_file(&self.pgn.0);
    }
}

/// Open every input and check they are of one event; the inputs and the layout.
fn open_inputs(inputs: &[PathBuf]) -> Result<(Vec<Input>, Layout), MergeError> {
    let mut logs: Vec<Input> = Vec::with_capacity(inputs.len());
    for path in inputs {
        let log = LogReader::open(&games_path(path))?;
        let h = &log.header;
        if canonical_hash(&h.event) != h.config_hash {
            return Err(MergeError::EditedHeader {
                path: log.path().display().to_string(),
            });
        }
        if let Some(first) = logs.first() {
            let f = &first.header;
            if f.config_hash != h.config_hash {
                let short = |s: &str| s.chars().take(16).collect::<String>();
                let mut differs = changes_between(&f.event, &h.event, "in the first", "there");
                if differs.is_empty() {
                    differs.push("growth (the events grew differently)".into());
                }
                return Err(MergeError::OtherEvent {
                    first: first.path().display().to_string(),
                    later: log.path().display().to_string(),
                    first_hash: short(&f.config_hash),
                    later_hash: short(&h.config_hash),
                    differs: differs.join("; "),
                });
            }
        }
        logs.push(log);
    }
    let first = logs.first().ok_or(MergeError::NoInputs)?;
    let layout = header_layout(&first.header)?;
    Ok((logs, layout))
}

/// Merge `inputs` (run folders or their games.jsonl) into `out`.
pub fn merge(inputs: &[PathBuf], out: &Path, partial: bool) -> Result<MergeReport, MergeError> {
    let (mut logs, layout) = open_inputs(inputs)?;
    let scheduled = layout.games();
    let header = Header {
        scheduled_games: scheduled,
        shard: None,
        merged: true,
        ..logs[0].header.clone()
    };
    // An earlier merge there is read last: what the inputs have comes first, its own games
    // after them.
    let given = logs.len();
    let earlier = earlier_merge(out, &logs, &header)?;
    let extended = earlier.is_some();
    logs.extend(earlier);
    let earlier = extended.then_some(given);
    let mut outputs = Outputs::create(out, &header)?;
    let hosts = host_lines(&logs)?;
    let result = copy_games(&mut logs, &header, &layout, &mut outputs, &hosts)
        .and_then(|copied| write_host_lines(&hosts, &mut outputs).map(|()| copied));
    let checked = result.and_then(|(games, seen, twice)| {
        let paths: Vec<PathBuf> = logs.iter().map(|l| l.path().to_path_buf()).collect();
        match twice.first_conflict(&paths, &layout) {
            Ok(None) => Ok((games, twice.len_besides(earlier), seen)),
            Ok(Some(c)) => Err(MergeError::Conflict {
                id: id_of(&layout, c.number),
                first: paths[c.first].display().to_string(),
                second: paths[c.again].display().to_string(),
            }),
            Err(e) => Err(MergeError::ReadAgain(e)),
        }
    });
    let (games, duplicate_lines, seen) = match checked {
        Ok(r) => r,
        Err(e) => {
            outputs.discard();
            return Err(e);
        }
    };
    // A withdrawn bot's games without a line are not missing.
    let names = logs[0].header.bot_names();
    let gone: Vec<usize> = (0..names.len())
        .filter(|&i| hosts.iter().any(|(h, _)| h.withdrawn(&names[i]).is_some()))
        .collect();
    let mut seen = seen;
    if !gone.is_empty() {
        for c in layout.cells() {
            if gone.contains(&c.first) || gone.contains(&c.second) {
                seen.insert_number(2 * c.pair - 1);
                seen.insert_number(2 * c.pair);
            }
        }
    }
    let missing = missing(&seen, &layout, &logs, LIST_MISSING);
    let report = MergeReport {
        out: out.to_path_buf(),
        inputs: given,
        games: games.iter().sum(),
        extended,
        kept_from_earlier: earlier.map_or(0, |k| games[k]),
        scheduled_games: scheduled,
        duplicate_lines,
        torn_lines: logs
            .iter()
            .filter_map(|l| {
                l.torn_line
                    .map(|n| format!("{} line {n}", l.path().display()))
            })
            .collect(),
        missing: missing.0,
        missing_ids: missing.1,
        missing_shards: missing.2,
    };
    if report.missing > 0 && !partial {
        outputs.discard();
        return Err(MergeError::Missing {
            missing: report.missing,
            scheduled,
            ids: list_ids(&report),
            shards: shards_text(&report.missing_shards),
        });
    }
    outputs.commit(out)?;
    Ok(report)
}

/// What the copy leaves: games written from each input, the games taken, the lines met twice.
type Copied = (Vec<u64>, Seen, Twice);

/// Copy every input's games, each once, into the outputs.
/// games.pgn is written by a second thread (parsing a record and writing its PGN is half the
/// work), fed the lines in order, many lines a message (one message a line cost more in
/// waking the thread and allocating than the PGN itself).
/// Each input's host lines, read before the copy (a rerun line supersedes lines before it).
/// A host line whose digest is not its log's is refused: the merged log's lines are signed
/// anew, and would pass `--verify` ([`super::host_digest`]).
fn host_lines(logs: &[Input]) -> Result<Vec<(HostState, Vec<HostLine>)>, MergeError> {
    logs.iter()
        .map(|l| {
            let lines = read_host_lines(l.path()).map_err(io_error(l.path()))?;
            if !lines.is_empty() {
                let unsigned = host_digest::check_file(l.path()).map_err(io_error(l.path()))?;
                if let Some((line, problem)) = unsigned.into_iter().next() {
                    return Err(MergeError::BadLine {
                        path: l.path().display().to_string(),
                        line,
                        problem,
                    });
                }
            }
            let mut state = HostState::default();
            for (n, line) in &lines {
                state.add(*n, line);
            }
            Ok((state, lines.into_iter().map(|(_, l)| l).collect()))
        })
        .collect()
}

/// The inputs' withdraw and replace lines after the games, each once: a withdrawal holds for
/// the merged event. Rerun lines stay in the shards: the lines they superseded are not copied,
/// and after the games they would supersede the games played again. So do not-played lines:
/// a shard's hiccup, not the event's.
fn write_host_lines(
    hosts: &[(HostState, Vec<HostLine>)],
    outputs: &mut Outputs,
) -> Result<(), MergeError> {
    let (path, jsonl) = &mut outputs.jsonl;
    jsonl.flush().map_err(io_error(path))?;
    let mut chain = host_digest::Chain::of_file(path).map_err(io_error(path))?;
    let mut written: Vec<String> = Vec::new();
    let kept = |l: &&HostLine| {
        !matches!(
            l.action,
            HostAction::Rerun { .. } | HostAction::NotPlayed { .. }
        )
    };
    for line in hosts.iter().flat_map(|(_, lines)| lines).filter(kept) {
        // Each shard's digest is its own log's: the line is compared and signed without it.
        let unsigned = HostLine {
            log_sha256: None,
            ..line.clone()
        };
        let text = serde_json::to_string(&unsigned).expect("a host line serializes");
        if !written.contains(&text) {
            let signed = format!("{}\n", chain.sign(&text));
            jsonl.write_all(signed.as_bytes()).map_err(io_error(path))?;
            chain.feed(signed.as_bytes());
            written.push(text);
        }
    }
    Ok(())
}

fn copy_games(
    logs: &mut [Input],
    header: &Header,
    layout: &Layout,
    outputs: &mut Outputs,
    hosts: &[(HostState, Vec<HostLine>)],
) -> Result<Copied, MergeError> {
    let paths: Vec<String> = logs.iter().map(|l| l.source().to_string()).collect();
    let (tx, rx) = std::sync::mpsc::sync_channel::<PgnBatch>(8);
    let (jsonl, pgn) = (&mut outputs.jsonl, &mut outputs.pgn);
    std::thread::scope(|scope| {
        let paths = &paths;
        let worker = scope.spawn(move || write_pgns(rx, pgn, paths));
        let copied = copy_lines(logs, header, layout, jsonl, &tx, paths, hosts);
        drop(tx);
        let written = worker.join().expect("the PGN thread does not panic");
        // The PGN thread's error is the cause when the lines stopped because it had ended.
        match (copied, written) {
            (_, Err(e)) => Err(e),
            (c, Ok(())) => c,
        }
    })
}

/// Lines of one input for the PGN thread: their text one after the other, and each one's line
/// number and end in `text`.
struct PgnBatch {
    input: usize,
    text: String,
    lines: Vec<(usize, usize)>,
}

/// How many bytes of lines a [`PgnBatch`] takes before it is sent.
const BATCH_BYTES: usize = 1 << 18;

impl PgnBatch {
    fn new(input: usize) -> PgnBatch {
        PgnBatch {
            input,
            text: String::with_capacity(BATCH_BYTES + (1 << 12)),
            lines: Vec::with_capacity(1024),
        }
    }

    fn push(&mut self, line: usize, text: &str) {
        self.text.push_str(text);
        self.lines.push((line, self.text.len()));
    }
}

fn write_pgns(
    rx: std::sync::mpsc::Receiver<PgnBatch>,
    (path, out): &mut (PathBuf, BufWriter<std::fs::File>),
    paths: &[String],
) -> Result<(), MergeError> {
    // One record, its strings and lists refilled game after game (a game's own allocations
    // were most of this thread's time).
    let mut record = GameRecord::default();
    for batch in rx {
        let mut start = 0;
        for &(line, end) in &batch.lines {
            let text = &batch.text[start..end];
            start = end;
            // The whole line checked here, as the reader checks it (the copy read its ids).
            if parse_game_line(text, &mut record).is_none() {
                record = refusal(text, &paths[batch.input], line)?.record;
            }
            write_pgn(out, &record).map_err(io_error(path))?;
        }
    }
    Ok(())
}

fn copy_lines(
    logs: &mut [Input],
    header: &Header,
    layout: &Layout,
    (jsonl_path, jsonl): &mut (PathBuf, BufWriter<std::fs::File>),
    pgn: &std::sync::mpsc::SyncSender<PgnBatch>,
    paths: &[String],
    hosts: &[(HostState, Vec<HostLine>)],
) -> Result<Copied, MergeError> {
    let mut seen = Seen::new(header);
    let mut twice = Twice::default();
    let mut games = vec![0u64; logs.len()];
    for (k, log) in logs.iter_mut().enumerate() {
        let mut batch = PgnBatch::new(k);
        while let Some(g) = log.next_lazy()? {
            let (line, text) = (g.line, g.text);
            if hosts[k].0.superseded(&g.ids.game_id, line) {
                continue;
            }
            // A line read by its ids is checked whole where it is not copied (a refusal is the
            // refusal of its first fault in the line, as the reader says it).
            let check = || g.check(&paths[k], &mut GameRecord::default());
            let bad = |problem: String| MergeError::BadLine {
                path: paths[k].clone(),
                line,
                problem,
            };
            let Some(number) = layout.game_of_id(&g.ids.game_id) else {
                check()?;
                return Err(bad(format!(
                    "game id '{}' is not in the event's schedule",
                    g.ids.game_id
                )));
            };
            let (pair, _) = pair_of_game(number);
            if g.ids.pair != pair {
                check()?;
                return Err(bad(format!(
                    "game {} has pair {}; the schedule says {pair}",
                    g.ids.game_id, g.ids.pair
                )));
            }
            if !seen.insert_number(number) {
                check()?;
                // Kept once if it is the first line again, compared after the copy.
                twice.note(number, k, text);
                continue;
            }
            jsonl
                .write_all(text.as_bytes())
                .and_then(|()| jsonl.write_all(b"\n"))
                .map_err(io_error(jsonl_path))?;
            batch.push(line, text);
            games[k] += 1;
            if batch.text.len() >= BATCH_BYTES {
                let full = std::mem::replace(&mut batch, PgnBatch::new(k));
                if pgn.send(full).is_err() {
                    // The PGN thread stopped on an error: it is returned from there.
                    return Ok((games, seen, twice));
                }
            }
        }
        if !batch.lines.is_empty() && pgn.send(batch).is_err() {
            return Ok((games, seen, twice));
        }
    }
    Ok((games, seen, twice))
}

/// The schedule's id of game `number`.
fn id_of(layout: &Layout, number: u64) -> String {
    let (pair, leg) = pair_of_game(number);
    let cell = layout.cell(pair).expect("a scheduled pair");
    game_id(&cell, leg)
}

/// How many games no input has, the first `list` of their ids, and their shards when every
/// sharded input has the same shard count.
fn missing(
    seen: &Seen,
    layout: &Layout,
    logs: &[Input],
    list: usize,
) -> (u64, Vec<String>, Vec<Shard>) {
    let counts: BTreeSet<u32> = logs
        .iter()
        .filter_map(|l| l.header.shard.map(|s| s.count))
        .collect();
    let count = (counts.len() == 1).then(|| *counts.first().expect("one"));
    let (mut n, mut ids, mut shards) = (0u64, Vec::new(), BTreeSet::new());
    // By runs of missing games: a shard that never ran is one run, however many games it has.
    for (first, len) in seen.unmet_runs(layout.games()) {
        n += len;
        let listed = len.min(list.saturating_sub(ids.len()) as u64);
        for number in first..first + listed {
            ids.push(id_of(layout, number));
        }
        if let Some(c) = count {
            let (from, to) = (pair_of_game(first).0, pair_of_game(first + len - 1).0);
            // Pairs q with (q - 1) mod c = k - 1 are shard k's: c pairs in a row are all of them.
            for q in from..=to.min(from + c as u64 - 1) {
                shards.insert(((q - 1) % c as u64) as u32 + 1);
            }
        }
    }
    let shards = match count {
        Some(c) => shards
            .into_iter()
            .map(|index| Shard { index, count: c })
            .collect(),
        None => vec![],
    };
    (n, ids, shards)
}

fn list_ids(r: &MergeReport) -> String {
    let mut s = r.missing_ids.join(", ");
    if r.missing > r.missing_ids.len() as u64 {
        s.push_str(&format!(
            " and {} more",
            r.missing - r.missing_ids.len() as u64
        ));
    }
    s
}

fn shards_text(shards: &[Shard]) -> String {
    match shards {
        [] => String::new(),
        [one] => format!(" (of shard {one})"),
        many => format!(
            " (of shards {})",
            many.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The merge in words, for a person.
pub fn render_text(r: &MergeReport) -> String {
    let mut s = format!(
        "merged {} logs into {}: {} of {} games",
        r.inputs,
        games_path(&r.out).display(),
        r.games,
        r.scheduled_games
    );
    if r.duplicate_lines > 0 {
        s.push_str(&format!(
            " ({} lines found twice with the same content, kept once)",
            r.duplicate_lines
        ));
    }
    if r.extended {
        s.push_str("; the earlier merge there extended");
        if r.kept_from_earlier > 0 {
            s.push_str(&format!(
                " ({} of its games are in no input, kept)",
                r.kept_from_earlier
            ));
        }
    }
    s.push('\n');
    if r.missing > 0 {
        s.push_str(&format!(
            "missing {} games: {}{}; merge again when they are played\n",
            r.missing,
            list_ids(r),
            shards_text(&r.missing_shards)
        ));
    }
    for t in &r.torn_lines {
        s.push_str(&format!(
            "note: {t} was torn (a write cut short) and is ignored\n"
        ));
    }
    s
}
