//! `baraza replay FILE --game K` on a terminal (tmux): the game stepped through with the keys,
//! each ply's board exactly what `replay --ply N` prints, the terminal given back to the shell
//! however the stepping ends; and not on a terminal, every ply printed at once as before.

use crate::support::tmux::Tmux;
use crate::support::{baraza, exe, need, temp_dir, Tool};
use std::path::{Path, PathBuf};

/// A whole Darra game of 41 plies (played by builtin:random and builtin:greedy), as game 3 of
/// a JSON-lines log, between alice and bob under a 10+0.5 clock: ply 1 took 1200 ms and its
/// mover said `depth 7 score cp 125`, ply 2 took 300 ms, every other ply 100 ms.
fn game_three(dir: &Path) -> PathBuf {
    let moves = "4A 4B 5A 5B 6A 4B 2A 5B 4A 2B 5A 3B 6A 5B 3A 3B 2A 2B 6A 5B 3A 3B 4A 4B 1A 4B \
                 4A 1B 3A 6B 1A 1B 5A 2B 4A 3B 5A 5B 6A 1B 2A";
    let moves: Vec<&str> = moves.split_whitespace().collect();
    let mut times = vec![100; moves.len()];
    times[0] = 1200;
    times[1] = 300;
    let mut infos = vec![serde_json::Value::Null; moves.len()];
    infos[0] = "depth 7 score cp 125".into();
    let line = serde_json::json!({
        "game": 3, "ruleset": "darra", "white": "alice", "black": "bob",
        "result": "1/2-1/2", "termination": "normal", "reason": "ended by the rules: end 24-24",
        "plies": moves.len(), "moves": moves, "times_ms": times, "move_infos": infos,
        "start": "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0", "seed": 1,
        "time_control": "10+0.5", "event": "baraza match", "site": "?",
        "date": "2026.12.07", "round": "1"
    });
    let path = dir.join("games.jsonl");
    std::fs::write(&path, format!("{line}\n")).unwrap();
    path
}

/// `replay --ply N`'s output, each line without its trailing spaces (as tmux shows them).
fn board_at(log: &Path, ply: usize) -> String {
    let out = baraza()
        .arg("replay")
        .arg(log)
        .args(["--game", "3", "--ply", &ply.to_string()])
        .assert()
        .success();
    trimmed(&String::from_utf8_lossy(&out.get_output().stdout))
}

fn trimmed(text: &str) -> String {
    text.lines()
        .map(|l| l.trim_end().to_string() + "\n")
        .collect()
}

/// The screen once it shows ply `ply`, checked to hold `replay --ply` of that ply whole.
fn shows_ply(tmux: &Tmux, log: &Path, ply: usize) -> String {
    let screen = tmux.wait_for_text(&format!("ply {ply} of 41"));
    let board = board_at(log, ply);
    assert!(
        trimmed(&screen).contains(&board),
        "ply {ply}: the board is not `replay --ply {ply}`'s:\n{board}\non:\n{screen}"
    );
    screen
}

/// tmux running `replay --game 3` of `log`, then, once it exits, a line read by the shell:
/// `typed:<line>` shows only if the terminal takes lines again (raw mode undone).
fn stepping(name: &str, log: &Path) -> Tmux {
    let cmd = format!(
        "{} replay {} --game 3; echo REPLAY-EXITED-$?; read line; echo typed:$line; sleep 60",
        exe().display(),
        log.display()
    );
    Tmux::start(name, &cmd)
}

/// After the stepping: the shell's screen back, and a line typed reaches the shell.
fn terminal_given_back(tmux: &Tmux) {
    let end = tmux.wait_for_text("REPLAY-EXITED-0");
    assert!(
        !end.contains("ply 0 of 41"),
        "still the alternate screen:\n{end}"
    );
    tmux.keys(&["abc", "Enter"]);
    tmux.wait_for_text("typed:abc");
}

