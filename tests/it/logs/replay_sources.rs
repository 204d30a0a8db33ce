//! `baraza replay` names a game by its own number (GameIndex) or schedule id whatever its
//! place in the file, reads JSON lines as it reads the PGN, exports the PGN baraza writes from
//! them, and verifies a log of any size in little memory (a game at a time).

use crate::support::{baraza, baraza_ok, read_jsonl, run_game_lines, run_measured, temp_dir};
use crate::support::{tournament, Match};
use baraza::record::pgn::{parse_pgn, write_pgn};
use serde_json::Value;
use std::path::Path;

/// `baraza replay ARGS...` must fail with status 1; its stderr.
fn replay_fails(args: &[&str]) -> String {
    let out = baraza().arg("replay").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

/// The JSON lines `replay ARGS... --json` prints.
fn replay_json(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["replay"];
    all.extend_from_slice(args);
    all.push("--json");
    baraza_ok(all)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A tournament of 3 bots, 2 rounds (12 games), two at a time.
fn played_tournament(name: &str) -> crate::support::TempDir {
    let dir = temp_dir(name);
    let out = dir.join("run");
    tournament(
        "darra",
        &["r=builtin:random", "g=builtin:greedy", "m=builtin:random"],
    )
    .rounds(2)
    .concurrency(2)
    .movetime(2000)
    .out(&out)
    .quiet()
    .played();
    dir
}

#[test]
fn a_game_is_picked_by_its_game_index_and_its_schedule_id() {
    let dir = played_tournament("replay-pick");
    let run = dir.join("run");
    let lines = run_game_lines(&run);
    assert_eq!(lines.len(), 12);
    // The PGN written again with its games in the reverse order: `--game K` is still the game
    // whose GameIndex is K, not the K-th in the file.
    let mut games = parse_pgn(&std::fs::read_to_string(run.join("games.pgn")).unwrap()).unwrap();
    games.reverse();
    let reversed = dir.join("reversed.pgn");
    let mut text = Vec::new();
    for g in &games {
        write_pgn(&mut text, g).unwrap();
    }
    std::fs::write(&reversed, text).unwrap();

    for line in &lines {
        let (k, id) = (
            line["game"].as_u64().unwrap(),
            line["game_id"].as_str().unwrap(),
        );
        let last = format!("{}", line["plies"].as_u64().unwrap());
        // The board after the last ply, as the JSON line's moves give it.
        let mut apply = vec!["rules", "apply", line["start"].as_str().unwrap()];
        apply.extend(
            line["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap()),
        );
        let want = baraza_ok(apply);
        let want = want.trim_end();
        let kk = k.to_string();
        for (log, pick) in [
            (s(&reversed), ["--game", kk.as_str()]),
            (s(&run.join("games.jsonl")), ["--game", kk.as_str()]),
            (s(&run.join("games.jsonl")), ["--id", id]),
            (s(&run), ["--id", id]),
        ] {
            let view = &replay_json(&[log, pick[0], pick[1], "--ply", &last])[0];
            assert_eq!(view["game"], k, "{log} {pick:?}");
            assert_eq!(view["position"], want, "{log} {pick:?}");
            if pick[0] == "--id" {
                assert_eq!(view["game_id"], id, "{log} {pick:?}");
            }
        }
    }
    // The summary of the reversed file names each game by its number, with its place.
    let summary = replay_json(&[s(&reversed)]);
    assert_eq!(summary[0]["game"], games[0].game);
    assert_eq!(summary[0]["place"], 1);

    let err = replay_fails(&[s(&run), "--game", "13"]);
    assert!(
        err.contains("the log's 12 games are numbered 1 to 12"),
        "{err}"
    );
    let err = replay_fails(&[s(&run), "--id", "r2-p9-a"]);
    assert!(
        err.contains("no game of the log has this id; the nearest: r2-p"),
        "{err}"
    );
    let err = replay_fails(&[s(&reversed), "--id", "r1-p1-a"]);
    assert!(err.contains("no games.jsonl is beside it"), "{err}");
}

#[test]
fn json_lines_replay_as_the_pgn_and_export_the_pgn_written() {
    let dir = played_tournament("replay-jsonl");
    let run = dir.join("run");
    let jsonl = run.join("games.jsonl");
    let exported = baraza_ok(["replay", s(&jsonl), "--export", "pgn"]);
    let written = std::fs::read_to_string(run.join("games.pgn")).unwrap();
    assert_eq!(exported, written, "byte for byte");

    // Every ply's think time from JSON lines is the measured one; from the PGN, to 0.1 ms.
    let lines = run_game_lines(&run);
    let line = lines.iter().max_by_key(|l| l["plies"].as_u64()).unwrap();
    let k = line["game"].to_string();
    let from_jsonl = replay_json(&[s(&jsonl), "--game", &k]);
    let from_pgn = replay_json(&[s(&run.join("games.pgn")), "--game", &k]);
    assert_eq!(from_jsonl.len(), from_pgn.len());
    for (i, us) in line["times_us"].as_array().unwrap().iter().enumerate() {
        let us = us.as_u64().unwrap();
        assert_eq!(from_jsonl[i + 1]["time_us"], us, "ply {}", i + 1);
        assert_eq!(from_pgn[i + 1]["time_us"], us / 100 * 100, "ply {}", i + 1);
        assert_eq!(from_jsonl[i + 1]["position"], from_pgn[i + 1]["position"]);
    }
}

#[test]
fn a_match_logged_in_json_lines_only_is_stepped_verified_and_exported() {
    let dir = temp_dir("replay-match-jsonl");
    let (jsonl, pgn) = (dir.join("m.jsonl"), dir.join("m.pgn"));
    Match::new("dara", "builtin:random", "builtin:greedy")
        .games(2)
        .movetime(2000)
        .jsonl(&jsonl)
        .pgn(&pgn)
        .played();
    let games = read_jsonl(&jsonl);
    assert_eq!(games.len(), 2);
    let plies = games[1]["plies"].as_u64().unwrap() as usize;

    let summary = baraza_ok(["replay", s(&jsonl)]);
    assert_eq!(summary.lines().count(), 2, "{summary}");
    assert!(summary.starts_with("game 1  dara  "), "{summary}");
    let steps = replay_json(&[s(&jsonl), "--game", "2"]);
    assert_eq!(steps.len(), plies + 1);
    let board = baraza_ok(["replay", s(&jsonl), "--game", "2", "--ply", "3"]);
    assert_eq!(board.lines().next().unwrap(), steps[3]["position"]);
    let verified = baraza_ok(["replay", s(&jsonl), "--verify"]);
    assert_eq!(verified, "verified 2 games: no problem\n");
    let one = baraza_ok(["replay", s(&jsonl), "--game", "2", "--verify"]);
    assert_eq!(one, format!("OK: 1 game, {plies} plies re-judged\n"));
    let exported = baraza_ok(["replay", s(&jsonl), "--export", "pgn"]);
    assert_eq!(exported, std::fs::read_to_string(&pgn).unwrap());
    let err = replay_fails(&[s(&jsonl), "--id", "r1-p1-a"]);
    assert!(err.contains("holds no schedule ids"), "{err}");
}

/// The bound of issue 41: `replay --verify` holds one game at a time, so its peak stays under
/// 64 MiB whatever the log's size. The log: one short game written 24,000 times with distinct
/// GameIndex (8 MB; the reader that held the file and its games whole peaked at 88 MiB).
#[test]
fn verify_streams_a_large_log_in_little_memory() {
    let dir = temp_dir("replay-stream");
    let path = dir.join("big.pgn");
    let mut rec = baraza::record::GameRecord {
        ruleset: "darra".into(),
        white: "alpha".into(),
        black: "beta".into(),
        result: "0-1".parse().unwrap(),
        termination: baraza::outcome::Termination::Normal,
        reason: "ended by the rules: end 20-28".into(),
        plies: 1,
        moves: vec!["6A".into()],
        times_ms: vec![3],
        times_us: vec![3100],
        start: "darra 0,0,0,0,0,2/3,0,0,0,2,1 1 20 20 1 7".into(),
        time_control: "movetime=100ms".into(),
        event: "stream".into(),
        site: "?".into(),
        date: "2026.12.06".into(),
        round: "1".into(),
        ..Default::default()
    };
    let games = 24_000;
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for k in 1..=games {
        rec.game = k;
        write_pgn(&mut out, &rec).unwrap();
    }
    drop(out);
    let m = run_measured(&dir, &["replay", s(&path), "--verify"]);
    assert_eq!(m.exit_code(), Some(0), "{}", m.stderr);
    assert_eq!(
        m.stdout,
        format!("OK: {games} games, {games} plies re-judged\n")
    );
    assert!(m.peak_mib() < 64.0, "peak {:.1} MiB", m.peak_mib());
}
