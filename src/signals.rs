//! Ctrl-C, a second Ctrl-C, SIGTERM and SIGHUP, and the stop file, as rises of a run's
//! [`Interrupt`] (the runner tells the sinks; see [`crate::events::RunEvent::Stopping`]).
//!
//! With a grace (`tournament`): the first Ctrl-C or the stop file stops the run (no new
//! games), and the running games are aborted when the grace is over; a second Ctrl-C, SIGTERM
//! or SIGHUP kills at once (the running games are dropped, their bots killed). Without a grace
//! (`match`): the first Ctrl-C kills at once too.
//!
//! The watcher is a task of its own, so the games' wake-ups do not poll the signals.

use crate::tournament::interrupt::{Cause, Interrupt};
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

    /// Raise `run` as the signals come, until a kill (or the task is aborted).
    pub async fn watch(mut self, policy: SignalPolicy, run: Interrupt) {
        let mut abort_at: Option<tokio::time::Instant> = None;
        let mut interrupted = false;
        let mut look = tokio::time::interval(STOP_FILE_EVERY);
        look.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let first = |cause: Cause| match policy.grace {
            Some(grace) => {
                run.stop_because(cause);
                Some(tokio::time::Instant::now() + grace)
            }
            None => {
                run.kill_because(Cause::SecondCtrlC);
                None
            }
        };
        loop {
            tokio::select! {
                _ = self.interrupt.recv() => {
                    if interrupted || policy.grace.is_none() {
                        run.kill_because(Cause::SecondCtrlC);
                        return;
                    }
                    interrupted = true;
                    abort_at = first(Cause::CtrlC { grace: policy.grace.unwrap_or_default() });
                }
                _ = look.tick(), if !interrupted && policy.stop_file.is_some() => {
                    let path = policy.stop_file.clone().unwrap_or_default();
                    if path.exists() {
                        interrupted = true;
                        let grace = policy.grace.unwrap_or_default();
                        abort_at = first(Cause::StopFile { path, grace });
                        if abort_at.is_none() {
                            return;
                        }
                    }
                }
                _ = self.terminate.recv() => {
                    run.kill_because(Cause::Terminated("SIGTERM"));
                    return;
                }
                _ = self.hangup.recv() => {
                    run.kill_because(Cause::Terminated("SIGHUP"));
                    return;
                }
                () = tokio::time::sleep_until(abort_at.unwrap_or_else(tokio::time::Instant::now)), if abort_at.is_some() => {
                    abort_at = None;
                    run.abort_because(Cause::GraceOver);
                }
            }
        }
    }
}
