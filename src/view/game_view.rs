//! One game as a page shows it: the record, the position after every ply (computed by the
//! engines), both clocks after every ply, and the bots' `info` lines.

use crate::clock::{parse_tc, Clock, TimeControl};
use crate::game::Position;
use crate::record::GameRecord;
use serde::Serialize;
use std::time::Duration;

/// At most this many characters of one `info` line, and this many bytes of info per game, go
/// into a page: a chatty bot must not make the page unusable.
const INFO_LINE_CHARS: usize = 200;
const INFO_GAME_BYTES: usize = 64 * 1024;

/// A game ready for the page's script. Short field names: a page may hold thousands of games.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's number on the page, `#g<n>` in its address: the record's own game number
    /// (the log's `game`, what `--logs` files and the schedule name it by) when every game
    /// of the input has a different one, else its 1-based place in the input.
    pub n: usize,
    /// The schedule's id of a tournament game (`r3-p2-b`), shown beside its number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The record's own game number (`GameIndex`).
    #[serde(rename = "gi")]
    pub game: u64,
    #[serde(rename = "rs")]
    pub ruleset: String,
    #[serde(rename = "w")]
    pub white: String,
    #[serde(rename = "b")]
    pub black: String,
    #[serde(rename = "r")]
    pub result: String,
    #[serde(rename = "t")]
    pub termination: String,
    #[serde(rename = "why")]
    pub reason: String,
    pub tc: String,
    #[serde(rename = "ev")]
    pub event: String,
    #[serde(rename = "rd")]
    pub round: String,
    #[serde(rename = "m")]
    pub moves: Vec<String>,
    /// Sent in digits ([`super::wire::encode_times`]).
    #[serde(rename = "ms", serialize_with = "super::wire::times")]
    pub times_ms: Vec<u64>,
    /// The player who made each ply, `1` or `2`, one character per ply; not sent when the
    /// players alternate, player 1 first.
    #[serde(rename = "by", skip_serializing_if = "super::wire::alternate")]
    pub movers: String,
    /// The position after each ply, from ply 0 (the start), without the leading ruleset id
    /// (the page puts `rs` back): `p[k]` is the position after `k` plies. Sent as changes
    /// from the position before ([`super::wire`]).
    #[serde(rename = "p", serialize_with = "super::wire::positions")]
    pub positions: Vec<String>,
    /// Game-clock time left, in ms, of player 1 and player 2 after each ply (`2k`, `2k+1`);
    /// `None` when neither player had a game clock (fixed time per move only).
    #[serde(rename = "c", skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Vec<u64>>,
    /// `(ply, player, text)`: info a bot sent while thinking about that (1-based) ply; ply 0
    /// is before its first move.
    #[serde(rename = "i", skip_serializing_if = "Vec::is_empty")]
    pub info: Vec<(usize, u8, String)>,
    /// Each ply's evaluation from player 1's side, `(centi-units, text)`, from the mover's
    /// last info line the record keeps ([`super::evals`]); empty when the record has none.
    #[serde(rename = "e", skip_serializing_if = "Vec::is_empty")]
    pub evals: Vec<Option<(i64, String)>>,
    /// `(ply, hole, player)`: each hole or cell the (1-based) ply emptied by a capture, and
    /// who took it ([`crate::game::Game::captures`]), for the board's capture marks.
    #[serde(
        rename = "x",
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "super::wire::captures"
    )]
    pub captures: Vec<(usize, String, u8)>,
    /// The engine's status of the last position (`ongoing` or `<result> <reason>`).
    #[serde(rename = "st")]
    pub status: String,
    /// The final scores of player 1 and player 2 when the rules scored the last position
    /// (Darra: the seeds left on the board go to the last capturer), for the page's note
    /// under that board (which keeps those seeds in their holes, as the rules' final position
    /// does).
    #[serde(rename = "fs", skip_serializing_if = "Option::is_none")]
    pub final_scores: Option<(u32, u32)>,
    /// Why the positions stop before the last move (a corrupt log), if they do.
    #[serde(rename = "bad", skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// The time control(s) of a record's `TimeControl` text (`10+0.1`, `movetime=100ms`, both
/// joined by `,`, `-`, or player 1's and player 2's joined by ` / `). `None` if unreadable.
pub fn parse_time_control(text: &str) -> Option<[TimeControl; 2]> {
    let one = |s: &str| -> Option<TimeControl> {
        let mut tc = TimeControl {
            clock: None,
            movetime: None,
            margin: Duration::ZERO,
            nodes: None,
            depth: None,
        };
        for part in s.split(',').map(str::trim).filter(|p| *p != "-") {
            if let Some(ms) = part
                .strip_prefix("movetime=")
                .and_then(|m| m.strip_suffix("ms"))
            {
                tc.movetime = Some(Duration::from_millis(ms.parse().ok()?));
            } else {
                tc.clock = Some(parse_tc(part).ok()?);
            }
        }
        Some(tc)
    };
    match text.split_once(" / ") {
        Some((a, b)) => Some([one(a)?, one(b)?]),
        None => one(text).map(|t| [t; 2]),
    }
}

