//! Rating statistics: Elo from a score with a 95% interval, likelihood of superiority (LOS),
//! and pentanomial bucketing of game pairs. The SPRT is in [`super::sprt`].
//!
//! All Elo here is *logistic* Elo: a score fraction `s` (wins + draws/2 over games) and an Elo
//! difference `e` are related by `s = 1 / (1 + 10^(-e/400))`, as in cutechess and fastchess's
//! `logistic` model.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Score fraction of an Elo difference: `1 / (1 + 10^(-elo/400))`.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference of a score fraction: `-400 · log10(1/s − 1)`. `None` for `s` outside `(0, 1)`,
/// where the difference is unbounded.
pub fn score_to_elo(score: f64) -> Option<f64> {
    if score > 0.0 && score < 1.0 {
        // `+ 0.0` turns the −0 of an even score into 0.
        Some(-400.0 * (1.0 / score - 1.0).log10() + 0.0)
    } else {
        None
    }
}

/// The complementary error function `erfc(x) = 1 − erf(x)`, from `libm` (musl's
/// implementation, correctly rounded to within 1 ulp over the whole real line).
pub fn erfc(x: f64) -> f64 {
    libm::erfc(x)
}

/// The standard normal cumulative distribution function `Φ(x) = erfc(−x/√2) / 2`.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// Likelihood of superiority from decisive games: `Φ((w − l) / √(w + l))`, the same as
/// cutechess's `0.5·(1 + erf((w − l)/√(2(w + l))))`. Draws carry no information here. `None`
/// without decisive games.
pub fn los(wins: u64, losses: u64) -> Option<f64> {
    let decisive = wins + losses;
    if decisive == 0 {
        return None;
    }
    Some(normal_cdf(
        (wins as f64 - losses as f64) / (decisive as f64).sqrt(),
    ))
}

/// Which statistical model an estimate used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Model {
    /// Games are the units: win 1, draw 1/2, loss 0.
    Trinomial,
    /// Game pairs (same start, sides swapped) are the units: pair points / 2.
    Pentanomial,
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Model::Trinomial => "trinomial",
            Model::Pentanomial => "pentanomial",
        })
    }
}

/// A sample of independent units scored in `[0, 1]`: `counts[i]` units scored `values[i]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub values: Vec<f64>,
    pub counts: Vec<f64>,
}

impl Sample {
    /// Games: `[loss, draw, win]` scored `[0, 1/2, 1]`.
    pub fn trinomial(wins: u64, draws: u64, losses: u64) -> Sample {
        Sample {
            values: vec![0.0, 0.5, 1.0],
            counts: vec![losses as f64, draws as f64, wins as f64],
        }
    }

    /// Game pairs: `penta = [LL, LD, DD+WL, WD, WW]` scored `[0, 1/4, 1/2, 3/4, 1]`.
    pub fn pentanomial(penta: [u64; 5]) -> Sample {
        Sample {
            values: vec![0.0, 0.25, 0.5, 0.75, 1.0],
            counts: penta.iter().map(|&c| c as f64).collect(),
        }
    }

    pub fn n(&self) -> f64 {
        self.counts.iter().sum()
    }

    /// The sample mean and the (population) variance per unit. `None` for an empty sample.
    pub fn mean_var(&self) -> Option<(f64, f64)> {
        let n = self.n();
        if n <= 0.0 {
            return None;
        }
        let mean = self
            .values
            .iter()
            .zip(&self.counts)
            .map(|(v, c)| v * c)
            .sum::<f64>()
            / n;
        let var = self
            .values
            .iter()
            .zip(&self.counts)
            .map(|(v, c)| c * (v - mean) * (v - mean))
            .sum::<f64>()
            / n;
        Some((mean, var))
    }
}

/// The side an Elo difference is infinite on: a perfect score is `+inf`, a zero score `-inf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Infinity {
    #[serde(rename = "+inf")]
    Plus,
    #[serde(rename = "-inf")]
    Minus,
}

