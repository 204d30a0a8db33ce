//! `--nodes`/`--depth` and `--limits1`/`--limits2` on `match`: the `go` words `nodes N` and
//! `depth N` reach only a bot that asked for them (`feature nodes depth` before `ready`); a bot
//! written from protocol v1 without them never sees them and plays as before; each bot's own
//! limits reach that bot alone; and builtin:search honours a node budget whatever the clock.

use crate::support::{temp_dir, Match, FIRST_BOT, LIMITS_BOT};
use std::path::Path;

/// The `go` lines the referee sent in one transcript.
fn go_lines(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter_map(|l| l.split_once(" > go ").map(|(_, rest)| format!("go {rest}")))
        .collect()
}

#[test]
fn only_a_bot_that_asks_gets_the_node_and_depth_limits() {
    let dir = temp_dir("search-limits");
    let (tr, log) = (dir.join("tr"), dir.join("games.jsonl"));
    let run = Match::new("darra", LIMITS_BOT, FIRST_BOT)
        .names("asks", "plain")
        .games(2)
        .args(["--nodes", "500", "--depth", "3"])
        .movetime(500)
        .transcript(&tr)
        .jsonl(&log)
        .played();
    for game in run.all_records() {
        assert_eq!(game["termination"], "normal", "{game}");
    }
    for (g, p, name) in [(1, 1, "asks"), (2, 2, "asks")] {
        let lines = go_lines(&tr.join(format!("g{g}-p{p}-{name}.transcript")));
        assert!(!lines.is_empty());
        for l in lines {
            assert!(l.ends_with(" movetime 500 nodes 500 depth 3"), "{l}");
        }
    }
    for (g, p) in [(1, 2), (2, 1)] {
        let lines = go_lines(&tr.join(format!("g{g}-p{p}-plain.transcript")));
        assert!(!lines.is_empty());
        for l in lines {
            assert!(l.ends_with(" movetime 500"), "{l}");
        }
    }
}

#[test]
fn each_bot_gets_its_own_limits() {
    let dir = temp_dir("limits12");
    let tr = dir.join("tr");
    Match::new("darra", LIMITS_BOT, LIMITS_BOT)
        .names("a", "b")
        .games(1)
        .tc("5+0.05")
        .args([
            "--limits1",
            "nodes=100,depth=2",
            "--limits2",
            "movetime=300",
        ])
        .transcript(&tr)
        .played();
    // a keeps the match's clock and gets its limits; b's movetime is its whole clock.
    let a = go_lines(&tr.join("g1-p1-a.transcript"));
    assert_eq!(
        a[0],
        "go p1time 5000 p2time 300 p1inc 50 p2inc 0 nodes 100 depth 2"
    );
    let b = go_lines(&tr.join("g1-p2-b.transcript"));
    for l in &b {
        assert!(
            l.ends_with(" p2time 300 p1inc 50 p2inc 0 movetime 300"),
            "{l}"
        );
    }
    // A bad pair is named before any game.
    let err = Match::new("darra", "builtin:random", "builtin:random")
        .args(["--limits2", "nodes=0"])
        .refused(2);
    assert!(
        err.contains("invalid value 'nodes=0' for '--limits2 <KEY=VALUE,...>': nodes: '0' is not a whole number of at least 1"),
        "{err}"
    );
}

/// A node budget makes builtin:search's moves the same under any clock (what `-each nodes=N`
/// is for): two matches, a tight per-move limit and a long game clock, play the same games.
#[test]
fn builtin_search_plays_the_same_moves_under_a_node_budget_at_any_clock() {
    let dir = temp_dir("nodes-search");
    let moves = |clock: &[&str], file: &str| -> Vec<serde_json::Value> {
        let run = Match::new("dara", "builtin:search", "builtin:random")
            .games(2)
            .args(["--nodes", "2000"])
            .args(clock)
            .jsonl(dir.join(file))
            .played();
        run.all_records()
            .iter()
            .map(|g| g["moves"].clone())
            .collect()
    };
    let fast = moves(&["--movetime", "2000"], "fast.jsonl");
    let slow = moves(&["--tc", "60+1"], "slow.jsonl");
    assert_eq!(fast, slow);
    assert!(fast
        .iter()
        .all(|m| m.as_array().is_some_and(|a| a.len() > 4)));
}
