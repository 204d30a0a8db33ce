//! Issue 24's layout and capture marks in Chromium. The viewer of each ruleset family and an
//! event report, at 1280, 1024 and 390 px (a phone): nothing sticks out of its box or is cut,
//! the page never scrolls sideways (only the report's wide tables scroll, inside their own
//! section), the game list shows each game's number, id, players, whole result, termination
//! and plies, the board's frame holds the board with no empty margin, and the plots take the
//! width of their column. The screenshots are kept in target/view-screens/layout-*.png.
//! Then the board marks: at a ply of a hand-written game from the rules' worked examples, the
//! holes (Dara: the cell) that move captured carry a cross and a ring in the taker's colour.
//!
//! Without chromium and chromedriver the tests are reported as ignored; under CI=true they run.

use crate::support::browser::{screenshot, Driver, Session};
use crate::support::{
    need, read_pgn, run_game_lines, temp_dir, tournament, write_report, write_view, Match, Tool,
};
use serde_json::json;
use std::path::{Path, PathBuf};

const WIDTHS: [u32; 3] = [1280, 1024, 390];

/// How much of its frame's inner box (padding taken off) the board's drawing must fill, in
/// width and in height (the note under it counted): a frame a quarter empty fails.
const BOARD_FILL: f64 = 0.95;
/// How much of its column's width a plot must take.
const PLOT_FILL: f64 = 0.9;

/// The page's geometry: what overflows, the game list's cells as shown, how the board fills
/// its frame, and how wide each plot is against its column.
const GEOMETRY: &str = r#"
var problems = [];
var de = document.documentElement;
if (de.scrollWidth > de.clientWidth) {
  problems.push('the page scrolls sideways: ' + de.scrollWidth + ' > ' + de.clientWidth);
}
// The report's tables of many columns may scroll inside their section, never the page.
var scrollBoxes = Array.from(document.querySelectorAll('#report section, #report article.bot'));
function name(e) {
  var c = typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\s+/).join('.') : '';
  return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + c;
}
document.querySelectorAll('body *').forEach(function (e) {
  // A plot's inner shapes are drawn in its own coordinates: the plot itself is checked.
  if (e instanceof SVGElement && !(e instanceof SVGSVGElement)) { return; }
  if (!e.clientWidth || e.scrollWidth <= e.clientWidth + 1) { return; }
  var ox = getComputedStyle(e).overflowX;
  if (scrollBoxes.indexOf(e) >= 0 && (ox === 'auto' || ox === 'scroll')) { return; }
  problems.push(name(e) + ': ' + e.scrollWidth + ' > ' + e.clientWidth + ' (overflow-x ' + ox + ')');
});
document.querySelectorAll('body *').forEach(function (e) {
  if (getComputedStyle(e).textOverflow === 'ellipsis') { problems.push(name(e) + ' ends in an ellipsis'); }
});
var rows = Array.from(document.querySelectorAll('#games tbody tr')).map(function (tr) {
  return Array.from(tr.cells).map(function (td) {
    var r = td.getBoundingClientRect();
    if (r.width === 0 || r.right > de.clientWidth || r.left < 0) { problems.push('list cell ' + td.innerText + ' outside the window'); }
    return td.innerText.trim();
  });
});
function inner(e) {
  var r = e.getBoundingClientRect();
  var s = getComputedStyle(e);
  return { l: r.left + parseFloat(s.paddingLeft), r: r.right - parseFloat(s.paddingRight),
           t: r.top + parseFloat(s.paddingTop), b: r.bottom - parseFloat(s.paddingBottom) };
}
var frame = document.getElementById('board');
var box = inner(frame);
var u = null;
frame.firstElementChild.querySelectorAll('*').forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (!r.width || !r.height) { return; }
  u = u ? { l: Math.min(u.l, r.left), r: Math.max(u.r, r.right), t: Math.min(u.t, r.top), b: Math.max(u.b, r.bottom) }
        : { l: r.left, r: r.right, t: r.top, b: r.bottom };
});
var note = frame.querySelector('.note');
var noteH = note ? note.getBoundingClientRect().height + parseFloat(getComputedStyle(note).marginTop) : 0;
var column = inner(document.getElementById('game'));
var fr = frame.getBoundingClientRect();
if (fr.left < column.l - 0.5 || fr.right > column.r + 0.5) { problems.push('the board frame leaves its column'); }
var board = [(u.r - u.l) / (box.r - box.l), (u.b - u.t + noteH) / (box.b - box.t)];
var plots = [];
var eg = document.querySelector('#evalgraph svg');
if (eg) { plots.push(['evaluation graph', eg.getBoundingClientRect().width / (column.r - column.l)]); }
document.querySelectorAll('#report svg').forEach(function (s) {
  var sec = inner(s.closest('section'));
  plots.push([s.closest('section').querySelector('h2').textContent, s.getBoundingClientRect().width / (sec.r - sec.l)]);
});
return { problems: problems, rows: rows, board: board, plots: plots, viewport: de.clientWidth };
"#;

