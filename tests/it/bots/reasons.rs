//! One reason per cause, the same words every time: each mistake of a running bot in
//! `tests/bots/mistake_*` loses its game with a reason naming that cause (an unflushed move, a
//! move without its line end, a slow move, a slow start, a file looked for in the wrong folder,
//! a variable the cleared environment dropped, `ready` after `gameover`, a death at start-up,
//! a signal), checked word for word; the timing-sensitive ones in 20 games at `--concurrency 2`.

use crate::support::{baraza, bot, temp_dir, Match};
use std::sync::atomic::{AtomicU64, Ordering};

/// A game's termination and reason, with `player 1`/`player 2` written `player N`.
pub(super) type Said = (String, String);

/// `baraza match darra BOT builtin:random` with `extra` options (and `env` set, or without
/// PYTHONUNBUFFERED when `None`): each game's player number (of BOT) and what was said.
pub(super) fn play(bot_command: &str, extra: &[&str], env: &[(&str, &str)]) -> Vec<(u64, Said)> {
    // Tests run at once: a folder of each run's own.
    static RUN: AtomicU64 = AtomicU64::new(0);
    let dir = temp_dir(&format!("reasons-{}", RUN.fetch_add(1, Ordering::Relaxed)));
    let mut game = Match::new("darra", bot_command, "builtin:random")
        .args(extra)
        .jsonl(dir.join("g.jsonl"))
        .env_remove("PYTHONUNBUFFERED")
        .env_remove("PYTHONPATH");
    for (k, v) in env {
        game = game.env(k, v);
    }
    let run = game.run();
    let stdout = &run.stdout_text;
    assert!(stdout.lines().any(|l| l.starts_with("game 1:")), "{stdout}");
    run.all_records()
        .iter()
        .map(|g| {
            // Sides alternate: bot1 is player 1 in odd games.
            let n = if g["game"].as_u64().unwrap() % 2 == 1 {
                1
            } else {
                2
            };
            // A note on a loaded machine (the referee late: tests/it/referee/lateness.rs)
            // comes and goes with the load, and is about the machine, not the bot.
            let reason = g["reason"].as_str().unwrap();
            let reason = reason.split("; the machine was overloaded").next().unwrap();
            let said = (
                g["termination"].as_str().unwrap().to_string(),
                reason.replace(&format!("player {n} ("), "player N ("),
            );
            (n, said)
        })
        .collect()
}

/// 20 games at `--concurrency 2` (each lost at once by the mistake, so a few seconds in all):
/// every one lost with `termination` and `words(player)`.
pub(super) fn twenty_times(
    bot_command: &str,
    extra: &[&str],
    termination: &str,
    words: impl Fn(u64) -> String,
) {
    let mut args = vec!["--games", "20", "--concurrency", "2", "--keep-going"];
    args.extend_from_slice(extra);
    let games = play(bot_command, &args, &[]);
    assert_eq!(games.len(), 20);
    for (n, said) in games {
        assert_eq!(said, (termination.to_string(), words(n)), "player {n}");
    }
}

/// 20 games at `--concurrency 2` of a bot whose mistake shows only in a kept process (after
/// its first game): every game that is not normal is a protocol error in `words`, and those
/// are at least a quarter of them.
pub(super) fn kept_processes_lose_with(bot_command: &str, words: &str) {
    let args = ["--games", "20", "--concurrency", "2"];
    let games = play(bot_command, &args, &[]);
    assert_eq!(games.len(), 20);
    let mut faults = 0;
    for (n, (term, reason)) in &games {
        if term == "normal" {
            continue;
        }
        faults += 1;
        assert_eq!(
            (term.as_str(), reason.as_str()),
            ("protocol error", words),
            "player {n}"
        );
    }
    // Every game played by a kept process is lost: half of them, give or take the pool.
    assert!(faults >= 5, "{games:?}");
}

/// The words for a Python bot (every unflushed bot here is one).
const FLUSH: &str =
    "is its output flushed after each line (in Python, print(..., flush=True), or call \
     sys.stdout.flush())?";
const UNBUFFERED: &str = " (PYTHONUNBUFFERED is set for baraza, but a bot's environment is \
                          cleared: '--env PYTHONUNBUFFERED' passes it on)";

#[test]
fn an_unflushed_move_is_asked_about_flushing_every_time() {
    let words = format!(
        "player N (mistake_unflushed_move) did not move within 200 ms (+50 ms margin): it \
         wrote nothing this turn and was waiting, not computing: {FLUSH}"
    );
    twenty_times(
        &bot("mistake_unflushed_move.py"),
        &["--movetime", "200", "--startup-timeout", "5000"],
        "time forfeit",
        |_| words.clone(),
    );
}

