//! A rating list fitted from all the games: one logistic Elo rating per bot, by maximum
//! likelihood of the Bradley-Terry model, as Ordo does.
//!
//! - **Model**: bot `i` against bot `j` is expected to score `E_ij = 1/(1 + 10^(−(r_i − r_j)/400))`
//!   per game; a draw is half a win. The ratings maximize `Σ_games s·ln E + (1 − s)·ln(1 − E)`,
//!   where `s` is the game's score; at the maximum every bot's expected points over the games it
//!   played equal its actual points.
//! - **Anchor**: ratings are differences; the list is placed so that their mean is 0, or so that
//!   one named bot has a given rating ([`RatingList::anchored`], `--anchor NAME=ELO`).
//! - **Intervals**: `±1.96·σ`, with the covariance of the ratings the inverse of the
//!   likelihood's curvature (the Fisher information, on the space of mean-0 ratings), times the
//!   dispersion `φ = Σ (s − E)² / Σ E(1 − E)` over the games: a draw varies less than a coin
//!   flip, so draws make the intervals narrower than the win/loss model alone would
//!   (quasi-likelihood). With a mean-0 anchor, `σ_i` is the error of `r_i` relative to the
//!   mean; with a named anchor, relative to that bot (whose own is 0).
//! - **Perfect scores**: a bot that won (or lost) every game has no finite maximum; it is set
//!   aside and placed back at a floor (or a ceiling), as Ordo does ([`super::perfect_scores`]).
//!   The mean of 0 is that of the other bots; a bound has no interval.
//! - **When there is no list**: the maximum does not exist (ratings run off to infinity) when,
//!   even with the perfect scores set aside, the bots split into a group that never scored
//!   against another group, or when some bots never met the others even indirectly.

use super::pair_games::expected;
pub use super::pair_games::PairGames;
use super::perfect_scores::{self, Bound};
use serde::Serialize;

/// `ln 10 / 400`: d E / d r = K · E (1 − E).
const K: f64 = std::f64::consts::LN_10 / 400.0;
const Z95: f64 = 1.959_963_984_540_054;

/// One bot's fitted rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub name: String,
    /// For a bot with a [`Bound`], the bound.
    pub rating: f64,
    /// Half the 95% interval; NaN (JSON null) for a bound.
    pub error95: f64,
    /// Set for a bot that won (floor) or lost (ceiling) every game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<Bound>,
}

/// Where the list is placed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Anchor {
    /// The mean of the ratings is 0.
    Mean,
    /// This bot has this rating.
    Bot { name: String, elo: f64 },
}

/// The fitted list, in the order of the names given to [`fit`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingList {
    pub anchor: Anchor,
    pub ratings: Vec<Rating>,
    /// The dispersion `φ` the covariance was scaled by.
    pub dispersion: f64,
    /// The covariance of the mean-0 ratings, in Elo².
    #[serde(skip)]
    covariance: Vec<Vec<f64>>,
    /// The same before the dispersion scaled it (as if `φ` were 1).
    #[serde(skip)]
    unit_covariance: Vec<Vec<f64>>,
}

/// Why there is no rating list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoRatings {
    #[error("fewer than two bots have played")]
    TooFew,
    #[error("the bots fall into groups that never played each other ({0})")]
    Disconnected(String),
    #[error("{0} scored every point against the rest (or none): the ratings are unbounded")]
    Unbounded(String),
    #[error("--anchor: no bot named '{0}' has a rating")]
    UnknownAnchor(String),
}

/// Solve `m x = y` by Gaussian elimination with partial pivoting (`m` is small and, here,
/// positive definite).
fn solve(mut m: Vec<Vec<f64>>, mut y: Vec<f64>) -> Vec<f64> {
    let n = y.len();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs()))
            .unwrap_or(c);
        m.swap(c, p);
        y.swap(c, p);
        for r in c + 1..n {
            let f = m[r][c] / m[c][c];
            if f != 0.0 {
                let (top, bottom) = m.split_at_mut(r);
                for (x, p) in bottom[0][c..].iter_mut().zip(&top[c][c..]) {
                    *x -= f * p;
                }
                y[r] -= f * y[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|k| m[r][k] * x[k]).sum();
        x[r] = (y[r] - s) / m[r][r];
    }
    x
}

