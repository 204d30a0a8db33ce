//! Bots that won every game they played, or lost every one, as Ordo treats them: their
//! maximum-likelihood rating is infinite, so they are set aside, the others are fitted without
//! them, and each is then placed back at a **bound**: for a bot that won every game, the
//! rating at which winning all of them is as likely as not, `Π E(x − r_j)^n_j = 1/2` over its
//! opponents' ratings `r_j` (a floor: it is at least that strong, by that evidence); for one
//! that lost every game, the same with its losses (a ceiling). So one unbeaten bot no longer
//! blanks the whole list, and ten straight wins place a bot higher than three do.
//!
//! This is what Ordo's program computes (its `calc_ind_rating_superplayer`; the manual's
//! wording, "as if one game were a draw", differs). Ordo's win probability also carries a draw
//! model; baraza's fit has none (a draw is half a win), so the bounds equal `ordo -d 0`'s.
//!
//! Setting a bot aside can leave another one perfect among the rest (it lost only to the
//! unbeaten bot): that one is set aside next, and placed back first, against the bots still
//! there when it was set aside.

use super::pair_games::{expected, PairGames};
use serde::Serialize;

/// Which side of a bot's rating is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// It won every game: its rating is at least this.
    Floor,
    /// It lost every game: its rating is at most this.
    Ceiling,
}

/// The bots set aside, in order, each with the bots still there (itself included) when it was.
pub struct SetAside {
    pub order: Vec<(usize, Bound)>,
    /// `kept[i]` after the last bot was set aside: the bots to fit.
    pub kept: Vec<bool>,
    /// For each entry of `order`: who was still there when it was set aside.
    stage: Vec<Vec<bool>>,
}

/// A bot's points and games against the bots marked in `among`.
fn record(i: usize, pairs: &[PairGames], among: &[bool]) -> (f64, f64) {
    let (mut points, mut games) = (0.0, 0.0);
    for p in pairs.iter().filter(|p| among[p.a] && among[p.b]) {
        if p.a == i {
            points += p.a_points();
        } else if p.b == i {
            points += p.games() - p.a_points();
        } else {
            continue;
        }
        games += p.games();
    }
    (points, games)
}

/// Set aside, one at a time (the lowest index first), every bot that has all the points or
/// none against the bots still there.
pub fn set_aside(n: usize, pairs: &[PairGames]) -> SetAside {
    let mut kept = vec![true; n];
    let (mut order, mut stage) = (Vec::new(), Vec::new());
    loop {
        let perfect = (0..n).filter(|&i| kept[i]).find_map(|i| {
            let (points, games) = record(i, pairs, &kept);
            match () {
                _ if games == 0.0 => None,
                _ if points == games => Some((i, Bound::Floor)),
                _ if points == 0.0 => Some((i, Bound::Ceiling)),
                _ => None,
            }
        });
        let Some((i, bound)) = perfect else {
            break;
        };
        stage.push(kept.clone());
        kept[i] = false;
        order.push((i, bound));
    }
    SetAside { order, kept, stage }
}

impl SetAside {
    /// Place the bots set aside, last first, given the fitted ratings of the kept ones (`r`,
    /// indexed like the bots; the set-aside entries are overwritten), each against the
    /// opponents still there when it was set aside.
    pub fn place(&self, r: &mut [f64], pairs: &[PairGames]) {
        for ((i, bound), among) in self.order.iter().zip(&self.stage).rev() {
            let i = *i;
            let opponents: Vec<(f64, f64)> = pairs
                .iter()
                .filter(|p| among[p.a] && among[p.b] && (p.a == i || p.b == i))
                .map(|p| {
                    let j = if p.a == i { p.b } else { p.a };
                    (r[j], p.games())
                })
                .collect();
            r[i] = even_odds(&opponents, *bound);
        }
    }
}

/// The rating `x` at which a perfect score (all wins for a floor, all losses for a ceiling)
/// against `opponents` (rating, games) has probability 1/2, by bisection: the log of that
/// probability, `Σ games · ln E`, rises with `x` for wins and falls for losses.
fn even_odds(opponents: &[(f64, f64)], bound: Bound) -> f64 {
    let lowest = opponents.iter().map(|o| o.0).fold(f64::INFINITY, f64::min);
    let highest = opponents
        .iter()
        .map(|o| o.0)
        .fold(f64::NEG_INFINITY, f64::max);
    // ln P(perfect score at x) − ln(1/2): increasing in x for a floor.
    let excess = |x: f64| -> f64 {
        let ln_p: f64 = opponents
            .iter()
            .map(|&(r, g)| {
                let e = expected(x, r);
                g * if bound == Bound::Floor { e } else { 1.0 - e }.ln()
            })
            .sum();
        let rising = if bound == Bound::Floor { 1.0 } else { -1.0 };
        rising * (ln_p - 0.5f64.ln())
    };
    // Even odds of a few thousand straight wins lie within 6,000 Elo of the opponents.
    let (mut lo, mut hi) = (lowest - 6000.0, highest + 6000.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if excess(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
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
    fn a_perfect_winner_and_the_bot_it_alone_beat_are_set_aside_in_turn() {
        // d beat everyone; c lost only to d and beat a and b once each, drew none: after d
        // goes, c has every point left among a, b, c.
        let pairs = [
            pair(0, 1, [2, 1, 1]),
            pair(0, 2, [0, 0, 2]),
            pair(1, 2, [0, 0, 2]),
            pair(0, 3, [0, 0, 2]),
            pair(1, 3, [0, 0, 2]),
            pair(2, 3, [0, 0, 2]),
        ];
        let s = set_aside(4, &pairs);
        assert_eq!(s.order, vec![(3, Bound::Floor), (2, Bound::Floor)]);
        assert_eq!(s.kept, vec![true, true, false, false]);
    }

    #[test]
    fn a_bound_is_where_the_perfect_score_has_even_odds() {
        // One opponent at 0, 10 games won: E^10 = 1/2, E = 2^(−1/10) = 0.933033,
        // x = 400·log10(E/(1 − E)) = 400·log10(13.9327) = 457.62.
        let e = 0.5f64.powf(0.1);
        let x = even_odds(&[(0.0, 10.0)], Bound::Floor);
        assert!((x - 400.0 * (e / (1.0 - e)).log10()).abs() < 1e-6, "{x}");
        assert!((x - 457.62).abs() < 0.01, "{x}");
        // 4 games lost to a bot at 100: (1 − E)^4 = 1/2, E = 1 − 2^(−1/4) = 0.159104,
        // x = 100 + 400·log10(0.159104/0.840896) = 100 − 289.23.
        let x = even_odds(&[(100.0, 4.0)], Bound::Ceiling);
        assert!((x - (100.0 - 289.23)).abs() < 0.01, "{x}");
    }
}