#[test]
fn a_pythonunbuffered_left_behind_is_named_and_env_passes_it() {
    let cmd = bot("mistake_unflushed_move.py");
    let one = [
        "--games",
        "1",
        "--movetime",
        "200",
        "--startup-timeout",
        "5000",
    ];
    let games = play(&cmd, &one, &[("PYTHONUNBUFFERED", "1")]);
    assert_eq!(
        games[0].1 .1,
        format!(
            "player N (mistake_unflushed_move) did not move within 200 ms (+50 ms margin): it \
             wrote nothing this turn and was waiting, not computing: {FLUSH}{UNBUFFERED}"
        )
    );
    // Passed on as the note says, the same bot plays the game to its end.
    let mut args = one.to_vec();
    args.extend(["--env", "PYTHONUNBUFFERED"]);
    let games = play(&cmd, &args, &[("PYTHONUNBUFFERED", "1")]);
    assert_eq!(games[0].1 .0, "normal", "{:?}", games[0]);
    // At start-up: the bot that flushes nothing.
    let games = play(
        &bot("mistake_no_flush.py"),
        &["--games", "1", "--startup-timeout", "3000"],
        &[("PYTHONUNBUFFERED", "1")],
    );
    assert_eq!(
        games[0].1,
        (
            "stalled connection".to_string(),
            format!(
                "player N (mistake_no_flush) did not send 'ready' within the startup deadline \
                 of 3000 ms: it wrote nothing on stdout: {FLUSH}{UNBUFFERED}"
            )
        )
    );
}

#[test]
fn a_move_without_its_line_end_is_quoted_every_time() {
    twenty_times(
        &bot("mistake_no_newline.sh"),
        &["--movetime", "200"],
        "time forfeit",
        // The first legal move: all of row A for player 1 at the start, row B for player 2
        // after any first move (a sowing from row A fills row B's holes).
        |n| {
            let first = if n == 1 { "1A" } else { "1B" };
            format!(
                "player N (mistake_no_newline) did not move within 200 ms (+50 ms margin): it \
                 wrote 'move {first}' without a line end: a line counts once its '\\n' is \
                 written"
            )
        },
    );
}

#[test]
fn a_transcript_shows_a_line_without_its_end_as_such() {
    let dir = temp_dir("reasons-transcript");
    let tr = dir.join("tr");
    Match::new("darra", bot("mistake_no_newline.sh"), "builtin:random")
        .games(1)
        .movetime(200)
        .transcript(&tr)
        .played();
    let text = std::fs::read_to_string(tr.join("g1-p1-mistake_no_newline.transcript")).unwrap();
    let last = text.lines().rfind(|l| l.contains(" < ")).unwrap();
    assert!(last.ends_with(" < move 1A [baraza: no line end]"), "{text}");
}

#[test]
fn a_slow_move_says_how_long_it_had_every_time() {
    twenty_times(
        &bot("mistake_slow_move.sh"),
        &["--movetime", "200"],
        "time forfeit",
        |_| {
            "player N (mistake_slow_move) did not move within 200 ms (+50 ms margin): it was \
             still thinking when it was stopped, 250 ms after 'go': end each search within the \
             time 'go' gives it (its own p1time or p2time, and movetime when present)"
                .to_string()
        },
    );
}

#[test]
fn a_slow_start_names_the_startup_timeout_every_time() {
    let slow = "player N (mistake_slow_start) did not send 'ready' within the startup deadline \
                of 150 ms: it was still starting up when it was stopped (busy, or not reading \
                its input yet): if it needs longer, raise --startup-timeout (in ms, 10000 by \
                default)";
    // It never answers: waited for twice the startup timeout more, then the same words.
    let compute = format!("{} compute", bot("mistake_slow_start.sh"));
    let args = ["--startup-timeout", "150"];
    twenty_times(&compute, &args, "stalled connection", |_| slow.to_string());
}

#[test]
fn a_slow_start_that_answers_later_says_how_long_it_took() {
    // It loads for 0.6 s before it reads the hello: stopped at 400 ms, its `ready` is waited
    // for up to 800 ms more, only to say when it came.
    let sleep = format!("{} sleep", bot("mistake_slow_start.sh"));
    let games = play(&sleep, &["--games", "1", "--startup-timeout", "400"], &[]);
    let (term, reason) = &games[0].1;
    assert_eq!(term, "stalled connection");
    // Stopped in its `sleep 0.6`: asleep, neither busy nor waiting on its output.
    let head = "player N (mistake_slow_start) did not send 'ready' within the startup deadline \
                of 400 ms: it was asleep (in a sleep call) when it was stopped: its start-up \
                deadline runs while it sleeps; if it needs longer, raise --startup-timeout (in \
                ms, 10000 by default; its 'ready' came ";
    let ms = reason
        .strip_prefix(head)
        .and_then(|r| r.strip_suffix(" ms after the hello)"))
        .unwrap_or_else(|| panic!("{reason}"));
    let ms: u64 = ms.parse().unwrap();
    // Past the deadline, within the wait (the sleep starts before the hello is written).
    assert!((400..1200).contains(&ms), "{reason}");
}

#[test]
fn a_death_at_start_up_always_ends_with_its_stderr() {
    twenty_times(&bot("mistake_dies_at_start.sh"), &[], "crash", |_| {
        "player N (mistake_dies_at_start) crashed: exited with status 2; its stderr ended: \
             fatal: cannot load the opening book"
            .to_string()
    });
}

