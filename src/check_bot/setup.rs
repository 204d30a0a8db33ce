//! How `check-bot` starts the bot it checks: its command read and looked at first (the first
//! check), then a player for each game under the hosting it is given, and the checks run.

use super::{check_bot, Check, CheckSetup, PlayerFor, Report};
use crate::bot::sandbox::SpecialFile;
use crate::bot::spec::{BotSpec, BotSpecError};
use crate::bot::{become_subreaper, SpawnOptions, StderrSink};
use crate::clock::TcError;
use crate::games::UnknownRuleset;
use crate::referee::PlayerSetup;

/// Why the checks cannot be set up or run (what is wrong with the bot is a check's verdict,
/// not this).
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The bot (or the opponent) cannot be started as given.
    #[error(transparent)]
    Spec(#[from] BotSpecError),
    /// Under `--sandbox`, the command names a socket, FIFO or device.
    #[error(transparent)]
    SpecialFile(#[from] SpecialFile),
    /// The event's ruleset.
    #[error(transparent)]
    Ruleset(#[from] UnknownRuleset),
    /// An entrant's clock in the event (`which` names it).
    #[error("{which}: {error}")]
    TimeControl { which: String, error: TcError },
    #[error("cannot start the async runtime")]
    Runtime(#[source] std::io::Error),
}

/// The first check, on the command line alone: it can be run, and means what it says.
pub fn command_check(text: &str) -> Result<BotSpec, Check> {
    let fail = |detail: String| Check::failed("the command can be run", detail);
    let (spec, warnings) = BotSpec::read("bot", text)
        .and_then(|spec| spec.preflight("bot"))
        .map_err(|e| fail(format!("{e:#}")))?;
    if let Some(w) = warnings.first() {
        return Err(fail(w.to_string()));
    }
    Ok(spec)
}

/// `spec` as the player of one game, started as `spawn` says (its `send_seed` sends it the
/// game's seed). The executable's path, the only thing that can fail, is looked up once here:
/// later calls reuse it.
pub fn player_for(
    spec: BotSpec,
    name: &'static str,
    spawn: SpawnOptions,
) -> Result<PlayerFor, SetupError> {
    let first = PlayerSetup::for_bot(&spec, name, "darra", 0, StderrSink::Discard, None)?;
    if spawn.sandbox && !spec.is_builtin() {
        crate::bot::sandbox::refuse_special_files(&first.argv, &spawn.sandbox_read)?;
    }
    Ok(Box::new(move |ruleset, seed| {
        let mut p = PlayerSetup::for_bot(&spec, name, ruleset, seed, StderrSink::Discard, None)
            .expect("the executable path was found above and is cached");
        if spawn.send_seed {
            p.seed = Some(seed);
        }
        p.spawn = SpawnOptions {
            label: name.to_string(),
            ..spawn.clone()
        };
        p
    }))
}

/// The opponent of every check: a random mover, hosted as the referee's built-ins are.
pub fn random_opponent() -> Result<PlayerFor, SetupError> {
    let spec = BotSpec::parse("opponent", "builtin:random")?;
    player_for(spec, "random", SpawnOptions::default())
}

/// Run the checks of `setup` to the end (the bots' processes are the caller's children).
pub fn run_checks(setup: &CheckSetup) -> Result<Report, SetupError> {
    become_subreaper();
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(SetupError::Runtime)?
        .block_on(check_bot(setup)))
}
