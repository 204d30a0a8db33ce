//! The head of the event report: what was played, when and how (the event's name, dates,
//! ruleset, time controls and settings) and who entered. A published page names no command
//! line or path: the entrants are shown by name, clock and the version their bots announced.

use super::bot_anchors::BotAnchors;
use crate::escape::html::escape_html;
use crate::escape::terminal::escape_control;
use crate::tournament::log::reader::GamesLog;
use crate::tournament::plan::config::{CanonicalOpenings, Limits};
use crate::tournament::table::results::Standings;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The event's name: its games' `Event` tag (the event file's `event`, or `--event`), the
/// first one set; without one, the ruleset's.
pub fn event_name(log: &GamesLog) -> String {
    log.games
        .iter()
        .map(|g| g.record.event.trim())
        .find(|e| !e.is_empty() && *e != "?")
        .map_or_else(
            || format!("baraza tournament: {}", log.header.event.ruleset),
            str::to_string,
        )
}

/// The games' first and last dates (`YYYY.MM.DD`), as one date or `first – last`.
pub fn dates(log: &GamesLog) -> Option<String> {
    let dates: BTreeSet<&str> = log
        .games
        .iter()
        .map(|g| g.record.date.as_str())
        .filter(|d| !d.is_empty() && !d.contains('?'))
        .collect();
    let (first, last) = (dates.first()?, dates.last()?);
    Some(if first == last {
        first.to_string()
    } else {
        format!("{first} – {last}")
    })
}

/// A bot's clock as a person reads it: `10+0.1`, `100 ms a move`, with node and depth limits.
pub fn limits_text(l: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(tc) = &l.tc {
        parts.push(format!("{tc} (s base + s a move)"));
    }
    if let Some(ms) = l.movetime_ms {
        parts.push(format!("{ms} ms a move"));
    }
    if let Some(n) = l.nodes {
        parts.push(format!("{n} nodes"));
    }
    if let Some(d) = l.depth {
        parts.push(format!("depth {d}"));
    }
    if parts.is_empty() {
        parts.push("the referee's default clock".to_string());
    }
    parts.join(", ")
}

/// The versions bot `name` announced (`id name`, `id author`), each once, in the order met.
pub fn versions(log: &GamesLog, name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for g in &log.games {
        let r = &g.record;
        for p in [1u8, 2] {
            let who = if p == 1 { &r.white } else { &r.black };
            let (id, author) = r.ids(p);
            if who != name || (id.is_none() && author.is_none()) {
                continue;
            }
            let v = match (id, author) {
                (Some(i), Some(a)) => format!("{i} by {a}"),
                (Some(i), None) => i.to_string(),
                (None, Some(a)) => format!("by {a}"),
                (None, None) => unreachable!("skipped above"),
            };
            // A bot's id line may hold ESC or a bidirectional control: shown, not obeyed.
            let v = escape_control(&v).into_owned();
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The games' time controls as the records name them, each once.
fn time_controls(log: &GamesLog) -> String {
    let tcs: BTreeSet<&str> = log
        .games
        .iter()
        .map(|g| g.record.time_control.as_str())
        .collect();
    tcs.into_iter().collect::<Vec<_>>().join(", ")
}

fn openings_text(o: &CanonicalOpenings) -> String {
    match o {
        CanonicalOpenings::Standard => "the standard start".to_string(),
        CanonicalOpenings::File { order, count, .. } => {
            format!("{count} positions from a file, {order:?}").to_lowercase()
        }
        CanonicalOpenings::RandomPlies { plies } => format!("{plies} random plies from the start"),
    }
}

/// The event section: a list of its facts, then the entrants.
pub fn render(log: &GamesLog, s: &Standings, anchors: &BotAnchors) -> String {
    let e = &log.header.event;
    let mut facts: Vec<(&str, String)> = vec![
        ("Date", dates(log).unwrap_or_else(|| "-".into())),
        ("Ruleset", e.ruleset.clone()),
        ("Time control", time_controls(log)),
        (
            "Format",
            format!(
                "{}, {} round{}",
                e.format.name(),
                e.rounds,
                if e.rounds == 1 { "" } else { "s" }
            ),
        ),
        (
            "Games",
            // A league's log has no schedule (scheduled_games 0).
            match s.scheduled_games {
                0 => format!("{} played", s.games),
                _ => format!("{} of {} played", s.games, s.expected_games),
            },
        ),
        ("Openings", openings_text(&e.openings)),
        (
            "Max plies",
            e.max_plies.map_or("none".into(), |n| n.to_string()),
        ),
        ("Seed", e.seed.to_string()),
    ];
    let changes = s.field_changes.lines();
    if !changes.is_empty() {
        facts.push(("Field changes", changes.join("; ")));
    }
    if !e.adjudication.is_off() {
        let a = serde_json::to_string(&e.adjudication).unwrap_or_default();
        facts.push(("Adjudication", a));
    }
    facts.push((
        "Config",
        format!(
            "{} (baraza {})",
            s.config_hash.chars().take(12).collect::<String>(),
            log.header.version
        ),
    ));
    let mut out = String::from(r#"<section id="event"><h2>Event</h2><dl class="facts">"#);
    for (k, v) in facts {
        let _ = write!(out, "<dt>{k}</dt><dd>{}</dd>", escape_html(&v));
    }
    out.push_str("</dl>");
    let _ = write!(
        out,
        r#"<h3>Entrants ({})</h3><table id="entrants"><thead><tr><th>Bot</th><th>Clock</th><th>Version</th><th>Status</th></tr></thead><tbody>"#,
        e.bots.len()
    );
    for b in &e.bots {
        let v = versions(log, &b.name);
        // A bot the table has no row for (left out with its games) has no section to link to.
        let name = match s.bots.iter().any(|r| r.name == b.name) {
            true => format!(
                r##"<a href="#{}">{}</a>"##,
                anchors.anchor(&b.name),
                escape_html(&b.name)
            ),
            false => escape_html(&b.name),
        };
        let _ = write!(
            out,
            "<tr><td>{name}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape_html(&limits_text(&b.limits)),
            escape_html(&if v.is_empty() {
                "-".into()
            } else {
                v.join("; ")
            }),
            escape_html(&s.field_changes.status(&b.name))
        );
    }
    out.push_str("</tbody></table></section>");
    out
}
