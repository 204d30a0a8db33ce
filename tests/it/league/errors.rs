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
    // `league submit` of NAME running CMD, with `extra` options: refused.
    let submit_refused = |name: &str, cmd: &str, extra: &[&str]| {
        let submit = ["league", "submit", d, "--name", name, "--cmd", cmd];
        refused(&[&submit[..], extra].concat(), 1)
    };
    // The same version twice.
    let err = submit_refused("a", "builtin:greedy", &["--version", "1"]);
    assert!(err.contains("a@1 was already submitted"), "{err}");
    // A program that does not exist is refused at submission, not at the first game.
    let missing = dir.join("no-such-bot");
    let err = submit_refused("b", missing.to_str().unwrap(), &[]);
    assert!(err.contains("b@1"), "{err}");
    let err = refused(&["league", "withdraw", d, "--name", "zz"], 1);
    assert!(err.contains("no entrant named 'zz'"), "{err}");
    assert!(err.contains("its entrants: a"), "{err}");
    let err = submit_refused("x@y", "builtin:random", &[]);
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

#[test]
fn a_program_changed_since_its_submission_does_not_play() {
    let dir = temp_dir("league-changed");
    let program = dir.join("mine.sh");
    std::fs::copy(FIRST_BOT, &program).unwrap();
    let l = dir.join("l");
    let d = l.to_str().unwrap();
    new_league(&l, &["r=builtin:random"]);
    submit(&l, "mine", program.to_str().unwrap());
    // Its digest is in entrants.toml.
    let entrants = std::fs::read_to_string(l.join("entrants.toml")).unwrap();
    assert!(entrants.contains("sha256"), "{entrants}");
    let mut text = std::fs::read_to_string(&program).unwrap();
    text.push_str("# rebuilt in place\n");
    std::fs::write(&program, text).unwrap();
    let err = refused(&["league", "run", d, "--games", "2"], 1);
    assert!(
        err.contains("mine@1's files changed since it was submitted"),
        "{err}"
    );
    assert!(err.contains("mine.sh"), "{err}");
    // Submitted again, the new version plays.
    submit(&l, "mine", program.to_str().unwrap());
    run_games(&l, 2);
    let lines = game_lines(&l);
    assert_eq!(lines.len(), 2);
    assert!(lines
        .iter()
        .all(|g| [&g.record.white, &g.record.black].contains(&&"mine@2".to_string())));
}
