//! `baraza tournament`: the event is read, checked and scheduled here; `--dry-run` prints the
//! schedule, otherwise [`super::tournament_play`] plays it with the referee.

use super::write_json;
use crate::cli::TournamentArgs;
use crate::tournament::plan::config::EventInputs;
use crate::tournament::plan::shard::Shard;
use crate::tournament::run::resume::{plan_shard_run, RunPlan};
use crate::tournament::{schedule, ScheduledGame, TournamentConfig};
use anyhow::bail;
use serde_json::json;
use std::io::Write;

/// The command line's event inputs and hosting options over the event file's when
/// `--config` is given.
pub fn inputs(args: &TournamentArgs) -> anyhow::Result<EventInputs> {
    let file = match &args.config {
        Some(path) => EventInputs::load(path)?,
        None => EventInputs::default(),
    };
    Ok(file
        .overlay(args.event.clone())
        .with_command_line_hosting(&args.host))
}

/// The machine's core count: the default concurrency.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub fn run(out: &mut dyn Write, mut args: TournamentArgs) -> anyhow::Result<()> {
    if let Some(command) = args.host_command.take() {
        return super::tournament_host::run(out, command);
    }
    let (config, run) = inputs(&args)?.resolve(cores())?;
    if let Some(shard) = args.shard {
        shard.check(&config)?;
    }
    // A bot that cannot be run is refused when the games are set up (not for --dry-run).
    for b in &config.bots {
        for w in b.spec().map_or_else(|_| Vec::new(), |spec| spec.warnings()) {
            eprintln!("baraza: warning: {}: {w}", b.which());
        }
    }
    // Random openings are drawn now, so an impossible request fails before anything else; the
    // one schedule of the event, planned from below.
    let all = schedule(&config)?;
    if let Some(warning) = config.sprt.and_then(|p| p.rounds_warning(config.rounds)) {
        eprintln!("baraza: warning: {warning}");
    }
    let (plan, all) = match &run.out {
        Some(dir) => (
            Some(plan_shard_run(&config, all, dir, run.resume, args.shard)?),
            vec![],
        ),
        None => (None, all),
    };
    if args.dry_run {
        return print_schedule(out, &config, plan.as_ref(), all, args.shard, args.json);
    }
    let Some(mut plan) = plan else {
        bail!("--out DIR is required: the games and results are written there");
    };
    let out_dir = run.out.clone().expect("a plan has an --out directory");
    // A bot the log's host lines replaced plays its latest command.
    let config = plan.play_config.take().unwrap_or(config);
    super::tournament_play::play(out, &config, &run, plan, &out_dir, &args)
}

fn print_schedule(
    out: &mut dyn Write,
    config: &TournamentConfig,
    plan: Option<&RunPlan>,
    whole: Vec<ScheduledGame>,
    shard: Option<Shard>,
    json: bool,
) -> anyhow::Result<()> {
    let all;
    let (games, done, hash): (&[ScheduledGame], usize, String) = match plan {
        // A grown event's hash is the one its header now has.
        Some(p) => (&p.to_play, p.done.len(), p.header.config_hash.clone()),
        None => {
            all = match shard {
                Some(s) => s.games(whole),
                None => whole,
            };
            (&all, 0, config.hash())
        }
    };
    let total = games.len() + done;
    if json {
        return write_json(
            out,
            &json!({
                "config_hash": hash,
                "scheduled_games": total,
                "already_played": done,
                "shard": shard,
                "games": games,
            }),
        );
    }
    writeln!(
        out,
        "# {} {}, {} bots, {} rounds: {} games in {} pairs; config {}",
        config.ruleset,
        config.format.name(),
        config.bots.len(),
        config.rounds,
        total,
        total / 2,
        &hash[..16]
    )?;
    if let Some(s) = shard {
        writeln!(
            out,
            "# shard {s}: the pairs numbered {} + {}k",
            s.index, s.count
        )?;
    }
    if done > 0 {
        writeln!(
            out,
            "# {done} games already played; {} to play",
            games.len()
        )?;
    }
    // A column's width: its longest cell, at least its heading's `min`.
    let width = |cell: fn(&ScheduledGame) -> &str, min: usize| {
        games.iter().map(|g| cell(g).len()).fold(min, usize::max)
    };
    let id_w = width(|g| &g.game_id, 2);
    let w_w = width(|g| &g.white_name, 8);
    let b_w = width(|g| &g.black_name, 8);
    writeln!(
        out,
        "{:>5}  {:id_w$}  {:>5}  {:>4}  {:w_w$}  {:b_w$}  start",
        "game", "id", "round", "pair", "player 1", "player 2"
    )?;
    for g in games {
        writeln!(
            out,
            "{:>5}  {:id_w$}  {:>5}  {:>4}  {:w_w$}  {:b_w$}  {}",
            g.game, g.game_id, g.round, g.pair, g.white_name, g.black_name, g.start
        )?;
    }
    Ok(())
}