/// A group of bots that never scored against the others, or against which the others never
/// scored, named; `None` when every bot can reach every other along "scored against" edges
/// (then the maximum exists).
fn unbounded_group(n: usize, pairs: &[PairGames], names: &[String]) -> Option<String> {
    let mut scored_against = vec![Vec::new(); n];
    for p in pairs {
        if p.a_wins + p.draws > 0 {
            scored_against[p.a].push(p.b);
        }
        if p.b_wins + p.draws > 0 {
            scored_against[p.b].push(p.a);
        }
    }
    // Reachability from bot 0 forwards and backwards: one component iff both reach all.
    let mut reverse = vec![Vec::new(); n];
    for (v, ws) in scored_against.iter().enumerate() {
        for &w in ws {
            reverse[w].push(v);
        }
    }
    let forward = perfect_scores::reach(0, &scored_against);
    let backward = perfect_scores::reach(0, &reverse);
    if forward.iter().all(|&x| x) && backward.iter().all(|&x| x) {
        return None;
    }
    // Name the smaller side: bots that bot 0 cannot reach (they never conceded a point to
    // its group) or that cannot reach bot 0.
    let side: Vec<&str> = (0..n)
        .filter(|&i| !forward[i] || !backward[i])
        .map(|i| names[i].as_str())
        .collect();
    let rest: Vec<&str> = (0..n)
        .filter(|&i| forward[i] && backward[i])
        .map(|i| names[i].as_str())
        .collect();
    let group = if side.len() <= rest.len() { side } else { rest };
    Some(group.join(", "))
}

fn connected(n: usize, pairs: &[PairGames]) -> bool {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for p in pairs {
        let (a, b) = (root(&mut parent, p.a), root(&mut parent, p.b));
        parent[a] = b;
    }
    let r = root(&mut parent, 0);
    (0..n).all(|i| root(&mut parent, i) == r)
}

/// The log-likelihood of ratings `r`.
fn log_likelihood(r: &[f64], pairs: &[PairGames]) -> f64 {
    pairs
        .iter()
        .map(|p| {
            let e = expected(r[p.a], r[p.b]);
            let s = p.a_points();
            s * e.ln() + (p.games() - s) * (1.0 - e).ln()
        })
        .sum()
}

/// The gradient (points − expected points, times K) and the information matrix at `r`.
fn gradient_information(r: &[f64], pairs: &[PairGames]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = r.len();
    let mut g = vec![0.0; n];
    let mut info = vec![vec![0.0; n]; n];
    for p in pairs {
        let e = expected(r[p.a], r[p.b]);
        let d = K * (p.a_points() - p.games() * e);
        g[p.a] += d;
        g[p.b] -= d;
        let w = K * K * p.games() * e * (1.0 - e);
        info[p.a][p.a] += w;
        info[p.b][p.b] += w;
        info[p.a][p.b] -= w;
        info[p.b][p.a] -= w;
    }
    (g, info)
}

/// `info + J/n`: the information with the mean-0 gauge fixed (its null space is the constant
/// vector, whose direction J/n gives weight 1).
fn gauged(info: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = info.len() as f64;
    info.iter()
        .map(|row| row.iter().map(|x| x + 1.0 / n).collect())
        .collect()
}

