//! Entrants come and go: three entrants play a batch; a new version replaces its entrant's
//! old one in play but not in the log; a withdrawn entrant plays no more.

use super::*;

#[test]
fn three_entrants_play_a_batch_that_results_and_replay_read() {
    let dir = temp_dir("league-three");
    new_league(
        &dir,
        &[
            "r=builtin:random",
            "g=builtin:greedy",
            "s=builtin:search --level 1",
        ],
    );
    let said = run_games(&dir, 12);
    assert!(said.contains("played 12 games in 1 batch"), "{said}");
    let lines = game_lines(&dir);
    assert_eq!(lines.len(), 12);
    let names = ["r@1", "g@1", "s@1"];
    for g in &lines {
        assert!(
            names.contains(&g.record.white.as_str()),
            "{}",
            g.record.white
        );
        assert!(
            names.contains(&g.record.black.as_str()),
            "{}",
            g.record.black
        );
        // The batch is the round: ids as a tournament's, `r1-p<k>-<leg>`.
        assert!(g.game_id.starts_with("r1-p"), "{}", g.game_id);
    }
    assert_pairs_swap_sides(&lines);
    // Nothing planned is left over once the batch is played.
    assert!(!dir.join("batch.json").exists());
    // `results` and `replay --verify` read the log as a tournament's.
    let d = dir.to_str().unwrap();
    let table: serde_json::Value =
        serde_json::from_str(&baraza_ok(["results", d, "--json"])).unwrap();
    assert_eq!(table["games"], 12);
    let verified = verify_log(&dir.join("games.pgn"));
    assert!(verified.contains("12 games"), "{verified}");
    // `results --verify` judges a log without a schedule game by game: the true log passes...
    let said = baraza_ok(["results", d, "--verify"]);
    assert!(said.contains("verified 12 games: no problem"), "{said}");
    // ...and a result changed in games.jsonl is caught by the engines and against games.pgn.
    let jsonl = dir.join("games.jsonl");
    let true_log = std::fs::read_to_string(&jsonl).unwrap();
    let mut lines: Vec<String> = true_log.lines().map(str::to_string).collect();
    let mut game: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    let forged = if game["result"] == "1-0" {
        "0-1"
    } else {
        "1-0"
    };
    game["result"] = forged.into();
    lines[1] = game.to_string();
    std::fs::write(&jsonl, lines.join("\n") + "\n").unwrap();
    let out = baraza().args(["results", d, "--verify"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(said.contains(&format!("Result {forged} but")), "{said}");
    assert!(said.contains("differs from its games.jsonl line"), "{said}");
    assert!(said.contains("2 problems in 12 games"), "{said}");
    std::fs::write(&jsonl, true_log).unwrap();
    // A second run continues the numbering: batch 2, games 13 to 16.
    run_games(&dir, 4);
    let lines = game_lines(&dir);
    let second: Vec<u64> = lines[12..].iter().map(|g| g.record.game).collect();
    let mut sorted = second.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, [13, 14, 15, 16]);
    assert!(lines[12..].iter().all(|g| g.game_id.starts_with("r2-p")));
}

/// A league in `dir` of random, greedy and search at level 1, after a batch of 12 games.
fn three_after_a_batch(dir: &Path) {
    let entrants = [
        "r=builtin:random",
        "g=builtin:greedy",
        "s=builtin:search --level 1",
    ];
    new_league(dir, &entrants);
    run_games(dir, 12);
}

#[test]
fn a_new_version_replaces_the_old_in_play_and_keeps_its_history() {
    let dir = temp_dir("league-version");
    three_after_a_batch(&dir);
    let before = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let old_games = game_lines(&dir)
        .iter()
        .filter(|g| g.record.white == "g@1" || g.record.black == "g@1")
        .count();
    assert!(old_games > 0, "g@1 played in the first batch");
    let d = dir.to_str().unwrap();
    let said = submit(&dir, "g", "builtin:search --level 2");
    assert_eq!(said.trim(), "submitted g@2");
    run_games(&dir, 12);
    let after = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    // Append-only: the first batch's lines are there as they were.
    assert!(after.starts_with(&before));
    let lines = game_lines(&dir);
    assert_eq!(lines.len(), 24);
    let plays = |g: &GameLine, id: &str| g.record.white == id || g.record.black == id;
    assert!(
        lines[12..].iter().all(|g| !plays(g, "g@1")),
        "g@1 plays no more"
    );
    assert!(lines[12..].iter().any(|g| plays(g, "g@2")), "g@2 plays");
    // The history: g's two versions, the first superseded with its games.
    let board: serde_json::Value =
        serde_json::from_str(&league(&["leaderboard", d, "--format", "json"])).unwrap();
    let g = board["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "g")
        .unwrap();
    assert_eq!(g["versions"][0]["id"], "g@1");
    assert_eq!(g["versions"][0]["status"], "superseded");
    assert_eq!(g["versions"][0]["games"], old_games as u64);
    assert!(g["versions"][0]["superseded"].is_string());
    assert_eq!(g["versions"][1]["id"], "g@2");
    assert_eq!(g["versions"][1]["status"], "active");
    let mut active: Vec<&str> = board["active"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    active.sort_unstable();
    assert_eq!(active, ["g@2", "r@1", "s@1"]);
}

#[test]
fn a_withdrawn_entrant_plays_no_more() {
    let dir = temp_dir("league-withdraw");
    three_after_a_batch(&dir);
    let d = dir.to_str().unwrap();
    let said = league(&["withdraw", d, "--name", "r"]);
    assert!(said.starts_with("withdrew r@1"), "{said}");
    run_games(&dir, 8);
    let lines = game_lines(&dir);
    assert_eq!(lines.len(), 20);
    for g in &lines[12..] {
        let players = [g.record.white.as_str(), g.record.black.as_str()];
        assert!(!players.contains(&"r@1"), "{players:?}");
    }
    let entrants = std::fs::read_to_string(dir.join("entrants.toml")).unwrap();
    let parsed: toml::Table = toml::from_str(&entrants).unwrap();
    let r = &parsed["version"].as_array().unwrap()[0];
    assert_eq!(r["name"].as_str(), Some("r"));
    assert!(r.get("withdrawn").is_some_and(|t| t.is_str()), "{entrants}");
    // Two active versions are left; one more withdrawal leaves too few to play.
    league(&["withdraw", d, "--name", "g"]);
    let err = refused(&["league", "run", d, "--games", "2"], 1);
    assert!(err.contains("1 active version: a batch needs 2"), "{err}");
}
