//! `baraza games` and `baraza rules ...`: the rules authority on the command line.

use super::write_json;
use crate::cli::RulesCommand;
use crate::game::{Position, Status};
use crate::games::{self, RULESETS};
use anyhow::{anyhow, Context};
use serde_json::json;
use std::io::Write;

pub fn games(out: &mut dyn Write, json: bool) -> anyhow::Result<()> {
    if json {
        let list: Vec<_> = RULESETS
            .iter()
            .map(|r| json!({"id": r.id, "description": r.description, "start": r.start}))
            .collect();
        return write_json(out, &json!(list));
    }
    let width = RULESETS.iter().map(|r| r.id.len()).max().unwrap_or(0);
    for r in RULESETS {
        writeln!(out, "{:width$}  {}", r.id, r.description)?;
    }
    Ok(())
}

/// The JSON form of a status.
pub fn status_json(status: &Status) -> serde_json::Value {
    match status {
        Status::Ongoing => json!({"status": "ongoing"}),
        Status::Over {
            outcome,
            reason,
            scores,
        } => {
            let mut v = json!({"status": "over", "result": outcome.as_str(), "reason": reason});
            if let Some((a, b)) = scores {
                v["scores"] = json!([a, b]);
            }
            v
        }
    }
}

fn parse(position: &str) -> anyhow::Result<Box<dyn Position>> {
    Ok(games::parse_position(position)?)
}

pub fn run(out: &mut dyn Write, cmd: RulesCommand) -> anyhow::Result<()> {
    match cmd {
        RulesCommand::Start { ruleset, out: o } => start(out, &ruleset, o.json),
        RulesCommand::Legal { position, out: o } => legal(out, &position, o.json),
        RulesCommand::Apply {
            position,
            moves,
            out: o,
        } => apply(out, &position, &moves, o.json),
        RulesCommand::Status { position, out: o } => {
            let status = parse(&position)?.status();
            if o.json {
                write_json(out, &status_json(&status))
            } else {
                writeln!(out, "{status}").map_err(Into::into)
            }
        }
        RulesCommand::Perft {
            position,
            depth,
            divide,
            out: o,
        } => perft(out, &position, depth, divide, o.json),
        RulesCommand::Show { position } => {
            let pos = parse(&position)?;
            writeln!(out, "{}", pos.format())?;
            write!(out, "{}", pos.show()).map_err(Into::into)
        }
        RulesCommand::Bench {
            ruleset,
            seconds,
            playouts,
            seed,
            out: o,
        } => bench(out, &ruleset, seconds, playouts, seed, o.json),
    }
}

fn start(out: &mut dyn Write, ruleset: &str, json: bool) -> anyhow::Result<()> {
    let start = games::ruleset(ruleset)?.start;
    if json {
        write_json(out, &json!({"position": start}))
    } else {
        writeln!(out, "{start}").map_err(Into::into)
    }
}

fn legal(out: &mut dyn Write, position: &str, json: bool) -> anyhow::Result<()> {
    let moves = parse(position)?.legal();
    if json {
        return write_json(out, &json!({"position": position, "moves": moves}));
    }
    for m in moves {
        writeln!(out, "{m}")?;
    }
    Ok(())
}

fn apply(out: &mut dyn Write, position: &str, moves: &[String], json: bool) -> anyhow::Result<()> {
    let mut pos = parse(position)?;
    for (i, m) in moves.iter().enumerate() {
        pos.play(m).with_context(|| {
            format!(
                "move {} of {} in position '{}'",
                i + 1,
                moves.len(),
                pos.format()
            )
        })?;
    }
    let fin = pos.format();
    if json {
        let mut v = json!({"position": fin});
        v["status"] = status_json(&pos.status());
        write_json(out, &v)
    } else {
        writeln!(out, "{fin}").map_err(Into::into)
    }
}

fn perft(
    out: &mut dyn Write,
    position: &str,
    depth: u32,
    divide: bool,
    json: bool,
) -> anyhow::Result<()> {
    let pos = parse(position)?;
    let started = std::time::Instant::now();
    let mut per_move = Vec::new();
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for m in pos.legal() {
            let mut next = pos.clone();
            next.play(&m).map_err(|e| anyhow!("internal error: {e}"))?;
            let n = next.perft(depth - 1);
            total += n;
            per_move.push((m, n));
        }
        total
    } else {
        pos.perft(depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    if json {
        let mut v = json!({"depth": depth, "nodes": nodes, "seconds": seconds});
        if divide {
            v["divide"] = per_move
                .iter()
                .map(|(m, n)| (m.clone(), json!(n)))
                .collect::<serde_json::Map<_, _>>()
                .into();
        }
        return write_json(out, &v);
    }
    for (m, n) in &per_move {
        writeln!(out, "{m} {n}")?;
    }
    writeln!(out, "{nodes}").map_err(Into::into)
}

fn bench(
    out: &mut dyn Write,
    ruleset: &str,
    seconds: f64,
    count: Option<u64>,
    seed: u64,
    json: bool,
) -> anyhow::Result<()> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        anyhow::bail!("--seconds must be a positive number, got {seconds}");
    }
    let r = games::ruleset(ruleset)?;
    let cpu_before = thread_cpu_seconds();
    let (playouts, plies, took) = r.start_position().bench_playouts(seconds, count, seed);
    let cpu = (thread_cpu_seconds() - cpu_before).max(1e-9);
    let pps = playouts as f64 / took;
    let plps = plies as f64 / took;
    if json {
        return write_json(
            out,
            &json!({"ruleset": r.id, "seed": seed, "seconds": took, "playouts": playouts,
                    "plies": plies, "playouts_per_s": pps, "plies_per_s": plps,
                    "mean_plies": plies as f64 / playouts.max(1) as f64,
                    "cpu_seconds": cpu, "playouts_per_cpu_s": playouts as f64 / cpu}),
        );
    }
    writeln!(
        out,
        "playouts/s={:.0} plies/s={:.0} playouts={playouts} plies={plies} mean_plies={:.1} seconds={took:.2} seed={seed} playouts_per_cpu_s={:.0}",
        pps,
        plps,
        plies as f64 / playouts.max(1) as f64,
        playouts as f64 / cpu
    )
    .map_err(Into::into)
}

/// CPU time of the calling thread, in seconds: on a shared machine the playout rate per CPU
/// second is steadier than per wall second, so the bench reports both.
fn thread_cpu_seconds() -> f64 {
    use nix::time::{clock_gettime, ClockId};
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID)
        .map_or(0.0, |ts| ts.tv_sec() as f64 + ts.tv_nsec() as f64 * 1e-9)
}
