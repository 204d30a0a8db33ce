//! How long to think, from the `go` fields, and the limits a search runs under.
//!
//! A search has a soft limit (do not start another iteration past it) and a hard limit (stop
//! at once). With a fixed movetime both are a share of it; with a game clock a reserve is kept
//! back, a move's target is an even share of the rest plus a quarter of the increment less the
//! lag (what moves cost beyond the search), the soft limit half of that and the hard limit twice
//! that, never more than a sixth of the rest; at or below the reserve a move is a quick shallow
//! answer, so the clock climbs back however long the game lasts.

use super::clock_watch::ClockWatch;
use crate::builtin::Clocks;
use crate::game::Player;
use std::time::{Duration, Instant};

/// Moves the clock is shared over when the game's length is unknown.
const MOVES_TO_GO: u64 = 30;
/// The reserve: the share of the game's first clock never planned for, at most
/// [`RESERVE_MAX_MS`].
const RESERVE_SHARE: f64 = 0.6;
const RESERVE_MAX_MS: f64 = 1000.0;
/// Depth of the quick answer given when the clock is at or below the reserve.
pub const LOW_CLOCK_DEPTH: u32 = 2;

/// The limits of one search. `None` means no limit of that kind.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    pub start: Instant,
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl SearchLimits {
    pub fn unlimited() -> SearchLimits {
        SearchLimits {
            start: Instant::now(),
            soft: None,
            hard: None,
            nodes: None,
            depth: None,
        }
    }

    /// Time limits from the clocks of `me`, given what this game's clock has shown so far.
    pub fn from_clocks(clocks: &Clocks, me: Player, seen: &ClockWatch) -> SearchLimits {
        let b = budget(clocks, me, seen.base_ms(), seen.lag_ms());
        SearchLimits {
            soft: Some(b.soft),
            hard: Some(b.hard),
            depth: b.low.then_some(LOW_CLOCK_DEPTH),
            ..SearchLimits::unlimited()
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn past_hard(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    pub fn past_soft(&self) -> bool {
        self.soft.is_some_and(|s| self.elapsed() >= s)
    }

    /// Past the time a search that can stop anywhere (MCTS) should stop at: twice the soft
    /// limit (the move's target), at most the hard one.
    pub fn past_target(&self) -> bool {
        match (self.soft, self.hard) {
            (Some(s), Some(h)) => self.elapsed() >= (2 * s).min(h),
            (Some(s), None) => self.elapsed() >= 2 * s,
            (None, Some(h)) => self.elapsed() >= h,
            (None, None) => false,
        }
    }
}

/// The hard limit for a fixed movetime `m`. Up to 100 ms, `m * m / (2m + 40)`: 42 ms of 100 but
/// a smaller share of small ones (1.7 ms of 10): on a busy machine a process that computes for
/// more than a scheduler slice waits tens of ms for its next one, so at small movetimes the
/// less CPU a move takes, the safer. Above, what is kept back (58 ms at 100) grows with the
/// square root of the movetime, and is never under a quarter of it up to a second, the longest
/// stall seen on a busy machine: 71% of 400 ms, 75% of 1 s and 2 s, 90% of 10 s.
fn movetime_cap(m: u64) -> f64 {
    let m = m as f64;
    if m <= 100.0 {
        return m * m / (2.0 * m + 40.0);
    }
    let kept_at_100 = 100.0 - 100.0 * 100.0 / 240.0;
    m - (kept_at_100 * (m / 100.0).sqrt()).max((m / 4.0).min(1000.0))
}

/// One move's thinking time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration after this.
    pub soft: Duration,
    /// Stop at once.
    pub hard: Duration,
    /// The clock is at or below the reserve: answer from a shallow search.
    pub low: bool,
}

/// The budget of `me`'s move. `base_ms` is the clock at the game's first move (the current
/// clock if unknown), `lag_ms` the time each move is charged beyond the bot's own measure.
pub fn budget(clocks: &Clocks, me: Player, base_ms: Option<u64>, lag_ms: f64) -> Budget {
    let (time, inc) = clocks.of(me);
    let ms = |x: f64| Duration::from_micros((x.max(0.0) * 1000.0) as u64);
    let cap = clocks.movetime.map(movetime_cap);
    // Without a game clock the p*time fields carry the movetime: then the whole cap is this
    // move's, and an iteration cut short at the hard limit still gives its best move so far.
    if let Some(cap) = cap.filter(|_| clocks.movetime == Some(time) || time == 0) {
        return Budget {
            soft: ms(cap),
            hard: ms(cap),
            low: false,
        };
    }
    let base = base_ms.unwrap_or(time) as f64;
    let (time, inc) = (time as f64, inc as f64);
    // Kept back, whatever happens: a busy machine can stop a process for hundreds of ms, in
    // the middle of a search as well as between the moves, and each move costs a few ms of
    // pipe and scheduling on top of it. A share of the base time (a second at most), not of
    // the clock, so it does not shrink as the clock does. Below it a move gets a quick
    // shallow answer and at most a quarter of the increment, and the clock climbs back.
    let reserve = (base * RESERVE_SHARE).min(RESERVE_MAX_MS);
    let usable = time - reserve;
    // The move's target: an even share of the clock plus a quarter of the increment, less
    // what each move costs beyond the search. With the lag paid for, the clock settles at
    // reserve + 30 * (3/4 of the increment), well above the reserve however long the game.
    // An iteration takes a few times the one before it, so none starts past half the target
    // (soft), and the hard limit is twice the target, never more than a sixth of the usable
    // clock.
    let target = usable / MOVES_TO_GO as f64 + inc * 0.25 - lag_ms;
    let low = usable <= 0.0 || target <= 0.0;
    let (mut soft, mut hard) = if low {
        let h = (inc * 0.25 - lag_ms).max(0.0);
        (h, h)
    } else {
        (target * 0.5, (target * 2.0).min(usable / 6.0 + inc * 0.25))
    };
    if let Some(cap) = cap {
        soft = soft.min(cap);
        hard = hard.min(cap);
    }
    Budget {
        soft: ms(soft.min(hard)),
        hard: ms(hard),
        low,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clocks(p1time: u64, p1inc: u64, movetime: Option<u64>) -> Clocks {
        Clocks {
            p1time,
            p2time: 1,
            p1inc,
            p2inc: 0,
            movetime,
            nodes: None,
            depth: None,
        }
    }

    fn limits(b: Budget) -> (Duration, Duration, bool) {
        (b.soft, b.hard, b.low)
    }

    #[test]
    fn movetime_alone_uses_less_than_half() {
        // 100 * 100 / 240 = 41.666 ms, soft and hard alike.
        let b = budget(&clocks(100, 0, Some(100)), Player::One, None, 0.0);
        assert_eq!(
            limits(b),
            (
                Duration::from_micros(41_666),
                Duration::from_micros(41_666),
                false
            )
        );
        // 10 * 10 / 60 = 1.666 ms.
        let b = budget(&clocks(10, 0, Some(10)), Player::One, None, 0.0);
        assert_eq!(b.hard, Duration::from_micros(1_666));
    }

    #[test]
    fn a_long_movetime_is_mostly_used() {
        // At 100 ms 58.333 are kept back; at 400, twice that (sqrt 4): 400 - 116.667 = 283.333.
        let b = budget(&clocks(400, 0, Some(400)), Player::One, None, 0.0);
        assert_eq!(b.hard, Duration::from_micros(283_333));
        assert_eq!(b.soft, b.hard);
        // 2 s: a quarter (500 ms) is more than 58.333 * sqrt 20 = 260.9.
        let b = budget(&clocks(2000, 0, Some(2000)), Player::One, None, 0.0);
        assert_eq!(b.hard, Duration::from_millis(1500));
        // 10 s: a second, the most kept back (58.333 * 10 = 583 is less).
        let b = budget(&clocks(10_000, 0, Some(10_000)), Player::One, None, 0.0);
        assert_eq!(b.hard, Duration::from_millis(9000));
        // No jump at 100 ms (101 - 58.333 * sqrt(1.01) = 42.376), and more time never means a
        // shorter search.
        let hard = |m: u64| budget(&clocks(m, 0, Some(m)), Player::One, None, 0.0).hard;
        assert_eq!(hard(101) - hard(100), Duration::from_micros(709));
        assert!((1..12_000).all(|m| hard(m) <= hard(m + 1)));
    }

    #[test]
    fn a_game_clock_is_shared_and_never_spent_in_one_move() {
        let ms = Duration::from_millis;
        // 10 s + 0.1 s: reserve 1 s (0.6 * 10 s, at most 1 s), 9 s / 30 + 25 ms = 325 ms
        // target; soft half, hard twice.
        let b = budget(&clocks(10_000, 100, None), Player::One, None, 0.0);
        assert_eq!(limits(b), (Duration::from_micros(162_500), ms(650), false));
        // 1 s + 10 ms: reserve 600 ms. With 900 ms left: 300 / 30 + 2.5 = 12.5 ms target,
        // soft 6.25, hard 25 (a sixth of 300 + 2.5 = 52.5 would allow more).
        let b = budget(&clocks(900, 10, None), Player::One, Some(1000), 0.0);
        assert_eq!(limits(b), (Duration::from_micros(6_250), ms(25), false));
        // The same with a lag of 4.5 ms a move: target 8 ms, soft 4, hard 16.
        let b = budget(&clocks(900, 10, None), Player::One, Some(1000), 4.5);
        assert_eq!(limits(b), (ms(4), ms(16), false));
        // 630 ms left: 30 / 30 + 2.5 = 3.5 ms target; hard 7, soft 1.75.
        let b = budget(&clocks(630, 10, None), Player::One, Some(1000), 0.0);
        assert_eq!(limits(b), (Duration::from_micros(1_750), ms(7), false));
        // At or below the reserve: a quick answer in a quarter of the increment at most, less
        // than it earns.
        for left in [0, 5, 40, 200, 599, 600] {
            let b = budget(&clocks(left, 10, None), Player::One, Some(1000), 0.0);
            assert_eq!(
                limits(b),
                (
                    ms(2) + Duration::from_micros(500),
                    ms(2) + Duration::from_micros(500),
                    true
                ),
                "{left}"
            );
        }
        // A lag above a quarter of the increment leaves no time at all.
        let b = budget(&clocks(100, 10, None), Player::One, Some(1000), 3.0);
        assert_eq!(limits(b), (ms(0), ms(0), true));
        // 700 ms left but 6 ms of lag: 100 / 30 + 2.5 - 6 < 0, a quick answer too.
        let b = budget(&clocks(700, 10, None), Player::One, Some(1000), 6.0);
        assert!(b.low);
    }

    #[test]
    fn a_movetime_caps_the_clock() {
        // 20 * 20 / 80 = 5 ms caps the clock's soft and hard limits (near 1 and 2 s).
        let b = budget(&clocks(60_000, 0, Some(20)), Player::One, None, 0.0);
        assert_eq!(
            limits(b),
            (Duration::from_millis(5), Duration::from_millis(5), false)
        );
    }
}
