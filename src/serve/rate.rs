//! A bound on how often something may happen: at most `per_minute` in any sliding minute.
//! For open registration, the one thing a stranger can do that writes to the store without a
//! token.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Rate {
    per_minute: usize,
    times: Mutex<VecDeque<Instant>>,
}

impl Rate {
    pub fn new(per_minute: usize) -> Rate {
        Rate {
            per_minute,
            times: Mutex::new(VecDeque::new()),
        }
    }

    /// Whether one more may happen now (and if so, it is counted).
    pub fn allow(&self, now: Instant) -> bool {
        let mut t = self.times.lock().unwrap_or_else(|p| p.into_inner());
        while t
            .front()
            .is_some_and(|&f| now.duration_since(f) >= Duration::from_secs(60))
        {
            t.pop_front();
        }
        if t.len() >= self.per_minute {
            return false;
        }
        t.push_back(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_n_in_a_minute_then_again_a_minute_after_the_first() {
        let r = Rate::new(3);
        let t0 = Instant::now();
        assert!(r.allow(t0));
        assert!(r.allow(t0 + Duration::from_secs(10)));
        assert!(r.allow(t0 + Duration::from_secs(20)));
        assert!(!r.allow(t0 + Duration::from_secs(59)));
        // The first is a minute old: one more.
        assert!(r.allow(t0 + Duration::from_secs(60)));
        assert!(!r.allow(t0 + Duration::from_secs(61)));
    }
}
