//! Ctrl-C, a second Ctrl-C, SIGTERM and SIGHUP, and the stop file, as [`Shutdown`] steps of
//! their own: the runner maps each onto its run's interrupt (and tells the sinks).
//!
//! With a grace (`tournament`): the first Ctrl-C or the stop file stops the run (no new
//! games), and the running games are aborted when the grace is over; a second Ctrl-C, SIGTERM
//! or SIGHUP kills at once (the running games are dropped, their bots killed). Without a grace
//! (`match`): the first Ctrl-C kills at once too.
//!
//! The watcher is a task of its own, so the games' wake-ups do not poll the signals.

use std::path::PathBuf;
use std::time::Duration;
use tokio::signal::unix::{signal, Signal, SignalKind};

/// How often the stop file is looked for.
pub const STOP_FILE_EVERY: Duration = Duration::from_secs(1);

/// What the watcher does on the first Ctrl-C.
#[derive(Clone, Debug)]
pub struct SignalPolicy {
    /// `Some`: stop, then abort after this long. `None`: kill at once.
    pub grace: Option<Duration>,
    /// A file whose appearance acts as a first Ctrl-C.
    pub stop_file: Option<PathBuf>,
}

/// What a signal (or the stop file) was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignalCause {
    /// The first Ctrl-C: the running games may finish within `grace`.
    CtrlC { grace: Duration },
    /// The stop file appeared: as a first Ctrl-C.
    StopFile { path: PathBuf, grace: Duration },
    /// The second Ctrl-C, or a first one where there is no grace.
    SecondCtrlC,
    /// SIGTERM or SIGHUP (named).
    Terminated(&'static str),
    /// The grace after a first Ctrl-C is over.
    GraceOver,
}

/// One step of a shutdown, each further than the last: no new games, then the running games
/// aborted, then everything killed at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shutdown {
    Stop(SignalCause),
    Abort(SignalCause),
    Kill(SignalCause),
}

#[derive(Debug, thiserror::Error)]
#[error("cannot install signal handlers")]
pub struct SignalError(#[from] std::io::Error);

/// The signal streams, installed before the run starts (so a signal is never missed).
pub struct Signals {
    interrupt: Signal,
    terminate: Signal,
    hangup: Signal,
}

impl Signals {
    /// Must be called within a tokio runtime.
    pub fn install() -> Result<Signals, SignalError> {
        Ok(Signals {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
            hangup: signal(SignalKind::hangup())?,
        })
    }

    /// Hand each shutdown step to `run` as the signals come, until a kill (or the task is
    /// aborted).
    pub async fn watch(mut self, policy: SignalPolicy, run: impl Fn(Shutdown)) {
        let mut abort_at: Option<tokio::time::Instant> = None;
        let mut interrupted = false;
        let mut look = tokio::time::interval(STOP_FILE_EVERY);
        look.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let first = |cause: SignalCause| match policy.grace {
            Some(grace) => {
                run(Shutdown::Stop(cause));
                Some(tokio::time::Instant::now() + grace)
            }
            None => {
                run(Shutdown::Kill(SignalCause::SecondCtrlC));
                None
            }
        };
        loop {
            tokio::select! {
                _ = self.interrupt.recv() => {
                    if interrupted || policy.grace.is_none() {
                        run(Shutdown::Kill(SignalCause::SecondCtrlC));
                        return;
                    }
                    interrupted = true;
                    abort_at = first(SignalCause::CtrlC { grace: policy.grace.unwrap_or_default() });
                }
                _ = look.tick(), if !interrupted && policy.stop_file.is_some() => {
                    let path = policy.stop_file.clone().unwrap_or_default();
                    if path.exists() {
                        interrupted = true;
                        let grace = policy.grace.unwrap_or_default();
                        abort_at = first(SignalCause::StopFile { path, grace });
                        if abort_at.is_none() {
                            return;
                        }
                    }
                }
                _ = self.terminate.recv() => {
                    run(Shutdown::Kill(SignalCause::Terminated("SIGTERM")));
                    return;
                }
                _ = self.hangup.recv() => {
                    run(Shutdown::Kill(SignalCause::Terminated("SIGHUP")));
                    return;
                }
                () = tokio::time::sleep_until(abort_at.unwrap_or_else(tokio::time::Instant::now)), if abort_at.is_some() => {
                    abort_at = None;
                    run(Shutdown::Abort(SignalCause::GraceOver));
                }
            }
        }
    }
}
