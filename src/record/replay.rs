//! A log's games replayed, as typed values: what `baraza replay --json` prints
//! (`docs/json.md`): a game's summary with its verdict, each ply of one game, the board at a
//! ply. The JSON printer sorts the keys of every object, so the order of the fields here is
//! free.

use crate::game::{Player, Position, Status};
use crate::outcome::GameResult;
use crate::record::log_games::LogGame;
use crate::record::verify::Problem;
use crate::record::Termination;
use serde::Serialize;

/// One game of the log and its verdict (`replay LOG --json`, one per game).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSummary<'a> {
    /// The game's own number: its `GameIndex` tag (a JSON line's `game`), what `--game` takes.
    pub game: u64,
    /// The same (version 1 of this output had `game` for the place in the file).
    pub game_index: u64,
    /// The schedule's id (`r1-p4-a`), when the log holds it (games.jsonl).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_id: Option<&'a str>,
    /// The game's place in the file, from 1.
    pub place: usize,
    /// The line of its first tag (its line in JSON lines).
    pub line: usize,
    pub ruleset: &'a str,
    pub white: &'a str,
    pub black: &'a str,
    pub result: GameResult,
    pub termination: Termination,
    pub reason: &'a str,
    /// Its `PlyCount` tag.
    pub plies: usize,
    /// How many moves its movetext holds.
    pub moves: usize,
    pub start: &'a str,
    pub ok: bool,
    /// The position after the last move (only when the game re-judges without a problem).
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_position: Option<String>,
    /// Its status (only with `final`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    /// The first inconsistency, `null` when none.
    pub problem: Option<&'a Problem>,
}

impl<'a> GameSummary<'a> {
    /// Game `g`, the `place`-th of its log (from 1), and its verdict: the final position, or
    /// the first problem.
    pub fn new(
        place: usize,
        g: &'a LogGame,
        verdict: &'a Result<Box<dyn Position>, Problem>,
    ) -> GameSummary<'a> {
        let r = &g.game.record;
        let (final_position, status, problem) = match verdict {
            Ok(pos) => (Some(pos.format()), Some(pos.status()), None),
            Err(p) => (None, None, Some(p)),
        };
        GameSummary {
            game: r.game,
            game_index: r.game,
            game_id: g.id.as_deref(),
            place,
            line: g.game.line,
            ruleset: &r.ruleset,
            white: &r.white,
            black: &r.black,
            result: r.result,
            termination: r.termination,
            reason: &r.reason,
            plies: r.plies,
            moves: r.moves.len(),
            start: &r.start,
            ok: verdict.is_ok(),
            final_position,
            status,
            problem,
        }
    }
}

/// One ply of a game stepped through (`replay LOG --game K --json`, one per ply): ply 0 is the
/// start (no move, player or time), then each move with who made it, its think time, the
/// mover's score if it gave one, and the position after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyStep<'a> {
    /// The game's own number (`GameIndex`).
    pub game: u64,
    /// The schedule's id, when the log holds it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_id: Option<&'a str>,
    pub ply: usize,
    /// `null` at ply 0.
    #[serde(rename = "move")]
    pub mv: Option<&'a str>,
    /// The mover: 1 or 2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    /// The think time in µs as the log holds it: measured, from JSON lines; to the PGN's
    /// 0.1 ms, from a PGN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_us: Option<u64>,
    /// The mover's score from its info line, as the log's comment holds it: `+0.25/12`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eval: Option<String>,
    pub position: String,
}

impl<'a> PlyStep<'a> {
    /// Ply 0: the start position of game `g`.
    pub fn start(g: &'a LogGame, position: String) -> PlyStep<'a> {
        PlyStep {
            game: g.index(),
            game_id: g.id.as_deref(),
            ply: 0,
            mv: None,
            player: None,
            time_ms: None,
            time_us: None,
            eval: None,
            position,
        }
    }

    /// Ply `ply` (from 1): `player` played `mv` in `time_us` µs (`time_ms` as the record keeps
    /// it), leading to `position`.
    pub fn moved(
        g: &'a LogGame,
        ply: usize,
        (player, mv): (Player, &'a str),
        (time_ms, time_us): (u64, u64),
        eval: Option<String>,
        position: String,
    ) -> PlyStep<'a> {
        PlyStep {
            game: g.index(),
            game_id: g.id.as_deref(),
            ply,
            mv: Some(mv),
            player: Some(player.number()),
            time_ms: Some(time_ms),
            time_us: Some(time_us),
            eval,
            position,
        }
    }
}

/// The board of game `k` after `ply` plies (`replay LOG --game K --ply N --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyView<'a> {
    /// The game's own number (`GameIndex`).
    pub game: u64,
    /// The schedule's id, when the log holds it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_id: Option<&'a str>,
    pub ply: usize,
    /// The move that led here, `null` at ply 0.
    #[serde(rename = "move")]
    pub mv: Option<&'a str>,
    pub position: String,
    pub status: Status,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::log_games::{LogGames, LogKind};