/// Open `url` in a window `width` px wide; check its geometry, keep its screenshot as
/// `shot`, and give back the game list as shown (each row's cells' text).
fn check_layout(
    session: &Session,
    url: &str,
    width: u32,
    what: &str,
    shot: &Path,
) -> Vec<Vec<String>> {
    session.post("/window/rect", json!({"width": width, "height": 900}));
    session.open(url);
    let g = session.js(GEOMETRY);
    let viewport = g["viewport"].as_f64().unwrap();
    // The window's scroll bar takes a little of its width.
    assert!(
        viewport > f64::from(width) - 40.0 && viewport <= f64::from(width),
        "{what}: viewport {viewport}"
    );
    assert_eq!(g["problems"], json!([]), "{what}");
    let fill: Vec<f64> = g["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!(
        fill.iter().all(|f| (BOARD_FILL..=1.01).contains(f)),
        "{what}: the board fills {fill:?} of its frame (width, height)"
    );
    for plot in g["plots"].as_array().unwrap() {
        let share = plot[1].as_f64().unwrap();
        assert!(
            (PLOT_FILL..=1.01).contains(&share),
            "{what}: plot {} takes {share} of its column",
            plot[0]
        );
    }
    screenshot(session, shot);
    serde_json::from_value(g["rows"].clone()).unwrap()
}

fn screens() -> PathBuf {
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/view-screens");
    std::fs::create_dir_all(&shots).unwrap();
    shots
}

