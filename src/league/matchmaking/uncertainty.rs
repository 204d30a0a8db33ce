//! What matchmaking knows of the active versions' strength: a rating for each and the
//! covariance of those ratings, from the same Bradley-Terry fit as `results`
//! ([`crate::stats::ratings::fit`], perfect scores placed at their bounds), and what one more
//! game pair between two of them would teach.
//!
//! - A game between ratings `r_a`, `r_b` carries `K²·E(1 − E)/φ` of information (1/Elo²) about
//!   `r_a − r_b` (`E` the expected score, `φ` the fit's dispersion, `K = ln 10 / 400`): most
//!   between equal ratings, almost none between far-apart ones.
//! - The **gain** of a game pair is the expected fall of `Var(r_a − r_b)`: with `s` that variance
//!   and `I` the pair's information, `s − 1/(1/s + I) = s²·I/(1 + s·I)`. Wide intervals, close
//!   ratings and few games between the two (which keep `s` large) all raise it.
//! - A planned pair is taken in as if played ([`Uncertainty::observe`]): the covariance shrinks
//!   along `r_a − r_b` (a rank-one update, Sherman-Morrison), so one batch spreads its pairs.
//! - When the fit has no answer (too few games, groups that never scored against each other),
//!   it is tried again with half a draw added to every pair that met (the counts doubled, one
//!   draw added, the covariance doubled back); failing that too, nothing is known. A version
//!   without a fitted rating is placed at the mean (0) with [`UNKNOWN_VARIANCE`]; a version at
//!   a bound gets the widest variance among the fitted ones (its interval is one-sided: pairing
//!   it with far weaker versions would teach nothing).

use crate::stats::ratings::{fit, NoRatings, PairGames, RatingList};

/// The variance (Elo²) of a version nothing is known of: a spread of ±800 Elo at 95%.
pub const UNKNOWN_VARIANCE: f64 = 400.0 * 400.0;

/// The least dispersion planning believes: that of games between equals drawn half the time.
/// The fit's, from a few games, can be near 0 (two draws between versions rated alike), and
/// would make their difference look known exactly: such a pair would never be drawn again
/// (in simulation a league then stalled for 200 games on two versions rated equal).
const MIN_DISPERSION: f64 = 0.5;
/// `ln 10 / 400`: d E / d r = K · E (1 − E).
const K: f64 = std::f64::consts::LN_10 / 400.0;

/// Ratings and their covariance, in the numbering of the versions given to [`Uncertainty::estimate`].
#[derive(Clone, Debug)]
pub struct Uncertainty {
    pub ratings: Vec<f64>,
    covariance: Vec<Vec<f64>>,
    dispersion: f64,
    /// When the fit has no list because the versions fall into two sides, one that never
    /// scored against the other or never met it: `split[v]` is `v`'s side.
    pub split: Option<Vec<bool>>,
}

