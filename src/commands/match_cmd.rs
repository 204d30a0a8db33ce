//! `baraza match <ruleset> <bot1> <bot2>`: a number of games between two bots, sides
//! alternating, as a two-bot plan on the tournament's runner ([`crate::tournament::run::arena`]):
//! each game goes to the logs (`--pgn`, `--jsonl`) and its line to stdout the moment it ends.

use crate::bot::spec::BotSpec;
use crate::cli::MatchArgs;
use crate::events::match_line::pace_line;
use crate::events::match_line::ConsoleLine;
use crate::events::Sinks;
use crate::games;
use crate::referee::lateness;
use crate::run_builder::RunBuilder;
use crate::tournament::log::games_jsonl::Header;
use crate::tournament::log::match_header::MatchHeader;
use crate::tournament::plan::config::{BotEntry, EventInputs, OnCrash, TournamentConfig};
use crate::tournament::plan::match_plan::match_games;
use crate::tournament::plan::openings::load_openings_file;
use crate::tournament::run::crash::CrashPolicy;
use crate::tournament::run::resume::RunPlan;
use crate::tournament::run::runner::{host_faults_text, Stop};
use crate::tournament::run::setup::SeedRule;
use anyhow::bail;
use std::io::Write;
use std::time::{Duration, Instant};

/// The referee's own resource use (children excluded): user CPU, system CPU, peak RSS in KiB.
fn self_usage() -> (Duration, Duration, u64) {
    use nix::sys::resource::{getrusage, UsageWho};
    use nix::sys::time::TimeValLike;
    let Ok(ru) = getrusage(UsageWho::RUSAGE_SELF) else {
        return (Duration::ZERO, Duration::ZERO, 0);
    };
    let tv = |t: nix::sys::time::TimeVal| Duration::from_micros(t.num_microseconds().max(0) as u64);
    (
        tv(ru.user_time()),
        tv(ru.system_time()),
        ru.max_rss() as u64,
    )
}

/// The two bots' names: `--name1`/`--name2`, or from their commands (`-2` added to the
/// second when both would be the same).
fn names(args: &MatchArgs) -> anyhow::Result<[String; 2]> {
    let checked = |which: &str, text: &str| BotSpec::read(which, text)?.preflight(which);
    let specs = [checked("bot1", &args.bot1)?, checked("bot2", &args.bot2)?];
    for (which, (_, warnings)) in ["bot1", "bot2"].iter().zip(&specs) {
        for w in warnings {
            eprintln!("baraza: warning: {which}: {w}");
        }
    }
    let specs = specs.map(|(spec, _)| spec);
    let mut names = [
        args.name1
            .clone()
            .unwrap_or_else(|| specs[0].default_name()),
        args.name2
            .clone()
            .unwrap_or_else(|| specs[1].default_name()),
    ];
    for (k, n) in names.iter().enumerate() {
        crate::tournament::plan::config::refuse_quotes(n)
            .map_err(|e| anyhow::anyhow!("bot {}: {e}", k + 1))?;
    }
    if names[0] == names[1] {
        if args.name2.is_some() && args.name1.is_some() {
            bail!("--name1 and --name2 must differ");
        }
        names[1].push_str("-2");
    }
    Ok(names)
}

/// The match as a two-bot event, checked (every check of `match` itself comes first, so its
/// errors stay its own), and its start positions (more than one from `--openings`).
fn event(args: &MatchArgs) -> anyhow::Result<(TournamentConfig, Vec<String>, [String; 2])> {
    let ruleset = games::ruleset(&args.ruleset)?;
    let starts = match (&args.start, &args.openings) {
        (None, None) => vec![ruleset.start_position().format()],
        (Some(s), _) => vec![games::parse_start(ruleset.id, s)
            .map_err(|e| anyhow::anyhow!("--start: {e}"))?
            .format()],
        (None, Some(path)) => load_openings_file(path, ruleset.id)?,
    };
    let names = names(args)?;
    let own = [&args.tester.limits1, &args.tester.limits2];
    let bot = |k: usize, cmd: &str| {
        // `--limitsK` over the match's options; `--nodes`/`--depth` are per bot anyway.
        let l = own[k].clone().map(|l| l.0).unwrap_or_default();
        let all = &args.limits.clock;
        BotEntry {
            name: Some(names[k].clone()),
            cmd: cmd.to_string(),
            startup_timeout: l.startup_timeout,
            movetime: l.movetime,
            tc: l.tc,
            margin: l.margin,
            nodes: l.nodes.or(all.nodes),
            depth: l.depth.or(all.depth),
            ..BotEntry::default()
        }
    };
    let inputs = EventInputs {
        ruleset: Some(ruleset.id.to_string()),
        seed: Some(args.seed),
        max_plies: args.limits.max_plies,
        adjudicate: args.limits.adjudication.adjudicate,
        adjudicate_draw: args.limits.adjudication.adjudicate_draw,
        adjudicate_resign: args.limits.adjudication.adjudicate_resign,
        startup_timeout: args.limits.clock.startup_timeout,
        movetime: args.limits.clock.movetime,
        tc: args.limits.clock.tc.clone(),
        margin: args.limits.clock.margin,
        bots: vec![bot(0, &args.bot1), bot(1, &args.bot2)],
        sprt: args.tester.sprt.clone(),
        ..EventInputs::default()
    };
    // The core count is the user's business here: `match` has no --force.
    let (config, _) = inputs.resolve(args.concurrency.get_usize())?;
    Ok((config, starts, names))
}

/// The match's name (`--event`), else `baraza match: a vs b (ruleset)`.
fn title(args: &MatchArgs, names: &[String; 2], config: &TournamentConfig) -> String {
    let (a, b) = (&names[0], &names[1]);
    let own = || format!("baraza match: {a} vs {b} ({})", config.ruleset);
    args.record.event.clone().unwrap_or_else(own)
}