    /// A resignation after two plies; `result` is its result (player 1 was to move: `0-1`
    /// is right, `1-0` a problem).
    fn log(result: &str) -> String {
        format!(
            "[Event \"t\"]\n[Site \"?\"]\n[Date \"2026.12.02\"]\n[Round \"1\"]\n[White \"a\"]\n\
             [Black \"b\"]\n[Result \"{result}\"]\n[Ruleset \"darra\"]\n[TimeControl \"-\"]\n\
             [Termination \"resignation\"]\n[PlyCount \"2\"]\n[Seed \"0\"]\n[GameIndex \"7\"]\n\
             [Reason \"r\"]\n\n1. 1A {{5ms}} 2B {{7.5ms +0.25/3}} {result}\n\n"
        )
    }

    /// The one game of `text`.
    fn game(text: &str) -> LogGame {
        LogGames::new(text.as_bytes())
            .unwrap()
            .next_game()
            .unwrap()
            .unwrap()
    }

    /// As the JSON printer writes it (keys sorted).
    fn json(v: &impl Serialize) -> String {
        serde_json::to_value(v).unwrap().to_string()
    }

    // The expected lines are what `baraza replay --json` printed for these logs before the
    // structs (built with `json!`), with version 2's `game` (the GameIndex) and `place`.
    #[test]
    fn a_summary_has_the_final_position_or_the_problem() {
        let g = game(&log("0-1"));
        let verdict = g.verify();
        assert_eq!(
            json(&GameSummary::new(1, &g, &verdict)),
            r#"{"black":"b","final":"darra 0,5,5,5,5,4/4,0,5,5,5,5 1 0 0 - 2","game":7,"game_index":7,"line":1,"moves":2,"ok":true,"place":1,"plies":2,"problem":null,"reason":"r","result":"0-1","ruleset":"darra","start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","status":{"status":"ongoing"},"termination":"resignation","white":"a"}"#
        );
        let mut g = game(&log("1-0"));
        g.id = Some("r1-p4-a".into());
        let verdict = g.verify();
        assert_eq!(
            json(&GameSummary::new(3, &g, &verdict)),
            r#"{"black":"b","game":7,"game_id":"r1-p4-a","game_index":7,"line":1,"moves":2,"ok":false,"place":3,"plies":2,"problem":{"line":16,"message":"Result 1-0 but a resignation needs 0-1 (player 1 was to move)","ply":2},"reason":"r","result":"1-0","ruleset":"darra","start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","termination":"resignation","white":"a"}"#
        );
    }

    #[test]
    fn a_step_has_its_mover_and_time_after_the_start() {
        let mut g = game(&log("0-1"));
        let start = PlyStep::start(&g, "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0".into());
        assert_eq!(
            json(&start),
            r#"{"game":7,"move":null,"ply":0,"position":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0"}"#
        );
        let pos = "darra 0,5,5,5,5,4/4,0,5,5,5,5 1 0 0 - 2";
        let second = (Player::Two, "2B");
        (g.id, g.kind) = (Some("r2-p1-b".into()), LogKind::Jsonl);
        let step = PlyStep::moved(&g, 2, second, (7, 7500), Some("+0.25/3".into()), pos.into());
        assert_eq!(
            json(&step),
            r#"{"eval":"+0.25/3","game":7,"game_id":"r2-p1-b","move":"2B","player":2,"ply":2,"position":"darra 0,5,5,5,5,4/4,0,5,5,5,5 1 0 0 - 2","time_ms":7,"time_us":7500}"#
        );
        let view = PlyView {
            game: 1,
            game_id: None,
            ply: 0,
            mv: None,
            position: "p".into(),
            status: Status::Ongoing,
        };
        assert_eq!(
            json(&view),
            r#"{"game":1,"move":null,"ply":0,"position":"p","status":{"status":"ongoing"}}"#
        );
    }
}
