//! Per-move events of one game, for whoever wants them: [`GameObserver`]. The referee reports
//! to it as it plays (a bot ready, every line sent and read, every `info`, every move with its
//! think time), so protocol transcripts or info in the logs hang on the game without entering
//! the game loop. The info log files are such an observer ([`InfoLog`]).

use super::setup::{PlayerSetup, INFO_CAP};
use super::transcript::{Direction, Transcripts};
use crate::bot::{Bot, ReadError, WriteError};
use crate::escape::log_file::escape_line;
use crate::game::Player;
use std::io::Write as _;
use tokio::time::Instant;

/// What [`play_game_observed`](super::play_game_observed) reports while it plays one game. Every
/// method has a no-op default, so an observer implements only what it needs; the referee calls
/// them on its hot path, so they should be cheap (no blocking I/O on a slow device).
///
/// Order within a game: for each side, `ready` comes before any `moved` of that side; lines a
/// bot sent are reported (`received`) before what they mean (`info`, `moved`); `moved` comes in
/// ply order, once per move of the record (forced passes included), with the record's time.
#[allow(unused_variables)]
pub trait GameObserver: Send {
    /// `player`'s bot is ready for this game with the `id` lines of its handshake: after its
    /// hello and `ready` (`reused` false), or at the start of a game it plays in a process kept
    /// from an earlier game (`reused` true; the ids are those of that process's handshake).
    fn ready(&mut self, player: Player, ids: &[(String, String)], reused: bool) {}
    /// An `info` line's text; `ply` is the number of moves played when it was read.
    fn info(&mut self, player: Player, ply: usize, text: &str) {}
    /// The move at 0-based `ply` was played by `player`, taking `time_ms` (as recorded: 0 for
    /// a forced pass, which the referee plays without asking the bot).
    fn moved(&mut self, ply: usize, player: Player, token: &str, time_ms: u64) {}
    /// The referee writes `text` to `player`'s bot: one or more whole lines, each ending
    /// `\n`. Reported as the write starts (a write that fails is seen too), except the
    /// end-of-game lines (`gameover`, `quit`), reported once both bots are closed.
    fn sent(&mut self, player: Player, text: &str) {}
    /// The referee read `line` (without its line end) from `player`'s bot. Of what a bot
    /// sends before `ready`, only what fills a transcript ([`TRANSCRIPT_CAP`]) is reported,
    /// then only its `ready` and `id` lines: the referee keeps them until both hellos are done.
    ///
    /// [`TRANSCRIPT_CAP`]: super::TRANSCRIPT_CAP
    fn received(&mut self, player: Player, line: &str) {}
}

/// The observer that observes nothing.
pub struct NoObserver;

impl GameObserver for NoObserver {}

/// One bot's info log file ([`PlayerSetup::info_log`]): `<ply> <text>` per line, capped at
/// [`INFO_CAP`] bytes; also counts the lines (for [`GameExtras`](super::GameExtras)).
pub struct InfoLog {
    file: Option<std::io::BufWriter<std::fs::File>>,
    written: u64,
    lines: u64,
}

impl InfoLog {
    /// The log for `ps`; one that cannot be created drops the lines (the game goes on).
    pub fn open(ps: &PlayerSetup) -> InfoLog {
        InfoLog {
            file: ps
                .info_log
                .as_ref()
                .and_then(|p| std::fs::File::create(p).ok())
                .map(std::io::BufWriter::new),
            written: 0,
            lines: 0,
        }
    }

    /// Info lines seen so far.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    fn log(&mut self, ply: usize, text: &str) {
        self.lines += 1;
        if let Some(f) = self.file.as_mut() {
            if self.written >= INFO_CAP {
                return;
            }
            let n = text.len() as u64 + 16;
            self.written += n;
            let _ = if self.written >= INFO_CAP {
                writeln!(f, "[baraza: info log truncated at {INFO_CAP} bytes]")
            } else {
                // Escaped: the file is read with `tail -f`, and the text is the bot's.
                writeln!(f, "{ply} {}", escape_line(text))
            };
            // Line by line: `baraza play` shows the bot's info while the game goes on.
            let _ = f.flush();
        }
    }
}

