//! The results table for people and for other tools: the text table (with the head-to-head
//! results and, for two bots, the report block of [`super::report`]), CSV and Markdown.

use super::faults;
use super::report;
use super::results::{BotStanding, Pairing, Standings};
use crate::escape::{csv, markdown};
use crate::stats::elo::EloEstimate;
use crate::stats::perfect_scores::Bound;
use crate::stats::ratings::Anchor;
use crate::tournament::plan::config::Format;
use std::fmt::Write as _;

/// `[low, high]`; a missing bound is infinite on the side its score bound left (0, 1): the
/// low bound of a perfect score is +inf, not -inf (its score interval is [1, 1]).
fn interval_text(e: &EloEstimate) -> String {
    if e.no_interval.is_some() {
        // The legend says why.
        return "none".to_string();
    }
    let low_inf = if e.score >= 1.0 { "+inf" } else { "-inf" };
    let high_inf = if e.score <= 0.0 { "-inf" } else { "+inf" };
    format!("[{}, {}]", signed(e.low, low_inf), signed(e.high, high_inf))
}

fn signed(x: Option<f64>, inf: &str) -> String {
    match x {
        // Rounded first, and `+ 0.0` turns −0 into +0: no "-0.0".
        Some(v) => format!("{:+.1}", (v * 10.0).round() / 10.0 + 0.0),
        None => inf.to_string(),
    }
}

fn points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

/// What the Rating and Perf columns are, under the table.
fn legend(s: &Standings) -> String {
    let rating = match (&s.ratings, &s.ratings_note) {
        (Some(list), _) => match &list.anchor {
            Anchor::Mean => "Rating: fitted from all games (Bradley-Terry), mean 0".to_string(),
            Anchor::Bot { name, elo } => format!(
                "Rating: fitted from all games (Bradley-Terry), {name} = {elo} (errors relative to it)"
            ),
        },
        (None, Some(why)) => format!("Rating: none ({why})"),
        (None, None) => "Rating: none".to_string(),
    };
    let bounds = s
        .ratings
        .as_ref()
        .is_some_and(|l| l.ratings.iter().any(|r| r.bound.is_some()));
    let bounds = if bounds {
        "; >/<: won/lost every game, rated where that has even odds (a floor/ceiling, as Ordo; outside the mean)"
    } else {
        ""
    };
    let none = s
        .bots
        .iter()
        .any(|b| b.elo.is_some_and(|e| e.no_interval.is_some()));
    let none = match none {
        true => {
            "; Perf 95% none: one game or pair, or all scored the same, so no spread to measure"
        }
        false => "",
    };
    let inf = match s
        .bots
        .iter()
        .any(|b| b.elo.is_some_and(|e| e.elo.is_none()))
    {
        true => "; Perf ±inf: a perfect or zero score",
        false => "",
    };
    format!("{rating}{bounds}; Perf: the Elo of the bot's score against the opponents it met{inf}{none}")
}

/// Where [`COLUMNS`] has the bot's name.
const NAME_COLUMN: usize = 1;

/// The columns of the table, in order.
const COLUMNS: [&str; 16] = [
    "Rank",
    "Bot",
    "Games",
    "Points",
    "W-D-L",
    "Score",
    "Rating",
    "±95%",
    "Perf",
    "Perf 95%",
    "LOS",
    "Pairs",
    "LL-LD-DD-WD-WW",
    "Time",
    "Crash",
    "Forfeit",
];

