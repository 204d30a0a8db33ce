//! The first line `baraza match --jsonl FILE` writes: what the match planned (its two bots,
//! ruleset, seed, games, SPRT), so that `--verify` names a game dropped from the file, the last
//! one too, as a tournament's header lets it. `match` appends, so a file may hold several
//! matches, each from its header on. A file of an earlier baraza has no header: it is read as
//! before (its games only).
//!
//! The other line a match writes besides its games is the SPRT's decision
//! ([`super::sprt_order::SprtLine`], as in games.jsonl): the games after it were not played.

use super::sprt_order::SprtLine;
use crate::stats::sprt::SprtParams;
use serde::{Deserialize, Serialize};

/// The value of a match header's `baraza` field.
pub const MATCH_KIND: &str = "match";
/// The version of the match header's format.
pub const MATCH_SCHEMA: u32 = 1;

/// The first line of a match's games in a `match --jsonl` file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchHeader {
    /// Always `match`: tells the header from a game record.
    pub baraza: String,
    pub schema: u32,
    /// The baraza version that played the match.
    pub version: String,
    pub ruleset: String,
    /// Bot 1 and bot 2 by name: bot 1 is player 1 in the odd games, bot 2 in the even ones.
    pub bots: [String; 2],
    /// The games planned (`--games`; with `--sprt`, at most that many).
    pub games: u64,
    pub seed: u64,
    /// The SPRT the match ran, if any: it may stop the match early, with a decision line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtParams>,
}

impl MatchHeader {
    pub fn new(ruleset: &str, bots: [String; 2], games: u64, seed: u64) -> MatchHeader {
        MatchHeader {
            baraza: MATCH_KIND.to_string(),
            schema: MATCH_SCHEMA,
            version: env!("CARGO_PKG_VERSION").to_string(),
            ruleset: ruleset.to_string(),
            bots,
            games,
            seed,
            sprt: None,
        }
    }

    /// The header, if `text` is one (`None` for a game record).
    pub fn parse(text: &str) -> Option<MatchHeader> {
        if !text.trim_start().starts_with(r#"{"baraza":"match""#) {
            return None;
        }
        serde_json::from_str(text).ok()
    }

    /// The games a log of this match must hold: all of them, or up to the SPRT's decision.
    pub fn expected_games(&self, decision: Option<&SprtLine>) -> u64 {
        decision.map_or(self.games, |d| self.games.min(d.games))
    }
}

/// A line of a `match --jsonl` file that is no game record: a match header or an SPRT line.
pub fn is_match_meta(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with(r#"{"baraza":"match""#) || t.starts_with(r#"{"baraza":"sprt""#)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_reads_back_and_a_record_is_not_one() {
        let h = MatchHeader::new("darra", ["a".into(), "b".into()], 10, 1);
        let text = serde_json::to_string(&h).unwrap();
        assert!(
            text.starts_with(r#"{"baraza":"match","schema":1,"#),
            "{text}"
        );
        assert_eq!(MatchHeader::parse(&text), Some(h.clone()));
        assert!(is_match_meta(&text));
        let record = r#"{"game":1,"white":"a","black":"b","result":"1-0"}"#;
        assert_eq!(MatchHeader::parse(record), None);
        assert!(!is_match_meta(record));
        assert_eq!(h.expected_games(None), 10);
    }
}
