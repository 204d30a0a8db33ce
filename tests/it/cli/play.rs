//! `baraza play`: a person against a bot, under the referee. Through stdin (no terminal)
//! against builtin:random and a scripted bot, and once in tmux on a real terminal.

use crate::support::tmux::Tmux;
use crate::support::{baraza, exe, need, temp_dir, verify_log, Match, Tool};
use std::time::{Duration, Instant};

fn play(args: &[&str], input: &str) -> (String, String) {
    let out = baraza()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .timeout(Duration::from_secs(120))
        .assert()
        .success();
    let o = out.get_output();
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

use crate::support::read_pgn as games;

#[test]
fn a_person_plays_a_whole_game_by_numbers_through_stdin() {
    let dir = temp_dir("play-stdin");
    let pgn = dir.join("g.pgn");
    // Always the first legal move: Darra ends by its rules long before 600 answers.
    let input = "1\n".repeat(600);
    let (out, _) = play(
        &[
            "darra",
            "builtin:random",
            "--movetime",
            "200",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
        &input,
    );
    let g = &games(&pgn)[0];
    assert_eq!((g.white.as_str(), g.black.as_str()), ("you", "random"));
    assert_eq!(g.termination.as_str(), "normal", "{}", g.reason);
    verify_log(&pgn);
    // Every move of the person (player 1: plies 1, 3, ...) was the first legal one, so its
    // token is the first in `rules legal` of the position before it.
    let mut pos = g.start.clone();
    for (i, mv) in g.moves.iter().enumerate() {
        if i % 2 == 0 && mv != "pass" {
            let legal = baraza()
                .args(["rules", "legal", &pos])
                .output()
                .unwrap()
                .stdout;
            let first = String::from_utf8(legal)
                .unwrap()
                .lines()
                .next()
                .unwrap()
                .to_string();
            assert_eq!(mv, &first, "ply {}", i + 1);
        }
        let next = baraza()
            .args(["rules", "apply", &pos, mv])
            .output()
            .unwrap()
            .stdout;
        pos = String::from_utf8(next).unwrap().trim_end().to_string();
    }
    // The start from player 1's seat (checked by hand against rules §2: each player's hole 1
    // is at their left, so player 1's row reads 1A..6A at the bottom, player 2's 6B..1B on top).
    let turned = "\
player 2 (row B, sows right to left), captured 0
      6B  5B  4B  3B  2B  1B
       4   4   4   4   4   4
       4   4   4   4   4   4
      1A  2A  3A  4A  5A  6A
player 1 (row A, sows left to right), captured 0  <- to move
";
    assert!(out.contains(turned), "{out}");
    // The person's first move is shown with the position after it, as `rules apply` gives it.
    let after_first = baraza()
        .args(["rules", "apply", &g.start, &g.moves[0]])
        .output()
        .unwrap()
        .stdout;
    let after_first = String::from_utf8(after_first).unwrap();
    assert!(out.contains(&format!("You played {}", g.moves[0])), "{out}");
    let after_at = out
        .find(after_first.trim_end())
        .expect("the position after the first move");
    assert!(after_at > out.find("You played").unwrap(), "{out}");
    // The end: the final position (the one replayed above), and the verdict with the score
    // `rules status` gives (`<result> end <s1>-<s2>`), the person's first.
    let status = baraza()
        .args(["rules", "status", &pos])
        .output()
        .unwrap()
        .stdout;
    let status = String::from_utf8(status).unwrap();
    let score = status.split_whitespace().last().unwrap();
    let (s1, s2) = score.split_once('-').unwrap();
    let verdict = match g.result.to_string().as_str() {
        "1-0" => format!("You won {s1}-{s2}."),
        "0-1" => format!("You lost {s1}-{s2}."),
        _ => format!("Draw {s1}-{s2}."),
    };
    assert!(out.contains(&verdict), "{status} {out}");
    assert!(
        out.contains(&format!("The final position:\n{pos}\n")),
        "{out}"
    );
    assert!(out.contains("  1) 1A"), "{out}");
    assert!(
        out.contains(&format!("The bot played {}", g.moves[1])),
        "{out}"
    );
    assert!(
        out.contains(&format!("Game over: {} normal", g.result)),
        "{out}"
    );
    assert!(out.contains("no time limit for you"), "{out}");
}

#[test]
fn tokens_mistakes_and_resign_as_player_two() {
    let dir = temp_dir("play-resign");
    let pgn = dir.join("g.pgn");
    let jsonl = dir.join("g.jsonl");
    // The bot (player 1) moves; the person answers a wrong word, a number out of range, a
    // token in upper case (the listed token is f5), then resigns on the next turn, in capitals.
    let start = "dara ....../....../....../....../...... 1 12 12 0";
    let (out, _) = play(
        &[
            "dara",
            "builtin:random",
            "--as",
            "2",
            "--name",
            "ada",
            "--movetime",
            "200",
            "--pgn",
            pgn.to_str().unwrap(),
            "--jsonl",
            jsonl.to_str().unwrap(),
            "--start",
            start,
        ],
        "zz\n999\nF5\nRESIGN\n",
    );
    assert!(out.contains("'zz' is not a legal move here"), "{out}");
    assert!(out.contains("'999' is not a legal move here"), "{out}");
    let g = &games(&pgn)[0];
    assert_eq!((g.white.as_str(), g.black.as_str()), ("random", "ada"));
    assert_eq!(g.moves.len(), 3, "{:?}", g.moves);
    assert_eq!(g.moves[1], "f5");
    assert_eq!(
        (g.result.as_str(), g.termination.as_str()),
        ("1-0", "resignation")
    );
    assert_eq!(g.reason, "player 2 (ada) resigned");
    verify_log(&pgn);
    let line: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&jsonl).unwrap().trim()).unwrap();
    assert_eq!(line["termination"], "resignation");
    assert!(
        out.contains("random vs ada: 1-0 resignation, 3 plies"),
        "{out}"
    );
}