#[test]
#[cfg_attr(not(tool_chromium), ignore = "needs chromium and chromedriver")]
fn viewer_and_report_fit_1280_1024_and_390_px_in_chromium() {
    need(Tool::Chromium);
    let dir = temp_dir("view-layout-browser");
    let driver = Driver::start();
    let session = Session::new(&driver, &dir.join("profile"));
    let shots = screens();

    // The viewer of each family: the search bot's games, so the evaluation graph is drawn.
    // Every family, with the longest Darra board and Dara's other ruleset beside.
    for ruleset in ["darra", "darra-2x18", "bao", "dara", "dara-niger"] {
        let pgn = dir.join(format!("{ruleset}.pgn"));
        let html = dir.join(format!("{ruleset}.html"));
        Match::new(ruleset, "builtin:search", "builtin:greedy")
            .games(2)
            .tc("60+1")
            .args(["--nodes", "5000"])
            .seed(5)
            .max_plies(200)
            .pgn(&pgn)
            .played();
        write_view(&pgn, &html);
        let games = read_pgn(&pgn);
        let ply = games[0].moves.len() / 2;
        for width in WIDTHS {
            let what = format!("{ruleset} at {width} px");
            let url = format!("file://{}#g1p{ply}", html.display());
            let shot = shots.join(format!("layout-{ruleset}-{width}.png"));
            let rows = check_layout(&session, &url, width, &what, &shot);
            let want: Vec<Vec<String>> = games
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    vec![
                        (i + 1).to_string(),
                        g.white.clone(),
                        g.black.clone(),
                        g.result.to_string(),
                        g.termination.as_str().to_string(),
                        g.moves.len().to_string(),
                    ]
                })
                .collect();
            assert_eq!(rows, want, "{what}: the game list");
        }
        session.assert_offline_and_quiet(ruleset);
    }

    // An event report above its viewer: the list with the schedule's game ids, long names,
    // a draw among the results; the score and SPRT plots.
    let run = dir.join("run");
    tournament(
        "darra",
        &[
            "a-rather-long-bot-name=builtin:random",
            "another-long-bot-name=builtin:random",
        ],
    )
    .rounds(4)
    // Seeded random bots play the same moves at any clock: one far from what they take keeps
    // a loaded machine from turning a game into a time forfeit.
    .args([
        "--movetime",
        "2000",
        "--max-plies",
        "120",
        "--seed",
        "7",
        "--sprt",
    ])
    .arg("elo0=0,elo1=50,alpha=0.05,beta=0.05")
    .quiet()
    .out(&run)
    .played();
    let html = dir.join("report.html");
    write_report(&run, &html);
    let mut games = run_game_lines(&run);
    games.sort_by_key(|g| g["game"].as_u64().unwrap());
    assert!(
        games.iter().any(|g| g["result"] == "1/2-1/2"),
        "the event has no draw to show whole"
    );
    let want: Vec<Vec<String>> = games
        .iter()
        .map(|g| {
            let s = |k: &str| g[k].as_str().unwrap().to_string();
            let plies = g["moves"].as_array().unwrap().len();
            vec![
                format!("{} {}", g["game"], s("game_id")),
                s("white"),
                s("black"),
                s("result"),
                s("termination"),
                plies.to_string(),
            ]
        })
        .collect();
    for width in WIDTHS {
        let what = format!("the report at {width} px");
        let url = format!("file://{}#g1p0", html.display());
        let shot = shots.join(format!("layout-report-{width}.png"));
        let rows = check_layout(&session, &url, width, &what, &shot);
        // On a phone a cell's text breaks where it must; the words are the same.
        let rows: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| c.split_whitespace().collect::<Vec<_>>().join(" "))
                    .collect()
            })
            .collect();
        assert_eq!(rows, want, "{what}: the game list");
        session.js("document.querySelector('#report svg').scrollIntoView(); return 0;");
        screenshot(
            &session,
            &shots.join(format!("layout-report-{width}-plot.png")),
        );
    }
    session.assert_offline_and_quiet("the report");
}

/// A game of one ruleset from `start`, for a hand-written PGN.
fn pgn_game(ruleset: &str, start: &str, moves: &str) -> String {
    format!(
        "[Event \"captures\"]\n[White \"first\"]\n[Black \"second\"]\n[Result \"*\"]\n\
         [Ruleset \"{ruleset}\"]\n[Position \"{start}\"]\n\n{moves} *\n\n"
    )
}

