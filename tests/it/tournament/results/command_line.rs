//! The tournament's command line around its log: `--out` required and never reused without
//! `--resume`, `--dry-run --json`, an event file with its openings file.

use super::resume::{config, write_log};
use crate::support::{baraza, refused, temp_dir, tournament};
use baraza::tournament::log::reader::read_games_log;
use predicates::prelude::*;

#[test]
fn tournament_without_out_or_with_a_used_out() {
    let dir = temp_dir("cli-out");
    tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .command()
        .assert()
        .failure()
        .stderr(predicate::str::contains("--out DIR is required"));
    tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .out(dir.as_path())
        .command()
        .arg("--quiet")
        .assert()
        .success()
        .stdout(predicate::str::contains("2 of 2 games played"));
    let log = read_games_log(&dir).unwrap();
    assert_eq!(log.games.len(), 2);
    assert!(log
        .games
        .iter()
        .all(|g| ["1-0", "0-1", "1/2-1/2"].contains(&g.record.result.as_str())));
    write_log(&dir, &config(1), &["r1-p1-a"]);
    tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .out(dir.as_path())
        .command()
        .assert()
        .failure()
        .stderr(predicate::str::contains("pass --resume to continue it"));
}

#[test]
fn dry_run_json_lists_the_schedule() {
    let dry_run = || {
        tournament("dara", &["x=builtin:random", "y=builtin:greedy"])
            .command()
            .args([
                "--rounds",
                "2",
                "--random-opening-plies",
                "3",
                "--seed",
                "9",
                "--dry-run",
                "--json",
            ])
            .output()
            .unwrap()
    };
    let out = dry_run();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["scheduled_games"], 4);
    let ids: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["r1-p1-a", "r1-p1-b", "r2-p1-a", "r2-p1-b"]);
    // Run twice: the same schedule.
    let again = dry_run();
    assert_eq!(out.stdout, again.stdout);
}

#[test]
fn event_file_on_the_command_line() {
    let dir = temp_dir("cli-config");
    std::fs::write(
        dir.join("openings.txt"),
        "darra 5,4,4,4,4,4/4,4,4,4,4,3 1 0 0 - 0\ndarra 4,4,4,4,4,5/3,4,4,4,4,4 1 0 0 - 0\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("event.toml"),
        "ruleset = \"darra\"\nrounds = 2\nopenings = \"openings.txt\"\nmovetime = 100\n\n\
         [[bot]]\nname = \"r\"\ncmd = \"builtin:random\"\n\n\
         [[bot]]\nname = \"g\"\ncmd = \"builtin:greedy\"\ntc = \"5+0.05\"\n",
    )
    .unwrap();
    // Run from another directory: the openings path is the event file's.
    baraza()
        .current_dir(std::env::temp_dir())
        .args(["tournament", "--config"])
        .arg(dir.join("event.toml"))
        .arg("--dry-run")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("# darra round-robin, 2 bots, 2 rounds: 4 games in 2 pairs")
                .and(predicate::str::contains(
                    "    3  r2-p1-a      2     2  r         g         darra 4,4,4,4,4,5/3,4,4,4,4,4 1 0 0 - 0",
                )),
        );
    // A bad line in the openings file is named.
    std::fs::write(
        dir.join("openings.txt"),
        "# ok\ndarra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0\ndarra x\n",
    )
    .unwrap();
    let event = dir.join("event.toml");
    let dry_run = [
        "tournament",
        "--config",
        event.to_str().unwrap(),
        "--dry-run",
    ];
    let err = refused(&dry_run, 1);
    assert!(err.contains("openings.txt line 3: bad position"), "{err}");
    // An unknown key in the event file.
    std::fs::write(&event, "ruleset = \"darra\"\nround = 2\n").unwrap();
    let err = refused(&dry_run, 1);
    assert!(
        err.contains("bad event file") && err.contains("round"),
        "{err}"
    );
}
