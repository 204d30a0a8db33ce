//! `baraza match` end to end: full games between correct bots, logs, options, usage errors.

use crate::support::*;

fn rules(args: &[&str]) -> String {
    let out = baraza().arg("rules").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Re-judge a recorded game with `baraza rules`: every move legal, the final status = result.
fn rejudge(g: &serde_json::Value) {
    let start = g["start"].as_str().unwrap();
    let moves: Vec<&str> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut args = vec!["apply", start];
    args.extend(&moves);
    let end = rules(&args);
    let status = rules(&["status", &end]);
    let result = g["result"].as_str().unwrap();
    assert!(status.starts_with(&format!("{result} ")), "{status} vs {g}");
}

fn full_games(ruleset: &str) {
    let dir = temp_dir(&format!("full-{ruleset}"));
    let jsonl = dir.join("games.jsonl");
    let pgn = dir.join("games.pgn");
    let random = format!("python3 {RANDOM_BOT_PY} 3");
    let run = Match::new(ruleset, &random, RANDOM_BOT_PY)
        .games(2)
        .seed(42)
        .tc("20+0.5")
        .jsonl(&jsonl)
        .pgn(&pgn)
        .played();
    let games = run.records(2);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"], i as u64 + 1);
        assert_eq!(g["ruleset"], ruleset);
        assert_eq!(g["termination"], "normal", "{g}");
        assert!(g["reason"]
            .as_str()
            .unwrap()
            .starts_with("ended by the rules: "));
        assert_eq!(g["seed"], 42);
        assert_eq!(g["time_control"], "20+0.5");
        let plies = g["plies"].as_u64().unwrap() as usize;
        assert!(plies > 10);
        assert_eq!(g["moves"].as_array().unwrap().len(), plies);
        assert_eq!(g["times_ms"].as_array().unwrap().len(), plies);
        rejudge(g);
    }
    // Names default to the script's stem; equal names get a suffix; sides alternate.
    assert_eq!(games[0]["white"], "random_bot");
    assert_eq!(games[0]["black"], "random_bot-2");
    assert_eq!(games[1]["white"], "random_bot-2");
    assert_eq!(games[1]["black"], "random_bot");
    let pgn_text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(pgn_text.matches("[Result \"").count(), 2);
    // Console: one line per game, then the final tally.
    assert_eq!(run.stdout.len(), 3, "{:?}", run.stdout);
    assert!(run.stdout[0].starts_with("game 1: random_bot vs random_bot-2: "));
    assert!(run.stdout[0].contains(" normal, "));
    assert!(run.stdout[2].starts_with("final: random_bot "));
}

#[test]
fn python_random_bots_play_full_darra_games() {
    full_games("darra");
}

#[test]
fn python_random_bots_play_full_dara_games() {
    full_games("dara");
}

#[test]
fn max_plies_adjudicates_a_draw_and_logs_append() {
    let dir = temp_dir("maxplies");
    let jsonl = dir.join("games.jsonl");
    for _ in 0..2 {
        let run = Match::new("darra", FIRST_BOT, FIRST_BOT)
            .games(3)
            .max_plies(10)
            .jsonl(&jsonl)
            .played();
        assert_eq!(
            run.stdout.last().unwrap(),
            "final: first_bot 0 wins 3 draws 0 losses; first_bot-2 0 wins 3 draws 0 losses"
        );
    }
    let games = read_jsonl(&jsonl);
    assert_eq!(games.len(), 6, "the second match appends");
    for g in &games {
        assert_eq!(g["termination"], "adjudication");
        assert_eq!(g["result"], "1/2-1/2");
        assert_eq!(g["plies"], 10);
        assert_eq!(g["time_control"], "10+0.1", "the default time control");
    }
}

fn usage_error(args: &[&str], message: &str) {
    let out = baraza().arg("match").args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "no game is played");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(message), "'{err}' should contain '{message}'");
}

