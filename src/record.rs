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

// PLACEHOLDER write_pgn (replaced by the botslogs branch)
/// Write one game as a PGN-like text block (tags, numbered movetext with think times, result).
/// Minimal placeholder; the log owner's version replaces it.
pub fn write_pgn(out: &mut impl std::io::Write, rec: &GameRecord) -> std::io::Result<()> {
    let tag = |out: &mut dyn std::io::Write, k: &str, v: &str| {
        writeln!(
            out,
            "[{k} \"{}\"]",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        )
    };
    tag(out, "Event", &rec.event)?;
    tag(out, "Site", &rec.site)?;
    tag(out, "Date", &rec.date)?;
    tag(out, "Round", &rec.round)?;
    tag(out, "White", &rec.white)?;
    tag(out, "Black", &rec.black)?;
    tag(out, "Result", &rec.result)?;
    tag(out, "Ruleset", &rec.ruleset)?;
    tag(out, "Start", &rec.start)?;
    tag(out, "TimeControl", &rec.time_control)?;
    tag(out, "Termination", rec.termination.as_str())?;
    tag(out, "Reason", &rec.reason)?;
    tag(out, "PlyCount", &rec.plies.to_string())?;
    writeln!(out)?;
    for (i, m) in rec.moves.iter().enumerate() {
        if i % 2 == 0 {
            write!(out, "{}. ", i / 2 + 1)?;
        }
        let t = rec.times_ms.get(i).copied().unwrap_or(0);
        write!(out, "{m} {{{}.{:03}s}} ", t / 1000, t % 1000)?;
    }
    writeln!(out, "{}", rec.result)?;
    writeln!(out)
}
// END PLACEHOLDER write_pgn