/// One bot's cells, as [`COLUMNS`] names them.
fn bot_row(s: &Standings, b: &BotStanding) -> Vec<String> {
    let rating = s
        .ratings
        .as_ref()
        .and_then(|l| l.ratings.iter().find(|r| r.name == b.name));
    let anchored = matches!(
        s.ratings.as_ref().map(|l| &l.anchor),
        Some(Anchor::Bot { .. })
    );
    let (elo, interval) = match &b.elo {
        Some(e) => (
            signed(e.elo, if e.score >= 1.0 { "+inf" } else { "-inf" }),
            interval_text(e),
        ),
        None => ("-".into(), "-".into()),
    };
    vec![
        b.rank.to_string(),
        b.name.clone(),
        b.games.to_string(),
        points(b.points),
        format!("{}-{}-{}", b.wins, b.draws, b.losses),
        b.score.map_or("-".into(), |x| format!("{:.1}%", x * 100.0)),
        rating.map_or("-".into(), |r| {
            let side = match r.bound {
                Some(Bound::Floor) => ">",
                Some(Bound::Ceiling) => "<",
                None => "",
            };
            if anchored {
                format!("{side}{:.1}", r.rating)
            } else {
                side.to_string() + &signed(Some(r.rating), "")
            }
        }),
        rating
            .filter(|r| r.bound.is_none())
            .map_or("-".into(), |r| format!("{:.1}", r.error95)),
        elo,
        interval,
        b.los_vs_leader
            .map_or("-".into(), |x| format!("{:.1}%", x * 100.0)),
        b.pairs.to_string(),
        b.penta.map(|c| c.to_string()).join("/"),
        b.time_forfeits.to_string(),
        b.crashes.to_string(),
        b.other_forfeits.to_string(),
    ]
}

/// The column names and one row of cells per bot, as `baraza results` prints them (the text
/// table and the HTML report share them).
pub fn table_rows(s: &Standings) -> (Vec<String>, Vec<Vec<String>>) {
    let header = COLUMNS.iter().map(|h| h.to_string()).collect();
    (header, s.bots.iter().map(|b| bot_row(s, b)).collect())
}

/// Rows of cells as aligned text: column `left` left-aligned, the others right-aligned.
fn aligned(rows: &[Vec<String>], left: usize) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map_or(0, |x| x.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                if c == left {
                    format!("{cell:<w$}", w = widths[c])
                } else {
                    format!("{cell:>w$}", w = widths[c])
                }
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}

fn pairing_line(p: &Pairing) -> String {
    format!(
        "{} vs {}: {}-{}-{} (W-D-L), {}/{} ({:.1}%)",
        p.first,
        p.second,
        p.wins,
        p.draws,
        p.losses,
        points(p.points),
        p.games,
        p.score * 100.0
    )
}

/// The head-to-head results: a crosstable for a round-robin of more than two bots (row bot's
/// points/games against each column bot, in rank order), else one line per pairing (a
/// gauntlet: the first bot against each opponent).
fn head_to_head(s: &Standings) -> String {
    if s.pairings.is_empty() {
        return String::new();
    }
    if s.format == Format::Gauntlet || s.bots.len() <= 2 {
        let mut out = String::from("Head to head:\n");
        for p in &s.pairings {
            let _ = writeln!(out, "  {}", pairing_line(p));
        }
        return out;
    }
    let cell = |a: &str, b: &str| {
        s.pairings.iter().find_map(|p| {
            if p.first == a && p.second == b {
                Some(format!("{}/{}", points(p.points), p.games))
            } else if p.first == b && p.second == a {
                Some(format!("{}/{}", points(p.games as f64 - p.points), p.games))
            } else {
                None
            }
        })
    };
    let mut rows = vec![["Rank".to_string(), "Bot".to_string()]
        .into_iter()
        .chain(s.bots.iter().map(|b| b.rank.to_string()))
        .collect::<Vec<_>>()];
    for a in &s.bots {
        let mut row = vec![a.rank.to_string(), a.name.clone()];
        for b in &s.bots {
            row.push(if a.name == b.name {
                "-".into()
            } else {
                cell(&a.name, &b.name).unwrap_or_else(|| ".".into())
            });
        }
        rows.push(row);
    }
    format!(
        "Head to head (the row bot's points/games against each column's bot):\n{}",
        aligned(&rows, 1)
    )
}

fn notes(s: &Standings) -> Vec<String> {
    let mut notes = s.field_changes.lines();
    if let Some(n) = s.torn_last_line {
        notes.push(format!(
            "line {n} was torn (a write cut short) and is ignored"
        ));
    }
    if s.duplicate_lines > 0 {
        notes.push(format!(
            "{} duplicate game lines ignored",
            s.duplicate_lines
        ));
    }
    if s.unscored_games > 0 {
        notes.push(format!(
            "{} games without a result ignored",
            s.unscored_games
        ));
    }
    notes
}

