//! A bot's own words in the logs, with real bot processes: the last `info` line before each of
//! its moves (JSONL `move_infos`, the PGN move comment's score), its `id name` / `id author`
//! (JSONL fields, PGN tags, `replay --game` escaped), and what `replay --verify` says of it.

use crate::support::*;
use baraza::record::GameRecord;
use serde_json::{json, Value};

/// The last info line `tests/bots/info_bot.sh` sends on its `n`-th turn, `mv` being its move.
fn info_bot_line(n: u64, mv: &str) -> Option<String> {
    match n % 3 {
        1 => Some(format!(
            "depth {n} score cp {} nodes {} nps 5000 pv {mv}",
            25 * n as i64 - 50,
            100 * n
        )),
        2 => Some(format!("score win {n} depth {n}")),
        _ => Some("thinking".to_string()),
    }
}

/// What the PGN comment keeps of that line, and what a record read back from the PGN holds.
fn info_bot_eval(n: u64) -> Option<(String, String)> {
    match n % 3 {
        1 => {
            let cp = 25 * n as i64 - 50;
            let sign = if cp > 0 {
                "+"
            } else if cp < 0 {
                "-"
            } else {
                ""
            };
            let a = cp.unsigned_abs();
            Some((
                format!("{sign}{}.{:02}/{n}", a / 100, a % 100),
                format!("depth {n} score cp {cp}"),
            ))
        }
        2 => Some((format!("+M{n}/{n}"), format!("depth {n} score win {n}"))),
        _ => None,
    }
}

const AUTHOR: &str = "A. \"Q\" \\ W\u{1b}[31m";

#[test]
fn the_last_info_before_each_move_and_the_ids_reach_jsonl_pgn_and_replay() {
    let dir = temp_dir("bot-words");
    let (jsonl, pgn) = (dir.join("games.jsonl"), dir.join("games.pgn"));
    let run = Match::new("darra", INFO_BOT, FIRST_BOT)
        .games(2)
        .max_plies(8)
        .jsonl(&jsonl)
        .pgn(&pgn)
        .played();
    let games = run.records(2);
    // The info bot's process plays both games (kept between games): its turn count goes on.
    let mut n = 0;
    for (g, rec) in games.iter().enumerate() {
        let moves: Vec<&str> = rec["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(moves.len(), 8, "{rec}");
        let info_side = g; // player 1 in game 1, player 2 in game 2
        let want: Vec<Value> = (0..8)
            .map(|ply| {
                if ply % 2 == info_side {
                    n += 1;
                    json!(info_bot_line(n, moves[ply]))
                } else {
                    Value::Null
                }
            })
            .collect();
        assert_eq!(rec["move_infos"], json!(want), "game {}", g + 1);
        let (bot, other) = if g == 0 {
            ("white", "black")
        } else {
            ("black", "white")
        };
        assert_eq!(rec[format!("{bot}_id_name")], "info-bot");
        assert_eq!(rec[format!("{bot}_id_author")], AUTHOR);
        assert_eq!(rec[format!("{other}_id_name")], "first");
        assert!(
            rec.get(format!("{other}_id_author")).is_none(),
            "no author line, no field: {rec}"
        );
    }

    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[WhiteIdName \"info-bot\"]\n[WhiteIdAuthor \"A. \\\"Q\\\" \\\\ W\\u{1b}[31m\"]\n[BlackIdName \"first\"]\n\n"), "{text}");
    assert!(!text.contains('\u{1b}'), "the ESC is escaped in the tag");
    let (game1, game2) = text.split_once("\n\n[Event").unwrap();
    assert!(!game1.contains("BlackIdAuthor"), "{game1}");
    assert!(game2.contains("[WhiteIdName \"first\"]\n[BlackIdName \"info-bot\"]\n[BlackIdAuthor \"A. \\\"Q\\\" \\\\ W\\u{1b}[31m\"]\n\n"), "{game2}");
    // The comments of game 1, in order: the info bot's with its eval, the other's time only.
    let movetext1 = game1.split_once("\n\n").unwrap().1;
    let comments: Vec<&str> = movetext1
        .split('{')
        .skip(1)
        .map(|c| c.split('}').next().unwrap())
        .collect();
    assert_eq!(comments.len(), 8);
    for (ply, c) in comments.iter().enumerate() {
        let words: Vec<&str> = c.split(' ').collect();
        assert!(words[0].ends_with("ms"), "{c}");
        let want = if ply % 2 == 0 {
            info_bot_eval(ply as u64 / 2 + 1).map(|e| e.0)
        } else {
            None
        };
        assert_eq!(words.get(1).map(|w| w.to_string()), want, "ply {ply}: {c}");
        assert!(words.len() <= 2, "{c}");
    }

    // Read back: the evals as structured info texts, the ids as sent.
    let back: Vec<GameRecord> = baraza::record::pgn::parse_pgn(&text).unwrap();
    let mut n = 0;
    for (g, rec) in back.iter().enumerate() {
        let want: Vec<Option<String>> = (0..8)
            .map(|ply| {
                (ply % 2 == g)
                    .then(|| {
                        n += 1;
                        info_bot_eval(n).map(|e| e.1)
                    })
                    .flatten()
            })
            .collect();
        assert_eq!(rec.move_infos, want, "game {}", g + 1);
        let (name, author) = rec.ids(g as u8 + 1);
        assert_eq!((name, author), (Some("info-bot"), Some(AUTHOR)));
        assert_eq!(rec.ids(2 - g as u8), (Some("first"), None));
    }

    let verify = std::process::Command::new(exe())
        .args(["replay", pgn.to_str().unwrap(), "--verify"])
        .output()
        .unwrap();
    assert!(verify.status.success(), "{verify:?}");
    assert!(String::from_utf8_lossy(&verify.stdout).starts_with("OK: 2 games, 16 plies"));

    let shown = std::process::Command::new(exe())
        .args(["replay", pgn.to_str().unwrap(), "--game", "1"])
        .output()
        .unwrap();
    assert!(shown.status.success());
    let shown = String::from_utf8(shown.stdout).unwrap();
    assert!(
        !shown.contains('\u{1b}'),
        "no raw ESC on the terminal: {shown}"
    );
    assert!(
        shown.contains("player 1 id name 'info-bot', id author 'A. \"Q\" \\\\ W\\x1b[31m'\n"),
        "{shown}"
    );
    assert!(shown.contains("player 2 id name 'first'\n"), "{shown}");
    let ply1 = shown.lines().find(|l| l.starts_with("ply   1 ")).unwrap();
    assert!(ply1.ends_with("  eval -0.25/1"), "{ply1}");
    let ply2 = shown.lines().find(|l| l.starts_with("ply   2 ")).unwrap();
    assert!(!ply2.contains("eval"), "{ply2}");
    let ply3 = shown.lines().find(|l| l.starts_with("ply   3 ")).unwrap();
    assert!(ply3.ends_with("  eval +M2/2"), "{ply3}");
}