impl Infinity {
    /// `+inf` or `-inf`, as every output writes it.
    pub fn text(self) -> &'static str {
        match self {
            Infinity::Plus => "+inf",
            Infinity::Minus => "-inf",
        }
    }

    /// What the score was, in words: `a perfect score` or `a zero score`.
    pub fn score_words(self) -> &'static str {
        match self {
            Infinity::Plus => "a perfect score",
            Infinity::Minus => "a zero score",
        }
    }
}

/// Why an estimate has no interval at all: the interval is the spread of the units' scores
/// over `√N`, and these samples show no spread to measure (an interval of `± 0` would claim
/// certainty from a handful of games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoInterval {
    /// A single unit: one game, or one game pair.
    #[serde(rename = "one unit")]
    OneUnit,
    /// Several units, every one scored the same (all won, all drawn, every pair a win and a
    /// loss, ...).
    #[serde(rename = "no spread")]
    NoSpread,
}

impl NoInterval {
    /// Why, in words, for units of `model`: `one game pair, no spread to measure`.
    pub fn words(self, model: Model) -> &'static str {
        match (self, model) {
            (NoInterval::OneUnit, Model::Trinomial) => "one game, no spread to measure",
            (NoInterval::OneUnit, Model::Pentanomial) => "one game pair, no spread to measure",
            (NoInterval::NoSpread, Model::Trinomial) => {
                "every game scored the same, no spread to measure"
            }
            (NoInterval::NoSpread, Model::Pentanomial) => {
                "every game pair scored the same, no spread to measure"
            }
        }
    }
}

/// An Elo estimate with its 95% interval. Bounds are `None` where the score bound leaves
/// `(0, 1)` (the interval is unbounded on that side), and both are `None` when there is no
/// interval ([`EloEstimate::no_interval`] says why).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// The score fraction the estimate is made from.
    pub score: f64,
    /// `None` for a score of 0 or 1 (then [`EloEstimate::unbounded`] says which side).
    pub elo: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    pub model: Model,
    /// For a score of 1 `+inf`, for 0 `-inf` (JSON has no infinity: `elo` is null there);
    /// absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unbounded: Option<Infinity>,
    /// Why there is no interval (one unit, or no spread); absent when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_interval: Option<NoInterval>,
}

impl EloEstimate {
    /// Half the width of the interval (cutechess's "±"), when both bounds are finite.
    pub fn error(&self) -> Option<f64> {
        Some((self.high? - self.low?) / 2.0)
    }
}

/// Why a sample gives no interval: a single unit, or units that all scored the same.
pub fn no_interval(sample: &Sample) -> Option<NoInterval> {
    let (_, var) = sample.mean_var()?;
    if sample.n() < 2.0 {
        Some(NoInterval::OneUnit)
    } else if var <= 0.0 {
        Some(NoInterval::NoSpread)
    } else {
        None
    }
}

/// Elo and its 95% interval from a sample: the interval `s̄ ± 1.96·σ/√N` on the score scale,
/// mapped through [`score_to_elo`] (so it is not symmetric in Elo). No interval (both bounds
/// `None`, and [`EloEstimate::no_interval`] says why) from one unit or units without spread.
pub fn elo_estimate(sample: &Sample, model: Model) -> Option<EloEstimate> {
    let (mean, var) = sample.mean_var()?;
    let se = (var / sample.n()).sqrt();
    let elo = score_to_elo(mean);
    let no_interval = no_interval(sample);
    let bound = |s: f64| score_to_elo(s).filter(|_| no_interval.is_none());
    Some(EloEstimate {
        score: mean,
        elo,
        low: bound(mean - Z95 * se),
        high: bound(mean + Z95 * se),
        no_interval,
        model,
        unbounded: match elo {
            Some(_) => None,
            None if mean >= 0.5 => Some(Infinity::Plus),
            None => Some(Infinity::Minus),
        },
    })
}

