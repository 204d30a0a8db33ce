//! Formats other tools read: seeds that fit a double, bot names without quotes or backslashes,
//! the PGN's start position without SetUp, and `replay --export results-pgn`.

use crate::support::{baraza, temp_dir, tournament};
use predicates::prelude::*;

const MAX_SEED: u64 = (1 << 53) - 1;

#[test]
fn every_seed_in_games_jsonl_fits_a_double() {
    let dir = temp_dir("formats-seeds");
    let out = dir.0.join("t");
    tournament("darra", &["a=builtin:random", "b=builtin:random"])
        .rounds(20)
        .quiet()
        .out(&out)
        .command()
        .assert()
        .success();
    let text = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    let mut seeds = 0;
    for line in text.lines().skip(1) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let seed = v["seed"].as_u64().unwrap();
        assert!(seed <= MAX_SEED, "{seed}");
        // A double holds it exactly: what jq and JavaScript read.
        assert_eq!(seed as f64 as u64, seed);
        seeds += 1;
    }
    assert_eq!(seeds, 40);
    // The header's version says the file may hold SPRT lines.
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["schema"], 2);
}

#[test]
fn a_seed_above_2_to_the_53_is_refused() {
    tournament("darra", &["a=builtin:random", "b=builtin:random"])
        .args(["--seed", "9007199254740992", "--dry-run"])
        .command()
        .assert()
        .failure()
        .stderr(predicate::str::contains("above 2^53 - 1"));
    baraza()
        .args(["tournament", "darra", "--bot", "a=builtin:random"])
        .args([
            "--bot",
            "b=builtin:random",
            "--seed",
            "9007199254740991",
            "--dry-run",
        ])
        .assert()
        .success();
    baraza()
        .args(["match", "darra", "builtin:random", "builtin:random"])
        .args(["--seed", "9007199254740992"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("9007199254740992"));
}

#[test]
fn bot_names_with_quotes_or_backslashes_are_refused() {
    for bad in ["my\"bot", "my\\bot"] {
        baraza()
            .args(["tournament", "darra", "--bot"])
            .arg(format!("{bad}=builtin:random"))
            .args(["--bot", "b=builtin:random", "--dry-run"])
            .assert()
            .failure()
            .stderr(predicate::str::contains("contains a quote or a backslash"));
        baraza()
            .args([
                "match",
                "darra",
                "builtin:random",
                "builtin:random",
                "--name1",
                bad,
            ])
            .assert()
            .failure()
            .stderr(predicate::str::contains("contains a quote or a backslash"));
    }
}

#[test]
fn results_pgn_keeps_tags_and_results_and_hides_the_moves() {
    let dir = temp_dir("formats-results-pgn");
    let out = dir.0.join("t");
    tournament("darra", &["g=builtin:greedy", "r=builtin:random"])
        .args(["--random-opening-plies", "2"])
        .rounds(3)
        .quiet()
        .out(&out)
        .command()
        .assert()
        .success();
    let pgn = out.join("games.pgn");
    let original = std::fs::read_to_string(&pgn).unwrap();
    // Random openings: every game starts off the standard start, and no SetUp is written.
    assert_eq!(original.matches("[Position ").count(), 6);
    assert!(!original.contains("SetUp"));
    let export = baraza()
        .args(["replay"])
        .arg(&pgn)
        .args(["--export", "results-pgn"])
        .output()
        .unwrap();
    assert!(export.status.success());
    let text = String::from_utf8(export.stdout).unwrap();
    let games: Vec<&str> = text.split("\n\n[").collect();
    assert_eq!(games.len(), 6);
    let jsonl = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    for (game, line) in games.iter().zip(jsonl.lines().skip(1)) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let tag = |name: &str| {
            let start = format!("[{name} \"");
            let at = game
                .find(&start)
                .unwrap_or_else(|| panic!("{name} in {game}"))
                + start.len();
            game[at..].split('"').next().unwrap().to_string()
        };
        assert_eq!(tag("White"), v["white"].as_str().unwrap());
        assert_eq!(tag("Black"), v["black"].as_str().unwrap());
        assert_eq!(tag("Result"), v["result"].as_str().unwrap());
        assert_eq!(tag("BarazaPlies"), v["plies"].to_string());
        // The movetext is one comment and the result: no move of the game is in it.
        let movetext = game.split("\n\n").nth(1).unwrap().trim();
        let result = v["result"].as_str().unwrap();
        assert!(movetext.starts_with('{') && movetext.ends_with(&format!("}} {result}")));
        assert_eq!(movetext.matches('{').count(), 1, "{movetext}");
        for tag in ["PlyCount", "TimeControl", "SetUp"] {
            assert!(!game.contains(&format!("[{tag} ")), "{tag} in {game}");
        }
    }
    // --game picks one, in file order (games.pgn is in the order the games ended).
    let one = baraza()
        .args(["replay"])
        .arg(&pgn)
        .args(["--export", "results-pgn", "--game", "2"])
        .output()
        .unwrap();
    let one = String::from_utf8(one.stdout).unwrap();
    assert_eq!(one.matches("[Event ").count(), 1);
    let second = text.split("[Event ").nth(2).unwrap();
    assert_eq!(one, format!("[Event {second}"));
}
