//! The sequential probability ratio test (SPRT) of "is the first bot stronger?", with the
//! generalized log-likelihood ratio (GSPRT) computed exactly by maximum likelihood, as fishtest
//! (`LLRcalc.py`) and fastchess (`sprt.cpp`) do.
//!
//! The units are game pairs (pentanomial: a pair scores 0, 1/4, 1/2, 3/4 or 1) or single games
//! (trinomial: 0, 1/2, 1). With the observed frequencies `p̂` of the `N` units, H0 and H1 are
//! composite: every distribution `p` on the unit scores whose Elo is `elo0` (resp. `elo1`). The
//! ratio is that of the best `p` of each,
//!
//! ```text
//! LLR = N · Σ p̂_i · (ln p1_i − ln p0_i),   p_k = argmax Σ p̂_i ln p_i  over p with Elo(p) = elo_k
//! ```
//!
//! - **logistic** Elo (the default): `Elo(p) = elo` means the mean score is
//!   `s = 1/(1 + 10^(−elo/400))`. The maximizer is `p_i = p̂_i / (1 + θ(a_i − s))`, with `θ`
//!   the root of `Σ p̂_i (a_i − s)/(1 + θ(a_i − s)) = 0` (M. Van den Bergh, "Comparing the
//!   approximations for the GSPRT of a multinomial distribution", Proposition 1.1).
//! - **normalized** Elo (`model=normalized`): `Elo(p) = nelo` means the t-value
//!   `(μ − 1/2)/σ` is `nelo / (800/ln 10)` per game (`√2` times that per pair, whose score is
//!   the mean of two games). The maximizer is found by the fixed-point iteration of Van den
//!   Bergh's "Comments on normalized Elo", Section 4.1, each step a root of the same kind.
//!
//! Regularization (fishtest's and fastchess's): an empty bucket counts as 0.001 units, so the
//! maximizers exist (every bucket then has some mass) and `N` is the sum of these counts.
//!
//! The test accepts H1 when `LLR ≥ ln((1−β)/α)` and H0 when `LLR ≤ ln(β/(1−α))`.

use super::elo::{elo_to_score, Model, Sample};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// What an empty bucket counts as.
pub const EMPTY_BUCKET: f64 = 1e-3;
/// Normalized Elo per unit of t-value: `800 / ln 10`.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The Elo scale `elo0` and `elo1` are given in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EloModel {
    /// The score `s = 1/(1 + 10^(−elo/400))`.
    #[default]
    Logistic,
    /// The t-value `(s − 1/2)/σ` per game, times `800/ln 10`.
    Normalized,
}

impl fmt::Display for EloModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EloModel::Logistic => "logistic",
            EloModel::Normalized => "normalized",
        })
    }
}

/// The SPRT's parameters: `elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic]` on the
/// command line.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// Absent in logs written before the model could be chosen: logistic.
    #[serde(default)]
    pub model: EloModel,
}

