//! The report's section for each bot: its line of the table, the versions it announced, how
//! long it thought (median, 99th percentile, longest), its results against each opponent and
//! the games it lost to faults. Each is `#bot-<k>` (k: the bot's rank, the order the sections
//! come in), so a site can link to the bot of a place.

use super::bot_anchors::BotAnchors;
use super::faults::{row_cells, FaultGames};
use super::think_time::{bot_times, of_times};
use super::GameView;
use crate::escape::html::escape_html;
use crate::tournament::log::reader::GamesLog;
use crate::tournament::table::results::Standings;
use std::collections::HashMap;
use std::fmt::Write as _;

fn points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

/// (bot, opponent) -> the page number of their first game: the lowest, as a game played
/// again after a rerun comes late in the file.
fn first_games(log: &GamesLog, numbers: &[usize]) -> HashMap<(String, String), usize> {
    let mut out: HashMap<(String, String), usize> = HashMap::new();
    for (g, &n) in log.games.iter().zip(numbers) {
        let (w, b) = (&g.record.white, &g.record.black);
        for key in [(w.clone(), b.clone()), (b.clone(), w.clone())] {
            let first = out.entry(key).or_insert(n);
            *first = (*first).min(n);
        }
    }
    out
}

/// Inputs of the per-bot sections, all of the same games.
pub struct BotPages<'a> {
    pub log: &'a GamesLog,
    pub standings: &'a Standings,
    pub views: &'a [GameView],
    /// The games' page numbers, in the log's order.
    pub numbers: &'a [usize],
    pub fault_games: &'a FaultGames,
    pub anchors: &'a BotAnchors,
}

/// Every bot's section, in rank order.
pub fn render(p: &BotPages) -> String {
    let firsts = first_games(p.log, p.numbers);
    let mut out = String::from(r#"<section id="bots"><h2>Bots</h2><div class="bot-grid">"#);
    for b in &p.standings.bots {
        let _ = write!(
            out,
            r#"<article class="bot" id="{}"><h3>{}. {}</h3><p>{} games, {} points ({}), {}-{}-{} W-D-L</p>"#,
            p.anchors.anchor(&b.name),
            b.rank,
            escape_html(&b.name),
            b.games,
            points(b.points),
            b.score.map_or("-".into(), |x| format!("{:.1}%", x * 100.0)),
            b.wins,
            b.draws,
            b.losses
        );
        let versions = super::event::versions(p.log, &b.name);
        let _ = write!(
            out,
            r#"<p class="versions">Version: {}</p>"#,
            escape_html(&if versions.is_empty() {
                "none announced (no id name)".into()
            } else {
                versions.join("; ")
            })
        );
        out.push_str(&think_line(p.views, &b.name));
        out.push_str(&opponents(p, &b.name, &firsts));
        if let Some(f) = p.standings.faults.iter().find(|f| f.name == b.name) {
            out.push_str(r#"<table class="bot-faults"><thead><tr><th>Lost by</th><th class="num">Games</th><th>Example reasons</th><th>Games</th></tr></thead><tbody>"#);
            for cells in row_cells(f, p.fault_games) {
                let _ = write!(out, "<tr>{cells}</tr>");
            }
            out.push_str("</tbody></table>");
        } else {
            out.push_str("<p>No game lost to a fault.</p>");
        }
        out.push_str("</article>");
    }
    out.push_str("</div></section>");
    out
}

/// `Think time: median 12 ms, p99 40 ms, max 51 ms over 230 moves`.
fn think_line(views: &[GameView], name: &str) -> String {
    match of_times(bot_times(views, name)) {
        Some(t) => format!(
            r#"<p class="think">Think time: median <b>{}</b> ms, p99 <b>{}</b> ms, max <b>{}</b> ms over {} moves</p>"#,
            t.median_ms, t.p99_ms, t.max_ms, t.moves
        ),
        None => r#"<p class="think">Think time: no move made</p>"#.to_string(),
    }
}

/// The bot's results against each opponent, from its side.
fn opponents(p: &BotPages, name: &str, firsts: &HashMap<(String, String), usize>) -> String {
    let mut out = String::from(
        r#"<table class="opponents"><thead><tr><th>Opponent</th><th class="num">W-D-L</th><th class="num">Points</th><th class="num">Score</th><th>First game</th></tr></thead><tbody>"#,
    );
    for q in &p.standings.pairings {
        let (opp, w, d, l, pts) = if q.first == name {
            (&q.second, q.wins, q.draws, q.losses, q.points)
        } else if q.second == name {
            (
                &q.first,
                q.losses,
                q.draws,
                q.wins,
                q.games as f64 - q.points,
            )
        } else {
            continue;
        };
        let first = firsts
            .get(&(name.to_string(), opp.clone()))
            .map_or(String::new(), |n| format!(r##"<a href="#g{n}">{n}</a>"##));
        let _ = write!(
            out,
            r##"<tr><td><a href="#{}">{}</a></td><td class="num">{w}-{d}-{l}</td><td class="num">{}/{}</td><td class="num">{:.1}%</td><td>{first}</td></tr>"##,
            p.anchors.anchor(opp),
            escape_html(opp),
            points(pts),
            q.games,
            pts / q.games.max(1) as f64 * 100.0
        );
    }
    out.push_str("</tbody></table>");
    out
}
