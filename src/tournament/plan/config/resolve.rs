//! [`EventInputs::resolve`]: an event's inputs checked, in a fixed order, and completed with the
//! defaults: the event ([`TournamentConfig`]), each bot with its name and clock, and how it is
//! run ([`RunOptions`]).

use super::bot_entry::BotEntry;
use super::choices::{Format, OpeningOrder};
use super::error::ConfigError;
use super::event::{
    scheduled_games, BotConfig, Openings, TournamentConfig, MAX_SCHEDULED_GAMES, MAX_SEED,
};
use super::inputs::EventInputs;
use super::limits::{AdjudicationOverrides, LimitOverrides, Limits};
use super::names::check_bot_name;
use super::run_options::{RunOptions, DEFAULT_GRACE_MS};
use crate::bot::spec::{default_bot_name, BotSpec};
use crate::stats::sprt::SprtParams;
use crate::tournament::plan::openings;
use std::path::PathBuf;

impl EventInputs {
    /// Check everything and complete the defaults. `cores` is the machine's core count
    /// (the default concurrency, and the most allowed without `force`). The checks run in this
    /// order, so the first problem named is the same whatever else is wrong.
    ///
    /// Random openings are drawn by [`super::super::schedule::schedule`]: call it before any game, so
    /// an impossible request fails first.
    pub fn resolve(&self, cores: usize) -> Result<(TournamentConfig, RunOptions), ConfigError> {
        let ruleset = self.resolve_ruleset()?;
        let bots = self.resolve_bots()?;
        let rounds = self.rounds.unwrap_or(1);
        if rounds == 0 {
            return Err(ConfigError::ZeroRounds);
        }
        let format = self.format.unwrap_or(Format::RoundRobin);
        let games = scheduled_games(format, bots.len() as u64, rounds);
        if games > MAX_SCHEDULED_GAMES {
            return Err(ConfigError::TooManyGames { rounds, games });
        }
        if self.max_plies == Some(0) {
            return Err(ConfigError::ZeroMaxPlies);
        }
        let openings = self.resolve_openings(ruleset)?;
        let sprt = self.resolve_sprt(bots.len())?;
        let run = self.resolve_run(cores)?;
        let seed = self.seed.unwrap_or(1);
        if seed > MAX_SEED {
            return Err(ConfigError::SeedTooLarge(seed));
        }
        let config = TournamentConfig {
            ruleset: ruleset.to_string(),
            format,
            rounds,
            seed,
            bots,
            openings,
            max_plies: self.max_plies,
            adjudication: AdjudicationOverrides {
                adjudicate: self.adjudicate,
                adjudicate_draw: self.adjudicate_draw,
                adjudicate_resign: self.adjudicate_resign,
            }
            .rules(),
            sprt,
            growth: Vec::new(),
        };
        Ok((config, run))
    }

