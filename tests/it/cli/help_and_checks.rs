//! What a user meets first: every command's `--help` teaches by example, and mistakes in the
//! bots or the start position are refused before any game, in one line.

use crate::support::{baraza, baraza_ok, refused, Match};

/// Every command and subcommand (`every_command_is_listed` keeps this list whole).
const COMMANDS: &[&[&str]] = &[
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
    &["repair"],
    &["view"],
    &["play"],
    &["check-bot"],
    &["hosting-check"],
    &["openings"],
    &["openings", "list"],
    &["openings", "generate"],
    &["new-bot"],
    &["league"],
    &["league", "new"],
    &["league", "submit"],
    &["league", "invite"],
    &["league", "withdraw"],
    &["league", "run"],
    &["league", "merge"],
    &["league", "leaderboard"],
    &["serve"],
    &["completions"],
    &["man"],
];

/// The commands a `--help` lists under "Commands:" (without `help`).
fn listed_commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

#[test]
fn every_command_is_listed() {
    let listed = |prefix: &[&str]| -> Vec<Vec<String>> {
        let help = baraza_ok(prefix.iter().chain(&["--help"]));
        listed_commands(&help)
            .into_iter()
            .map(|c| prefix.iter().map(|p| p.to_string()).chain([c]).collect())
            .collect()
    };
    let mut all = vec![vec![]];
    for top in listed(&[]) {
        let sub = listed(&[top[0].as_str()]);
        all.push(top);
        all.extend(sub);
    }
    let ours: Vec<Vec<String>> = COMMANDS
        .iter()
        .map(|c| c.iter().map(|w| w.to_string()).collect())
        .collect();
    assert_eq!(ours, all, "COMMANDS is every command --help lists");
}

#[test]
fn every_command_help_has_an_example() {
    for cmd in COMMANDS {
        let text = baraza_ok(cmd.iter().chain(&["--help"]));
        assert!(
            text.contains("Example:") || text.contains("Examples:"),
            "baraza {} --help has no example:\n{text}",
            cmd.join(" ")
        );
    }
}

/// Every `--help`, whole, as reviewed (tests/it/snapshots/help*.snap). No terminal here, so
/// no colours, and clap wraps nothing (no `wrap_help`): the text is the same everywhere.
#[test]
fn every_command_help_is_as_reviewed() {
    for cmd in COMMANDS {
        let text = baraza_ok(cmd.iter().chain(&["--help"]));
        let name: String = ["help"]
            .iter()
            .chain(*cmd)
            .copied()
            .collect::<Vec<_>>()
            .join("-");
        assert_snapshot!(name, text);
    }
}

#[test]
fn an_unknown_builtin_bot_is_refused_before_any_game() {
    let e = refused(&["match", "darra", "builtin:nosuch", "builtin:random"], 1);
    assert!(
        e.contains("bot1: unknown built-in bot 'nosuch' (known: random, greedy, search)"),
        "{e}"
    );
    let dir = std::env::temp_dir().join(format!("baraza-nosuch-{}", std::process::id()));
    let e = refused(
        &[
            "tournament",
            "darra",
            "--bot",
            "a=builtin:nosuch",
            "--bot",
            "b=builtin:random",
            "--out",
            dir.to_str().unwrap(),
        ],
        1,
    );
    assert!(e.contains("bot 'a': unknown built-in bot 'nosuch'"), "{e}");
    assert!(!dir.exists(), "nothing is written");
}

#[test]
fn a_start_position_must_be_of_the_ruleset_and_not_over() {
    let darra = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";
    let e = Match::new("dara", "builtin:random", "builtin:random")
        .start(darra)
        .refused(1);
    assert!(
        e.contains("--start: a 'darra' position, not a 'dara' one"),
        "{e}"
    );
    let over = "darra 0,0,0,0,0,0/0,0,0,0,0,0 1 24 24 - 0";
    let e = Match::new("darra", "builtin:random", "builtin:random")
        .start(over)
        .refused(1);
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

/// A value read into its type where it enters (clap's value parsers) and refused there: one line
/// `baraza: ...` naming the option, status 1, as `match --help` promises for a bad value; text
/// that is not a number at all stays clap's usage error (status 2).
#[test]
fn a_bad_value_is_refused_where_it_enters_in_one_line() {
    let two = ["--bot", "a=builtin:random", "--bot", "b=builtin:random"];
    let tournament = |extra: &[&str]| -> Vec<String> {
        ["tournament", "darra"]
            .iter()
            .chain(&two)
            .chain(extra)
            .chain(&["--dry-run"])
            .map(|s| s.to_string())
            .collect()
    };
    let m = ["match", "darra", "builtin:random", "builtin:random"];
    let with = |base: &[&str], extra: &[&str]| -> Vec<String> {
        base.iter().chain(extra).map(|s| s.to_string()).collect()
    };
    let dir = std::env::temp_dir().join(format!("baraza-bad-values-{}", std::process::id()));
    let dir = dir.to_str().unwrap().to_string();
    for (args, line) in [
        (
            with(&m, &["--games", "0"]),
            "baraza: --games must be at least 1",
        ),
        (
            with(&m, &["--concurrency", "0"]),
            "baraza: --concurrency must be at least 1",
        ),
        (
            tournament(&["--concurrency", "0"]),
            "baraza: --concurrency must be at least 1",
        ),
        (
            tournament(&["--sprt", "elo0=0,elo1=x"]),
            "baraza: SPRT: 'x' is not a number",
        ),
        (
            tournament(&["--sprt", "elo0=10,elo1=0"]),
            "baraza: SPRT: elo0 (10) must be less than elo1 (0)",
        ),
        (
            tournament(&["--bot", "c="]),
            "baraza: --bot: 'c=' has no bot: give NAME=BOT, BOT a command line or builtin:<name>",
        ),
        (
            with(&["results", &dir], &["--anchor", "mine"]),
            "baraza: --anchor: 'mine' is not NAME=ELO",
        ),
        (
            with(&["results", &dir], &["--anchor", "mine=x"]),
            "baraza: --anchor: 'x' is not a number",
        ),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_eq!(refused(&args, 1), format!("{line}\n"), "{args:?}");
    }
    // Not a number: clap's own words, a usage error.
    let e = refused(
        &m.iter()
            .chain(&["--games", "x"])
            .copied()
            .collect::<Vec<_>>(),
        2,
    );
    assert!(e.contains("invalid value 'x' for '--games <GAMES>'"), "{e}");
}
