//! Where a new version's results so far leave it on the rating scale, for its next placement
//! opponent: a bisection that tolerates noise (probabilistic bisection).
//!
//! Its rating `x` starts uniform over the ladder's span widened by [`MARGIN`] each side; each
//! game against an opponent of rating `r` weighs `x` by the Bradley-Terry odds of that result
//! (`E = 1/(1 + 10^((r − x)/400))` for a win, `1 − E` for a loss, `√(E(1 − E))` for a draw).
//! The next opponent is rated near the middle (the median) of what is left. A split game pair
//! (1-1, the side moving first winning each) is read for what it says, "close to this
//! opponent", where a bisection on pair scores would throw it away or take a side.

/// How far beyond the highest and lowest rated opponent a new version may stand, in Elo: at 400
/// Elo a version scores 91%, so one out there wins (or loses) almost every game.
pub const MARGIN: f64 = 400.0;
/// The grid step of the rating scale, in Elo: far finer than any rating interval.
const STEP: f64 = 5.0;

/// A new version's games against one opponent: its wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Results {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Results {
    /// Count more games.
    pub fn add(&mut self, wins: u64, draws: u64, losses: u64) {
        self.wins += wins;
        self.draws += draws;
        self.losses += losses;
    }
}

/// What the games say of a new version's rating: the median and the central 80%.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Position {
    pub median: f64,
    pub low: f64,
    pub high: f64,
}

/// The position of a version with `games` (each an opponent's rating and the results against
/// it), on the span `[lo − MARGIN, hi + MARGIN]` (`lo`, `hi`: the lowest and highest rating of
/// the possible opponents).
pub fn position(games: &[(f64, Results)], lo: f64, hi: f64) -> Position {
    let (from, to) = (lo - MARGIN, hi + MARGIN);
    let points = ((to - from) / STEP).ceil() as usize + 1;
    let grid: Vec<f64> = (0..points).map(|k| from + k as f64 * STEP).collect();
    let log_weights: Vec<f64> = grid.iter().map(|&x| log_likelihood(x, games)).collect();
    // Scaled by the largest before exp: a long record's likelihoods underflow otherwise.
    let top = log_weights
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = log_weights.iter().map(|w| (w - top).exp()).collect();
    let total: f64 = weights.iter().sum();
    let quantile = |q: f64| {
        let mut sum = 0.0;
        for (x, w) in grid.iter().zip(&weights) {
            sum += w;
            if sum >= q * total {
                return *x;
            }
        }
        to
    };
    Position {
        median: quantile(0.5),
        low: quantile(0.1),
        high: quantile(0.9),
    }
}

/// `ln P(games | rating x)`.
fn log_likelihood(x: f64, games: &[(f64, Results)]) -> f64 {
    games
        .iter()
        .map(|&(r, g)| {
            let e = 1.0 / (1.0 + 10f64.powf((r - x) / 400.0));
            let (win, loss) = (e.ln(), (1.0 - e).ln());
            g.wins as f64 * win + g.losses as f64 * loss + g.draws as f64 * 0.5 * (win + loss)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(wins: u64, draws: u64, losses: u64) -> Results {
        Results {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn without_games_the_middle_of_the_span_and_its_central_80_percent() {
        // Span [0 − 400, 1000 + 400] = 1800 Elo: median at 500, 10% and 90% at ±720.
        let p = position(&[], 0.0, 1000.0);
        assert!((p.median - 500.0).abs() <= STEP, "{p:?}");
        assert!((p.low - (-220.0)).abs() <= STEP, "{p:?}");
        assert!((p.high - 1220.0).abs() <= STEP, "{p:?}");
    }

    #[test]
    fn an_even_score_centres_on_the_opponent_and_narrows_as_games_add_up() {
        // 1-1 and 5 draws against a version rated 300: symmetric about 300.
        for g in [results(1, 0, 1), results(0, 5, 0), results(4, 2, 4)] {
            let p = position(&[(300.0, g)], 0.0, 600.0);
            assert!((p.median - 300.0).abs() <= STEP, "{g:?}: {p:?}");
            assert!(
                ((p.high - 300.0) - (300.0 - p.low)).abs() <= STEP,
                "{g:?}: {p:?}"
            );
        }
        let wide = position(&[(300.0, results(1, 0, 1))], 0.0, 600.0);
        let narrow = position(&[(300.0, results(10, 0, 10))], 0.0, 600.0);
        assert!(narrow.high - narrow.low < 0.5 * (wide.high - wide.low));
    }

    #[test]
    fn wins_push_it_up_losses_down_and_a_bracket_holds_it_between() {
        let mid = position(&[], 0.0, 1000.0).median;
        let up = position(&[(500.0, results(2, 0, 0))], 0.0, 1000.0);
        let down = position(&[(500.0, results(0, 0, 2))], 0.0, 1000.0);
        assert!(up.median > mid + 100.0 && down.median < mid - 100.0);
        // Two wins over 200 and two losses to 600: between them, and the same distance from
        // each (the likelihood is symmetric about 400).
        let between = position(
            &[(200.0, results(2, 0, 0)), (600.0, results(0, 0, 2))],
            0.0,
            1000.0,
        );
        assert!((between.median - 400.0).abs() <= STEP, "{between:?}");
        assert!(between.low > 0.0 && between.high < 800.0, "{between:?}");
    }

    #[test]
    fn a_long_record_does_not_underflow() {
        // 400 wins and 400 losses against 500: the likelihood is e^-555 at best. Its spread:
        // 800 games of K²/4 each (K = ln 10 / 400) give a deviation of 12.3 Elo, so the
        // central 80% is ±1.28 × 12.3 = ±16 Elo.
        let p = position(&[(500.0, results(400, 0, 400))], 0.0, 1000.0);
        assert!((p.median - 500.0).abs() <= STEP, "{p:?}");
        let width = p.high - p.low;
        assert!((20.0..=45.0).contains(&width), "{p:?}");
    }
}
