//! How a position ends, as typed values: [`Status`] (is this position finished by the rules,
//! and how) and [`Outcome`] (who won: `1-0`, `0-1`, `1/2-1/2`). The arena adds what a game
//! *record* carries (its result and termination) in its own `outcome` module. The strings are
//! part of the contract (logs, the protocol's `gameover`, users' scripts).
//!
//! With the `serde` feature, both serialize as the arena's JSON writes them: an outcome as its
//! word, a status as `{"status": "ongoing"}` or `{"status": "over", "result", "reason",
//! "scores"}`.

use crate::player::Player;
use std::fmt;

/// The outcome of a finished game, written with player 1 first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Player),
    Draw,
}

impl Outcome {
    pub const ALL: [Outcome; 3] = [
        Outcome::Win(Player::One),
        Outcome::Win(Player::Two),
        Outcome::Draw,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win(Player::One) => "1-0",
            Outcome::Win(Player::Two) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    pub fn parse(s: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.as_str() == s)
    }

    /// Points of player 1 and player 2: 1 for a win, 1/2 each for a draw.
    pub fn points(self) -> (f64, f64) {
        match self {
            Outcome::Win(Player::One) => (1.0, 0.0),
            Outcome::Win(Player::Two) => (0.0, 1.0),
            Outcome::Draw => (0.5, 0.5),
        }
    }
}

/// As its result text: `1-0`, `0-1`, `1/2-1/2`.
#[cfg(feature = "serde")]
impl serde::Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a position is finished, and if so how. Serialized as the `--json` status object of
/// `baraza rules` and `baraza replay` (docs/json.md): `{"status": "ongoing"}`, or
/// `{"status": "over", "result", "reason", "scores"}` (`scores` only when the game has them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "status", rename_all = "lowercase")
)]
pub enum Status {
    Ongoing,
    Over {
        #[cfg_attr(feature = "serde", serde(rename = "result"))]
        outcome: Outcome,
        /// The spec's reason word, e.g. `end`, `limit`, `pieces`, `no-moves`.
        reason: &'static str,
        /// Final scores (player 1, player 2) for games that have them (Darra).
        #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
        scores: Option<(u32, u32)>,
    },
}

impl Status {
    pub fn is_over(&self) -> bool {
        !matches!(self, Status::Ongoing)
    }
}

/// `ongoing`, or `<result> <reason>[ <score1>-<score2>]`, the format of `baraza rules status`.
impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Over {
                outcome,
                reason,
                scores,
            } => {
                write!(f, "{outcome} {reason}")?;
                if let Some((a, b)) = scores {
                    write!(f, " {a}-{b}")?;
                }
                Ok(())
            }
        }
    }
}
