//! What `check-bot` prints: one line per check, the bot's response latency, and a verdict in
//! words (text), or the same as one JSON object.

use super::{Check, CheckStatus};
use std::fmt::Write as _;

/// The bot's think times over every turn it was asked to move, in ms: its moves, and the turns
/// it lost by a fault (until its wrong answer, or until the referee stopped waiting).
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Latency {
    pub moves: usize,
    pub median_ms: u64,
    pub p99_ms: u64,
    pub max_ms: u64,
}

impl Latency {
    /// Nearest-rank percentiles of `times` (`None` when empty).
    pub fn of(times: &[u64]) -> Option<Latency> {
        let mut t = times.to_vec();
        t.sort_unstable();
        let rank = |q: f64| t[((q * t.len() as f64).ceil() as usize).clamp(1, t.len()) - 1];
        (!t.is_empty()).then(|| Latency {
            moves: t.len(),
            median_ms: rank(0.5),
            p99_ms: rank(0.99),
            max_ms: t[t.len() - 1],
        })
    }
}

/// Everything `check-bot` found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// Version of this JSON form.
    pub schema: u32,
    pub passed: bool,
    pub checks: Vec<Check>,
    pub latency: Option<Latency>,
    pub verdict: String,
}

impl Report {
    pub fn new(checks: Vec<Check>, think_ms: &[u64]) -> Report {
        let failed: Vec<&Check> = checks.iter().filter(|c| c.is_failed()).collect();
        let verdict = match failed.first() {
            None => format!(
                "the bot follows the protocol: it is ready for `baraza match` and \
                 `baraza tournament`{}",
                declined(&checks)
            ),
            Some(first) => format!(
                "{} of {} checks failed{}; fix the first one first: {}: {}",
                failed.len(),
                checks.len(),
                skipped(&checks),
                first.name,
                first.detail
            ),
        };
        Report {
            schema: 1,
            passed: failed.is_empty(),
            latency: Latency::of(think_ms),
            checks,
            verdict,
        }
    }

    /// The text form: `ok    NAME (DETAIL)`, `FAIL  NAME: DETAIL` or `skip  NAME: DETAIL` per
    /// check, then latency and verdict.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for c in &self.checks {
            let _ = match c.status {
                CheckStatus::Ok => writeln!(out, "ok    {} ({})", c.name, c.detail),
                CheckStatus::Fail => writeln!(out, "FAIL  {}: {}", c.name, c.detail),
                CheckStatus::Skip => writeln!(out, "skip  {}: {}", c.name, c.detail),
            };
        }
        if let Some(l) = &self.latency {
            let moves = if l.moves == 1 { "move" } else { "moves" };
            let _ = writeln!(
                out,
                "latency: median {} ms, p99 {} ms, max {} ms over {} {moves}",
                l.median_ms, l.p99_ms, l.max_ms, l.moves
            );
        }
        let _ = writeln!(out, "verdict: {}", self.verdict);
        out
    }
}

/// ` (N skipped because of them)`, or nothing when no check was skipped for a failure.
fn skipped(checks: &[Check]) -> String {
    let n = checks
        .iter()
        .filter(|c| c.is_skipped_for_a_failure())
        .count();
    match n {
        0 => String::new(),
        n => format!(" ({n} skipped because of them)"),
    }
}

/// ` (it does not play bao)` for the rulesets the bot declined, or nothing.
fn declined(checks: &[Check]) -> String {
    let ids: Vec<&str> = checks.iter().filter_map(Check::declined_ruleset).collect();
    if ids.is_empty() {
        String::new()
    } else {
        format!(" (it does not play {})", ids.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::Latency;

    #[test]
    fn nearest_rank_percentiles() {
        // 1..=100: the median is the 50th value, p99 the 99th.
        let t: Vec<u64> = (1..=100).rev().collect();
        let l = Latency::of(&t).unwrap();
        assert_eq!(
            (l.median_ms, l.p99_ms, l.max_ms, l.moves),
            (50, 99, 100, 100)
        );
        let l = Latency::of(&[7]).unwrap();
        assert_eq!((l.median_ms, l.p99_ms, l.max_ms), (7, 7, 7));
        assert!(Latency::of(&[]).is_none());
    }
}
