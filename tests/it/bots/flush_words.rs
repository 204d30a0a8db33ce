//! A bot that writes `ready` and leaves it in its output buffer, in each of the seven starter
//! kits' languages: the reason names that language's own call (C's `fflush(stdout)`, Go's
//! `bufio.Writer`'s `Flush()`...), never Python's unless it is Python, and the
//! `PYTHONUNBUFFERED` note only for Python. Each bot is compiled into a scratch folder; a
//! compiler missing skips its test (ignored), and fails it under `CI=true`.

use crate::support::{bot, need, temp_dir, text, Match, Tool};
use std::path::Path;
use std::process::Command;

/// `args` run in `dir`, which must succeed (a compiler).
fn build(dir: &Path, args: &[&str]) {
    let out = Command::new(args[0])
        .args(&args[1..])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
}

/// The reason of the one game `command` (run in `dir`) loses for sending no `ready`: it wrote
/// `ready` into a buffer and waits for its next line. `PYTHONUNBUFFERED=1` is set for baraza
/// unless `python`, whose bot it would flush.
fn reason(dir: &Path, command: &str, python: bool) -> String {
    reason_within(dir, command, python, 4000)
}

/// [`reason`] with a start-up deadline of `startup_ms`.
fn reason_within(dir: &Path, command: &str, python: bool, startup_ms: u64) -> String {
    let game = Match::new("darra", command, "builtin:random")
        .games(1)
        // A JVM or a Python on a loaded machine can take over 1 s only to start.
        .args(["--startup-timeout", &startup_ms.to_string()])
        .jsonl(dir.join("g.jsonl"));
    let game = if python {
        game.env_remove("PYTHONUNBUFFERED")
    } else {
        game.env("PYTHONUNBUFFERED", "1")
    };
    let g = game.played().all_records().remove(0);
    assert_eq!(g["termination"], "stalled connection", "{g}");
    let reason = g["reason"].as_str().unwrap().to_string();
    assert!(
        reason.contains(&format!(
            "within the startup deadline of {startup_ms} ms: it wrote nothing on stdout: "
        )),
        "{reason}"
    );
    if !python {
        assert!(!reason.contains("Python"), "{reason}");
        assert!(!reason.contains("PYTHONUNBUFFERED"), "{reason}");
    }
    reason
}

/// The source `name` written into a fresh folder.
fn source(test: &str, name: &str, code: &str) -> crate::support::TempDir {
    let dir = temp_dir(test);
    std::fs::write(dir.join(name), code).unwrap();
    dir
}

#[test]
#[cfg_attr(not(tool_cc), ignore = "needs a C compiler (cc)")]
fn an_unflushed_c_bot_is_told_fflush() {
    need(Tool::Cc);
    let dir = source(
        "flush-c",
        "bot.c",
        r#"#include <stdio.h>
#include <string.h>
int main(void) {
    char line[4096];
    while (fgets(line, sizeof line, stdin))
        if (strncmp(line, "baraza", 6) == 0)
            printf("ready\n"); /* no fflush(stdout): kept in the buffer */
    return 0;
}
"#,
    );
    build(&dir, &["cc", "-O1", "-o", "bot", "bot.c"]);
    let r = reason(&dir, &format!("{}/bot", dir.display()), false);
    assert!(
        r.ends_with(
            "is its output flushed after each line (in C, stdout is buffered when it is a pipe: \
             call fflush(stdout))?"
        ),
        "{r}"
    );
}

#[test]
#[cfg_attr(not(tool_cxx), ignore = "needs a C++ compiler (c++)")]
fn an_unflushed_cpp_bot_is_told_endl() {
    need(Tool::Cxx);
    let dir = source(
        "flush-cpp",
        "bot.cpp",
        r#"#include <iostream>
#include <string>
int main() {
    // The competitive programmer's fast input: std::cin no longer flushes std::cout before
    // each read, so nothing does.
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    std::string line;
    while (std::getline(std::cin, line))
        if (line.rfind("baraza", 0) == 0)
            std::cout << "ready\n"; // no std::endl: kept in the buffer
}
"#,
    );
    build(&dir, &["c++", "-O1", "-o", "bot", "bot.cpp"]);
    let r = reason(&dir, &format!("{}/bot", dir.display()), false);
    assert!(
        r.contains("in C++, std::cout is buffered when it is a pipe"),
        "{r}"
    );
    assert!(r.contains("std::endl, or call std::cout.flush()"), "{r}");
}