/// Elo from wins, draws and losses, games as the units.
pub fn elo_trinomial(wins: u64, draws: u64, losses: u64) -> Option<EloEstimate> {
    elo_estimate(&Sample::trinomial(wins, draws, losses), Model::Trinomial)
}

/// Elo from pentanomial counts `[LL, LD, DD+WL, WD, WW]`, game pairs as the units.
pub fn elo_pentanomial(penta: [u64; 5]) -> Option<EloEstimate> {
    elo_estimate(&Sample::pentanomial(penta), Model::Pentanomial)
}

/// The pentanomial bucket of a game pair from one bot's point of view, given its points in
/// the two games (each 0, 0.5 or 1): 0 = LL, 1 = LD, 2 = DD or WL, 3 = WD, 4 = WW.
pub fn penta_bucket(points_a: f64, points_b: f64) -> usize {
    // Pair points are a multiple of 1/2 in [0, 2]; twice them is the bucket.
    ((points_a + points_b) * 2.0).round().clamp(0.0, 4.0) as usize
}

/// Normalized Elo with half its 95% interval, as fastchess reports it: the score's distance
/// from ½ in standard deviations of one game's score, times `800/ln 10`. Pair units
/// (pentanomial) have half a game's variance when games are independent, so a game's σ is
/// taken as `√(2·var)` there. `None` for an empty sample or one without variance.
pub fn nelo(sample: &Sample, model: Model) -> Option<(f64, f64)> {
    let (mean, var) = sample.mean_var()?;
    let per_game = match model {
        Model::Trinomial => var,
        Model::Pentanomial => 2.0 * var,
    };
    if per_game <= 0.0 {
        return None;
    }
    let scale = 800.0 / std::f64::consts::LN_10 / per_game.sqrt();
    let se = (var / sample.n()).sqrt();
    Some(((mean - 0.5) * scale, Z95 * se * scale))
}

