//! The bots' stderr and info lines in a tournament: each side of each game slot writes to
//! files of its own, appended after the game to `DIR/stderr/<bot>.log` and `DIR/info/<bot>.log`
//! under a line naming the game (at most [`STDERR_CAP`] per game, [`STDERR_BOT_CAP`] per bot,
//! for each).

use crate::bot::spec::file_safe;
use crate::bot::{StderrSink, STDERR_CAP};
use crate::tournament::ScheduledGame;
use std::cell::{Cell, RefCell};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The folder of the bots' stderr logs inside `--out DIR`.
pub const STDERR_DIR: &str = "stderr";
/// The folder of the bots' info logs inside `--out DIR`.
pub const INFO_DIR: &str = "info";
/// Cap of one bot's stderr log over the whole tournament, in bytes.
pub const STDERR_BOT_CAP: u64 = 16 << 20;

/// The stderr log of the bot `name` inside `--out DIR` (there only when it wrote something).
pub fn stderr_log(out_dir: &Path, name: &str) -> PathBuf {
    out_dir
        .join(STDERR_DIR)
        .join(format!("{}.log", file_safe(name)))
}

#[derive(Debug, thiserror::Error)]
#[error("cannot create {}", path.display())]
pub struct SlotsError {
    pub path: PathBuf,
    #[source]
    pub source: std::io::Error,
}

/// The bots' stderr: a file per side of each game slot (a slot is one of the games played at
/// once, reused game after game: no file is created or removed per game), appended after the
/// game to the bot's own log when the bot wrote anything.
pub struct StderrSlots {
    dir: PathBuf,
    tmp: PathBuf,
    free: RefCell<Vec<usize>>,
    slots: Cell<usize>,
}

/// A game slot, given back when dropped.
pub struct Slot<'a> {
    logs: &'a StderrSlots,
    n: usize,
}

impl Slot<'_> {
    /// The slot's number (from 1): which of the games in play this is.
    pub fn number(&self) -> usize {
        self.n
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.logs.free.borrow_mut().push(self.n);
    }
}

impl StderrSlots {
    pub fn new(out_dir: &Path) -> Result<StderrSlots, SlotsError> {
        let dir = out_dir.join(STDERR_DIR);
        let tmp = dir.join("in-play");
        std::fs::create_dir_all(&tmp).map_err(|source| SlotsError {
            path: tmp.clone(),
            source,
        })?;
        // Left by a killed run: those games are played again.
        if let Ok(entries) = std::fs::read_dir(&tmp) {
            for e in entries.flatten() {
                let _ = std::fs::remove_file(e.path());
            }
        }
        Ok(StderrSlots {
            dir,
            tmp,
            free: RefCell::new(Vec::new()),
            slots: Cell::new(0),
        })
    }

    pub fn slot(&self) -> Slot<'_> {
        let n = self.free.borrow_mut().pop().unwrap_or_else(|| {
            self.slots.set(self.slots.get() + 1);
            self.slots.get()
        });
        Slot { logs: self, n }
    }

    fn slot_file(&self, slot: &Slot<'_>, side: usize) -> PathBuf {
        self.tmp.join(format!("slot{}-p{side}.log", slot.n))
    }

    /// Where a side's info lines go during the game (`<ply> <text>`, as `match --logs`).
    pub fn info_file(&self, slot: &Slot<'_>, side: usize) -> PathBuf {
        self.tmp.join(format!("slot{}-p{side}.info", slot.n))
    }

    /// Where a side's stderr goes during the game (the file is truncated when the bot starts).
    pub fn sink(&self, slot: &Slot<'_>, side: usize) -> StderrSink {
        StderrSink::File {
            path: self.slot_file(slot, side),
            cap: STDERR_CAP,
        }
    }

    /// Move a finished game's stderr and info lines into the bots' logs (best effort: a log
    /// that cannot be written does not stop the tournament).
    pub fn collect(&self, slot: &Slot<'_>, game: &ScheduledGame) {
        let info_dir = self.dir.with_file_name(INFO_DIR);
        for (side, name) in [(1, &game.white_name), (2, &game.black_name)] {
            append_game(
                &self.slot_file(slot, side),
                &self.dir,
                "stderr",
                game,
                side,
                name,
            );
            append_game(
                &self.info_file(slot, side),
                &info_dir,
                "info",
                game,
                side,
                name,
            );
        }
    }

    /// Remove the slots' folder (its files are empty or copied into the bots' logs by now).
    pub fn remove(&self) {
        let _ = std::fs::remove_dir_all(&self.tmp);
    }
}

/// Append the file `src` of one side of a finished game to `dir/<bot>.log` under a line naming
/// the game, and remove it; nothing when it is missing or empty.
fn append_game(src: &Path, dir: &Path, what: &str, game: &ScheduledGame, side: usize, name: &str) {
    if std::fs::metadata(src).map_or(true, |m| m.len() == 0) {
        let _ = std::fs::remove_file(src);
        return;
    }
    let text = std::fs::read(src).unwrap_or_default();
    // Removed, so that a bot that could not even be started next time in this slot is not
    // given this one's text (and a quiet bot's file is never created).
    let _ = std::fs::remove_file(src);
    let _ = std::fs::create_dir_all(dir);
    let log = dir.join(format!("{}.log", file_safe(name)));
    let Ok(mut f) = OpenOptions::new().create(true).append(true).open(&log) else {
        return;
    };
    let len = f.metadata().map_or(0, |m| m.len());
    if len >= STDERR_BOT_CAP {
        return;
    }
    let mut buf = format!(
        "--- game {} {}: {} vs {}, {name} is player {side} ---\n",
        game.game, game.game_id, game.white_name, game.black_name
    )
    .into_bytes();
    let room = (STDERR_BOT_CAP - len).saturating_sub(buf.len() as u64) as usize;
    if text.len() > room {
        buf.extend_from_slice(&text[..room]);
        buf.extend_from_slice(
            format!("\n[baraza: {what} log full at {STDERR_BOT_CAP} bytes; later games' {what} is dropped]\n")
                .as_bytes(),
        );
    } else {
        buf.extend_from_slice(&text);
        if !text.ends_with(b"\n") {
            buf.push(b'\n');
        }
    }
    let _ = f.write_all(&buf);
}
