//! What a league refuses, each in one line naming the problem and exit status 1.

use super::*;

#[test]
fn refusals_are_one_clear_line() {
    let dir = temp_dir("league-errors");
    let nowhere = dir.join("nowhere");
    let err = refused(
        &["league", "run", nowhere.to_str().unwrap(), "--games", "2"],
        1,
    );
    assert!(err.contains("is not a league folder"), "{err}");
    assert!(err.contains("baraza league new"), "{err}");

    let l = dir.join("l");
    let d = l.to_str().unwrap();
    new_league(&l, &["a=builtin:random"]);
    let err = refused(&["league", "new", d, "--ruleset", "darra"], 1);
    assert!(err.contains("already holds a league"), "{err}");
    // One active version cannot play.
    let err = refused(&["league", "run", d, "--games", "2"], 1);
    assert!(err.contains("1 active version: a batch needs 2"), "{err}");
    // The same version twice.
    let err = refused(
        &[
            "league",
            "submit",
            d,
            "--name",
            "a",
            "--cmd",
            "builtin:greedy",
            "--version",
            "1",
        ],
        1,
    );
    assert!(err.contains("a@1 was already submitted"), "{err}");
    // A program that does not exist is refused at submission, not at the first game.
    let missing = dir.join("no-such-bot");
    let err = refused(
        &[
            "league",
            "submit",
            d,
            "--name",
            "b",
            "--cmd",
            missing.to_str().unwrap(),
        ],
        1,
    );
    assert!(err.contains("b@1"), "{err}");
    let err = refused(&["league", "withdraw", d, "--name", "zz"], 1);
    assert!(err.contains("no entrant named 'zz'"), "{err}");
    assert!(err.contains("its entrants: a"), "{err}");
    let err = refused(
        &[
            "league",
            "submit",
            d,
            "--name",
            "x@y",
            "--cmd",
            "builtin:random",
        ],
        1,
    );
    assert!(err.contains("'x@y'"), "{err}");
    // Merging with no batch planned.
    let err = refused(&["league", "merge", d], 1);
    assert!(err.contains("has no planned batch"), "{err}");
    // A run must say how much to play.
    let err = refused(&["league", "run", d], 1);
    assert!(err.contains("--games N or --for DURATION"), "{err}");
    // A setting that has no place in a league, written into league.toml by hand.
    let toml = l.join("league.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, format!("rounds = 3\n{text}")).unwrap();
    let err = refused(&["league", "leaderboard", d], 1);
    assert!(err.contains("'rounds' has no place in a league"), "{err}");
}
