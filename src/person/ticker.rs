//! The person's clock ticking while they think: the line above the prompt rewritten once a
//! second. ESC 7 / ESC 8 save and restore the cursor, so what the person is typing stays put.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `your clock: 59s` (tenths under ten seconds).
pub fn clock_line(left_ms: u64) -> String {
    format!("your clock: {}", seconds(left_ms))
}

/// `59s`, or `9.5s` under ten seconds: a clock as the person is shown it (also by `replay`
/// stepping through a game).
pub fn seconds(left_ms: u64) -> String {
    if left_ms < 10_000 {
        format!("{:.1}s", left_ms as f64 / 1000.0)
    } else {
        format!("{}s", left_ms / 1000)
    }
}

/// Rewrites the clock line until dropped.
pub struct Ticker {
    stop: Arc<AtomicBool>,
}

impl Ticker {
    /// Starts ticking from `left_ms` on `out`, where the clock line was just written and the
    /// prompt follows on the next line.
    pub fn start(mut out: impl Write + Send + 'static, left_ms: u64) -> Ticker {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let t0 = Instant::now();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_secs(1));
            if stopped.load(Ordering::Relaxed) {
                return;
            }
            let left = left_ms.saturating_sub(t0.elapsed().as_millis() as u64);
            let text = format!("\x1b7\x1b[1A\r\x1b[2K{}\x1b8", clock_line(left));
            if out
                .write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .is_err()
            {
                return;
            }
        });
        Ticker { stop }
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_line_reads_seconds_then_tenths() {
        assert_eq!(clock_line(59_400), "your clock: 59s");
        assert_eq!(clock_line(9_450), "your clock: 9.4s");
        assert_eq!(clock_line(0), "your clock: 0.0s");
    }
}