#[test]
fn a_forced_pass_gets_no_info_and_the_next_real_move_gets_the_bots_line() {
    // Player 1's 5A empties player 2's row: the referee plays player 2's pass without asking
    // it; player 2's first turn is ply 4.
    let dir = temp_dir("bot-words-pass");
    let jsonl = dir.join("games.jsonl");
    let run = Match::new("darra", FIRST_BOT, INFO_BOT)
        .start("darra 0,0,0,0,2,7/3,0,0,0,0,0 1 16 20 2 4")
        .max_plies(4)
        .jsonl(&jsonl)
        .played();
    let rec = &run.all_records()[0];
    assert_eq!(rec["moves"][0], "5A");
    assert_eq!(rec["moves"][1], "pass");
    let mv = rec["moves"][3].as_str().unwrap();
    assert_eq!(
        rec["move_infos"],
        json!([null, null, null, info_bot_line(1, mv)])
    );
}

#[test]
fn a_game_without_info_lines_has_no_move_infos_field() {
    let dir = temp_dir("bot-words-none");
    let jsonl = dir.join("games.jsonl");
    let run = Match::new("darra", FIRST_BOT, FIRST_BOT)
        .max_plies(4)
        .jsonl(&jsonl)
        .played();
    let rec = &run.all_records()[0];
    assert!(rec.get("move_infos").is_none(), "{rec}");
    assert_eq!(rec["white_id_name"], "first");
}

#[test]
fn a_tournament_logs_every_info_line_of_a_game_per_bot() {
    let dir = temp_dir("bot-words-tournament");
    let out = dir.join("run");
    let (info, first) = (format!("info={INFO_BOT}"), format!("first={FIRST_BOT}"));
    // One game at a time: the per-bot log takes games in the order they end.
    let status = tournament("darra", &[&info, &first])
        .quiet()
        .max_plies(4)
        .concurrency(1)
        .out(&out)
        .process()
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let log = std::fs::read_to_string(out.join("info/info.log")).unwrap();
    // Two games, the info bot's two turns in each (plies 0 and 2 as player 1, 1 and 3 as
    // player 2), each turn's two lines.
    let header1 = log.lines().next().unwrap();
    assert!(header1.starts_with("--- game 1 "), "{log}");
    assert!(header1.ends_with("info is player 1 ---"), "{log}");
    let lines: Vec<&str> = log.lines().filter(|l| !l.starts_with("---")).collect();
    let want_plies = ["0", "0", "2", "2", "1", "1", "3", "3"];
    assert_eq!(lines.len(), 8, "{log}");
    for (k, l) in lines.iter().enumerate() {
        let (ply, text) = l.split_once(' ').unwrap();
        assert_eq!(ply, want_plies[k], "{l}");
        if k % 2 == 0 {
            assert_eq!(text, "depth 1 score cp 999");
        } else if k < 4 {
            // Game 1 is the process's first: its turns 1 and 2.
            let n = k as u64 / 2 + 1;
            let mv_free = info_bot_line(n, "").unwrap();
            assert!(text.starts_with(mv_free.trim_end()), "{text} vs {mv_free}");
        }
    }
    assert_eq!(log.matches("--- game ").count(), 2);
    assert!(!out.join("info/first.log").exists(), "no info, no log");
}
