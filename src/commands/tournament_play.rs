//! Playing a tournament with the referee ([`crate::tournament::run::arena`]) into `--out DIR`, and
//! what the command says around it:
//!
//! - `DIR/games.jsonl` (the source of truth) and `DIR/games.pgn` are sinks of the run; on
//!   `--resume` games.pgn is first rewritten from games.jsonl, so the two agree after a kill;
//! - each bot's stderr goes to `DIR/stderr/<bot>.log` ([`crate::tournament::run::stderr_slots`]);
//! - first Ctrl-C or `DIR/stop`: no new games, the running ones may finish for
//!   [`INTERRUPT_GRACE`](crate::run_builder::INTERRUPT_GRACE), then they are aborted (not
//!   written; a resume plays them again); second Ctrl-C, SIGTERM or SIGHUP: the running games
//!   are dropped at once ([`crate::signals`]); the resume command is printed;
//! - progress on stderr ([`crate::events::progress`]); the final table on stdout (text, or
//!   JSON with `--json`), computed from the same lines `baraza results` reads.

use crate::bot::hosting::HostOptions;
use crate::cli::TournamentArgs;
use crate::count::counted;
use crate::escape::terminal::escape_lines;
use crate::events::progress::Progress;
use crate::events::Sinks;
use crate::referee::lateness;
use crate::run_builder::{RunBuilder, STOP_FILE};
use crate::tournament::plan::config::{RunOptions, TournamentConfig};
use crate::tournament::run::arena::Ended;
use crate::tournament::run::resume::RunPlan;
use crate::tournament::run::runner::{host_faults_text, Stop};
use crate::tournament::run::stderr_slots::stderr_log;
use crate::tournament::table::render::render_text;
use crate::tournament::table::results::Standings;
use anyhow::{bail, Context};
use std::io::Write;
use std::path::Path;

/// The PGN log inside `--out DIR`.
pub const PGN_FILE: &str = "games.pgn";

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
                "{}, {} at a time, into {}",
                counted(scheduled, "game"),
                run.concurrency,
                out_dir.display()
            )
        } else {
            format!(
                "resuming: {} of {} already played; {} to play, {} at a time",
                plan.done.len(),
                counted(scheduled, "game"),
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
    // Checks every bot's program before anything is created in `out_dir`; each bot's hosting
    // is resolved in the event (the command line's options in it).
    let assembled = RunBuilder::from_run(config, run, "baraza tournament")
        .hosting(HostOptions::default(), vec![out_dir.to_path_buf()])
        .run_folder(out_dir)
        .games_log()
        .pgn_rewritten(&out_dir.join(PGN_FILE))
        .check()?;
    let mut live = super::live::open(&args.live, &event_title(run, &plan), &plan)?;
    let mut assembled = assembled.open(&plan, plan.done.iter().map(|g| &g.record))?;
    let scheduled = plan.games_expected();
    let mut progress = Progress::new(args.quiet, &plan.tally, plan.done.len(), scheduled)
        .with_report_every(args.report_every);
    announce(&progress, &plan, run, out_dir, args.quiet)?;
    let plan_path = plan.path.clone();
    let started = std::time::Instant::now();
    let sinks = Sinks::new().with(&mut progress).with_some(live.as_mut());
    let ended = assembled.play(plan, sinks);
    progress.finish();
    let ended = ended?;
    super::live::close(live, ended.outcome.stop, ended.killed);
    // The final table: the runner's tally of the lines of games.jsonl as they were read at
    // the start and written since (not re-read: that cost a few percent of a run); `baraza
    // results` computes the same from the file.
    let table = ended.outcome.tally.standings();
    print_table(out, &table, args.json, out_dir, &plan_path)?;
    // This run's games and time (a resumed run's earlier games are not its).
    let pace = crate::events::match_line::pace_line(ended.outcome.played, started.elapsed());
    eprintln!("{pace}");
    // How late the referee woke at worst, when that was enough to cost a bot its margin.
    let margin = config.bots.iter().map(|b| b.limits.margin_ms).min();
    let margin = std::time::Duration::from_millis(margin.unwrap_or(0));
    let worst = lateness::worst();
    if let Some(note) = lateness::end_note(worst, margin, lateness::FEWER_IN_A_TOURNAMENT) {
        eprintln!("{note}");
    }
    let crash = assembled.arena.crash.crashed();
    ending(out, args, &table, &ended, crash, scheduled, &plan_path)
}

/// What the end of the run says after its table: why it stopped early and the command that
/// resumes it (an error), or the SPRT's decision.
fn ending(
    out: &mut dyn Write,
    args: &TournamentArgs,
    table: &Standings,
    ended: &Ended,
    crash: Option<String>,
    scheduled: usize,
    games_path: &Path,
) -> anyhow::Result<()> {
    let resume = resume_command();
    let n = ended.outcome.in_log;
    let where_ = games_path.display();
    if ended.killed {
        bail!("stopped: {n} of {scheduled} games are in {where_}; resume with: {resume}")
    }
    if let Some(why) = host_faults_text(&ended.outcome.host_faults) {
        bail!("{why}: {n} of {scheduled} games are in {where_}; once fixed, resume with: {resume}");
    }
    if let Some(crash) = crash {
        bail!(
            "a bot crashed in {crash}; stopped (--on-crash abort): {n} of {scheduled} games are in {where_}; resume with: {resume}"
        );
    }
    match ended.outcome.stop {
        Stop::Completed => Ok(()),
        Stop::Sprt(decision) => {
            let msg = sprt_stopped(table, "tournament", n, scheduled, decision);
            // With --json, stdout stays one JSON value (the table carries the SPRT report).
            if args.json {
                eprintln!("{msg}");
            } else {
                writeln!(out, "{msg}")?;
            }
            Ok(())
        }
        Stop::Interrupted | Stop::TimeUp => {
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
