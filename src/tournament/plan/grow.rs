//! Events that grow: `--resume` with more `--rounds`, or with bots added after the existing
//! ones, extends the event in its folder. The games already played keep their ids, seeds and
//! records and only the new games are played, because the schedule is append-only
//! ([`super::layout`]): the new games are numbered after the old ones. More rounds alone need
//! no record (a fresh event of that many rounds is numbered the same); when bots are added the
//! header records the size the event had before (a [`Stage`] in
//! `event.growth`).
//!
//! Any other change (the seed, a clock, a bot's command, the openings, fewer rounds or bots)
//! is refused, naming each changed field with its value in the file and now.

use super::config::{canonical_hash, CanonicalEvent, Stage, TournamentConfig};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

/// Why a log cannot be resumed with a configuration: the hash the event would have now, and
/// each difference (`seed (1 in the file, 2 now)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAGrowth {
    pub now_hash: String,
    pub differs: Vec<String>,
}

/// The configuration to resume a log (its header's event and hash) with: `now` with the log's
/// growth history, and whether the event grew (then its header must be replaced:
/// [`replace_header`]).
pub fn resume_config(
    file: &CanonicalEvent,
    file_hash: &str,
    now: &TournamentConfig,
) -> Result<(TournamentConfig, bool), NotAGrowth> {
    let mut config = now.clone();
    config.growth = file.growth.clone();
    let refuse = |differs: Vec<String>| NotAGrowth {
        now_hash: config.hash(),
        differs,
    };
    // The file's hash is recomputed from its event as well, so a hand-edited event is caught.
    if canonical_hash(file) != file_hash {
        return Err(refuse(vec![
            "config_hash (the header's event was edited: it no longer matches its hash)".into(),
        ]));
    }
    if config.hash() == file_hash {
        return Ok((config, false));
    }
    let differs = changes(file, &config.canonical());
    if !differs.is_empty() {
        return Err(refuse(differs));
    }
    // Only growth is left. More rounds alone number their pairs just as a fresh event of as
    // many rounds would (round after round): nothing to record, the hash is that event's.
    // Added bots record the size before them.
    if now.bots.len() > file.bots.len() {
        config.growth.push(Stage {
            bots: file.bots.len(),
            rounds: file.rounds,
        });
    }
    Ok((config, true))
}

/// What differs between the file's event and the event now, other than growth: one entry per
/// field, `field (file value in the file, now value now)`.
pub fn changes(file: &CanonicalEvent, now: &CanonicalEvent) -> Vec<String> {
    changes_between(file, now, "in the file", "now")
}

/// [`changes`] with other words for where the two values are (`in the first`, `there`).
pub fn changes_between(
    file: &CanonicalEvent,
    now: &CanonicalEvent,
    in_file: &str,
    in_now: &str,
) -> Vec<String> {
    let labels = (in_file, in_now);
    // Resuming, the hints say how the event may change.
    let resuming = in_now == "now";
    let mut out = Vec::new();
    if now.rounds < file.rounds {
        out.push(format!(
            "rounds ({} {in_file}, {} {in_now}{})",
            file.rounds,
            now.rounds,
            if resuming {
                ": an event can grow, not shrink"
            } else {
                ""
            }
        ));
    }
    for (i, (a, b)) in file.bots.iter().zip(&now.bots).enumerate() {
        let who = if a.name == b.name {
            format!("bot '{}'", a.name)
        } else {
            format!("bot {}", i + 1)
        };
        let (va, vb) = (to_value(a), to_value(b));
        leaf_changes(&who, &va, &vb, labels, &mut out);
    }
    if now.bots.len() < file.bots.len() {
        let names = |e: &CanonicalEvent| {
            e.bots
                .iter()
                .map(|b| b.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push(format!(
            "bots ({} {in_file}: {}; {} {in_now}: {}{})",
            file.bots.len(),
            names(file),
            now.bots.len(),
            names(now),
            if resuming {
                "; bots can be added after the others, not removed"
            } else {
                ""
            }
        ));
    }
    // Everything else must be equal.
    let strip = |e: &CanonicalEvent| {
        let mut v = to_value(e);
        if let Some(m) = v.as_object_mut() {
            for k in ["rounds", "bots", "growth"] {
                m.remove(k);
            }
        }
        v
    };
    leaf_changes("", &strip(file), &strip(now), labels, &mut out);
    out
}

fn to_value<T: serde::Serialize>(x: &T) -> Value {
    serde_json::to_value(x).unwrap_or(Value::Null)
}

/// A value as a person reads it in a message.
fn show(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "none".to_string(),
        Some(v) => v.to_string(),
    }
}

/// The leaves that differ between `a` and `b`, each `who path (a in the file, b now)`.
fn leaf_changes(who: &str, a: &Value, b: &Value, labels: (&str, &str), out: &mut Vec<String>) {
    walk(who, "", a, b, labels, out);
}

fn walk(
    who: &str,
    path: &str,
    a: &Value,
    b: &Value,
    (in_a, in_b): (&str, &str),
    out: &mut Vec<String>,
) {
    if a == b {
        return;
    }
    let label = |path: &str| match (who.is_empty(), path.is_empty()) {
        (true, _) => path.to_string(),
        (false, true) => who.to_string(),
        (false, false) => format!("{who} {path}"),
    };
    match (a, b) {
        (Value::Object(ma), Value::Object(mb)) => {
            let mut keys: Vec<&String> = ma.keys().chain(mb.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let sub = if path.is_empty() {
                    k.to_string()
                } else {
                    format!("{path}.{k}")
                };
                match (ma.get(k), mb.get(k)) {
                    (Some(x), Some(y)) => walk(who, &sub, x, y, (in_a, in_b), out),
                    (x, y) => out.push(format!(
                        "{} ({} {in_a}, {} {in_b})",
                        label(&sub),
                        show(x),
                        show(y)
                    )),
                }
            }
        }
        _ => out.push(format!(
            "{} ({} {in_a}, {} {in_b})",
            label(path),
            show(Some(a)),
            show(Some(b))
        )),
    }
}

/// Replace the header line of a games.jsonl with `header` (its JSON), keeping every other line
/// as it is: written to a file beside it, synced, and renamed over it.
pub fn replace_header(path: &Path, header: &str) -> std::io::Result<()> {
    let tmp = path.with_extension("jsonl.grow");
    let mut lines = BufReader::new(std::fs::File::open(path)?);
    let mut first = String::new();
    lines.read_line(&mut first)?;
    let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
    writeln!(out, "{header}")?;
    std::io::copy(&mut lines, &mut out)?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}
