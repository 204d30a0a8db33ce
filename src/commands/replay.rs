//! `baraza replay <log>`: re-judge the games of a PGN-like log with the engines; summarise,
//! step through a game, show the board at a ply, or verify the whole log.

use super::write_json;
use crate::cli::ReplayArgs;
use crate::escape::terminal::escape_control;
use crate::game::Position;
use crate::record::info::Eval;
use crate::record::pgn::{self, PgnGame};
use crate::record::replay::{GameSummary, PlyStep, PlyView};
use crate::record::verify::{self, Problem};
use crate::tournament::log::games_jsonl::GAMES_FILE;
use anyhow::{anyhow, bail, Context};
use std::io::Write;

pub fn run(out: &mut dyn Write, args: ReplayArgs) -> anyhow::Result<()> {
    // A run folder is verified whole: its games.jsonl against its schedule and its games.pgn.
    if args.verify && args.file.join(GAMES_FILE).is_file() {
        return super::verify_log::run(out, &args.file);
    }
    // A run folder holds its PGN log as games.pgn.
    let path = if args.file.is_dir() {
        args.file.join("games.pgn")
    } else {
        args.file.clone()
    };
    let file = path.display().to_string();
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {file}"))?;
    if text.trim_start().starts_with('{') {
        bail!(
            "{file} is a JSON-lines log, not the PGN log replay reads: give the run folder or its \
             games.pgn (match writes one with --pgn); `baraza results {file}` reads this file"
        );
    }
    let games = pgn::parse_pgn_games(&text).map_err(|e| anyhow!("{file}: {e}"))?;
    if games.is_empty() {
        bail!("{file}: no game in the log");
    }
    let selected: Vec<(usize, &PgnGame)> = match (args.game, args.ply) {
        (Some(k), _) => {
            if k == 0 || k > games.len() {
                bail!(
                    "--game {k}: the log has {} game{} (numbered from 1)",
                    games.len(),
                    if games.len() == 1 { "" } else { "s" }
                );
            }
            vec![(k, &games[k - 1])]
        }
        (None, Some(_)) if games.len() > 1 => {
            bail!("--ply needs --game: the log has {} games", games.len())
        }
        (None, _) => games.iter().enumerate().map(|(i, g)| (i + 1, g)).collect(),
    };

    if args.export.is_some() {
        for (_, g) in &selected {
            crate::record::results_pgn::write_results_pgn(out, &g.record)?;
        }
        return Ok(());
    }
    // A game that cannot be replayed is named with its file, as --verify names it.
    let in_file = |e: anyhow::Error| anyhow!("{file}: {e:#}");
    if let Some(ply) = args.ply {
        let (k, g) = selected[0];
        return show_ply(out, k, g, ply, args.json).map_err(in_file);
    }
    if args.game.is_some() && !args.verify {
        let (k, g) = selected[0];
        return step_through(out, k, g, args.json).map_err(in_file);
    }

    let mut first_problem: Option<(usize, Problem)> = None;
    let mut plies = 0;
    for &(k, g) in &selected {
        let verdict = verify::verify_game(g);
        plies += g.record.moves.len();
        if !args.verify || args.json {
            summary(out, k, g, &verdict, args.json)?;
        }
        if let Err(p) = verdict {
            first_problem.get_or_insert((k, p));
        }
    }
    if args.verify {
        if let Some((k, p)) = first_problem {
            bail!("{file}: {}", describe(k, &games[k - 1], &p));
        }
        if !args.json {
            writeln!(
                out,
                "OK: {} game{}, {plies} plies re-judged",
                selected.len(),
                if selected.len() == 1 { "" } else { "s" }
            )?;
        }
    }
    Ok(())
}

/// `game 2 (line 14), ply 7: illegal move ...`
fn describe(k: usize, g: &PgnGame, p: &Problem) -> String {
    let index = if g.record.game as usize != k {
        format!(" [GameIndex {}]", g.record.game)
    } else {
        String::new()
    };
    match p.ply {
        Some(ply) => format!(
            "game {k}{index} (line {}), ply {ply}: {}",
            p.line, p.message
        ),
        None => format!("game {k}{index} (line {}): {}", p.line, p.message),
    }
}

fn summary(
    out: &mut dyn Write,
    k: usize,
    g: &PgnGame,
    verdict: &Result<Box<dyn Position>, Problem>,
    json: bool,
) -> anyhow::Result<()> {
    let r = &g.record;
    if json {
        return write_json(out, &GameSummary::new(k, g, verdict));
    }
    let verdict = match verdict {
        Ok(_) => "OK".to_string(),
        Err(p) => match p.ply {
            Some(ply) => format!("PROBLEM at ply {ply} (line {}): {}", p.line, p.message),
            None => format!("PROBLEM (line {}): {}", p.line, p.message),
        },
    };
    writeln!(
        out,
        "game {k}  {}  {} vs {}  {}  {}  {} plies  {}",
        r.ruleset,
        escape_control(&r.white),
        escape_control(&r.black),
        r.result,
        r.termination,
        r.plies,
        escape_control(&verdict)
    )?;
    Ok(())
}

