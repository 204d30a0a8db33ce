//! How long a bot thought: the median, the 99th percentile and the longest of its moves' think
//! times, as the record has them (`times_ms`), for the report's per-bot sections.

use super::GameView;

/// A bot's think times over the moves it made itself (a forced pass the referee played for it
/// takes no thought and is left out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkTimes {
    pub moves: usize,
    pub median_ms: u64,
    pub p99_ms: u64,
    pub max_ms: u64,
}

/// The nearest-rank percentile `p` (0 < p ≤ 1) of sorted values: the value at rank ⌈p·n⌉, so
/// the median of 4 values is the 2nd, and p99 of 100 values the 99th.
fn nearest_rank(sorted: &[u64], p: f64) -> u64 {
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The figures of some think times; `None` without any.
pub fn of_times(mut ms: Vec<u64>) -> Option<ThinkTimes> {
    if ms.is_empty() {
        return None;
    }
    ms.sort_unstable();
    Some(ThinkTimes {
        moves: ms.len(),
        median_ms: nearest_rank(&ms, 0.5),
        p99_ms: nearest_rank(&ms, 0.99),
        max_ms: *ms.last().expect("not empty"),
    })
}

/// The think times of every move bot `name` made in `games` (as player 1 or 2).
pub fn bot_times(games: &[GameView], name: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for g in games {
        for (i, who) in g.movers.bytes().enumerate() {
            let me = if who == b'1' { &g.white } else { &g.black };
            let forced_pass = g.moves[i] == "pass" && g.times_ms.get(i) == Some(&0);
            if me == name && !forced_pass {
                out.extend(g.times_ms.get(i));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let t = of_times(vec![40, 10, 30, 20]).unwrap();
        assert_eq!((t.moves, t.median_ms, t.p99_ms, t.max_ms), (4, 20, 40, 40));
        // 1..=200: the median is the 100th value, p99 the 198th.
        let t = of_times((1..=200).collect()).unwrap();
        assert_eq!((t.median_ms, t.p99_ms, t.max_ms), (100, 198, 200));
        assert_eq!(of_times(vec![7]).unwrap().p99_ms, 7);
        assert_eq!(of_times(Vec::new()), None);
    }
}
