//! The record of one finished game, and its two written forms: the PGN-like log and JSON lines.

use serde::{Deserialize, Serialize};

/// How a game ended. The strings are fixed: logs, JSON and users' scripts match on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Termination {
    #[serde(rename = "normal")]
    Normal,
    #[serde(rename = "time forfeit")]
    TimeForfeit,
    #[serde(rename = "illegal move")]
    IllegalMove,
    #[serde(rename = "protocol error")]
    ProtocolError,
    #[serde(rename = "crash")]
    Crash,
    #[serde(rename = "stalled connection")]
    StalledConnection,
    #[serde(rename = "adjudication")]
    Adjudication,
}

impl Termination {
    pub const ALL: [Termination; 7] = [
        Termination::Normal,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::ProtocolError,
        Termination::Crash,
        Termination::StalledConnection,
        Termination::Adjudication,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::ProtocolError => "protocol error",
            Termination::Crash => "crash",
            Termination::StalledConnection => "stalled connection",
            Termination::Adjudication => "adjudication",
        }
    }

    pub fn parse(s: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

impl std::fmt::Display for Termination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

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
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
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