/// `id name 'x', id author 'y'` from a player's `id` lines (escaped for the terminal), or
/// `None` when it sent neither.
fn ids_text((name, author): (Option<&str>, Option<&str>)) -> Option<String> {
    let parts: Vec<String> = [("name", name), ("author", author)]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| format!("id {k} '{}'", escape_control(v))))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// The start position of a game, or a one-line error naming it.
fn start(k: usize, g: &PgnGame) -> anyhow::Result<Box<dyn Position>> {
    verify::start_position(&g.record).map_err(|m| anyhow!("game {k} (line {}): {m}", g.line))
}

/// Play move `i` (0-based) of game `k`, or fail naming the game, ply and line.
fn play(k: usize, g: &PgnGame, pos: &mut Box<dyn Position>, i: usize) -> anyhow::Result<()> {
    let mv = &g.record.moves[i];
    let line = g.move_lines.get(i).copied().unwrap_or(g.line);
    if pos.status().is_over() {
        bail!(
            "game {k} (line {line}), ply {}: move '{mv}' is played after the game ended ({})",
            i + 1,
            pos.status()
        );
    }
    pos.play(mv).map_err(|e| {
        anyhow!(
            "game {k} (line {line}), ply {}: {e} in '{}'",
            i + 1,
            pos.format()
        )
    })
}

/// The board after `ply` plies: the position string, then the drawing (exactly what
/// `baraza rules show <position>` prints).
fn show_ply(
    out: &mut dyn Write,
    k: usize,
    g: &PgnGame,
    ply: usize,
    json: bool,
) -> anyhow::Result<()> {
    let moves = &g.record.moves;
    if ply > moves.len() {
        bail!("--ply {ply}: game {k} has only {} plies", moves.len());
    }
    let mut pos = start(k, g)?;
    for i in 0..ply {
        play(k, g, &mut pos, i)?;
    }
    if json {
        let view = PlyView {
            game: k,
            ply,
            mv: ply.checked_sub(1).map(|i| moves[i].as_str()),
            position: pos.format(),
            status: pos.status(),
        };
        return write_json(out, &view);
    }
    writeln!(out, "{}", pos.format())?;
    write!(out, "{}", pos.show())?;
    Ok(())
}

/// Every ply of one game: its move, think time and the position after it; then the final
/// board.
fn step_through(out: &mut dyn Write, k: usize, g: &PgnGame, json: bool) -> anyhow::Result<()> {
    let r = &g.record;
    let mut pos = start(k, g)?;
    if json {
        write_json(out, &PlyStep::start(k, pos.format()))?;
    } else {
        writeln!(
            out,
            "game {k}: {} (player 1) vs {} (player 2), {}, {} {}, {} plies",
            escape_control(&r.white),
            escape_control(&r.black),
            r.ruleset,
            r.result,
            r.termination,
            r.plies
        )?;
        if !r.reason.is_empty() {
            writeln!(out, "reason: {}", escape_control(&r.reason))?;
        }
        for player in [1, 2] {
            if let Some(ids) = ids_text(r.ids(player)) {
                writeln!(out, "player {player} {ids}")?;
            }
        }
        writeln!(out, "ply   0  start           {}", pos.format())?;
    }
    for (i, mv) in r.moves.iter().enumerate() {
        let player = pos.side_to_move();
        play(k, g, &mut pos, i)?;
        let ms = r.times_ms.get(i).copied().unwrap_or(0);
        let eval = r.move_info(i).and_then(Eval::of_info).map(|e| {
            let mut s = String::new();
            e.push_to(&mut s);
            s
        });
        let us = crate::record::pgn::think_time_us(r, i).unwrap_or(0);
        if json {
            let step = PlyStep::moved(k, i + 1, (player, mv), (ms, us), eval, pos.format());
            write_json(out, &step)?;
        } else {
            let eval = eval.map_or(String::new(), |e| format!("  eval {e}"));
            writeln!(
                out,
                "ply {:>3}  p{player} {mv:<8} {:>6}  {}{eval}",
                i + 1,
                format!("{ms}ms"),
                pos.format()
            )?;
        }
    }
    if !json {
        writeln!(out, "final position after {} plies:", r.moves.len())?;
        write!(out, "{}", pos.show())?;
        if let Err(p) = verify::verify_game(g) {
            writeln!(out, "PROBLEM: {}", escape_control(&describe(k, g, &p)))?;
        }
    }
    Ok(())
}
