//! A batch's games played: the games of [`super::batch`] still to play (or a shard's of them,
//! [`super::shards`]), on a run assembled as `baraza tournament`'s is
//! ([`crate::run_builder`]): the same concurrency, hosting, limits, stderr logs and signals,
//! each finished game appended to a games.jsonl as one flushed line (the league's own, or a
//! shard folder's).

use super::entrants::{Entrants, Version};
use super::error::LeagueError;
use super::folder::League;
use crate::bot::hosting::HostOptions;
use crate::bot::spec::BotSpec;
use crate::events::progress::Progress;
use crate::events::Sinks;
use crate::record::GameRecord;
use crate::run_builder::{RunBuilder, STOP_FILE};
use crate::tournament::log::games_jsonl::{Header, LogStart};
use crate::tournament::plan::program_digest::{changes, program_digests};
use crate::tournament::plan::schedule::ScheduledGame;
use crate::tournament::run::arena::Ended;
use crate::tournament::run::resume::RunPlan;
use crate::tournament::run::runner::Stop;
use std::path::{Path, PathBuf};

/// How a run is played (the command line's; the rest is league.toml's).
#[derive(Clone, Debug, Default)]
pub struct PlayChoices {
    pub concurrency: Option<usize>,
    pub force: bool,
    pub quiet: bool,
    pub cores: usize,
    /// No game is started after this (`--for`).
    pub start_until: Option<std::time::Instant>,
}

/// Where the games go: a games.jsonl, and the games.pgn beside it: rewritten from `earlier`
/// (the log's games so far: after a kill the two agree again) before this run's are added,
/// or, `None`, appended to (the caller has made it agree with the log).
pub struct Target<'a> {
    pub log: PathBuf,
    pub pgn: PathBuf,
    pub earlier: Option<&'a [GameRecord]>,
    /// The folder of the stderr logs and the stop file.
    pub dir: PathBuf,
}

/// How the games went.
#[derive(Debug)]
pub struct Played {
    pub played: usize,
    /// Asked to stop (Ctrl-C, the stop file, SIGTERM), or stopped by a fault, whether or not
    /// every game was played: no more are.
    pub stopped: bool,
    /// The time to start games was up before every game had started.
    pub time_up: bool,
    /// Why games could not start for a reason of the host's, if some could not.
    pub host_faults: Option<String>,
}

/// Play `games` (versions by entrants.toml index) into `target`.
pub fn play(
    league: &League,
    entrants: &Entrants,
    games: Vec<ScheduledGame>,
    target: &Target<'_>,
    choices: &PlayChoices,
) -> Result<Played, LeagueError> {
    // The batch's event: the versions that play in it, in submission order.
    let mut used: Vec<usize> = games.iter().flat_map(|g| [g.white, g.black]).collect();
    used.sort_unstable();
    used.dedup();
    let versions: Vec<_> = used.iter().map(|&i| &entrants.versions[i]).collect();
    check_programs(&versions)?;
    let mut league = league.clone();
    league.inputs.concurrency = choices.concurrency.or(league.inputs.concurrency);
    league.inputs.force |= choices.force;
    let (config, run) = league.config(&versions, choices.cores)?;
    let local = |i: usize| used.binary_search(&i).expect("a version of the batch");
    let games: Vec<ScheduledGame> = games
        .into_iter()
        .map(|g| ScheduledGame {
            white: local(g.white),
            black: local(g.black),
            ..g
        })
        .collect();
    let header = Header::new(&config, games.len() as u64);
    let mut plan = RunPlan::create(target.log.clone(), header, games);
    plan.start_until = choices.start_until;
    if std::fs::metadata(&target.log).is_ok_and(|m| m.len() > 0) {
        plan.start = LogStart::Append;
    }
    // The bots see neither the league's folder nor the shard's.
    let hidden = vec![target.dir.clone(), league.dir.clone()];
    let builder = RunBuilder::from_run(&config, &run, "baraza league")
        .hosting(HostOptions::default(), hidden)
        .run_folder(&target.dir)
        .games_log();
    let mut assembled = match target.earlier {
        Some(earlier) => builder.pgn_rewritten(&target.pgn).build(&plan, earlier)?,
        None => builder.pgn_appended(&target.pgn).build(&plan, [])?,
    };
    let scheduled = plan.to_play.len();
    let mut progress = Progress::new(choices.quiet, &plan.tally, plan.done.len(), scheduled);
    if !choices.quiet {
        progress.notice(&format!(
            "{}, {} at a time, into {}",
            crate::count::counted(scheduled as u64, "game"),
            run.concurrency,
            target.log.display()
        ));
    }
    let ended = assembled.play(plan, Sinks::new().with(&mut progress));
    progress.finish();
    let Ended {
        outcome,
        killed,
        stopped,
    } = ended?;
    let crashed = assembled.arena.crash.crashed().is_some();
    Ok(Played {
        played: outcome.played,
        stopped: stopped || killed || crashed || outcome.stop == Stop::Interrupted,
        time_up: outcome.stop == Stop::TimeUp,
        host_faults: crate::tournament::run::runner::host_faults_text(&outcome.host_faults),
    })
}

/// Refuse a version whose program's files changed since it was submitted: its games would
/// be credited to a program nobody submitted. A new version is the way to change it.
pub fn check_programs(versions: &[&Version]) -> Result<(), LeagueError> {
    for v in versions {
        let Ok(spec) = BotSpec::read("", &v.command) else {
            continue;
        };
        let changed = changes(&v.programs, &program_digests(&spec));
        if !changed.is_empty() {
            return Err(LeagueError::ProgramChanged {
                id: v.id(),
                name: v.name.clone(),
                changed: changed.join("; ").replace("in the log", "submitted"),
            });
        }
    }
    Ok(())
}

/// A stop file left by an earlier run stopped that one and must not stop this one: removed
/// when a run starts (not at each batch: one put there during the run stops it).
pub fn remove_stop_file(dir: &Path) -> Result<(), LeagueError> {
    let stop = dir.join(STOP_FILE);
    if stop.exists() {
        if let Err(source) = std::fs::remove_file(&stop) {
            return Err(LeagueError::Remove { path: stop, source });
        }
    }
    Ok(())
}
