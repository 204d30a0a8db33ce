//! Bots that misbehave on purpose (tests/bots/bad_bot.sh) against a correct bot: each game
//! must end with the right termination, the misbehaving bot losing, within twice the deadline
//! that applies, with no process left behind, and the match must go on with the next game.

use crate::support::*;
use std::time::Duration;

const MOVETIME: u64 = 500;
const MARGIN: u64 = 50;
const STARTUP: u64 = 600;

struct Case {
    mode: &'static str,
    termination: &'static str,
    /// Part of the reason text.
    reason: &'static str,
    /// The deadline that applies to the failure, in ms.
    deadline_ms: u64,
}

/// Play two games, the bad bot as player 1 then as player 2, and check everything.
fn check(case: Case) {
    let dir = temp_dir(case.mode);
    let pidfile = dir.join("pids");
    let jsonl = dir.join("games.jsonl");
    let bad = format!("{BAD_BOT} {} {}", case.mode, pidfile.display());
    let startup = if case.termination == "stalled connection" {
        STARTUP
    } else {
        5000
    };
    let run = Match::new("darra", &bad, FIRST_BOT)
        .names("bad", "good")
        .games(2)
        .movetime(MOVETIME)
        .args(["--margin", &MARGIN.to_string()])
        .args(["--startup-timeout", &startup.to_string()])
        .jsonl(&jsonl)
        .played();
    assert_eq!(
        run.game_times.len(),
        2,
        "both games played: {:?}",
        run.stdout
    );
    let games = run.records(2);
    for (i, g) in games.iter().enumerate() {
        let bad_side = i + 1; // player 1 in game 1, player 2 in game 2
        assert_eq!(g["termination"], case.termination, "game {}: {g}", i + 1);
        let expected = if bad_side == 1 { "0-1" } else { "1-0" };
        assert_eq!(g["result"], expected, "the bad bot loses: {g}");
        let reason = g["reason"].as_str().unwrap();
        assert!(
            reason.starts_with(&format!("player {bad_side} (bad)")),
            "the reason names the offender: {reason}"
        );
        assert!(
            reason.contains(case.reason),
            "reason '{reason}' should contain '{}'",
            case.reason
        );
        let moves = g["moves"].as_array().unwrap();
        assert!(
            moves.iter().all(|m| m.as_str().unwrap() != "z9"),
            "an illegal token is never recorded as a move"
        );
        assert_eq!(g["plies"].as_u64().unwrap() as usize, moves.len());
    }
    let limit = Duration::from_millis(2 * case.deadline_ms);
    for (i, t) in run.game_times.iter().enumerate() {
        assert!(
            *t < limit,
            "game {} took {t:?}, over twice its deadline {limit:?}",
            i + 1
        );
    }
    assert!(pid_count(&pidfile) >= 2, "the bad bot wrote its pids");
    assert_eq!(
        leftover_pids(&pidfile),
        Vec::<String>::new(),
        "processes left behind"
    );
}

const MOVE_DEADLINE: u64 = MOVETIME + MARGIN;

#[test]
fn never_ready_is_a_stalled_connection() {
    check(Case {
        mode: "noready",
        termination: "stalled connection",
        reason: "did not send 'ready' within the startup deadline of 600 ms",
        deadline_ms: STARTUP,
    });
}

