//! Who left the field or changed in it (withdrawn, left out by `--exclude`, replaced), and the
//! games the table will count once the event is over: what makes its "N of M games played" add
//! up, and what every format of `baraza results` names.
//!
//! M counts the games of the schedule that the table counts or will count: a game with a
//! counted line, or one still to be played. Left out of it: the games of a bot the table leaves
//! out (withdrawn with its games excluded, or `--exclude`), and the games a withdrawn bot will
//! never play.

use crate::tournament::log::audit_expect::ScheduleExpect;
use crate::tournament::log::games_jsonl::Header;
use crate::tournament::log::host_line::Played;
use crate::tournament::log::host_state::HostState;
use crate::tournament::log::seen::Seen;
use serde::Serialize;

/// The changes to the field a table shows (all empty for most events).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct FieldChanges {
    /// Bots withdrawn by the host, in name order.
    pub withdrawn: Vec<WithdrawnBot>,
    /// Bots this table leaves out (`results --exclude`), in name order.
    pub excluded: Vec<String>,
    /// Bots that play under a later version, in name order.
    pub replaced: Vec<ReplacedBot>,
    /// Games of the schedule that will not be played: a withdrawn bot's, without a line.
    pub not_to_be_played: u64,
    /// Games of the schedule left out of the table with their bot, played or not.
    pub left_out: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WithdrawnBot {
    pub name: String,
    /// Its played games: `kept` in the table, or `excluded` from it.
    pub played: Played,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplacedBot {
    pub name: String,
    /// Its versions so far: 2 after one replacement.
    pub versions: u32,
}

impl FieldChanges {
    pub fn is_empty(&self) -> bool {
        self.withdrawn.is_empty() && self.excluded.is_empty() && self.replaced.is_empty()
    }

    /// What the host lines (and `--exclude`) of a log say, and the schedule's games they
    /// take out of M, given the game numbers with a counted line (`seen`).
    pub fn of(header: &Header, host: &HostState, seen: &Seen) -> FieldChanges {
        let mut f = FieldChanges {
            withdrawn: host
                .withdrawn_bots()
                .map(|name| WithdrawnBot {
                    name: name.to_string(),
                    played: host.withdrawn(name).unwrap_or(Played::Kept),
                })
                .collect(),
            excluded: host.excluded_bots().map(str::to_string).collect(),
            replaced: host
                .replacements()
                .map(|(name, r)| ReplacedBot {
                    name: name.to_string(),
                    versions: r.version,
                })
                .collect(),
            not_to_be_played: 0,
            left_out: 0,
        };
        let changes_m = !f.withdrawn.is_empty() || !f.excluded.is_empty();
        if let (true, Ok(x)) = (changes_m, ScheduleExpect::new(header)) {
            for (n, a, b) in x.games_with_bots() {
                if host.left_out(a, b) {
                    f.left_out += 1;
                } else if !seen.has_number(n) && !host.plays(a, b) {
                    f.not_to_be_played += 1;
                }
            }
        }
        f
    }

    /// M of "N of M games played": the scheduled games less those left out and those never to
    /// be played (0 for a log with no schedule, a league's).
    pub fn expected_games(&self, scheduled: u64) -> u64 {
        scheduled.saturating_sub(self.left_out + self.not_to_be_played)
    }

    /// One line per kind of change, for a person (none when nothing changed).
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.withdrawn.is_empty() {
            let names: Vec<String> = self
                .withdrawn
                .iter()
                .map(|w| match w.played {
                    Played::Kept => format!("{} (its played games count)", w.name),
                    Played::Excluded => format!("{} (its games left out)", w.name),
                })
                .collect();
            let mut line = format!("withdrawn: {}", names.join(", "));
            if self.not_to_be_played > 0 {
                line += &format!(
                    "; {} not to be played",
                    crate::count::counted(self.not_to_be_played, "game")
                );
            }
            out.push(line);
        }
        if !self.excluded.is_empty() {
            out.push(format!(
                "left out by --exclude: {}",
                self.excluded.join(", ")
            ));
        }
        if !self.replaced.is_empty() {
            let names: Vec<String> = self
                .replaced
                .iter()
                .map(|r| format!("{} ({} versions)", r.name, r.versions))
                .collect();
            out.push(format!(
                "replaced: {}; --versions counts each version apart",
                names.join(", ")
            ));
        }
        out
    }

    /// A bot's status in one word or a few (empty for a bot in the event as entered).
    pub fn status(&self, name: &str) -> String {
        let mut parts = Vec::new();
        if let Some(w) = self.withdrawn.iter().find(|w| w.name == name) {
            parts.push(match w.played {
                Played::Kept => "withdrawn".to_string(),
                Played::Excluded => "withdrawn, games left out".to_string(),
            });
        }
        if self.excluded.iter().any(|e| e == name) {
            parts.push("left out (--exclude)".to_string());
        }
        if let Some(r) = self.replaced.iter().find(|r| r.name == name) {
            parts.push(format!("replaced ({} versions)", r.versions));
        }
        parts.join("; ")
    }

    /// The bots the table has no row for, in name order.
    pub fn without_row(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .withdrawn
            .iter()
            .filter(|w| w.played == Played::Excluded)
            .map(|w| w.name.as_str())
            .chain(self.excluded.iter().map(String::as_str))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}
