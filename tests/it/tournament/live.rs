//! `--live FILE`: the page a running event keeps for spectators, read from the file as it is
//! rewritten. Bots that think 100 ms a move keep a game in play while the file is polled; every
//! version read must be a whole page (the writer renames a finished file over the old one), the
//! moves it shows of a game in play must be the first moves of that game's record, and the last
//! version shows every game, the table, and no reload.
//! The same page in a browser: tests/it/cli/live_browser.rs.

use crate::support::{file_names, temp_dir, tournament, wait_while_running, Match, SLEEPY_BOT};
use serde_json::Value;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

/// One version of the page as read from the disk.
pub struct Version {
    /// `live` while the event runs, `final` after it.
    pub state: String,
    /// What the page's script reads: `final`, `every`, `running`, `plies`.
    pub live: Value,
    /// The viewer's games.
    pub games: Vec<Value>,
    pub html: String,
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start}")) + start.len();
    let len = text[from..].find(end).unwrap_or_else(|| panic!("no {end}"));
    &text[from..from + len]
}

impl Version {
    /// Parse a version; it must be a whole page.
    pub fn parse(html: String) -> Version {
        let tail: String = html
            .chars()
            .rev()
            .take(40)
            .collect::<Vec<_>>()
            .iter()
            .rev()
            .collect();
        assert!(
            html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"),
            "a half-written page was read: ...{tail}"
        );
        let state = between(&html, r#"<section id="live" data-state=""#, "\"").to_string();
        let live = serde_json::from_str(between(
            &html,
            r#"<script type="application/json" id="live-data">"#,
            "</script>",
        ))
        .unwrap();
        let data: Value = serde_json::from_str(between(
            &html,
            r#"<script type="application/json" id="data">"#,
            "</script>",
        ))
        .unwrap();
        let mut games = data["games"].as_array().unwrap().clone();
        games.iter_mut().for_each(baraza::view::wire::expand);
        Version {
            state,
            live,
            games,
            html,
        }
    }

    /// Read the page if it is there.
    pub fn read(path: &Path) -> Option<Version> {
        std::fs::read_to_string(path).ok().map(Version::parse)
    }

    pub fn game(&self, n: u64) -> Option<&Value> {
        self.games.iter().find(|g| g["n"] == n)
    }

    /// The first game in play with at least one move: (its number, its plies).
    pub fn game_in_play(&self) -> Option<(u64, usize)> {
        self.live["running"]
            .as_array()?
            .iter()
            .filter_map(Value::as_u64)
            .map(|n| (n, self.game(n).unwrap()["m"].as_array().unwrap().len()))
            .find(|(_, plies)| *plies > 0)
    }
}

/// The moves of a game view (`m`).
fn moves(game: &Value) -> Vec<String> {
    game["m"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// A tournament of two bots thinking 100 ms a move, `rounds` rounds of two games of at most 12
/// plies, its live page rewritten every 0.2 s.
pub fn slow_tournament(dir: &Path, page: &Path, rounds: u32) -> std::process::Command {
    let sleepy = SLEEPY_BOT;
    let mut cmd = tournament("darra", &[&format!("a={sleepy}"), &format!("b={sleepy}")])
        .rounds(rounds)
        .args(["--max-plies", "12", "--tc", "60+1", "--live-every", "0.2"])
        .arg("--live")
        .arg(page)
        .out(dir.join("t"))
        .quiet()
        .process();
    cmd.stdout(Stdio::null()).stderr(Stdio::null());
    cmd
}

#[test]
fn the_live_page_shows_games_in_play_updates_and_ends_without_reload() {
    let dir = temp_dir("live-page");
    let page = dir.join("live.html");
    let mut child = slow_tournament(&dir, &page, 1).spawn().unwrap();
    let timeout = Duration::from_secs(60);
    let mut versions = 0;
    // A game in play, with its moves so far and its clocks.
    let mut first = None;
    wait_while_running(&mut child, timeout, "a game in play on the page", || {
        let Some(v) = Version::read(&page) else {
            return false;
        };
        versions += 1;
        first = v.game_in_play().map(|(n, plies)| (n, plies, v));
        first.is_some()
    });
    let (n, plies, v) = first.unwrap();
    assert_eq!(v.state, "live");
    assert_eq!(v.live["final"], false);
    assert_eq!(v.live["every"], 200);
    let g = v.game(n).unwrap();
    assert_eq!(g["r"], "*");
    assert_eq!(g["t"], "in progress");
    assert_eq!(
        g["p"].as_array().unwrap().len(),
        plies + 1,
        "a position per ply"
    );
    // Both clocks after every ply: 60 s each at the start.
    let clocks = g["c"].as_array().unwrap();
    assert_eq!(clocks.len(), 2 * (plies + 1));
    assert_eq!(
        (clocks[0].as_u64(), clocks[1].as_u64()),
        (Some(60_000), Some(60_000))
    );
    assert!(v
        .html
        .contains(&format!(r##"<a href="#g{n}p{plies}">{n}</a>"##)));
    assert!(v.html.contains("this page reloads every 0.2 s"));
    let seen_moves = moves(g);

    // Read again later: the same game has gone on, or ended.
    wait_while_running(&mut child, timeout, "the page updated", || {
        let Some(v) = Version::read(&page) else {
            return false;
        };
        versions += 1;
        let g = v.game(n).unwrap();
        g["t"] != "in progress" || moves(g).len() > plies
    });
    let status = crate::support::wait_for_exit(&mut child, timeout, "the tournament");
    assert!(status.success());

    let last = Version::read(&page).unwrap();
    assert_eq!(last.state, "final");
    assert_eq!(last.live["final"], true);
    assert_eq!(last.live["running"], serde_json::json!([]));
    assert!(last
        .html
        .contains("Over: every scheduled game played · 2 of 2 games played"));
    assert!(!last.html.contains("reloads every"));
    assert!(!last.html.contains("http-equiv"));
    // Every game, as recorded in games.jsonl; the moves seen in play were its first moves.
    let log = crate::support::read_jsonl(&dir.join("t/games.jsonl"));
    // Game lines hold the record's fields beside the schedule's `game_id`.
    let records: Vec<&Value> = log.iter().filter(|l| l.get("game_id").is_some()).collect();
    assert_eq!(records.len(), 2);
    assert_eq!(last.games.len(), 2);
    for rec in records {
        let shown = last.game(rec["game"].as_u64().unwrap()).unwrap();
        assert_eq!(shown["m"], rec["moves"]);
        assert_eq!(shown["r"], rec["result"]);
        assert_eq!(shown["id"], rec["game_id"]);
        if rec["game"] == n {
            let all: Vec<String> = serde_json::from_value(rec["moves"].clone()).unwrap();
            assert_eq!(seen_moves[..], all[..plies], "the moves shown in play");
        }
    }
    // The table as `results` shows it: each bot played both games.
    for bot in ["a", "b"] {
        assert!(
            last.html
                .contains(&format!(r#"<td>{bot}</td><td class="num">2</td>"#)),
            "{bot}'s row"
        );
    }
    assert!(versions >= 2, "read {versions} versions");
    let names = file_names(&dir);
    assert!(
        !names.iter().any(|n| n.ends_with(".tmp")),
        "a temporary file left: {names:?}"
    );
}

#[test]
fn a_match_writes_its_final_live_page() {
    let dir = temp_dir("live-match");
    let page = dir.join("m.html");
    Match::new("dara", "builtin:random", "builtin:greedy")
        .games(2)
        .arg("--live")
        .arg(&page)
        .played();
    let v = Version::read(&page).unwrap();
    assert_eq!(v.state, "final");
    assert_eq!(v.games.len(), 2);
    assert!(v
        .html
        .contains("<title>baraza match: random vs greedy (dara)</title>"));
    for g in &v.games {
        assert_ne!(g["t"], "in progress");
    }
}

#[test]
fn an_unwritable_live_page_is_refused_before_any_game() {
    let dir = temp_dir("live-refused");
    let out = dir.join("t");
    let missing = dir.join("no-such-folder/live.html");
    let err = tournament("darra", &["a=builtin:random", "b=builtin:random"])
        .out(&out)
        .arg("--live")
        .arg(&missing)
        .refused(1);
    assert!(
        err.contains(&format!(
            "--live {}: cannot write the page",
            missing.display()
        )),
        "{err}"
    );
    assert!(!out.join("games.jsonl").exists(), "no game was logged");
    // A folder is no page either, for `match` as for `tournament`.
    let randoms = Match::new("darra", "builtin:random", "builtin:random");
    let err = randoms.clone().arg("--live").arg(&*dir).refused(1);
    assert!(err.contains("cannot write the page"), "{err}");
    let err = randoms
        .args(["--live", "x.html", "--live-every", "0.01"])
        .refused(2);
    assert!(err.contains("from 0.1 to 3600 seconds"), "{err}");
}
