//! What one game's clock has shown so far: its first reading (the base the reserve is a share
//! of) and the lag, the time the referee charged beyond what the bot measured itself (pipes,
//! scheduling, a busy machine's stalls between the `go` line and the start of the search or
//! after its end). Both are read from the clock the referee sends with every `go`.

use std::time::Duration;

/// Weight of the newest move in the lag's moving average: a stall counts at once and is
/// forgotten within a dozen moves.
const NEW_WEIGHT: f64 = 0.25;

#[derive(Clone, Debug, Default)]
pub struct ClockWatch {
    base_ms: Option<u64>,
    /// The clock and increment (ms) announced for the last move, and what it took (ms) by the
    /// bot's own clock; `None` until a move is made, or when the last move had no game clock.
    last: Option<(u64, u64, f64)>,
    turn: Option<(u64, u64)>,
    lag_ms: f64,
}

impl ClockWatch {
    pub fn new() -> ClockWatch {
        ClockWatch::default()
    }

    /// A move starts with `time_ms` on the clock and `inc_ms` added after it.
    pub fn turn(&mut self, time_ms: u64, inc_ms: u64) {
        self.base_ms.get_or_insert(time_ms);
        if let Some((before, inc, took)) = self.last.take() {
            // The referee takes the move's time off and adds the increment; a clock that went
            // below zero (forgiven inside the margin) was clamped there, and then the charge
            // is unknown.
            let after_charge = time_ms.checked_sub(inc).filter(|&t| t > 0);
            if let Some(after) = after_charge {
                let charged = before.saturating_sub(after) as f64;
                let lag = (charged - took).max(0.0);
                self.lag_ms += NEW_WEIGHT * (lag - self.lag_ms);
            }
        }
        self.turn = Some((time_ms, inc_ms));
    }

    /// The move just started took `took` by the bot's clock.
    pub fn moved(&mut self, took: Duration) {
        if let Some((time, inc)) = self.turn.take() {
            self.last = Some((time, inc, took.as_secs_f64() * 1000.0));
        }
    }

    /// The clock at the game's first move, if it had one.
    pub fn base_ms(&self) -> Option<u64> {
        self.base_ms
    }

    /// The moving average of the time charged beyond the bot's own measure, in ms.
    pub fn lag_ms(&self) -> f64 {
        self.lag_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lag_is_what_the_clock_lost_beyond_the_move_s_own_time() {
        let mut w = ClockWatch::new();
        w.turn(1000, 10);
        assert_eq!(w.base_ms(), Some(1000));
        assert_eq!(w.lag_ms(), 0.0);
        // 12 ms by the bot's clock, 20 charged: 1000 - 20 + 10 = 990. Lag 8, a quarter of it.
        w.moved(Duration::from_millis(12));
        w.turn(990, 10);
        assert_eq!(w.lag_ms(), 2.0);
        // Charged 4 ms for a 4 ms move: the lag decays by a quarter, 2 -> 1.5.
        w.moved(Duration::from_millis(4));
        w.turn(996, 10);
        assert_eq!(w.lag_ms(), 1.5);
        // Charged less than measured (ms rounding): no negative lag, 1.5 -> 1.125.
        w.moved(Duration::from_micros(2_600));
        w.turn(1004, 10);
        assert_eq!(w.lag_ms(), 1.125);
        assert_eq!(w.base_ms(), Some(1000));
    }

    #[test]
    fn a_clamped_clock_or_a_turn_without_a_move_says_nothing() {
        let mut w = ClockWatch::new();
        w.turn(30, 10);
        w.moved(Duration::from_millis(1));
        // 30 - 70 went below zero inside the margin: clamped to 0, then + 10.
        w.turn(10, 10);
        assert_eq!(w.lag_ms(), 0.0);
        // Two turns in a row without a move in between (a pass answered by the referee):
        // nothing to compare.
        w.turn(500, 10);
        assert_eq!(w.lag_ms(), 0.0);
    }
}
