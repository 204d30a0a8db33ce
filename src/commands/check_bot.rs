//! `baraza check-bot <ruleset>... <bot>` and `check-bot --config EVENT`: the checks of
//! [`crate::check_bot`], printed.

use crate::bot::hosting::HostOptions;
use crate::check_bot::entrants::{check_entrants, summary};
use crate::check_bot::setup::{command_check, player_for, random_opponent, run_checks};
use crate::check_bot::{CheckSetup, Report};
use crate::cli::CheckBotArgs;
use crate::clock::TimeControl;
use crate::games;
use crate::tournament::plan::config::EventInputs;
use anyhow::bail;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

pub fn run(out: &mut dyn Write, args: CheckBotArgs) -> anyhow::Result<()> {
    if let Some(event) = &args.config {
        return run_event(out, event, &args);
    }
    let Some((bot_text, rulesets)) = args.words.split_last().filter(|(_, r)| !r.is_empty()) else {
        bail!("check-bot needs one or more rulesets and then the bot, e.g. `baraza check-bot darra ./mybot`");
    };
    let rulesets = rulesets
        .iter()
        .map(|id| games::ruleset(id))
        .collect::<Result<Vec<_>, _>>()?;
    let tc = TimeControl::from_options(Some(&args.tc), None, 50)?;
    let spawn = args.host.spawn_options()?;
    let report = match command_check(bot_text) {
        Err(failed) => Report::new(vec![failed], &[]),
        Ok(spec) => run_checks(&CheckSetup {
            rulesets,
            bot: player_for(spec, "bot", spawn)?,
            opponent: random_opponent()?,
            games: args.games.max(1),
            tc,
            startup_timeout: Duration::from_millis(args.startup_timeout),
            grace: Duration::from_millis(args.grace),
            seed: args.seed,
        })?,
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        write!(out, "{}", report.text())?;
    }
    out.flush()?;
    if !report.passed {
        let failed = report.checks.iter().filter(|c| c.is_failed()).count();
        bail!("the bot failed {failed} of {} checks", report.checks.len());
    }
    Ok(())
}

/// Every bot of the event file, as the tournament would host it.
fn run_event(out: &mut dyn Write, event: &Path, args: &CheckBotArgs) -> anyhow::Result<()> {
    let inputs = EventInputs::load(event)?.with_command_line_hosting(&args.host);
    let (config, _) = inputs.resolve(usize::MAX)?;
    let hosts = HostOptions::default().bot_hosts(config.bot_hostings(), &[])?;
    let grace = Duration::from_millis(args.grace);
    let reports = check_entrants(&config, &hosts, args.games.max(1), grace)?;
    let summary = summary(&reports);
    if args.json {
        let json = serde_json::json!({ "bots": reports, "summary": summary });
        writeln!(out, "{json}")?;
    } else {
        for r in &reports {
            writeln!(out, "{}", r.line())?;
        }
        writeln!(out, "{summary}")?;
    }
    out.flush()?;
    if reports.iter().any(|r| !r.report.passed) {
        bail!("{summary}");
    }
    Ok(())
}
