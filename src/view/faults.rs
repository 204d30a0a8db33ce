//! The report's fault summary: for every bot that lost games to a fault, how many to each
//! termination, example reasons (the table's [`crate::tournament::table::faults`]) and links
//! to the first few of those games in the viewer.

use crate::escape::html::escape_html;
use crate::record::Termination;
use crate::tournament::log::reader::GamesLog;
use crate::tournament::table::faults::{is_fault, BotFaults};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Links to at most this many games per bot and termination.
const GAME_LINKS: usize = 5;

/// (loser, termination) -> the page numbers of the first games it lost that way.
pub type FaultGames = HashMap<(String, Termination), Vec<usize>>;

/// The first `GAME_LINKS` games each bot lost to each fault; `numbers` are the games' page
/// numbers, in the log's order.
pub fn fault_games(log: &GamesLog, numbers: &[usize]) -> FaultGames {
    let mut out = FaultGames::new();
    for (g, &n) in log.games.iter().zip(numbers) {
        let r = &g.record;
        let loser = match r.result.points() {
            Some((pw, pb)) if pw < pb => &r.white,
            Some((pw, pb)) if pb < pw => &r.black,
            _ => continue,
        };
        if is_fault(r.termination) {
            let games = out.entry((loser.clone(), r.termination)).or_default();
            if games.len() < GAME_LINKS {
                games.push(n);
            }
        }
    }
    out
}

/// `<a href="#g12">12</a>, ...` for some page numbers.
pub fn game_links(numbers: &[usize]) -> String {
    numbers
        .iter()
        .map(|n| format!(r##"<a href="#g{n}">{n}</a>"##))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cells (termination, count, example reasons, game links) of each row of one bot's
/// faults, without the row's tags.
pub fn row_cells(b: &BotFaults, games: &FaultGames) -> Vec<String> {
    let mut out = Vec::new();
    for f in &b.lost {
        let links = games
            .get(&(b.name.clone(), f.termination))
            .map_or(String::new(), |g| game_links(g));
        let reasons: Vec<String> = f.examples.iter().map(|e| escape_html(e)).collect();
        out.push(format!(
            r#"<td>{}</td><td class="num">{}</td><td class="reason">{}</td><td>{links}</td>"#,
            f.termination.as_str(),
            f.games,
            reasons.join("<br>")
        ));
    }
    out
}

/// The section: one row per bot and termination, the bot's name spanning its rows; a line
/// saying there were none when no bot lost a game to a fault.
pub fn render(faults: &[BotFaults], games: &FaultGames, anchor: impl Fn(&str) -> String) -> String {
    let mut out = String::from(r#"<section id="faults"><h2>Faults</h2>"#);
    if faults.is_empty() {
        out.push_str("<p>No game was lost to a fault.</p></section>");
        return out;
    }
    out.push_str(
        r#"<p>Games each bot lost by a fault of its own, by termination, with example reasons and the first games.</p><table id="fault-table"><thead><tr><th>Bot</th><th>Lost</th><th>Termination</th><th class="num">Games</th><th>Example reasons</th><th>Games</th></tr></thead><tbody>"#,
    );
    for b in faults {
        let span = b.lost.len();
        let _ = write!(
            out,
            r##"<tr><td rowspan="{span}"><a href="#{}">{}</a></td><td rowspan="{span}" class="num">{}</td>"##,
            anchor(&b.name),
            escape_html(&b.name),
            b.games
        );
        for (i, cells) in row_cells(b, games).iter().enumerate() {
            if i > 0 {
                out.push_str("<tr>");
            }
            let _ = write!(out, "{cells}</tr>");
        }
    }
    out.push_str("</tbody></table></section>");
    out
}
