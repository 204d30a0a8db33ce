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
//! once there is one. A field that is not a number (`inf`, or `undefined` where the units show
//! no spread) is explained on a `Note:` line after `Ptnml(0-2)`.

use super::results::Standings;
use crate::stats::elo::{self, EloEstimate, Model, Sample};
use std::fmt::Write as _;

fn fixed(x: Option<f64>) -> String {
    match x {
        Some(v) => format!("{:.2}", v + 0.0),
        None => "inf".to_string(),
    }
}

/// The Elo line's four numbers as the block prints them, and what a reader needs told about
/// those that are not numbers: `inf`/`-inf` for a perfect or zero score, `+/- inf` for an
/// interval that reaches past a score of 0 or 1, and `undefined` (±, nElo, LOS) where the
/// units show no spread: nElo and LOS divide by it, and a `± 0` would claim certainty.
struct EloLine {
    elo: String,
    error: String,
    nelo: String,
    nelo_error: String,
    notes: Vec<String>,
}

fn elo_line(elo: Option<&EloEstimate>, sample: &Sample, model: Model) -> EloLine {
    let undefined = || "undefined".to_string();
    let mut notes = Vec::new();
    let elo_text = match elo.and_then(|e| e.unbounded) {
        Some(side) => {
            notes.push(format!("Elo {} is {}", side.text(), side.score_words()));
            side.text().trim_start_matches('+').to_string()
        }
        None => fixed(elo.and_then(|e| e.elo)),
    };
    let no_interval = elo.and_then(|e| e.no_interval);
    let error = match (no_interval, elo.and_then(|e| e.error())) {
        (Some(why), _) => {
            notes.push(format!("+/-, nElo and LOS undefined: {}", why.words(model)));
            undefined()
        }
        (None, Some(e)) => fixed(Some(e)),
        (None, None) => {
            notes.push(
                "+/- inf: the 95% interval reaches past a score of 0% or 100% (more games narrow it)"
                    .to_string(),
            );
            "inf".to_string()
        }
    };
    let (nelo, nelo_error) = match elo::nelo(sample, model) {
        Some((v, e)) => (fixed(Some(v)), fixed(Some(e))),
        None => (undefined(), undefined()),
    };
    EloLine {
        elo: elo_text,
        error,
        nelo,
        nelo_error,
        notes,
    }
}

/// Whether `--report-every N` prints the block after game `done` of `scheduled`: every N
/// games, but not after the last, whose block the end of the run prints anyway.
pub fn due(every: Option<usize>, done: usize, scheduled: usize) -> bool {
    every.is_some_and(|n| n > 0 && done.is_multiple_of(n)) && done < scheduled
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
    let line = elo_line(first.elo.as_ref(), &sample, model);
    let _ = writeln!(
        out,
        "Elo: {} +/- {}, nElo: {} +/- {}",
        line.elo, line.error, line.nelo, line.nelo_error,
    );
    let los = match elo::no_interval(&sample) {
        Some(_) => "undefined".to_string(),
        None => format!(
            "{:.2} %",
            elo::los_of_sample(&sample).unwrap_or(0.5) * 100.0
        ),
    };
    let _ = writeln!(
        out,
        "LOS: {los}, DrawRatio: {:.2} %",
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
    if !line.notes.is_empty() {
        let _ = writeln!(out, "Note: {}", line.notes.join("; "));
    }
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

    /// The Elo line and its note for pentanomial counts.
    fn penta(p: [u64; 5]) -> (String, String) {
        let sample = Sample::pentanomial(p);
        let e = elo::elo_pentanomial(p);
        let l = elo_line(e.as_ref(), &sample, Model::Pentanomial);
        (
            format!(
                "Elo: {} +/- {}, nElo: {} +/- {}",
                l.elo, l.error, l.nelo, l.nelo_error
            ),
            l.notes.join("; "),
        )
    }

    #[test]
    fn each_block_is_printed_once() {
        let due_at = |every, scheduled| -> Vec<usize> {
            (1..=scheduled)
                .filter(|&d| due(every, d, scheduled))
                .collect()
        };
        // 200 games, every 100: after game 100; game 200's is the final block.
        assert_eq!(due_at(Some(100), 200), vec![100]);
        assert_eq!(due_at(Some(3), 10), vec![3, 6, 9]);
        assert_eq!(due_at(Some(0), 10), Vec::<usize>::new());
        assert_eq!(due_at(None, 10), Vec::<usize>::new());
    }

    #[test]
    fn no_number_without_a_reason_in_words() {
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        // One pair, a win and a loss: mean ½, no spread (it was `+0.0 ± 0.0`, nElo nan).
        assert_eq!(
            penta([0, 0, 1, 0, 0]),
            pair(
                "Elo: 0.00 +/- undefined, nElo: undefined +/- undefined",
                "+/-, nElo and LOS undefined: one game pair, no spread to measure"
            )
        );
        assert_eq!(
            penta([0, 0, 0, 0, 3]),
            pair(
                "Elo: inf +/- undefined, nElo: undefined +/- undefined",
                "Elo +inf is a perfect score; +/-, nElo and LOS undefined: every game pair \
                 scored the same, no spread to measure"
            )
        );
        assert_eq!(
            penta([2, 0, 0, 0, 0]).0,
            "Elo: -inf +/- undefined, nElo: undefined +/- undefined"
        );
        // Pairs WL and WW: s̄ = ¾, the interval [0.40, 1.10] reaches past 1.
        assert_eq!(
            penta([0, 0, 1, 0, 1]),
            pair(
                "Elo: 190.85 +/- inf, nElo: 245.67 +/- 340.48",
                "+/- inf: the 95% interval reaches past a score of 0% or 100% (more games narrow it)"
            )
        );
        // An LD and a WD pair: scores ¼ and ¾, mean ½, variance 1/16 per pair, so a game's σ is
        // √(2/16); nElo ± = 1.96 · √(1/32) · 800/ln 10 / √(1/8) = 340.48. Elo: ½ ± 1.96·¼/√2
        // = [0.1535, 0.8465], ± (Elo(0.8465) − Elo(0.1535))/2 = 296.58.
        assert_eq!(
            penta([0, 1, 0, 1, 0]),
            pair("Elo: 0.00 +/- 296.58, nElo: 0.00 +/- 340.48", "")
        );
    }
}