#[test]
#[cfg_attr(not(tool_tmux), ignore = "needs tmux")]
fn keys_step_through_a_game_as_replay_ply_shows_it() {
    need(Tool::Tmux);
    let dir = temp_dir("replay-step");
    let log = game_three(&dir);
    let tmux = stepping("baraza-step", &log);
    let start = shows_ply(&tmux, &log, 0);
    assert!(
        start.contains("game 3: alice (player 1) vs bob (player 2), darra, 1/2-1/2 normal"),
        "{start}"
    );
    assert!(start.contains("ply 0 of 41: the start, player 1 (alice) to move"));
    assert!(
        start.contains("clocks: player 1 10s, player 2 10s"),
        "{start}"
    );
    // On a terminal, in `play`'s colours: player 1's line red.
    assert!(tmux.screen().contains("\x1b[31m"), "{}", tmux.screen());
    tmux.keys(&["Right"]);
    let one = shows_ply(&tmux, &log, 1);
    assert!(one.contains("ply 1 of 41: player 1 (alice) played 4A, in 1200ms"));
    // 10 s - 1.2 s + 0.5 s.
    assert!(one.contains("clocks: player 1 9.3s, player 2 10s"), "{one}");
    assert!(
        one.contains("eval +1.25/7\ninfo: depth 7 score cp 125\n"),
        "{one}"
    );
    tmux.keys(&["Right", "Right", "Right"]);
    shows_ply(&tmux, &log, 4);
    tmux.keys(&["Left"]);
    let three = shows_ply(&tmux, &log, 3);
    // 9.3 s - 0.1 s + 0.5 s; player 2: 10 s - 0.3 s + 0.5 s.
    assert!(three.contains("ply 3 of 41: player 1 (alice) played 5A, in 100ms"));
    assert!(
        three.contains("clocks: player 1 9.7s, player 2 10s"),
        "{three}"
    );
    assert!(!three.contains("eval"), "{three}");
    tmux.keys(&["Down"]);
    shows_ply(&tmux, &log, 13);
    tmux.keys(&["End"]);
    shows_ply(&tmux, &log, 41);
    tmux.keys(&["Right", "PageUp"]);
    shows_ply(&tmux, &log, 31);
    tmux.keys(&["Home"]);
    shows_ply(&tmux, &log, 0);
    tmux.keys(&["2", "5"]);
    tmux.wait_for_text("go to ply: 25");
    tmux.keys(&["Enter"]);
    shows_ply(&tmux, &log, 25);
    tmux.keys(&["q"]);
    terminal_given_back(&tmux);
}

#[test]
#[cfg_attr(not(tool_tmux), ignore = "needs tmux")]
fn ctrl_c_and_esc_leave_the_stepping_with_the_terminal_restored() {
    need(Tool::Tmux);
    let dir = temp_dir("replay-step-keys");
    let log = game_three(&dir);
    for (name, key) in [("baraza-step-int", "C-c"), ("baraza-step-esc", "Escape")] {
        let tmux = stepping(name, &log);
        tmux.wait_for_text("ply 0 of 41");
        tmux.keys(&["Right"]);
        tmux.wait_for_text("ply 1 of 41");
        tmux.keys(&[key]);
        terminal_given_back(&tmux);
    }
}

#[test]
#[cfg_attr(not(tool_tmux), ignore = "needs tmux")]
fn without_keys_to_read_every_ply_is_printed_at_once() {
    need(Tool::Tmux);
    let dir = temp_dir("replay-step-stdin");
    let log = game_three(&dir);
    // The screen is a terminal but standard input is not: nothing to step with.
    let cmd = format!(
        "{} replay {} --game 3 < /dev/null; echo REPLAY-EXITED-$?; sleep 60",
        exe().display(),
        log.display()
    );
    let tmux = Tmux::start("baraza-step-stdin", &cmd);
    let end = tmux.wait_for_text("REPLAY-EXITED-0");
    assert!(end.contains("final position after 41 plies:"), "{end}");
    assert!(!end.contains("of 41"), "{end}");
}