/// Fit the ratings of `names` (every one of which has played) from the games between them.
pub fn fit(names: &[String], pairs: &[PairGames]) -> Result<RatingList, NoRatings> {
    let n = names.len();
    if n < 2 {
        return Err(NoRatings::TooFew);
    }
    if !connected(n, pairs) {
        return Err(NoRatings::Disconnected(
            "some bots are not linked to the others by any chain of games".into(),
        ));
    }
    let aside = perfect_scores::set_aside(n, pairs);
    // The kept bots, renumbered, and the games among them.
    let kept: Vec<usize> = (0..n).filter(|&i| aside.kept[i]).collect();
    let new_index = |i: usize| kept.iter().position(|&k| k == i);
    let kept_pairs: Vec<PairGames> = pairs
        .iter()
        .filter_map(|p| {
            Some(PairGames {
                a: new_index(p.a)?,
                b: new_index(p.b)?,
                ..*p
            })
        })
        .collect();
    let kept_names: Vec<String> = kept.iter().map(|&i| names[i].clone()).collect();
    let fittable = kept.len() >= 2
        && connected(kept.len(), &kept_pairs)
        && unbounded_group(kept.len(), &kept_pairs, &kept_names).is_none();
    if !fittable {
        let group = unbounded_group(n, pairs, names).unwrap_or_else(|| kept_names.join(", "));
        return Err(NoRatings::Unbounded(group));
    }
    let (kept_r, dispersion, kept_cov) = fit_bounded(&kept_pairs, kept.len());
    // Back to every bot: the set-aside ones placed at their bounds, with no covariance but
    // that of a group's members with each other (their differences are known from their own
    // games, the group's place is the bound).
    let mut r = vec![f64::NAN; n];
    let mut unit_covariance = vec![vec![f64::NAN; n]; n];
    let mut covariance = vec![vec![f64::NAN; n]; n];
    for (a, &i) in kept.iter().enumerate() {
        r[i] = kept_r[a];
        for (b, &j) in kept.iter().enumerate() {
            unit_covariance[i][j] = kept_cov[a][b];
            covariance[i][j] = kept_cov[a][b] * dispersion;
        }
    }
    aside.place(&mut r, pairs, |group_pairs, members| {
        let (own, own_dispersion, own_cov) = fit_bounded(group_pairs, members.len());
        for (a, &i) in members.iter().enumerate() {
            for (b, &j) in members.iter().enumerate() {
                unit_covariance[i][j] = own_cov[a][b];
                covariance[i][j] = own_cov[a][b] * own_dispersion;
            }
        }
        own
    });
    let bound = |i: usize| {
        aside
            .order
            .iter()
            .find(|(members, _)| members.contains(&i))
            .map(|o| o.1)
    };
    let ratings = names
        .iter()
        .zip(&r)
        .enumerate()
        .map(|(i, (name, &x))| Rating {
            name: name.clone(),
            rating: x,
            // A bound has no interval (a group's members have one between them only).
            error95: match bound(i) {
                Some(_) => f64::NAN,
                None => interval95(covariance[i][i]),
            },
            bound: bound(i),
        })
        .collect();
    Ok(RatingList {
        anchor: Anchor::Mean,
        ratings,
        dispersion,
        covariance,
        unit_covariance,
    })
}

/// Half the 95% interval of a rating of variance `v`; NaN when `v` is (a bound's).
fn interval95(v: f64) -> f64 {
    if v.is_nan() {
        f64::NAN
    } else {
        Z95 * v.max(0.0).sqrt()
    }
}

/// The maximum-likelihood ratings of `n` bots (mean 0) whose maximum exists, the dispersion,
/// and the covariance of the ratings before the dispersion scales it.
fn fit_bounded(pairs: &[PairGames], n: usize) -> (Vec<f64>, f64, Vec<Vec<f64>>) {
    // Newton's method on the mean-0 ratings, each step halved until the likelihood rises
    // (the likelihood is concave, so this converges from 0).
    let mut r = vec![0.0; n];
    let mut ll = log_likelihood(&r, pairs);
    for _ in 0..100 {
        let (g, info) = gradient_information(&r, pairs);
        let step = solve(gauged(&info), g);
        let mut t = 1.0;
        let mut next;
        loop {
            next = r
                .iter()
                .zip(&step)
                .map(|(x, d)| x + t * d)
                .collect::<Vec<_>>();
            let l = log_likelihood(&next, pairs);
            if l >= ll - 1e-12 * ll.abs() || t < 1e-6 {
                ll = l;
                break;
            }
            t /= 2.0;
        }
        let moved = step.iter().map(|d| (t * d).abs()).fold(0.0, f64::max);
        r = next;
        if moved < 1e-9 {
            break;
        }
    }
    let (_, info) = gradient_information(&r, pairs);
    let dispersion = {
        let (mut num, mut den) = (0.0, 0.0);
        for p in pairs {
            let e = expected(r[p.a], r[p.b]);
            num += p.a_wins as f64 * (1.0 - e).powi(2)
                + p.draws as f64 * (0.5 - e).powi(2)
                + p.b_wins as f64 * e * e;
            den += p.games() * e * (1.0 - e);
        }
        num / den
    };
    // The pseudo-inverse of the information: (info + J/n)⁻¹ − J/n, column by column.
    let g = gauged(&info);
    let covariance: Vec<Vec<f64>> = {
        let cols: Vec<Vec<f64>> = (0..n)
            .map(|c| {
                let unit: Vec<f64> = (0..n).map(|i| f64::from(u8::from(i == c))).collect();
                solve(g.clone(), unit)
            })
            .collect();
        (0..n)
            .map(|i| (0..n).map(|j| cols[j][i] - 1.0 / n as f64).collect())
            .collect()
    };
    (r, dispersion, covariance)
}