impl Uncertainty {
    /// The estimate for `n` versions from the games between them (`pairs` numbered `0..n`).
    pub fn estimate(n: usize, pairs: &[PairGames]) -> Uncertainty {
        let mut played = vec![false; n];
        for p in pairs.iter().filter(|p| p.a_wins + p.draws + p.b_wins > 0) {
            played[p.a] = true;
            played[p.b] = true;
        }
        let fitted: Vec<usize> = (0..n).filter(|&i| played[i]).collect();
        let local = |i: usize| fitted.iter().position(|&f| f == i);
        let sub: Vec<PairGames> = pairs
            .iter()
            .filter_map(|p| {
                Some(PairGames {
                    a: local(p.a)?,
                    b: local(p.b)?,
                    ..*p
                })
            })
            .collect();
        let names: Vec<String> = fitted.iter().map(|i| i.to_string()).collect();
        let mut estimate = Uncertainty {
            ratings: vec![0.0; n],
            covariance: (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| if i == j { UNKNOWN_VARIANCE } else { 0.0 })
                        .collect()
                })
                .collect(),
            dispersion: 1.0,
            split: None,
        };
        let (list, split) = fit_or_soften(&names, &sub);
        if let Some((list, scale)) = list {
            estimate.take(&fitted, &list, scale);
        }
        estimate.split = split.map(|side| {
            let mut split = vec![false; n];
            for (k, &i) in fitted.iter().enumerate() {
                split[i] = side[k];
            }
            split
        });
        estimate
    }

    /// Copy a fitted list in (`fitted[k]` is the version of the list's `k`-th rating), its
    /// covariance times `scale`. A version at a bound gets the widest variance of the others
    /// and no covariance with them; the members of a group at a bound keep the covariance of
    /// their own fit with each other, plus that widest variance (shared: where the group
    /// stands is what is unknown, not their differences).
    fn take(&mut self, fitted: &[usize], list: &RatingList, scale: f64) {
        let bound = |k: usize| list.ratings[k].bound.is_some();
        let dispersion = list.dispersion.max(MIN_DISPERSION);
        let covariance = |k: usize, l: usize| list.unit_covariance(k, l) * dispersion * scale;
        let widest = (0..fitted.len())
            .filter(|&k| !bound(k))
            .map(|k| covariance(k, k))
            .filter(|v| v.is_finite())
            .fold(f64::NAN, f64::max);
        let bound_variance = if widest.is_nan() {
            UNKNOWN_VARIANCE
        } else {
            widest
        };
        for (k, &i) in fitted.iter().enumerate() {
            self.ratings[i] = list.ratings[k].rating;
            for (l, &j) in fitted.iter().enumerate() {
                let c = covariance(k, l);
                self.covariance[i][j] = match (bound(k) || bound(l), c.is_finite(), k == l) {
                    (false, true, _) => c,
                    (true, true, _) => c + bound_variance,
                    (_, false, true) => bound_variance,
                    (_, false, false) => 0.0,
                };
            }
        }
        self.dispersion = dispersion;
    }

    /// `Var(r_a − r_b)` in Elo².
    pub fn difference_variance(&self, a: usize, b: usize) -> f64 {
        let c = &self.covariance;
        (c[a][a] + c[b][b] - 2.0 * c[a][b]).max(0.0)
    }

    /// What one game pair between `a` and `b` tells of `r_a − r_b` (1/Elo²).
    fn pair_information(&self, a: usize, b: usize) -> f64 {
        let e = 1.0 / (1.0 + 10f64.powf(-(self.ratings[a] - self.ratings[b]) / 400.0));
        2.0 * K * K * e * (1.0 - e) / self.dispersion
    }

    /// The expected fall of `Var(r_a − r_b)` from one more game pair between `a` and `b`.
    pub fn gain(&self, a: usize, b: usize) -> f64 {
        let s = self.difference_variance(a, b);
        let i = self.pair_information(a, b);
        s * s * i / (1.0 + s * i)
    }

    /// Take in one game pair between `a` and `b` as if played: `Σ ← Σ − Σu·uᵀΣ · I/(1 + s·I)`
    /// with `u = e_a − e_b`.
    pub fn observe(&mut self, a: usize, b: usize) {
        let n = self.ratings.len();
        let s = self.difference_variance(a, b);
        let i = self.pair_information(a, b);
        let column: Vec<f64> = (0..n)
            .map(|k| self.covariance[k][a] - self.covariance[k][b])
            .collect();
        let f = i / (1.0 + s * i);
        for (k, row) in self.covariance.iter_mut().enumerate() {
            for (l, x) in row.iter_mut().enumerate() {
                *x -= column[k] * column[l] * f;
            }
        }
    }
}

