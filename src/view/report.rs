//! The event report of `baraza results DIR --format html`: the event and its entrants, the
//! table, the fault summary, the head-to-head crosstable, each bot's score over the games, the
//! SPRT's LLR and a section per bot, as HTML that sits above the viewer of the same games
//! (links go to a game by its number, `#g<n>`).

use super::bot_anchors::BotAnchors;
use super::bots::BotPages;
use super::svg::{line_plot, Rule, Series};
use super::GameView;
use crate::escape::html::escape_html;
use crate::tournament::log::reader::GamesLog;
use crate::tournament::table::render;
use crate::tournament::table::results::{self, Tally};
use std::collections::HashMap;
use std::fmt::Write as _;

/// The report section for a tournament log; `views` are its games as the viewer below shows
/// them, in the log's order (game `log.games[i]` is `#g<views[i].n>` there).
pub fn render(log: &GamesLog, views: &[GameView]) -> String {
    let s = results::standings(log);
    let numbers: Vec<usize> = views.iter().map(|v| v.n).collect();
    let anchors = BotAnchors::new(log, &s);
    let fault_games = super::faults::fault_games(log, &numbers);
    let mut out = String::from(r#"<div id="report">"#);
    out.push_str(&super::event::render(log, &s, &anchors));
    let _ = write!(
        out,
        "<section><h2>Table</h2><p>{} {}: {}, {} complete pairs (config {})</p>",
        escape_html(&s.ruleset),
        s.format.name(),
        render::games_played(&s),
        s.complete_pairs,
        escape_html(&s.config_hash.chars().take(12).collect::<String>())
    );
    let (header, rows) = render::table_rows(&s);
    out.push_str(r#"<table id="standings"><thead><tr>"#);
    for h in &header {
        let _ = write!(out, "<th>{}</th>", escape_html(h));
    }
    out.push_str("</tr></thead><tbody>");
    for (row, bot) in rows.iter().zip(&s.bots) {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            if i == 1 {
                let a = anchors.anchor(&bot.name);
                let _ = write!(
                    out,
                    r##"<td><a href="#{a}">{}</a></td>"##,
                    escape_html(cell)
                );
            } else {
                let _ = write!(out, r#"<td class="num">{}</td>"#, escape_html(cell));
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    if let Some(sp) = &s.sprt {
        let r = &sp.report;
        let _ = write!(
            out,
            "<p>SPRT {} vs {} ({}): LLR {:.2} [{:.2}, {:.2}] over {} pairs: <strong>{}</strong></p>",
            escape_html(&sp.first),
            escape_html(&sp.second),
            r.params,
            r.llr,
            r.lower,
            r.upper,
            r.units,
            r.decision
        );
    }
    out.push_str("</section>");
    out.push_str(&super::faults::render(&s.faults, &fault_games, |n| {
        anchors.anchor(n)
    }));
    let names: Vec<String> = s.bots.iter().map(|b| b.name.clone()).collect();
    out.push_str(&crosstable(log, &names, &numbers));
    out.push_str(&score_plot(log, &names));
    out.push_str(&llr_plot(log));
    out.push_str(&super::bots::render(&BotPages {
        log,
        standings: &s,
        views,
        numbers: &numbers,
        fault_games: &fault_games,
        anchors: &anchors,
    }));
    out.push_str("</div>");
    out
}

/// Points of the row bot against the column bot, over games played; each cell links to the
/// first game of the two in the viewer.
fn crosstable(log: &GamesLog, names: &[String], numbers: &[usize]) -> String {
    // (row, column) -> (row's points, games, first game number)
    let mut cells: HashMap<(usize, usize), (f64, u64, usize)> = HashMap::new();
    let index: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    for (g, &n) in log.games.iter().zip(numbers) {
        let r = &g.record;
        let (Some(&w), Some(&b), Some((pw, pb))) = (
            index.get(r.white.as_str()),
            index.get(r.black.as_str()),
            r.result.points(),
        ) else {
            continue;
        };
        for (me, them, pts) in [(w, b, pw), (b, w, pb)] {
            let c = cells.entry((me, them)).or_insert((0.0, 0, n));
            c.0 += pts;
            c.1 += 1;
            // The first by number: a game played again after a rerun comes late in the file.
            c.2 = c.2.min(n);
        }
    }
    let mut out = String::from(
        r#"<section><h2>Crosstable</h2><p>Points of the row's bot against the column's; a cell opens the first game of the two.</p><table id="crosstable"><thead><tr><th></th>"#,
    );
    for (i, n) in names.iter().enumerate() {
        let _ = write!(
            out,
            r#"<th class="num" title="{}">{}</th>"#,
            escape_html(n),
            i + 1
        );
    }
    out.push_str("</tr></thead><tbody>");
    for (i, n) in names.iter().enumerate() {
        let _ = write!(out, "<tr><th>{} {}</th>", i + 1, escape_html(n));
        for j in 0..names.len() {
            match cells.get(&(i, j)) {
                Some((pts, games, first)) if i != j => {
                    let _ = write!(
                        out,
                        r##"<td class="num"><a href="#g{first}">{}/{games}</a></td>"##,
                        points(*pts)
                    );
                }
                _ => out.push_str(r#"<td class="num">-</td>"#),
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></section>");
    out
}

fn points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

/// Each bot's score so far (points per game) after each game it played, by game number.
fn score_plot(log: &GamesLog, names: &[String]) -> String {
    let mut acc: Vec<(f64, u64)> = vec![(0.0, 0); names.len()];
    let mut series: Vec<Series> = names
        .iter()
        .map(|n| Series {
            label: n.clone(),
            points: Vec::new(),
        })
        .collect();
    for (k, g) in log.games.iter().enumerate() {
        let r = &g.record;
        let Some((pw, pb)) = r.result.points() else {
            continue;
        };
        for (name, pts) in [(&r.white, pw), (&r.black, pb)] {
            if let Some(i) = names.iter().position(|n| n == name) {
                acc[i].0 += pts;
                acc[i].1 += 1;
                series[i]
                    .points
                    .push(((k + 1) as f64, acc[i].0 / acc[i].1 as f64));
            }
        }
    }
    let half = [Rule {
        label: "50%".into(),
        y: 0.5,
    }];
    format!(
        r#"<section><h2>Score over the games</h2>{}</section>"#,
        line_plot(&series, &half, "game", Some((0.0, 1.0)))
    )
}

/// The SPRT's LLR after each game (it moves when a pair completes), with its two bounds;
/// nothing when the event had no SPRT.
fn llr_plot(log: &GamesLog) -> String {
    let mut tally = Tally::new(&log.header);
    let mut points = Vec::new();
    let mut bounds = None;
    for (k, g) in log.games.iter().enumerate() {
        tally.add(g);
        if let Some(sp) = tally.sprt() {
            points.push(((k + 1) as f64, sp.report.llr));
            bounds = Some((sp.report.lower, sp.report.upper));
        }
    }
    let Some((lower, upper)) = bounds else {
        return String::new();
    };
    let rules = [
        Rule {
            label: format!("H1 accepted at {upper:.2}"),
            y: upper,
        },
        Rule {
            label: format!("H0 accepted at {lower:.2}"),
            y: lower,
        },
    ];
    let series = [Series {
        label: "LLR".into(),
        points,
    }];
    format!(
        r#"<section id="sprt"><h2>SPRT: log-likelihood ratio over the games</h2>{}</section>"#,
        line_plot(&series, &rules, "game", None)
    )
}
