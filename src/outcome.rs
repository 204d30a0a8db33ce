//! How a game ends, as typed values, and their fixed written forms.
//!
//! Four types, one question each:
//! - [`Status`]: is this *position* finished by the rules, and if so how (the engines' answer);
//! - [`Outcome`]: who won a finished game (`1-0`, `0-1`, `1/2-1/2`);
//! - [`GameResult`]: the result a *record* carries: an [`Outcome`], or `*` for a game read
//!   from a log that never finished;
//! - [`Termination`]: why the game ended (`normal`, `time forfeit`, ...).
//!
//! The referee's verdict (outcome, termination, reason, who was at fault) is built from these
//! in `referee/verdict.rs`. The strings are part of the contract (logs, JSON lines, the
//! protocol's `gameover`, users' scripts): `docs/log-format.md` lists them.

use crate::player::Player;
pub use baraza_rules::outcome::{Outcome, Status};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The result of a game record: what the PGN `Result` tag, the movetext's last token and the
/// JSON line's `result` field hold. The referee only writes finished games; `*` comes only
/// from a log a person wrote or a game that was cut short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Finished(Outcome),
    /// `*`: the game has no result.
    Unfinished,
}

impl GameResult {
    /// Every result in its written form's order in the docs: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub const ALL: [GameResult; 4] = [
        GameResult::Finished(Outcome::Win(Player::One)),
        GameResult::Finished(Outcome::Win(Player::Two)),
        GameResult::Finished(Outcome::Draw),
        GameResult::Unfinished,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::Finished(o) => o.as_str(),
            GameResult::Unfinished => "*",
        }
    }

    pub fn parse(s: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.as_str() == s)
    }

    pub fn outcome(self) -> Option<Outcome> {
        match self {
            GameResult::Finished(o) => Some(o),
            GameResult::Unfinished => None,
        }
    }

    /// Points of player 1 and player 2; `None` for `*`.
    pub fn points(self) -> Option<(f64, f64)> {
        self.outcome().map(Outcome::points)
    }

    /// The written forms joined for an error message: `1-0, 0-1, 1/2-1/2, *`.
    pub fn list() -> String {
        GameResult::ALL.map(GameResult::as_str).join(", ")
    }
}

impl From<Outcome> for GameResult {
    fn from(o: Outcome) -> GameResult {
        GameResult::Finished(o)
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A string that is none of the four results.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("result '{0}' is not one of {list}", list = GameResult::list())]
pub struct BadResult(pub String);

impl std::str::FromStr for GameResult {
    type Err = BadResult;
    fn from_str(s: &str) -> Result<GameResult, BadResult> {
        GameResult::parse(s).ok_or_else(|| BadResult(s.to_string()))
    }
}

/// Compared with its written form, so `record.result == "1-0"` reads as it says.
impl PartialEq<str> for GameResult {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for GameResult {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Written as its string (`"1-0"`): the JSON lines' schema.
impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

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
    /// The player to move gave up (`resign`, e.g. a person in `baraza play`).
    #[serde(rename = "resignation")]
    Resignation,
}

impl Termination {
    pub const ALL: [Termination; 8] = [
        Termination::Normal,
        Termination::TimeForfeit,
        Termination::IllegalMove,
        Termination::ProtocolError,
        Termination::Crash,
        Termination::StalledConnection,
        Termination::Adjudication,
        Termination::Resignation,
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
            Termination::Resignation => "resignation",
        }
    }

    pub fn parse(s: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words as `docs/log-format.md` lists them (Result and Termination tag rows), written
    /// out here by hand rather than taken from the code.
    const DOC_RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
    const DOC_TERMINATIONS: [&str; 8] = [
        "normal",
        "time forfeit",
        "illegal move",
        "protocol error",
        "crash",
        "stalled connection",
        "adjudication",
        "resignation",
    ];

    #[test]
    fn the_doc_lists_match_the_words_in_docs_log_format() {
        let doc = include_str!("../docs/log-format.md");
        let row = |tag: &str| {
            doc.lines()
                .find(|l| l.starts_with(&format!("| `{tag}` |")))
                .unwrap_or_else(|| panic!("no {tag} row in docs/log-format.md"))
                .to_string()
        };
        let words = |line: &str| -> Vec<String> {
            line.split('`')
                .skip(3)
                .step_by(2)
                .map(str::to_string)
                .collect()
        };
        assert_eq!(words(&row("Result")), DOC_RESULTS);
        assert_eq!(words(&row("Termination")), DOC_TERMINATIONS);
    }

    #[test]
    fn every_result_word_parses_and_formats_back() {
        let mut seen = Vec::new();
        for word in DOC_RESULTS {
            let r = GameResult::parse(word).unwrap_or_else(|| panic!("{word} does not parse"));
            assert_eq!(r.as_str(), word);
            assert_eq!(r.to_string(), word);
            assert_eq!(word.parse::<GameResult>(), Ok(r));
            assert_eq!(r, word);
            seen.push(r);
        }
        assert_eq!(
            seen,
            GameResult::ALL,
            "four distinct results, in the docs' order"
        );
        assert_eq!(seen[3], GameResult::Unfinished);
        assert_eq!(seen[0].outcome(), Some(Outcome::Win(Player::One)));
        assert_eq!(seen[1].outcome(), Some(Outcome::Win(Player::Two)));
        assert_eq!(seen[2].outcome(), Some(Outcome::Draw));
        for bad in ["", "1-1", "1/2", "0.5-0.5", " 1-0", "1-0 ", "½-½", "**"] {
            assert_eq!(GameResult::parse(bad), None, "{bad:?}");
            assert_eq!(Outcome::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Outcome::parse("*"), None, "* is no outcome");
        let err = "x".parse::<GameResult>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "result 'x' is not one of 1-0, 0-1, 1/2-1/2, *"
        );
    }

    #[test]
    fn points_follow_the_result() {
        assert_eq!(GameResult::parse("1-0").unwrap().points(), Some((1.0, 0.0)));
        assert_eq!(GameResult::parse("0-1").unwrap().points(), Some((0.0, 1.0)));
        assert_eq!(
            GameResult::parse("1/2-1/2").unwrap().points(),
            Some((0.5, 0.5))
        );
        assert_eq!(GameResult::Unfinished.points(), None);
    }

    #[test]
    fn every_termination_word_parses_and_formats_back() {
        let mut seen = Vec::new();
        for word in DOC_TERMINATIONS {
            let t = Termination::parse(word).unwrap_or_else(|| panic!("{word} does not parse"));
            assert_eq!(t.as_str(), word);
            assert_eq!(t.to_string(), word);
            seen.push(t);
        }
        assert_eq!(seen, Termination::ALL);
        for bad in ["", "Normal", "time-forfeit", "resigned", "crash "] {
            assert_eq!(Termination::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn json_forms_are_the_bare_words() {
        for word in DOC_RESULTS {
            let r = GameResult::parse(word).unwrap();
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{word}\""));
            assert_eq!(serde_json::from_str::<GameResult>(&json).unwrap(), r);
        }
        for word in DOC_TERMINATIONS {
            let t = Termination::parse(word).unwrap();
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(json, format!("\"{word}\""));
            assert_eq!(serde_json::from_str::<Termination>(&json).unwrap(), t);
        }
        let err = serde_json::from_str::<GameResult>("\"2-0\"").unwrap_err();
        assert!(
            err.to_string().contains("result '2-0' is not one of"),
            "{err}"
        );
        assert!(serde_json::from_str::<GameResult>("1").is_err());
    }
}
