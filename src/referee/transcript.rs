//! Protocol transcripts (`--transcript DIR`): every line the referee sent to a bot and read
//! from it in one game, with the time since the game's start and the direction, as plain
//! text (docs/log-format.md, "Transcripts"). An observer of the game like the info logs,
//! capped like stderr.

use super::setup::PlayerSetup;
use crate::bot::STDERR_CAP;
use crate::escape::terminal::escape_control;
use crate::game::Player;
use std::io::Write as _;
use tokio::time::Instant;

/// Cap of one bot's transcript of one game, in bytes (as its stderr).
pub const TRANSCRIPT_CAP: u64 = STDERR_CAP;

/// The fewest bytes a transcript line adds to the text it logs: the shortest time
/// (`0.000000`), the direction between spaces and the line end. A line of `n` bytes takes at
/// least `n + LINE_FLOOR` bytes of the cap (escaping only lengthens it).
pub(super) const LINE_FLOOR: u64 = "0.000000 > \n".len() as u64;

/// The last line of a transcript cut at [`TRANSCRIPT_CAP`].
const MARK: &str = "[baraza: transcript truncated at 1048576 bytes]\n";
const _: () = assert!(TRANSCRIPT_CAP == 1 << 20, "MARK names the cap");

/// Which way a line went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// From the referee to the bot (`>`).
    Sent,
    /// From the bot to the referee (`<`).
    Received,
}

/// One bot's transcript file for one game ([`PlayerSetup::transcript`]).
pub struct Transcript {
    file: Option<std::io::BufWriter<std::fs::File>>,
    start: Instant,
    written: u64,
    line: String,
}

impl Transcript {
    /// The transcript of `player` (set up as `ps`) in game `game`, which started at `start`;
    /// one that cannot be created drops the lines (the game goes on).
    pub fn open(ps: &PlayerSetup, game: u64, player: Player, start: Instant) -> Transcript {
        let mut file = ps
            .transcript
            .as_ref()
            .and_then(|p| std::fs::File::create(p).ok())
            .map(std::io::BufWriter::new);
        let mut written = 0;
        if let Some(f) = file.as_mut() {
            let head = format!(
                "# baraza transcript: game {game}, player {}, {}; seconds since the game's \
                 start, '>' to the bot, '<' from the bot\n",
                player.number(),
                escape_control(&ps.name)
            );
            written = head.len() as u64;
            let _ = f.write_all(head.as_bytes());
        }
        Transcript {
            file,
            start,
            written,
            line: String::with_capacity(256),
        }
    }

    /// Log `text` (one or more lines; a final line end is not a line of its own) as sent or
    /// received at `at`.
    pub fn log(&mut self, at: Instant, dir: Direction, text: &str) {
        let Some(f) = self.file.as_mut() else {
            return;
        };
        if self.written >= TRANSCRIPT_CAP {
            return;
        }
        let t = at.saturating_duration_since(self.start);
        let arrow = match dir {
            Direction::Sent => '>',
            Direction::Received => '<',
        };
        let text = text.strip_suffix('\n').unwrap_or(text);
        for l in text.split('\n') {
            self.line.clear();
            use std::fmt::Write as _;
            let _ = writeln!(
                self.line,
                "{}.{:06} {arrow} {}",
                t.as_secs(),
                t.subsec_micros(),
                escape_control(l)
            );
            // The last line saying so counts in the cap.
            if self.written + (self.line.len() + MARK.len()) as u64 > TRANSCRIPT_CAP {
                self.written = TRANSCRIPT_CAP;
                let _ = f.write_all(MARK.as_bytes());
                return;
            }
            self.written += self.line.len() as u64;
            let _ = f.write_all(self.line.as_bytes());
        }
    }
}

/// Both players' transcripts as one observer (lines logged as they are reported; the
/// [`GameObserver`](super::GameObserver) impl is with the others in `observer.rs`).
pub struct Transcripts(pub [Transcript; 2]);

impl Transcripts {
    pub fn log(&mut self, player: Player, at: Instant, dir: Direction, text: &str) {
        self.0[player.index()].log(at, dir, text);
    }

    /// Log `text` stamped now, reading the clock only when `player` has a transcript: the
    /// referee reports every line it sends or reads, and most games keep none.
    pub fn log_now(&mut self, player: Player, dir: Direction, text: &str) {
        let t = &mut self.0[player.index()];
        if t.file.is_some() {
            t.log(Instant::now(), dir, text);
        }
    }
}
