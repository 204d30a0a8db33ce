//! The record of one finished game: what the PGN-like log ([`crate::record::pgn`]) and the JSON lines
//! hold. [`crate::record::verify`] re-judges a record read from a log.

pub mod adjudication;
pub mod host_paths;
pub mod info;
pub mod log_games;
pub mod pgn;
pub mod replay;
pub mod replay_pick;
pub mod replay_text;
pub mod results_pgn;
pub mod stated_score;
pub mod verify;

use crate::outcome::GameResult;
use serde::{Deserialize, Serialize};

// Named by every record; its home is the outcome module.
pub use crate::outcome::Termination;

/// One finished game: everything the PGN log and the JSON line hold. This is also the JSON line
/// schema (`serde_json::to_string(&record)`), so field names are part of the contract.
///
/// The optional fields (`move_infos`, the `id` lines) are left out of a JSON line when empty
/// and default when missing, so older logs read the same. [`Default`] is an empty record (result
/// `*`), for building records field by field: `GameRecord { game: 3, ..Default::default() }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// 1-based game number within the match or tournament.
    pub game: u64,
    pub ruleset: String,
    /// Player 1's name.
    pub white: String,
    /// Player 2's name.
    pub black: String,
    /// `1-0`, `0-1` or `1/2-1/2` (`*` only in a log read back, never from the referee).
    pub result: GameResult,
    pub termination: Termination,
    /// A human sentence: why the game ended (e.g. "player 2 sent illegal move 'z9'").
    pub reason: String,
    pub plies: usize,
    /// Every move played, in order; an illegal token is never here (it is in `reason`).
    pub moves: Vec<String>,
    /// Think time of each move in ms (0 for a forced pass played by the referee).
    pub times_ms: Vec<u64>,
    /// Think time of each move in µs (the measurement; `times_ms` is it rounded down, kept for
    /// readers of older logs). Absent in logs of older versions (read as empty); read from a
    /// PGN log, to its 0.1 ms.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times_us: Vec<u64>,
    /// The last `info` line (its text after `info `, at most [`crate::record::info::INFO_TEXT_CAP`]
    /// bytes) the mover sent before each move, aligned with `moves`: `None` when it sent none
    /// since its previous move, and for a forced pass. Empty when the game had none at all.
    /// Read from a PGN log, it holds what the move comments keep: `depth N score ...`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_infos: Vec<Option<String>>,
    /// Player 1's `id name` line from its handshake (the last one, at most 200 characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_id_name: Option<String>,
    /// Player 1's `id author` line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_id_author: Option<String>,
    /// Player 2's `id name` line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_id_name: Option<String>,
    /// Player 2's `id author` line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_id_author: Option<String>,
    /// The start position string.
    pub start: String,
    pub seed: u64,
    /// PGN-style time control, e.g. `10+0.1`, `movetime=100ms`, or `-`.
    pub time_control: String,
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`
    pub date: String,
    pub round: String,
}

impl Default for GameRecord {
    fn default() -> GameRecord {
        GameRecord {
            game: 0,
            ruleset: String::new(),
            white: String::new(),
            black: String::new(),
            result: GameResult::Unfinished,
            termination: Termination::Normal,
            reason: String::new(),
            plies: 0,
            moves: Vec::new(),
            times_ms: Vec::new(),
            times_us: Vec::new(),
            move_infos: Vec::new(),
            white_id_name: None,
            white_id_author: None,
            black_id_name: None,
            black_id_author: None,
            start: String::new(),
            seed: 0,
            time_control: String::new(),
            event: String::new(),
            site: String::new(),
            date: String::new(),
            round: String::new(),
        }
    }
}

/// The standard start position of a ruleset this build knows: the start of a log's game
/// that has no `Position` tag.
pub fn standard_start(ruleset: &str) -> Option<&'static str> {
    crate::games::find(ruleset).map(|r| r.start)
}

impl GameRecord {
    /// Whether the game began from its ruleset's standard start (the logs then leave the
    /// position out).
    pub fn is_standard_start(&self) -> bool {
        standard_start(&self.ruleset) == Some(self.start.as_str())
    }

    /// Whether player 2 moved first: its start says player 2 is to move (a standard start
    /// never does; an unparsable start counts as player 1 to move).
    pub fn player_two_moved_first(&self) -> bool {
        !self.is_standard_start()
            && crate::games::parse_position(&self.start)
                .is_ok_and(|p| p.side_to_move() == crate::game::Player::Two)
    }

    /// The last info text `player`'s bot sent before move `ply` (0-based), if kept.
    pub fn move_info(&self, ply: usize) -> Option<&str> {
        self.move_infos.get(ply).and_then(|i| i.as_deref())
    }

    /// A player's `id name` and `id author` (`player` 1 or 2).
    pub fn ids(&self, player: u8) -> (Option<&str>, Option<&str>) {
        if player == 1 {
            (
                self.white_id_name.as_deref(),
                self.white_id_author.as_deref(),
            )
        } else {
            (
                self.black_id_name.as_deref(),
                self.black_id_author.as_deref(),
            )
        }
    }
}
