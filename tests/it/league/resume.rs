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
fn a_run_for_a_time_plays_whole_batches_and_stops_after_it() {
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
    let lines = game_lines(&dir);
    assert!(
        lines.len() >= 4 && lines.len() % 2 == 0,
        "{} games",
        lines.len()
    );
    // One pair a batch at concurrency 1: batch b holds pair b.
    let batches = lines.len() / 2;
    assert!(
        said.contains(&format!(
            "played {} games in {batches} batches",
            lines.len()
        )),
        "{said}"
    );
    assert_pairs_swap_sides(&lines);
    assert!(!dir.join("batch.json").exists());
}
