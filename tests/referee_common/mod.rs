//! Helpers shared by the referee tests: run `baraza match` with real bot processes, time each
//! game as its console line arrives, read the JSON lines, check that no process is left.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub fn baraza() -> PathBuf {
    assert_cmd::cargo::cargo_bin("baraza")
}

pub fn bot(name: &str) -> String {
    format!("{}/tests/bots/{name}", env!("CARGO_MANIFEST_DIR"))
}

pub struct MatchRun {
    pub success: bool,
    pub stdout: Vec<String>,
    pub stderr: String,
    /// Wall time of each game, from the previous game's console line (or the start).
    pub game_times: Vec<Duration>,
    pub total: Duration,
}

/// Run `baraza match ARGS...`, timing every `game N:` line as it arrives.
pub fn run_match(args: &[&str]) -> MatchRun {
    let start = Instant::now();
    let mut child = Command::new(baraza())
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("baraza starts");
    let stdout = child.stdout.take().unwrap();
    let mut lines = Vec::new();
    let mut game_times = Vec::new();
    let mut last = start;
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        if line.starts_with("game ") {
            let now = Instant::now();
            game_times.push(now - last);
            last = now;
        }
        lines.push(line);
    }
    let out = child.wait_with_output().unwrap();
    MatchRun {
        success: out.status.success(),
        stdout: lines,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        game_times,
        total: start.elapsed(),
    }
}

pub fn read_jsonl(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// The pids listed in `pidfile` that still exist (alive or zombie).
pub fn leftover_pids(pidfile: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(pidfile).unwrap_or_default();
    text.lines()
        .filter(|pid| !pid.trim().is_empty())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).ok()?;
            Some(format!("{}: {}", pid.trim(), stat.trim()))
        })
        .collect()
}

pub fn pid_count(pidfile: &Path) -> usize {
    std::fs::read_to_string(pidfile)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .count()
}

/// Send signal `sig` (e.g. `libc::SIGINT`) to a child process of this test.
pub fn send_signal(child_pid: u32, sig: i32) {
    // SAFETY: plain system call on our own child.
    unsafe {
        libc::kill(child_pid as i32, sig);
    }
}

/// Poll `cond` until it holds; panic with `what` if `timeout` passes first.
pub fn wait_until(timeout: Duration, what: &str, mut cond: impl FnMut() -> bool) {
    let start = Instant::now();
    while !cond() {
        assert!(start.elapsed() < timeout, "{what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}