/// The fit of the games, or failing that the fit with half a draw added to every pair that
/// met (returned with the factor that scales its covariance back: 2); and, when the fit fails,
/// the side of each version in the split that made it fail.
fn fit_or_soften(
    names: &[String],
    pairs: &[PairGames],
) -> (Option<(RatingList, f64)>, Option<Vec<bool>>) {
    let split = match fit(names, pairs) {
        Ok(list) => return (Some((list, 1.0)), None),
        Err(NoRatings::TooFew) => None,
        // The group named in the error (our names are the indices).
        Err(NoRatings::Unbounded(group)) => {
            let mut side = vec![false; names.len()];
            for name in group.split(", ") {
                if let Some(k) = names.iter().position(|n| n == name) {
                    side[k] = true;
                }
            }
            Some(side)
        }
        Err(_) => Some(linked_to_first(names.len(), pairs)),
    };
    let softened: Vec<PairGames> = pairs
        .iter()
        .map(|p| PairGames {
            a_wins: 2 * p.a_wins,
            draws: 2 * p.draws + 1,
            b_wins: 2 * p.b_wins,
            ..*p
        })
        .collect();
    let list = fit(names, &softened).ok().map(|list| (list, 2.0));
    (
        list,
        split.filter(|side| side.contains(&true) && side.contains(&false)),
    )
}

