//! The host's changes to an event between runs (`baraza tournament withdraw|replace|rerun`),
//! each one host line appended to games.jsonl ([`super::host_line`]): nothing written before
//! is changed or deleted. Each is checked against the log first (the bot is one of the event's
//! and still in it; a rerun chooses at least one game) and says what it did in one line.

use super::audit_expect::ScheduleExpect;
use super::games_jsonl::{games_path, io_error, GamesWriter, LogError};
use super::host_line::{HostAction, HostLine, Played};
use super::reader::{read_games_log, GamesLog};
use crate::bot::spec::BotSpec;
use crate::tournament::plan::program_digest::program_digests;
use std::collections::HashSet;
use std::path::Path;

/// Which counted games a rerun chooses: each given kind must match (a game of `--bot a` with
/// `--termination crash`: a's crashes), any value of a kind may (`--reason x --reason y`).
#[derive(Clone, Debug, Default)]
pub struct RerunChoice {
    pub ids: Vec<String>,
    pub bots: Vec<String>,
    /// A termination's word (`time forfeit`) or its first word (`time`).
    pub terminations: Vec<String>,
    /// Text the game's reason contains.
    pub reasons: Vec<String>,
}

impl RerunChoice {
    fn is_empty(&self) -> bool {
        self.ids.is_empty()
            && self.bots.is_empty()
            && self.terminations.is_empty()
            && self.reasons.is_empty()
    }

    fn chooses(&self, g: &super::games_jsonl::GameLine) -> bool {
        let r = &g.record;
        let word = r.termination.as_str();
        let kind = |values: &[String], hit: &dyn Fn(&String) -> bool| {
            values.is_empty() || values.iter().any(hit)
        };
        kind(&self.ids, &|id| *id == g.game_id)
            && kind(&self.bots, &|b| *b == r.white || *b == r.black)
            && kind(&self.terminations, &|t| {
                t == word || word.split(' ').next() == Some(t.as_str())
            })
            && kind(&self.reasons, &|text| r.reason.contains(text.as_str()))
    }

    /// The selection in words, for the host line's `why`.
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        let mut add = |flag: &str, values: &[String]| {
            for v in values {
                parts.push(format!("{flag} '{v}'"));
            }
        };
        add("--id", &self.ids);
        add("--bot", &self.bots);
        add("--termination", &self.terminations);
        add("--reason", &self.reasons);
        parts.join(" ")
    }
}

fn refused(text: String) -> LogError {
    LogError::Refused(text)
}

fn read(dir: &Path) -> Result<GamesLog, LogError> {
    read_games_log(dir)
}

/// A bot of the event that has not left it.
fn check_entrant(log: &GamesLog, bot: &str, dir: &Path) -> Result<(), LogError> {
    let names = log.header.bot_names();
    if !names.iter().any(|n| n == bot) {
        return Err(refused(format!(
            "{}: no bot '{bot}' in this event (its bots: {})",
            dir.display(),
            names.join(", ")
        )));
    }
    if log.host.withdrawn(bot).is_some() {
        return Err(refused(format!(
            "{}: bot '{bot}' has already withdrawn",
            dir.display()
        )));
    }
    Ok(())
}

fn append(dir: &Path, line: &HostLine) -> Result<(), LogError> {
    let path = games_path(dir);
    let mut w = GamesWriter::append(&path)?;
    w.write_host(line).map_err(LogError::Write)
}

/// Withdraw `bot`: its games without a line are not played; its played games are kept in the
/// table or excluded from it.
pub fn withdraw(dir: &Path, bot: &str, played: Played) -> Result<String, LogError> {
    let log = read(dir)?;
    check_entrant(&log, bot, dir)?;
    let x = ScheduleExpect::new(&log.header).map_err(|e| refused(e.to_string()))?;
    let have: HashSet<u64> = log
        .games
        .iter()
        .filter_map(|g| x.number(&g.game_id))
        .collect();
    let mine: Vec<u64> = x
        .games_of(&[bot])
        .into_iter()
        .filter(|&n| x.is_mine(n))
        .collect();
    let unplayed = mine.iter().filter(|n| !have.contains(n)).count() as u64;
    append(
        dir,
        &HostLine::new(HostAction::Withdraw {
            bot: bot.to_string(),
            played,
            unplayed,
        }),
    )?;
    let counted = match played {
        Played::Kept => "kept in the table",
        Played::Excluded => "excluded from the table, with their results for its opponents",
    };
    Ok(format!(
        "withdrew '{bot}' from {}: {} of its {} games played ({counted}); {unplayed} will not be played",
        dir.display(),
        mine.len() as u64 - unplayed,
        mine.len()
    ))
}

/// Replace `bot`'s program by `command` from the next game on, under the same name.
pub fn replace(dir: &Path, bot: &str, command: &str) -> Result<String, LogError> {
    let log = read(dir)?;
    check_entrant(&log, bot, dir)?;
    let which = format!("bot '{bot}'");
    let spec = BotSpec::parse(&which, command).map_err(|e| refused(e.to_string()))?;
    let version = log.host.latest(bot).map_or(1, |r| r.version) + 1;
    let programs = program_digests(&spec);
    append(
        dir,
        &HostLine::new(HostAction::Replace {
            bot: bot.to_string(),
            command: command.to_string(),
            version,
            programs,
        }),
    )?;
    Ok(format!(
        "'{bot}' is version {version} from its next game: {command}"
    ))
}

/// Mark the counted lines `choice` chooses as superseded, to be played again; the games'
/// ids, in log order, and the report line. `dry_run`: only say which.
pub fn rerun(
    dir: &Path,
    choice: &RerunChoice,
    dry_run: bool,
) -> Result<(Vec<String>, String), LogError> {
    if choice.is_empty() {
        return Err(refused(
            "rerun: choose games with --id, --bot, --termination or --reason".into(),
        ));
    }
    let log = read(dir)?;
    let names = log.header.bot_names();
    if let Some(b) = choice.bots.iter().find(|b| !names.contains(b)) {
        return Err(refused(format!(
            "{}: no bot '{b}' in this event (its bots: {})",
            dir.display(),
            names.join(", ")
        )));
    }
    let games: Vec<String> = log
        .games
        .iter()
        .filter(|g| log.host.plays(&g.record.white, &g.record.black) && choice.chooses(g))
        .map(|g| g.game_id.clone())
        .collect();
    if games.is_empty() {
        return Err(refused(format!(
            "{}: no game line matches {} (a withdrawn bot's games are not re-run)",
            dir.display(),
            choice.describe()
        )));
    }
    let report = format!(
        "{} {} game{} of {}: {}",
        if dry_run {
            "would re-run"
        } else {
            "re-running"
        },
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        dir.display(),
        games.join(" ")
    );
    if !dry_run {
        let why = choice.describe();
        append(
            dir,
            &HostLine::new(HostAction::Rerun {
                games: games.clone(),
                why,
            }),
        )?;
    }
    Ok((games, report))
}

/// The records of the log's counted lines, for the folder's games.pgn (which holds those).
pub fn counted_records(dir: &Path) -> Result<Vec<crate::record::GameRecord>, LogError> {
    let path = games_path(dir);
    std::fs::metadata(&path).map_err(io_error("read", &path))?;
    Ok(read(dir)?.games.into_iter().map(|g| g.record).collect())
}