/// Both players' info logs as one observer.
pub struct InfoLogs(pub [InfoLog; 2]);

impl GameObserver for InfoLogs {
    fn info(&mut self, player: Player, ply: usize, text: &str) {
        self.0[player.index()].log(ply, text);
    }
}

impl GameObserver for Transcripts {
    fn sent(&mut self, player: Player, text: &str) {
        self.log(player, Instant::now(), Direction::Sent, text);
    }
    fn received(&mut self, player: Player, line: &str) {
        self.log(player, Instant::now(), Direction::Received, line);
    }
}

/// What the referee reports to: its own info logs, then the caller's observer. Also keeps each
/// side's last info line since its last move, for the record.
pub(super) struct Report<'a> {
    pub infos: InfoLogs,
    pub transcripts: Transcripts,
    pub outer: &'a mut dyn GameObserver,
    /// Each side's last info text (capped), taken when its next move is recorded.
    pub last_info: [Option<String>; 2],
}

impl GameObserver for Report<'_> {
    fn ready(&mut self, player: Player, ids: &[(String, String)], reused: bool) {
        self.outer.ready(player, ids, reused);
    }
    fn info(&mut self, player: Player, ply: usize, text: &str) {
        self.infos.info(player, ply, text);
        self.outer.info(player, ply, text);
        let last = &mut self.last_info[player.index()];
        let kept = crate::record::info::capped(text);
        match last {
            Some(s) => {
                s.clear();
                s.push_str(kept);
            }
            None => *last = Some(kept.to_string()),
        }
    }
    fn moved(&mut self, ply: usize, player: Player, token: &str, time_ms: u64) {
        self.outer.moved(ply, player, token, time_ms);
    }
    fn sent(&mut self, player: Player, text: &str) {
        self.transcripts.log_now(player, Direction::Sent, text);
        self.outer.sent(player, text);
    }
    fn received(&mut self, player: Player, line: &str) {
        self.transcripts.log_now(player, Direction::Received, line);
        self.outer.received(player, line);
    }
}

impl Report<'_> {
    /// Report `text` as sent to `player`'s bot at `at` (before now: a line of a handshake run
    /// alongside the other's, or of the end of the game).
    pub fn sent_at(&mut self, player: Player, text: &str, at: Instant) {
        self.transcripts.log(player, at, Direction::Sent, text);
        self.outer.sent(player, text);
    }

    /// Report `line` as read from `player`'s bot at `at`.
    pub fn received_at(&mut self, player: Player, line: &str, at: Instant) {
        self.transcripts.log(player, at, Direction::Received, line);
        self.outer.received(player, line);
    }

    /// Write to `p`'s bot, reporting what was written.
    pub async fn send(
        &mut self,
        bot: &mut Bot,
        p: Player,
        text: &str,
        deadline: Instant,
    ) -> Result<(), WriteError> {
        self.sent(p, text);
        bot.send(text, deadline).await
    }

    /// Read a line from `p`'s bot, reporting it.
    pub async fn read(
        &mut self,
        bot: &mut Bot,
        p: Player,
        deadline: Instant,
    ) -> Result<String, ReadError> {
        let mut line = String::new();
        self.read_into(bot, p, deadline, &mut line).await?;
        Ok(line)
    }

    /// [`Report::read`] into a reused buffer (the turn loop's).
    pub async fn read_into(
        &mut self,
        bot: &mut Bot,
        p: Player,
        deadline: Instant,
        line: &mut String,
    ) -> Result<(), ReadError> {
        bot.read_line_into(deadline, line).await?;
        self.received(p, line);
        Ok(())
    }
}
