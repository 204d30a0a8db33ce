//! A wake-up call between threads: one waits (for a while at most), another rings.

use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

#[derive(Clone, Default)]
pub struct Wake(Arc<(Mutex<bool>, Condvar)>);

impl Wake {
    pub fn notify(&self) {
        let (rung, cv) = &*self.0;
        *rung.lock().unwrap_or_else(|p| p.into_inner()) = true;
        cv.notify_all();
    }

    /// Wait until rung (since the last wait) or `at_most` has passed.
    pub fn wait(&self, at_most: Duration) {
        let (rung, cv) = &*self.0;
        let guard = rung.lock().unwrap_or_else(|p| p.into_inner());
        let (mut guard, _) = cv
            .wait_timeout_while(guard, at_most, |r| !*r)
            .unwrap_or_else(|p| p.into_inner());
        *guard = false;
    }
}
