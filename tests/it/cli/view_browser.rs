//! `baraza view` in a real browser: headless Chromium driven over WebDriver (chromedriver).
//! For a small match of every ruleset, the page is opened at several plies of several games
//! (by its address and by the arrow, Home and End keys, the slider and play/pause), and the
//! board's `data-position` must equal `baraza rules apply` of the same moves. The page must
//! make no network request and log no error. One screenshot per ruleset is saved under
//! target/view-screens/.
//!
//! Without chromium and chromedriver the tests are reported as ignored; under CI=true they run.

use crate::support::browser::{screenshot, Driver, Session};
use crate::support::{
    baraza_ok, need, read_pgn, temp_dir, tournament, write_report, write_view, Match, Tool,
};
use base64::Engine as _;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const LEFT: &str = "\u{E012}";
const RIGHT: &str = "\u{E014}";
const HOME: &str = "\u{E011}";
const END: &str = "\u{E010}";

/// What `baraza rules apply` says the position is after the first `k` moves (the start itself
/// for k = 0).
fn expected(start: &str, moves: &[String], k: usize) -> String {
    if k == 0 {
        return start.to_string();
    }
    let mut args = vec!["rules", "apply", start];
    args.extend(moves[..k].iter().map(String::as_str));
    baraza_ok(args).trim_end().to_string()
}

#[test]
#[cfg_attr(not(tool_chromium), ignore = "needs chromium and chromedriver")]
fn the_viewer_shows_the_engines_positions_in_chromium() {
    need(Tool::Chromium);
    let dir = temp_dir("view-browser");
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/view-screens");
    std::fs::create_dir_all(&shots).unwrap();
    let driver = Driver::start();
    let profile = dir.join("profile");
    let session = Session::new(&driver, &profile);
    session.post("/window/rect", json!({"width": 1400, "height": 900}));

    for ruleset in baraza::games::RULESETS.iter().map(|r| r.id) {
        let pgn = dir.join(format!("{ruleset}.pgn"));
        let html = dir.join(format!("{ruleset}.html"));
        Match::new(ruleset, "builtin:random", "builtin:greedy")
            .games(2)
            .tc("30+0.1")
            .seed(3)
            .max_plies(120)
            .pgn(&pgn)
            .played();
        write_view(&pgn, &html);
        let games = read_pgn(&pgn);
        let page = format!("file://{}", html.display());

        for (g, rec) in games.iter().enumerate() {
            let n = g + 1;
            let plies = rec.moves.len();
            assert!(plies >= 4, "{ruleset} game {n} has {plies} plies");
            let check = |want_ply: usize, how: &str| {
                let (game, ply, pos) = session.board();
                assert_eq!((game, ply), (n as u64, want_ply), "{ruleset} {how}");
                assert_eq!(
                    pos,
                    expected(&rec.start, &rec.moves, want_ply),
                    "{ruleset} game {n} {how}"
                );
            };
            // The address names game and ply.
            let mid = plies / 2;
            session.open(&format!("{page}#g{n}p{mid}"));
            check(mid, "opened at #g{n}p{mid}");
            // The keys step and jump.
            session.key(RIGHT);
            check(mid + 1, "after →");
            session.key(LEFT);
            session.key(LEFT);
            check(mid - 1, "after ← ←");
            session.key(HOME);
            check(0, "after Home");
            session.key(LEFT);
            check(0, "← at the start stays");
            session.key(RIGHT);
            check(1, "→ from the start");
            session.key(END);
            check(plies, "after End");
            session.key(RIGHT);
            check(plies, "→ at the end stays");
            // The slider.
            session.js("var s = document.getElementById('slider'); s.value = 3;\
                 s.dispatchEvent(new Event('input'));");
            check(3, "slider at 3");
            // At the end the result and termination are shown.
            session.key(END);
            let status = session.js("return document.getElementById('status').textContent;");
            let status = status.as_str().unwrap();
            assert!(
                status.contains(rec.result.as_str()) && status.contains(rec.termination.as_str()),
                "{ruleset}: status '{status}'"
            );
        }

        // Play steps forward by itself; pause stops it.
        session.open(&format!("{page}#g1p0"));
        session.js("document.getElementById('b-play').click();");
        let deadline = Instant::now() + Duration::from_secs(10);
        while session.board().1 < 2 {
            assert!(Instant::now() < deadline, "{ruleset}: play did not step");
            std::thread::sleep(Duration::from_millis(50));
        }
        session.js("document.getElementById('b-play').click();");
        let paused_at = session.board().1;
        std::thread::sleep(Duration::from_millis(1200));
        assert_eq!(
            session.board().1,
            paused_at,
            "{ruleset}: pause did not stop"
        );
        let (_, k, pos) = session.board();
        assert_eq!(pos, expected(&games[0].start, &games[0].moves, k));
        // The space bar plays and pauses too.
        session.key(HOME);
        session.key(" ");
        let deadline = Instant::now() + Duration::from_secs(10);
        while session.board().1 < 2 {
            assert!(Instant::now() < deadline, "{ruleset}: space did not play");
            std::thread::sleep(Duration::from_millis(50));
        }
        session.key(" ");
        let paused_at = session.board().1;
        std::thread::sleep(Duration::from_millis(1200));
        assert_eq!(
            session.board().1,
            paused_at,
            "{ruleset}: space did not pause"
        );

        // The screenshot: a position with seeds or pieces in motion, the last move marked.
        let k = (games[0].moves.len() * 2 / 3).max(1);
        session.open(&format!("{page}#g1p{k}"));
        screenshot(&session, &shots.join(format!("{ruleset}.png")));

        // Nothing fetched but the page itself, and no error logged.
        session.assert_offline_and_quiet(ruleset);
    }
}

