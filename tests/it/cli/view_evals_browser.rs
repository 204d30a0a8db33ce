//! Issue 24's viewer in Chromium: each move's evaluation from the record (a PGN log's move
//! comments and a games.jsonl's `move_infos`) listed and plotted, the graph following the
//! slider, and the last board's stores equal to the result's score on every ruleset; with
//! `--logs`, a chatty bot's lines folded under each move, one row per move until opened.
//! The search bot plays with a node budget, so that its games (and their ends) are the same
//! on a loaded machine.
//!
//! Without chromium and chromedriver the tests are reported as ignored; under CI=true they run.

use crate::support::browser::{Driver, Session};
use crate::support::{baraza, need, read_pgn, temp_dir, write_view, Match, Tool};
use serde_json::json;

/// The two numbers of a reason's score (`ended by the rules: end 36-12` → (36, 12)).
fn reason_score(reason: &str) -> Option<(u64, u64)> {
    let word = reason.split_whitespace().last()?;
    let (a, b) = word.split_once('-')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// The evaluation word of each move's comment in game `n` of a PGN log (`{35.5ms +0.44/9}` →
/// `+0.44`), from the mover's side as the log writes it; `None` for a comment with a time only.
fn comment_evals(pgn: &std::path::Path, n: usize) -> Vec<Option<String>> {
    let text = std::fs::read_to_string(pgn).unwrap();
    let game = text.split("[Event ").nth(n).unwrap();
    let mut out = Vec::new();
    for part in game.split('{').skip(1) {
        let comment = part.split('}').next().unwrap();
        let word = comment.split_whitespace().nth(1);
        out.push(word.map(|w| w.split('/').next().unwrap().to_string()));
    }
    out
}

/// The same evaluation from the other side.
fn flip(eval: &str) -> String {
    match eval.as_bytes()[0] {
        b'+' => format!("-{}", &eval[1..]),
        b'-' => format!("+{}", &eval[1..]),
        _ => eval.to_string(),
    }
}

#[test]
#[cfg_attr(not(tool_chromium), ignore = "needs chromium and chromedriver")]
fn evaluations_graph_and_final_stores_in_chromium() {
    need(Tool::Chromium);
    let dir = temp_dir("view-evals-browser");
    let driver = Driver::start();
    let session = Session::new(&driver, &dir.join("profile"));
    session.post("/window/rect", json!({"width": 1280, "height": 900}));

    for ruleset in baraza::games::RULESETS.iter().map(|r| r.id) {
        let pgn = dir.join(format!("{ruleset}.pgn"));
        let jsonl = dir.join(format!("{ruleset}.jsonl"));
        Match::new(ruleset, "builtin:search", "builtin:greedy")
            .games(2)
            .tc("60+1")
            .args(["--nodes", "20000"])
            .seed(5)
            .max_plies(300)
            .pgn(&pgn)
            .jsonl(&jsonl)
            .played();
        let games = read_pgn(&pgn);
        let mut scored = 0;
        for log in [&pgn, &jsonl] {
            let html = log.with_extension(format!(
                "{}.html",
                log.extension().unwrap().to_str().unwrap()
            ));
            write_view(log, &html);
            let page = format!("file://{}", html.display());
            for (g, rec) in games.iter().enumerate() {
                let n = g + 1;
                let what = format!("{ruleset} {} game {n}", log.display());
                // The search bot moves as player 1 in game 1 and player 2 in game 2; each of
                // its moves carries a score, the greedy bot's none.
                let search = if n == 1 { '1' } else { '2' };
                session.open(&format!("{page}#g{n}p0"));
                let cells = session.js(
                    "return Array.from(document.querySelectorAll('#movelist tbody tr'))\
                     .slice(1).map(function (r) { return [r.cells[1].textContent, r.cells[4].textContent]; });",
                );
                let cells = cells.as_array().unwrap();
                assert_eq!(cells.len(), rec.moves.len(), "{what}");
                let want = comment_evals(&pgn, n);
                assert_eq!(want.len(), rec.moves.len(), "{what}: comments");
                for (i, c) in cells.iter().enumerate() {
                    let by = c[0].as_str().unwrap();
                    let ev = c[1].as_str().unwrap();
                    let want = match &want[i] {
                        Some(w) if by == "P2" => flip(w),
                        Some(w) => w.clone(),
                        None => String::new(),
                    };
                    assert_eq!(ev, want, "{what} ply {} by {by}", i + 1);
                }
                // The search bot scores its moves (all but forced ones).
                let mine: Vec<_> = cells
                    .iter()
                    .filter(|c| c[0].as_str().unwrap().ends_with(search))
                    .collect();
                let scored_moves = mine.iter().filter(|c| c[1] != "").count();
                assert!(
                    2 * scored_moves > mine.len(),
                    "{what}: {scored_moves} of {} evaluated",
                    mine.len()
                );
                // The graph is there, with a point per evaluated move, and follows the slider.
                let points = session.js("var l = document.querySelector('#evalgraph polyline');\
                     return l ? l.getAttribute('points').trim().split(/\\s+/).length : 0;");
                let evaluated = cells.iter().filter(|c| c[1] != "").count();
                assert_eq!(points, json!(evaluated), "{what}: graph points");
                let hidden = session.js("return document.getElementById('evalgraph').hidden;");
                assert_eq!(hidden, json!(false), "{what}: graph hidden");
                session.js("var s = document.getElementById('slider'); s.value = 3;\
                     s.dispatchEvent(new Event('input'));");
                let mark = session.js("var m = document.getElementById('evalmark');\
                     var w = document.querySelector('#evalgraph svg').viewBox.baseVal.width;\
                     return [document.getElementById('evalgraph').getAttribute('data-ply'),\
                     Number(m.getAttribute('x1')) / w];");
                assert_eq!(mark[0], json!("3"), "{what}: graph mark");
                let x = mark[1].as_f64().unwrap();
                let want = 3.0 / rec.moves.len() as f64;
                assert!((x - want).abs() < 1e-6, "{what}: mark at {x}, want {want}");

                // Captures marked in the move list: for Darra, each player's marked gains add
                // up to its store in the last position (the engine's, `data-position`).
                if ruleset.starts_with("darra") {
                    session.open(&format!("{page}#g{n}p{}", rec.moves.len()));
                    let moves = session.js(
                        "return Array.from(document.querySelectorAll('#movelist tbody tr'))\
                         .slice(1).map(function (r) { return [r.cells[1].textContent, r.cells[2].textContent]; });",
                    );
                    let mut got = [0u64, 0];
                    for (i, m) in moves.as_array().unwrap().iter().enumerate() {
                        let me = usize::from(m[0] == "P2");
                        let words: Vec<&str> = m[1].as_str().unwrap().split(' ').collect();
                        assert_eq!(words[0], rec.moves[i], "{what} ply {}", i + 1);
                        let mut rest = words[1..].iter();
                        while let Some(w) = rest.next() {
                            if let Some(x) = w.strip_prefix('\u{d7}') {
                                got[me] += x.parse::<u64>().unwrap();
                            } else {
                                let other = if *w == "P1" { 0 } else { 1 };
                                assert_ne!(other, me, "{what}: '{}'", m[1]);
                                let x = rest.next().unwrap().strip_prefix('+').unwrap();
                                got[other] += x.parse::<u64>().unwrap();
                            }
                        }
                    }
                    let pos = session.board().2;
                    let f: Vec<&str> = pos.split(' ').collect();
                    assert_eq!(
                        [got[0].to_string(), got[1].to_string()],
                        [f[3].to_string(), f[4].to_string()],
                        "{what}: captures marked vs stores of '{pos}'"
                    );
                    assert!(got[0] + got[1] > 0, "{what}: no capture marked");
                }
                // The legend is there.
                let legend = session.js("return document.getElementById('legend').textContent;");
                assert!(
                    legend.as_str().unwrap().contains("captured"),
                    "{what}: legend"
                );

                // The last board: for a scored game, the rules' final position (darra.md
                // section 8): the seeds left stay in their holes, the stores hold what was
                // captured (the position's own fields), and the note gives the result's score.
                session.open(&format!("{page}#g{n}p{}", rec.moves.len()));
                let stores = session.js(
                    "var s = ['store-p1', 'store-p2'].map(function (id) {\
                     var e = document.getElementById(id); return e ? e.querySelector('.count').textContent : null; });\
                     return s;",
                );
                if ruleset.starts_with("darra") && rec.reason.starts_with("ended by the rules") {
                    let (a, b) = reason_score(&rec.reason)
                        .unwrap_or_else(|| panic!("{what}: no score in '{}'", rec.reason));
                    let pos = session.board().2;
                    let f: Vec<&str> = pos.split(' ').collect();
                    assert_eq!(stores, json!([f[3], f[4]]), "{what}: {pos}");
                    let holes: u32 = f[1]
                        .split(['/', ','])
                        .map(|h| h.parse::<u32>().unwrap())
                        .sum();
                    let note =
                        session.js("return document.querySelector('#board .note').textContent;");
                    let note = note.as_str().unwrap();
                    assert!(
                        note.starts_with(&format!(
                            "game over: the {holes} seeds left on the board go to "
                        )) && note.ends_with(&format!("final score {a}-{b}")),
                        "{what}: {note}"
                    );
                    scored += 1;
                } else if !ruleset.starts_with("darra") {
                    assert_eq!(
                        stores,
                        json!([null, null]),
                        "{what}: {ruleset} has no stores"
                    );
                }
            }
        }
        // The flip: `f` in the address turns the board; the button turns it back.
        let page = format!("file://{}", pgn.with_extension("pgn.html").display());
        session.open(&format!("{page}#g1p5f"));
        let state = || {
            session.js(
                "return [document.getElementById('board').classList.contains('flipped'),\
                 document.querySelector('#player-top .pname').textContent.slice(0, 2), location.hash];",
            )
        };
        // Unflipped, player 1 is on top for Darra, player 2 for Bao and Dara.
        let (top, bottom) = if ruleset.starts_with("darra") {
            ("P1", "P2")
        } else {
            ("P2", "P1")
        };
        assert_eq!(
            state(),
            json!([true, bottom, "#g1p5f"]),
            "{ruleset} flipped"
        );
        session.key("\u{E014}");
        assert_eq!(
            state(),
            json!([true, bottom, "#g1p6f"]),
            "{ruleset} flipped, →"
        );
        session.js("document.getElementById('b-flip').click();");
        assert_eq!(
            state(),
            json!([false, top, "#g1p6"]),
            "{ruleset} flipped back"
        );
        // A screenshot of the flipped last board, with the graph, kept for a look by eye.
        let shots =
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/view-screens");
        std::fs::create_dir_all(&shots).unwrap();
        session.open(&format!("{page}#g1p{}f", games[0].moves.len()));
        crate::support::browser::screenshot(&session, &shots.join(format!("evals-{ruleset}.png")));
        if ruleset.starts_with("darra") {
            assert!(scored > 0, "{ruleset}: no game ended by the rules' score");
        }
    }
}

/// `view --logs`: a searching bot sends a line per depth; each move's row holds them folded
/// (`7 lines`), exactly the lines its log file has for that move, and stays one line high
/// until the summary is clicked.
#[test]
#[cfg_attr(not(tool_chromium), ignore = "needs chromium and chromedriver")]
fn a_chatty_bots_logs_are_folded_one_row_per_move_in_chromium() {
    need(Tool::Chromium);
    let dir = temp_dir("view-logs-browser");
    let pgn = dir.join("m.pgn");
    let logs = dir.join("logs");
    Match::new("darra", "builtin:search", "builtin:greedy")
        .games(1)
        .tc("60+1")
        .args(["--nodes", "20000"])
        .seed(5)
        .pgn(&pgn)
        .logs(&logs)
        .played();
    // The search bot's file: `k line` for the lines it sent while k plies were played.
    let text = std::fs::read_to_string(logs.join("g1-p1-search.info")).unwrap();
    let mut sent: std::collections::BTreeMap<usize, Vec<String>> = Default::default();
    for line in text.lines() {
        let (k, rest) = line.split_once(' ').unwrap();
        sent.entry(k.parse::<usize>().unwrap() + 1)
            .or_default()
            .push(rest.to_string());
    }
    assert!(
        sent.values().any(|l| l.len() >= 5),
        "the search bot sends a line per depth: {sent:?}"
    );
    let html = dir.join("m.html");
    baraza()
        .arg("view")
        .arg(&pgn)
        .arg("--logs")
        .arg(&logs)
        .arg("-o")
        .arg(&html)
        .assert()
        .success();

    let driver = Driver::start();
    let session = Session::new(&driver, &dir.join("profile"));
    session.post("/window/rect", json!({"width": 1280, "height": 900}));
    session.open(&format!("file://{}#g1p1", html.display()));
    let rows = |ply: Option<usize>| {
        let pick = match ply {
            Some(k) => format!("[document.getElementById('ply-{k}')]"),
            None => "Array.from(document.querySelectorAll('#movelist tbody tr')).slice(1)".into(),
        };
        session.js(&format!(
            "return {pick}.map(function (r) {{ var d = r.querySelector('td.info details');\
             return [Number(r.id.slice(4)), d ? d.querySelector('summary').textContent : '',\
             d ? Array.from(d.querySelectorAll('.info-line')).map(function (x) {{ return x.textContent; }}) : [],\
             d ? d.open : false, r.getBoundingClientRect().height]; }});"
        ))
    };
    let all = rows(None);
    let all = all.as_array().unwrap();
    assert!(all.len() > 10, "{all:?}");
    let lowest = all
        .iter()
        .map(|r| r[4].as_f64().unwrap())
        .fold(f64::INFINITY, f64::min);
    let mut most = (0, 0);
    for r in all {
        let ply = r[0].as_u64().unwrap() as usize;
        let lines: Vec<String> = r[2]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_string())
            .collect();
        if ply % 2 == 1 {
            // The search bot's move (it moves first in game 1): the lines its file holds.
            let want = sent.get(&ply).cloned().unwrap_or_default();
            assert_eq!(lines, want, "ply {ply}");
            if !want.is_empty() {
                let s = if want.len() == 1 { "" } else { "s" };
                assert_eq!(r[1], json!(format!("{} line{s}", want.len())), "ply {ply}");
            }
            if want.len() > most.1 {
                most = (ply, want.len());
            }
        }
        assert_eq!(r[3], json!(false), "ply {ply}: folded");
        let h = r[4].as_f64().unwrap();
        assert!(
            h < lowest * 1.3,
            "ply {ply}: {h} px high, the lowest row {lowest}"
        );
    }
    // Opened, the row with the most lines shows them all.
    let (ply, n) = most;
    session.js(&format!(
        "document.querySelector('#ply-{ply} td.info summary').click();"
    ));
    let opened = rows(Some(ply));
    let opened = &opened[0];
    assert_eq!(opened[3], json!(true), "ply {ply} opened");
    let h = opened[4].as_f64().unwrap();
    assert!(
        h > lowest * n as f64,
        "ply {ply}: {n} lines opened in {h} px (a row is {lowest})"
    );
    // The click opened the lines without moving the board.
    assert_eq!(session.board().1, 1, "the board stays at ply 1");
}
