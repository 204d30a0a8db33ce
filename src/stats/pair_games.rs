//! The games between two bots, the input of the rating fit, and the logistic curve it uses.

/// The games between two bots `a < b`: `a`'s wins, draws, `b`'s wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairGames {
    pub a: usize,
    pub b: usize,
    pub a_wins: u64,
    pub draws: u64,
    pub b_wins: u64,
}

impl PairGames {
    pub(super) fn games(&self) -> f64 {
        (self.a_wins + self.draws + self.b_wins) as f64
    }

    pub(super) fn a_points(&self) -> f64 {
        self.a_wins as f64 + self.draws as f64 / 2.0
    }
}

/// Bot `i`'s expected score per game against bot `j` (logistic, 400 points a factor of 10).
pub(super) fn expected(ri: f64, rj: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-(ri - rj) / 400.0))
}
