//! The published report (`results --format html`) of a 16-bot event in headless Chromium, at
//! 1024 and 1280 px wide: the game list's every column inside the window, its termination
//! filter, game links by game number, sixteen plot lines in sixteen colours; no network
//! request and no console error. The screenshots are kept in target/report-screens/.
//!
//! Without chromium and chromedriver the test is reported as ignored; under CI=true it runs.

use crate::support::browser::{screenshot, Driver, Session};
use crate::support::{bot, need, run_game_lines, temp_dir, tournament, write_report, Tool};
use serde_json::json;
use std::path::PathBuf;

/// Where the game list's header cells end and the window's width, in CSS pixels.
const LIST_EDGES: &str = "var ths = document.querySelectorAll('#games thead th');\
     var last = ths[ths.length - 1].getBoundingClientRect();\
     var row = document.querySelector('#games tbody tr');\
     var cell = row.lastElementChild.getBoundingClientRect();\
     return [ths.length, last.left, last.right, cell.right, document.documentElement.clientWidth];";

#[test]
#[cfg_attr(not(tool_chromium), ignore = "needs chromium and chromedriver")]
fn the_report_of_sixteen_bots_fits_1024_and_1280_px_in_chromium() {
    need(Tool::Chromium);
    let dir = temp_dir("report-browser");
    let run = dir.join("run");
    let seg = format!("seg=sh {}", bot("mistake_segfault.sh"));
    let mut bots = vec!["g=builtin:greedy".to_string(), seg];
    bots.extend((1..=14).map(|i| format!("random-number-{i:02}=builtin:random")));
    let bots: Vec<&str> = bots.iter().map(String::as_str).collect();
    tournament("darra", &bots)
        .rounds(1)
        // A clock far from what instant bots take: at load 7-12 a built-in's move took over
        // 20 ms, lost on time before seg's first turn (29 crashes, not 30).
        .args([
            "--movetime",
            "2000",
            "--max-plies",
            "40",
            "--event",
            "Sixteen Open",
        ])
        .quiet()
        .out(&run)
        .played();
    let html = dir.join("report.html");
    write_report(&run, &html);
    let games = run_game_lines(&run);
    assert_eq!(games.len(), 240, "16 bots, one round: 16 · 15 games");
    let crashes = games.iter().filter(|g| g["termination"] == "crash").count();
    // seg crashes at its first turn, in each of its 30 games.
    assert_eq!(crashes, 30);

    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/report-screens");
    std::fs::create_dir_all(&shots).unwrap();
    let driver = Driver::start();
    let session = Session::new(&driver, &dir.join("profile"));
    let page = format!("file://{}", html.display());
    for width in [1024, 1280] {
        session.post("/window/rect", json!({"width": width, "height": 900}));
        session.open(&page);
        let edges = session.js(LIST_EDGES);
        let e: Vec<f64> = edges
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let viewport = e[4];
        assert!(
            viewport > f64::from(width) - 40.0 && viewport <= f64::from(width),
            "{width}: viewport {viewport}"
        );
        assert_eq!(e[0], 6.0, "{width}: six columns");
        assert!(
            e[1] >= 0.0 && e[2] <= viewport,
            "{width}: last header {e:?}"
        );
        assert!(e[3] <= viewport, "{width}: a row's last cell {e:?}");
        // The whole list is visible: no column cut by its own box either.
        let wrap = session.js(
            "var w = document.getElementById('games-wrap'); return [w.scrollWidth, w.clientWidth];",
        );
        assert!(
            wrap[0].as_f64() <= wrap[1].as_f64(),
            "{width}: the list scrolls sideways {wrap:?}"
        );
        screenshot(&session, &shots.join(format!("report-{width}-top.png")));
        session.js("document.querySelector('#report svg').scrollIntoView(); return 0;");
        screenshot(&session, &shots.join(format!("report-{width}-plot.png")));

        // The termination filter keeps the 30 crashes, each row saying so.
        let shown = session.js(
            "var s = document.getElementById('f-term'); s.value = 'crash';\
             s.dispatchEvent(new Event('change'));\
             var rows = document.querySelectorAll('#games tbody tr');\
             return [rows.length, Array.from(rows).every(r => r.cells[4].textContent === 'crash')];",
        );
        assert_eq!(shown, json!([30, true]), "{width}");
        session.js("document.getElementById('list').scrollIntoView(); return 0;");
        screenshot(&session, &shots.join(format!("report-{width}-crashes.png")));
    }

    // A game link by game number opens that game (the log's `game`, not its place).
    let last = games.last().unwrap();
    let n = last["game"].as_u64().unwrap();
    session.open(&format!("{page}#g{n}"));
    let shown = session.js("var b = document.getElementById('board');\
         return [b.getAttribute('data-game'), document.getElementById('game-head').textContent];");
    assert_eq!(shown[0], json!(n.to_string()));
    let head = shown[1].as_str().unwrap();
    let id = last["game_id"].as_str().unwrap();
    assert!(head.starts_with(&format!("game {n} ({id})")), "{head}");

    // Sixteen score lines, sixteen colours.
    let colours = session.js(
        "var ls = document.querySelectorAll('#report svg polyline');\
         return Array.from(ls).map(l => getComputedStyle(l).stroke);",
    );
    let colours: std::collections::HashSet<&str> = colours
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(colours.len(), 16, "{colours:?}");

    // Nothing fetched but the page itself, and no error logged.
    session.assert_offline_and_quiet("the report");
}
