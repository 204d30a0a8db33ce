//! What a user meets first: every command's `--help` teaches by example, and mistakes in the
//! bots or the start position are refused before any game, in one line.

use crate::support::baraza;

#[test]
fn every_command_help_has_an_example() {
    let commands: &[&[&str]] = &[
        &[],
        &["games"],
        &["rules"],
        &["rules", "start"],
        &["rules", "legal"],
        &["rules", "apply"],
        &["rules", "status"],
        &["rules", "perft"],
        &["rules", "show"],
        &["rules", "bench"],
        &["bot"],
        &["match"],
        &["replay"],
        &["tournament"],
        &["results"],
        &["merge"],
        &["view"],
        &["play"],
    ];
    for cmd in commands {
        let out = baraza().args(*cmd).arg("--help").assert().success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(
            text.contains("Example:") || text.contains("Examples:"),
            "baraza {} --help has no example:\n{text}",
            cmd.join(" ")
        );
    }
}

/// One line on stderr, exit 1, nothing on stdout.
fn refused(args: &[&str]) -> String {
    let out = baraza().args(args).assert().code(1);
    let o = out.get_output();
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn an_unknown_builtin_bot_is_refused_before_any_game() {
    let e = refused(&["match", "darra", "builtin:nosuch", "builtin:random"]);
    assert!(
        e.contains("bot1: unknown built-in bot 'nosuch' (known: random, greedy, search)"),
        "{e}"
    );
    let dir = std::env::temp_dir().join(format!("baraza-nosuch-{}", std::process::id()));
    let e = refused(&[
        "tournament",
        "darra",
        "--bot",
        "a=builtin:nosuch",
        "--bot",
        "b=builtin:random",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(e.contains("bot 'a': unknown built-in bot 'nosuch'"), "{e}");
    assert!(!dir.exists(), "nothing is written");
}

#[test]
fn a_start_position_must_be_of_the_ruleset_and_not_over() {
    let darra = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";
    let e = refused(&[
        "match",
        "dara",
        "builtin:random",
        "builtin:random",
        "--start",
        darra,
    ]);
    assert!(
        e.contains("--start: a 'darra' position, not a 'dara' one"),
        "{e}"
    );
    let over = "darra 0,0,0,0,0,0/0,0,0,0,0,0 1 24 24 - 0";
    let e = refused(&[
        "match",
        "darra",
        "builtin:random",
        "builtin:random",
        "--start",
        over,
    ]);
    assert!(e.contains("--start: the game is already over"), "{e}");
}

/// The lines `--help` prints for `option`: its own line and its description.
fn help_of(command: &str, option: &str) -> String {
    let out = baraza().args([command, "--help"]).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("{option} ")))
        .unwrap_or_else(|| panic!("baraza {command} --help has no {option}:\n{text}"));
    let mut block = vec![lines[at].trim()];
    for l in &lines[at + 1..] {
        let t = l.trim();
        if t.is_empty() || t.starts_with('-') {
            break;
        }
        block.push(t);
    }
    block.join(" ")
}

#[test]
fn match_and_tournament_share_the_clock_options() {
    // Declared once: the same option, value name and help in both commands.
    for option in [
        "--startup-timeout",
        "--movetime",
        "--tc",
        "--margin",
        "--max-plies",
    ] {
        let m = help_of("match", option);
        assert_eq!(m, help_of("tournament", option), "{option}");
        assert!(
            m.len() > option.len() + 20,
            "{option} has a description: {m}"
        );
    }
    // The documented defaults are the ones both apply.
    assert!(help_of("match", "--tc").contains("10+0.1"));
    assert!(help_of("tournament", "--margin").contains("[default: 50]"));
}
