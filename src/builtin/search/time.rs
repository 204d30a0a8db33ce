//! How long to think, from the `go` fields, and the limits a search runs under.
//!
//! A search has a soft limit (do not start another iteration past it) and a hard limit (stop
//! at once). With a fixed movetime both are fractions of it; with a game clock the soft limit
//! is an even share of the remaining time plus most of the increment, and the hard limit a few
//! times that, never more than a fraction of what is left, so the clock cannot run out however
//! long the game lasts.

use crate::builtin::Clocks;
use crate::game::Player;
use std::time::{Duration, Instant};

/// Moves the clock is shared over when the game's length is unknown.
const MOVES_TO_GO: u64 = 25;

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
    // Without a game clock the p*time fields carry the movetime; with both, the movetime caps.
    let cap = clocks.movetime.map(movetime_cap);
    let time = time as f64;
    let inc = inc as f64;
    // A few ms are always kept back for answering; at most a quarter of the clock per move.
    let reserve = (time * 0.05).min(50.0);
    let usable = (time - reserve).max(0.0);
    let mut soft = usable / MOVES_TO_GO as f64 + inc * 0.75;
    let mut hard = (soft * 3.0).min(usable * 0.25 + inc * 0.5);
    if let Some(cap) = cap {
        if clocks.movetime == Some(clocks.of(me).0) || time == 0.0 {
            // movetime alone: the whole cap is ours for this move.
            soft = cap * 0.5;
            hard = cap;
        } else {
            soft = soft.min(cap * 0.5);
            hard = hard.min(cap);
        }
    }
    let soft = soft.min(hard);
    (ms(soft), ms(hard))
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
        // 100 * 100 / 240 = 41.666 ms hard, half of it soft.
        let (soft, hard) = budget(&clocks(100, 0, Some(100)), Player::One);
        assert_eq!(hard, Duration::from_micros(41_666));
        assert_eq!(soft, Duration::from_micros(20_833));
        // 10 * 10 / 60 = 1.666 ms.
        let (_, hard) = budget(&clocks(10, 0, Some(10)), Player::One);
        assert_eq!(hard, Duration::from_micros(1_666));
    }

    #[test]
    fn a_game_clock_is_shared_and_never_spent_in_one_move() {
        // 10 s + 0.1 s: 9.95 s usable / 25 + 75 ms = 473 ms soft, 3x that hard.
        let (soft, hard) = budget(&clocks(10_000, 100, None), Player::One);
        assert_eq!(soft, Duration::from_millis(473));
        assert_eq!(hard, Duration::from_millis(1419));
        // Almost out of time: never more than a quarter of what is left plus half the inc.
        for left in [0, 5, 40, 200] {
            let (_, hard) = budget(&clocks(left, 10, None), Player::One);
            assert!(
                hard.as_secs_f64() * 1000.0 <= left as f64 * 0.25 + 5.0,
                "{left}"
            );
        }
    }

    #[test]
    fn a_movetime_caps_the_clock() {
        // 20 * 20 / 80 = 5 ms.
        let (soft, hard) = budget(&clocks(60_000, 0, Some(20)), Player::One);
        assert_eq!(hard, Duration::from_millis(5));
        assert_eq!(soft, Duration::from_micros(2_500));
    }
}
