//! A server killed with SIGKILL, in the middle of a batch and again during a build, and started
//! again: every accepted submission is there once, every finished game once, the killed build
//! is done again and its version entered, and play goes on.

use super::*;

/// The game ids of the league's log, each once.
fn game_ids(league: &Path) -> Vec<String> {
    let ids: Vec<String> = read_jsonl(&league.join("games.jsonl"))
        .iter()
        .filter_map(|l| l["game_id"].as_str().map(str::to_string))
        .collect();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "a game twice in the log: {ids:?}");
    ids
}

fn version_ids(league: &Path) -> Vec<String> {
    let e = baraza::league::entrants::Entrants::load(league).unwrap();
    e.versions.iter().map(|v| v.id()).collect()
}

/// Wait until no process of the killed server is left (its sandboxes die with it).
fn none_left(marker: &str) {
    let start = Instant::now();
    loop {
        let left = processes_with(marker);
        if left.is_empty() {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "left behind: {left:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
#[cfg_attr(
    not(all(tool_bwrap, tool_cc, tool_go, tool_python_package)),
    ignore = "needs bubblewrap (bwrap), a C compiler, Go and the baraza Python package"
)]
fn a_server_killed_mid_batch_and_mid_build_loses_nothing_and_goes_on() {
    for tool in [Tool::Bwrap, Tool::Cc, Tool::Go, Tool::PythonPackage] {
        need(tool);
    }
    let dir = temp_dir("serve-restarts");
    let league = new_site_league(&dir);
    let marker = league.to_str().unwrap().to_string();
    let (alice, bob, carol) = (
        invite(&league, "alice"),
        invite(&league, "bob"),
        invite(&league, "carol"),
    );
    let site = Site::start(&league, &["--batch-games", "6"]);
    let (c, py) = (
        kit(&dir, "c").join("bot.c"),
        kit(&dir, "python").join("bot.py"),
    );
    site.enter(&[(&alice, "c", &c), (&bob, "python", &py)]);

    // 1. Killed while a batch is being played: its plan is on disk and some game is in the log.
    let start = Instant::now();
    while !(league.join("batch.json").exists()
        && site.json("/api/leaderboard", None)["games"].as_u64() > Some(0))
    {
        assert!(
            start.elapsed() < PATIENCE,
            "no batch in play\n{}",
            site.log()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    site.kill9();
    none_left(&marker);
    let before = game_ids(&league);

    // 2. Started again, then killed while carol's Go bot is being built (a cold Go build
    //    compiles the standard library: seconds).
    let site = Site::start(&league, &["--batch-games", "6"]);
    let c = site.submit(&carol, "go", &kit(&dir, "go").join("main.go"));
    let start = Instant::now();
    loop {
        let s = site.json(&format!("/api/submissions/{c}"), Some(&carol));
        if s["status"] == "building" {
            break;
        }
        assert_eq!(
            s["status"], "queued",
            "the build ended before it could be interrupted: {s}"
        );
        assert!(start.elapsed() < PATIENCE);
        std::thread::sleep(Duration::from_millis(10));
    }
    site.kill9();
    none_left(&marker);
    let after_kill = game_ids(&league);
    assert!(after_kill.starts_with(&before), "the log kept what it had");

    // 3. Started again: the build is done again and entered once, and play goes on.
    let site = Site::start(&league, &["--batch-games", "6"]);
    let s = site.finished(&carol, c);
    assert_eq!(s["status"], "accepted", "{}", s["report"]);
    let played = after_kill.len() as u64;
    site.leaderboard_when("play goes on after the restarts", |b| {
        let rows = b["rows"].as_array().unwrap();
        b["games"].as_u64().unwrap() > played + 6
            && rows
                .iter()
                .any(|r| r["name"] == "carol" && r["games"].as_u64() > Some(0))
    });
    drop(site);
    assert_eq!(version_ids(&league), ["alice@1", "bob@1", "carol@1"]);
    let ids = game_ids(&league);
    assert!(ids.starts_with(&after_kill));
    let board = baraza_ok([
        "league",
        "leaderboard",
        league.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let board: serde_json::Value = serde_json::from_str(&board).unwrap();
    assert_eq!(
        board["games"].as_u64().unwrap() as usize,
        ids.len(),
        "the leaderboard counts each game once"
    );
}

/// SIGTERM in the middle of a batch: the games left are the next start's, and the log says the
/// server (not `league run`, which it refuses beside itself) finishes them.
#[test]
#[cfg_attr(
    not(all(tool_bwrap, tool_cc)),
    ignore = "needs bubblewrap (bwrap) and a C compiler"
)]
fn a_server_stopped_mid_batch_says_its_next_start_finishes_the_batch() {
    for tool in [Tool::Bwrap, Tool::Cc] {
        need(tool);
    }
    let dir = temp_dir("serve-sigterm");
    let league = new_site_league(&dir);
    let (alice, bob) = (invite(&league, "alice"), invite(&league, "bob"));
    let site = Site::start(&league, &["--batch-games", "100"]);
    // The C kit's bot made to take 20 ms a move: a hundred games take minutes, so the stop
    // finds most of the batch left however busy the machine (at full speed the kit's random
    // mover played all of a 10-game batch before the stop under the suite's load).
    let kit_bot = std::fs::read_to_string(kit(&dir, "c").join("bot.c")).unwrap();
    let choose = "const char *mv = choose_move(&t);";
    assert!(kit_bot.contains(choose), "the C kit's loop changed");
    let bot = dir.join("slow.c");
    std::fs::write(
        &bot,
        kit_bot.replace(choose, &format!("usleep(20000); {choose}")),
    )
    .unwrap();
    site.enter(&[(&alice, "c", &bot), (&bob, "c", &bot)]);
    // One or two of the first batch's hundred games played (one at a time): most are left.
    let start = Instant::now();
    while !league.join("games.jsonl").exists() || game_ids(&league).is_empty() {
        assert!(start.elapsed() < PATIENCE, "no game\n{}", site.log());
        std::thread::sleep(Duration::from_millis(10));
    }
    let log = site.stderr.clone();
    drop(site);
    let log = std::fs::read_to_string(log).unwrap();
    let played = game_ids(&league).len();
    assert!(played < 100, "the batch was over: {played}");
    assert!(
        log.contains(&format!(
            "serve: batch 1: stopped with {played} of its 100 remaining games played; the next start of `baraza serve` finishes it"
        )),
        "{log}"
    );
    assert!(!log.contains("league run"), "{log}");
    assert!(league.join("batch.json").exists());
}
