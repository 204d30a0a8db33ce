//! Playing a tournament with the referee ([`crate::tournament::run::play`]) into `--out DIR`, and
//! what the command says around it:
//!
//! - `DIR/games.jsonl` (the source of truth) and `DIR/games.pgn` are sinks of the run; on
//!   `--resume` games.pgn is first rewritten from games.jsonl, so the two agree after a kill;
//! - each bot's stderr goes to `DIR/stderr/<bot>.log` ([`crate::tournament::run::stderr_slots`]);
//! - first Ctrl-C or `DIR/stop`: no new games, the running ones may finish for
//!   [`INTERRUPT_GRACE`], then they are aborted (not written; a resume plays them again);
//!   second Ctrl-C, SIGTERM or SIGHUP: the running games are dropped at once
//!   ([`crate::signals`]); the resume command is printed;
//! - progress on stderr ([`crate::events::progress`]); the final table on stdout (text, or
//!   JSON with `--json`), computed from the same lines `baraza results` reads.

use crate::bot::hosting::HostOptions;
use crate::cli::TournamentArgs;
use crate::escape::terminal::escape_lines;
use crate::events::jsonl::JsonlSink;
use crate::events::pgn::PgnSink;
use crate::events::progress::Progress;
use crate::events::Sinks;
use crate::signals::SignalPolicy;
use crate::tournament::log::games_jsonl::{GamesWriter, LogStart};
use crate::tournament::plan::config::{RunOptions, TournamentConfig};
use crate::tournament::run::crash::CrashPolicy;
use crate::tournament::run::play::{Arena, Ended};
use crate::tournament::run::resume::RunPlan;
use crate::tournament::run::runner::Stop;
use crate::tournament::run::seats::SeatPool;
use crate::tournament::run::setup::{Logs, SeedRule, Setups};
use crate::tournament::run::stderr_slots::{stderr_log, StderrSlots};
use crate::tournament::table::render::render_text;
use crate::tournament::table::results::Standings;
use anyhow::{bail, Context};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// The PGN log inside `--out DIR`.
pub const PGN_FILE: &str = "games.pgn";
/// A file that stops the run like a first Ctrl-C when it appears in `--out DIR` (for wrappers
/// that cannot send signals); looked for every second.
pub const STOP_FILE: &str = "stop";
/// How long running games may go on after the first Ctrl-C before they are aborted.
pub const INTERRUPT_GRACE: Duration = Duration::from_secs(30);

/// A line about the games lost by a fault, when there were any: `games lost by a fault:
/// mine 3 crashes, 1 time forfeit; greedy 1 other forfeit (each game's reason is in
/// DIR/games.jsonl; mine's stderr is in DIR/stderr/mine.log)`. A bot's stderr log is named
/// only when it wrote something there; the reasons (with their hints) are always in the log.
fn fault_note(table: &Standings, out_dir: &Path, games_path: &Path) -> Option<String> {
    let count = |n: u64, what: &str| match n {
        1 => format!("1 {what}"),
        _ if what.ends_with("sh") => format!("{n} {what}es"),
        _ => format!("{n} {what}s"),
    };
    let mut per_bot = Vec::new();
    let mut logs = Vec::new();
    for b in &table.bots {
        let parts: Vec<String> = [
            (b.crashes, "crash"),
            (b.time_forfeits, "time forfeit"),
            (b.other_forfeits, "other forfeit"),
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|&(n, what)| count(n, what))
        .collect();
        if parts.is_empty() {
            continue;
        }
        per_bot.push(format!("{} {}", b.name, parts.join(", ")));
        let log = stderr_log(out_dir, &b.name);
        if std::fs::metadata(&log).is_ok_and(|m| m.len() > 0) {
            logs.push(format!("{}'s stderr is in {}", b.name, log.display()));
        }
    }
    let stderr = match (logs.is_empty(), per_bot.len()) {
        (false, _) => logs.join(", "),
        (true, 1) => "it wrote nothing on stderr".to_string(),
        (true, _) => "they wrote nothing on stderr".to_string(),
    };
    (!per_bot.is_empty()).then(|| {
        format!(
            "games lost by a fault: {} (each game's reason is in {}; {stderr})",
            per_bot.join("; "),
            games_path.display()
        )
    })
}

/// The command line that resumes this run: this one with `--resume`.
fn resume_command() -> String {
    let mut args: Vec<String> = std::env::args().collect();
    if !args.iter().any(|a| a == "--resume") {
        args.push("--resume".into());
    }
    shlex::try_join(args.iter().map(String::as_str)).unwrap_or_else(|_| args.join(" "))
}

/// The opening notices, and the removal of a stop file left by an earlier run (it stopped
/// that one and must not stop this one).
fn announce(
    progress: &Progress,
    plan: &RunPlan,
    run: &RunOptions,
    out_dir: &Path,
    quiet: bool,
) -> anyhow::Result<()> {
    let scheduled = plan.header.scheduled_games;
    if !quiet {
        progress.notice(&if plan.done.is_empty() {
            format!(
                "{scheduled} games, {} at a time, into {}",
                run.concurrency,
                out_dir.display()
            )
        } else {
            format!(
                "resuming: {} of {scheduled} games already played; {} to play, {} at a time",
                plan.done.len(),
                plan.to_play.len(),
                run.concurrency
            )
        });
    }
    let stop_file = out_dir.join(STOP_FILE);
    if stop_file.exists() {
        std::fs::remove_file(&stop_file)
            .with_context(|| format!("cannot remove {}", stop_file.display()))?;
        if !quiet {
            progress.notice(&format!(
                "removed {} (it stopped an earlier run)",
                stop_file.display()
            ));
        }
    }
    Ok(())
}

