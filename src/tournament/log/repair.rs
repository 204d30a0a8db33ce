//! `baraza repair DIR`: a games.jsonl damaged in its middle made readable again, nothing
//! dropped silently. Before every append was made whole or nothing ([`super::whole_append`]),
//! a full disk could leave the first bytes of a game in the log and the next game's whole line
//! after them, on one line: every reader then stops there. The repair keeps every line that
//! reads whole; of a damaged line it keeps the whole line that ends it, if one does; every byte
//! it does not keep goes to `games.jsonl.damaged` beside the log, one piece a line, and is
//! named in the report.

use super::games_jsonl::{games_path, io_error, GameLine, Header, LogError, HEADER_KIND};
use super::host_line::HostLine;
use super::sprt_order::SprtLine;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

/// What is not kept goes to the log's path with this added.
pub const SET_ASIDE_SUFFIX: &str = ".damaged";

/// Why a log cannot be repaired; nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum RepairError {
    /// A file that cannot be read or written (the log's own error, in its words).
    #[error(transparent)]
    Io(#[from] LogError),
    /// The first line is no header: this is not a log the repair can tell lines of.
    #[error("{}: its first line is not a baraza tournament header; nothing was changed", path.display())]
    NoHeader { path: PathBuf },
}

/// One piece of the log set aside.
#[derive(Debug, PartialEq, Eq)]
pub struct SetAside {
    /// Its line in the log as it was (1-based).
    pub line: usize,
    pub bytes: usize,
    /// The whole line kept from its end (a game's id, or `host`/`sprt`), if any.
    pub kept_after: Option<String>,
    /// The log's last line, without its newline: a write cut short by a kill.
    pub last: bool,
}

/// What the repair did.
#[derive(Debug)]
pub struct Repair {
    pub log: PathBuf,
    /// Where the set-aside pieces went (written only when there are some).
    pub aside: PathBuf,
    /// Lines after the header kept as they were.
    pub kept: usize,
    pub set_aside: Vec<SetAside>,
}

/// Repair the games.jsonl of folder (or file) `path` in place: see the module's doc.
pub fn repair(path: &Path) -> Result<Repair, RepairError> {
    let log = games_path(path);
    let io = |action, path: &Path| {
        let to_log = io_error(action, path);
        move |e| RepairError::Io(to_log(e))
    };
    let file = File::open(&log).map_err(io("read", &log))?;
    let mut lines = BufReader::new(file);
    let tmp = sibling(&log, ".repair");
    let mut out = BufWriter::new(File::create(&tmp).map_err(io("create", &tmp))?);
    let scanned = scan(&mut lines, &mut out, &log);
    let scanned = match scanned {
        Ok(s) => s,
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
    };
    let aside = sibling(&log, SET_ASIDE_SUFFIX);
    let mut repair = Repair {
        log: log.clone(),
        aside: aside.clone(),
        kept: scanned.kept,
        set_aside: scanned.set_aside,
    };
    if repair.set_aside.is_empty() {
        drop(out);
        let _ = std::fs::remove_file(&tmp);
        return Ok(repair);
    }
    // The pieces first, then the log replaced whole: a kill between the two leaves a piece
    // in both files, never in neither.
    let mut pieces = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&aside)
        .map_err(io("create", &aside))?;
    let mut text = Vec::new();
    for p in &scanned.pieces {
        text.extend_from_slice(p);
        text.push(b'\n');
    }
    let written = pieces
        .write_all(&text)
        .and_then(|()| pieces.sync_all())
        .and_then(|()| out.flush())
        .and_then(|()| out.get_ref().sync_all());
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(io("write", &aside)(e));
    }
    drop(out);
    std::fs::rename(&tmp, &log).map_err(io("replace", &log))?;
    repair.set_aside.sort_by_key(|s| s.line);
    Ok(repair)
}

