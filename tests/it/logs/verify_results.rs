//! `baraza results --verify` (and `replay --verify` of a run folder) on logs played here by
//! built-in bots: untouched, they verify clean; each hand tampering of issue 20 is named by its
//! game id (or number) and line, and the command exits with status 1. What a tampered line
//! should have been is worked out from the rules (the engines replaying its moves) and the
//! schedule (leg `a` of pair 1 has the first bot as player 1), not from the output.

use crate::support::{baraza, temp_dir, text, tournament, Match};
use baraza::game::Status;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A log: its header line (none for a `match --jsonl` file) and its game lines.
struct Log {
    header: Option<String>,
    games: Vec<Value>,
}

fn read(path: &Path) -> Log {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    // A tournament's header, or a match's (what it planned).
    let header = ["tournament", "match"]
        .iter()
        .any(|k| lines[0].contains(&format!("\"baraza\":\"{k}\"")))
        .then(|| lines.remove(0).to_string());
    let games = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    Log { header, games }
}

fn write(path: &Path, log: &Log) {
    let mut text = log.header.clone().map_or(String::new(), |h| h + "\n");
    for g in &log.games {
        text.push_str(&serde_json::to_string(g).unwrap());
        text.push('\n');
    }
    std::fs::write(path, text).unwrap();
}

/// A round-robin of `a` (random) and `b` (greedy), 3 rounds: 6 games, games.jsonl and games.pgn.
fn played_tournament(name: &str) -> (crate::support::TempDir, PathBuf) {
    let dir = temp_dir(name);
    let run = dir.join("run");
    tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .rounds(3)
        .out(&run)
        .quiet()
        .command()
        .assert()
        .success();
    (dir, run)
}

/// `baraza match` of random against greedy, 6 games, as a `--jsonl` file.
fn played_match(dir: &Path) -> PathBuf {
    let file = dir.join("match.jsonl");
    Match::new("darra", "builtin:random", "builtin:greedy")
        .games(6)
        .jsonl(&file)
        .command()
        .assert()
        .success();
    file
}

/// `baraza results --verify PATH`: exit status, stdout lines, stderr.
fn verify(path: &Path) -> (Option<i32>, Vec<String>, String) {
    let out = baraza()
        .args(["results", "--verify"])
        .arg(path)
        .output()
        .unwrap();
    let lines = text(&out.stdout).lines().map(String::from).collect();
    (out.status.code(), lines, text(&out.stderr))
}

/// `verify` that must fail: its problem lines, checked to be one line of stderr and status 1.
fn problems(path: &Path) -> Vec<String> {
    let (code, lines, err) = verify(path);
    assert_eq!(code, Some(1), "{lines:?} {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    let n = lines.len();
    assert!(
        err.contains(&format!("{n} problem")),
        "stderr counts the {n} lines: {err}"
    );
    lines
}

/// Whether some line starts with `prefix` and contains every one of `words`.
fn has(lines: &[String], prefix: &str, words: &[&str]) -> bool {
    lines
        .iter()
        .any(|l| l.starts_with(prefix) && words.iter().all(|w| l.contains(w)))
}

/// The status the rules give after a game line's moves.
fn rules_status(g: &Value) -> Status {
    let mut pos = baraza::games::parse_position(g["start"].as_str().unwrap()).unwrap();
    for m in g["moves"].as_array().unwrap() {
        pos.play(m.as_str().unwrap()).unwrap();
    }
    pos.status()
}

fn id(g: &Value) -> String {
    g["game_id"].as_str().unwrap().to_string()
}

#[test]
fn untouched_logs_of_a_tournament_and_a_match_verify_clean() {
    let (dir, run) = played_tournament("verify-clean");
    // 2 bots, 3 rounds: 3 pairs, 6 games.
    for path in [run.clone(), run.join("games.jsonl")] {
        let (code, lines, err) = verify(&path);
        assert_eq!(code, Some(0), "{lines:?} {err}");
        assert_eq!(lines, ["verified 6 games: no problem"]);
    }
    let out = baraza()
        .arg("replay")
        .arg(&run)
        .arg("--verify")
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "verified 6 games: no problem\n");
    let m = played_match(&dir);
    let (code, lines, _) = verify(&m);
    assert_eq!(
        (code, lines),
        (Some(0), vec!["verified 6 games: no problem".into()])
    );
}

#[test]
fn a_flipped_result_is_named_in_the_log_and_against_games_pgn() {
    let (_dir, run) = played_tournament("verify-flip");
    let path = run.join("games.jsonl");
    let mut log = read(&path);
    let g = &mut log.games[0];
    let Status::Over { outcome, .. } = rules_status(g) else {
        panic!("a normal game ends by the rules")
    };
    let flipped = if outcome.as_str() == "1-0" {
        "0-1"
    } else {
        "1-0"
    };
    g["result"] = flipped.into();
    let gid = id(g);
    write(&path, &log);
    let lines = problems(&run);
    // The header is line 1: the first game is line 2.
    assert!(
        has(
            &lines,
            &format!("{gid} (line 2): "),
            &[&format!(
                "Result {flipped} but the final position is {outcome}"
            )]
        ),
        "{lines:?}"
    );
    assert!(
        has(
            &lines,
            &format!("{gid} (games.pgn line "),
            &["result, termination or reason"]
        ),
        "{lines:?}"
    );
}

