//! The leaderboard: JSON checked field by field against the log, its ratings against
//! `baraza results` over the same games (those between active versions), and the other
//! formats.

use super::*;

#[test]
fn the_leaderboard_rates_the_active_versions_as_results_does() {
    let dir = temp_dir("league-board");
    new_league(
        &dir,
        &[
            "r=builtin:random",
            "g=builtin:greedy",
            "s=builtin:search --level 2",
        ],
    );
    run_games(&dir, 24);
    let d = dir.to_str().unwrap();
    submit(&dir, "r", "builtin:search --level 1");
    run_games(&dir, 24);
    let lines = game_lines(&dir);
    let board: serde_json::Value =
        serde_json::from_str(&league(&["leaderboard", d, "--format", "json"])).unwrap();
    assert_eq!(board["games"], lines.len() as u64);
    assert_eq!(board["ruleset"], "darra");

    // `baraza results` over the games between active versions only, in a log of their own.
    let active = ["r@2", "g@1", "s@1"];
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let mut kept: Vec<&str> = vec![text.lines().next().unwrap()];
    let mut n = 0;
    for (line, g) in text.lines().skip(1).zip(&lines) {
        if active.contains(&g.record.white.as_str()) && active.contains(&g.record.black.as_str()) {
            kept.push(line);
            n += 1;
        }
    }
    assert!(
        n > 0 && n < lines.len(),
        "some games are between active versions"
    );
    let only = dir.join("active.jsonl");
    std::fs::write(&only, kept.join("\n") + "\n").unwrap();
    let results: serde_json::Value =
        serde_json::from_str(&baraza_ok(["results", only.to_str().unwrap(), "--json"])).unwrap();
    let ratings = results["ratings"]["ratings"].as_array().unwrap();
    let rows = board["active"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for (k, row) in rows.iter().enumerate() {
        assert_eq!(row["rank"], k as u64 + 1);
        let id = row["id"].as_str().unwrap();
        assert!(active.contains(&id), "{id}");
        assert_eq!(
            format!(
                "{}@{}",
                row["name"].as_str().unwrap(),
                row["version"].as_str().unwrap()
            ),
            id
        );
        let r = ratings.iter().find(|r| r["name"] == id).unwrap();
        assert_close(
            row["rating"].as_f64().unwrap(),
            r["rating"].as_f64().unwrap(),
            1e-9,
        );
        // A bound (a version that won or lost every game) has no interval: null in both.
        match (row["error95"].as_f64(), r["error95"].as_f64()) {
            (Some(a), Some(b)) => assert_close(a, b, 1e-9),
            (a, b) => assert_eq!((a, b), (None, None), "{id}"),
        }
        let bot = results["bots"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == id)
            .unwrap();
        assert_eq!(row["games"], bot["games"]);
        assert_eq!(row["points"], bot["points"]);
    }
    // Ranked by rating, highest first.
    let elo: Vec<f64> = rows.iter().map(|r| r["rating"].as_f64().unwrap()).collect();
    assert!(elo.windows(2).all(|w| w[0] >= w[1]), "{elo:?}");

    // The history: r's two versions, their games counted over the whole log.
    let r = board["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "r")
        .unwrap();
    for (v, status) in [(0, "superseded"), (1, "active")] {
        let version = &r["versions"][v];
        let id = version["id"].as_str().unwrap();
        let games = lines
            .iter()
            .filter(|g| g.record.white == id || g.record.black == id)
            .count();
        assert_eq!(version["status"], status);
        assert_eq!(version["games"], games as u64);
    }
    // The recent games: the log's last 20, newest first, each with its viewer link.
    let recent = board["recent"].as_array().unwrap();
    assert_eq!(recent.len(), 20);
    for (shown, line) in recent.iter().zip(lines.iter().rev()) {
        assert_eq!(shown["game_id"], line.game_id.as_str());
        assert_eq!(shown["white"], line.record.white.as_str());
        assert_eq!(shown["result"], line.record.result.to_string());
        assert_eq!(shown["view"], format!("#g{}", line.record.game));
    }

    // The other forms.
    // Titled by the folder's name, never its path (a published page names nothing of the
    // host's); by league.toml's `event` when it has one.
    let text = league(&["leaderboard", d]);
    let name = dir.file_name().unwrap().to_str().unwrap();
    assert!(
        text.starts_with(&format!(
            "{name} (darra league): {} games, 3 active versions",
            lines.len()
        )),
        "{text}"
    );
    assert!(!text.contains(d), "{text}");
    assert!(text.contains("r: 1 (superseded "), "{text}");
    let md = league(&["leaderboard", d, "--format", "markdown"]);
    assert!(md.contains("| Rank | Version | Rating |"), "{md}");
    let html = dir.join("leaderboard.html");
    league(&[
        "leaderboard",
        d,
        "--format",
        "html",
        "-o",
        html.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains(r#"<table id="leaderboard">"#));
    assert!(!page.contains(d), "the page names no path of the host's");
    let settings = dir.join("league.toml");
    let toml = std::fs::read_to_string(&settings).unwrap();
    std::fs::write(&settings, format!("event = \"Spring Ladder\"\n{toml}")).unwrap();
    let text = league(&["leaderboard", d]);
    assert!(text.starts_with("Spring Ladder (darra league): "), "{text}");
    let last = lines.last().unwrap().record.game;
    assert!(
        page.contains(&format!(r##"<a href="#g{last}">"##)),
        "a link to the last game"
    );
}

#[test]
fn results_excludes_a_version_of_a_league_log_and_names_its_players_when_asked_for_another() {
    // A league's log names its players in its games only (its header has none).
    let dir = temp_dir("league-exclude");
    new_league(
        &dir,
        &["r=builtin:random", "g=builtin:greedy", "q=builtin:random"],
    );
    run_games(&dir, 12);
    let d = dir.to_str().unwrap();
    let lines = game_lines(&dir);
    let without_r = (lines.iter())
        .filter(|g| g.record.white != "r@1" && g.record.black != "r@1")
        .count();
    assert!(without_r > 0 && without_r < lines.len(), "{without_r}");
    let table: serde_json::Value =
        serde_json::from_str(&baraza_ok(["results", d, "--exclude", "r@1", "--json"])).unwrap();
    assert_eq!(table["games"], without_r as u64);
    let names: Vec<&str> = (table["bots"].as_array().unwrap().iter())
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"r@1"), "{names:?}");
    assert_eq!(names.len(), 2, "{names:?}");
    let out = baraza()
        .args(["results", d, "--exclude", "x@1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("--exclude x@1: no such bot") && said.contains("(its bots: g@1, q@1, r@1)"),
        "{said}"
    );
}
