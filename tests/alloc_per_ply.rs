//! The referee's turn loop allocates nothing in the steady state: a whole game of Darra 2x18
//! (hundreds of plies) between two real bot processes (`baraza bot random`), played through
//! the library's referee with a counting global allocator, once with the bots stopped between
//! their turns (the default) and once with `--ponder`. The count is read at every ply (the
//! observer's `moved`), so the plies after warm-up are compared: no allocation at all between
//! ply `N` and ply `2N`.
//!
//! A test binary of its own (not in `tests/it`): the global allocator counts every allocation
//! of the process, so nothing else may run in it; `harness = false` keeps the test harness's
//! threads out too.

use baraza::bot::{SpawnOptions, StderrSink};
use baraza::clock::TimeControl;
use baraza::game::Player;
use baraza::referee::{play_game_observed, GameObserver, GameSetup, PlayerSetup, Seat};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// The system allocator, counting the calls that get memory (alloc, zeroed, realloc).
struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocation count when each ply was played, in ply order.
struct AtEachPly(Vec<u64>);

impl GameObserver for AtEachPly {
    fn moved(&mut self, ply: usize, _: Player, _: &str, _: u64) {
        // Room reserved up front: the observer itself allocates nothing.
        assert!(self.0.len() == ply && ply < self.0.capacity());
        self.0.push(ALLOCS.load(Relaxed));
    }
}

/// From ply `N` on, the turn loop is warm (its buffers have their size).
const N: usize = 150;

fn player(name: &str, seed: u64, ponder: bool) -> PlayerSetup {
    PlayerSetup {
        name: name.into(),
        argv: vec![
            env!("CARGO_BIN_EXE_baraza").into(),
            "bot".into(),
            "random".into(),
        ],
        stderr: StderrSink::Discard,
        info_log: None,
        transcript: None,
        seed: Some(seed),
        spawn: SpawnOptions {
            ponder,
            ..Default::default()
        },
    }
}

/// The allocations of each ply of one game between two random bots, and its length.
fn counts_per_ply(ponder: bool) -> Vec<u64> {
    let setup = GameSetup {
        game: 1,
        players: [player("a", 11, ponder), player("b", 12, ponder)],
        start: baraza::games::ruleset("darra-2x18")
            .unwrap()
            .start_position(),
        tc: [TimeControl::from_options(None, Some(10_000), 0).unwrap(); 2],
        startup_timeout: [Duration::from_secs(10); 2],
        grace: Duration::from_secs(1),
        max_plies: None,
        adjudication: Default::default(),
        seed: 1,
        event: "alloc".into(),
        site: "?".into(),
        round: "1".into(),
    };
    let mut seen = AtEachPly(Vec::with_capacity(100_000));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (mut a, mut b) = (Seat::new(false), Seat::new(false));
    let (record, _) = runtime.block_on(play_game_observed(&setup, [&mut a, &mut b], &mut seen));
    assert_eq!(record.plies, seen.0.len(), "{:?}", record.reason);
    seen.0
}

fn check(ponder: bool) {
    let at = counts_per_ply(ponder);
    let what = if ponder {
        "with --ponder"
    } else {
        "stopped between turns"
    };
    assert!(
        at.len() >= 2 * N,
        "{what}: a game of {} plies is too short to compare plies {N}..{}",
        at.len(),
        2 * N
    );
    let (first, second) = (at[N] - at[20], at[2 * N] - at[N]);
    println!(
        "{what}: {} plies; allocations over plies 20..{N}: {first}, over plies {N}..{}: {second}; \
         over plies 20..{}: {} ({:.3} per ply)",
        at.len(),
        2 * N,
        at.len() - 1,
        at[at.len() - 1] - at[20],
        (at[at.len() - 1] - at[20]) as f64 / (at.len() - 21) as f64
    );
    assert_eq!(
        second,
        0,
        "{what}: allocations between ply {N} and ply {}",
        2 * N
    );
}

fn main() {
    baraza::bot::become_subreaper();
    check(false);
    check(true);
    println!("alloc_per_ply: ok");
}
