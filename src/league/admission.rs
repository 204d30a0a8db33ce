//! `league submit`: a version entered only once it has shown it can play here. Its hosting
//! (the league's, its own keys over them) must be usable on this machine, and unless the host
//! says `--no-check`, it must pass `check-bot`'s checks ([`crate::check_bot`]) as the league
//! would host it: the league's ruleset and seed, the version's clock and start-up deadline,
//! the league's limits and sandbox with its own keys over them, the league's folder hidden from
//! it. A version that fails is not entered (entrants.toml is left as it was) and the report
//! says why; a built-in bot is baraza's own and is not checked.
//!
//! The check runs while entrants.toml is locked ([`super::lock`]): another submission or a
//! withdrawal waits for it, a run does not.

use super::entrants::Entrants;
use super::error::LeagueError;
use super::folder::League;
use super::lock;
use crate::bot::hosting::{HostOptions, HostOverrides};
use crate::check_bot::entrants::check_entrants;
use crate::check_bot::Report;
use std::time::Duration;

/// Full games against `builtin:random` in the check: `check-bot`'s default.
pub const CHECK_GAMES: u64 = 2;

/// A version to enter, as `league submit` gives it.
#[derive(Clone, Debug)]
pub struct Submission<'a> {
    pub name: &'a str,
    pub command: &'a str,
    /// Its label (`None`: the next number).
    pub version: Option<&'a str>,
    /// Its own hosting keys, over league.toml's.
    pub host: HostOverrides,
    /// Run the check (`false`: `--no-check`).
    pub check: bool,
}

/// What the check said of a version that was entered.
#[derive(Clone, Debug)]
pub enum Checked {
    /// It passed: the report.
    Passed(Report),
    /// A built-in bot: not checked.
    Builtin,
    /// `--no-check`.
    NotAsked,
}

/// A version entered: its id (`name@version`) and its check.
#[derive(Clone, Debug)]
pub struct Entered {
    pub id: String,
    pub checked: Checked,
}

/// Enter `s` into the league, checked first (see the module's comment). Refused, with nothing
/// written, when it cannot be entered or fails its check ([`LeagueError::FailedCheck`] holds
/// the report).
pub fn submit(league: &League, s: &Submission<'_>) -> Result<Entered, LeagueError> {
    let _lock = lock::hold(&league.dir, lock::ENTRANTS_LOCK, true)?;
    let mut entrants = Entrants::load(&league.dir)?;
    let version = entrants
        .submit(s.name, s.command, s.version, &s.host)?
        .clone();
    let id = version.id();
    let (mut config, run) = league.check_config(&version)?;
    config.bots.truncate(1);
    // Its hosting as a batch would start it: refused now if this machine cannot give it.
    let hidden = [league.dir.clone()];
    let hosts = HostOptions::default().bot_hosts(config.bot_hostings(), &hidden)?;
    let builtin = config.bots[0].spec.as_ref().is_some_and(|b| b.is_builtin());
    let checked = if !s.check {
        Checked::NotAsked
    } else if builtin {
        Checked::Builtin
    } else {
        let grace = Duration::from_millis(run.grace_ms);
        let mut reports = check_entrants(&config, &hosts, CHECK_GAMES, grace)?;
        let report = reports.remove(0).report;
        if !report.passed {
            return Err(LeagueError::FailedCheck {
                id,
                report: Box::new(report),
            });
        }
        Checked::Passed(report)
    };
    entrants.save(&league.dir)?;
    Ok(Entered { id, checked })
}
