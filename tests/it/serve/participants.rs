//! Three participants enter the kits' bots in three languages; each is built, checked, entered
//! and plays. A C file that does not compile and a bot that fails check-bot are rejected with
//! the compiler's words and the check's line, and the ladder does not change.

use super::*;

#[test]
#[cfg_attr(
    not(all(tool_bwrap, tool_cc, tool_go, tool_python_package)),
    ignore = "needs bubblewrap (bwrap), a C compiler, Go and the baraza Python package"
)]
fn three_kit_bots_are_built_checked_entered_and_play() {
    for tool in [Tool::Bwrap, Tool::Cc, Tool::Go, Tool::PythonPackage] {
        need(tool);
    }
    let dir = temp_dir("serve-participants");
    let league = new_site_league(&dir);
    let tokens: Vec<String> = ["alice", "bob", "carol"]
        .iter()
        .map(|n| invite(&league, n))
        .collect();
    let site = Site::start(&league, &[]);
    let (c, go, py) = (kit(&dir, "c"), kit(&dir, "go"), kit(&dir, "python"));
    let ids = [
        site.submit(&tokens[0], "c", &c.join("bot.c")),
        site.submit(&tokens[1], "go", &go.join("main.go")),
        site.submit(&tokens[2], "python", &py.join("bot.py")),
    ];
    for (who, (token, id)) in ["alice", "bob", "carol"].iter().zip(tokens.iter().zip(ids)) {
        let s = site.finished(token, id);
        assert_eq!(
            s["status"],
            "accepted",
            "{who}: {}",
            s["report"].as_str().unwrap()
        );
        assert_eq!(s["version"], format!("{who}@1"));
        let report = s["report"].as_str().unwrap();
        assert!(
            report.contains("build passed")
                && report.contains("verdict: the bot follows the protocol"),
            "{report}"
        );
    }

    // A C file that does not compile: the compiler's error, and nothing entered.
    let broken = dir.join("broken.c");
    std::fs::write(&broken, "int main(void) { return no_such_name; }\n").unwrap();
    let id = site.submit(&tokens[0], "c", &broken);
    let s = site.finished(&tokens[0], id);
    let report = s["report"].as_str().unwrap();
    assert_eq!(s["status"], "rejected", "{report}");
    assert!(
        report.contains("no_such_name") && report.contains("error"),
        "the compiler's words: {report}"
    );
    assert!(report.contains("build failed"), "{report}");
    assert_eq!(s["version"], serde_json::Value::Null);

    // A bot that dies at once: check-bot's failed line, and nothing entered.
    let dies = dir.join("dies.py");
    std::fs::write(&dies, "import sys\nsys.exit(3)\n").unwrap();
    let id = site.submit(&tokens[2], "python", &dies);
    let s = site.finished(&tokens[2], id);
    let report = s["report"].as_str().unwrap();
    assert_eq!(s["status"], "rejected", "{report}");
    assert!(
        report.contains("FAIL  starts and answers the hello with 'ready'")
            && report.contains("status 3"),
        "the check's line: {report}"
    );

    // Each plays; the failed submissions changed nothing: each is still at version 1.
    let board = site.leaderboard_when("every entrant has played", |b| {
        let rows = b["rows"].as_array().unwrap();
        rows.len() == 3 && rows.iter().all(|r| r["games"].as_u64().unwrap() > 0)
    });
    let mut names: Vec<(&str, &str)> = board["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["name"].as_str().unwrap(), r["version"].as_str().unwrap()))
        .collect();
    names.sort();
    assert_eq!(names, [("alice", "1"), ("bob", "1"), ("carol", "1")]);

    // The pages: the leaderboard, an entrant and a game, each with its policy.
    let (status, home) = site.get("/", None);
    assert_eq!(status, 200);
    for name in ["alice", "bob", "carol"] {
        assert!(
            home.contains(&format!("href=\"/entrants/{name}\"")),
            "{home}"
        );
    }
    let (status, page) = site.get("/entrants/bob", None);
    assert_eq!(status, 200);
    assert!(
        page.contains("<h2>Versions</h2>") && page.contains("/games/"),
        "{page}"
    );
    let (status, game) = site.get("/games/1", None);
    assert_eq!(status, 200);
    assert!(game.contains("id=\"board\""), "the viewer");
    for page in [&home, &page, &game] {
        assert!(
            !page.contains(dir.to_str().unwrap()),
            "no host path on a page"
        );
    }
}