/// `12 of 24 games played`; a log with no schedule (a league's) says `12 games played`. M
/// leaves out the games the table will never count ([`Standings::expected_games`]).
pub fn games_played(s: &Standings) -> String {
    match s.scheduled_games {
        0 => format!("{} games played", s.games),
        _ => format!("{} of {} games played", s.games, s.expected_games),
    }
}

/// Render the table for a person.
pub fn render_text(s: &Standings) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {}: {}, {} complete pairs (config {})",
        s.ruleset,
        s.format.name(),
        games_played(s),
        s.complete_pairs,
        &s.config_hash.chars().take(12).collect::<String>()
    );
    let mut rows = vec![COLUMNS.iter().map(|h| h.to_string()).collect::<Vec<_>>()];
    rows.extend(s.bots.iter().map(|b| bot_row(s, b)));
    out += &aligned(&rows, 1);
    let _ = writeln!(out, "{}", legend(s));
    match report::two_bot_report(s) {
        Some(block) => out += &block,
        None => out += &head_to_head(s),
    }
    if let Some(sp) = &s.sprt {
        let r = &sp.report;
        let _ = writeln!(
            out,
            "SPRT {} vs {} ({}): LLR {:.2} [{:.2}, {:.2}] over {} pairs: {}",
            sp.first, sp.second, r.params, r.llr, r.lower, r.upper, r.units, r.decision
        );
    }
    out += &faults::render_text(&s.faults);
    for n in notes(s) {
        let _ = writeln!(out, "note: {n}");
    }
    out
}

/// The machine-readable columns of CSV and Markdown: plain numbers, no signs or units.
const DATA_COLUMNS: [&str; 27] = [
    "rank",
    "bot",
    "games",
    "points",
    "wins",
    "draws",
    "losses",
    "score",
    "rating",
    "rating_error95",
    "perf",
    "perf_low",
    "perf_high",
    "los_vs_leader",
    "pairs",
    "LL",
    "LD",
    "DD",
    "WD",
    "WW",
    "time_forfeits",
    "crashes",
    "other_forfeits",
    "rating_bound",
    "faults",
    "fault_reasons",
    "status",
];

fn data_row(s: &Standings, b: &BotStanding) -> Vec<String> {
    let num = |x: Option<f64>| {
        x.filter(|v| v.is_finite())
            .map_or(String::new(), |v| format!("{v:.6}"))
    };
    let rating = s
        .ratings
        .as_ref()
        .and_then(|l| l.ratings.iter().find(|r| r.name == b.name));
    let mut row = vec![
        b.rank.to_string(),
        b.name.clone(),
        b.games.to_string(),
        points(b.points),
        b.wins.to_string(),
        b.draws.to_string(),
        b.losses.to_string(),
        num(b.score),
        num(rating.map(|r| r.rating)),
        num(rating.map(|r| r.error95)),
        num(b.elo.and_then(|e| e.elo)),
        num(b.elo.and_then(|e| e.low)),
        num(b.elo.and_then(|e| e.high)),
        num(b.los_vs_leader),
        b.pairs.to_string(),
    ];
    row.extend(b.penta.iter().map(u64::to_string));
    row.extend([
        b.time_forfeits.to_string(),
        b.crashes.to_string(),
        b.other_forfeits.to_string(),
        match rating.and_then(|r| r.bound) {
            Some(Bound::Floor) => "floor".into(),
            Some(Bound::Ceiling) => "ceiling".into(),
            None => String::new(),
        },
    ]);
    let f = s.faults.iter().find(|f| f.name == b.name);
    row.extend([faults::counts_cell(f), faults::examples_cell(f)]);
    row.push(s.field_changes.status(&b.name));
    row
}

