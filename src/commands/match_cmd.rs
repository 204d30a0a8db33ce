//! `baraza match <ruleset> <bot1> <bot2>`: play a number of games between two bots, sides
//! alternating, writing each game to the logs the moment it ends.

use crate::bot::{become_subreaper, reap_all_children, StderrSink, STDERR_CAP};
use crate::bot_spec::{file_safe, BotSpec};
use crate::cli::MatchArgs;
use crate::clock::TimeControl;
use crate::game::{Outcome, Player};
use crate::games;
use crate::pgn::write_pgn;
use crate::record::GameRecord;
use crate::referee::{play_game_with, GameSetup, Seat};
use crate::tournament::config::Limits;
use anyhow::{bail, Context};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn open_append(path: &Path) -> anyhow::Result<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {} for appending", path.display()))
}

/// Win/draw/loss counts of one bot.
#[derive(Default, Clone, Copy)]
struct Tally {
    wins: u64,
    draws: u64,
    losses: u64,
}

/// The referee's own resource use (children excluded): user CPU, system CPU, peak RSS in KiB.
fn self_usage() -> (Duration, Duration, u64) {
    // SAFETY: getrusage only writes into the struct it is given.
    let ru = unsafe {
        let mut ru: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut ru);
        ru
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    (tv(ru.ru_utime), tv(ru.ru_stime), ru.ru_maxrss as u64)
}

