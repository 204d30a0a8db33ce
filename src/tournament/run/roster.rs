//! A resumed run under the log's host lines ([`HostState`]): a replaced bot plays its latest
//! version, a withdrawn bot plays no more, and every bot's files are held to the digests the
//! log recorded, so that a program swapped in place is refused rather than played unnoticed.
//!
//! The event's hash stays the one the log was started with: a replaced bot's command is hashed
//! as first entered, whether the event file still says the old command or already the new
//! one (the `replace` line is the record of the change).

use crate::bot::spec::{BotSpec, BotSpecError};
use crate::tournament::log::games_jsonl::Header;
use crate::tournament::log::host_state::HostState;
use crate::tournament::plan::config::TournamentConfig;
use crate::tournament::plan::program_digest::{changes, program_digests, FileDigest};
use std::collections::BTreeMap;

/// `config` as it is hashed against the log: a replaced bot given with its latest command is
/// taken as given with the header's.
pub fn config_for_hash(
    config: &TournamentConfig,
    header: &Header,
    host: &HostState,
) -> TournamentConfig {
    let mut hashed = config.clone();
    for bot in &mut hashed.bots {
        let first = header.event.bots.iter().find(|b| b.name == bot.name);
        if let (Some(latest), Some(first)) = (host.latest(&bot.name), first) {
            if bot.command == latest.command && bot.command != first.command {
                bot.command = first.command.clone();
                bot.spec = None;
            }
        }
    }
    hashed
}

/// `config` as it is played: each replaced bot runs its latest command.
pub fn config_to_play(
    config: &TournamentConfig,
    host: &HostState,
) -> Result<TournamentConfig, BotSpecError> {
    let mut played = config.clone();
    for bot in &mut played.bots {
        if let Some(latest) = host.latest(&bot.name) {
            if bot.command != latest.command {
                bot.spec = Some(BotSpec::read(&bot.which(), &latest.command)?);
                bot.command = latest.command.clone();
            }
        }
    }
    Ok(played)
}

/// The version each replaced bot plays as.
pub fn versions(host: &HostState) -> BTreeMap<String, u32> {
    host.replacements()
        .map(|(bot, r)| (bot.to_string(), r.version))
        .collect()
}

/// The files of a bot's command changed since the log recorded them.
#[derive(Debug, thiserror::Error)]
#[error("refusing to resume {path}: bot '{bot}' is not the program the log recorded: {changed}. If it is a new version, record it first with `baraza tournament replace {dir} {bot} --cmd '<command>'` (its games from then on count for the new version); otherwise put the recorded files back")]
pub struct ProgramChanged {
    pub path: String,
    pub dir: String,
    pub bot: String,
    pub changed: String,
}

/// Why a run cannot be resumed under the log's host lines.
#[derive(Debug, thiserror::Error)]
pub enum RosterRefused {
    /// A replaced bot's latest command cannot be used.
    #[error(transparent)]
    Spec(#[from] BotSpecError),
    #[error(transparent)]
    Changed(#[from] ProgramChanged),
}

/// The digests recorded for each bot: the header's, or its latest replacement's.
pub fn recorded_programs(header: &Header, host: &HostState) -> BTreeMap<String, Vec<FileDigest>> {
    let mut out = header.programs.clone();
    for (bot, r) in host.replacements() {
        out.insert(bot.to_string(), r.programs.clone());
    }
    out
}

/// Refuse a bot of `played` (the bots as they will run) whose files differ from the
/// recorded digests; a bot with none recorded (a log of an earlier baraza) is not checked.
pub fn check_programs(
    played: &TournamentConfig,
    recorded: &BTreeMap<String, Vec<FileDigest>>,
    path: &std::path::Path,
) -> Result<(), ProgramChanged> {
    for bot in &played.bots {
        let (Some(then), Ok(spec)) = (recorded.get(&bot.name), bot.spec()) else {
            continue;
        };
        let said = changes(then, &program_digests(&spec));
        if !said.is_empty() {
            return Err(ProgramChanged {
                path: path.display().to_string(),
                dir: path
                    .parent()
                    .map_or(String::new(), |d| d.display().to_string()),
                bot: bot.name.clone(),
                changed: said.join("; "),
            });
        }
    }
    Ok(())
}

/// `config` under the log's host lines: as played (replaced bots' latest commands, each
/// bot's files held to the recorded digests) and as hashed ([`config_for_hash`]).
pub fn under_host_lines(
    config: &TournamentConfig,
    header: &Header,
    host: &HostState,
    path: &std::path::Path,
) -> Result<(TournamentConfig, TournamentConfig), RosterRefused> {
    let played = config_to_play(config, host)?;
    check_programs(&played, &recorded_programs(header, host), path)?;
    Ok((played, config_for_hash(config, header, host)))
}

/// `recorded` with the digests of `config`'s bots it lacks (bots added as the event grew).
pub fn with_new_bots(
    recorded: &BTreeMap<String, Vec<FileDigest>>,
    config: &TournamentConfig,
) -> BTreeMap<String, Vec<FileDigest>> {
    let mut out = recorded.clone();
    for (bot, digests) in all_programs(config) {
        out.entry(bot).or_insert(digests);
    }
    out
}

/// The digests of every bot of `config`.
pub fn all_programs(config: &TournamentConfig) -> BTreeMap<String, Vec<FileDigest>> {
    config
        .bots
        .iter()
        .filter_map(|b| {
            let spec = b.spec().ok()?;
            let digests = program_digests(&spec);
            (!digests.is_empty()).then(|| (b.name.clone(), digests))
        })
        .collect()
}