#[test]
#[cfg_attr(not(tool_chromium), ignore = "needs chromium and chromedriver")]
fn the_report_page_links_into_its_viewer_in_chromium() {
    need(Tool::Chromium);
    let dir = temp_dir("view-report-browser");
    let run = dir.join("run");
    tournament("dara", &["a=builtin:random", "b=builtin:greedy"])
        .command()
        .args(["--rounds", "3", "--movetime", "50", "--quiet", "--sprt"])
        .arg("elo0=0,elo1=50,alpha=0.05,beta=0.05")
        .arg("--out")
        .arg(&run)
        .assert()
        .success();
    let html = dir.join("report.html");
    write_report(&run, &html);
    let driver = Driver::start();
    let session = Session::new(&driver, &dir.join("profile"));
    session.post("/window/rect", json!({"width": 1400, "height": 1400}));
    session.open(&format!("file://{}", html.display()));
    // Two bots: a 2x2 crosstable whose off-diagonal cells are links into the viewer.
    let cells = session.js(
        "return Array.from(document.querySelectorAll('#crosstable a')).map(a => a.getAttribute('href'));",
    );
    let cells = cells.as_array().unwrap();
    assert_eq!(cells.len(), 2, "{cells:?}");
    let href = cells[0].as_str().unwrap().to_string();
    session.js("document.querySelector('#crosstable a').click();");
    let (game, ply, pos) = session.board();
    assert_eq!((format!("#g{game}"), ply), (href, 0));
    assert_eq!(pos, baraza_ok(["rules", "start", "dara"]).trim_end());
    // The SPRT plot and the score plot are inline SVG.
    let svgs = session.js("return document.querySelectorAll('#report svg polyline').length;");
    assert_eq!(svgs, json!(3), "two score lines and the LLR line");
    let png = session.get("/screenshot");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(png.as_str().unwrap())
        .unwrap();
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/view-screens");
    std::fs::create_dir_all(&shots).unwrap();
    std::fs::write(shots.join("report.png"), bytes).unwrap();
    let resources = session.js("return performance.getEntriesByType('resource').length;");
    assert_eq!(resources, json!(0));
    let errors: Vec<Value> = session
        .log("browser")
        .into_iter()
        .filter(|e| e["level"] == "SEVERE")
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
}

/// A long list is drawn 300 rows at a time, more as it is scrolled to its end; the filters
/// count every game they keep, and a drawn row still opens its game. 700 games of
/// `bench/synth_log.py` (2 bots, 350 rounds).
#[test]
#[cfg_attr(
    not(all(tool_chromium, tool_python3)),
    ignore = "needs chromium, chromedriver and python3"
)]
fn a_long_game_list_is_drawn_as_it_is_scrolled_in_chromium() {
    need(Tool::Chromium);
    need(Tool::Python3);
    let dir = temp_dir("view-long-list");
    let synth = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bench/synth_log.py");
    let made = std::process::Command::new("python3")
        .arg(&synth)
        .arg(&*dir)
        .args(["2", "350", "1"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let html = dir.join("view.html");
    write_view(&dir.join("whole/games.jsonl"), &html);
    let driver = Driver::start();
    let session = Session::new(&driver, &dir.join("profile"));
    session.post("/window/rect", json!({"width": 1400, "height": 900}));
    session.open(&format!("file://{}", html.display()));
    let rows = "return [document.querySelectorAll('#games tbody tr').length,\
                document.getElementById('count').textContent];";
    assert_eq!(session.js(rows), json!([300, "700 of 700 games"]));
    let scroll = "var w = document.getElementById('games-wrap'); w.scrollTop = w.scrollHeight;";
    for want in [600, 700, 700] {
        session.js(scroll);
        let deadline = Instant::now() + Duration::from_secs(10);
        while session.js(rows)[0] != json!(want) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(session.js(rows)[0], json!(want));
    }
    // The 650th row, drawn by the scrolling, opens game 650.
    session.js("document.getElementById('row-g650').cells[1].click();");
    assert_eq!(session.board().0, 650);
    assert_eq!(
        session.js("return document.querySelector('#games tr.current').id;"),
        json!("row-g650")
    );
    // A filter starts the list again: the games player 1 won, 300 of them drawn at most.
    session.js("var s = document.getElementById('f-result'); s.value = '1-0'; s.onchange();");
    let shown = session.js(rows);
    let kept: u64 = shown[1]
        .as_str()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(kept > 0 && kept < 700, "{shown}");
    assert_eq!(shown[0], json!(kept.min(300)));
    session.assert_offline_and_quiet("the long list");
}
