//! The site in headless Chromium: a participant signs in with the token, submits a C file
//! through the form, watches its page turn to accepted, and sees the leaderboard update
//! without a reload; the entrant's page and a game's page load with no console error (a
//! refused inline script or style would be one) and no request to another host.

use super::*;
use crate::support::browser::{screenshot, Driver, Session};
use serde_json::{json, Value};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn find(s: &Session, css: &str) -> String {
    let v = s.post("/element", json!({"using": "css selector", "value": css}));
    v[ELEMENT]
        .as_str()
        .unwrap_or_else(|| panic!("no {css}: {v}"))
        .to_string()
}

fn type_into(s: &Session, css: &str, text: &str) {
    let id = find(s, css);
    s.post(&format!("/element/{id}/value"), json!({ "text": text }));
}

fn click(s: &Session, css: &str) {
    let id = find(s, css);
    s.post(&format!("/element/{id}/click"), json!({}));
}

/// Poll a script's value until `ok` holds of it.
fn until(s: &Session, what: &str, script: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        if let Some(v) = s.try_js(script) {
            if ok(&v) {
                return v;
            }
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{what}: not within {PATIENCE:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Every request the page made went to the site, and the console holds no error or warning.
fn only_the_site_and_quiet(s: &Session, site: &str, what: &str) {
    for entry in s.log("performance") {
        let msg: Value = serde_json::from_str(entry["message"].as_str().unwrap()).unwrap();
        if msg["message"]["method"] == "Network.requestWillBeSent" {
            let url = msg["message"]["params"]["request"]["url"]
                .as_str()
                .unwrap_or("");
            // The browser's own chrome:// pages are not the page's doing.
            let network = ["http:", "https:", "ws:", "wss:", "ftp:"]
                .iter()
                .any(|n| url.starts_with(n));
            assert!(
                !network || url.starts_with(site),
                "{what}: a request to {url}"
            );
        }
    }
    let noisy: Vec<Value> = s
        .log("browser")
        .into_iter()
        .filter(|e| e["level"] == "SEVERE" || e["level"] == "WARNING")
        .collect();
    assert!(noisy.is_empty(), "{what}: the console logged {noisy:?}");
}

#[test]
#[cfg_attr(
    not(all(tool_chromium, tool_bwrap, tool_cc)),
    ignore = "needs chromium and chromedriver, bubblewrap (bwrap) and a C compiler"
)]
fn a_participant_submits_with_the_form_and_watches_the_ladder() {
    for tool in [Tool::Chromium, Tool::Bwrap, Tool::Cc] {
        need(tool);
    }
    let dir = temp_dir("serve-browser");
    let league = new_site_league(&dir);
    let alice = invite(&league, "alice");
    let bob = invite(&league, "bob");
    let site = Site::start(&league, &["--batch-games", "4"]);
    let c = kit(&dir, "c");
    // bob enters by the API, a bot written by a participant with markup in its name.
    site.enter(&[(&bob, "c", &c.join("bot.c"))]);

    let driver = Driver::start();
    let s = Session::new(&driver, &dir.join("profile"));
    // What a participant sees at each step, kept for a person to look at (not compared).
    let shots = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/serve-screens");
    std::fs::create_dir_all(&shots).unwrap();
    let shot = |name: &str| screenshot(&s, &shots.join(format!("{name}.png")));
    s.open(&format!("{}/enter", site.url));
    shot("1-enter");
    s.open(&format!("{}/login", site.url));
    shot("2-login");
    type_into(&s, "input[name=token]", &alice);
    click(&s, "form[action='/login'] button");
    until(&s, "signed in", "return location.pathname;", |v| {
        v == "/entrants/alice"
    });

    shot("3-signed-in");
    s.open(&format!("{}/submit", site.url));
    type_into(&s, "input[type=file]", c.join("bot.c").to_str().unwrap());
    s.js("document.querySelector('select[name=language]').value = 'c';");
    shot("4-submit");
    click(&s, "form[action='/submit'] button");
    until(
        &s,
        "the submission's page",
        "return location.pathname;",
        |v| v.as_str().is_some_and(|p| p.starts_with("/submissions/")),
    );
    // The page follows the submission without a reload (its script polls the API).
    s.js("window.stayed = true;");
    let status = until(
        &s,
        "accepted",
        "return document.getElementById('status').textContent;",
        |v| {
            v.as_str()
                .is_some_and(|t| t.contains("accepted") || t.contains("rejected"))
        },
    );
    assert!(
        status.as_str().unwrap().contains("accepted as alice@1"),
        "{status}"
    );
    assert_eq!(
        s.js("return window.stayed === true;"),
        json!(true),
        "no reload"
    );
    only_the_site_and_quiet(&s, &site.url, "the submission's page");
    shot("5-submission-accepted");

    // The leaderboard updates in place: the games column grows while the page stays.
    s.open(&format!("{}/", site.url));
    s.js("window.stayed = true;");
    let games = "return Array.from(document.querySelectorAll('#leaderboard tbody tr')).map(r => r.cells[4].textContent).join(',');";
    let first = s.js(games);
    until(&s, "the leaderboard updated", games, |v| {
        v != &first && v.as_str().is_some_and(|t| t.split(',').count() == 2)
    });
    assert_eq!(
        s.js("return window.stayed === true;"),
        json!(true),
        "no reload"
    );
    // The count, the note and the recent games follow in the same update.
    let played = s.js("return document.getElementById('played').textContent;");
    let played: u64 = played.as_str().unwrap().parse().unwrap();
    let listed = "return Array.from(document.querySelectorAll('#leaderboard tbody tr')).map(r => Number(r.cells[4].textContent));";
    let listed = s.js(listed);
    let per_bot: u64 = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_u64().unwrap())
        .sum();
    assert_eq!(played * 2, per_bot, "each game counts for both bots");
    let recent =
        s.js("return document.querySelectorAll('#recent tbody tr a[href^=\"/games/\"]').length;");
    assert_eq!(recent.as_u64(), Some(played.min(20)), "the recent games");
    assert_eq!(
        s.js("return document.getElementById('ratings-note').hidden;"),
        json!(true),
        "no 'fewer than two bots' note once both have played"
    );
    only_the_site_and_quiet(&s, &site.url, "the leaderboard");
    shot("6-leaderboard");

    s.open(&format!("{}/entrants/alice", site.url));
    let heading = s.js("return document.querySelector('h1').textContent;");
    assert_eq!(heading, json!("alice"));
    only_the_site_and_quiet(&s, &site.url, "the entrant's page");
    shot("7-entrant");

    s.open(&format!("{}/games/1", site.url));
    let (game, _, position) = s.board();
    assert_eq!(game, 1);
    assert!(position.starts_with("darra "), "{position}");
    only_the_site_and_quiet(&s, &site.url, "a game's page");
    shot("8-game");
}