#[test]
#[cfg_attr(not(tool_go), ignore = "needs Go (go)")]
fn an_unflushed_go_bot_is_told_its_writers_flush() {
    need(Tool::Go);
    let dir = source(
        "flush-go",
        "bot.go",
        r#"package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout) // never flushed
	for in.Scan() {
		if strings.HasPrefix(in.Text(), "baraza") {
			fmt.Fprintln(out, "ready")
		}
	}
}
"#,
    );
    build(&dir, &["go", "build", "-o", "bot", "bot.go"]);
    let r = reason(&dir, &format!("{}/bot", dir.display()), false);
    assert!(
        r.contains("in Go, a write to os.Stdout goes out at once, but a bufio.Writer"),
        "{r}"
    );
    assert!(r.contains("Flush()"), "{r}");
}

#[test]
#[cfg_attr(not(tool_javac), ignore = "needs a JDK (javac)")]
fn an_unflushed_java_bot_is_told_its_writers_flush() {
    need(Tool::Javac);
    let dir = source(
        "flush-java",
        "Bot.java",
        r#"import java.io.*;
public class Bot {
    public static void main(String[] a) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(System.out); // no autoflush, never flushed
        for (String line; (line = in.readLine()) != null; )
            if (line.startsWith("baraza")) out.println("ready");
    }
}
"#,
    );
    build(&dir, &["javac", "-d", "out", "Bot.java"]);
    // The JVM's compiler threads still run seconds after a start on a loaded machine (every
    // thread counts as computing): the default deadline leaves them time to go quiet.
    let command = format!("java -cp {}/out Bot", dir.display());
    let r = reason_within(&dir, &command, false, 10_000);
    assert!(
        r.contains("in Java, System.out.println flushes, but a PrintWriter or BufferedWriter"),
        "{r}"
    );
}

#[test]
#[cfg_attr(not(tool_node), ignore = "needs Node.js (node)")]
fn a_node_bot_waiting_for_the_end_of_its_input_is_told_so() {
    need(Tool::Node);
    // node writes to a pipe at once: what keeps its answer back is reading to the end.
    let dir = source(
        "flush-js",
        "bot.js",
        r#"const input = require('fs').readFileSync(0, 'utf8'); // waits for the end of stdin
for (const line of input.split('\n'))
  if (line.startsWith('baraza')) console.log('ready');
"#,
    );
    let r = reason(&dir, &format!("node {}/bot.js", dir.display()), false);
    assert!(r.contains("node writes a line to a pipe at once"), "{r}");
    assert!(r.contains("readline's 'line' event"), "{r}");
}

#[test]
#[cfg_attr(not(tool_python3), ignore = "needs python3")]
fn an_unflushed_python_bot_is_told_flush_true_and_pythonunbuffered() {
    need(Tool::Python3);
    let dir = temp_dir("flush-python");
    let r = reason(&dir, &bot("mistake_no_flush.py"), true);
    assert!(
        r.ends_with("(in Python, print(..., flush=True), or call sys.stdout.flush())?"),
        "{r}"
    );
    // PYTHONUNBUFFERED set for baraza: the note that the bot does not get it.
    let game = Match::new("darra", bot("mistake_no_flush.py"), "builtin:random")
        .games(1)
        .args(["--startup-timeout", "4000"])
        .env("PYTHONUNBUFFERED", "1")
        .jsonl(dir.join("g2.jsonl"));
    let g = game.played().all_records().remove(0);
    let r = g["reason"].as_str().unwrap();
    assert!(
        r.ends_with("'--env PYTHONUNBUFFERED' passes it on)") && r.contains("flush=True"),
        "{r}"
    );
}

#[test]
#[cfg_attr(not(tool_cargo), ignore = "needs cargo on the PATH")]
fn an_unflushed_rust_bot_is_told_its_bufwriters_flush() {
    need(Tool::Cargo);
    let dir = source(
        "flush-rust",
        "bot.rs",
        r#"use std::io::{BufRead, BufWriter, Write};
fn main() {
    let mut out = BufWriter::new(std::io::stdout()); // never flushed
    for line in std::io::stdin().lock().lines() {
        if line.unwrap().starts_with("baraza") {
            writeln!(out, "ready").unwrap();
        }
    }
}
"#,
    );
    build(&dir, &["rustc", "-o", "bot", "bot.rs"]);
    let r = reason(&dir, &format!("{}/bot", dir.display()), false);
    assert!(
        r.contains("in Rust, println! goes out at each line end, but a BufWriter"),
        "{r}"
    );
}
