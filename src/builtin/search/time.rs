//! How long to think, from the `go` fields, and the limits a search runs under.
//!
//! A search has a soft limit (do not start another iteration past it) and a hard limit (stop
//! at once). With a fixed movetime both are a share of it; with a game clock a move's target is
//! an even share of the remaining time plus half the increment, the soft limit half of that
//! and the hard limit twice that, never more than a sixth of what is left, so the clock cannot
//! run out however long the game lasts.

use crate::builtin::Clocks;
use crate::game::Player;
use std::time::{Duration, Instant};

/// Moves the clock is shared over when the game's length is unknown.
const MOVES_TO_GO: u64 = 30;
/// Clock time (ms) never planned for.
const RESERVE_MS: f64 = 250.0;

/// Limits of one search. `None` means no limit of that kind.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub start: Instant,
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl Limits {
    pub fn unlimited() -> Limits {
        Limits {
            start: Instant::now(),
            soft: None,
            hard: None,
            nodes: None,
            depth: None,
        }
    }

    /// Time limits from the clocks of `me`.
    pub fn from_clocks(clocks: &Clocks, me: Player) -> Limits {
        let (soft, hard) = budget(clocks, me);
        Limits {
            soft: Some(soft),
            hard: Some(hard),
            ..Limits::unlimited()
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

/// The hard limit for a fixed movetime `m`: `m * m / (2m + 40)`, about half of it from 100 ms
/// up (42 ms of 100) but a smaller share of small ones (1.7 ms of 10): on a busy machine a
/// process that computes for more than a scheduler slice waits tens of ms for its next one,
/// so at small movetimes the less CPU a move takes, the safer.
fn movetime_cap(m: u64) -> f64 {
    let m = m as f64;
    m * m / (2.0 * m + 40.0)
}

/// (soft, hard) thinking time for `me`.
pub fn budget(clocks: &Clocks, me: Player) -> (Duration, Duration) {
    let (time, inc) = clocks.of(me);
    let ms = |x: f64| Duration::from_micros((x.max(0.0) * 1000.0) as u64);
    let cap = clocks.movetime.map(movetime_cap);
    // Without a game clock the p*time fields carry the movetime: then the whole cap is this
    // move's, and an iteration cut short at the hard limit still gives its best move so far.
    if let Some(cap) = cap.filter(|_| clocks.movetime == Some(time) || time == 0) {
        return (ms(cap), ms(cap));
    }
    let (time, inc) = (time as f64, inc as f64);
    // Kept back, whatever the clock: a busy machine can delay a move by tens of ms, and each
    // move costs a few ms of pipe and scheduling on top of the search, so a fraction of the
    // clock would shrink with it. Below the reserve a move gets a quarter of the increment,
    // and the clock climbs back.
    let reserve = time.min(RESERVE_MS);
    let usable = (time - reserve).max(0.0);
    // The move's target: an even share of the clock plus a quarter of the increment, so a long
    // game settles with a clock well above the reserve. An iteration takes a few times the
    // one before it, so none starts past half the target (soft), and the hard limit is twice
    // the target, never more than a sixth of the clock.
    let target = usable / MOVES_TO_GO as f64 + inc * 0.25;
    let mut soft = target * 0.5;
    let mut hard = (target * 2.0).min(usable / 6.0 + inc * 0.25);
    if let Some(cap) = cap {
        soft = soft.min(cap);
        hard = hard.min(cap);
    }
    (ms(soft.min(hard)), ms(hard))
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
        }
    }

    #[test]
    fn movetime_alone_uses_less_than_half() {
        // 100 * 100 / 240 = 41.666 ms, soft and hard alike.
        let (soft, hard) = budget(&clocks(100, 0, Some(100)), Player::One);
        assert_eq!(
            (soft, hard),
            (Duration::from_micros(41_666), Duration::from_micros(41_666))
        );
        // 10 * 10 / 60 = 1.666 ms.
        let (_, hard) = budget(&clocks(10, 0, Some(10)), Player::One);
        assert_eq!(hard, Duration::from_micros(1_666));
    }

    #[test]
    fn a_game_clock_is_shared_and_never_spent_in_one_move() {
        // 10 s + 0.1 s: reserve 250 ms, 9.75 s / 30 + 25 ms = 350 ms target; soft half, hard
        // twice.
        let (soft, hard) = budget(&clocks(10_000, 100, None), Player::One);
        assert_eq!(soft, Duration::from_millis(175));
        assert_eq!(hard, Duration::from_millis(700));
        // 1 s + 10 ms with 400 ms left: 150 / 30 + 2.5 = 7.5 ms target, hard 15.
        let (soft, hard) = budget(&clocks(400, 10, None), Player::One);
        assert_eq!(soft, Duration::from_micros(3_750));
        assert_eq!(hard, Duration::from_millis(15));
        // At or below the reserve: a quarter of the increment at most, less than it earns.
        for left in [0, 5, 40, 200, 250] {
            let (_, hard) = budget(&clocks(left, 10, None), Player::One);
            assert_eq!(hard, Duration::from_micros(2_500), "{left}");
        }
    }

    #[test]
    fn a_movetime_caps_the_clock() {
        // 20 * 20 / 80 = 5 ms caps the clock's soft and hard limits (near 1 and 2 s).
        let (soft, hard) = budget(&clocks(60_000, 0, Some(20)), Player::One);
        assert_eq!(
            (soft, hard),
            (Duration::from_millis(5), Duration::from_millis(5))
        );
    }
}
