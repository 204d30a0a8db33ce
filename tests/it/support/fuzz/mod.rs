//! The machinery of the bounded fuzz run (`tests/it/fuzz_parsers.rs`): a counting allocator, a
//! per-case CPU-time and memory bound, a watchdog that names the input a hang is stuck on, and
//! per-parser case counts and times for the report.

pub mod checks;
pub mod corpus;
pub mod mutate;

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Debug;
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Counts the bytes each thread has allocated and not freed, the high-water mark since the
/// last [`peak_during`] started, and the allocation calls ([`allocations_during`]). Per thread,
/// so tests running side by side do not mix.
pub struct Counting;

thread_local! {
    /// Cases of the current run whose input the parser accepted.
    static ACCEPTED: Cell<u32> = const { Cell::new(0) };
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// Calls to alloc, alloc_zeroed and realloc.
    static CALLS: Cell<u64> = const { Cell::new(0) };
}

fn count_call() {
    let _ = CALLS.try_with(|c| c.set(c.get() + 1));
}

fn track(delta: isize) {
    // `try_with`: during thread teardown the slots may be gone; then nothing is counted.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| {
            if now > peak.get() {
                peak.set(now)
            }
        });
    });
}

// SAFETY: every call is forwarded to `System` unchanged; the counters are plain thread-local
// cells with const initialisers (no allocation, no destructor).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            track(layout.size() as isize);
        }
        count_call();
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            track(layout.size() as isize);
        }
        count_call();
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        track(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            track(new_size as isize - layout.size() as isize);
        }
        count_call();
        p
    }
}

/// Run `f` and return the most bytes it had allocated at once on this thread (what it
/// allocated and freed again counts while it was live).
pub fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let base = LIVE.with(|l| l.get());
    PEAK.with(|p| p.set(base));
    let r = f();
    let peak = PEAK.with(|p| p.get());
    (r, (peak - base).max(0) as usize)
}

/// Run `f` and return how many allocations (alloc, alloc_zeroed, realloc) it made on this
/// thread.
pub fn allocations_during<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = CALLS.with(|c| c.get());
    let r = f();
    (r, CALLS.with(|c| c.get()) - before)
}

/// Count the current case as one the parser accepted (for the report: how deep the run got).
pub fn accepted() {
    ACCEPTED.with(|a| a.set(a.get() + 1));
}

/// CPU time of the calling thread: unlike the wall clock, it does not grow when the machine
/// is busy with other work, so the per-case bound holds on a loaded machine too.
pub fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: writes into our own timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// One parser's bounds. `bytes_per_input_byte` and `fixed_bytes` bound the peak allocation
/// of one case: `k * len + c`.
#[derive(Clone, Copy)]
pub struct Bounds {
    pub cases: u32,
    pub bytes_per_input_byte: usize,
    pub fixed_bytes: usize,
}

/// Each case must finish within this much CPU time (a debug build is allowed more).
pub fn case_cpu_limit() -> Duration {
    if cfg!(debug_assertions) {
        Duration::from_millis(2000)
    } else {
        Duration::from_millis(100)
    }
}

/// The whole run of one parser must end within this wall time, or it is reported as a hang
/// (with the input it is stuck on).
const RUN_WALL_LIMIT: Duration = Duration::from_secs(300);