#[test]
fn crash_at_first_turn() {
    check(Case {
        mode: "crash",
        termination: "crash",
        reason: "crashed: exited with status 3",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn sleeping_past_its_time_is_a_time_forfeit() {
    check(Case {
        mode: "slow",
        termination: "time forfeit",
        reason: "did not move within 500 ms (+50 ms margin)",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn garbage_answer_is_a_protocol_error() {
    check(Case {
        mode: "garbage",
        termination: "protocol error",
        reason: "answered 'hello referee, my move is",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn illegal_move_is_kept_in_the_reason() {
    check(Case {
        mode: "illegal",
        termination: "illegal move",
        reason: "sent illegal move 'z9'",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn hundred_megabyte_line_is_a_protocol_error() {
    check(Case {
        mode: "longline",
        termination: "protocol error",
        reason: "sent a line longer than 65536 bytes",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn invalid_utf8_is_a_protocol_error() {
    check(Case {
        mode: "badutf8",
        termination: "protocol error",
        reason: "sent a line that is not valid UTF-8",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn grandchild_holding_the_pipes_then_hang_is_a_time_forfeit() {
    check(Case {
        mode: "forkhang",
        termination: "time forfeit",
        reason: "did not move within",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn exit_while_a_grandchild_holds_the_pipes_is_a_crash() {
    check(Case {
        mode: "forkexit",
        termination: "crash",
        reason: "crashed: exited with status 0",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn a_move_sent_when_not_asked_is_a_protocol_error() {
    check(Case {
        mode: "double",
        termination: "protocol error",
        reason: "sent 'move ",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn stderr_flood_does_not_block_and_is_capped() {
    let dir = temp_dir("flood");
    let pidfile = dir.join("pids");
    let jsonl = dir.join("games.jsonl");
    let logs = dir.join("logs");
    let bad = format!("{BAD_BOT} flood {}", pidfile.display());
    let run = Match::new("darra", &bad, FIRST_BOT)
        .args(["--name1", "flood"])
        .games(2)
        .movetime(2000)
        .jsonl(&jsonl)
        .logs(&logs)
        .played();
    for g in &run.records(2) {
        assert_eq!(g["termination"], "normal", "{g}");
        assert!(g["plies"].as_u64().unwrap() > 20);
    }
    // ~37 turns x 256 KiB were written to stderr; the file keeps 1 MiB and says so.
    let err = std::fs::read_to_string(logs.join("g1-p1-flood.stderr")).unwrap();
    assert!(
        err.len() >= 1 << 20 && err.len() < (1 << 20) + 200,
        "{}",
        err.len()
    );
    assert!(err.ends_with("[baraza: stderr truncated at 1048576 bytes]\n"));
    let info = std::fs::read_to_string(logs.join("g2-p2-flood.info")).unwrap();
    assert!(info.lines().count() > 10, "info lines are logged");
    assert!(info
        .lines()
        .next()
        .unwrap()
        .ends_with("flooding stderr at turn 1"));
    assert_eq!(leftover_pids(&pidfile), Vec::<String>::new());
}

#[test]
fn forced_pass_is_played_by_the_referee() {
    // Player 2 to move with an empty row: `pass` is its only legal move. The bot exits with
    // status 4 if it is ever asked to play a forced pass.
    let dir = temp_dir("pass");
    let jsonl = dir.join("games.jsonl");
    let bad = format!("{BAD_BOT} nopass");
    let run = Match::new("darra", FIRST_BOT, &bad)
        .games(1)
        .start("darra 0,0,0,0,0,8/0,0,0,0,0,0 2 20 20 1 0")
        .jsonl(&jsonl)
        .played();
    let g = &run.all_records()[0];
    assert_eq!(g["termination"], "normal", "{g}");
    assert_eq!(g["moves"][0], "pass");
    assert_eq!(g["times_ms"][0], 0);
    assert_eq!(g["start"], "darra 0,0,0,0,0,8/0,0,0,0,0,0 2 20 20 1 0");
}

#[test]
fn interrupt_kills_the_bots_of_the_game_in_play() {
    let dir = temp_dir("interrupt");
    let pidfile = dir.join("pids");
    let bad = format!("{BAD_BOT} forkhang {}", pidfile.display());
    let child = Match::new("darra", &bad, FIRST_BOT)
        .movetime(30000)
        .process()
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the bot and its grandchild have started.
    wait_until(Duration::from_secs(10), "the bot never started", || {
        pid_count(&pidfile) >= 2
    });
    send_signal(child.id(), libc::SIGINT);
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("interrupted during game 1: 0 of 2 games played"),
        "{err}"
    );
    assert_eq!(
        leftover_pids(&pidfile),
        Vec::<String>::new(),
        "processes left behind"
    );
}

#[test]
fn endless_info_lines_run_out_of_time() {
    check(Case {
        mode: "infoflood",
        termination: "time forfeit",
        reason: "within 500 ms (+50 ms margin)",
        deadline_ms: MOVE_DEADLINE,
    });
}

#[test]
fn both_failing_to_start_is_a_draw_and_both_are_killed_at_once() {
    let dir = temp_dir("bothfail");
    let pidfile = dir.join("pids");
    let jsonl = dir.join("games.jsonl");
    let bad = format!("{BAD_BOT} noready {}", pidfile.display());
    let run = Match::new("dara", &bad, &bad)
        .games(1)
        .args(["--startup-timeout", "300"])
        .jsonl(&jsonl)
        .played();
    let g = &run.all_records()[0];
    assert_eq!(g["result"], "1/2-1/2");
    assert_eq!(g["termination"], "stalled connection");
    let reason = g["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("both bots failed to start: player 1 (bad_bot)"),
        "{reason}"
    );
    assert!(reason.contains("; player 2 (bad_bot-2)"), "{reason}");
    // No exit grace for bots at fault: the game takes the startup deadline, not + 1 s grace.
    assert!(
        run.game_times[0] < Duration::from_millis(600),
        "{:?}",
        run.game_times
    );
    assert_eq!(pid_count(&pidfile), 2);
    assert_eq!(leftover_pids(&pidfile), Vec::<String>::new());
}
