//! `baraza replay`: logs built by playing legal moves with the engines verify cleanly; hand-
//! edited logs are caught, naming the game and ply; `--game/--ply` shows the board that
//! `baraza rules apply` + `baraza rules show` give independently.

use crate::support::baraza;
use assert_cmd::Command;
use baraza::games;
use baraza::outcome::Termination;
use baraza::record::pgn::write_pgn;
use baraza::record::GameRecord;
use std::path::PathBuf;

const START: &str = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";
/// Spec example E10: 6A ends the game 0-1 (20-28).
const E10: &str = "darra 0,0,0,0,0,2/3,0,0,0,2,1 1 20 20 1 7";
const E10_AFTER: &str = "darra 0,0,0,0,0,0/0,1,0,0,2,1 2 20 24 2 0";
/// Spec example E1: the start after 6A.
const E1_AFTER: &str = "darra 4,4,4,4,4,0/5,5,5,5,4,4 2 0 0 - 1";

fn record(game: u64, start: &str, moves: &[&str], result: &str, term: Termination) -> GameRecord {
    GameRecord {
        game,
        ruleset: start.split(' ').next().unwrap().into(),
        white: "alpha".into(),
        black: "beta".into(),
        result: result.parse().unwrap(),
        termination: term,
        reason: "test".into(),
        plies: moves.len(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        times_ms: (0..moves.len() as u64).map(|i| i * 3 + 1).collect(),
        times_us: (0..moves.len() as u64)
            .map(|i| (i * 3 + 1) * 1000)
            .collect(),
        start: start.into(),
        seed: 5,
        time_control: "movetime=100ms".into(),
        event: "replay test".into(),
        site: "ci".into(),
        date: "2026.11.29".into(),
        round: game.to_string(),
        ..Default::default()
    }
}

/// Play a whole game from `start` with the engine, choosing move `(7 * ply + 3) % n` of the
/// `n` legal ones, and record it as a normal game with the engine's result.
fn engine_game(game: u64, start: &str) -> GameRecord {
    let mut pos = games::parse_position(start).unwrap();
    let mut moves = Vec::new();
    while !pos.status().is_over() {
        let legal = pos.legal();
        let mv = legal[(7 * moves.len() + 3) % legal.len()].clone();
        pos.play(&mv).unwrap();
        moves.push(mv);
        assert!(moves.len() < 5000, "game does not end");
    }
    let result = match pos.status() {
        baraza::game::Status::Over { outcome, .. } => outcome.as_str(),
        _ => unreachable!(),
    };
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    record(game, start, &moves, result, Termination::Normal)
}

/// The four games of the test log, each written on its own (so a test can edit one).
fn games_text() -> Vec<String> {
    let recs = [
        engine_game(1, START),
        record(2, E10, &["6A"], "0-1", Termination::Normal),
        // After 6A 1B player 1 is to move: a time forfeit is player 1's, so 0-1.
        record(3, START, &["6A", "1B"], "0-1", Termination::TimeForfeit),
        {
            let mut r = engine_game(4, "dara ....../....../....../....../...... 1 12 12 0");
            // Stop it after 9 plies and call it an adjudicated draw.
            r.moves.truncate(9);
            r.times_ms.truncate(9);
            r.plies = 9;
            r.result = "1/2-1/2".parse().unwrap();
            r.termination = Termination::Adjudication;
            r
        },
    ];
    recs.iter()
        .map(|r| {
            let mut buf = Vec::new();
            write_pgn(&mut buf, r).unwrap();
            String::from_utf8(buf).unwrap()
        })
        .collect()
}

fn write_log(name: &str, games: &[String]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("baraza-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.pgn"));
    std::fs::write(&path, games.concat()).unwrap();
    path
}

/// Replace `from` (which must occur exactly once) in game `k` (1-based).
fn edit(games: &mut [String], k: usize, from: &str, to: &str) {
    let g = &mut games[k - 1];
    assert_eq!(g.matches(from).count(), 1, "'{from}' in game {k}:\n{g}");
    *g = g.replace(from, to);
}

/// Run `replay --verify` on the edited log; it must fail with one stderr line containing
/// every one of `needles`.
fn verify_fails(name: &str, games: &[String], needles: &[&str]) {
    let path = write_log(name, games);
    let out = baraza()
        .arg("replay")
        .arg(&path)
        .arg("--verify")
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{name}: {err}");
    assert_eq!(err.lines().count(), 1, "{name}: one line: {err}");
    for n in needles {
        assert!(err.contains(n), "{name}: '{n}' not in: {err}");
    }
}

#[test]
fn a_log_of_legal_games_verifies() {
    let path = write_log("good", &games_text());
    let out = baraza()
        .arg("replay")
        .arg(&path)
        .arg("--verify")
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("OK: 4 games, "), "{text}");
}