/// `BARAZA_FUZZ_SCALE=N` multiplies every parser's case count (a longer campaign);
/// `BARAZA_FUZZ_SEED=N` draws other cases than the fixed default seed.
fn scale() -> u32 {
    std::env::var("BARAZA_FUZZ_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

fn seed() -> u64 {
    std::env::var("BARAZA_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x6261_7261_7a61)
}

/// What one parser's run measured, for the report.
#[derive(Debug)]
pub struct Report {
    pub cases: u32,
    /// How many of them the parser accepted.
    pub accepted: u32,
    pub wall: Duration,
    pub slowest_case: Duration,
    pub largest_input: usize,
    /// The largest peak allocation over input length seen (bytes per input byte), and the
    /// largest peak in bytes.
    pub worst_ratio: f64,
    pub worst_peak: usize,
}

#[derive(Default)]
struct Stats {
    accepted: u32,
    slowest: Duration,
    largest: usize,
    ratio: f64,
    peak: usize,
}

/// Run `check` on `bounds.cases` inputs drawn from `strategy` (each input is also passed to
/// `describe`, for the length the memory bound uses and for the hang report). Fails on a
/// panic (proptest shrinks the input first), on a case over the CPU or memory bound, and on
/// a run that does not end.
pub fn fuzz<S>(
    name: &'static str,
    bounds: Bounds,
    strategy: S,
    describe: fn(&S::Value) -> (usize, String),
    check: fn(&S::Value),
) -> Report
where
    S: Strategy + Send + 'static,
    S::Value: Debug,
{
    let current = Arc::new(Mutex::new(String::new()));
    let (tx, rx) = mpsc::channel();
    let cases = bounds.cases * scale();
    let watched = Arc::clone(&current);
    let started = Instant::now();
    std::thread::Builder::new()
        .name(format!("fuzz-{name}"))
        .spawn(move || {
            let config = Config {
                cases,
                failure_persistence: None,
                max_shrink_time: 60_000,
                ..Config::default()
            };
            let mut seed_bytes = [0u8; 32];
            seed_bytes[..8].copy_from_slice(&seed().to_le_bytes());
            seed_bytes[8..16].copy_from_slice(&(name.len() as u64).to_le_bytes());
            for (i, b) in name.bytes().enumerate() {
                seed_bytes[16 + i % 16] ^= b;
            }
            let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes);
            let mut runner = TestRunner::new_with_rng(config, rng);
            let stats = Mutex::new(Stats::default());
            let result = runner.run(&strategy, |input| {
                let (len, text) = describe(&input);
                *watched.lock().unwrap() = text;
                let cpu = thread_cpu();
                let ((), peak) = peak_during(|| check(&input));
                let spent = thread_cpu() - cpu;
                let limit = case_cpu_limit();
                if spent > limit {
                    return Err(TestCaseError::fail(format!(
                        "{name}: one case took {spent:?} of CPU (limit {limit:?})"
                    )));
                }
                let allowed = bounds.bytes_per_input_byte * len + bounds.fixed_bytes;
                if peak > allowed {
                    return Err(TestCaseError::fail(format!(
                        "{name}: one case of {len} bytes allocated {peak} bytes at once (bound {allowed})"
                    )));
                }
                let mut s = stats.lock().unwrap();
                s.slowest = s.slowest.max(spent);
                s.largest = s.largest.max(len);
                s.ratio = s.ratio.max(peak as f64 / len.max(1) as f64);
                s.peak = s.peak.max(peak);
                Ok(())
            });
            let mut stats = stats.into_inner().unwrap();
            stats.accepted = ACCEPTED.with(|a| a.get());
            let _ = tx.send((result.map_err(|e| e.to_string()), stats));
        })
        .expect("spawn the fuzz thread");
    let (result, stats) = match rx.recv_timeout(RUN_WALL_LIMIT) {
        Ok(r) => r,
        Err(_) => panic!(
            "{name}: no end after {RUN_WALL_LIMIT:?}: a hang on input {:?}",
            current.lock().unwrap()
        ),
    };
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let report = Report {
        cases,
        accepted: stats.accepted,
        wall: started.elapsed(),
        slowest_case: stats.slowest,
        largest_input: stats.largest,
        worst_ratio: stats.ratio,
        worst_peak: stats.peak,
    };
    eprintln!(
        "fuzz {name}: {} cases ({} accepted) in {:.2?} (slowest case {:.2?} CPU, largest input {} bytes, \
         peak allocation at most {:.1} bytes per input byte, {} bytes at most)",
        report.cases,
        report.accepted,
        report.wall,
        report.slowest_case,
        report.largest_input,
        report.worst_ratio,
        report.worst_peak
    );
    report
}

/// An error meant for a person is one line. Messages quote the offending text, so a line
/// break in the input may show in the message: main.rs escapes control characters when it
/// prints an error (tested with the binary in fuzz_parsers.rs); here only the parser's own
/// line breaks count.
pub fn one_line(what: &str, input: &str, error: &dyn std::fmt::Display) {
    let text = error.to_string();
    if input.contains(['\n', '\r']) {
        return;
    }
    assert!(
        !text.contains('\n') && !text.contains('\r'),
        "{what}: the error for {input:?} is not one line: {text:?}"
    );
}
