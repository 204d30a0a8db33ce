//! A game that cannot start for a reason of the host's is no result: the bots' working
//! directory's folder turns into a file in the middle of a run (a disk unmounted, a folder
//! replaced): the games after it are recorded as not played, said on stderr at once, the run
//! stops after three in a row, and `--resume` plays them once the folder is back.

use crate::support::*;
use std::path::Path;

/// A random bot that, at its first turn, takes the trigger file if it is there and then
/// replaces the working directories' folder `work` by a file. At that moment both bots of
/// the game are running, so the next game is the first whose bots cannot start.
fn saboteur(dir: &Path) -> String {
    let script = dir.join("saboteur.py");
    let d = dir.display();
    std::fs::write(
        &script,
        format!(
            r#"import os, random, sys
legal = []
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "baraza":
        print("ready", flush=True)
    elif w[0] == "legal":
        legal = w[1:]
    elif w[0] == "go":
        try:
            os.rename("{d}/trigger", "{d}/trigger.taken")
            os.rename("{d}/work", "{d}/work.gone")
            open("{d}/work", "w").close()
        except FileNotFoundError:
            pass
        print("move", random.choice(legal), flush=True)
    elif w[0] == "quit":
        break
"#
        ),
    )
    .unwrap();
    format!("python3 {}", script.display())
}

fn run(dir: &Path, bot: &str, resume: bool) -> std::process::Output {
    let (a, b) = (format!("a={bot}"), format!("b={bot}"));
    let mut t = tournament("darra", &[a.as_str(), b.as_str()])
        .rounds(3)
        .out(dir.join("ev"))
        .quiet()
        .args(["--concurrency", "1", "--no-reuse", "--movetime", "50"])
        .arg("--workdir")
        .arg(dir.join("work"));
    if resume {
        t = t.arg("--resume");
    }
    t.process().output().unwrap()
}

fn not_played_lines(dir: &Path) -> Vec<serde_json::Value> {
    read_jsonl(&dir.join("ev/games.jsonl"))
        .into_iter()
        .filter(|l| l["baraza"] == "host")
        .collect()
}

#[test]
fn games_the_host_kept_from_starting_are_not_played_and_a_resume_plays_them() {
    let d = temp_dir("host-faults");
    let dir = d.as_path();
    std::fs::create_dir(dir.join("work")).unwrap();
    std::fs::write(dir.join("trigger"), "").unwrap();
    let bot = saboteur(dir);

    let out = run(dir, &bot, false);
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{err}");
    // Game 1 was played; games 2, 3 and 4 could not start, each said at once; then the run
    // stopped, and games 5 and 6 were never started.
    let said: Vec<&str> = err.lines().filter(|l| l.contains("not played")).collect();
    assert_eq!(said.len(), 3, "{err}");
    assert!(
        said.iter()
            .all(|l| l.contains("for a reason of the host's") && l.contains("Not a directory")),
        "{err}"
    );
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.contains("3 games in a row could not start") && last.contains("Not a directory"),
        "{err}"
    );
    assert!(last.contains("1 of 6 games are in"), "{err}");
    assert!(last.contains("--resume"), "{err}");
    let games = run_game_lines(&dir.join("ev"));
    assert_eq!(games.len(), 1, "{games:?}");
    assert_ne!(games[0]["termination"], "crash");
    let host = not_played_lines(dir);
    assert_eq!(host.len(), 3, "{host:?}");
    for h in &host {
        assert_eq!(h["action"], "not-played");
        assert!(
            h["cause"].as_str().unwrap().contains("Not a directory"),
            "{h}"
        );
    }
    let ids: Vec<&str> = host.iter().map(|h| h["game"].as_str().unwrap()).collect();
    assert!(
        !ids.contains(&games[0]["game_id"].as_str().unwrap()),
        "{ids:?}"
    );
    // The table counts the one game played, and the log verifies.
    let ev = dir.join("ev");
    let table: serde_json::Value =
        serde_json::from_str(&baraza_ok(["results", "--json", ev.to_str().unwrap()])).unwrap();
    let played: u64 = table["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["games"].as_u64().unwrap())
        .sum();
    assert_eq!(played, 2, "{table}");

    // The host puts the folder back; the resume plays the five games left, none twice.
    std::fs::remove_file(dir.join("work")).unwrap();
    std::fs::rename(dir.join("work.gone"), dir.join("work")).unwrap();
    let out = run(dir, &bot, true);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let games = run_game_lines(&dir.join("ev"));
    let mut ids: Vec<String> = games
        .iter()
        .map(|g| g["game_id"].as_str().unwrap().to_string())
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!((games.len(), ids.len()), (6, 6), "{ids:?}");
    assert!(games.iter().all(|g| g["termination"] != "crash"));
    let verified = baraza_ok(["results", ev.to_str().unwrap(), "--verify"]);
    assert!(verified.contains("verified 6 games"), "{verified}");
}
