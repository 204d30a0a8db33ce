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
use crate::stats::elo::{self, Infinity, Model, Sample};
use std::fmt::Write as _;

fn fixed(x: Option<f64>) -> String {
    match x {
        Some(v) => format!("{:.2}", v + 0.0),
        None => "inf".to_string(),
    }
}

/// nElo and its `±` as the block prints them. Without variance (every unit scored the same)
/// nElo is `(s̄ − ½)/0`: `inf` or `-inf`, or `nan` at exactly ½ (a win and a loss in one pair is
/// no evidence either way), and its interval is `nan`.
fn nelo_text(sample: &Sample, model: Model) -> (String, String) {
    if let Some((v, e)) = elo::nelo(sample, model) {
        return (fixed(Some(v)), fixed(Some(e)));
    }
    let mean = sample.mean_var().map_or(0.5, |(m, _)| m);
    let v = if mean > 0.5 {
        "inf"
    } else if mean < 0.5 {
        "-inf"
    } else {
        "nan"
    };
    (v.to_string(), "nan".to_string())
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
    // A zero score is `-inf`, a perfect one `inf` (as nElo writes them).
    let elo_text = match elo.and_then(|e| e.unbounded) {
        Some(Infinity::Minus) => "-inf".to_string(),
        _ => fixed(elo.and_then(|e| e.elo)),
    };
    let (nelo, nelo_error) = nelo_text(&sample, model);
    let _ = writeln!(
        out,
        "Elo: {} +/- {}, nElo: {} +/- {}",
        elo_text,
        fixed(elo.and_then(|e| e.error())),
        nelo,
        nelo_error,
    );
    let los = elo::los_of_sample(&sample).unwrap_or(0.5);
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
            crate::stats::sprt::Decision::Continue => String::new(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn penta(p: [u64; 5]) -> (String, String) {
        nelo_text(&Sample::pentanomial(p), Model::Pentanomial)
    }

    #[test]
    fn nelo_without_variance_says_which_way_or_nan() {
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        // One pair, a win and a loss: mean ½, no spread; 0/0.
        assert_eq!(penta([0, 0, 1, 0, 0]), pair("nan", "nan"));
        assert_eq!(penta([0, 0, 0, 0, 3]), pair("inf", "nan"));
        assert_eq!(penta([2, 0, 0, 0, 0]), pair("-inf", "nan"));
        // An LD and a WD pair: scores ¼ and ¾, mean ½, variance 1/16 per pair, so a game's σ is
        // √(2/16); ± = 1.96 · √(1/32) · 800/ln 10 / √(1/8) = 340.48.
        assert_eq!(penta([0, 1, 0, 1, 0]), pair("0.00", "340.48"));
    }
}
