//! `--sandbox` (bubblewrap), with real processes: no network, no write outside the bot's own
//! directory reaches the host, no bot reads another's directory, and ordinary bots (Python
//! through a pyenv shim, node, a static binary, a shell script, a built-in) still play.
//! Without `bwrap` these tests are reported as ignored, except under CI=true, where they must
//! run (.ci/run installs bubblewrap).

use crate::support::*;
use std::path::Path;
use std::process::{Command, Output};

fn hostile(modes: &str, arg: &str) -> String {
    format!("{HOSTILE_BOT} {modes} - {arg}")
}

/// One game of `bot1` (player 1, named a) against `bot2` (named b), with `extra` options; both
/// bots' stderr in `logs`. Returns the output and the stderr of bot a and bot b.
fn game(bot1: &str, bot2: &str, extra: &[&str], logs: &Path) -> (Output, String, String) {
    let _ = std::fs::remove_dir_all(logs);
    let out = Match::new("darra", bot1, bot2)
        .names("a", "b")
        .games(1)
        .logs(logs)
        .args(extra)
        .output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let read = |name: &str| std::fs::read_to_string(logs.join(name)).unwrap_or_default();
    let (a, b) = (read("g1-p1-a.stderr"), read("g1-p2-b.stderr"));
    (out, a, b)
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn no_network_in_the_sandbox() {
    need(Tool::Bwrap);
    let dir = temp_dir("sandbox-net");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let bad = hostile("tcp", &port);
    let logs = dir.join("logs");
    // The same bot outside the sandbox reaches the listener: the test can tell.
    let (_, a, _) = game(&bad, "builtin:random", &[], &logs);
    assert!(a.contains("tcp connected"), "{a}");
    let (out, a, _) = game(&bad, "builtin:random", &["--sandbox"], &logs);
    assert!(a.contains("tcp refused"), "{a}");
    assert!(text(&out.stdout).contains("normal"));
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn a_write_outside_its_directory_does_not_reach_the_host() {
    need(Tool::Bwrap);
    let dir = temp_dir("sandbox-write");
    let logs = dir.join("logs");
    // One directory under /tmp (hidden in the sandbox), one in the build tree (read-only).
    let in_tmp = dir.join("outside");
    let in_tree =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sbx-{}", std::process::id()));
    for target in [&in_tmp, &in_tree] {
        std::fs::create_dir_all(target).unwrap();
        let written = target.join("written-by-bot");
        let bad = hostile("write", target.to_str().unwrap());
        let (_, a, _) = game(&bad, "builtin:random", &[], &logs);
        assert!(a.contains("write ok") && written.exists(), "{a}");
        std::fs::remove_file(&written).unwrap();
        let (out, _, _) = game(&bad, "builtin:random", &["--sandbox"], &logs);
        assert!(
            !written.exists(),
            "the sandboxed write reached {}",
            written.display()
        );
        assert!(text(&out.stdout).contains("normal"));
    }
    std::fs::remove_dir_all(&in_tree).unwrap();
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn a_bot_cannot_read_the_other_bots_directory() {
    need(Tool::Bwrap);
    let dir = temp_dir("sandbox-peek");
    let logs = dir.join("logs");
    let wd = dir.join("wd");
    std::fs::create_dir_all(&wd).unwrap();
    let wd = std::fs::canonicalize(&wd).unwrap();
    let glob = format!("{}/baraza-*-b/secret", wd.display());
    let peek = hostile("peek", &glob);
    let keep = hostile("secret", "s3cret-of-b");
    let opts = ["--workdir", wd.to_str().unwrap()];
    let (_, a, _) = game(&peek, &keep, &opts, &logs);
    assert!(
        a.contains("peek read: s3cret-of-b"),
        "outside the sandbox it can: {a}"
    );
    let (out, a, _) = game(&peek, &keep, &[&opts[..], &["--sandbox"]].concat(), &logs);
    assert!(a.contains("peek failed"), "{a}");
    assert!(!a.contains("s3cret"), "{a}");
    assert!(text(&out.stdout).contains("normal"));
}

/// A static build of bench/fastbot.c (the test calling this needs [`Tool::StaticCc`]).
fn static_bot(dir: &Path) -> String {
    let exe = dir.join("fastbot-static");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/fastbot.c");
    let out = Command::new("cc")
        .args(["-O2", "-static", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap();
    assert!(out.status.success(), "cc -static: {}", text(&out.stderr));
    exe.to_string_lossy().into_owned()
}

/// `x` against `y` under `--sandbox`, from the package's root: two normal games.
fn two_normal_games_in_the_sandbox(x: &str, y: &str) {
    let out = Match::new("darra", x, y)
        .games(2)
        .arg("--sandbox")
        .process()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{x} vs {y}: {}", text(&out.stderr));
    assert_eq!(
        stdout.matches(" normal, ").count(),
        2,
        "{x} vs {y}: {stdout}"
    );
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn ordinary_bots_play_normally_in_the_sandbox() {
    need(Tool::Bwrap);
    // Python through PATH: on this machine a pyenv shim under the (hidden) home.
    two_normal_games_in_the_sandbox(
        "python3 bots/python/random_bot.py",
        "node bots/javascript/random_bot.js",
    );
    two_normal_games_in_the_sandbox("sh bots/shell/random_bot.sh", "builtin:random");
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
#[cfg_attr(
    all(tool_bwrap, not(tool_static_cc)),
    ignore = "needs static linking (cc -static, libc.a)"
)]
fn a_static_binary_plays_normally_in_the_sandbox() {
    need(Tool::Bwrap);
    need(Tool::StaticCc);
    let dir = temp_dir("sandbox-static");
    two_normal_games_in_the_sandbox(&static_bot(&dir), "sh bots/shell/random_bot.sh");
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn sandbox_per_bot_in_an_event_file() {
    need(Tool::Bwrap);
    let dir = temp_dir("sandbox-event");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        format!(
            "ruleset = \"darra\"\n\
             [[bot]]\nname = \"boxed\"\ncmd = \"{b}\"\nsandbox = true\n\
             [[bot]]\nname = \"free\"\ncmd = \"{b}\"\n",
            b = hostile("tcp", &port)
        ),
    )
    .unwrap();
    let out_dir = dir.join("run");
    let out = event_tournament(&event)
        .quiet()
        .out(&out_dir)
        .process()
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log = |name: &str| {
        std::fs::read_to_string(out_dir.join("stderr").join(format!("{name}.log"))).unwrap()
    };
    let (boxed, free) = (log("boxed"), log("free"));
    assert!(
        boxed.contains("tcp refused") && !boxed.contains("tcp connected"),
        "{boxed}"
    );
    assert!(free.contains("tcp connected"), "{free}");
}

#[test]
fn sandbox_without_bwrap_is_an_error_before_any_game() {
    // A PATH without bwrap; the bots need none.
    let out = Match::new("darra", "builtin:random", "builtin:random")
        .arg("--sandbox")
        .env("PATH", "/nonexistent")
        .output();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("--sandbox needs bubblewrap"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(out.stdout.is_empty());
}

/// The reason of the one game `bot` plays under `--sandbox` against a built-in.
fn sandboxed_reason(bot: &str, dir: &Path) -> String {
    let jsonl = dir.join("g.jsonl");
    let _ = std::fs::remove_file(&jsonl);
    let out = Command::new(exe())
        .args([
            "match",
            "darra",
            bot,
            "builtin:random",
            "--games",
            "1",
            "--sandbox",
        ])
        .arg("--jsonl")
        .arg(&jsonl)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    read_jsonl(&jsonl)[0]["reason"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn a_sandboxed_bot_killed_by_a_signal_is_said_to_be_as_without_the_sandbox() {
    need(Tool::Bwrap);
    let dir = temp_dir("sandbox-signal");
    // bubblewrap exits with 128 + 11 for it; the reason names the signal all the same.
    let reason = sandboxed_reason(&bot("mistake_segfault.sh"), &dir);
    assert!(
        reason.starts_with("player 1 (mistake_segfault) crashed: killed by signal 11 (SIGSEGV)"),
        "{reason}"
    );
    // An exit status of its own stays one.
    let reason = sandboxed_reason(&bot("mistake_dies_at_start.sh"), &dir);
    assert!(reason.contains("exited with status 2"), "{reason}");
}
