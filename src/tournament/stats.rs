//! Rating statistics: Elo from a score with a 95% interval, likelihood of superiority (LOS),
//! pentanomial bucketing of game pairs, and the sequential probability ratio test (SPRT).
//!
//! All Elo here is *logistic* Elo: a score fraction `s` (wins + draws/2 over games) and an Elo
//! difference `e` are related by `s = 1 / (1 + 10^(-e/400))`, as in cutechess and fastchess's
//! `logistic` model.
//!
//! The SPRT uses the closed-form GSPRT approximation of M. Van den Bergh ("A practical
//! approximation of the GSPRT", the formula fishtest's `LLR_alt2` and older fastchess used):
//! with `N` independent units (games for the trinomial model, game pairs for the pentanomial
//! one), each unit scored in `[0, 1]`, sample mean `s̄` and sample variance `σ²` per unit,
//!
//! ```text
//! LLR ≈ N · (s1 − s0) · (2·s̄ − s0 − s1) / (2·σ²),   s0 = score(elo0), s1 = score(elo1)
//! ```
//!
//! and the test stops at `LLR ≥ ln((1−β)/α)` (accept H1: the first bot is `elo1` stronger) or
//! `LLR ≤ ln(β/(1−α))` (accept H0: it is at most `elo0` stronger).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

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

/// The complementary error function, to about 1e-13: the Maclaurin series of erf below 3,
/// the continued fraction of erfc (Laplace's, evaluated backwards) from 3 on.
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let r = if z < 3.0 {
        // erf(z) = 2/√π · Σ (−1)^n z^(2n+1) / (n! (2n+1))
        let (mut term, mut sum) = (z, z);
        for n in 1..200 {
            term *= -z * z / n as f64;
            let add = term / (2 * n + 1) as f64;
            sum += add;
            if add.abs() < 1e-17 {
                break;
            }
        }
        1.0 - sum * std::f64::consts::FRAC_2_SQRT_PI
    } else {
        // erfc(z) = e^(−z²)/√π · 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + 2/(z + ...)))))
        let mut f = z;
        for k in (1..=120).rev() {
            f = z + (k as f64 / 2.0) / f;
        }
        (-z * z).exp() / (std::f64::consts::PI.sqrt() * f)
    };
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
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

/// An Elo estimate with its 95% interval. Bounds are `None` where the score bound leaves
/// `(0, 1)` (the interval is unbounded on that side).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// The score fraction the estimate is made from.
    pub score: f64,
    /// `None` for a score of 0 or 1.
    pub elo: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    pub model: Model,
}

impl EloEstimate {
    /// Half the width of the interval (cutechess's "±"), when both bounds are finite.
    pub fn error(&self) -> Option<f64> {
        Some((self.high? - self.low?) / 2.0)
    }
}

