//! What `baraza replay` prints of a game read from a log ([`crate::record::log_games`]): its
//! summary line, each ply stepped through, the board at a ply, and the one line naming a
//! problem; as text, or as the JSON of [`crate::record::replay`]. A game is named by its own
//! number (its `GameIndex`, a JSON line's `game`) and its line.

use crate::escape::terminal::escape_control;
use crate::game::Position;
use crate::record::info::Eval;
use crate::record::log_games::LogGame;
use crate::record::replay::{GameSummary, PlyStep, PlyView};
use crate::record::verify::{self, Problem};
use anyhow::{anyhow, bail};
use std::io::Write;

/// One JSON object on a line (keys sorted, as every JSON output of baraza).
fn write_json(out: &mut dyn Write, value: &impl serde::Serialize) -> anyhow::Result<()> {
    writeln!(out, "{}", serde_json::to_value(value)?)?;
    Ok(())
}

/// `game 7 (line 14), ply 7: illegal move ...`
pub fn describe(g: &LogGame, p: &Problem) -> String {
    let k = g.index();
    match p.ply {
        Some(ply) => format!("game {k} (line {}), ply {ply}: {}", p.line, p.message),
        None => format!("game {k} (line {}): {}", p.line, p.message),
    }
}

/// The summary of game `g`, the `place`-th of its log, with its verdict: one line, or one
/// JSON object.
pub fn summary(
    out: &mut dyn Write,
    place: usize,
    g: &LogGame,
    verdict: &Result<Box<dyn Position>, Problem>,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        return write_json(out, &GameSummary::new(place, g, verdict));
    }
    let r = &g.game.record;
    let verdict = match verdict {
        Ok(_) => "OK".to_string(),
        Err(p) => match p.ply {
            Some(ply) => format!("PROBLEM at ply {ply} (line {}): {}", p.line, p.message),
            None => format!("PROBLEM (line {}): {}", p.line, p.message),
        },
    };
    let id = g.id.as_deref().map_or(String::new(), |id| format!(" {id}"));
    writeln!(
        out,
        "game {}{}  {}  {} vs {}  {}  {}  {} plies  {}",
        r.game,
        escape_control(&id),
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
pub fn start(g: &LogGame) -> anyhow::Result<Box<dyn Position>> {
    verify::start_position(&g.game.record)
        .map_err(|m| anyhow!("game {} (line {}): {m}", g.index(), g.game.line))
}

/// Play move `i` (0-based) of game `g`, or fail naming the game, ply and line.
pub fn play(g: &LogGame, pos: &mut Box<dyn Position>, i: usize) -> anyhow::Result<()> {
    let (k, game) = (g.index(), &g.game);
    let mv = &game.record.moves[i];
    let line = game.move_lines.get(i).copied().unwrap_or(game.line);
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
pub fn show_ply(out: &mut dyn Write, g: &LogGame, ply: usize, json: bool) -> anyhow::Result<()> {
    let moves = &g.game.record.moves;
    if ply > moves.len() {
        bail!(
            "--ply {ply}: game {} has only {} plies",
            g.index(),
            moves.len()
        );
    }
    let mut pos = start(g)?;
    for i in 0..ply {
        play(g, &mut pos, i)?;
    }
    if json {
        let view = PlyView {
            game: g.index(),
            game_id: g.id.as_deref(),
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

/// The header lines of a game stepped through: players, ruleset, result, the reason and the
/// bots' `id` lines.
fn step_header(out: &mut dyn Write, g: &LogGame) -> anyhow::Result<()> {
    let r = &g.game.record;
    let id =
        g.id.as_deref()
            .map_or(String::new(), |id| format!(" ({id})"));
    writeln!(
        out,
        "game {}{}: {} (player 1) vs {} (player 2), {}, {} {}, {} plies",
        r.game,
        escape_control(&id),
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
    Ok(())
}

/// Every ply of one game: its move, think time and the position after it; then the final
/// board. The think time is the log's: measured to the µs in JSON lines, to 0.1 ms in a PGN.
pub fn step_through(out: &mut dyn Write, g: &LogGame, json: bool) -> anyhow::Result<()> {
    let r = &g.game.record;
    let mut pos = start(g)?;
    if json {
        write_json(out, &PlyStep::start(g, pos.format()))?;
    } else {
        step_header(out, g)?;
        writeln!(out, "ply   0  start           {}", pos.format())?;
    }
    for (i, mv) in r.moves.iter().enumerate() {
        let player = pos.side_to_move();
        play(g, &mut pos, i)?;
        let ms = r.times_ms.get(i).copied().unwrap_or(0);
        let eval = r.move_info(i).and_then(Eval::of_info).map(|e| {
            let mut s = String::new();
            e.push_to(&mut s);
            s
        });
        let us = crate::record::pgn::think_time_us(r, i).unwrap_or(0);
        if json {
            let step = PlyStep::moved(g, i + 1, (player, mv), (ms, us), eval, pos.format());
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
        if let Err(p) = g.verify() {
            writeln!(out, "PROBLEM: {}", escape_control(&describe(g, &p)))?;
        }
    }
    Ok(())
}