    fn resolve_ruleset(&self) -> Result<&'static str, ConfigError> {
        let id = self.ruleset.as_deref().ok_or(ConfigError::NoRuleset)?;
        Ok(crate::games::ruleset(id)?.id)
    }

    /// The bots with their names and clocks: the tournament's limits under each bot's own.
    fn resolve_bots(&self) -> Result<Vec<BotConfig>, ConfigError> {
        let global = self.limit_overrides();
        check_limits("the tournament", &global)?;
        let base = global.apply(&Limits::default());
        let mut bots: Vec<BotConfig> = Vec::new();
        for (i, entry) in self.bots.iter().enumerate() {
            let mut bot = resolve_bot(i + 1, entry, &base)?;
            bot.host = self.bot_host(&bot.host);
            if bots.iter().any(|b| b.name == bot.name) {
                return Err(ConfigError::DuplicateName(bot.name));
            }
            bots.push(bot);
        }
        if bots.len() < 2 {
            return Err(ConfigError::TooFewBots(bots.len()));
        }
        Ok(bots)
    }

    fn resolve_openings(&self, ruleset: &str) -> Result<Openings, ConfigError> {
        Ok(match (&self.openings, self.random_opening_plies) {
            (Some(_), Some(_)) => return Err(ConfigError::ExclusiveOpenings),
            (Some(path), None) => Openings::File {
                path: path.clone(),
                order: self.openings_order.unwrap_or(OpeningOrder::InOrder),
                positions: openings::load_openings_file(path, ruleset)?,
            },
            (None, plies) => {
                if self.openings_order.is_some() {
                    return Err(ConfigError::OrderWithoutFile);
                }
                match plies {
                    Some(plies) => Openings::RandomPlies { plies },
                    None => Openings::Standard,
                }
            }
        })
    }

    fn resolve_sprt(&self, bots: usize) -> Result<Option<SprtParams>, ConfigError> {
        let Some(spec) = &self.sprt else {
            return Ok(None);
        };
        let p = spec.params()?;
        if bots != 2 {
            return Err(ConfigError::SprtBots(bots));
        }
        Ok(Some(p))
    }

    fn resolve_run(&self, cores: usize) -> Result<RunOptions, ConfigError> {
        let cores = cores.max(1);
        let concurrency = self.concurrency.unwrap_or(cores);
        if concurrency == 0 {
            return Err(ConfigError::ZeroConcurrency);
        }
        if concurrency > cores && !self.force {
            return Err(ConfigError::TooConcurrent { concurrency, cores });
        }
        if self.combined == Some(true) && self.transcript_dir().is_none() {
            return Err(ConfigError::CombinedWithoutTranscript);
        }
        Ok(RunOptions {
            concurrency,
            on_crash: self.on_crash.unwrap_or_default(),
            reuse: !self.no_reuse.unwrap_or(false),
            grace_ms: self.grace.unwrap_or(DEFAULT_GRACE_MS),
            out: self.out.clone(),
            resume: self.resume,
            event: self.event.clone(),
            site: self.site.clone(),
            transcript: self.transcript_dir(),
            combined_transcript: self.combined.unwrap_or(false),
            affinity: self.affinity.unwrap_or(false),
            transcript_bots: self
                .bots
                .iter()
                .map(|b| b.transcript.unwrap_or(self.transcript.is_some()))
                .collect(),
        })
    }

    /// The transcripts' directory: `transcript`, or `OUT/transcripts` when only some bots ask
    /// for one.
    fn transcript_dir(&self) -> Option<PathBuf> {
        let asked = self.bots.iter().any(|b| b.transcript == Some(true));
        match (&self.transcript, &self.out) {
            (Some(dir), _) => Some(dir.clone()),
            (None, Some(out)) if asked => Some(out.join("transcripts")),
            _ => None,
        }
    }
}

/// Bot `index` (from 1) of the event: its command, its name (given, or derived as `match`
/// derives it) and its limits on top of the tournament's `base`.
fn resolve_bot(index: usize, entry: &BotEntry, base: &Limits) -> Result<BotConfig, ConfigError> {
    let command = entry.cmd.trim().to_string();
    if command.is_empty() {
        return Err(ConfigError::EmptyCommand { index });
    }
    if command.strip_prefix("builtin:") == Some("") {
        return Err(ConfigError::BuiltinWithoutName { index });
    }
    // Read once, here, for all that follows (its name, the warnings, every game's setup). A
    // bot that cannot be read is refused where it always was, when the games are set up
    // ([`BotConfig::spec`]): an event is planned (`--dry-run`, the schedule, its hash) from
    // its bots' text alone.
    let spec = BotSpec::read("", &command).ok();
    let name = match (&entry.name, &spec) {
        (Some(n), _) => n.trim().to_string(),
        (None, Some(spec)) => spec.default_name(),
        (None, None) => default_bot_name(&command),
    };
    if let Err(problem) = check_bot_name(&name) {
        return Err(ConfigError::BadBotName {
            index,
            command,
            problem,
        });
    }
    let overrides = entry.overrides();
    check_limits(&format!("bot '{name}'"), &overrides)?;
    let limits = overrides.apply(base);
    Ok(BotConfig {
        name,
        command,
        spec,
        limits,
        host: entry.hosting(),
    })
}

fn check_limits(who: &str, l: &LimitOverrides) -> Result<(), ConfigError> {
    if l.movetime == Some(0) {
        return Err(ConfigError::ZeroMovetime {
            who: who.to_string(),
        });
    }
    for (what, v) in [("nodes", l.nodes), ("depth", l.depth)] {
        if v == Some(0) {
            return Err(ConfigError::ZeroSearchLimit {
                who: who.to_string(),
                what,
            });
        }
    }
    Ok(())
}