#[test]
fn ready_after_gameover_has_one_wording_every_time() {
    let words = "player N (mistake_ready_again) sent 'ready' again: 'ready' answers the hello \
                 only, once per process (after 'gameover' a bot waits for 'newgame' or 'quit')";
    kept_processes_lose_with(&bot("mistake_ready_again.sh"), words);
}

#[test]
fn a_file_opened_relative_to_the_wrong_folder_is_told_where_the_bot_runs() {
    let games = play(
        &bot("mistake_relative_file.py"),
        &["--games", "1", "--startup-timeout", "5000"],
        &[],
    );
    let (term, reason) = &games[0].1;
    assert_eq!(term, "crash");
    let (head, rest) = reason
        .split_once("; it runs in a fresh, empty working directory (")
        .expect(reason);
    assert!(
        head.ends_with("FileNotFoundError: [Errno 2] No such file or directory: 'weights.txt'"),
        "{reason}"
    );
    let (dir, tail) = rest.split_once(')').unwrap();
    assert!(dir.ends_with("-mistake_relative_file"), "{reason}");
    assert!(
        !std::path::Path::new(dir).exists(),
        "removed after the game"
    );
    assert_eq!(
        tail,
        ", not the folder baraza was started from: open its files by absolute path, or \
         relative to its own program file"
    );
}

#[test]
fn a_module_path_left_behind_is_named_and_env_passes_it() {
    let dir = temp_dir("reasons-module");
    std::fs::write(dir.join("baraza_test_helper.py"), "FIRST = 0\n").unwrap();
    let path = dir.to_str().unwrap();
    let cmd = bot("mistake_needs_module.py");
    let one = ["--games", "1", "--startup-timeout", "5000"];
    let games = play(&cmd, &one, &[("PYTHONPATH", path)]);
    let (term, reason) = &games[0].1;
    assert_eq!(term, "crash");
    assert!(
        reason.ends_with(
            "ModuleNotFoundError: No module named 'baraza_test_helper'; PYTHONPATH is set for \
             baraza, but a bot's environment is cleared: '--env PYTHONPATH' passes it on"
        ),
        "{reason}"
    );
    let mut args = one.to_vec();
    args.extend(["--env", "PYTHONPATH"]);
    let games = play(&cmd, &args, &[("PYTHONPATH", path)]);
    assert_eq!(games[0].1 .0, "normal", "{:?}", games[0]);
}

#[test]
fn a_signal_is_named_and_the_position_is_ready_for_rules_show() {
    let games = play(&bot("mistake_segfault.sh"), &["--games", "1"], &[]);
    let start = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";
    assert_eq!(
        games[0].1,
        (
            "crash".to_string(),
            format!(
                "player N (mistake_segfault) crashed: killed by signal 11 (SIGSEGV) (its turn \
                 in '{start}'); its stderr ended: about to crash"
            )
        )
    );
    // The quoted position is one `baraza rules show` takes.
    let (_, rest) = games[0].1 .1.split_once("its turn in '").unwrap();
    let (pos, _) = rest.split_once('\'').unwrap();
    baraza().args(["rules", "show", pos]).assert().success();
}

#[test]
fn a_dropped_pythonunbuffered_is_named_every_time() {
    let words = format!(
        "player N (mistake_unflushed_move) did not move within 200 ms (+50 ms margin): it \
         wrote nothing this turn and was waiting, not computing: {FLUSH}{UNBUFFERED}"
    );
    let args = [
        "--games",
        "20",
        "--concurrency",
        "2",
        "--keep-going",
        "--movetime",
        "200",
        "--startup-timeout",
        "5000",
    ];
    let games = play(
        &bot("mistake_unflushed_move.py"),
        &args,
        &[("PYTHONUNBUFFERED", "1")],
    );
    assert_eq!(games.len(), 20);
    for (n, said) in games {
        assert_eq!(
            said,
            ("time forfeit".to_string(), words.clone()),
            "player {n}"
        );
    }
}

#[test]
fn a_file_looked_for_in_the_wrong_folder_is_named_every_time() {
    let args = ["--games", "20", "--concurrency", "2", "--keep-going"];
    let games = play(&bot("mistake_relative_file.py"), &args, &[]);
    assert_eq!(games.len(), 20);
    for (n, (term, reason)) in games {
        assert_eq!(term, "crash", "player {n}: {reason}");
        // Each process has a directory of its own: the words around its path are the same.
        let (head, rest) = reason
            .split_once("; it runs in a fresh, empty working directory (")
            .expect(&reason);
        assert!(
            head.starts_with(
                "player N (mistake_relative_file) crashed: exited with status 1; \
                              its stderr ended: "
            ) && head
                .ends_with("FileNotFoundError: [Errno 2] No such file or directory: 'weights.txt'"),
            "player {n}: {reason}"
        );
        let (dir, tail) = rest.split_once(')').unwrap();
        assert!(dir.ends_with("-mistake_relative_file"), "{reason}");
        assert_eq!(
            tail,
            ", not the folder baraza was started from: open its files by absolute path, or \
             relative to its own program file"
        );
    }
}