/// The event's name (`--event`), else `baraza tournament: <ruleset>`.
fn event_title(run: &RunOptions, plan: &RunPlan) -> String {
    run.event
        .clone()
        .unwrap_or_else(|| format!("baraza tournament: {}", plan.header.event.ruleset))
}

/// Play the planned games into `out_dir` and print the final table.
pub fn play(
    out: &mut dyn Write,
    config: &TournamentConfig,
    run: &RunOptions,
    plan: RunPlan,
    out_dir: &Path,
    args: &TournamentArgs,
) -> anyhow::Result<()> {
    // Checks every bot's program before anything is created in `out_dir`.
    // Each bot's hosting is resolved in the event (the command line's options in it).
    let hosts =
        HostOptions::default().bot_hosts(config.bot_hostings(), &[out_dir.to_path_buf()])?;
    let mut setups = Setups::new(
        config,
        Duration::from_millis(run.grace_ms),
        SeedRule::BySide,
        run.event.as_deref().unwrap_or("baraza tournament"),
    )?
    .with_site(run.site.as_deref().unwrap_or("?"))
    .with_hosts(hosts, run.affinity)?;
    let mut live = super::live::open(&args.live, &event_title(run, &plan), &plan)?;
    if let Some(dir) = &run.transcript {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create transcript directory {}", dir.display()))?;
        setups = setups.with_run_transcripts(dir.clone(), run);
    }
    let mut jsonl = JsonlSink::GamesLog(match plan.start {
        LogStart::Create => GamesWriter::create(&plan.path, &plan.header)?,
        LogStart::Append => GamesWriter::append(&plan.path)?,
        LogStart::Extend => GamesWriter::extend(&plan.path, &plan.header)?,
    });
    let pgn_path = out_dir.join(PGN_FILE);
    let mut pgn = PgnSink::rewrite(&pgn_path, plan.done.iter().map(|g| &g.record))?;
    let arena = Arena {
        setups: setups.with_logs(Logs::Slots(StderrSlots::new(out_dir)?)),
        seats: SeatPool::new(config.bots.len(), run.reuse, None),
        crash: CrashPolicy::new(run.on_crash),
    };
    let scheduled = plan.header.scheduled_games as usize;
    let mut progress =
        Progress::new(args.quiet, &plan.tally, scheduled).with_report_every(args.report_every);
    announce(&progress, &plan, run, out_dir, args.quiet)?;
    let resume = resume_command();
    let games_path = plan.path.clone();

    let signals = SignalPolicy {
        grace: Some(INTERRUPT_GRACE),
        stop_file: Some(out_dir.join(STOP_FILE)),
    };
    let started = std::time::Instant::now();
    let ended = {
        let mut sinks = Sinks::new()
            .with(&mut jsonl)
            .with(&mut pgn)
            .with(&mut progress)
            .with_some(live.as_mut());
        arena.run(config, run.concurrency, plan, &mut sinks, signals)
    };
    progress.finish();
    let Ended { outcome, killed } = ended?;
    super::live::close(live, outcome.stop, killed);

    // The final table: the runner's tally of the lines of games.jsonl as they were read at
    // the start and written since (not re-read: that cost a few percent of a run); `baraza
    // results` computes the same from the file.
    let table = outcome.tally.standings();
    print_table(out, &table, args.json, out_dir, &games_path)?;
    // This run's games and time (a resumed run's earlier games are not its).
    eprintln!(
        "{}",
        crate::events::console::pace_line(outcome.played, started.elapsed())
    );
    let n = outcome.in_log;
    let where_ = games_path.display();
    if killed {
        bail!("stopped: {n} of {scheduled} games are in {where_}; resume with: {resume}")
    }
    if let Some(crash) = arena.crash.crashed() {
        bail!(
            "a bot crashed in {crash}; stopped (--on-crash abort): {n} of {scheduled} games are in {where_}; resume with: {resume}"
        );
    }
    match outcome.stop {
        Stop::Completed => Ok(()),
        Stop::Sprt(decision) => {
            let msg = sprt_stopped(&table, "tournament", n, scheduled, decision);
            // With --json, stdout stays one JSON value (the table carries the SPRT report).
            if args.json {
                eprintln!("{msg}");
            } else {
                writeln!(out, "{msg}")?;
            }
            Ok(())
        }
        Stop::Interrupted => {
            bail!("interrupted: {n} of {scheduled} games are in {where_}; resume with: {resume}")
        }
    }
}

/// The final table on `out` (JSON with `json`), then a note on stderr of any fault.
fn print_table(
    out: &mut dyn Write,
    table: &Standings,
    json: bool,
    out_dir: &Path,
    games_path: &Path,
) -> anyhow::Result<()> {
    if json {
        super::write_json(out, &serde_json::to_value(table)?)?;
    } else {
        // Names with controls in them are shown escaped (as in `baraza results`).
        write!(out, "{}", escape_lines(&render_text(table)))?;
    }
    out.flush()?;
    // Faults must not go unnoticed in a table nobody reads closely.
    if let Some(note) = fault_note(table, out_dir, games_path) {
        eprintln!("baraza: {note}");
    }
    Ok(())
}

/// `SPRT stopped the tournament after 49 of 1000 scheduled games: H1 accepted (decided by
/// pairs 1 to 23: 46 games)`; `what` is `tournament` or `match`.
pub fn sprt_stopped(
    table: &Standings,
    what: &str,
    in_log: usize,
    scheduled: usize,
    decision: crate::stats::sprt::Decision,
) -> String {
    let took = table.sprt.as_ref().map_or(String::new(), |s| {
        format!(
            " (decided by pairs 1 to {}: {} games)",
            s.report.units, s.games
        )
    });
    format!(
        "SPRT stopped the {what} after {in_log} of {scheduled} scheduled games: {decision}{took}"
    )
}
