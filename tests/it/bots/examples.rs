//! The example bots in `bots/`, driven the way a referee drives them: one turn at a time, each
//! answer awaited (with a deadline) before the next message is written, so a bot that holds
//! lines back in a buffer fails here. Each must answer `ready`, move from the given legal
//! list on every `go`, play a second game in the same process (the referee reuses processes),
//! say nothing between games, and stop at `quit`. (Full matches come with `baraza match`.) A bot
//! whose interpreter was not installed when the tests were built is reported as ignored.

use crate::support::{need, wait_for_exit, Tool};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

const GO: &str = "go p1time 1000 p2time 1000 p1inc 0 p2inc 0";
const DEADLINE: Duration = Duration::from_secs(10);

/// Darra spec examples E2, E3 (player 2 to move), then E2 with a single legal move given.
const TURNS: [(&str, &str); 3] = [
    ("darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3", "1A 2A 3A 4A 6A"),
    ("darra 1,0,3,3,5,2/0,8,7,1,0,2 2 8 8 1 2", "2B 3B 4B 6B"),
    ("darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3", "4A"),
];

struct Bot {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
}

impl Bot {
    fn start(program: &str, script: &str) -> Bot {
        let path = format!("{}/bots/{script}", env!("CARGO_MANIFEST_DIR"));
        let mut child = Command::new(program)
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("{script}: '{program}' does not start: {e}"));
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Bot {
            child,
            stdin,
            lines,
            name: script.to_string(),
        }
    }

    fn send(&mut self, text: &str) {
        self.stdin.write_all(text.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line, within the deadline.
    fn expect_line(&self, waiting_for: &str) -> String {
        self.lines
            .recv_timeout(DEADLINE)
            .unwrap_or_else(|_| panic!("{}: no line while waiting for {waiting_for}", self.name))
    }
}

fn check_bot(program: &str, script: &str) {
    let mut bot = Bot::start(program, script);
    bot.send("baraza 1 darra\n");
    loop {
        let line = bot.expect_line("ready");
        if line == "ready" {
            break;
        }
        assert!(line.starts_with("id "), "{script}: '{line}' before ready");
    }
    // Two games in one process, as player 1 then player 2: every newgame starts afresh.
    for (game, player) in [(1, 1), (2, 2)] {
        if game == 2 {
            // Between games the bot says nothing.
            assert!(
                bot.lines.recv_timeout(Duration::from_millis(300)).is_err(),
                "{script}: wrote a line between games"
            );
        }
        bot.send(&format!(
            "\nunknown message\nnewgame {player} darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0\n"
        ));
        for (pos, legal) in TURNS {
            bot.send(&format!("position {pos}\nlast 3B\nlegal {legal}\n{GO}\n"));
            let line = bot.expect_line("move");
            let mv = line
                .strip_prefix("move ")
                .unwrap_or_else(|| panic!("{script}: '{line}' is not a move"));
            assert!(
                legal.split(' ').any(|m| m == mv),
                "{script} game {game}: {mv} not in {legal}"
            );
        }
        if game == 1 {
            bot.send("gameover 1-0 normal\n");
        }
    }
    // After quit the bot exits: another turn gets no answer.
    bot.send(&format!(
        "gameover 1-0 normal\nquit\nposition {}\nlegal 1A\n{GO}\n",
        TURNS[0].0
    ));
    let status = wait_for_exit(&mut bot.child, DEADLINE, &format!("{script} after quit"));
    assert!(status.success(), "{script}: exit status {status}");
    assert!(
        bot.lines.recv_timeout(Duration::from_secs(1)).is_err(),
        "{script}: answered after quit"
    );
}

#[test]
#[cfg_attr(not(tool_python3), ignore = "needs python3")]
fn python_random_bot() {
    need(Tool::Python3);
    check_bot("python3", "python/random_bot.py");
}

#[test]
#[cfg_attr(not(tool_node), ignore = "needs Node.js (node)")]
fn javascript_random_bot() {
    need(Tool::Node);
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
