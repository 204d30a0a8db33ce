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
//!
//! A **group** can be perfect too, where no bot is: two that drew each other and never lost to
//! anyone else (the top of a ladder, often, in a league's first games). Ordo has no answer
//! then, and neither had this fit: no list at all. When no single bot is perfect, a group that
//! scored every point against the rest (or none) is set aside as one: the bots among which
//! every one scored against every other along some chain (a strongly connected part of the
//! "scored against" graph, so its own ratings exist). It is fitted on its own games, then
//! shifted as a block to where its perfect record against the rest has even odds; each of
//! its bots gets that bound. For a group of one this is the rule above.

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

/// The bots set aside, in order (a bot, or a group set aside as one), each with the bots still
/// there (itself included) when it was.
pub struct SetAside {
    pub order: Vec<(Vec<usize>, Bound)>,
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
/// none against the bots still there; when there is none, a group that has (see the module's
/// comment).
pub fn set_aside(n: usize, pairs: &[PairGames]) -> SetAside {
    let mut kept = vec![true; n];
    let (mut order, mut stage) = (Vec::new(), Vec::new());
    loop {
        let perfect = (0..n).filter(|&i| kept[i]).find_map(|i| {
            let (points, games) = record(i, pairs, &kept);
            match () {
                _ if games == 0.0 => None,
                _ if points == games => Some((vec![i], Bound::Floor)),
                _ if points == 0.0 => Some((vec![i], Bound::Ceiling)),
                _ => None,
            }
        });
        let Some((members, bound)) = perfect.or_else(|| perfect_group(n, pairs, &kept)) else {
            break;
        };
        stage.push(kept.clone());
        for &i in &members {
            kept[i] = false;
        }
        order.push((members, bound));
    }
    SetAside { order, kept, stage }
}

/// Among the bots marked in `among`, the group (of two or more) containing the lowest-numbered
/// bot that scored every point against the others it met (a floor) or none (a ceiling), if the
/// bots do not all reach each other along "scored against" edges.
fn perfect_group(n: usize, pairs: &[PairGames], among: &[bool]) -> Option<(Vec<usize>, Bound)> {
    // scored[a]: the bots a scored against; conceded[b]: those that scored against b;
    // met[a]: those a played.
    let (mut scored, mut conceded) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    let mut met = vec![Vec::new(); n];
    for p in pairs
        .iter()
        .filter(|p| among[p.a] && among[p.b] && p.games() > 0.0)
    {
        met[p.a].push(p.b);
        met[p.b].push(p.a);
        for (x, y, points) in [
            (p.a, p.b, p.a_wins + p.draws),
            (p.b, p.a, p.b_wins + p.draws),
        ] {
            if points > 0 {
                scored[x].push(y);
                conceded[y].push(x);
            }
        }
    }
    let mut seen = vec![false; n];
    for i in (0..n).filter(|&i| among[i] && !met[i].is_empty()) {
        if seen[i] {
            continue;
        }
        let (forward, backward) = (reach(i, &scored), reach(i, &conceded));
        let group: Vec<usize> = (0..n).filter(|&j| forward[j] && backward[j]).collect();
        for &j in &group {
            seen[j] = true;
        }
        let outside = |j: &usize| !group.contains(j);
        let plays_out = group.iter().any(|&g| met[g].iter().any(outside));
        if group.len() < 2 || !plays_out {
            continue;
        }
        // Nobody outside scored against it: a floor; it scored against nobody outside: a
        // ceiling.
        if group.iter().all(|&g| !conceded[g].iter().any(outside)) {
            return Some((group, Bound::Floor));
        }
        if group.iter().all(|&g| !scored[g].iter().any(outside)) {
            return Some((group, Bound::Ceiling));
        }
    }
    None
}

/// The bots reached from `from` along `edges` (itself included).
pub fn reach(from: usize, edges: &[Vec<usize>]) -> Vec<bool> {
    let mut seen = vec![false; edges.len()];
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(v) = stack.pop() {
        for &w in &edges[v] {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    seen
}

impl SetAside {
    /// Place the bots set aside, last first, given the fitted ratings of the kept ones (`r`,
    /// indexed like the bots; the set-aside entries are overwritten), each against the
    /// opponents still there when it was set aside. A group's own ratings come from
    /// `fit_group` (its games renumbered `0..len`, its members; mean-0 ratings), then the
    /// whole group is shifted to its bound.
    pub fn place(
        &self,
        r: &mut [f64],
        pairs: &[PairGames],
        mut fit_group: impl FnMut(&[PairGames], &[usize]) -> Vec<f64>,
    ) {
        for ((members, bound), among) in self.order.iter().zip(&self.stage).rev() {
            let inside = |i: usize| members.iter().position(|&m| m == i);
            let own_games: Vec<PairGames> = pairs
                .iter()
                .filter_map(|p| {
                    Some(PairGames {
                        a: inside(p.a)?,
                        b: inside(p.b)?,
                        ..*p
                    })
                })
                .collect();
            let own = if members.len() == 1 {
                vec![0.0]
            } else {
                fit_group(&own_games, members)
            };
            // Each game against a bot outside the group, as an opponent rated relative to
            // the member that played it: the shift then solves the one-bot equation.
            let opponents: Vec<(f64, f64)> = pairs
                .iter()
                .filter(|p| among[p.a] && among[p.b])
                .filter_map(|p| match (inside(p.a), inside(p.b)) {
                    (Some(k), None) => Some((r[p.b] - own[k], p.games())),
                    (None, Some(k)) => Some((r[p.a] - own[k], p.games())),
                    _ => None,
                })
                .collect();
            let shift = even_odds(&opponents, *bound);
            for (k, &i) in members.iter().enumerate() {
                r[i] = own[k] + shift;
            }
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
        assert_eq!(
            s.order,
            vec![(vec![3], Bound::Floor), (vec![2], Bound::Floor)]
        );
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
