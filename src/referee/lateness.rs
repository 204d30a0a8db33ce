//! How late the referee itself wakes for its timers: a measure of the machine's load. A busy
//! machine delays every process on it, the referee reading a move as much as the bot writing
//! it, and the `--margin` added to every deadline is what absorbs such delays. When the
//! referee finds itself late by a good part of the margin, a time forfeit may be the machine's
//! as much as the bot's: its reason says so, and `baraza match` and `baraza tournament` say at
//! their end how late the referee was at worst.
//!
//! Measured by a thread of its own that asks to wake every [`PERIOD`] and notes how much later
//! than asked it ran (and by the referee at a deadline it waited for: how long after the
//! deadline it ran). Forty wakes a second, about 30 µs of CPU each on a loaded 2-core VM (0.1%
//! of a core), and nothing on a turn's path: what it saw is read only when a bot has run out
//! of time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How often the watching thread asks to wake.
pub const PERIOD: Duration = Duration::from_millis(25);

/// Lateness this small is never named, whatever the margin: the timer slack of a sleeping
/// thread and the runtime's one-millisecond timer wheel, not a busy machine.
pub const FLOOR: Duration = Duration::from_millis(5);

/// Whether the referee waking `late` is worth naming for a deadline with `margin` of grace: at
/// least [`FLOOR`], and at least half the margin. The margin is there for the delays of the
/// referee and of the bot alike; once the referee alone has lost half of it, a bot delayed as
/// much has none left.
pub fn matters(late: Duration, margin: Duration) -> bool {
    late >= FLOOR && late * 2 >= margin
}

/// The words added to a time forfeit's reason when the referee was `late` during that turn
/// and it [`matters`] for `margin`; empty otherwise. Starts with `; `.
pub fn forfeit_note(late: Duration, margin: Duration) -> String {
    if !matters(late, margin) {
        return String::new();
    }
    format!(
        "; the machine was overloaded (the referee itself woke {} ms late during this turn): a \
         larger --margin allows for that",
        late.as_millis()
    )
}

/// The line `baraza match` and `baraza tournament` end with when the referee's worst lateness
/// `worst` [`matters`] for the smallest `margin` of the run; `None` otherwise. `fewer` is what
/// else takes load off the machine: programs beside the run, and a tournament's concurrency.
pub fn end_note(worst: Duration, margin: Duration, fewer: &str) -> Option<String> {
    matters(worst, margin).then(|| {
        format!(
            "baraza: the machine was overloaded: the referee woke up to {} ms late (the margin is \
             {} ms); a time forfeit may be the machine's, not the bot's: a larger --margin, or \
             {fewer}, allows for that",
            worst.as_millis(),
            margin.as_millis()
        )
    })
}

/// [`end_note`]'s words for a match.
pub const FEWER_BESIDE_A_MATCH: &str = "fewer programs beside the match";
/// [`end_note`]'s words for a tournament.
pub const FEWER_IN_A_TOURNAMENT: &str = "fewer programs beside the tournament or a lower \
     --concurrency";

/// How many of the watching thread's last wakes are kept: the last 6.4 s or so.
const KEPT: usize = 256;

/// The last wakes, (when it woke, how late), oldest overwritten first, and where the next
/// goes.
type Ring = ([(Option<Instant>, Duration); KEPT], usize);

/// What the watching thread saw: its last wakes, and the worst of all.
struct Seen {
    recent: Mutex<Ring>,
    /// The worst lateness since the process started, in microseconds.
    worst_us: AtomicU64,
}

fn seen() -> &'static Seen {
    static SEEN: OnceLock<Seen> = OnceLock::new();
    SEEN.get_or_init(|| Seen {
        recent: Mutex::new(([(None, Duration::ZERO); KEPT], 0)),
        worst_us: AtomicU64::new(0),
    })
}

/// Start the watching thread, once per process (later calls do nothing).
pub fn watch() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        let _ = std::thread::Builder::new()
            .name("baraza-lateness".into())
            .spawn(|| {
                // Counted from its last wake, not from the start of its sleep, so that a stall
                // that catches it between the two (the whole process stopped) is counted too.
                let mut last = Instant::now();
                loop {
                    std::thread::sleep(PERIOD);
                    let now = Instant::now();
                    note(now, now.saturating_duration_since(last + PERIOD));
                    last = now;
                }
            });
    });
}

