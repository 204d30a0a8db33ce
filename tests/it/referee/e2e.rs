//! End to end: real matches through the real binary for every ruleset, between built-in bots
//! and the example bots in `bots/`; the logs they write pass `replay --verify`, and a
//! hand-tampered log fails naming the right game and ply.

use crate::support::{baraza, read_jsonl, verify_log, Match, RULESET_IDS};
use std::path::{Path, PathBuf};

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("baraza-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// Play a match, return its JSON lines; the PGN log goes to `pgn`.
fn play(ruleset: &str, bot1: &str, bot2: &str, games: u32, pgn: &Path) -> Vec<serde_json::Value> {
    let jsonl = pgn.with_extension("jsonl");
    let _ = std::fs::remove_file(&jsonl);
    let out = Match::new(ruleset, bot1, bot2)
        .games(games)
        .seed(7)
        .tc("30+1")
        .args(["--startup-timeout", "20000"])
        .pgn(pgn)
        .jsonl(&jsonl)
        .process()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{ruleset} {bot1} {bot2}: {out:?}");
    // Processes are reused (the default): every bot here plays game after game in one process.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("exited between games"),
        "{bot1} {bot2}: {err}"
    );
    let lines = read_jsonl(&jsonl);
    assert_eq!(
        lines.len(),
        games as usize,
        "{ruleset}: one JSON line per game"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("final:"), "{stdout}");
    lines
}

#[test]
fn builtin_bots_play_every_ruleset_and_the_logs_verify() {
    for ruleset in RULESET_IDS {
        let pgn = tmp(&format!("{ruleset}.pgn"));
        let games = play(ruleset, "builtin:greedy", "builtin:random", 2, &pgn);
        for (i, g) in games.iter().enumerate() {
            // Sides alternate: greedy is player 1 in game 1 and player 2 in game 2.
            let (w, b) = if i == 0 {
                ("greedy", "random")
            } else {
                ("random", "greedy")
            };
            assert_eq!(
                (g["white"].as_str(), g["black"].as_str()),
                (Some(w), Some(b))
            );
            assert_eq!(g["ruleset"], ruleset);
            let term = g["termination"].as_str().unwrap();
            // Bao may reach the default 1000-ply adjudication between weak bots.
            assert!(
                term == "normal" || (ruleset == "bao" && term == "adjudication"),
                "{ruleset} game {}: {g}",
                i + 1
            );
            assert_eq!(
                g["plies"].as_u64().unwrap() as usize,
                g["moves"].as_array().unwrap().len()
            );
        }
        verify_log(&pgn);
    }
}

#[test]
fn example_bots_play_real_matches() {
    let bots = [
        ("python3 bots/python/random_bot.py", "random_bot"),
        ("node bots/javascript/random_bot.js", "random_bot"),
        ("sh bots/shell/random_bot.sh", "random_bot"),
    ];
    for (cmd, _) in bots {
        for ruleset in ["darra", "dara", "bao"] {
            let pgn = tmp(&format!(
                "example-{ruleset}-{}.pgn",
                cmd.split(' ').next().unwrap()
            ));
            let games = play(ruleset, cmd, "builtin:random", 2, &pgn);
            for g in &games {
                let term = g["termination"].as_str().unwrap();
                assert!(
                    term == "normal" || (ruleset == "bao" && term == "adjudication"),
                    "{cmd} on {ruleset}: {g}"
                );
            }
            verify_log(&pgn);
        }
    }
}

#[test]
fn a_tampered_log_fails_at_the_right_game_and_ply() {
    let pgn = tmp("tamper.pgn");
    let games = play("darra", "builtin:random", "builtin:greedy", 3, &pgn);
    let text = std::fs::read_to_string(&pgn).unwrap();
    // Replace game 2's third move by a hole of the wrong row: player 1 moves at ply 3, so a
    // `B` hole is never legal there.
    let third = games[1]["moves"][2].as_str().unwrap().to_string();
    let start = text.find("[GameIndex \"2\"]").unwrap();
    let movetext = start + text[start..].find("\n% 1. ").unwrap();
    let at = movetext + text[movetext..].find(&format!("2. {third} ")).unwrap();
    let mut tampered = text.clone();
    tampered.replace_range(at..at + 3 + third.len(), "2. 1B");
    let bad = tmp("tampered.pgn");
    std::fs::write(&bad, tampered).unwrap();
    let out = baraza()
        .arg("replay")
        .arg(&bad)
        .arg("--verify")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("game 2") && err.contains("ply 3") && err.contains("'1B'"),
        "{err}"
    );
    // The untouched log still verifies.
    verify_log(&pgn);
}