/// What the repair did, for a person: each piece set aside on a line of its own, then a
/// summary (or that nothing needed it).
pub fn render_text(r: &Repair) -> String {
    let log = r.log.display();
    if r.set_aside.is_empty() {
        return format!(
            "{log}: every line reads whole ({} after the header); nothing changed\n",
            r.kept
        );
    }
    let mut out = String::new();
    for s in &r.set_aside {
        let what = match (&s.kept_after, s.last) {
            (Some(kept), _) => {
                format!("the start of a line cut short; kept the whole line after it ({kept})")
            }
            (None, true) => "its last line, cut short".to_string(),
            (None, false) => "no line of the log".to_string(),
        };
        let bytes = s.bytes;
        out.push_str(&format!(
            "line {}: set aside {bytes} byte{}: {what}\n",
            s.line,
            if bytes == 1 { "" } else { "s" }
        ));
    }
    let n = r.set_aside.len();
    out.push_str(&format!(
        "{log}: {n} damaged line{} set aside in {}; {} whole lines kept. The games set aside are played again by the next run; check with `baraza results {} --verify`\n",
        if n == 1 { "" } else { "s" },
        r.aside.display(),
        r.kept + r.set_aside.iter().filter(|s| s.kept_after.is_some()).count(),
        r.log.parent().map_or_else(|| ".".into(), |p| p.display().to_string()),
    ));
    out
}

/// `log` with `suffix` added to its file name.
fn sibling(log: &Path, suffix: &str) -> PathBuf {
    let mut name = log.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    log.with_file_name(name)
}

struct Scanned {
    kept: usize,
    set_aside: Vec<SetAside>,
    pieces: Vec<Vec<u8>>,
}

/// Copy the lines of `lines` that read whole to `out`, the header first; the rest set aside.
fn scan(
    lines: &mut impl BufRead,
    out: &mut impl Write,
    log: &Path,
) -> Result<Scanned, RepairError> {
    let read_error = |e| RepairError::Io(io_error("read", log)(e));
    let write_error = |e| RepairError::Io(io_error("write", log)(e));
    let mut s = Scanned {
        kept: 0,
        set_aside: Vec::new(),
        pieces: Vec::new(),
    };
    let mut buf = Vec::new();
    let mut n = 0;
    let mut header_seen = false;
    loop {
        buf.clear();
        if lines.read_until(b'\n', &mut buf).map_err(read_error)? == 0 {
            break;
        }
        n += 1;
        let terminated = buf.last() == Some(&b'\n');
        let line = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let blank = line.iter().all(u8::is_ascii_whitespace);
        if !header_seen {
            if !blank {
                if !is_header(line) {
                    return Err(RepairError::NoHeader {
                        path: log.to_path_buf(),
                    });
                }
                header_seen = true;
            }
            write_line(out, line).map_err(write_error)?;
            continue;
        }
        if blank || kind_of(line).is_some() {
            s.kept += usize::from(!blank);
            write_line(out, line).map_err(write_error)?;
            continue;
        }
        let (cut, kept_after) = match whole_tail(line) {
            Some((at, kind)) => (at, Some(kind)),
            None => (line.len(), None),
        };
        if kept_after.is_some() {
            write_line(out, &line[cut..]).map_err(write_error)?;
        }
        s.pieces.push(line[..cut].to_vec());
        s.set_aside.push(SetAside {
            line: n,
            bytes: cut,
            kept_after,
            last: !terminated,
        });
    }
    if !header_seen {
        return Err(RepairError::NoHeader {
            path: log.to_path_buf(),
        });
    }
    Ok(s)
}

fn write_line(out: &mut impl Write, line: &[u8]) -> std::io::Result<()> {
    out.write_all(line)?;
    out.write_all(b"\n")
}

fn is_header(line: &[u8]) -> bool {
    serde_json::from_slice::<Header>(line).is_ok_and(|h| h.baraza == HEADER_KIND)
}

/// What a whole line of the log is: a game's id, `host` or `sprt`; `None` for anything else.
fn kind_of(line: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(line).ok()?;
    if SprtLine::parse(text).is_some() {
        return Some("an SPRT line".into());
    }
    if HostLine::parse(text).is_some() {
        return Some("a host line".into());
    }
    let game = serde_json::from_str::<GameLine>(text).ok()?;
    Some(format!("game {}", game.game_id))
}

/// The longest whole line that ends `line` after something else: where it starts, and what
/// it is.
fn whole_tail(line: &[u8]) -> Option<(usize, String)> {
    (1..line.len())
        .filter(|&at| line[at..].starts_with(b"{\""))
        .find_map(|at| kind_of(&line[at..]).map(|kind| (at, kind)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_of_a_line_holding_two_is_found_and_nothing_else() {
        assert_eq!(whole_tail(b"{\"game_id\":\"r1-p1-a\",\"pa"), None);
        assert_eq!(whole_tail(b"no json at all"), None);
        let sprt = br#"{"baraza":"sprt","#;
        // A piece of a line, then one that is no line of the log either.
        let mut line = sprt.to_vec();
        line.extend_from_slice(br#"{"a":1}"#);
        assert_eq!(whole_tail(&line), None);
    }
}