pub fn run(out: &mut dyn Write, args: MatchArgs) -> anyhow::Result<()> {
    // Validate everything before the first game.
    let ruleset = games::ruleset(&args.ruleset)?;
    let start = match &args.start {
        None => ruleset.start_position(),
        Some(s) => {
            games::parse_start(ruleset.id, s).map_err(|e| anyhow::anyhow!("--start: {e}"))?
        }
    };
    let limits = args.limits.clock.apply(&Limits::default());
    let tc = TimeControl::from_options(limits.tc.as_deref(), limits.movetime_ms, limits.margin_ms)?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let specs = [
        BotSpec::parse("bot1", &args.bot1)?,
        BotSpec::parse("bot2", &args.bot2)?,
    ];
    let mut names = [
        args.name1
            .clone()
            .unwrap_or_else(|| specs[0].default_name()),
        args.name2
            .clone()
            .unwrap_or_else(|| specs[1].default_name()),
    ];
    for (k, n) in names.iter().enumerate() {
        crate::tournament::config::refuse_quotes(n)
            .map_err(|e| anyhow::anyhow!("bot {}: {e}", k + 1))?;
    }
    if names[0] == names[1] {
        if args.name2.is_some() && args.name1.is_some() {
            bail!("--name1 and --name2 must differ");
        }
        names[1].push_str("-2");
    }
    let max_plies = args.limits.max_plies.or(ruleset.default_max_plies);
    let mut pgn = args.pgn.as_deref().map(open_append).transpose()?;
    let mut jsonl = args.jsonl.as_deref().map(open_append).transpose()?;
    if let Some(dir) = &args.logs {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create log directory {}", dir.display()))?;
    }
    become_subreaper();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;

    let (mut interrupt, mut terminate) = rt
        .block_on(async {
            use tokio::signal::unix::{signal, SignalKind};
            Ok::<_, std::io::Error>((
                signal(SignalKind::interrupt())?,
                signal(SignalKind::terminate())?,
            ))
        })
        .context("cannot install signal handlers")?;
    let wall = std::time::Instant::now();
    // One seat per bot (not per side): bot k's process, kept from game to game.
    let mut seats = [Seat::new(!args.no_reuse), Seat::new(!args.no_reuse)];
    let mut noted_exit = [false; 2];
    let mut tallies = [Tally::default(); 2];
    let mut total_moves = 0u64;
    for game in 1..=args.games {
        // Bot k plays player 1 in odd games when k = 0, in even games when k = 1.
        let order = if game % 2 == 1 { [0, 1] } else { [1, 0] };
        let mut players = Vec::with_capacity(2);
        for (side, &k) in order.iter().enumerate() {
            let bot_seed = args.seed.wrapping_add(2 * (game - 1) + k as u64);
            let log = |ext: &str| -> Option<PathBuf> {
                args.logs.as_ref().map(|d| {
                    d.join(format!(
                        "g{game}-p{}-{}.{ext}",
                        side + 1,
                        file_safe(&names[k])
                    ))
                })
            };
            let stderr = match log("stderr") {
                Some(path) => StderrSink::File {
                    path,
                    cap: STDERR_CAP,
                },
                None => StderrSink::Discard,
            };
            players.push(specs[k].player(&names[k], ruleset.id, bot_seed, stderr, log("info"))?);
        }
        let p2 = players.pop().expect("two players");
        let p1 = players.pop().expect("two players");
        let setup = GameSetup {
            game,
            players: [p1, p2],
            start: start.clone(),
            tc: [tc; 2],
            startup_timeout: [Duration::from_millis(limits.startup_timeout_ms); 2],
            grace: Duration::from_millis(args.grace),
            max_plies,
            seed: args.seed,
            event: "baraza match".to_string(),
            site: "?".to_string(),
            round: game.to_string(),
        };
        // Ctrl-C or SIGTERM: drop the game in play (its bots' process groups are killed on
        // drop), keep what is logged, stop with an error.
        let [s0, s1] = &mut seats;
        let pair = if order[0] == 0 { [s0, s1] } else { [s1, s0] };
        let played = rt.block_on(async {
            tokio::select! {
                r = play_game_with(&setup, pair) => Some(r),
                _ = interrupt.recv() => None,
                _ = terminate.recv() => None,
            }
        });
        let Some((rec, _extras)) = played else {
            drop(seats); // kills the kept processes' groups
            reap_all_children();
            out.flush()?;
            bail!(
                "interrupted during game {game}: {} of {} games played and logged",
                game - 1,
                args.games
            );
        };
        total_moves += rec.times_ms.len() as u64;
        write_logs(&rec, pgn.as_mut(), jsonl.as_mut())?;
        let score = match rec.result.outcome() {
            Some(Outcome::Win(Player::One)) => [2, 0],
            Some(Outcome::Win(Player::Two)) => [0, 2],
            _ => [1, 1],
        };
        for (side, &k) in order.iter().enumerate() {
            match score[side] {
                2 => tallies[k].wins += 1,
                0 => tallies[k].losses += 1,
                _ => tallies[k].draws += 1,
            }
        }
        writeln!(
            out,
            "game {}: {} vs {}: {} {}, {} plies ({})",
            rec.game, rec.white, rec.black, rec.result, rec.termination, rec.plies, rec.reason
        )?;
        out.flush()?;
        for k in 0..2 {
            if seats[k].exits_between_games() > 0 && !noted_exit[k] {
                noted_exit[k] = true;
                eprintln!(
                    "note: {}'s process exited between games; it is started afresh for every \
                     game from now on (--no-reuse does so from the start)",
                    names[k]
                );
            }
        }
    }
    let grace = Duration::from_millis(args.grace);
    rt.block_on(async {
        let [s0, s1] = &mut seats;
        tokio::join!(s0.close(grace), s1.close(grace));
    });
    let t = |k: usize| {
        format!(
            "{} {} wins {} draws {} losses",
            names[k], tallies[k].wins, tallies[k].draws, tallies[k].losses
        )
    };
    writeln!(out, "final: {}; {}", t(0), t(1))?;
    out.flush()?;
    if args.bench_stats {
        let (user, sys, maxrss_kib) = self_usage();
        let secs = wall.elapsed().as_secs_f64();
        let per_move = |d: Duration| d.as_secs_f64() * 1e6 / total_moves.max(1) as f64;
        eprintln!(
            "bench-stats: games={} moves={} wall_s={:.3} moves_per_s={:.0} \
             referee_cpu_us_per_move={:.2} (user {:.2} + sys {:.2}) referee_maxrss_kib={}",
            args.games,
            total_moves,
            secs,
            total_moves as f64 / secs,
            per_move(user + sys),
            per_move(user),
            per_move(sys),
            maxrss_kib
        );
    }
    Ok(())
}

/// Append one game to the PGN and JSONL logs and flush them.
fn write_logs(
    rec: &GameRecord,
    pgn: Option<&mut File>,
    jsonl: Option<&mut File>,
) -> anyhow::Result<()> {
    if let Some(f) = pgn {
        let mut buf = Vec::new();
        write_pgn(&mut buf, rec)?;
        f.write_all(&buf).context("cannot write the PGN log")?;
        f.flush()?;
    }
    if let Some(f) = jsonl {
        let mut line = serde_json::to_vec(rec)?;
        line.push(b'\n');
        f.write_all(&line).context("cannot write the JSONL log")?;
        f.flush()?;
    }
    Ok(())
}
