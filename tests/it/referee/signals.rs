//! SIGHUP stops `match` and `tournament` as SIGTERM does (the shared signals module): at
//! once, the finished games kept, exit status 1.

use crate::support::{temp_dir, tournament, wait_for_exit, wait_while_running, Match};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// Start `cmd` and wait until `path` has at least `n` lines.
fn start_until(mut cmd: Command, path: &Path, n: usize) -> Child {
    let mut child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let what = format!("{} having {n} lines", path.display());
    wait_while_running(&mut child, Duration::from_secs(30), &what, || {
        lines(path) >= n
    });
    child
}

/// SIGHUP, then the exit status and stderr (killed and failed after 20 s).
fn hang_up(mut child: Child) -> (bool, String) {
    // SAFETY: a signal to the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGHUP);
    }
    wait_for_exit(&mut child, Duration::from_secs(20), "after SIGHUP");
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn sighup_stops_a_match_keeping_the_logged_games() {
    let dir = temp_dir("sighup-match");
    let jsonl = dir.join("m.jsonl");
    let cmd = Match::new("darra", "builtin:random", "builtin:random")
        .games(1000000)
        .jsonl(&jsonl)
        .process();
    let child = start_until(cmd, &jsonl, 2);
    let (ok, stderr) = hang_up(child);
    assert!(!ok, "{stderr}");
    assert!(stderr.contains("interrupted during game "), "{stderr}");
    // Every line written is a whole record, after the match's header.
    let text = std::fs::read_to_string(&jsonl).unwrap();
    assert!(text.ends_with('\n'));
    for line in text.lines().skip(1) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["result"].is_string(), "{line}");
    }
}

#[test]
fn sighup_stops_a_tournament_at_once() {
    let dir = temp_dir("sighup-tournament");
    let out = dir.join("run");
    let cmd = tournament("darra", &["a=builtin:random", "b=builtin:random"])
        .rounds(100000)
        .concurrency(1)
        .quiet()
        .out(&out)
        .process();
    // The header and two games.
    let child = start_until(cmd, &out.join("games.jsonl"), 3);
    let (ok, stderr) = hang_up(child);
    assert!(!ok, "{stderr}");
    assert!(stderr.contains("SIGHUP: stopping now"), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(last.starts_with("baraza: stopped: "), "{stderr}");
}
