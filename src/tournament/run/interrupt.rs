//! How a run is told to stop from outside its loop (a signal, the stop file, a crash with
//! `--on-crash abort`, a sink that cannot write), and why: the runner turns each rise of the
//! level into a [`crate::events::RunEvent`], so the reason reaches every sink.

use atomic_waker::AtomicWaker;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::task::Context;
use std::time::Duration;

/// Why a run stops before its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The first Ctrl-C: the running games may finish within `grace`.
    CtrlC { grace: Duration },
    /// The stop file appeared: as a first Ctrl-C.
    StopFile { path: PathBuf, grace: Duration },
    /// The second Ctrl-C, or a first one where the command has no grace (`match`).
    SecondCtrlC,
    /// SIGTERM or SIGHUP (named).
    Terminated(&'static str),
    /// The grace after a first Ctrl-C is over.
    GraceOver,
    /// A bot crashed and `--on-crash abort` was asked for.
    Crash,
    /// A bot failed to start in several games in a row (`match`, unless `--keep-going`).
    FailedStarts,
    /// Games in a row could not start for a reason of the host's (the command names it).
    HostFaults,
    /// A sink could not write (the error itself ends the run).
    SinkFailed,
    /// Stopped without a reason given (a library caller's own).
    Asked,
}

/// How a run is told to stop. Cloned handles share one state; it only ever rises:
/// [`stop`](Interrupt::stop), then [`abort`](Interrupt::abort), then
/// [`kill`](Interrupt::kill).
///
/// Why not a channel polled by every game: the loop checks this once per wake-up of the whole
/// run (an atomic load and a waker registration), which is all a game pays for being
/// interruptible.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<InterruptState>);

#[derive(Debug, Default)]
struct InterruptState {
    level: AtomicU8,
    /// The run's task, woken when the level rises.
    waker: AtomicWaker,
    /// The cause of each level (index `level - 1`), the first one given.
    causes: Mutex<[Option<Cause>; 3]>,
}

/// The levels, as [`Interrupt::level`] returns them.
pub const RUNNING: u8 = 0;
pub const STOP: u8 = 1;
pub const ABORT: u8 = 2;
pub const KILL: u8 = 3;

impl Interrupt {
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    fn raise(&self, level: u8, cause: Cause) {
        if let Ok(mut causes) = self.0.causes.lock() {
            causes[level as usize - 1].get_or_insert(cause);
        }
        self.0.level.fetch_max(level, Ordering::SeqCst);
        self.0.waker.wake();
    }

    /// Start no new game; the running ones go on and are written.
    pub fn stop(&self) {
        self.stop_because(Cause::Asked);
    }

    pub fn stop_because(&self, cause: Cause) {
        self.raise(STOP, cause);
    }

    /// Stop, and drop the running games unwritten (their futures are dropped: a resume plays
    /// them again).
    pub fn abort(&self) {
        self.abort_because(Cause::Asked);
    }

    pub fn abort_because(&self, cause: Cause) {
        self.raise(ABORT, cause);
    }

    /// As [`abort`](Interrupt::abort), and tells the caller that no more time is to be spent
    /// (no polite goodbye to the bots): see [`killed`](Interrupt::killed).
    pub fn kill(&self) {
        self.kill_because(Cause::Asked);
    }

    pub fn kill_because(&self, cause: Cause) {
        self.raise(KILL, cause);
    }

    pub fn level(&self) -> u8 {
        self.0.level.load(Ordering::SeqCst)
    }

    /// The cause given for `level` (or the nearest higher level that has one).
    pub fn cause(&self, level: u8) -> Cause {
        let causes = match self.0.causes.lock() {
            Ok(c) => c.clone(),
            Err(_) => Default::default(),
        };
        (level.max(1)..=KILL)
            .find_map(|l| causes[l as usize - 1].clone())
            .unwrap_or(Cause::Asked)
    }

    pub fn stopped(&self) -> bool {
        self.level() >= STOP
    }

    pub fn aborted(&self) -> bool {
        self.level() >= ABORT
    }

    pub fn killed(&self) -> bool {
        self.level() >= KILL
    }

    /// The level; the current task is woken when it rises.
    pub(crate) fn poll_level(&self, cx: &Context<'_>) -> u8 {
        self.0.waker.register(cx.waker());
        self.level()
    }
}

impl From<crate::signals::SignalCause> for Cause {
    fn from(c: crate::signals::SignalCause) -> Cause {
        use crate::signals::SignalCause as S;
        match c {
            S::CtrlC { grace } => Cause::CtrlC { grace },
            S::StopFile { path, grace } => Cause::StopFile { path, grace },
            S::SecondCtrlC => Cause::SecondCtrlC,
            S::Terminated(name) => Cause::Terminated(name),
            S::GraceOver => Cause::GraceOver,
        }
    }
}

impl Interrupt {
    /// Take one step of a shutdown the signals asked for.
    pub fn shutdown(&self, step: crate::signals::Shutdown) {
        use crate::signals::Shutdown;
        match step {
            Shutdown::Stop(c) => self.stop_because(c.into()),
            Shutdown::Abort(c) => self.abort_because(c.into()),
            Shutdown::Kill(c) => self.kill_because(c.into()),
        }
    }
}