/// Build the view of one game; `n` is its number on the page, `info` the info lines of player
/// 1 and player 2 as `(moves played before, text)` (from `--logs`; without them, the last info
/// line before each move that the record keeps, `move_infos`).
pub fn build(n: usize, rec: &GameRecord, info: [Vec<(usize, String)>; 2]) -> GameView {
    let mut positions = Vec::with_capacity(rec.moves.len() + 1);
    let mut movers = String::with_capacity(rec.moves.len());
    let mut problem = None;
    let strip = |p: &dyn Position| {
        let s = p.format();
        match s.split_once(' ') {
            Some((_, rest)) => rest.to_string(),
            None => s,
        }
    };
    let mut status = String::from("?");
    let mut final_scores = None;
    let mut captures = Vec::new();
    match crate::record::verify::start_position(rec) {
        Ok(mut pos) => {
            positions.push(strip(pos.as_ref()));
            for (i, mv) in rec.moves.iter().enumerate() {
                let mover = pos.side_to_move();
                for c in pos.captures(mv) {
                    captures.push((i + 1, c.cell, c.by.number()));
                }
                if let Err(e) = pos.play(mv) {
                    problem = Some(format!("ply {}: {e} in '{}'", i + 1, pos.format()));
                    break;
                }
                movers.push(char::from(b'0' + mover.number()));
                positions.push(strip(pos.as_ref()));
            }
            let end = pos.status();
            if let crate::outcome::Status::Over { scores, .. } = end {
                final_scores = scores;
            }
            status = end.to_string();
        }
        Err(e) => problem = Some(e.to_string()),
    }
    let clocks = clocks(rec, &movers);
    let mut evals: Vec<_> = super::evals::per_ply(&rec.move_infos, &movers)
        .into_iter()
        .map(|e| e.map(|e| (e.cp, e.text)))
        .collect();
    if evals.iter().all(Option::is_none) {
        evals.clear();
    }
    let info = if info.iter().all(Vec::is_empty) {
        recorded_info(rec, &movers)
    } else {
        info
    };
    let mut info_out = Vec::new();
    let mut bytes = 0;
    for (side, lines) in info.into_iter().enumerate() {
        for (ply, text) in lines {
            if bytes > INFO_GAME_BYTES {
                break;
            }
            let text: String = text.chars().take(INFO_LINE_CHARS).collect();
            bytes += text.len() + 8;
            info_out.push((ply + 1, side as u8 + 1, text));
        }
    }
    info_out.sort_by_key(|(ply, side, _)| (*ply, *side));
    GameView {
        n,
        id: None,
        game: rec.game,
        ruleset: rec.ruleset.clone(),
        white: rec.white.clone(),
        black: rec.black.clone(),
        result: rec.result.to_string(),
        termination: rec.termination.as_str().to_string(),
        reason: rec.reason.clone(),
        tc: rec.time_control.clone(),
        event: rec.event.clone(),
        round: rec.round.clone(),
        moves: rec.moves.clone(),
        times_ms: rec.times_ms.clone(),
        movers,
        positions,
        clocks,
        info: info_out,
        evals,
        captures,
        status,
        final_scores,
        problem,
    }
}

/// Both game clocks after every ply (player 1's and player 2's after ply `k` at `2k`, `2k+1`),
/// booked as the referee booked them ([`Clock::charge`]); `movers` is `1` or `2` for each ply.
/// `None` when neither player had a game clock.
pub fn clocks(rec: &GameRecord, movers: &str) -> Option<Vec<u64>> {
    let tc = parse_time_control(&rec.time_control)?;
    if tc.iter().all(|t| t.clock.is_none()) {
        return None;
    }
    let mut clock = Clock::per_player(tc);
    let ms = |c: &Clock, p| crate::clock::millis(c.remaining(p));
    let mut out = vec![ms(&clock, 0), ms(&clock, 1)];
    for (i, who) in movers.bytes().enumerate() {
        let p = usize::from(who - b'1');
        let used = rec.times_ms.get(i).copied().unwrap_or(0);
        // A pass played by the referee costs nothing and earns no increment.
        if rec.moves[i] != "pass" || used > 0 {
            clock.charge(p, Duration::from_millis(used));
        }
        out.push(ms(&clock, 0));
        out.push(ms(&clock, 1));
    }
    Some(out)
}

/// The info lines a record keeps (`move_infos`: the mover's last one before each move), as
/// `--logs` gives them: per player, `(moves played before, text)`.
fn recorded_info(rec: &GameRecord, movers: &str) -> [Vec<(usize, String)>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    for (ply, (info, who)) in rec.move_infos.iter().zip(movers.bytes()).enumerate() {
        if let Some(text) = info {
            out[usize::from(who - b'1')].push((ply, text.clone()));
        }
    }
    out
}

/// Each game's number on the page ([`GameView::n`]): the records' own numbers when they are
/// all different and not 0, else 1, 2, 3... in input order.
pub fn page_numbers(records: &[GameRecord]) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    let own = records
        .iter()
        .all(|r| r.game > 0 && usize::try_from(r.game).is_ok() && seen.insert(r.game));
    records
        .iter()
        .enumerate()
        .map(|(i, r)| if own { r.game as usize } else { i + 1 })
        .collect()
}

/// Views of all the games; `info` holds the lines of a `--logs DIR` ([`super::load::read_info`]).
pub fn build_games(records: &[GameRecord], info: Option<super::load::InfoLines>) -> Vec<GameView> {
    let mut info = info.unwrap_or_default();
    records
        .iter()
        .zip(page_numbers(records))
        .map(|(r, n)| {
            let mut take = |side| info.remove(&(r.game, side)).unwrap_or_default();
            build(n, r, [take(0), take(1)])
        })
        .collect()
}

/// Give the games of a tournament log their schedule ids (`games` built from `log`'s games,
/// in its order).
pub fn set_ids(games: &mut [GameView], log: &crate::tournament::log::reader::GamesLog) {
    for (view, line) in games.iter_mut().zip(&log.games) {
        view.id = Some(line.game_id.clone());
    }
}