#[test]
fn garbage_moves_and_a_false_ply_count_are_named() {
    let (_dir, run) = played_tournament("verify-garbage");
    let path = run.join("games.jsonl");
    let mut log = read(&path);
    log.games[1]["moves"][2] = "zz".into();
    let moves = log.games[2]["moves"].as_array().unwrap().len();
    log.games[2]["plies"] = 99.into();
    let (a, b) = (id(&log.games[1]), id(&log.games[2]));
    write(&path, &log);
    let lines = problems(&path);
    assert!(
        has(
            &lines,
            &format!("{a} (line 3): ply 3: "),
            &["move 'zz' in '", "(legal: "]
        ),
        "{lines:?}"
    );
    let plies = format!("plies is 99 but the movetext has {moves} moves");
    assert!(
        has(&lines, &format!("{b} (line 4): "), &[&plies]),
        "{lines:?}"
    );
    assert_eq!(lines.len(), 2, "nothing else: {lines:?}");
}

/// Game 1 of the run cut after 10 plies and recorded as player 2's crash: what the referee
/// writes when player 2 dies then.
fn as_crash(g: &mut Value) {
    let moves: Vec<Value> = g["moves"].as_array().unwrap()[..10].to_vec();
    let times: Vec<Value> = g["times_ms"].as_array().unwrap()[..10].to_vec();
    g["moves"] = moves.into();
    g["times_ms"] = times.into();
    if g.get("times_us").is_some() {
        let us: Vec<Value> = g["times_us"].as_array().unwrap()[..10].to_vec();
        g["times_us"] = us.into();
    }
    if g.get("move_infos").is_some() {
        g.as_object_mut().unwrap().remove("move_infos");
    }
    g["plies"] = 10.into();
    g["result"] = "1-0".into();
    g["termination"] = "crash".into();
    g["reason"] = "player 2 (b) crashed: exited with status 1".into();
}

#[test]
fn a_crash_relabelled_as_normal_is_named() {
    let (_dir, run) = played_tournament("verify-crash-normal");
    let path = run.join("games.jsonl");
    let mut log = read(&path);
    as_crash(&mut log.games[0]);
    let gid = id(&log.games[0]);
    assert_eq!(
        rules_status(&log.games[0]),
        Status::Ongoing,
        "10 plies do not end a game"
    );
    // A crash is the referee's word: as written, it stands (games.jsonl alone, no games.pgn).
    write(&path, &log);
    let (code, lines, _) = verify(&path);
    assert_eq!(
        (code, lines),
        (Some(0), vec!["verified 6 games: no problem".into()])
    );
    // ... and it cannot be made a normal end: the rules had not ended the game.
    log.games[0]["termination"] = "normal".into();
    write(&path, &log);
    let lines = problems(&path);
    let words = ["Termination normal but the final position is not over"];
    assert!(
        has(&lines, &format!("{gid} (line 2): ply 10: "), &words),
        "{lines:?}"
    );
    // A crash whose loser is not the side its reason names is not the referee's word either.
    log.games[0]["termination"] = "crash".into();
    log.games[0]["result"] = "0-1".into();
    write(&path, &log);
    let lines = problems(&path);
    let words = [
        "Result 0-1 makes it player 1's crash",
        "does not name player 1",
    ];
    assert!(
        has(&lines, &format!("{gid} (line 2): "), &words),
        "{lines:?}"
    );
}

#[test]
fn a_won_game_relabelled_as_the_losers_crash_is_named() {
    let (_dir, run) = played_tournament("verify-win-crash");
    let path = run.join("games.jsonl");
    let mut log = read(&path);
    let k = log
        .games
        .iter()
        .position(|g| g["result"] != "1/2-1/2")
        .expect("random against greedy: some game is won in 6");
    let g = &mut log.games[k];
    let Status::Over { outcome, .. } = rules_status(g) else {
        panic!("a normal game ends by the rules")
    };
    let loser = if outcome.as_str() == "1-0" { 2 } else { 1 };
    let name = if loser == 1 { &g["white"] } else { &g["black"] }.clone();
    g["termination"] = "crash".into();
    g["reason"] = format!(
        "player {loser} ({}) crashed: killed by signal 9",
        name.as_str().unwrap()
    )
    .into();
    let gid = id(g);
    write(&path, &log);
    let lines = problems(&path);
    let at = format!("{gid} (line {}): ", k + 2);
    assert!(
        has(
            &lines,
            &at,
            &[
                "Termination crash but the game had ended by the rules",
                "it should be normal"
            ]
        ),
        "{lines:?}"
    );
    assert_eq!(
        lines.len(),
        1,
        "the reason names the loser, as the referee would: {lines:?}"
    );
}