#[test]
fn the_end_of_the_input_resigns_and_the_bots_info_is_shown() {
    let dir = temp_dir("play-info");
    let bot = dir.join("talker.sh");
    std::fs::write(
        &bot,
        "#!/bin/sh\nset -f\nwhile IFS= read -r line; do set -- $line; case $1 in\n\
         baraza) echo ready ;; legal) first=$2 ;;\n\
         go) echo \"info depth 1 about $first\"; echo \"info depth 2 about $first\";\n\
         echo \"info thinking about $first\"; echo \"move $first\" ;; quit) exit 0 ;; esac; done\n",
    )
    .unwrap();
    let pgn = dir.join("g.pgn");
    let bot_cmd = format!("sh {}", bot.display());
    let args = [
        "bao",
        &bot_cmd,
        "--as",
        "2",
        "--tc",
        "60+1",
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    let (out, _) = play(&args, "");
    // Only the last info line before the move; the depth lines with --verbose.
    assert!(!out.contains("bot info: depth"), "{out}");
    let (verbose, _) = play(&[&args[..], &["--verbose"]].concat(), "");
    for l in ["depth 1 about", "depth 2 about", "thinking about"] {
        assert!(verbose.contains(&format!("bot info: {l}")), "{verbose}");
    }
    let g = &games(&pgn)[0];
    assert_eq!(g.moves.len(), 1);
    assert!(
        out.contains(&format!("bot info: thinking about {}", g.moves[0])),
        "{out}"
    );
    assert!(out.contains("(end of input: you resign)"), "{out}");
    assert!(out.contains("clocks: player 1 "), "{out}");
    assert_eq!(
        (g.result.as_str(), g.termination.as_str()),
        ("1-0", "resignation")
    );
    verify_log(&pgn);
}

#[test]
fn what_each_move_captured_is_said() {
    let dir = temp_dir("play-captures");
    // Worked examples of the Darra rules (darra-examples.tsv): player 2 sowing 5B here takes
    // 12 seeds and makes a four in row A, which goes to player 1 (stores 8 8 become 12 20).
    let bot = dir.join("five-b.sh");
    std::fs::write(
        &bot,
        "#!/bin/sh\nwhile IFS= read -r line; do case $line in\n\
         baraza*) echo ready ;; go*) echo 'move 5B' ;; quit) exit 0 ;; esac; done\n",
    )
    .unwrap();
    let bot_cmd = format!("sh {}", bot.display());
    let start = "darra 2,0,3,1,0,2/1,3,1,2,14,3 2 8 8 1 0";
    let (out, _) = play(&["darra", &bot_cmd, "--start", start], "");
    assert!(
        out.contains("The bot played 5B: captured 12 (and 4 for you)."),
        "{out}"
    );
    // Player 1 sowing 4A here makes a four with its last seed: 4 seeds, stores 8 becomes 12.
    let start = "darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3";
    let (out, _) = play(
        &["darra", "builtin:random", "--start", start],
        "4a\nresign\n",
    );
    assert!(out.contains("You played 4A: captured 4."), "{out}");
    assert!(
        out.contains("darra 2,1,5,0,1,3/2,6,1,0,2,1 2 12 12 1 0"),
        "{out}"
    );
    assert!(out.contains("You lost."), "{out}");
}

/// Darra's end has one form everywhere, the rules spec's (darra.md E7): the seeds left stay in
/// their holes and the captured counts unchanged; only the score adds them for the last
/// capturer. `play` shows the engine's final position and that score.
#[test]
fn the_final_darra_position_keeps_the_last_seeds_on_the_board() {
    let start = "darra 0,0,0,0,0,2/3,0,0,0,2,1 1 20 20 1 7";
    let (out, _) = play(&["darra", "builtin:random", "--start", start], "6A\n");
    assert!(
        out.contains("The final position:\ndarra 0,0,0,0,0,0/0,1,0,0,2,1 2 20 24 2 0\n"),
        "{out}"
    );
    assert!(out.contains("captured 24"), "{out}");
    assert!(out.contains("You lost 20-28."), "{out}");
}

#[test]
fn hint_asks_the_search_and_asks_again() {
    let dir = temp_dir("play-hint");
    let pgn = dir.join("g.pgn");
    let (out, _) = play(
        &["darra", "builtin:random", "--pgn", pgn.to_str().unwrap()],
        "HINT\nresign\n",
    );
    // A move of the search, then the question again; the start's legal moves are 1A..6A.
    let hint = out
        .lines()
        .find_map(|l| l.split("hint: ").nth(1))
        .expect(&out);
    let mv = hint.split(' ').next().unwrap();
    assert!(["1A", "2A", "3A", "4A", "5A", "6A"].contains(&mv), "{out}");
    assert!(hint.contains("score"), "{out}");
    let after = &out[out.find("hint: ").unwrap()..];
    assert!(after.contains("your move>"), "{out}");
    let g = &games(&pgn)[0];
    assert_eq!((g.termination.as_str(), g.plies), ("resignation", 0));
}

#[test]
fn bad_play_arguments_are_one_line_errors() {
    let out = baraza()
        .args(["play", "nosuch", "builtin:random"])
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        err.contains("unknown ruleset 'nosuch'") && err.lines().count() == 1,
        "{err}"
    );
    let out = baraza()
        .args(["play", "darra", "builtin:nosuch"])
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(err.contains("unknown built-in bot 'nosuch'"), "{err}");
    baraza()
        .args(["play", "darra", "builtin:random", "--as", "3"])
        .assert()
        .code(2);
}

