//! `baraza check-bot` with real bots: it accepts every example bot in `bots/` (and the built-in
//! ones), and rejects each mistaken bot of `tests/bots/` with the words that name its mistake.

use crate::support::{baraza, bot, DECLINES_BAO, MEMORY_HOG, REUSE_BOT};

pub(super) struct Checked {
    pub code: Option<i32>,
    pub stdout: String,
    pub json: serde_json::Value,
}

/// Run `check-bot ARGS...` twice, as text and as JSON, from the repository's root (with
/// `--startup-timeout 3000` unless ARGS set one).
pub(super) fn check(args: &[&str], unbuffered: bool) -> Checked {
    let run = |json: bool| {
        let mut cmd = baraza();
        cmd.arg("check-bot")
            .args(args)
            .args(["--grace", "300"])
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        if !args.contains(&"--startup-timeout") {
            cmd.args(["--startup-timeout", "3000"]);
        }
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
        &format!("{REUSE_BOT} exitgameover {}", pids.display()),
        true,
        "its process exited between games (before game 2)",
    );
    let _ = std::fs::remove_file(&pids);
    // A UCI engine's answer to 'go'.
    rejected(
        &bot("mistake_bestmove.sh"),
        true,
        "answered 'bestmove 1A ponder 1A' instead of 'move <token>' (UCI's answer to 'go'; a \
         baraza bot answers 'go' with 'move 1A')",
    );
    // Plays, but does not leave on 'quit'.
    rejected(
        &bot("mistake_ignores_quit.sh"),
        true,
        "still running 300 ms after 'quit'",
    );
}

/// The text lines of `c` that start with `prefix`.
pub(super) fn lines_starting<'a>(c: &'a Checked, prefix: &str) -> Vec<&'a str> {
    c.stdout.lines().filter(|l| l.starts_with(prefix)).collect()
}

