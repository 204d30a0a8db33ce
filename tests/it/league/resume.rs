//! SIGKILL during a batch, then run again: the batch is finished, and the log holds exactly
//! the games an uninterrupted league of the same seed plays.

use super::*;
use std::time::Duration;

const ENTRANTS: [&str; 3] = [
    "r=builtin:random",
    "g=builtin:greedy",
    "s=builtin:search --level 1",
];

#[test]
fn a_killed_batch_is_finished_by_the_next_run_as_if_never_stopped() {
    let dir = temp_dir("league-kill");
    let killed = dir.join("killed");
    new_league(&killed, &ENTRANTS);
    let d = killed.to_str().unwrap();
    let run = [
        "league",
        "run",
        d,
        "--games",
        "400",
        "--concurrency",
        "2",
        "--force",
        "--quiet",
    ];
    let mut child = std::process::Command::new(exe())
        .args(run)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let log = killed.join("games.jsonl");
    wait_while_running(
        &mut child,
        Duration::from_secs(60),
        "5 games logged",
        || {
            std::fs::read_to_string(&log).map_or(0, |t| t.matches('\n').count().saturating_sub(1))
                >= 5
        },
    );
    // One run at a time: a second one meanwhile (cron firing again) stops at once.
    let err = refused(&["league", "run", d, "--games", "2"], 1);
    assert!(err.contains("another `baraza league run`"), "{err}");
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let before = game_lines(&killed).len();
    assert!(before < 400, "killed before the end ({before} games)");
    assert!(killed.join("batch.json").exists(), "the batch's plan stays");

    // Run again, asking for a batch as before: the batch left is finished, nothing more.
    let said = baraza_ok(run);
    assert!(said.contains("finished batch 1"), "{said}");
    assert!(!killed.join("batch.json").exists());
    let after = games_by_id(&killed);
    assert_eq!(after.len(), 400);
    let pgn = verify_log(&killed.join("games.pgn"));
    assert!(
        pgn.contains("400 games"),
        "games.pgn agrees with the log: {pgn}"
    );

    let whole = dir.join("whole");
    new_league(&whole, &ENTRANTS);
    run_games(&whole, 400);
    assert_eq!(after, games_by_id(&whole));
}

#[test]
fn a_run_for_a_time_starts_no_game_after_it_and_leaves_the_rest_to_the_next_run() {
    let dir = temp_dir("league-for");
    new_league(&dir, &ENTRANTS);
    let d = dir.to_str().unwrap();
    let started = std::time::Instant::now();
    let said = league(&["run", d, "--for", "2s", "--concurrency", "1", "--quiet"]);
    let took = started.elapsed();
    assert!(
        took >= Duration::from_secs(2),
        "it plays until the time is up: {took:?}"
    );
    // At concurrency 1 a batch is 4 pairs, 8 games: the log holds whole batches, then what
    // of the last was started before the time was up.
    let played = game_lines(&dir).len();
    let (batches, part) = (played.div_ceil(8), played % 8);
    assert!(played >= 4, "{played} games");
    assert!(
        said.contains(&format!("played {played} games in {batches} batch")),
        "{said}"
    );
    if part > 0 {
        let left = 8 - part;
        assert!(
            said.contains(&format!(
                "the time was up: batch {batches}'s other {left} game"
            )),
            "{said}"
        );
        assert!(
            dir.join("batch.json").exists(),
            "the rest is the next run's"
        );
        // The next run plays that first: then the log holds whole batches again.
        let next = league(&["run", d, "--games", "2", "--quiet"]);
        assert!(
            next.contains(&format!("finished batch {batches}")),
            "{next}"
        );
        assert_eq!(game_lines(&dir).len(), 8 * batches);
    }
    assert!(!dir.join("batch.json").exists());
    assert_pairs_swap_sides(&game_lines(&dir));
}

#[test]
fn a_stop_file_stops_a_run_for_a_time_even_between_batches() {
    // The stop file (or Ctrl-C) once the last game of a batch has started: that batch is
    // finished and no other starts, long before the run's hour is up.
    let dir = temp_dir("league-for-stop");
    new_league(&dir, &ENTRANTS);
    let d = dir.to_str().unwrap();
    let mut child = std::process::Command::new(exe())
        .args([
            "league",
            "run",
            d,
            "--for",
            "1h",
            "--concurrency",
            "1",
            "--quiet",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let log = dir.join("games.jsonl");
    wait_while_running(&mut child, Duration::from_secs(60), "a game logged", || {
        std::fs::read_to_string(&log).map_or(0, |t| t.matches('\n').count()) >= 2
    });
    std::fs::write(dir.join("stop"), "").unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("the stop file did not stop the run");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = child.wait_with_output().unwrap();
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    // Stopped mid-batch (the batch stays for the next run), or after its last game started
    // (finished, and said so).
    if status.success() {
        assert!(said.contains("stopped as asked"), "{said}");
        assert!(!dir.join("batch.json").exists());
    } else {
        assert!(said.contains("stopped"), "{said}");
        assert!(dir.join("batch.json").exists());
    }
    // The next run is not stopped by the file the last one obeyed.
    let next = league(&["run", d, "--games", "2", "--quiet"]);
    assert!(next.contains("played"), "{next}");
}
