//! `tournament --live FILE` in a real browser (headless Chromium over WebDriver), while the
//! tournament runs: the page opens on the game in play at its latest ply, reloads itself and
//! follows that game to its newer plies, keeps a spectator's place (a game and an earlier ply)
//! across reloads, and once the event is over shows it as over and stops reloading. It loads
//! nothing and logs no error. A screenshot of the page in play is saved under
//! target/view-screens/.
//!
//! Without chromium and chromedriver the test is reported as ignored; under CI=true it runs.

use crate::support::browser::{screenshot, Driver, Session};
use crate::support::{need, temp_dir, wait_for_exit, wait_while_running, Tool};
use crate::tournament::live::{slow_tournament, Version};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What the page shows: [reload, game, ply, latest ply, status line, whether the marker set
/// before is still there (no reload since), document ready].
const STATE: &str = "var b = document.getElementById('board'); \
    return [document.body.getAttribute('data-reload'), Number(b.getAttribute('data-game')), \
    Number(b.getAttribute('data-ply')), Number(document.getElementById('slider').max), \
    document.getElementById('live-status').textContent, window.baraza_marker === 1, \
    document.readyState];";

/// Poll the page until `cond` holds of its state; the page may be reloading under a call.
fn wait_for(session: &Session, what: &str, cond: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(v) = session.try_js(STATE) {
            if v.is_array() && v[6] == "complete" && cond(&v) {
                return v;
            }
        }
        assert!(Instant::now() < deadline, "{what}: not seen in 60 s");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
#[cfg_attr(not(tool_chromium), ignore = "needs chromium and chromedriver")]
fn the_live_page_follows_a_game_in_chromium_and_keeps_the_spectators_place() {
    need(Tool::Chromium);
    let dir = temp_dir("live-browser");
    let page = dir.join("live.html");
    let driver = Driver::start();
    let session = Session::new(&driver, &dir.join("profile"));
    // Four games, one at a time: time to watch one and still find another in play after it.
    let mut child = slow_tournament(&dir, &page, 2).spawn().unwrap();
    let timeout = Duration::from_secs(90);
    wait_while_running(&mut child, timeout, "a game in play on the page", || {
        Version::read(&page).is_some_and(|v| v.game_in_play().is_some())
    });
    session.open(&format!("file://{}", page.display()));

    // A spectator without a game in the address is shown the game in play, at its latest ply.
    let first = wait_for(&session, "the game in play", |v| v[3].as_u64() > Some(0));
    assert_eq!(first[0], "200", "reloads every 200 ms");
    assert!(first[4].as_str().unwrap().starts_with("Live:"), "{first}");
    assert_eq!(first[2], first[3], "at the latest ply: {first}");
    let (game, ply) = (first[1].as_u64().unwrap(), first[2].as_u64().unwrap());
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/view-screens");
    std::fs::create_dir_all(&shots).unwrap();
    screenshot(&session, &shots.join("live-in-play.png"));

    // The page reloads by itself and follows the game to its newer plies.
    wait_for(&session, "a later ply of the same game", |v| {
        v[1] == game && v[2].as_u64() > Some(ply) && v[2] == v[3]
    });

    // A spectator who stepped back to ply 1 stays there across reloads.
    // (A click on the move list's ply 1: the viewer shows it at once.)
    session.js("document.getElementById('ply-1').click(); window.baraza_marker = 1; return 0;");
    let kept = wait_for(&session, "a reload", |v| v[5] == false);
    assert_eq!((kept[1].as_u64(), kept[2].as_u64()), (Some(game), Some(1)));

    let status = wait_for_exit(&mut child, timeout, "the tournament");
    assert!(status.success());
    // The last version: over, no more reloads, every game in the list.
    let over = wait_for(&session, "the final page", |v| v[0] == "off");
    assert!(over[4].as_str().unwrap().starts_with("Over:"), "{over}");
    let rows = session.js("return document.querySelectorAll('#games tbody tr').length;");
    assert_eq!(rows, json!(4));
    assert_eq!(
        (over[1].as_u64(), over[2].as_u64()),
        (Some(game), Some(1)),
        "still at the spectator's place"
    );
    session.assert_offline_and_quiet("the live page");
}
