//! `check-bot --config EVENT`: every entrant of an event file checked before the event, under
//! the event's own ruleset, each bot's clock and start-up deadline, and each bot's hosting
//! (limits, sandbox, environment) as the tournament would start it.

use super::setup::{command_check, player_for, random_opponent, run_checks, SetupError};
use super::{CheckSetup, Report};
use crate::bot::SpawnOptions;
use crate::clock::TimeControl;
use crate::tournament::plan::config::{BotConfig, TournamentConfig};
use std::time::Duration;

/// One entrant's report, under its name in the event.
#[derive(Clone, Debug, serde::Serialize)]
pub struct EntrantReport {
    pub name: String,
    #[serde(flatten)]
    pub report: Report,
}

impl EntrantReport {
    /// `ok    NAME: VERDICT` or `FAIL  NAME: VERDICT`.
    pub fn line(&self) -> String {
        let status = if self.report.passed { "ok  " } else { "FAIL" };
        format!("{status}  {}: {}", self.name, self.report.verdict)
    }
}

/// Every bot of `config` checked in turn, `hosts[i]` the hosting of bot `i` (as
/// `HostOptions::bot_hosts` resolves it); `games` full games each, with `grace` after `quit`.
pub fn check_entrants(
    config: &TournamentConfig,
    hosts: &[SpawnOptions],
    games: u64,
    grace: Duration,
) -> Result<Vec<EntrantReport>, SetupError> {
    let ruleset = crate::games::ruleset(&config.ruleset)?;
    let mut reports = Vec::new();
    for (bot, host) in config.bots.iter().zip(hosts) {
        let report = match command_check(&bot.command) {
            Err(failed) => Report::new(vec![failed], &[]),
            Ok(spec) => {
                let setup = CheckSetup {
                    rulesets: vec![ruleset],
                    bot: player_for(spec, "bot", host.clone())?,
                    opponent: random_opponent()?,
                    games,
                    tc: time_control(bot)?,
                    startup_timeout: Duration::from_millis(bot.limits.startup_timeout_ms),
                    grace,
                    seed: config.seed,
                };
                run_checks(&setup)?
            }
        };
        reports.push(EntrantReport {
            name: bot.name.clone(),
            report,
        });
    }
    Ok(reports)
}

/// The bot's clock in the event (its node and depth limits with it).
fn time_control(bot: &BotConfig) -> Result<TimeControl, SetupError> {
    let l = &bot.limits;
    let tc =
        TimeControl::from_options(l.tc.as_ref(), l.movetime_ms, l.margin_ms).map_err(|error| {
            SetupError::TimeControl {
                which: bot.which(),
                error,
            }
        })?;
    Ok(TimeControl {
        nodes: l.nodes,
        depth: l.depth,
        ..tc
    })
}

/// `N of M bots passed` (and which failed).
pub fn summary(reports: &[EntrantReport]) -> String {
    let failed: Vec<&str> = reports
        .iter()
        .filter(|r| !r.report.passed)
        .map(|r| r.name.as_str())
        .collect();
    let passed = reports.len() - failed.len();
    match failed.as_slice() {
        [] => format!("{passed} of {} bots passed", reports.len()),
        _ => format!(
            "{passed} of {} bots passed; failed: {}",
            reports.len(),
            failed.join(", ")
        ),
    }
}
