//! `baraza games` and `baraza rules ...`: the rules authority on the command line.

use super::write_json;
use crate::cli::RulesCommand;
use crate::game::Position;
use crate::games::{self, RULESETS};
use crate::rules::{self, Applied, LegalMoves, PositionOnly};
use anyhow::{anyhow, Context};
use std::io::Write;

pub fn games(out: &mut dyn Write, json: bool) -> anyhow::Result<()> {
    if json {
        return write_json(out, &rules::rulesets());
    }
    let width = RULESETS.iter().map(|r| r.id.len()).max().unwrap_or(0);
    for r in RULESETS {
        writeln!(out, "{:width$}  {}", r.id, r.description)?;
    }
    Ok(())
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
                write_json(out, &status)
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
        write_json(out, &PositionOnly { position: start })
    } else {
        writeln!(out, "{start}").map_err(Into::into)
    }
}

fn legal(out: &mut dyn Write, position: &str, json: bool) -> anyhow::Result<()> {
    let moves = parse(position)?.legal();
    if json {
        return write_json(out, &LegalMoves { position, moves });
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
        let status = pos.status();
        write_json(
            out,
            &Applied {
                position: fin,
                status,
            },
        )
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
    let perft = rules::perft(&*pos, depth, divide).map_err(|e| anyhow!("internal error: {e}"))?;
    if json {
        return write_json(out, &perft);
    }
    for (m, n) in perft.divide.iter().flatten() {
        writeln!(out, "{m} {n}")?;
    }
    writeln!(out, "{}", perft.nodes).map_err(Into::into)
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
    let b = rules::bench(games::ruleset(ruleset)?, seconds, count, seed);
    if json {
        return write_json(out, &b);
    }
    writeln!(
        out,
        "playouts/s={:.0} plies/s={:.0} playouts={} plies={} mean_plies={:.1} seconds={:.2} seed={seed} playouts_per_cpu_s={:.0}",
        b.playouts_per_s,
        b.plies_per_s,
        b.playouts,
        b.plies,
        b.mean_plies,
        b.seconds,
        b.playouts_per_cpu_s
    )
    .map_err(Into::into)
}