/// Note that the referee ran `late` after the time it asked to, at `at`.
pub fn note(at: Instant, late: Duration) {
    let s = seen();
    let us = u64::try_from(late.as_micros()).unwrap_or(u64::MAX);
    s.worst_us.fetch_max(us, Ordering::Relaxed);
    if let Ok(mut r) = s.recent.lock() {
        let (ring, next) = &mut *r;
        ring[*next % KEPT] = (Some(at), late);
        *next = (*next + 1) % KEPT;
    }
}

/// At a deadline the referee waited for, `due`, and found passed: note how late it woke for
/// it, and give the worst lateness noted since `since` (its turn's start).
pub fn woke_for(due: Instant, since: Instant) -> Duration {
    let now = Instant::now();
    note(now, now.saturating_duration_since(due));
    worst_since(since)
}

/// The worst lateness noted at or after `since` (among the last few seconds' wakes).
pub fn worst_since(since: Instant) -> Duration {
    let Ok(r) = seen().recent.lock() else {
        return Duration::ZERO;
    };
    r.0.iter()
        .filter(|(at, _)| at.is_some_and(|at| at >= since))
        .map(|&(_, late)| late)
        .max()
        .unwrap_or(Duration::ZERO)
}

/// Longest wait in [`settled_since`] for the watching thread's next wake.
const SETTLE: Duration = Duration::from_millis(250);

/// [`worst_since`], once the watching thread has woken after this call (waiting at most
/// 250 ms): a stall the referee has just come out of (the whole process kept off the CPU)
/// is noted by that thread's first wake after it, which may come a moment after the referee's.
pub async fn settled_since(since: Instant) -> Duration {
    let asked = Instant::now();
    while latest() < Some(asked) && asked.elapsed() < SETTLE {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    worst_since(since)
}

/// When the watching thread last woke.
fn latest() -> Option<Instant> {
    let r = seen().recent.lock().ok()?;
    let last = (r.1 + KEPT - 1) % KEPT;
    r.0[last].0
}

/// The worst lateness noted since the process started.
pub fn worst() -> Duration {
    Duration::from_micros(seen().worst_us.load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn lateness_matters_from_half_the_margin_and_never_below_the_floor() {
        // Default margin 50 ms: 25 ms late is half of it, 24 ms is not.
        assert!(matters(MS(25), MS(50)));
        assert!(!matters(MS(24), MS(50)));
        // No margin at all: anything from the floor (5 ms) on; 4 ms is timer slack.
        assert!(matters(MS(5), MS(0)));
        assert!(!matters(MS(4), MS(0)));
        // A margin of 6 ms: half is 3 ms, below the floor, so the floor decides.
        assert!(!matters(MS(4), MS(6)));
        assert!(matters(MS(5), MS(6)));
        // A large margin: 299 ms late against 1000 ms is less than half.
        assert!(!matters(MS(499), MS(1000)));
        assert!(matters(MS(500), MS(1000)));
    }

    #[test]
    fn the_words_name_the_lateness_and_the_option() {
        assert_eq!(forfeit_note(MS(24), MS(50)), "");
        assert_eq!(
            forfeit_note(MS(299), MS(20)),
            "; the machine was overloaded (the referee itself woke 299 ms late during this \
             turn): a larger --margin allows for that"
        );
        assert_eq!(end_note(MS(3), MS(50), FEWER_BESIDE_A_MATCH), None);
        assert_eq!(
            end_note(Duration::from_micros(40_900), MS(50), FEWER_BESIDE_A_MATCH).unwrap(),
            "baraza: the machine was overloaded: the referee woke up to 40 ms late (the margin \
             is 50 ms); a time forfeit may be the machine's, not the bot's: a larger --margin, \
             or fewer programs beside the match, allows for that"
        );
        assert!(end_note(MS(25), MS(50), FEWER_IN_A_TOURNAMENT)
            .unwrap()
            .ends_with(
                "or fewer programs beside the tournament or a lower --concurrency, allows for that"
            ));
    }

    #[test]
    fn the_worst_since_a_time_is_of_the_wakes_from_then_on() {
        let t0 = Instant::now();
        note(t0, MS(900));
        let later = t0 + MS(1);
        note(later, MS(7));
        // The watching thread, if another test started it, may have noted more since.
        assert!((MS(7)..MS(900)).contains(&worst_since(later)));
        assert!(worst_since(t0) >= MS(900));
        assert!(worst() >= MS(900));
    }
}
