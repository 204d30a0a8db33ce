//! A host's line in games.jsonl (`"baraza":"host"`): what the host decided between runs, kept
//! in the log beside the games it changes, never in place of them. Three actions:
//!
//! - `withdraw`: a bot leaves; its games not yet played are not played, and its played games
//!   are `kept` in the table or `excluded` from it;
//! - `replace`: a new version of a bot plays under the same name from now on (its command and
//!   the digests of its files);
//! - `rerun`: the lines of these games before this line are superseded: they stay in the log,
//!   no longer count, and the games are played again by the next run;
//! - `not-played`: a game could not start for a reason of the host's (its working directory,
//!   the disk, fork, the sandbox or wrapper program): no result, and the next run plays it.
//!   Written by the run itself, not a host command.
//!
//! Which lines count once host lines are read is [`super::host_state`]'s. Every host line ends
//! with the digest of the log up to it ([`super::host_digest`]), so that `--verify` names one
//! added, removed or changed by hand.

use crate::tournament::plan::program_digest::FileDigest;
use serde::{Deserialize, Serialize};

/// The value of a host line's `baraza` field.
pub const HOST_KIND: &str = "host";

/// One host line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HostLine {
    /// Always `host`: tells this line from a game line, the header and an SPRT line.
    pub baraza: String,
    /// When it was written, `YYYY.MM.DD` (UTC).
    pub date: String,
    #[serde(flatten)]
    pub action: HostAction,
    /// The digest of the log up to this line ([`super::host_digest`]), its last field; set by
    /// the writer, absent in a line not yet written (and in lines of hand or of older logs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log_sha256: Option<String>,
}

/// What a withdrawn bot's played games become in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Played {
    /// They count, for the bot and its opponents.
    Kept,
    /// They are left out of the table (and of every opponent's score); still in the log.
    Excluded,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum HostAction {
    Withdraw {
        bot: String,
        played: Played,
        /// Games of the bot's schedule not played when it left (for the reader of the log).
        unplayed: u64,
    },
    Replace {
        bot: String,
        /// The new command line (or `builtin:<name>`), as given.
        command: String,
        /// 2 for the first replacement: the header's command is version 1.
        version: u32,
        /// The digests of the new command's files ([`crate::tournament::plan::program_digest`]).
        programs: Vec<FileDigest>,
    },
    Rerun {
        /// The games to play again, in schedule order.
        games: Vec<String>,
        /// Why, in the host's words or the selection that chose them.
        why: String,
    },
    NotPlayed {
        /// The game's schedule id.
        game: String,
        /// Why it could not start, as the system said it.
        cause: String,
    },
}

impl HostLine {
    pub fn new(action: HostAction) -> HostLine {
        HostLine {
            baraza: HOST_KIND.to_string(),
            date: crate::referee::today(),
            action,
            log_sha256: None,
        }
    }

    /// The line, if `text` is a host line (`None` for anything else, a game line say).
    pub fn parse(text: &str) -> Option<HostLine> {
        // A cheap look first: game lines are the many, and never start with this key.
        if !text.trim_start().starts_with(r#"{"baraza":"host""#) {
            return None;
        }
        serde_json::from_str::<HostLine>(text)
            .ok()
            .filter(|l| l.baraza == HOST_KIND)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_line_reads_back_and_a_game_line_is_not_one() {
        let line = HostLine::new(HostAction::Rerun {
            games: vec!["r1-p1-a".into()],
            why: "--id r1-p1-a".into(),
        });
        let text = serde_json::to_string(&line).unwrap();
        assert!(text.starts_with(r#"{"baraza":"host","date":""#), "{text}");
        assert!(text.contains(r#""action":"rerun""#), "{text}");
        assert_eq!(HostLine::parse(&text), Some(line));
        assert_eq!(HostLine::parse(r#"{"game_id":"r1-p1-a","pair":1}"#), None);
        // An action this baraza does not know is not a host line it can read.
        let unknown = r#"{"baraza":"host","date":"2026.01.01","action":"rename","bot":"a"}"#;
        assert_eq!(HostLine::parse(unknown), None);
    }
}
