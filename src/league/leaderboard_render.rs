//! The leaderboard as text (a terminal), Markdown (a README, a wiki) and HTML (one page that
//! works offline: the tables above the viewer of the recent games, whose links `#g<game>` open
//! a game in it). The JSON form is the [`Leaderboard`] itself.

use super::leaderboard::{ActiveRow, Leaderboard};
use crate::escape::html::escape_html;
use crate::escape::markdown::cell;
use crate::escape::terminal::escape_lines;
use crate::tournament::log::games_jsonl::GameLine;
use std::fmt::Write as _;

fn rating(r: &ActiveRow) -> (String, String) {
    (
        r.rating.map_or("-".into(), |x| format!("{x:+.1}")),
        r.error95.map_or("-".into(), |e| format!("{e:.1}")),
    )
}

fn headline(b: &Leaderboard) -> String {
    format!(
        "{} ({} league): {} games, {} active versions",
        b.league,
        b.ruleset,
        b.games,
        b.active.len()
    )
}

/// One version's history entry: `2 (active, submitted T, 16 games)`.
fn history(v: &super::leaderboard::VersionRow) -> String {
    let when = match (&v.withdrawn, &v.superseded) {
        (Some(t), _) => format!("withdrawn {t}"),
        (None, Some(t)) => format!("superseded {t}"),
        (None, None) => "active".to_string(),
    };
    format!(
        "{} ({when}, submitted {}, {} games)",
        v.version, v.submitted, v.games
    )
}

/// Text columns padded to their widest cell.
fn aligned(rows: &[Vec<String>]) -> String {
    let cols = rows.first().map_or(0, Vec::len);
    let width: Vec<usize> = (0..cols)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .zip(&width)
            .map(|(c, w)| format!("{c:w$}"))
            .collect();
        out += cells.join("  ").trim_end();
        out.push('\n');
    }
    out
}

fn table_rows(b: &Leaderboard) -> Vec<Vec<String>> {
    let mut rows = vec![["Rank", "Version", "Rating", "±95%", "Games", "Points"]
        .map(String::from)
        .to_vec()];
    for r in &b.active {
        let (elo, err) = rating(r);
        rows.push(vec![
            r.rank.to_string(),
            r.id.clone(),
            elo,
            err,
            r.games.to_string(),
            format!("{}", r.points),
        ]);
    }
    rows
}

pub fn text(b: &Leaderboard) -> String {
    let mut out = headline(b) + "\n";
    out += &aligned(&table_rows(b));
    if let Some(note) = &b.ratings_note {
        let _ = writeln!(out, "no ratings yet: {note}");
    }
    out += "\nVersions:\n";
    for e in &b.entrants {
        let versions: Vec<String> = e.versions.iter().map(history).collect();
        let _ = writeln!(out, "  {}: {}", e.name, versions.join("; "));
    }
    out += "\nRecent games (leaderboard.html#g<game> shows one):\n";
    let mut rows = Vec::new();
    for g in &b.recent {
        rows.push(vec![
            g.game.to_string(),
            g.game_id.clone(),
            format!("{} - {}", g.white, g.black),
            g.result.clone(),
            g.termination.clone(),
            g.view.clone(),
        ]);
    }
    out += &aligned(&rows);
    escape_lines(&out)
}

pub fn markdown(b: &Leaderboard) -> String {
    let mut out = format!("## {}\n\n", cell(&headline(b)));
    out += "| Rank | Version | Rating | ±95% | Games | Points |\n|---:|---|---:|---:|---:|---:|\n";
    for r in &b.active {
        let (elo, err) = rating(r);
        let _ = writeln!(
            out,
            "| {} | {} | {elo} | {err} | {} | {} |",
            r.rank,
            cell(&r.id),
            r.games,
            r.points
        );
    }
    if let Some(note) = &b.ratings_note {
        let _ = writeln!(out, "\nNo ratings yet: {}", cell(note));
    }
    out += "\n### Versions\n\n| Entrant | Versions |\n|---|---|\n";
    for e in &b.entrants {
        let versions: Vec<String> = e.versions.iter().map(|v| cell(&history(v))).collect();
        let _ = writeln!(out, "| {} | {} |", cell(&e.name), versions.join("<br>"));
    }
    out += "\n### Recent games\n\n| Game | Players | Result | Ending |\n|---:|---|---|---|\n";
    for g in &b.recent {
        let _ = writeln!(
            out,
            "| [{}](leaderboard.html{}) | {} - {} | {} | {} |",
            g.game,
            g.view,
            cell(&g.white),
            cell(&g.black),
            g.result,
            g.termination
        );
    }
    out
}

/// The HTML page: the tables above the viewer of `recent` (the log's last lines).
pub fn html(b: &Leaderboard, recent: &[GameLine]) -> String {
    let mut report = String::from(r#"<div id="report"><section><h2>Leaderboard</h2>"#);
    let _ = write!(report, "<p>{}</p>", escape_html(&headline(b)));
    let rows = table_rows(b);
    report.push_str(r#"<table id="leaderboard"><thead><tr>"#);
    for h in &rows[0] {
        let _ = write!(report, "<th>{}</th>", escape_html(h));
    }
    report.push_str("</tr></thead><tbody>");
    for r in &rows[1..] {
        report.push_str("<tr>");
        for c in r {
            let _ = write!(report, "<td>{}</td>", escape_html(c));
        }
        report.push_str("</tr>");
    }
    report.push_str("</tbody></table>");
    if let Some(note) = &b.ratings_note {
        let _ = write!(report, "<p>No ratings yet: {}</p>", escape_html(note));
    }
    report.push_str("</section><section><h2>Versions</h2><ul>");
    for e in &b.entrants {
        let versions: Vec<String> = e.versions.iter().map(history).collect();
        let _ = write!(
            report,
            "<li>{}: {}</li>",
            escape_html(&e.name),
            escape_html(&versions.join("; "))
        );
    }
    report.push_str("</ul></section><section><h2>Recent games</h2><ul>");
    for g in &b.recent {
        let _ = write!(
            report,
            r#"<li><a href="{}">{}</a> {} - {}: {} ({})</li>"#,
            g.view,
            g.game,
            escape_html(&g.white),
            escape_html(&g.black),
            g.result,
            escape_html(&g.termination)
        );
    }
    report.push_str("</ul></section></div>");
    let records: Vec<_> = recent.iter().map(|g| g.record.clone()).collect();
    let mut views = crate::view::build_games(&records, None);
    for (view, line) in views.iter_mut().zip(recent) {
        view.id = Some(line.game_id.clone());
    }
    crate::view::page::render(&b.league, &views, Some(&report))
}
