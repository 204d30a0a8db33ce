//! `baraza check-bot <ruleset>... <bot>`: the checks of [`crate::check_bot`], printed.

use crate::bot::spec::BotSpec;
use crate::bot::{become_subreaper, EnvRule, StderrSink};
use crate::check_bot::{check_bot, Check, CheckSetup, PlayerFor, Report};
use crate::cli::CheckBotArgs;
use crate::clock::TimeControl;
use crate::games;
use crate::referee::PlayerSetup;
use anyhow::{bail, Context};
use std::io::Write;
use std::time::Duration;

pub fn run(out: &mut dyn Write, args: CheckBotArgs) -> anyhow::Result<()> {
    let bot_text = &args.bot;
    let rulesets = args
        .rulesets
        .iter()
        .map(|id| games::ruleset(id))
        .collect::<Result<Vec<_>, _>>()?;
    let tc = TimeControl::from_options(Some(&args.tc), None, 50)?;
    let report = match command_check(bot_text) {
        Err(failed) => Report::new(vec![failed], &[]),
        Ok(spec) => {
            let env = args
                .env
                .iter()
                .map(|e| EnvRule::parse(e))
                .collect::<Result<Vec<_>, _>>()?;
            let setup = CheckSetup {
                rulesets,
                bot: player_for(spec, "bot", env)?,
                opponent: player_for(
                    BotSpec::parse("opponent", "builtin:random")?,
                    "random",
                    vec![],
                )?,
                games: args.games.max(1),
                tc,
                startup_timeout: Duration::from_millis(args.startup_timeout),
                grace: Duration::from_millis(args.grace),
                seed: args.seed,
            };
            become_subreaper();
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .context("cannot start the async runtime")?
                .block_on(check_bot(&setup))
        }
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

/// The first check, on the command line alone: it can be run, and means what it says.
fn command_check(text: &str) -> Result<BotSpec, Check> {
    let fail = |detail: String| Check::failed("the command can be run", detail);
    let (spec, warnings) = BotSpec::read("bot", text)
        .and_then(|spec| spec.preflight("bot"))
        .map_err(|e| fail(format!("{e:#}")))?;
    if let Some(w) = warnings.first() {
        return Err(fail(w.to_string()));
    }
    Ok(spec)
}

/// `spec` as the player of one game, its environment as `env` says. The executable's path, the
/// only thing that can fail, is looked up once here: later calls reuse it.
fn player_for(spec: BotSpec, name: &'static str, env: Vec<EnvRule>) -> anyhow::Result<PlayerFor> {
    PlayerSetup::for_bot(&spec, name, "darra", 0, StderrSink::Discard, None)?;
    Ok(Box::new(move |ruleset, seed| {
        let mut player =
            PlayerSetup::for_bot(&spec, name, ruleset, seed, StderrSink::Discard, None)
                .expect("the executable path was found above and is cached");
        player.spawn.env = env.clone();
        player
    }))
}