#[test]
#[cfg_attr(not(tool_tmux), ignore = "needs tmux")]
fn a_person_plays_in_tmux_on_a_real_terminal() {
    need(Tool::Tmux);
    let dir = temp_dir("play-tmux");
    let pgn = dir.join("g.pgn");
    let exe = exe();
    let cmd = format!(
        "{} play darra builtin:greedy --movetime 200 --pgn {}; echo PLAY-EXITED-$?; sleep 60",
        exe.display(),
        pgn.display()
    );
    let tmux = Tmux::start("baraza-test", &cmd);
    let first = tmux.wait_for("your move>");
    // On a terminal the board is in colour: player 1's line red.
    assert!(
        first.contains("\x1b[31m"),
        "no colour on a terminal:\n{first}"
    );
    tmux.run(&["send-keys", "-t", "play", "6A", "Enter"]);
    tmux.wait_for("The bot played");
    tmux.run(&["send-keys", "-t", "play", "resign", "Enter"]);
    let end = tmux.wait_for("PLAY-EXITED-0");
    assert!(end.contains("0-1 resignation"), "{end}");
    let g = &games(&pgn)[0];
    assert_eq!(g.moves[0], "6A");
    assert_eq!((g.termination.as_str(), g.plies), ("resignation", 2));
    verify_log(&pgn);
}

