//! Hints that name the fix, each provoked by a real bot: a Java class run without `-cp` from
//! the bot's fresh working directory, a Python bot reading on past `quit`, a debug print on
//! stdout at a turn; and the Java kit's bot named by its class in the results, not by the
//! `out` folder of its class path.

use crate::support::{baraza, bot, exe, need, temp_dir, text, Match, Tool};
use std::path::Path;
use std::process::Command;

fn javac(dir: &Path, args: &[&str]) {
    let out = Command::new("javac")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
#[cfg_attr(not(tool_javac), ignore = "needs a JDK (javac)")]
fn a_java_class_run_without_cp_is_told_the_folder_to_give() {
    need(Tool::Javac);
    let dir = temp_dir("hint-java-cp");
    std::fs::write(
        dir.join("Bot.java"),
        "public class Bot { public static void main(String[] a) { System.out.println(\"ready\"); } }\n",
    )
    .unwrap();
    javac(&dir, &["Bot.java"]);
    // Started from the folder of Bot.class, as `java Bot` works in a shell there.
    let out = Match::new("darra", "java Bot", "builtin:random")
        .games(1)
        .args(["--jsonl", "g.jsonl"])
        .process()
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let g = &crate::support::read_jsonl(&dir.join("g.jsonl"))[0];
    let reason = g["reason"].as_str().unwrap();
    let here = std::fs::canonicalize(&*dir).unwrap();
    assert!(reason.contains("ClassNotFoundException: Bot"), "{reason}");
    assert!(
        reason.contains("; without -cp, java looks for Bot in its working directory, and a bot runs in a fresh, empty one ("),
        "{reason}"
    );
    assert!(
        reason.ends_with(&format!(
            "give the folder of its classes, as in 'java -cp {} Bot'",
            here.display()
        )),
        "{reason}"
    );
}

#[test]
#[cfg_attr(not(tool_python3), ignore = "needs python3")]
fn a_python_bot_reading_past_quit_is_shown_its_stderr_and_the_fix() {
    need(Tool::Python3);
    let out = Command::new(exe())
        .args(["check-bot", "darra", &bot("mistake_eof_after_quit.py")])
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let fail = stdout
        .lines()
        .find(|l| l.starts_with("FAIL"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        fail.contains("exits after 'quit': exited with status 1 after 'quit'; its stderr ended: "),
        "{fail}"
    );
    assert!(
        fail.ends_with(
            "EOFError: EOF when reading a line: it read on after 'quit', and its input ends \
             there: leave the loop on 'quit'"
        ),
        "{fail}"
    );
}

#[test]
fn a_debug_print_at_a_turn_is_told_to_go_to_stderr() {
    let dir = temp_dir("hint-debug-turn");
    let g = Match::new("darra", bot("mistake_debug_at_turn.sh"), "builtin:random")
        .games(1)
        .jsonl(dir.join("g.jsonl"))
        .played()
        .all_records()
        .remove(0);
    assert_eq!(g["termination"], "protocol error", "{g}");
    assert_eq!(
        g["reason"],
        "player 1 (mistake_debug_at_turn) answered 'searching depth 1' instead of 'move \
         <token>' (debug output belongs on stderr: at its turn a bot writes only 'info' lines \
         and its 'move' on stdout)"
    );
}

#[test]
#[cfg_attr(not(tool_javac), ignore = "needs a JDK (javac)")]
fn the_java_kits_bot_is_named_by_its_class() {
    need(Tool::Javac);
    let tmp = temp_dir("hint-java-name");
    let dir = tmp.join("mybot");
    baraza()
        .arg("new-bot")
        .arg("java")
        .arg(&dir)
        .assert()
        .success();
    javac(&dir, &["-d", "out", "Bot.java"]);
    let command = format!("java -cp {}/out Bot", dir.display());
    let run = Match::new("darra", &command, "builtin:random")
        .games(2)
        .played();
    let lines = run.game_lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for l in &lines {
        assert!(l.contains("Bot"), "{l}");
        assert!(!l.contains("out"), "{l}");
    }
}

/// A kit's bot run by a Python without the `baraza` package (here `python3 -S`: no
/// site-packages, wherever the package is installed) is told the kit's install step.
#[test]
#[cfg_attr(not(tool_python3), ignore = "needs python3")]
fn a_python_bot_without_the_baraza_package_is_told_the_install_step() {
    need(Tool::Python3);
    let dir = temp_dir("hint-no-baraza");
    std::fs::write(dir.join("bot.py"), "import baraza\n").unwrap();
    let command = format!("python3 -S {}", dir.join("bot.py").display());
    let out = Match::new("darra", &command, "builtin:random")
        .games(1)
        .args(["--jsonl", "g.jsonl"])
        .process()
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let g = &crate::support::read_jsonl(&dir.join("g.jsonl"))[0];
    let reason = g["reason"].as_str().unwrap();
    assert!(
        reason.contains("ModuleNotFoundError: No module named 'baraza'"),
        "{reason}"
    );
    assert!(
        reason.ends_with(
            "; the `baraza` Python package is not installed for the Python that ran the bot: in \
             the kit's folder, 'python3 -m venv .venv && .venv/bin/python -m pip install \
             ./vendor/baraza-python' (the step `baraza new-bot python` printed), then run the \
             bot as '.venv/bin/python bot.py'"
        ),
        "{reason}"
    );
}
