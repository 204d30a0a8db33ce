//! The record of one finished game: what the PGN-like log ([`crate::pgn`]) and the JSON lines
//! hold. [`crate::verify`] re-judges a record read from a log.

use crate::outcome::GameResult;
use serde::{Deserialize, Serialize};

// Named by every record; its home is the outcome module.
pub use crate::outcome::Termination;

/// One finished game: everything the PGN log and the JSON line hold. This is also the JSON line
/// schema (`serde_json::to_string(&record)`), so field names are part of the contract.
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