#[test]
fn a_dropped_game_is_named_in_the_log_and_in_games_pgn() {
    let (_dir, run) = played_tournament("verify-dropped");
    let path = run.join("games.jsonl");
    let mut log = read(&path);
    let gone = log.games.remove(2);
    write(&path, &log);
    let gid = id(&gone);
    let lines = problems(&run);
    assert!(has(&lines, &format!("{gid}: no line"), &[]), "{lines:?}");
    assert!(
        has(
            &lines,
            &format!("{gid} (games.pgn line "),
            &["no line in games.jsonl"]
        ),
        "{lines:?}"
    );
    assert_eq!(lines.len(), 2, "{lines:?}");
}

#[test]
fn a_duplicated_game_and_a_gap_in_a_match_log_are_named() {
    let dir = temp_dir("verify-match-dup");
    let path = played_match(&dir);
    let mut log = read(&path);
    let again = log.games[1].clone();
    log.games.push(again);
    write(&path, &log);
    // The header on line 1, games 1..6 on lines 2..7: game 2 again on line 8.
    let lines = problems(&path);
    assert_eq!(
        lines,
        ["game 2 (line 8): a second line for this game (only the first counts)"]
    );
    // Game 4 dropped: one of the games the header plans.
    log.games.remove(3);
    write(&path, &log);
    let lines = problems(&path);
    assert!(has(&lines, "game 4: no line", &["dropped"]), "{lines:?}");
    // In a file of an earlier baraza, without the header: a gap in the game numbers.
    log.header = None;
    write(&path, &log);
    let lines = problems(&path);
    assert!(has(&lines, "game 4: no line", &["gap"]), "{lines:?}");
}

#[test]
fn swapped_sides_are_named_in_a_tournament_and_a_match() {
    let (dir, run) = played_tournament("verify-swapped");
    let path = run.join("games.jsonl");
    let mut log = read(&path);
    // Game 1 is leg a of pair 1: the first bot, a, is player 1.
    let g = &mut log.games.iter_mut().find(|g| g["game"] == 1).unwrap();
    assert_eq!(
        (g["white"].as_str(), g["black"].as_str()),
        (Some("a"), Some("b"))
    );
    (g["white"], g["black"]) = (g["black"].clone(), g["white"].clone());
    write(&path, &log);
    let lines = problems(&path);
    let words = ["sides swapped: the schedule has a as player 1 and b as player 2"];
    assert!(has(&lines, "r1-p1-a (line ", &words), "{lines:?}");

    let m = played_match(&dir);
    let mut log = read(&m);
    // match: the first bot is player 1 in odd games; game 4 swapped.
    let g = &mut log.games[3];
    assert_eq!(g["game"], 4);
    (g["white"], g["black"]) = (g["black"].clone(), g["white"].clone());
    write(&m, &log);
    let lines = problems(&m);
    assert!(
        has(&lines, "game 4 (line 5): sides swapped", &[]),
        "{lines:?}"
    );
}

#[test]
fn a_game_id_outside_the_schedule_is_named() {
    let (_dir, run) = played_tournament("verify-off-schedule");
    let path = run.join("games.jsonl");
    let mut log = read(&path);
    // 3 rounds of 1 pairing: r4-p1-a is no game of the event.
    let was = id(&log.games[5]);
    log.games[5]["game_id"] = "r4-p1-a".into();
    write(&path, &log);
    let lines = problems(&path);
    let words = ["game id 'r4-p1-a' is not in the event's schedule (6 games)"];
    assert!(has(&lines, "r4-p1-a (line 7): ", &words), "{lines:?}");
    assert!(has(&lines, &format!("{was}: no line"), &[]), "{lines:?}");
}

#[test]
fn a_shards_log_verifies_clean_and_its_dropped_game_is_named() {
    let dir = temp_dir("verify-shard");
    let run = dir.join("run");
    // 3 rounds of 1 pairing: pairs 1, 2, 3; shard 2/2 plays pair 2 (r2-p1), games 3 and 4.
    tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .rounds(3)
        .args(["--shard", "2/2"])
        .out(&run)
        .quiet()
        .command()
        .assert()
        .success();
    let (code, lines, err) = verify(&run);
    assert_eq!(
        (code, lines),
        (Some(0), vec!["verified 2 games: no problem".into()]),
        "{err}"
    );
    let path = run.join("games.jsonl");
    let mut log = read(&path);
    log.games.retain(|g| g["game_id"] != "r2-p1-b");
    write(&path, &log);
    assert_eq!(
        problems(&path),
        ["r2-p1-b: no line: dropped, or not played yet"]
    );
}
