//! `baraza league`: a league folder driven through the real binary with built-in bots (real
//! bot processes): submissions, new versions, withdrawals, runs killed and run again, a
//! batch played in shards and merged, the leaderboard, and the one-line refusals; and with
//! bots of tests/bots/, the check at submission and an entrant's own hosting keys.

mod admission;
mod errors;
mod full_disk;
mod leaderboard;
mod log_index;
mod matchmaking;
mod resume;
mod shards;
mod versions;

use crate::support::*;
use baraza::tournament::GameLine;
use std::collections::BTreeMap;
use std::path::Path;

/// `baraza league ARGS...` that must succeed; its stdout.
fn league(args: &[&str]) -> String {
    let mut all = vec!["league"];
    all.extend_from_slice(args);
    baraza_ok(all)
}

/// A new league in `dir` (darra, seed 7) with `entrants` (`NAME=COMMAND`). A second a move:
/// the built-in bots answer in milliseconds, and at `--level` they play the same moves unless
/// the clock cuts a search short, which a loaded machine must not do.
fn new_league(dir: &Path, entrants: &[&str]) {
    new_league_of(dir, ("1000", "7"), entrants);
}

/// A new league of darra in `dir` at `(movetime, seed)` with `entrants` (`NAME=COMMAND`).
fn new_league_of(dir: &Path, (movetime, seed): (&str, &str), entrants: &[&str]) {
    let d = dir.to_str().unwrap();
    let new = ["new", d, "--ruleset", "darra", "--movetime", movetime];
    league(&[&new[..], &["--seed", seed]].concat());
    for e in entrants {
        let (name, cmd) = e.split_once('=').unwrap();
        submit(dir, name, cmd);
    }
}

/// `league submit DIR --name NAME --cmd CMD`, which must succeed; what it said.
fn submit(dir: &Path, name: &str, cmd: &str) -> String {
    league(&[
        "submit",
        dir.to_str().unwrap(),
        "--name",
        name,
        "--cmd",
        cmd,
    ])
}

/// `league run DIR --games N`, two games at once.
fn run_games(dir: &Path, n: u32) -> String {
    let n = n.to_string();
    league(&[
        "run",
        dir.to_str().unwrap(),
        "--games",
        &n,
        "--concurrency",
        "2",
        "--force",
        "--quiet",
    ])
}

/// The game lines of the league's games.jsonl, in file order (the header checked first).
fn game_lines(dir: &Path) -> Vec<GameLine> {
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert!(text.ends_with('\n'), "games.jsonl ends with a whole line");
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(header["baraza"], "tournament");
    lines
        .map(|l| serde_json::from_str::<GameLine>(l).expect("a complete game line"))
        .collect()
}

/// Each game's players and moves, by game id.
fn games_by_id(dir: &Path) -> BTreeMap<String, (String, String, Vec<String>)> {
    let mut out = BTreeMap::new();
    for g in game_lines(dir) {
        let r = g.record;
        let old = out.insert(g.game_id.clone(), (r.white, r.black, r.moves));
        assert!(old.is_none(), "{} is in the log twice", g.game_id);
    }
    out
}

/// Every pair of the log has its two legs, sides swapped, from one start position.
fn assert_pairs_swap_sides(lines: &[GameLine]) {
    let mut by_pair: BTreeMap<u64, Vec<&GameLine>> = BTreeMap::new();
    for g in lines {
        by_pair.entry(g.pair).or_default().push(g);
    }
    for (pair, legs) in by_pair {
        assert_eq!(legs.len(), 2, "pair {pair} has two games");
        let (a, b) = (&legs[0].record, &legs[1].record);
        assert_eq!((&a.white, &a.black), (&b.black, &b.white), "pair {pair}");
        assert_eq!(a.start, b.start, "pair {pair}: one opening");
    }
}