/// The table as CSV: a header row, then one row per bot in rank order (an empty field where
/// a value does not exist, e.g. the rating when there is no list).
pub fn render_csv(s: &Standings) -> String {
    let mut out = DATA_COLUMNS.join(",") + "\n";
    for b in &s.bots {
        let row: Vec<String> = data_row(s, b).iter().map(|x| csv::field(x)).collect();
        out += &(row.join(",") + "\n");
    }
    // A bot left out of the table still gets its row: no rank, no figures, its status.
    for name in s.field_changes.without_row() {
        let mut row = vec![String::new(); DATA_COLUMNS.len()];
        row[1] = csv::field(name);
        row[DATA_COLUMNS.len() - 1] = csv::field(&s.field_changes.status(name));
        out += &(row.join(",") + "\n");
    }
    out
}

/// The table and the head-to-head results as Markdown (GitHub tables).
pub fn render_markdown(s: &Standings) -> String {
    let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
    // Our own cells only need their column bar escaped; a name is the bot's text.
    let escape = |x: &str| x.replace('|', "\\|");
    let mut out = format!(
        "**{} {}**: {}, {} complete pairs\n\n",
        s.ruleset,
        s.format.name(),
        games_played(s),
        s.complete_pairs
    );
    let header: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
    out += &line(&header);
    out += &line(&vec!["---".to_string(); COLUMNS.len()]);
    for b in &s.bots {
        let mut cells: Vec<String> = bot_row(s, b).iter().map(|c| escape(c)).collect();
        cells[NAME_COLUMN] = markdown::cell(&b.name);
        out += &line(&cells);
    }
    out += &format!("\n{}\n", legend(s));
    for change in s.field_changes.lines() {
        out += &format!("\n{}\n", markdown::cell(&upper_first(&change)));
    }
    if !s.pairings.is_empty() {
        out += "\n| Bot | Opponent | W | D | L | Points | Games | Score |\n";
        out += "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
        for p in &s.pairings {
            out += &line(&[
                markdown::cell(&p.first),
                markdown::cell(&p.second),
                p.wins.to_string(),
                p.draws.to_string(),
                p.losses.to_string(),
                points(p.points),
                p.games.to_string(),
                format!("{:.1}%", p.score * 100.0),
            ]);
        }
    }
    if !s.faults.is_empty() {
        out += "\n| Bot | Games lost to faults | Example reasons |\n| --- | --- | --- |\n";
        for f in &s.faults {
            out += &line(&[
                markdown::cell(&f.name),
                escape(&faults::counts_cell(Some(f))),
                markdown::cell(&faults::examples_cell(Some(f))),
            ]);
        }
    }
    if let Some(sp) = &s.sprt {
        let r = &sp.report;
        out += &format!(
            "\nSPRT {} vs {} ({}): LLR {:.2} [{:.2}, {:.2}] over {} pairs: {}\n",
            sp.first, sp.second, r.params, r.llr, r.lower, r.upper, r.units, r.decision
        );
    }
    out
}

/// `withdrawn: c` as a sentence's start: `Withdrawn: c`.
fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo;

    #[test]
    fn infinite_bounds_take_the_side_their_score_left() {
        // Four wins (or losses) alike: no spread, so no interval at all.
        let perfect = elo::elo_trinomial(4, 0, 0).unwrap();
        assert_eq!(interval_text(&perfect), "none");
        let nil = elo::elo_trinomial(0, 0, 4).unwrap();
        assert_eq!(interval_text(&nil), "none");
        // 4 wins and a loss: the score interval 0.8 ± 1.96·0.4/√5 reaches past 1.
        let four_one = elo::elo_trinomial(4, 0, 1).unwrap();
        assert!(interval_text(&four_one).ends_with(", +inf]"));
        // 3 wins, 1 loss: the score interval 0.75 ± 1.96·0.433/2 reaches past 1, not below 0.
        let mostly = elo::elo_trinomial(3, 0, 1).unwrap();
        assert!(interval_text(&mostly).ends_with(", +inf]"));
        assert!(
            !interval_text(&mostly).starts_with("[+inf")
                && !interval_text(&mostly).starts_with("[-inf")
        );
    }
}