/// `--games`, or its default: 2, or with `--sprt` a cap the test seldom reaches.
fn game_count(args: &MatchArgs) -> u64 {
    let default = match args.tester.sprt {
        Some(_) => 10_000,
        None => 2,
    };
    args.games.map_or(default, |g| g.get())
}

/// The first line of the match's `--jsonl` file: what it plans.
fn match_header(args: &MatchArgs, config: &TournamentConfig, names: &[String; 2]) -> MatchHeader {
    let mut h = MatchHeader::new(&config.ruleset, names.clone(), game_count(args), args.seed);
    h.sprt = config.sprt;
    h
}

/// The match's run as the command line describes it: hosting, tags, seats, crash policy and
/// outputs (`--pgn`, `--jsonl`, `--logs`, `--transcript`).
fn assembly<'a>(
    args: &MatchArgs,
    config: &'a TournamentConfig,
    names: &[String; 2],
) -> RunBuilder<'a> {
    let outputs: Vec<std::path::PathBuf> = [&args.pgn, &args.jsonl, &args.logs]
        .into_iter()
        .chain([&args.record.transcript])
        .flatten()
        .cloned()
        .collect();
    let crash = match args.keep_going {
        true => CrashPolicy::new(OnCrash::Forfeit),
        false => CrashPolicy::new(OnCrash::Forfeit).stop_on_failed_starts(2),
    };
    // Ctrl-C or SIGTERM (the builder's default for a match): drop the games in play (their
    // bots' process groups are killed), keep what is logged, stop with an error.
    let mut builder = RunBuilder::new(config, Duration::from_millis(args.grace), SeedRule::ByBot)
        .hosting(args.host.clone(), outputs)
        .event(args.record.event.as_deref().unwrap_or("baraza match"))
        .site(args.record.site.as_deref().unwrap_or("?"))
        .affinity(args.host.affinity)
        .seats(!args.no_reuse, Some(names.to_vec()))
        .crash(crash)
        .concurrency(args.concurrency.get_usize());
    if let Some(p) = &args.pgn {
        builder = builder.pgn_appended(p);
    }
    if let Some(p) = &args.jsonl {
        builder = builder.records_to(p, match_header(args, config, names));
    }
    if let Some(dir) = &args.logs {
        builder = builder.logs_per_game(dir);
    }
    if let Some(dir) = &args.record.transcript {
        builder = builder.transcripts(dir, vec![true; 2], args.record.combined);
    }
    builder
}

pub fn run(out: &mut dyn Write, args: MatchArgs) -> anyhow::Result<()> {
    // Validate everything before the first game.
    let (config, starts, names) = event(&args)?;
    let from_file = args.openings.is_some();
    let games = game_count(&args);
    let to_play = match_games(&names, &starts, from_file, games, args.seed);
    let plan = RunPlan::create(Default::default(), Header::new(&config, games), to_play);
    let checked = assembly(&args, &config, &names).check()?;
    let mut live = super::live::open(&args.live, &title(&args, &names, &config), &plan)?;
    let mut assembled = checked.open(&plan, [])?;

    let wall = Instant::now();
    let mut console = ConsoleLine::new(out, &names).with_report_every(args.report_every);
    let sinks = Sinks::new().with(&mut console).with_some(live.as_mut());
    let ended = assembled.play(plan, sinks)?;
    super::live::close(live, ended.outcome.stop, ended.killed);
    if ended.killed {
        let played = ended.outcome.played;
        bail!(
            "interrupted during game {}: {played} of {} games played and logged",
            played + 1,
            games
        );
    }
    console.finish()?;
    let table = ended.outcome.tally.standings();
    console.score(&table)?;
    if let Stop::Sprt(decision) = ended.outcome.stop {
        let n = ended.outcome.played;
        let msg =
            super::tournament_play::sprt_stopped(&table, "match", n, games as usize, decision);
        eprintln!("{msg}");
    }
    eprintln!("{}", pace_line(ended.outcome.played, wall.elapsed()));
    // How late the referee woke at worst, when that was enough to cost a bot its margin.
    let margin = config.bots.iter().map(|b| b.limits.margin_ms).min();
    let margin = Duration::from_millis(margin.unwrap_or(0));
    let late = lateness::worst();
    if let Some(note) = lateness::end_note(late, margin, lateness::FEWER_BESIDE_A_MATCH) {
        eprintln!("{note}");
    }
    if args.bench_stats {
        bench_stats(games, console.moves, wall, late);
    }
    if let Some(why) = host_faults_text(&ended.outcome.host_faults) {
        let played = ended.outcome.played;
        bail!("{why}: {played} of {games} games played and logged");
    }
    // Only when games were left unplayed because of it.
    if let Some(why) = assembled.arena.crash.failed_starts() {
        if (ended.outcome.played as u64) < games {
            bail!("{why}");
        }
    }
    Ok(())
}

/// `--bench-stats`: the referee's cost per move, on stderr.
fn bench_stats(games: u64, moves: u64, wall: Instant, late: Duration) {
    let (user, sys, maxrss_kib) = self_usage();
    let secs = wall.elapsed().as_secs_f64();
    let per_move = |d: Duration| d.as_secs_f64() * 1e6 / moves.max(1) as f64;
    eprintln!(
        "bench-stats: games={games} moves={moves} wall_s={secs:.3} moves_per_s={:.0} \
         referee_cpu_us_per_move={:.2} (user {:.2} + sys {:.2}) referee_maxrss_kib={maxrss_kib} \
         referee_late_ms_max={}",
        moves as f64 / secs,
        per_move(user + sys),
        per_move(user),
        per_move(sys),
        late.as_millis(),
    );
}
