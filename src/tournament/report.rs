//! The report block of a two-bot run, in fastchess's layout, printed every `--report-every N`
//! games and at the end:
//!
//! ```text
//! Results of new vs old:
//! Elo: 35.20 +/- 20.10, nElo: 50.10 +/- 28.60
//! LOS: 99.96 %, DrawRatio: 23.00 %
//! Games: 200, Wins: 90, Losses: 70, Draws: 40, Points: 110.0 (55.00 %)
//! Ptnml(0-2): [11, 19, 35, 19, 16]
//! LLR: 0.50 (17.0%) (-2.94, 2.94) [0.00, 10.00]
//! ```
//!
//! From the first bot's side. Elo and nElo use game pairs as units (pentanomial) when every
//! game is in a complete pair, single games otherwise; `±` is half the 95% interval. LOS is
//! `Φ((s̄ − ½)/(σ/√N))` over the same units. The LLR line (only with `--sprt`) gives the
//! fraction of the way to the bound it heads for, the bounds, `[elo0, elo1]`, and the decision
//! once there is one.

use super::results::Standings;
use super::stats::{self, Model, Sample};
use std::fmt::Write as _;

fn fixed(x: Option<f64>) -> String {
    match x {
        Some(v) => format!("{:.2}", v + 0.0),
        None => "inf".to_string(),
    }
}

/// The block for a two-bot table (`None` with more or fewer bots, or before a game).
pub fn two_bot_report(s: &Standings) -> Option<String> {
    let [pairing] = s.pairings.as_slice() else {
        return None;
    };
    if s.bots.len() != 2 {
        return None;
    }
    let first = s.bots.iter().find(|b| b.name == pairing.first)?;
    let (sample, model) = if first.pairs > 0 && first.pairs * 2 == first.games {
        (Sample::pentanomial(first.penta), Model::Pentanomial)
    } else {
        (
            Sample::trinomial(first.wins, first.draws, first.losses),
            Model::Trinomial,
        )
    };
    let mut out = String::new();
    let _ = writeln!(out, "Results of {} vs {}:", pairing.first, pairing.second);
    let elo = first.elo;
    let nelo = stats::nelo(&sample, model);
    let _ = writeln!(
        out,
        "Elo: {} +/- {}, nElo: {} +/- {}",
        fixed(elo.and_then(|e| e.elo)),
        fixed(elo.and_then(|e| e.error())),
        fixed(nelo.map(|n| n.0)),
        fixed(nelo.map(|n| n.1)),
    );
    let los = stats::los_of_sample(&sample).unwrap_or(0.5);
    let _ = writeln!(
        out,
        "LOS: {:.2} %, DrawRatio: {:.2} %",
        los * 100.0,
        first.draws as f64 / first.games.max(1) as f64 * 100.0
    );
    let _ = writeln!(
        out,
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({:.2} %)",
        first.games,
        first.wins,
        first.losses,
        first.draws,
        first.points,
        first.score.unwrap_or(0.0) * 100.0
    );
    let p = first.penta;
    let _ = writeln!(
        out,
        "Ptnml(0-2): [{}, {}, {}, {}, {}]",
        p[0], p[1], p[2], p[3], p[4]
    );
    if let Some(sp) = &s.sprt {
        let r = &sp.report;
        let fraction = if r.llr >= 0.0 {
            r.llr / r.upper
        } else {
            r.llr / r.lower
        };
        let verdict = match r.decision {
            super::sprt::Decision::Continue => String::new(),
            d => format!(" {d} after {} pairs", r.units),
        };
        let _ = writeln!(
            out,
            "LLR: {:.2} ({:.1}%) ({:.2}, {:.2}) [{:.2}, {:.2}]{verdict}",
            r.llr,
            fraction * 100.0,
            r.lower,
            r.upper,
            r.params.elo0,
            r.params.elo1
        );
    }
    Some(out)
}
