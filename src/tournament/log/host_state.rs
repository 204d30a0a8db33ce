//! What the host lines of a games.jsonl say together ([`super::host_line`]), for every reader
//! of the log (the table, `--verify`, the merge, resume, `view`): which game lines are
//! superseded (a `rerun` line after them names their game), which bots left and whether their
//! played games count, and each bot's versions.
//!
//! The rules, the same for every reader:
//! - a game line is **superseded** when a `rerun` line *after* it names its game id; it stays
//!   in the log and counts nowhere (not as a game, not as a second line of its game);
//! - a game of a bot withdrawn with `played: excluded` (or named by `results --exclude`) counts
//!   for nobody: the bot leaves the table and its opponents' scores lose those games;
//! - a game of the schedule that has no counted line and has a withdrawn bot in it is not to
//!   be played, and is not missing.

use super::host_line::{HostAction, HostLine, Played};
use crate::tournament::plan::program_digest::FileDigest;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::BufRead;
use std::path::Path;

/// One `replace` line of a bot.
#[derive(Clone, Debug, PartialEq)]
pub struct Replacement {
    pub version: u32,
    pub command: String,
    pub programs: Vec<FileDigest>,
}

/// The host lines of a log, read; empty for a log without any.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HostState {
    /// Game id -> the line number of the last `rerun` line naming it.
    rerun_at: HashMap<String, usize>,
    withdrawn: BTreeMap<String, Played>,
    replaced: BTreeMap<String, Vec<Replacement>>,
    /// Left out of the table by `results --exclude` (not recorded).
    excluded: BTreeSet<String>,
    /// How many host lines were read.
    pub lines: usize,
    /// Games recorded as not played for a reason of the host's (each time it happened).
    pub not_played: usize,
}

impl HostState {
    /// Take host line `line` (its 1-based number in the file) into account.
    pub fn add(&mut self, line: usize, host: &HostLine) {
        self.lines += 1;
        match &host.action {
            HostAction::Withdraw { bot, played, .. } => {
                self.withdrawn.insert(bot.clone(), *played);
            }
            HostAction::Replace {
                bot,
                command,
                version,
                programs,
            } => self
                .replaced
                .entry(bot.clone())
                .or_default()
                .push(Replacement {
                    version: *version,
                    command: command.clone(),
                    programs: programs.clone(),
                }),
            HostAction::Rerun { games, .. } => {
                for id in games {
                    self.rerun_at.insert(id.clone(), line);
                }
            }
            // No line of the game was written: the next run plays it as any missing game.
            HostAction::NotPlayed { .. } => self.not_played += 1,
        }
    }

    /// The host lines of a log's text (line numbers as [`super::reader::Lines`] counts them).
    pub fn scan_text(text: &str) -> HostState {
        let mut state = HostState::default();
        for (i, line) in text.lines().enumerate() {
            if let Some(host) = HostLine::parse(line) {
                state.add(i + 1, &host);
            }
        }
        state
    }

    /// The host lines of the log at `path`, read line by line (only host lines are parsed).
    pub fn scan_file(path: &Path) -> std::io::Result<HostState> {
        let mut state = HostState::default();
        for (n, host) in read_host_lines(path)? {
            state.add(n, &host);
        }
        Ok(state)
    }
}

/// The host lines of the log at `path` and their line numbers, in file order.
pub fn read_host_lines(path: &Path) -> std::io::Result<Vec<(usize, HostLine)>> {
    {
        let mut reader = std::io::BufReader::with_capacity(1 << 16, std::fs::File::open(path)?);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        let mut n = 0;
        loop {
            buf.clear();
            if reader.read_until(b'\n', &mut buf)? == 0 {
                return Ok(out);
            }
            n += 1;
            if buf.starts_with(br#"{"baraza":"host""#) {
                if let Some(host) = std::str::from_utf8(&buf).ok().and_then(HostLine::parse) {
                    out.push((n, host));
                }
            }
        }
    }
}

impl HostState {
    /// Whether the game line of `id` at line `line` is superseded by a later `rerun` line.
    pub fn superseded(&self, id: &str, line: usize) -> bool {
        self.rerun_at.get(id).is_some_and(|&at| line < at)
    }

