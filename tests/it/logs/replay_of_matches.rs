//! End to end: games played by the real referee (`baraza match --pgn`) between built-in bots,
//! the example bots and the referee tests' misbehaving bots must all pass `baraza replay
//! --verify`: the log writer, the verifier's rules and the referee agree.

use crate::support::{baraza, need, temp_dir, Match, Tool, BAD_BOT, FIRST_BOT};
use std::path::Path;

/// Two games of `game` at `movetime` ms a move, appended to `pgn`.
fn play(game: Match, movetime: u64, pgn: &Path) {
    game.games(2)
        .movetime(movetime)
        .pgn(pgn)
        .command()
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .success();
}

/// `replay --verify` passes; returns the per-game JSON of `replay --json`.
fn verified(pgn: &Path) -> Vec<serde_json::Value> {
    baraza()
        .arg("replay")
        .arg(pgn)
        .arg("--verify")
        .assert()
        .success();
    let out = baraza()
        .arg("replay")
        .arg(pgn)
        .arg("--json")
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn builtin_bots_on_every_game() {
    let dir = temp_dir("builtin");
    let pgn = dir.join("games.pgn");
    let rulesets = ["darra", "darra-2x12", "bao", "dara", "dara-niger"];
    for r in rulesets {
        play(
            Match::new(r, "builtin:random", "builtin:greedy"),
            5000,
            &pgn,
        );
    }
    let games = verified(&pgn);
    assert_eq!(games.len(), 2 * rulesets.len());
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["ruleset"], rulesets[i / 2], "{g}");
        assert_eq!(g["termination"], "normal", "{g}");
        assert_eq!(g["ok"], true);
    }
}

/// The example bot `bots/SCRIPT`, run by `program`, plays two whole games against
/// builtin:random, and its log verifies.
fn example_bot_plays_whole_games(program: &str, script: &str) {
    let dir = temp_dir(&format!("examples-{program}"));
    let pgn = dir.join("games.pgn");
    let root = env!("CARGO_MANIFEST_DIR");
    let bot = format!("{program} {root}/bots/{script}");
    play(Match::new("dara", bot, "builtin:random"), 5000, &pgn);
    let games = verified(&pgn);
    assert_eq!(games.len(), 2);
    assert!(
        games.iter().all(|g| g["termination"] == "normal"),
        "{games:?}"
    );
}

#[test]
#[cfg_attr(not(tool_python3), ignore = "needs python3")]
fn the_python_example_bot_plays_whole_games() {
    need(Tool::Python3);
    example_bot_plays_whole_games("python3", "python/random_bot.py");
}

#[test]
#[cfg_attr(not(tool_node), ignore = "needs Node.js (node)")]
fn the_javascript_example_bot_plays_whole_games() {
    need(Tool::Node);
    example_bot_plays_whole_games("node", "javascript/random_bot.js");
}

#[test]
fn the_shell_example_bot_plays_whole_games() {
    example_bot_plays_whole_games("sh", "shell/random_bot.sh");
}

#[test]
fn forfeits_recorded_by_the_referee_verify() {
    let dir = temp_dir("forfeits");
    let pgn = dir.join("games.pgn");
    let cases = [
        ("noready", "stalled connection"),
        ("crash", "crash"),
        ("slow", "time forfeit"),
        ("garbage", "protocol error"),
        ("illegal", "illegal move"),
        ("double", "protocol error"),
    ];
    for (mode, _) in cases {
        let bad = format!("{BAD_BOT} {mode}");
        let game = Match::new("darra", bad, FIRST_BOT).args(["--startup-timeout", "1000"]);
        play(game, 400, &pgn);
    }
    let games = verified(&pgn);
    assert_eq!(games.len(), 2 * cases.len());
    for (i, g) in games.iter().enumerate() {
        let (mode, termination) = cases[i / 2];
        assert_eq!(g["termination"], termination, "{mode}: {g}");
        // The bad bot is player 1 in the first game of each pair and loses.
        let want = if i % 2 == 0 { "0-1" } else { "1-0" };
        assert_eq!(g["result"], want, "{mode}: {g}");
    }
}
