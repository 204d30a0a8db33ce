//! The live page of a running event (`match`/`tournament --live FILE`): the viewer's page
//! ([`super::page`]) with, above it, the table so far and the games being played, each at
//! its latest ply; a small script reloads the page every few seconds and keeps the
//! spectator's place. The final write of the event has no reload.
//!
//! Pure: the sink that follows the run and writes the file is [`crate::events::live`].

use super::{game_view, page, GameView};
use crate::escape::html::escape_html;
use crate::record::GameRecord;
use crate::tournament::table::{render, results::Standings};
use serde::Serialize;
use std::fmt::Write as _;

const SCRIPT: &str = include_str!("assets/live.js");

/// A game on the page, serialized once ([`page::game_json`]).
pub struct PageGame {
    /// Its number on the page (the schedule's game number, `#g<n>`).
    pub n: usize,
    pub plies: usize,
    pub json: String,
}

impl PageGame {
    pub fn new(view: &GameView) -> PageGame {
        PageGame {
            n: view.n,
            plies: view.moves.len(),
            json: page::game_json(view),
        }
    }
}

/// A finished game as the viewer shows it, numbered `n`, with its schedule id.
pub fn finished(n: usize, id: &str, rec: &GameRecord) -> GameView {
    let mut view = game_view::build(n, rec, Default::default());
    view.id = Some(id.to_string());
    view
}

/// A game being played (`rec` holds its moves so far; its result is not read): shown with
/// result `*` and termination `in progress`.
pub fn in_progress(n: usize, id: &str, rec: &GameRecord) -> GameView {
    let mut view = finished(n, id, rec);
    view.result = "*".into();
    view.termination = IN_PROGRESS.into();
    view.reason = format!("being played: {} plies so far", rec.moves.len());
    view.final_scores = None;
    view
}

/// The termination shown for a game being played.
pub const IN_PROGRESS: &str = "in progress";

/// Everything one write of the live page shows.
pub struct Snapshot<'a> {
    pub title: &'a str,
    /// Finished games, then the games being played, each in game order.
    pub finished: &'a [PageGame],
    pub running: &'a [(PageGame, &'a GameView)],
    /// The table so far (`None` before the event's header is known).
    pub standings: Option<&'a Standings>,
    pub done: usize,
    pub scheduled: usize,
    /// When this state was reached, `HH:MM:SS UTC`.
    pub updated: &'a str,
    /// Seconds between reloads, as written (`2`, `0.5`).
    pub every: &'a str,
    pub every_ms: u64,
    /// The event is over: why, in a few words (`all 12 games played`); the page no longer
    /// reloads.
    pub ended: Option<&'a str>,
}

/// What the page's script reads: whether to reload, how often, and each game's plies (to
/// follow a game to its latest ply).
#[derive(Serialize)]
struct LiveData {
    #[serde(rename = "final")]
    is_final: bool,
    every: u64,
    /// Game numbers being played, in order.
    running: Vec<usize>,
    /// Game number (as text, a JSON object's key) -> plies on the page.
    plies: std::collections::BTreeMap<String, usize>,
}

/// The whole live page.
pub fn render(s: &Snapshot<'_>) -> String {
    let games: Vec<&str> = s
        .finished
        .iter()
        .chain(s.running.iter().map(|(g, _)| g))
        .map(|g| g.json.as_str())
        .collect();
    page::render_serialized(s.title, &games, Some(&section(s)))
}

/// The part above the viewer: the state, the table, the games being played, the script.
fn section(s: &Snapshot<'_>) -> String {
    let mut out = String::from(r#"<div id="report"><section id="live""#);
    let state = if s.ended.is_some() { "final" } else { "live" };
    let _ = write!(out, r#" data-state="{state}">"#);
    let status = match s.ended {
        Some(why) => format!(
            "Over: {} · {} of {} games played · last update {}",
            why, s.done, s.scheduled, s.updated
        ),
        None => format!(
            "Live: {} of {} games played, {} being played · updated {} · this page reloads every {} s",
            s.done,
            s.scheduled,
            s.running.len(),
            s.updated,
            s.every
        ),
    };
    let _ = write!(out, r#"<h2 id="live-status">{}</h2>"#, escape_html(&status));
    match s.standings {
        Some(st) => out.push_str(&table(st)),
        None => out.push_str("<p>No table yet.</p>"),
    }
    out.push_str(&running(s.running));
    out.push_str("</section></div>");
    let data = LiveData {
        is_final: s.ended.is_some(),
        every: s.every_ms,
        running: s.running.iter().map(|(g, _)| g.n).collect(),
        plies: s
            .finished
            .iter()
            .chain(s.running.iter().map(|(g, _)| g))
            .map(|g| (g.n.to_string(), g.plies))
            .collect(),
    };
    // Numbers and booleans only: nothing in it can close the script element.
    let json = serde_json::to_string(&data).expect("live data serializes");
    let _ = write!(
        out,
        r#"<script type="application/json" id="live-data">{json}</script><script>{SCRIPT}</script>"#
    );
    out
}

/// The table as `baraza results` shows it.
fn table(s: &Standings) -> String {
    let (header, rows) = render::table_rows(s);
    let mut out = String::from(r#"<table id="standings"><thead><tr>"#);
    for h in &header {
        let _ = write!(out, "<th>{}</th>", escape_html(h));
    }
    out.push_str("</tr></thead><tbody>");
    for row in &rows {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let class = if i == 1 { "" } else { r#" class="num""# };
            let _ = write!(out, "<td{class}>{}</td>", escape_html(cell));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    out
}

/// The games being played, each linked at its latest ply.
fn running(games: &[(PageGame, &GameView)]) -> String {
    if games.is_empty() {
        return r#"<p id="live-games">No game being played.</p>"#.into();
    }
    let mut out = String::from(
        r#"<h3>Being played</h3><table id="live-games"><thead><tr><th>game</th><th>player 1</th><th>player 2</th><th class="num">plies</th><th>last move</th></tr></thead><tbody>"#,
    );
    for (g, v) in games {
        let last = v.moves.last().map_or("", String::as_str);
        let _ = write!(
            out,
            r##"<tr><td><a href="#g{n}p{p}">{n}</a> {id}</td><td>{w}</td><td>{b}</td><td class="num">{p}</td><td>{last}</td></tr>"##,
            n = g.n,
            p = g.plies,
            id = escape_html(v.id.as_deref().unwrap_or("")),
            w = escape_html(&v.white),
            b = escape_html(&v.black),
            last = escape_html(last),
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// `HH:MM:SS UTC` of a time.
pub fn clock_time(t: std::time::SystemTime) -> String {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let day = secs % 86_400;
    format!(
        "{:02}:{:02}:{:02} UTC",
        day / 3600,
        day % 3600 / 60,
        day % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_time_is_the_time_of_day_in_utc() {
        // 2026-12-01 13:06:03 UTC is 1796130363 s after the epoch (date -u -d @1796130363).
        let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_796_130_363);
        assert_eq!(clock_time(t), "13:06:03 UTC");
    }
}