impl RatingList {
    /// The covariance of the ratings of bots `i` and `j` (indices into [`fit`]'s names), in
    /// Elo²: `Var(r_i − r_j) = c(i,i) + c(j,j) − 2·c(i,j)`. NaN where either is a bound, but
    /// between two members of a group set aside as one (see [`perfect_scores`]): there it is
    /// that of their own fit, so their difference has a variance and their place has none.
    pub fn covariance(&self, i: usize, j: usize) -> f64 {
        self.covariance[i][j]
    }

    /// [`RatingList::covariance`] before the dispersion scaled it: what the games tell if
    /// each varies as a coin flip. (A dispersion estimated from a few games can be near 0,
    /// two draws between bots rated alike, and then the covariance says nothing.)
    pub fn unit_covariance(&self, i: usize, j: usize) -> f64 {
        self.unit_covariance[i][j]
    }

    /// The list placed so that `name` has rating `elo`; errors become relative to that bot.
    pub fn anchored(&self, name: &str, elo: f64) -> Result<RatingList, NoRatings> {
        let a = self
            .ratings
            .iter()
            .position(|r| r.name == name)
            .ok_or_else(|| NoRatings::UnknownAnchor(name.to_string()))?;
        let shift = elo - self.ratings[a].rating;
        let c = &self.covariance;
        let ratings = self
            .ratings
            .iter()
            .enumerate()
            .map(|(i, r)| Rating {
                name: r.name.clone(),
                rating: r.rating + shift,
                // Var(r_i − r_a); NaN where either is a bound.
                error95: match r.bound {
                    Some(_) => f64::NAN,
                    None => interval95(c[i][i] + c[a][a] - 2.0 * c[i][a]),
                },
                bound: r.bound,
            })
            .collect();
        Ok(RatingList {
            anchor: Anchor::Bot {
                name: name.to_string(),
                elo,
            },
            ratings,
            dispersion: self.dispersion,
            covariance: self.covariance.clone(),
            unit_covariance: self.unit_covariance.clone(),
        })
    }
}

/// A `--anchor` value that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnchorError {
    /// No `=` in it.
    #[error("--anchor: '{0}' is not NAME=ELO")]
    NotNameElo(String),
    /// What follows the last `=` is not a finite number.
    #[error("--anchor: '{0}' is not a number")]
    NotANumber(String),
}

/// `--anchor NAME=ELO`: bot `name` is placed at rating `elo` (read by its `FromStr`).
#[derive(Clone, Debug, PartialEq)]
pub struct AnchorSpec {
    pub name: String,
    pub elo: f64,
}

impl std::str::FromStr for AnchorSpec {
    type Err = AnchorError;

    /// `NAME=ELO`, split at the last `=` (a name may hold one); the rating a finite number.
    fn from_str(text: &str) -> Result<AnchorSpec, AnchorError> {
        let (name, elo) = text
            .rsplit_once('=')
            .ok_or_else(|| AnchorError::NotNameElo(text.to_string()))?;
        let elo: f64 = elo
            .trim()
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(|| AnchorError::NotANumber(elo.trim().to_string()))?;
        Ok(AnchorSpec {
            name: name.trim().to_string(),
            elo,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_anchor_is_a_name_and_a_finite_rating() {
        let a: AnchorSpec = "mine=1500".parse().unwrap();
        assert_eq!((a.name.as_str(), a.elo), ("mine", 1500.0));
        // Split at the last `=`; spaces around either part dropped.
        let a: AnchorSpec = " a=b = -20.5 ".parse().unwrap();
        assert_eq!((a.name.as_str(), a.elo), ("a=b", -20.5));
        for (bad, error) in [
            ("mine", AnchorError::NotNameElo("mine".into())),
            ("", AnchorError::NotNameElo("".into())),
            ("mine=x", AnchorError::NotANumber("x".into())),
            ("mine=", AnchorError::NotANumber("".into())),
            ("mine=inf", AnchorError::NotANumber("inf".into())),
            ("mine=NaN", AnchorError::NotANumber("NaN".into())),
        ] {
            assert_eq!(bad.parse::<AnchorSpec>(), Err(error), "{bad}");
        }
        assert_eq!(
            "mine=x".parse::<AnchorSpec>().unwrap_err().to_string(),
            "--anchor: 'x' is not a number"
        );
    }
}