#[test]
#[cfg_attr(not(tool_tmux), ignore = "needs tmux")]
fn a_whole_game_typed_in_lower_case_in_tmux() {
    need(Tool::Tmux);
    let dir = temp_dir("play-tmux-game");
    let pgn = dir.join("g.pgn");
    let cmd = format!(
        "{} play darra builtin:random --movetime 100 --pgn {}; echo PLAY-EXITED-$?; sleep 60",
        exe().display(),
        pgn.display()
    );
    let tmux = Tmux::start("baraza-test-game", &cmd);
    tmux.run(&["set-option", "-t", "play", "history-limit", "100000"]);
    // The whole scrollback, without colours.
    let all = || tmux.run(&["capture-pane", "-p", "-S", "-", "-t", "play"]);
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut typed = 0;
    loop {
        let s = all();
        if s.contains("PLAY-EXITED") {
            break;
        }
        let asked = s.matches("your move>").count();
        if asked > typed && s.matches("You played").count() == typed {
            // The first listed move of the last question, typed in lower case.
            let list = &s[s.rfind("Legal moves:").unwrap()..];
            let first = list
                .split("1) ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap();
            tmux.run(&["send-keys", "-t", "play", &first.to_lowercase(), "Enter"]);
            typed += 1;
        }
        assert!(Instant::now() < deadline, "stuck after {typed} moves:\n{s}");
        std::thread::sleep(Duration::from_millis(30));
    }
    let s = all();
    assert!(s.contains("PLAY-EXITED-0"), "{s}");
    let g = &games(&pgn)[0];
    assert_eq!(g.termination.as_str(), "normal", "{}", g.reason);
    verify_log(&pgn);
    // Each own move was shown with the board it left; every one was a real move (Darra's
    // `pass` is played by the referee when it is the only move).
    let own: Vec<&String> = g.moves.iter().step_by(2).filter(|m| *m != "pass").collect();
    assert_eq!(s.matches("You played").count(), own.len(), "{s}");
    assert_eq!(typed, own.len());
    for (i, mv) in own.iter().enumerate() {
        assert!(
            s.contains(&format!("You played {mv}")),
            "move {i}: {mv}\n{s}"
        );
    }
    assert!(s.contains("The final position:"), "{s}");
    assert!(
        ["You won", "You lost", "Draw"]
            .iter()
            .any(|v| s.contains(v)),
        "{s}"
    );
}

#[test]
#[cfg_attr(not(tool_tmux), ignore = "needs tmux")]
fn the_persons_clock_ticks_above_the_prompt_and_keeps_what_is_typed() {
    need(Tool::Tmux);
    let dir = temp_dir("play-tmux-clock");
    let pgn = dir.join("g.pgn");
    let cmd = format!(
        "{} play darra builtin:random --tc 60+0 --pgn {}; echo PLAY-EXITED-$?; sleep 60",
        exe().display(),
        pgn.display()
    );
    let tmux = Tmux::start("baraza-test-clock", &cmd);
    // Any value, then three seconds down or more: on a loaded machine one look at the screen
    // can take longer than a tick, so an exact value may never be seen.
    let seconds = |s: &str| -> Option<u32> {
        let rest = &s[s.find("your clock: ")? + "your clock: ".len()..];
        rest[..rest.find('s')?].parse().ok()
    };
    let first = seconds(&tmux.wait_until("the clock", |s| seconds(s).is_some())).unwrap();
    assert!(first <= 60, "a 60 s clock shows {first} s");
    // Half a move typed: the clock line is rewritten under it, the typed text stays.
    tmux.run(&["send-keys", "-t", "play", "6"]);
    tmux.wait_for("your move> 6");
    let later = tmux.wait_until("the clock three seconds down", |s| {
        seconds(s).is_some_and(|n| n + 3 <= first)
    });
    assert!(later.contains("your move> 6"), "{later}");
    assert_eq!(later.matches("your clock:").count(), 1, "{later}");
    tmux.run(&["send-keys", "-t", "play", "a", "Enter"]);
    tmux.wait_for("You played 6A");
    tmux.run(&["send-keys", "-t", "play", "resign", "Enter"]);
    tmux.wait_for("PLAY-EXITED-0");
    assert_eq!(games(&pgn)[0].moves[0], "6A");
}

#[test]
fn a_bot_may_resign_in_a_match_and_the_log_verifies() {
    let dir = temp_dir("match-resign");
    let quitter = dir.join("quitter.sh");
    // Plays its first legal move twice, then resigns.
    std::fs::write(
        &quitter,
        "#!/bin/sh\nset -f\nn=0\nwhile IFS= read -r line; do set -- $line; case $1 in\n\
         baraza) echo ready ;; legal) first=$2 ;;\n\
         go) n=$((n+1)); if [ $n -gt 2 ]; then echo resign; else echo \"move $first\"; fi ;;\n\
         quit) exit 0 ;; esac; done\n",
    )
    .unwrap();
    let pgn = dir.join("m.pgn");
    Match::new(
        "darra",
        format!("sh {}", quitter.display()),
        "builtin:random",
    )
    .games(1)
    .movetime(500)
    .pgn(&pgn)
    .played();
    let g = &games(&pgn)[0];
    // Player 1 resigned on its third turn: four plies played, player 1 to move, 0-1.
    assert_eq!(g.moves.len(), 4, "{:?} {}", g.moves, g.reason);
    assert_eq!(
        (g.result.as_str(), g.termination.as_str()),
        ("0-1", "resignation")
    );
    assert_eq!(g.reason, "player 1 (quitter) resigned");
    verify_log(&pgn);
    // The verifier holds a resignation to the player to move: 1-0 cannot be right here.
    let text = std::fs::read_to_string(&pgn).unwrap().replace("0-1", "1-0");
    let forged = dir.join("forged.pgn");
    std::fs::write(&forged, text).unwrap();
    let out = baraza()
        .arg("replay")
        .arg(&forged)
        .arg("--verify")
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        err.contains("a resignation needs 0-1 (player 1 was to move)"),
        "{err}"
    );
}

#[test]
#[cfg_attr(not(tool_tmux), ignore = "needs tmux")]
fn ctrl_c_in_tmux_stops_the_game_without_a_record() {
    need(Tool::Tmux);
    let dir = temp_dir("play-tmux-int");
    let pgn = dir.join("g.pgn");
    let exe = exe();
    // The shell traps INT (a handler, so baraza gets the default) to report the exit status.
    let cmd = format!(
        "trap 'echo' INT; {} play bao builtin:random --pgn {}; echo PLAY-EXITED-$?; sleep 60",
        exe.display(),
        pgn.display()
    );
    let tmux = Tmux::start("baraza-test-int", &cmd);
    tmux.wait_for("your move>");
    tmux.run(&["send-keys", "-t", "play", "C-c"]);
    let end = tmux.wait_for("PLAY-EXITED-1");
    assert!(
        end.contains("interrupted: the game is not recorded"),
        "{end}"
    );
    assert!(!pgn.exists());
}