#[test]
fn summary_has_one_line_per_game() {
    let path = write_log("summary", &games_text());
    let out = baraza().arg("replay").arg(&path).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines.iter().all(|l| l.ends_with("  OK")), "{text}");
    assert!(lines[1].starts_with("game 2  darra  alpha vs beta  0-1  normal  1 plies"));
    assert!(lines[2].contains("0-1  time forfeit  2 plies"));
    assert!(lines[3].contains("dara  alpha vs beta  1/2-1/2  adjudication  9 plies"));
}

#[test]
fn summary_reports_a_problem_without_failing() {
    let mut games = games_text();
    edit(&mut games, 3, "1B {4ms}", "2A {4ms}");
    let path = write_log("summary-problem", &games);
    let out = baraza().arg("replay").arg(&path).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let line3 = text.lines().nth(2).unwrap();
    assert!(line3.contains("PROBLEM at ply 2"), "{line3}");
    assert!(line3.contains("illegal move '2A'"), "{line3}");
}

#[test]
fn json_has_one_object_per_game() {
    let path = write_log("json", &games_text());
    let out = baraza()
        .arg("replay")
        .arg(&path)
        .arg("--json")
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r["ok"] == true));
    assert_eq!(rows[1]["game"], 2);
    assert_eq!(rows[1]["final"], E10_AFTER);
    assert_eq!(rows[1]["status"]["result"], "0-1");
    assert_eq!(rows[1]["status"]["scores"], serde_json::json!([20, 28]));
    assert_eq!(rows[2]["termination"], "time forfeit");
    // 1B from E1: five seeds into 2B..6B, none making exactly 4.
    assert_eq!(rows[2]["final"], "darra 4,4,4,4,4,0/0,6,6,6,5,5 1 0 0 - 2");
}