impl Default for SprtParams {
    fn default() -> Self {
        SprtParams {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Logistic,
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

    /// About how many game pairs the test takes on average when the truth is `elo0` or
    /// `elo1`, whichever is more, by Wald's approximation for a drift of
    /// `±(s1 − s0)²/(2σ²)` per pair. `σ² = 1/8`, the variance of a pair of independent games
    /// without draws (draws and correlated pairs need fewer): an upper estimate for planning.
    pub fn expected_pairs(&self) -> f64 {
        const VAR: f64 = 0.125;
        let (s0, s1) = match self.model {
            EloModel::Logistic => (elo_to_score(self.elo0), elo_to_score(self.elo1)),
            // t per pair = √2 · nelo / NELO_PER_T, σ per pair = √VAR.
            EloModel::Normalized => {
                let s = |e: f64| 0.5 + std::f64::consts::SQRT_2 * e / NELO_PER_T * VAR.sqrt();
                (s(self.elo0), s(self.elo1))
            }
        };
        let drift = (s1 - s0).powi(2) / (2.0 * VAR);
        let (lower, upper) = self.bounds();
        let (a, b) = (self.alpha, self.beta);
        // Under H0 the walk ends at `lower` with probability 1 − α, at `upper` with α;
        // under H1 at `upper` with 1 − β.
        let at_h0 = ((1.0 - a) * -lower - a * upper) / drift;
        let at_h1 = ((1.0 - b) * upper - b * -lower) / drift;
        at_h0.max(at_h1)
    }

    /// The `--rounds` to give a two-bot SPRT so that it almost always decides before the
    /// schedule runs out: three times [`expected_pairs`](Self::expected_pairs), rounded up to
    /// a hundred (each round is one pair).
    pub fn suggested_rounds(&self) -> u64 {
        let r = (3.0 * self.expected_pairs()).ceil() as u64;
        r.div_ceil(100) * 100
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
    #[error("SPRT: unknown key '{0}' (expected elo0, elo1, alpha, beta, model)")]
    UnknownKey(String),
    #[error("SPRT: model '{0}' is not logistic or normalized")]
    UnknownModel(String),
}

impl SprtParams {
    /// A warning when `rounds` (one pair each in a two-bot event) are fewer than
    /// [`suggested_rounds`](Self::suggested_rounds): the test may run out of games undecided.
    pub fn rounds_warning(&self, rounds: u32) -> Option<String> {
        let suggested = self.suggested_rounds();
        (u64::from(rounds) < suggested).then(|| {
            format!(
                "--sprt {self} takes about {:.0} game pairs on average (more with bad luck); --rounds {rounds} may end undecided: use --rounds {suggested}",
                self.expected_pairs()
            )
        })
    }
}

impl FromStr for SprtParams {
    type Err = SprtError;

    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05,model=logistic`; keys may be given in any order,
    /// missing keys take the defaults (0, 10, 0.05, 0.05, logistic).
    fn from_str(s: &str) -> Result<Self, SprtError> {
        let mut p = SprtParams::default();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| SprtError::NotKeyValue(part.to_string()))?;
            let (key, value) = (key.trim(), value.trim());
            if key == "model" {
                p.model = value.parse()?;
                continue;
            }
            let number: f64 = value
                .parse()
                .map_err(|_| SprtError::NotANumber(value.to_string()))?;
            match key {
                "elo0" => p.elo0 = number,
                "elo1" => p.elo1 = number,
                "alpha" => p.alpha = number,
                "beta" => p.beta = number,
                other => return Err(SprtError::UnknownKey(other.to_string())),
            }
        }
        p.validate()?;
        Ok(p)
    }
}

impl FromStr for EloModel {
    type Err = SprtError;

    fn from_str(s: &str) -> Result<Self, SprtError> {
        match s {
            "logistic" => Ok(EloModel::Logistic),
            "normalized" => Ok(EloModel::Normalized),
            other => Err(SprtError::UnknownModel(other.to_string())),
        }
    }
}

impl fmt::Display for SprtParams {
    /// The form `--sprt` takes; the model only when it is not the default, so that the text
    /// of a logistic test reads as before the model could be chosen.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )?;
        if self.model != EloModel::Logistic {
            write!(f, ",model={}", self.model)?;
        }
        Ok(())
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

/// The root `x` of `Σ p_i d_i / (1 + x d_i) = 0` with every `1 + x d_i > 0`, for weights
/// `p_i > 0` and `d` taking both signs. The left side falls strictly from +∞ to −∞ on
/// `(−1/max d, −1/min d)`, so the root is unique: Newton's steps, kept inside a shrinking
/// bracket (a bisection when a step would leave it). `None` when `d` has one sign.
fn secular(p: &[f64], d: &[f64]) -> Option<f64> {
    let (dmin, dmax) = d
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        });
    if dmin >= 0.0 || dmax <= 0.0 {
        return None;
    }
    let (mut lo, mut hi) = (-1.0 / dmax, -1.0 / dmin);
    let mut x = 0.0;
    for _ in 0..200 {
        let (mut f, mut df) = (0.0, 0.0);
        for (pi, di) in p.iter().zip(d) {
            let q = di / (1.0 + x * di);
            f += pi * q;
            df -= pi * q * q;
        }
        if f == 0.0 {
            return Some(x);
        }
        if f > 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        let newton = x - f / df;
        let next = if newton > lo && newton < hi {
            newton
        } else {
            lo + (hi - lo) / 2.0
        };
        if (next - x).abs() <= 1e-15 * (1.0 + x.abs()) || next == lo || next == hi {
            return Some(next);
        }
        x = next;
    }
    Some(x)
}

fn mean_var(values: &[f64], p: &[f64]) -> (f64, f64) {
    let mean: f64 = values.iter().zip(p).map(|(a, q)| a * q).sum();
    let var = values
        .iter()
        .zip(p)
        .map(|(a, q)| q * (a - mean) * (a - mean))
        .sum();
    (mean, var)
}

/// The distribution closest (in likelihood) to `phat` whose mean is `s`, `a_0 < s < a_last`.
fn mle_mean(values: &[f64], phat: &[f64], s: f64) -> Option<Vec<f64>> {
    let d: Vec<f64> = values.iter().map(|a| a - s).collect();
    let x = secular(phat, &d)?;
    Some(
        phat.iter()
            .zip(&d)
            .map(|(p, di)| p / (1.0 + x * di))
            .collect(),
    )
}

/// The distribution closest to `phat` whose t-value `(μ − reference)/σ` is `t`: the maximizer
/// is a fixed point `p_i = p̂_i/(1 + x φ_i)`, `φ_i = a_i − reference − t·σ·(1 + ((a_i − μ)/σ)²)/2`
/// with `μ, σ` those of `p` itself, iterated from the uniform distribution.
fn mle_t_value(values: &[f64], phat: &[f64], reference: f64, t: f64) -> Option<Vec<f64>> {
    let mut p = vec![1.0 / values.len() as f64; values.len()];
    for _ in 0..100 {
        let (mu, var) = mean_var(values, &p);
        let sigma = var.sqrt();
        let phi: Vec<f64> = values
            .iter()
            .map(|a| a - reference - t * sigma * (1.0 + ((a - mu) / sigma).powi(2)) / 2.0)
            .collect();
        let x = secular(phat, &phi)?;
        let next: Vec<f64> = phat
            .iter()
            .zip(&phi)
            .map(|(q, f)| q / (1.0 + x * f))
            .collect();
        let change = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-13 {
            break;
        }
    }
    Some(p)
}

/// The exact GSPRT log-likelihood ratio of a sample for `elo1` against `elo0` (see the module
/// docs), with empty buckets regularized. 0 for an empty sample.
pub fn llr(sample: &Sample, params: &SprtParams) -> f64 {
    if sample.n() <= 0.0 {
        return 0.0;
    }
    let counts: Vec<f64> = sample
        .counts
        .iter()
        .map(|&c| if c == 0.0 { EMPTY_BUCKET } else { c })
        .collect();
    let n: f64 = counts.iter().sum();
    let phat: Vec<f64> = counts.iter().map(|c| c / n).collect();
    let values = &sample.values;
    let (p0, p1) = match params.model {
        EloModel::Logistic => (
            mle_mean(values, &phat, elo_to_score(params.elo0)),
            mle_mean(values, &phat, elo_to_score(params.elo1)),
        ),
        EloModel::Normalized => {
            // A unit of k games has k times a game's variance over k²: σ_unit = σ_game/√k,
            // and t_unit = √k · t_game. Pentanomial units are pairs.
            let games_per_unit = if values.len() == 5 { 2.0 } else { 1.0 };
            let t = |e: f64| e / NELO_PER_T * f64::sqrt(games_per_unit);
            (
                mle_t_value(values, &phat, 0.5, t(params.elo0)),
                mle_t_value(values, &phat, 0.5, t(params.elo1)),
            )
        }
    };
    let (Some(p0), Some(p1)) = (p0, p1) else {
        return 0.0;
    };
    n * phat
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(q, (a, b))| q * (b.ln() - a.ln()))
        .sum::<f64>()
}

/// Run the SPRT on a sample. With no units at all, the LLR is 0 and the test continues.
pub fn sprt(params: SprtParams, sample: &Sample, model: Model) -> SprtReport {
    let (lower, upper) = params.bounds();
    let units = sample.n().round() as u64;
    let llr = llr(sample, &params);
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