/// Elo and its 95% interval from a sample: the interval `s̄ ± 1.96·σ/√N` on the score scale,
/// mapped through [`score_to_elo`] (so it is not symmetric in Elo).
pub fn elo_estimate(sample: &Sample, model: Model) -> Option<EloEstimate> {
    let (mean, var) = sample.mean_var()?;
    let se = (var / sample.n()).sqrt();
    Some(EloEstimate {
        score: mean,
        elo: score_to_elo(mean),
        low: score_to_elo(mean - Z95 * se),
        high: score_to_elo(mean + Z95 * se),
        model,
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

/// The SPRT's parameters: `elo0=0,elo1=10,alpha=0.05,beta=0.05` on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Default for SprtParams {
    fn default() -> Self {
        SprtParams {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

impl SprtParams {
    /// Check the parameters make a test: `elo0 < elo1`, `0 < α, β < 1`, `α + β < 1`.
    pub fn validate(&self) -> Result<(), SprtError> {
        let finite = [self.elo0, self.elo1, self.alpha, self.beta]
            .iter()
            .all(|x| x.is_finite());
        if !finite {
            return Err(SprtError::NotFinite);
        }
        if self.elo0 >= self.elo1 {
            return Err(SprtError::EloOrder {
                elo0: self.elo0,
                elo1: self.elo1,
            });
        }
        for (name, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(SprtError::NotAProbability { name, value });
            }
        }
        if self.alpha + self.beta >= 1.0 {
            return Err(SprtError::ErrorsTooLarge);
        }
        Ok(())
    }

    /// `(lower, upper) = (ln(β/(1−α)), ln((1−β)/α))`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }
}

/// SPRT parameters that cannot be read or make no test.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    #[error("SPRT parameters must be finite numbers")]
    NotFinite,
    #[error("SPRT: elo0 ({elo0}) must be less than elo1 ({elo1})")]
    EloOrder { elo0: f64, elo1: f64 },
    #[error("SPRT: {name} ({value}) must be between 0 and 1")]
    NotAProbability { name: &'static str, value: f64 },
    #[error("SPRT: alpha + beta must be less than 1")]
    ErrorsTooLarge,
    #[error("SPRT: '{0}' is not KEY=VALUE")]
    NotKeyValue(String),
    #[error("SPRT: '{0}' is not a number")]
    NotANumber(String),
    #[error("SPRT: unknown key '{0}' (expected elo0, elo1, alpha, beta)")]
    UnknownKey(String),
}

impl FromStr for SprtParams {
    type Err = SprtError;

    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05`; keys may be given in any order, missing keys take
    /// the defaults (0, 10, 0.05, 0.05).
    fn from_str(s: &str) -> Result<Self, SprtError> {
        let mut p = SprtParams::default();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| SprtError::NotKeyValue(part.to_string()))?;
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| SprtError::NotANumber(value.trim().to_string()))?;
            match key.trim() {
                "elo0" => p.elo0 = value,
                "elo1" => p.elo1 = value,
                "alpha" => p.alpha = value,
                "beta" => p.beta = value,
                other => return Err(SprtError::UnknownKey(other.to_string())),
            }
        }
        p.validate()?;
        Ok(p)
    }
}

impl fmt::Display for SprtParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    /// Neither bound reached: play on.
    Continue,
    /// `LLR ≤ lower`: the first bot is at most `elo0` stronger.
    H0,
    /// `LLR ≥ upper`: the first bot is at least `elo1` stronger.
    H1,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::Continue => "continue",
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
        })
    }
}

/// The state of an SPRT.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtReport {
    pub params: SprtParams,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub decision: Decision,
    pub model: Model,
    /// Units the LLR was computed from (games or pairs).
    pub units: u64,
}

/// The approximate GSPRT log-likelihood ratio of a sample (see the module docs). Empty buckets
/// are counted as 0.001 units, as fastchess does, so a sample with no variance (all draws, say)
/// still gives a finite ratio.
pub fn llr(sample: &Sample, elo0: f64, elo1: f64) -> f64 {
    let regularized = Sample {
        values: sample.values.clone(),
        counts: sample
            .counts
            .iter()
            .map(|&c| if c == 0.0 { 1e-3 } else { c })
            .collect(),
    };
    let Some((mean, var)) = regularized.mean_var() else {
        return 0.0;
    };
    let (s0, s1) = (elo_to_score(elo0), elo_to_score(elo1));
    regularized.n() * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

/// Run the SPRT on a sample. With no units at all, the LLR is 0 and the test continues.
pub fn sprt(params: SprtParams, sample: &Sample, model: Model) -> SprtReport {
    let (lower, upper) = params.bounds();
    let units = sample.n().round() as u64;
    let llr = if units == 0 {
        0.0
    } else {
        llr(sample, params.elo0, params.elo1)
    };
    let decision = if llr >= upper {
        Decision::H1
    } else if llr <= lower {
        Decision::H0
    } else {
        Decision::Continue
    };
    SprtReport {
        params,
        llr,
        lower,
        upper,
        decision,
        model,
        units,
    }
}