#[test]
fn an_illegal_move_is_caught() {
    // Made in the record: ply 5 of game 1 is player 1's (plies alternate, passes included),
    // and row B is player 2's.
    let mut rec = engine_game(1, START);
    rec.moves[4] = "1B".into();
    let mut buf = Vec::new();
    write_pgn(&mut buf, &rec).unwrap();
    let mut games = games_text();
    games[0] = String::from_utf8(buf).unwrap();
    verify_fails(
        "illegal-rec",
        &games,
        &["game 1 ", "ply 5:", "illegal move '1B'"],
    );

    // Edited by hand: player 2 answers 6A with 2A, a hole of player 1's.
    let mut games = games_text();
    edit(&mut games, 3, "1B {4ms}", "2A {4ms}");
    verify_fails(
        "illegal-hand",
        &games,
        &["game 3 ", "ply 2:", "illegal move '2A'"],
    );
    // Showing a board past it fails the same way, in one line naming the file.
    let path = write_log("illegal-hand-ply", &games);
    let out = baraza()
        .arg("replay")
        .arg(&path)
        .args(["--game", "3", "--ply", "2"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let file = path.display().to_string();
    for n in [file.as_str(), "game 3 ", "ply 2:", "2A"] {
        assert!(err.contains(n), "'{n}' not in: {err}");
    }

    // Not a move at all.
    let mut games = games_text();
    edit(&mut games, 3, "1B {4ms}", "7B {4ms}");
    verify_fails("malformed-move", &games, &["game 3 ", "ply 2:", "'7B'"]);
}

#[test]
fn a_changed_result_is_caught() {
    let mut games = games_text();
    edit(&mut games, 2, "[Result \"0-1\"]", "[Result \"1-0\"]");
    edit(&mut games, 2, "{1ms}\n0-1", "{1ms}\n1-0");
    verify_fails(
        "result",
        &games,
        &[
            "game 2 ",
            "ply 1:",
            "Result 1-0 but the final position is 0-1 end 20-28",
        ],
    );
    // A time forfeit that makes the wrong player lose: player 1 was to move.
    let mut games = games_text();
    edit(&mut games, 3, "[Result \"0-1\"]", "[Result \"1-0\"]");
    edit(&mut games, 3, "{4ms}\n0-1", "{4ms}\n1-0");
    verify_fails("forfeit-loser", &games, &["game 3 ", "ply 2:", "needs 0-1"]);
    // Only the tag edited: the log contradicts itself, a parse error on the result's line.
    let mut games = games_text();
    edit(&mut games, 2, "[Result \"0-1\"]", "[Result \"1/2-1/2\"]");
    let tag_lines = games[0].lines().count();
    // Game 2: 15 tags (Position included, no SetUp), a blank line, its movetext line, then
    // its result.
    verify_fails(
        "result-tag-only",
        &games,
        &[&format!("line {}:", tag_lines + 18)],
    );
}

#[test]
fn a_wrong_termination_is_caught() {
    let mut games = games_text();
    edit(&mut games, 2, "\"normal\"", "\"time forfeit\"");
    verify_fails(
        "term-over",
        &games,
        &[
            "game 2 ",
            "ply 1:",
            "Termination time forfeit but the game had ended",
        ],
    );
    let mut games = games_text();
    edit(&mut games, 3, "\"time forfeit\"", "\"normal\"");
    verify_fails(
        "term-normal",
        &games,
        &[
            "game 3 ",
            "ply 2:",
            "Termination normal but the final position is not over",
        ],
    );
    let mut games = games_text();
    edit(&mut games, 4, "\"adjudication\"", "\"normal\"");
    verify_fails(
        "term-adjudicated",
        &games,
        &["game 4 ", "ply 9:", "not over"],
    );
}

#[test]
fn moves_after_the_end_are_caught() {
    let mut games = games_text();
    edit(&mut games, 2, "6A {1ms}\n0-1", "6A {1ms} 1B {2ms}\n0-1");
    edit(&mut games, 2, "[PlyCount \"1\"]", "[PlyCount \"2\"]");
    verify_fails(
        "after-end",
        &games,
        &[
            "game 2 ",
            "ply 2:",
            "move '1B' is played after the game ended (0-1 end 20-28)",
        ],
    );
}

#[test]
fn a_missing_tag_is_caught() {
    let mut games = games_text();
    edit(&mut games, 3, "[Seed \"5\"]\n", "");
    verify_fails("missing", &games, &["game 3 ", "missing tag Seed"]);
    let mut games = games_text();
    edit(&mut games, 1, "[Termination \"normal\"]\n", "");
    edit(&mut games, 1, "[White \"alpha\"]\n", "");
    verify_fails(
        "missing2",
        &games,
        &["game 1 ", "missing tags White, Termination"],
    );
}

#[test]
fn a_wrong_ply_count_is_caught() {
    let mut games = games_text();
    edit(&mut games, 3, "[PlyCount \"2\"]", "[PlyCount \"3\"]");
    verify_fails(
        "plycount",
        &games,
        &["game 3 ", "PlyCount is 3 but the movetext has 2 moves"],
    );
}

#[test]
fn the_first_problem_in_file_order_is_named() {
    let mut games = games_text();
    edit(&mut games, 3, "[PlyCount \"2\"]", "[PlyCount \"3\"]");
    edit(&mut games, 2, "\"normal\"", "\"crash\"");
    verify_fails("first", &games, &["game 2 ", "ply 1:"]);
}

#[test]
fn a_malformed_log_is_one_line_naming_the_line() {
    let mut games = games_text();
    edit(&mut games, 1, "[Site \"ci\"]", "[Site \"ci\"");
    for flags in [&["--verify"][..], &[][..], &["--json"][..]] {
        let path = write_log("malformed", &games);
        let out = baraza()
            .arg("replay")
            .arg(&path)
            .args(flags)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("malformed.pgn: line 2:"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn ply_shows_the_board_of_rules_apply() {
    let path = write_log("ply", &games_text());
    // Game 3 after one ply: spec example E1, worked out by hand there.
    let shown = stdout_of(
        baraza()
            .arg("replay")
            .arg(&path)
            .args(["--game", "3", "--ply", "1"]),
    );
    assert_eq!(shown.lines().next().unwrap(), E1_AFTER);
    let want = stdout_of(baraza().args(["rules", "show", E1_AFTER]));
    assert_eq!(shown, want);
    // Ply 0 is the start.
    let shown = stdout_of(
        baraza()
            .arg("replay")
            .arg(&path)
            .args(["--game", "3", "--ply", "0"]),
    );
    assert_eq!(shown.lines().next().unwrap(), START);

    // Game 1 at several plies, against `rules apply` of the same moves.
    let rec = engine_game(1, START);
    for ply in [1, 2, 17, rec.moves.len()] {
        let applied = stdout_of(
            baraza()
                .args(["rules", "apply", START])
                .args(&rec.moves[..ply]),
        );
        let want = stdout_of(baraza().args(["rules", "show", applied.trim_end()]));
        let shown = stdout_of(baraza().arg("replay").arg(&path).args([
            "--game",
            "1",
            "--ply",
            &ply.to_string(),
        ]));
        assert_eq!(shown, want, "ply {ply}");
    }
}

#[test]
fn ply_json_and_errors() {
    let path = write_log("ply-json", &games_text());
    let text = stdout_of(
        baraza()
            .arg("replay")
            .arg(&path)
            .args(["--game", "2", "--ply", "1", "--json"]),
    );
    let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(v["position"], E10_AFTER);
    assert_eq!(v["move"], "6A");
    assert_eq!(v["status"]["status"], "over");

    let fails = |args: &[&str], needle: &str| {
        let out = baraza()
            .arg("replay")
            .arg(&path)
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    };
    fails(&["--game", "2", "--ply", "2"], "game 2 has only 1 plies");
    fails(&["--game", "5"], "the log's 4 games are numbered 1 to 4");
    fails(&["--game", "0"], "no game is numbered 0");
    fails(&["--ply", "1"], "--ply needs --game");
}

#[test]
fn stepping_through_a_game() {
    let path = write_log("step", &games_text());
    let text = stdout_of(baraza().arg("replay").arg(&path).args(["--game", "3"]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with(
        "game 3: alpha (player 1) vs beta (player 2), darra, 0-1 time forfeit, 2 plies"
    ));
    assert!(
        text.contains(&format!("ply   1  p1 6A          1ms  {E1_AFTER}\n")),
        "{text}"
    );
    // 1B from E1: 5 seeds into 2B..6B, none reaching exactly 4.
    let after = "darra 4,4,4,4,4,0/0,6,6,6,5,5 1 0 0 - 2";
    assert!(
        text.contains(&format!("ply   2  p2 1B          4ms  {after}\n")),
        "{text}"
    );
    let board = stdout_of(baraza().args(["rules", "show", after]));
    // The final board is drawn (the drawing is `rules show` without its first line).
    assert!(text.ends_with(board.split_once('\n').unwrap().1), "{text}");

    let text = stdout_of(
        baraza()
            .arg("replay")
            .arg(&path)
            .args(["--game", "3", "--json"]),
    );
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["position"], START);
    assert_eq!(rows[2]["move"], "1B");
    assert_eq!(rows[2]["player"], 2);
    assert_eq!(rows[2]["time_ms"], 4);
    assert_eq!(rows[2]["position"], after);
}

#[test]
fn verify_one_game_only() {
    let mut games = games_text();
    edit(&mut games, 3, "[PlyCount \"2\"]", "[PlyCount \"3\"]");
    let path = write_log("one", &games);
    baraza()
        .arg("replay")
        .arg(&path)
        .args(["--game", "2", "--verify"])
        .assert()
        .success();
    baraza()
        .arg("replay")
        .arg(&path)
        .args(["--game", "3", "--verify"])
        .assert()
        .code(1);
}

#[test]
fn unknown_rulesets_and_mismatched_start_positions_are_caught() {
    let mut games = games_text();
    edit(&mut games, 4, "[Ruleset \"dara\"]", "[Ruleset \"chess\"]");
    verify_fails("chess", &games, &["game 4 ", "unknown ruleset 'chess'"]);

    // Game 2 starts from a Darra position but claims to be Dara.
    let mut games = games_text();
    edit(&mut games, 2, "[Ruleset \"darra\"]", "[Ruleset \"dara\"]");
    verify_fails("mismatch", &games, &["game 2 ", "start position"]);

    // SetUp "1" without the position it announces (logs before SetUp was dropped wrote both
    // tags; a SetUp alone is still refused).
    let mut games = games_text();
    edit(
        &mut games,
        2,
        &format!("[Position \"{E10}\"]\n"),
        "[SetUp \"1\"]\n",
    );
    verify_fails(
        "setup",
        &games,
        &["game 2 ", "SetUp \"1\" but no Position tag"],
    );
}

#[test]
fn empty_and_missing_files_are_one_line_errors() {
    let path = write_log("empty", &["\n\n".to_string()]);
    let out = baraza().arg("replay").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("empty.pgn: no game in the log"), "{err}");
    let out = baraza()
        .args(["replay", "/nonexistent/games.pgn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("reading /nonexistent/games.pgn"), "{err}");
}

#[test]
fn forfeits_before_the_first_move() {
    let text = |result: &str, term: Termination| {
        let mut buf = Vec::new();
        write_pgn(&mut buf, &record(1, START, &[], result, term)).unwrap();
        vec![String::from_utf8(buf).unwrap()]
    };
    // Start-up failures can be either player's, or both players' (a draw).
    for (result, term) in [
        ("1-0", Termination::TimeForfeit),
        ("0-1", Termination::TimeForfeit),
        ("1/2-1/2", Termination::TimeForfeit),
        ("1-0", Termination::StalledConnection),
        ("1/2-1/2", Termination::Crash),
        ("0-1", Termination::IllegalMove),
    ] {
        let path = write_log("startup-ok", &text(result, term));
        baraza()
            .arg("replay")
            .arg(&path)
            .arg("--verify")
            .assert()
            .success();
    }
    // Only player 1 is asked for the first move: an illegal move then is player 1's.
    verify_fails(
        "startup-illegal",
        &text("1-0", Termination::IllegalMove),
        &["game 1 ", "ply 0:", "needs 0-1 (player 1 was to move)"],
    );
}
