//! Protocol transcripts (`--transcript DIR`): every line the referee sent to a bot and read
//! from it in one game, with the time since the game's start and the direction, as plain
//! text (docs/log-format.md, "Transcripts"). An observer of the game like the info logs,
//! capped like stderr.
//!
//! When both players' [`PlayerSetup::transcript`] name the same file (`--combined`), the game
//! has one transcript of both sides in the order things happened, each line naming its bot
//! (`p1`, `p2`), capped at twice one bot's cap.

use super::setup::PlayerSetup;
use crate::bot::STDERR_CAP;
use crate::escape::terminal::escape_control;
use crate::game::Player;
use std::io::Write as _;
use std::path::Path;
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
/// The last line of a combined transcript, cut at twice [`TRANSCRIPT_CAP`].
const MARK_COMBINED: &str = "[baraza: transcript truncated at 2097152 bytes]\n";
const _: () = assert!(
    MARK.len() == MARK_COMBINED.len(),
    "both marks weigh the same"
);

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
    /// Both sides in one file: each line names its player, the cap is doubled.
    combined: bool,
}

impl Transcript {
    /// The transcript of `player` (set up as `ps`) in game `game`, which started at `start`;
    /// one that cannot be created drops the lines (the game goes on).
    pub fn open(ps: &PlayerSetup, game: u64, player: Player, start: Instant) -> Transcript {
        let head = format!(
            "# baraza transcript: game {game}, player {}, {}; seconds since the game's \
             start, '>' to the bot, '<' from the bot\n",
            player.number(),
            escape_control(&ps.name)
        );
        Transcript::create(ps.transcript.as_deref(), &head, start, false)
    }

    /// The one transcript of both sides of game `game` (`players` player 1 first, both naming
    /// the same file), which started at `start`.
    pub fn open_combined(players: &[PlayerSetup; 2], game: u64, start: Instant) -> Transcript {
        let head = format!(
            "# baraza transcript: game {game}, p1 {}, p2 {}; seconds since the game's start, \
             the bot, '>' to it, '<' from it\n",
            escape_control(&players[0].name),
            escape_control(&players[1].name)
        );
        Transcript::create(players[0].transcript.as_deref(), &head, start, true)
    }

    /// A transcript at `path` (none when `None` or when it cannot be created), `head` first.
    fn create(path: Option<&Path>, head: &str, start: Instant, combined: bool) -> Transcript {
        let mut file = path
            .and_then(|p| std::fs::File::create(p).ok())
            .map(std::io::BufWriter::new);
        let mut written = 0;
        if let Some(f) = file.as_mut() {
            written = head.len() as u64;
            let _ = f.write_all(head.as_bytes());
        }
        Transcript {
            file,
            start,
            written,
            line: String::with_capacity(256),
            combined,
        }
    }

    /// Log `text` (one or more lines; a final line end is not a line of its own) as sent or
    /// received at `at`.
    pub fn log(&mut self, at: Instant, dir: Direction, text: &str) {
        self.log_as(None, at, dir, text);
    }

    /// [`Transcript::log`], the lines naming `player` in a combined transcript.
    fn log_as(&mut self, player: Option<Player>, at: Instant, dir: Direction, text: &str) {
        let Some(f) = self.file.as_mut() else {
            return;
        };
        let (cap, mark) = if self.combined {
            (2 * TRANSCRIPT_CAP, MARK_COMBINED)
        } else {
            (TRANSCRIPT_CAP, MARK)
        };
        if self.written >= cap {
            return;
        }
        let who = match player.filter(|_| self.combined) {
            Some(Player::One) => "p1 ",
            Some(Player::Two) => "p2 ",
            None => "",
        };
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
                "{}.{:06} {who}{arrow} {}",
                t.as_secs(),
                t.subsec_micros(),
                escape_control(l)
            );
            // The last line saying so counts in the cap.
            if self.written + (self.line.len() + mark.len()) as u64 > cap {
                self.written = cap;
                let _ = f.write_all(mark.as_bytes());
                return;
            }
            self.written += self.line.len() as u64;
            let _ = f.write_all(self.line.as_bytes());
        }
    }
}

/// Both players' transcripts as one observer (lines logged as they are reported; the
/// [`GameObserver`](super::GameObserver) impl is with the others in `observer.rs`): one each,
/// or one combined in the first place (the second then keeps none).
pub struct Transcripts(pub [Transcript; 2]);

impl Transcripts {
    /// The transcripts of game `game` set up with `players`: combined when both name the same
    /// file.
    pub fn open(players: &[PlayerSetup; 2], game: u64, start: Instant) -> Transcripts {
        if players[0].transcript.is_some() && players[0].transcript == players[1].transcript {
            return Transcripts([
                Transcript::open_combined(players, game, start),
                Transcript::create(None, "", start, false),
            ]);
        }
        Transcripts(
            [0, 1].map(|i| Transcript::open(&players[i], game, Player::from_index(i), start)),
        )
    }

    fn of(&mut self, player: Player) -> &mut Transcript {
        if self.0[0].combined {
            &mut self.0[0]
        } else {
            &mut self.0[player.index()]
        }
    }

    pub fn log(&mut self, player: Player, at: Instant, dir: Direction, text: &str) {
        self.of(player).log_as(Some(player), at, dir, text);
    }

    /// Log `text` stamped now, reading the clock only when `player` has a transcript: the
    /// referee reports every line it sends or reads, and most games keep none.
    pub fn log_now(&mut self, player: Player, dir: Direction, text: &str) {
        let t = self.of(player);
        if t.file.is_some() {
            t.log_as(Some(player), Instant::now(), dir, text);
        }
    }
}