/// The statuses of `c`'s checks, in order.
fn statuses(c: &Checked) -> Vec<&str> {
    c.json["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["status"].as_str().unwrap())
        .collect()
}

#[test]
fn one_fault_is_one_fail_and_the_checks_it_spoils_are_skipped_because_of_it() {
    // Its moves wait in its own output buffer: it loses its first game on time. The short
    // default clock (2+0.1) makes that cost about 2 s, and no further game is played for it.
    let started = std::time::Instant::now();
    let c = check(&["darra", &bot("mistake_move_unflushed.py")], true);
    let took = started.elapsed();
    assert_eq!(c.code, Some(1), "{}", c.stdout);
    // Two runs (text and JSON) of about 2 s each, not 30 s each.
    assert!(took < std::time::Duration::from_secs(16), "{took:?}");
    let games = "darra: plays 2 full games against builtin:random, on both sides";
    let fails = lines_starting(&c, "FAIL");
    assert_eq!(fails.len(), 1, "{}", c.stdout);
    assert!(
        fails[0].starts_with(&format!(
            "FAIL  {games}: game 1 (as player 1) time forfeit: player 1 (bot) "
        )),
        "{}",
        fails[0]
    );
    let because = format!("skipped because '{games}' failed");
    assert_eq!(
        lines_starting(&c, "skip"),
        [
            format!("skip  darra: plays game after game in one process: {because}"),
            format!("skip  darra: answers when it has one legal move: {because}"),
            format!("skip  darra: exits after 'quit': {because}"),
        ]
    );
    assert_eq!(statuses(&c), ["ok", "fail", "skip", "skip", "skip"]);
    let verdict = c.stdout.lines().last().unwrap();
    assert!(
        verdict.starts_with(&format!(
            "verdict: 1 of 5 checks failed (3 skipped because of them); fix the first one \
             first: {games}: game 1 (as player 1) time forfeit: "
        )),
        "{verdict}"
    );
    // The latency counts the forfeited move: asked once, and it lasted the whole clock.
    let latency = &c.json["latency"];
    assert_eq!(latency["moves"], 1, "{latency}");
    assert!(latency["max_ms"].as_u64().unwrap() >= 2000, "{latency}");
    let line = lines_starting(&c, "latency: ");
    assert_eq!(line.len(), 1, "{}", c.stdout);
    assert!(line[0].ends_with(" ms over 1 move"), "{}", line[0]);
}

#[test]
fn a_process_gone_after_a_failed_check_skips_the_quit_check_because_of_it() {
    let pids = std::env::temp_dir().join(format!("check-bot-skip-{}", std::process::id()));
    let c = check(
        &[
            "darra",
            &format!("{REUSE_BOT} exitgameover {}", pids.display()),
        ],
        true,
    );
    let _ = std::fs::remove_file(&pids);
    assert_eq!(c.code, Some(1), "{}", c.stdout);
    assert_eq!(lines_starting(&c, "FAIL").len(), 1, "{}", c.stdout);
    assert_eq!(
        lines_starting(&c, "skip"),
        [
            "skip  darra: exits after 'quit': skipped because 'darra: plays game after game in \
          one process' failed"
        ]
    );
    assert_eq!(statuses(&c), ["ok", "ok", "fail", "ok", "skip"]);
}

#[test]
fn a_bot_that_declines_a_ruleset_as_protocol_md_advises_is_one_line() {
    let c = check(&["darra", "bao", "dara", DECLINES_BAO], true);
    assert_eq!(c.code, Some(0), "{}", c.stdout);
    let bao: Vec<&str> = c.stdout.lines().filter(|l| l.contains(" bao")).collect();
    assert_eq!(
        bao,
        [
            "skip  bao: does not play bao: it exited with status 0 after the hello 'baraza 1 \
             bao' without sending 'ready', as protocol.md advises for a ruleset a bot does not \
             play; its stderr ended: declines-bao: I do not play bao",
            "verdict: the bot follows the protocol: it is ready for `baraza match` and `baraza \
             tournament` (it does not play bao)"
        ]
    );
    assert!(!c.stdout.contains("FAIL"), "{}", c.stdout);
    // The hello, four checks for each of darra and dara, one line for bao.
    assert_eq!(c.json["checks"].as_array().unwrap().len(), 1 + 4 + 1 + 4);
    assert_eq!(c.json["passed"], true);
    // Declining the only ruleset given is a failure: it plays nothing that was asked.
    let c = check(&["bao", DECLINES_BAO], true);
    assert_eq!(c.code, Some(1), "{}", c.stdout);
    assert_eq!(
        lines_starting(&c, "FAIL"),
        [
            "FAIL  starts and answers the hello with 'ready': it declined every ruleset given \
          (bao): a bot answers the hello of a ruleset it plays with 'ready'"
        ]
    );
}

// ---- check-bot under an event's settings -----------------------------------------------------

/// `check-bot --config EVENT` checks every entrant under the event's ruleset (dara here), its
/// clock and its hosting keys: the honest bot passes, the one with a chess habit fails naming
/// it, and the one that takes 1 GiB at its first turn fails under its own `memory = 256`. One
/// line per bot, a summary, exit status 1.
#[test]
fn check_bot_config_checks_every_entrant_under_the_events_rules() {
    let dir = crate::support::temp_dir("check-bot-event");
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        format!(
            "ruleset = \"dara\"\nmovetime = 1000\n\
             [[bot]]\nname = \"good\"\ncmd = \"python3 bots/python/random_bot.py\"\n\
             [[bot]]\nname = \"uci\"\ncmd = \"{uci}\"\n\
             [[bot]]\nname = \"hog\"\ncmd = \"python3 {hog}\"\nmemory = 256\n",
            uci = bot("mistake_bestmove.sh"),
            hog = MEMORY_HOG,
        ),
    )
    .unwrap();
    let c = check(&["--config", event.to_str().unwrap()], true);
    assert_eq!(c.code, Some(1), "{}", c.stdout);
    let lines: Vec<&str> = c.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", c.stdout);
    assert!(
        lines[0].starts_with("ok    good: the bot follows the protocol"),
        "{}",
        c.stdout
    );
    assert!(lines[1].starts_with("FAIL  uci: "), "{}", c.stdout);
    assert!(lines[1].contains("bestmove"), "{}", c.stdout);
    assert!(lines[2].starts_with("FAIL  hog: "), "{}", c.stdout);
    assert!(
        lines[2].contains("exceeded --memory 256 MB"),
        "{}",
        c.stdout
    );
    assert_eq!(lines[3], "1 of 3 bots passed; failed: uci, hog");

    // The JSON: each bot's whole report, its checks named for the event's ruleset.
    let bots = c.json["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 3);
    assert_eq!(bots[0]["name"], "good");
    assert_eq!(bots[0]["passed"], true);
    let names: Vec<&str> = bots[0]["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(
        names[1..].iter().all(|n| n.starts_with("dara: ")),
        "{names:?}"
    );
    assert_eq!(c.json["summary"], "1 of 3 bots passed; failed: uci, hog");
}

/// `check-bot` takes the hosting options itself: under `--memory 256` the bot that takes
/// 1 GiB fails with the limit's reason.
#[test]
fn check_bot_takes_the_hosting_options() {
    let hog = format!("python3 {MEMORY_HOG}");
    let c = check(&["darra", &hog, "--memory", "256"], true);
    assert_eq!(c.code, Some(1), "{}", c.stdout);
    assert!(
        c.stdout.contains("exceeded --memory 256 MB"),
        "{}",
        c.stdout
    );
    // An event file and a bot on the command line are one too many.
    let err = crate::support::refused(
        &["check-bot", "darra", "./bot", "--config", "event.toml"],
        2,
    );
    assert!(err.contains("cannot be used with"), "{err}");
}
