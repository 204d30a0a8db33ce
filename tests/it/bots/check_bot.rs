//! `baraza check-bot` with real bots: it accepts every example bot in `bots/` (and the built-in
//! ones), and rejects each mistaken bot of `tests/bots/` with the words that name its mistake.

use crate::support::{baraza, bot};

struct Checked {
    code: Option<i32>,
    stdout: String,
    json: serde_json::Value,
}

/// Run `check-bot ARGS...` twice, as text and as JSON, from the repository's root.
fn check(args: &[&str], unbuffered: bool) -> Checked {
    let run = |json: bool| {
        let mut cmd = baraza();
        cmd.arg("check-bot")
            .args(args)
            .args(["--startup-timeout", "3000", "--grace", "300"])
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        if json {
            cmd.arg("--json");
        }
        if !unbuffered {
            cmd.env_remove("PYTHONUNBUFFERED");
        }
        cmd.output().unwrap()
    };
    let text = run(false);
    let json = run(true);
    assert_eq!(text.status.code(), json.status.code());
    Checked {
        code: text.status.code(),
        stdout: String::from_utf8(text.stdout).unwrap(),
        json: serde_json::from_slice(&json.stdout).unwrap(),
    }
}

#[test]
fn every_example_bot_passes_on_every_game() {
    for b in [
        "python3 bots/python/random_bot.py",
        "node bots/javascript/random_bot.js",
        "sh bots/shell/random_bot.sh",
        "builtin:greedy",
    ] {
        let c = check(&["darra", "bao", "dara", b], true);
        assert_eq!(c.code, Some(0), "{b}:\n{}", c.stdout);
        assert!(
            c.stdout.contains("verdict: the bot follows the protocol"),
            "{}",
            c.stdout
        );
        assert!(!c.stdout.contains("FAIL"), "{}", c.stdout);
        // One hello check, then four per ruleset.
        let checks = c.json["checks"].as_array().unwrap();
        assert_eq!(checks.len(), 1 + 3 * 4, "{b}");
        assert_eq!(c.json["passed"], true);
        assert_eq!(c.json["schema"], 1);
        assert!(c.json["latency"]["moves"].as_u64().unwrap() > 10, "{b}");
        // The single-legal-move check was really played for every ruleset.
        let only: Vec<&str> = checks
            .iter()
            .filter(|c| c["name"].as_str().unwrap().ends_with("one legal move"))
            .map(|c| c["detail"].as_str().unwrap())
            .collect();
        assert_eq!(only.len(), 3);
        assert!(only.iter().all(|d| !d.contains("skipped")), "{only:?}");
        assert!(only[2].starts_with("e1-e2 from 'dara "), "{only:?}");
    }
}

/// `check-bot darra BOT` fails, its first failed check's detail holds `words`, and the
/// verdict quotes that check.
fn rejected(bot_command: &str, unbuffered: bool, words: &str) {
    let c = check(&["darra", bot_command], unbuffered);
    assert_eq!(c.code, Some(1), "{bot_command}:\n{}", c.stdout);
    assert_eq!(c.json["passed"], false);
    let failed: Vec<&serde_json::Value> = c.json["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["passed"] == false)
        .collect();
    let detail = failed[0]["detail"].as_str().unwrap();
    assert!(
        detail.contains(words),
        "{bot_command}: '{detail}' lacks '{words}'"
    );
    let verdict = c.stdout.lines().last().unwrap();
    assert!(verdict.starts_with("verdict: "), "{verdict}");
    assert!(verdict.contains(words), "{verdict}");
}

#[test]
fn mistakes_in_the_command_are_named() {
    rejected(&bot("mistake_no_shebang.py"), true, "without a '#!' line");
    rejected(&bot("mistake_crlf.py"), true, "CRLF");
    rejected(&bot("mistake_not_executable.py"), true, "chmod +x");
    rejected("no-such-bot-xyz", true, "not found on PATH");
    rejected(
        "sh bots/shell/random_bot.sh | tee log",
        true,
        "'|' is shell syntax",
    );
}

#[test]
fn mistakes_in_the_handshake_are_named() {
    rejected(
        &bot("mistake_readyok.sh"),
        true,
        "it sent 'readyok' (UCI's answer",
    );
    rejected(
        &bot("mistake_debug_print.sh"),
        true,
        "debug output belongs on stderr",
    );
    rejected(&bot("mistake_no_flush.py"), false, "is its output flushed");
}

#[test]
fn mistakes_in_play_are_named() {
    // Crashes on its first turn: the game is lost, with the traceback's end.
    rejected(
        &bot("mistake_raises.py"),
        true,
        "ZeroDivisionError: division by zero",
    );
    // Plays one game, then exits at 'gameover' instead of waiting for 'newgame'.
    let pids = std::env::temp_dir().join(format!("check-bot-pids-{}", std::process::id()));
    rejected(
        &format!("{} exitgameover {}", bot("reuse_bot.sh"), pids.display()),
        true,
        "its process exited between games (before game 2)",
    );
    let _ = std::fs::remove_file(&pids);
    // Plays, but does not leave on 'quit'.
    rejected(
        &bot("mistake_ignores_quit.sh"),
        true,
        "still running 300 ms after 'quit'",
    );
}
