//! The example bots in `bots/`: each is piped a hand-written protocol transcript and must
//! answer `ready`, move from the given legal list on every `go`, and stop at `quit`. (Full
//! matches against the referee come with `baraza match`.) A bot whose interpreter is not
//! installed is skipped with a note on stderr.

use std::io::Write;
use std::process::{Command, Stdio};

const GO: &str = "go p1time 1000 p2time 1000 p1inc 0 p2inc 0";

fn transcript() -> String {
    let turns = [
        // Darra spec examples E2, E3 (player 2 to move), then E2 with a single legal move.
        ("darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3", "1A 2A 3A 4A 6A"),
        ("darra 1,0,3,3,5,2/0,8,7,1,0,2 2 8 8 1 2", "2B 3B 4B 6B"),
        ("darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3", "4A"),
    ];
    let mut s = String::from(
        "baraza 1 darra\n\nid unknown message\nnewgame 1 darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0\n",
    );
    for (pos, legal) in turns {
        s += &format!("position {pos}\nlast 3B\nlegal {legal}\n{GO}\n");
    }
    // After quit nothing may be answered, even though another turn follows.
    s += &format!(
        "gameover 1-0 normal\nquit\nposition {}\nlegal 1A\n{GO}\n",
        turns[0].0
    );
    s
}

fn check_bot(program: &str, script: &str) {
    let path = format!("{}/bots/{script}", env!("CARGO_MANIFEST_DIR"));
    let child = Command::new(program)
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        eprintln!("skipped {script}: '{program}' is not installed");
        return;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(transcript().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{script}: {stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let ready = lines.iter().position(|l| *l == "ready").expect("ready");
    assert!(
        lines[..ready].iter().all(|l| l.starts_with("id ")),
        "{lines:?}"
    );
    let moves: Vec<&str> = lines[ready + 1..]
        .iter()
        .map(|l| {
            l.strip_prefix("move ")
                .unwrap_or_else(|| panic!("{script}: '{l}'"))
        })
        .collect();
    assert_eq!(moves.len(), 3, "{script}: {lines:?}");
    assert!(
        ["1A", "2A", "3A", "4A", "6A"].contains(&moves[0]),
        "{moves:?}"
    );
    assert!(["2B", "3B", "4B", "6B"].contains(&moves[1]), "{moves:?}");
    assert_eq!(moves[2], "4A");
}

#[test]
fn python_random_bot() {
    check_bot("python3", "python/random_bot.py");
}

#[test]
fn javascript_random_bot() {
    check_bot("node", "javascript/random_bot.js");
}

#[test]
fn shell_random_bot() {
    check_bot("sh", "shell/random_bot.sh");
}

#[test]
fn example_bots_are_short_templates() {
    for script in [
        "python/random_bot.py",
        "javascript/random_bot.js",
        "shell/random_bot.sh",
    ] {
        let path = format!("{}/bots/{script}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.lines().count() <= 40,
            "{script} is longer than 40 lines"
        );
        assert!(
            text.contains("Copy this file"),
            "{script} says it is a template"
        );
    }
}
