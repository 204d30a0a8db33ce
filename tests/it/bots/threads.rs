//! Whether a silent bot was computing is read from every thread of every process of it: a
//! JVM's first thread waits while another searches, a Go program computes on whichever thread
//! its scheduler picks. A bot searching in a thread past its move or before its `ready` is
//! told it was thinking (or starting), never asked about flushing; a bot asleep is told so.
//! The bots are compiled by each test into a temporary folder.

use crate::support::{bot, need, temp_dir, Match, TempDir, Tool};
use std::process::Command;

/// One game of `command` against builtin:random (a 300 ms move, a 1000 ms start); its reason.
fn reason_of(command: &str, dir: &TempDir, termination: &str) -> String {
    let g = Match::new("darra", command, "builtin:random")
        .games(1)
        .movetime(300)
        .args(["--startup-timeout", "1000"])
        // One log per kind of game ("move", "start": the command's last word).
        .jsonl(dir.join(format!("{}.jsonl", command.rsplit(' ').next().unwrap())))
        .played()
        .all_records()
        .remove(0);
    assert_eq!(g["termination"], termination, "{g}");
    g["reason"].as_str().unwrap().to_string()
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `java -cp DIR ThreadSearch` compiled into a fresh folder.
fn java_bot(dir: &TempDir) -> String {
    run(Command::new("javac")
        .arg("-d")
        .arg(dir.as_path())
        .arg(bot("ThreadSearch.java")));
    format!("java -cp {} ThreadSearch", dir.as_path().display())
}

/// `thread_search` built from its Go source into a fresh folder.
fn go_bot(dir: &TempDir) -> String {
    let exe = dir.join("thread_search");
    run(Command::new("go")
        .args(["build", "-o"])
        .arg(&exe)
        .arg(bot("thread_search.go"))
        .env("GOCACHE", dir.join("go-cache"))
        .env("GO111MODULE", "off"));
    exe.display().to_string()
}

fn thinking_past_its_move(reason: &str) {
    assert!(
        reason.contains(
            "did not move within 300 ms (+50 ms margin): it was still thinking when \
                         it was stopped"
        ),
        "{reason}"
    );
    assert!(!reason.contains("flush"), "{reason}");
}

fn starting_past_its_deadline(reason: &str) {
    assert!(
        reason.contains(
            "did not send 'ready' within the startup deadline of 1000 ms: it was \
                         still starting up when it was stopped"
        ),
        "{reason}"
    );
    assert!(reason.contains("raise --startup-timeout"), "{reason}");
    assert!(!reason.contains("flush"), "{reason}");
}

#[test]
#[cfg_attr(not(tool_javac), ignore = "needs a JDK (javac)")]
fn a_java_bot_searching_in_a_thread_past_its_move_was_thinking() {
    need(Tool::Javac);
    let dir = temp_dir("threads-java-move");
    let java = java_bot(&dir);
    thinking_past_its_move(&reason_of(&format!("{java} move"), &dir, "time forfeit"));
}

#[test]
#[cfg_attr(not(tool_javac), ignore = "needs a JDK (javac)")]
fn a_java_bot_searching_in_a_thread_before_ready_was_starting() {
    need(Tool::Javac);
    let dir = temp_dir("threads-java-start");
    let java = java_bot(&dir);
    let reason = reason_of(&format!("{java} start"), &dir, "stalled connection");
    starting_past_its_deadline(&reason);
}

#[test]
#[cfg_attr(not(tool_go), ignore = "needs Go (go)")]
fn a_go_bot_searching_in_a_goroutine_past_its_move_was_thinking() {
    need(Tool::Go);
    let dir = temp_dir("threads-go-move");
    let go = go_bot(&dir);
    thinking_past_its_move(&reason_of(&format!("{go} move"), &dir, "time forfeit"));
}

#[test]
#[cfg_attr(not(tool_go), ignore = "needs Go (go)")]
fn a_go_bot_searching_in_a_goroutine_before_ready_was_starting() {
    need(Tool::Go);
    let dir = temp_dir("threads-go-start");
    let go = go_bot(&dir);
    let reason = reason_of(&format!("{go} start"), &dir, "stalled connection");
    starting_past_its_deadline(&reason);
    // Searching 2.5 s, it was waited for: the reason says when its 'ready' came.
    assert!(reason.contains("its 'ready' came "), "{reason}");
}

/// `sleeping_bot` built from its C source into `dir`.
fn c_sleeper(dir: &TempDir) -> String {
    let exe = dir.join("sleeping_bot");
    run(Command::new("cc")
        .arg("-o")
        .arg(&exe)
        .arg(bot("sleeping_bot.c")));
    exe.display().to_string()
}

#[test]
#[cfg_attr(not(tool_cc), ignore = "needs a C compiler (cc)")]
fn a_c_bot_asleep_at_its_move_or_its_start_is_told_it_slept() {
    need(Tool::Cc);
    let dir = temp_dir("threads-c-sleeps");
    let c = c_sleeper(&dir);
    let reason = reason_of(&format!("{c} move"), &dir, "time forfeit");
    assert!(
        reason.contains(
            "did not move within 300 ms (+50 ms margin): it was asleep (in a sleep \
                         call) when it was stopped"
        ),
        "{reason}"
    );
    assert!(!reason.contains("flush"), "{reason}");
    let reason = reason_of(&format!("{c} start"), &dir, "stalled connection");
    assert!(
        reason.contains(
            "did not send 'ready' within the startup deadline of 1000 ms: it was \
                         asleep (in a sleep call) when it was stopped"
        ),
        "{reason}"
    );
    assert!(reason.contains("raise --startup-timeout"), "{reason}");
    assert!(!reason.contains("flush"), "{reason}");
}