/// The versions linked to version 0 by some chain of games.
fn linked_to_first(n: usize, pairs: &[PairGames]) -> Vec<bool> {
    let mut linked = vec![false; n];
    if n > 0 {
        linked[0] = true;
    }
    let mut grew = true;
    while grew {
        grew = false;
        for p in pairs {
            if linked[p.a] != linked[p.b] {
                (linked[p.a], linked[p.b]) = (true, true);
                grew = true;
            }
        }
    }
    linked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: usize, b: usize, [a_wins, draws, b_wins]: [u64; 3]) -> PairGames {
        PairGames {
            a,
            b,
            a_wins,
            draws,
            b_wins,
        }
    }

    #[test]
    fn nothing_known_is_the_mean_with_the_unknown_variance() {
        let u = Uncertainty::estimate(3, &[]);
        assert_eq!(u.ratings, vec![0.0; 3]);
        assert_eq!(u.difference_variance(0, 2), 2.0 * UNKNOWN_VARIANCE);
        // Equal ratings: E = 1/2, I = 2·K²/4 per pair; s = 2·400² = 320,000.
        let (s, i) = (320_000.0, K * K / 2.0);
        assert!((u.gain(0, 1) - s * s * i / (1.0 + s * i)).abs() < 1e-6);
    }

    #[test]
    fn the_fit_is_that_of_results_and_a_version_without_games_is_unknown() {
        // 0 and 1 split 4 games; 2 has none. The fit of two bots at 2-2 is 0, 0.
        let u = Uncertainty::estimate(3, &[pair(0, 1, [2, 0, 2])]);
        assert!(u.ratings[0].abs() < 1e-9 && u.ratings[1].abs() < 1e-9);
        assert!(u.difference_variance(0, 2) >= UNKNOWN_VARIANCE);
        // Var(r0 − r1) after 4 games at E = 1/2, φ = 1: 1/(4·K²/4) = 1/K².
        assert!((u.difference_variance(0, 1) - 1.0 / (K * K)).abs() < 1e-3);
    }

    #[test]
    fn close_ratings_and_few_games_between_them_gain_more() {
        // The same variances, ratings 50 and 600 Elo apart: E(1 − E) = 0.2464 and 0.0307.
        let u = Uncertainty {
            ratings: vec![0.0, 50.0, 600.0],
            covariance: (0..3)
                .map(|i| (0..3).map(|j| if i == j { 1e4 } else { 0.0 }).collect())
                .collect(),
            dispersion: 1.0,
            split: None,
        };
        assert!(
            u.gain(0, 1) > 5.0 * u.gain(0, 2),
            "{} {}",
            u.gain(0, 1),
            u.gain(0, 2)
        );
        // Even results everywhere, but 0 and 1 met five times as often as the others.
        let pairs = [
            pair(0, 1, [5, 0, 5]),
            pair(0, 2, [1, 0, 1]),
            pair(1, 2, [1, 0, 1]),
        ];
        let u = Uncertainty::estimate(3, &pairs);
        assert!(
            u.gain(1, 2) > u.gain(0, 1),
            "{} {}",
            u.gain(1, 2),
            u.gain(0, 1)
        );
    }

    #[test]
    fn observing_a_pair_shrinks_its_difference_as_the_formula_says() {
        let pairs = [pair(0, 1, [3, 1, 2]), pair(1, 2, [2, 2, 2])];
        let mut u = Uncertainty::estimate(3, &pairs);
        let (s, gain) = (u.difference_variance(0, 1), u.gain(0, 1));
        u.observe(0, 1);
        assert!((u.difference_variance(0, 1) - (s - gain)).abs() < 1e-6 * s);
        // A fall along 0 − 1 leaves 2's own variance as it was only if uncorrelated; here
        // 2 is linked through 1, so it may fall, never rise.
        let before = Uncertainty::estimate(3, &pairs).difference_variance(1, 2);
        assert!(u.difference_variance(1, 2) <= before + 1e-9);
    }

    #[test]
    fn a_perfect_score_has_a_bound_and_the_widest_fitted_variance() {
        // 2 won all its games: a bound, placed above; 0 and 1 fitted.
        let pairs = [
            pair(0, 1, [3, 0, 3]),
            pair(0, 2, [0, 0, 4]),
            pair(1, 2, [0, 0, 4]),
        ];
        let u = Uncertainty::estimate(3, &pairs);
        assert!(u.ratings[2] > u.ratings[0]);
        let widest = u.covariance[0][0].max(u.covariance[1][1]);
        assert_eq!(u.covariance[2][2], widest);
        assert_eq!(u.covariance[2][0], 0.0);
    }

    #[test]
    fn a_group_at_a_bound_keeps_its_own_differences_and_shares_an_unknown_place() {
        // 0 and 1 split their games and never scored against 2 and 3 (who split theirs): the
        // fit sets {0, 1} aside as one, at a ceiling, and there is a list.
        let pairs = [
            pair(0, 1, [1, 0, 1]),
            pair(2, 3, [1, 0, 1]),
            pair(1, 2, [0, 0, 2]),
            pair(0, 3, [0, 0, 2]),
        ];
        let u = Uncertainty::estimate(4, &pairs);
        assert_eq!(u.split, None);
        assert!(u.ratings[2] > u.ratings[1] && u.ratings[3] > u.ratings[0]);
        // 0 − 1 is known as well as their two games alone tell it.
        let alone = fit(&["0", "1"].map(String::from), &[pair(0, 1, [1, 0, 1])]).unwrap();
        let own = alone.covariance(0, 0) + alone.covariance(1, 1) - 2.0 * alone.covariance(0, 1);
        assert!((u.difference_variance(0, 1) - own).abs() < 1e-6 * own);
        // Across the bound, the widest variance of the others is added: wider than inside.
        let widest = u.covariance[2][2].max(u.covariance[3][3]);
        assert!(u.difference_variance(1, 2) > widest);
    }

    #[test]
    fn without_a_list_the_fit_is_softened_and_the_split_named() {
        // A chain: 0 beat 1 and 2, 1 beat 2. With 0 set aside, 1 has every point left, then 2
        // is alone: no list. Softened, the order still shows.
        let pairs = [
            pair(0, 1, [2, 0, 0]),
            pair(0, 2, [2, 0, 0]),
            pair(1, 2, [2, 0, 0]),
        ];
        let names = ["0", "1", "2"].map(String::from);
        assert!(fit(&names, &pairs).is_err());
        let u = Uncertainty::estimate(3, &pairs);
        assert!(u.ratings[0] > u.ratings[1] && u.ratings[1] > u.ratings[2]);
        assert!(u.difference_variance(0, 1) < 2.0 * UNKNOWN_VARIANCE);
        let split = u.split.expect("a split");
        assert!(split.contains(&true) && split.contains(&false), "{split:?}");
        // Two groups that never met: split by who is linked to 0.
        let apart = Uncertainty::estimate(4, &[pair(0, 1, [1, 0, 1]), pair(2, 3, [1, 1, 0])]);
        assert_eq!(apart.split, Some(vec![true, true, false, false]));
        // A fit with a list has no split.
        assert_eq!(
            Uncertainty::estimate(2, &[pair(0, 1, [1, 0, 1])]).split,
            None
        );
    }
}