    /// What a withdrawn bot's played games became; `None` for a bot still in the event.
    pub fn withdrawn(&self, bot: &str) -> Option<Played> {
        self.withdrawn.get(bot).copied()
    }

    /// The withdrawn bots.
    pub fn withdrawn_bots(&self) -> impl Iterator<Item = &str> {
        self.withdrawn.keys().map(String::as_str)
    }

    /// The bots `results --exclude` leaves out.
    pub fn excluded_bots(&self) -> impl Iterator<Item = &str> {
        self.excluded.iter().map(String::as_str)
    }

    /// Leave `bot` out of the table (`results --exclude`).
    pub fn exclude(&mut self, bot: &str) {
        self.excluded.insert(bot.to_string());
    }

    /// Whether a game between these two bots is left out of the table.
    pub fn left_out(&self, white: &str, black: &str) -> bool {
        self.hides(white) || self.hides(black)
    }

    /// Whether `bot` is left out of the table, with its games.
    pub fn hides(&self, bot: &str) -> bool {
        self.excluded.contains(bot) || self.withdrawn(bot) == Some(Played::Excluded)
    }

    /// Whether a game between these two bots is still to be played when it has no line.
    pub fn plays(&self, white: &str, black: &str) -> bool {
        !self.withdrawn.contains_key(white) && !self.withdrawn.contains_key(black)
    }

    /// Whether a `replace` line made `bot` version `v` (version 1 is the header's).
    pub fn gave_version(&self, bot: &str, v: u32) -> bool {
        v == 1
            || self
                .replaced
                .get(bot)
                .is_some_and(|r| r.iter().any(|r| r.version == v))
    }

    /// The last replacement of `bot`, if any.
    pub fn latest(&self, bot: &str) -> Option<&Replacement> {
        self.replaced.get(bot).and_then(|r| r.last())
    }

    /// The command of every replacement, in the order of the bots' names.
    pub fn replacement_commands(&self) -> impl Iterator<Item = String> + '_ {
        self.replaced.values().flatten().map(|r| r.command.clone())
    }

    /// The bots replaced at least once, each with its last replacement.
    pub fn replacements(&self) -> impl Iterator<Item = (&str, &Replacement)> {
        self.replaced
            .iter()
            .filter_map(|(bot, r)| r.last().map(|last| (bot.as_str(), last)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(action: HostAction) -> HostLine {
        HostLine::new(action)
    }

    #[test]
    fn a_rerun_supersedes_only_the_lines_before_it() {
        let mut s = HostState::default();
        s.add(
            5,
            &line(HostAction::Rerun {
                games: vec!["r1-p1-a".into()],
                why: "x".into(),
            }),
        );
        assert!(s.superseded("r1-p1-a", 2));
        assert!(!s.superseded("r1-p1-a", 6), "the re-run game's own line");
        assert!(!s.superseded("r1-p1-b", 2));
        // A second rerun of the same game supersedes the line the first one brought.
        s.add(
            9,
            &line(HostAction::Rerun {
                games: vec!["r1-p1-a".into()],
                why: "y".into(),
            }),
        );
        assert!(s.superseded("r1-p1-a", 6) && !s.superseded("r1-p1-a", 10));
    }

    #[test]
    fn a_withdrawn_bot_plays_no_more_and_is_hidden_only_when_excluded() {
        let mut s = HostState::default();
        let withdraw = |bot: &str, played| {
            line(HostAction::Withdraw {
                bot: bot.into(),
                played,
                unplayed: 0,
            })
        };
        s.add(2, &withdraw("a", Played::Kept));
        s.add(3, &withdraw("b", Played::Excluded));
        assert!(!s.plays("a", "c") && !s.plays("c", "b") && s.plays("c", "d"));
        assert!(!s.left_out("a", "c") && s.left_out("c", "b"));
        s.exclude("d");
        assert!(s.left_out("d", "c") && s.hides("d") && !s.hides("a"));
        assert_eq!(s.withdrawn_bots().collect::<Vec<_>>(), ["a", "b"]);
    }
}