#[test]
#[cfg_attr(not(tool_chromium), ignore = "needs chromium and chromedriver")]
fn captured_holes_are_marked_in_the_takers_colour_in_chromium() {
    need(Tool::Chromium);
    let dir = temp_dir("view-captures-browser");
    // The rules' worked examples, with the holes each move captures read by hand.
    let pgn = [
        // darra.md E4: 1A sows 13; 2A and 5A reach 4 (their owner, player 1, takes them), then
        // 1B and 3B (player 2's); the last seed lands in 2A again, making 1.
        pgn_game("darra", "darra 13,3,0,2,3,1/3,0,3,1,2,1 1 8 8 2 5", "1. 1A"),
        // darra.md E3: player 2 sows 3B; 3A reaches 4 mid-sowing (player 1's), 4A with the
        // last seed (the sower's). Then 6A sows 2 seeds into 1B (0) and 2B (8): nothing.
        pgn_game(
            "darra",
            "darra 1,0,3,3,5,2/0,8,7,1,0,2 2 8 8 1 2",
            "1... 3B 2. 6A",
        ),
        // bao.md X8: b3> takes c5 (7 seeds), then c7 (3).
        pgn_game(
            "bao",
            "bao 0,0,0,0,0,0,0,0/0,0,2,0,1,0,1,0/0,0,0,0,7,0,3,2/0,0,0,0,0,0,0,48 0 0 1 -- -",
            "1. b3>",
        ),
        // dara.md: c2-c3 makes three in a row and removes o's piece on d4.
        pgn_game(
            "dara",
            "dara ooo.x./x..o../xx..o./..x..o/.x.... 1 0 0 4",
            "1. c2-c3xd4",
        ),
    ]
    .concat();
    let log = dir.join("captures.pgn");
    std::fs::write(&log, pgn).unwrap();
    let html = dir.join("captures.html");
    write_view(&log, &html);

    let driver = Driver::start();
    let session = Session::new(&driver, &dir.join("profile"));
    session.post("/window/rect", json!({"width": 1280, "height": 900}));
    let page = format!("file://{}", html.display());
    // (game, ply, the marked holes with their taker), sorted by hole.
    type Case<'a> = (u32, u32, &'a [(&'a str, &'a str)]);
    let cases: [Case; 7] = [
        (1, 0, &[]),
        (1, 1, &[("1B", "2"), ("2A", "1"), ("3B", "2"), ("5A", "1")]),
        (2, 1, &[("3A", "1"), ("4A", "2")]),
        (2, 2, &[]),
        (3, 0, &[]),
        (3, 1, &[("c5", "1"), ("c7", "1")]),
        (4, 1, &[("d4", "1")]),
    ];
    let marks = "return Array.from(document.querySelectorAll('#board [data-captured-by]'))\
         .map(function (e) { return [e.getAttribute('data-cell'), e.getAttribute('data-captured-by'),\
           getComputedStyle(e).getPropertyValue('--capc').trim(), getComputedStyle(e, '::before').content]; })\
         .sort(function (a, b) { return a[0] < b[0] ? -1 : 1; });";
    // Each player's colour, from the swatch beside its name.
    let colours = "var out = {}; document.querySelectorAll('.player').forEach(function (bar) {\
         var p = bar.querySelector('.pname').textContent.slice(1, 2);\
         out[p] = getComputedStyle(bar.querySelector('.swatch')).getPropertyValue('--capc').trim(); });\
         return out;";
    for (game, ply, want) in cases {
        session.open(&format!("{page}#g{game}p{ply}"));
        assert_eq!(session.board().1, ply as usize);
        let got = session.js(marks);
        let got = got.as_array().unwrap();
        let cells: Vec<(&str, &str)> = got
            .iter()
            .map(|m| (m[0].as_str().unwrap(), m[1].as_str().unwrap()))
            .collect();
        assert_eq!(cells, want, "game {game} ply {ply}");
        let colour = session.js(colours);
        for m in got {
            let by = m[1].as_str().unwrap();
            assert_eq!(
                m[2], colour[by],
                "game {game} ply {ply}: {m:?} in the taker's colour"
            );
            assert_ne!(
                m[3],
                json!("none"),
                "game {game} ply {ply}: {m:?} has no cross"
            );
        }
        assert_ne!(colour["1"], colour["2"], "the players' colours differ");
        if !want.is_empty() {
            let shot = screens().join(format!("captures-g{game}p{ply}.png"));
            screenshot(&session, &shot);
        }
    }
    // The legend says what the mark means.
    let legend =
        session.js("return document.getElementById('legend').textContent.replace(/\\s+/g, ' ');");
    assert!(
        legend
            .as_str()
            .unwrap()
            .contains("this move captured, in the colour of who took it"),
        "{legend}"
    );
    session.assert_offline_and_quiet("the capture marks");
}