/// The likelihood that the first side is the stronger, from its mean score and the standard
/// error of the mean: `Φ((s̄ − ½)/(σ/√N))` (fastchess's LOS; draws and pairs count through σ).
/// `None` for an empty sample; 1/2 without variance at ½, else 0 or 1.
pub fn los_of_sample(sample: &Sample) -> Option<f64> {
    let (mean, var) = sample.mean_var()?;
    let se = (var / sample.n()).sqrt();
    if se == 0.0 {
        return Some(if mean > 0.5 {
            1.0
        } else if mean < 0.5 {
            0.0
        } else {
            0.5
        });
    }
    Some(normal_cdf((mean - 0.5) / se))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (games, the sample, Elo, low, high, why no interval); `None` bounds: unbounded or none.
    type Case = (
        u64,
        Sample,
        Model,
        Option<f64>,
        Option<f64>,
        Option<f64>,
        Option<NoInterval>,
    );

    /// Derived by hand from `s̄ ± 1.96·√(var/N)` and `Elo(s) = −400·log10(1/s − 1)`.
    fn cases() -> Vec<Case> {
        let tri = |w, d, l| (Sample::trinomial(w, d, l), Model::Trinomial);
        let penta = |p| (Sample::pentanomial(p), Model::Pentanomial);
        let case = |games, (s, m): (Sample, Model), elo, low, high, why| {
            (games, s, m, elo, low, high, why)
        };
        vec![
            // 1 game, won: score 1, Elo +inf; one unit has no spread.
            case(1, tri(1, 0, 0), None, None, None, Some(NoInterval::OneUnit)),
            // 2 games, a win and a loss in one pair: pair score ½, Elo 0; one unit.
            case(
                2,
                penta([0, 0, 1, 0, 0]),
                Some(0.0),
                None,
                None,
                Some(NoInterval::OneUnit),
            ),
            // 2 games, a win and a loss as single games: s̄ = ½, var = ¼, ± 1.96·½/√2 = 0.693:
            // [−0.193, 1.193] leaves (0, 1) on both sides: unbounded both ways.
            case(2, tri(1, 0, 1), Some(0.0), None, None, None),
            // 4 games, two pairs each a win and a draw: both pairs ¾, Elo 400·log10 3 = 190.85;
            // no spread (this was `Elo +190.8 ± 0.0`).
            case(
                4,
                penta([0, 0, 0, 2, 0]),
                Some(190.85),
                None,
                None,
                Some(NoInterval::NoSpread),
            ),
            // 4 games, two pairs WL and WW: pair scores ½ and 1, s̄ = ¾, var = 1/16, ± 1.96·¼/√2
            // = 0.3465: [0.4035, 1.0965], low −400·log10(1/0.4035 − 1) = −67.89, high past 1.
            case(
                4,
                penta([0, 0, 1, 0, 1]),
                Some(190.85),
                Some(-67.89),
                None,
                None,
            ),
            // 4 games all drawn, as single games: no spread.
            case(
                4,
                tri(0, 4, 0),
                Some(0.0),
                None,
                None,
                Some(NoInterval::NoSpread),
            ),
            // 10 games: 6 wins, 2 draws, 2 losses: s̄ = 0.7, var = (6·0.09 + 2·0.04 + 2·0.49)/10
            // = 0.16, ± 1.96·0.4/√10 = 0.2479: [0.4521, 0.9479] -> [−33.40, +504.03].
            case(
                10,
                tri(6, 2, 2),
                Some(147.19),
                Some(-33.40),
                Some(504.03),
                None,
            ),
            // 10 games in 5 pairs LD, DD, WL, WD, WW: pair scores ¼, ½, ½, ¾, 1, s̄ = 0.6, var =
            // 0.325/5 = 0.065, ± 1.96·√0.013 = 0.2235: [0.3765, 0.8235] -> [−87.61, +267.53].
            case(
                10,
                penta([0, 1, 2, 1, 1]),
                Some(70.44),
                Some(-87.61),
                Some(267.53),
                None,
            ),
            // 10 games, 5 pairs each a win and a loss: ½ every pair, no spread.
            case(
                10,
                penta([0, 0, 5, 0, 0]),
                Some(0.0),
                None,
                None,
                Some(NoInterval::NoSpread),
            ),
        ]
    }

    fn near(a: Option<f64>, b: Option<f64>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => (a - b).abs() < 0.01,
            (None, None) => true,
            _ => false,
        }
    }

    #[test]
    fn small_samples_give_an_interval_only_with_spread() {
        for (games, sample, model, elo, low, high, why) in cases() {
            let units = sample.n() as u64 * if model == Model::Pentanomial { 2 } else { 1 };
            assert_eq!(units, games, "{sample:?}");
            let e = elo_estimate(&sample, model).unwrap();
            let got = (e.elo, e.low, e.high, e.no_interval);
            assert!(
                near(e.elo, elo) && near(e.low, low) && near(e.high, high) && e.no_interval == why,
                "{games} games {sample:?}: got {got:?}, want {:?}",
                (elo, low, high, why)
            );
            // Never `± 0`: there is a half-width only with two finite bounds apart.
            assert!(e.error().is_none_or(|x| x > 0.0), "{games} games: {got:?}");
            assert_eq!(
                nelo(&sample, model).is_none(),
                why.is_some(),
                "{games} games"
            );
        }
    }

    #[test]
    fn each_reason_reads_in_words_for_its_units() {
        assert_eq!(
            NoInterval::OneUnit.words(Model::Pentanomial),
            "one game pair, no spread to measure"
        );
        assert_eq!(
            NoInterval::NoSpread.words(Model::Trinomial),
            "every game scored the same, no spread to measure"
        );
        let json = serde_json::to_value(elo_pentanomial([0, 0, 0, 2, 0]).unwrap()).unwrap();
        assert_eq!(json["no_interval"], "no spread");
        assert_eq!(json["low"], serde_json::Value::Null);
        let json = serde_json::to_value(elo_trinomial(6, 2, 2).unwrap()).unwrap();
        assert!(json.get("no_interval").is_none(), "{json}");
    }
}