#[test]
fn usage_errors_are_one_line_before_any_game() {
    let first = FIRST_BOT;
    usage_error(&["chess", first, first], "unknown ruleset 'chess'");
    usage_error(
        &["darra", first, first, "--tc", "10+x"],
        "bad time control '10+x'",
    );
    usage_error(&["darra", first, first, "--tc", "0+1"], "bad time control");
    usage_error(
        &["darra", "./no/such/bot --fast", first],
        "bot1: program './no/such/bot' not found",
    );
    usage_error(
        &["darra", first, "no-such-program-xyz"],
        "bot2: program 'no-such-program-xyz'",
    );
    usage_error(
        &["darra", first, "python3 'unbalanced"],
        "unbalanced quotes",
    );
    usage_error(
        &["darra", first, first, "--games", "0"],
        "--games must be at least 1",
    );
    usage_error(
        &[
            "darra",
            first,
            first,
            "--start",
            "dara ....../....../....../....../...... 1 12 12 0",
        ],
        "--start",
    );
}

#[test]
fn each_game_is_logged_the_moment_it_ends() {
    use std::io::{BufRead, BufReader};
    let dir = temp_dir("flush");
    let jsonl = dir.join("games.jsonl");
    let pgn = dir.join("games.pgn");
    // Plays game 1 to its end, then hangs in game 2 (30 s per move): game 1 must be in both
    // logs while game 2 is still being played.
    let bad = format!("{BAD_BOT} hangas2");
    let mut child = Match::new("darra", &bad, FIRST_BOT)
        .movetime(30000)
        .jsonl(&jsonl)
        .pgn(&pgn)
        .process()
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(
        first.starts_with("game 1: bad_bot vs first_bot: "),
        "{first}"
    );
    let games = read_jsonl(&jsonl);
    assert_eq!(
        games.len(),
        1,
        "game 1 is in the JSONL log while game 2 runs"
    );
    assert_eq!(games[0]["termination"], "normal");
    let pgn_text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(pgn_text.matches("[Result \"").count(), 1);
    assert!(
        child.try_wait().unwrap().is_none(),
        "game 2 is still running"
    );
    send_signal(child.id(), libc::SIGTERM);
    let status = child.wait().unwrap();
    assert!(!status.success());
    assert_eq!(read_jsonl(&jsonl).len(), 1);
}

#[test]
fn a_shipped_opening_suite_is_chosen_by_name() {
    let dir = temp_dir("suite-by-name");
    let jsonl = dir.join("g.jsonl");
    let run = Match::new("darra", "builtin:random", "builtin:random")
        .args(["--openings", "builtin:darra"])
        .games(4)
        .jsonl(&jsonl)
        .played();
    let suite = std::fs::read_to_string(root().join("openings/darra.txt")).unwrap();
    let lines: Vec<&str> = suite.lines().filter(|l| !l.starts_with('#')).collect();
    let starts: Vec<String> = run
        .all_records()
        .iter()
        .map(|g| g["start"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(starts, [lines[0], lines[0], lines[1], lines[1]]);
    let suite_refused = |suite: &str| {
        let randoms = Match::new("darra", "builtin:random", "builtin:random");
        randoms.args(["--openings", suite]).refused(1)
    };
    let err = suite_refused("builtin:chess");
    assert!(
        err.contains("no opening suite named builtin:chess is shipped (there are builtin:darra, "),
        "{err}"
    );
    let err = suite_refused("builtin:bao");
    assert!(err.contains("builtin:bao line 3"), "{err}");
}

/// The shipped darra suite is what the command on its second line prints: regenerated here
/// (seconds), byte for byte. The other suites are checked position by position by the unit
/// test of `tournament/plan/suites.rs`.
#[test]
fn the_shipped_darra_suite_is_the_output_of_its_command() {
    let suite = std::fs::read_to_string(root().join("openings/darra.txt")).unwrap();
    let command = suite
        .lines()
        .nth(1)
        .unwrap()
        .strip_prefix("# baraza ")
        .unwrap();
    let args: Vec<&str> = command.split(' ').collect();
    assert_eq!(baraza_ok(&args), suite);
    let list = baraza_ok(["openings", "list"]);
    assert!(
        list.lines()
            .next()
            .unwrap()
            .starts_with("builtin:darra        100 positions  baraza openings generate darra "),
        "{list}"
    );
    assert_eq!(list.lines().count(), 7, "{list}");
}
