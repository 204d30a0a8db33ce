//! The run loop of `tournament` and `match`, generic over how one game is played: it starts
//! the planned games in schedule order, at most `concurrency` at a time, gives each finished
//! game to the sinks ([`crate::events`]: games.jsonl, PGN, ...) the moment it ends, runs the
//! SPRT after each game, and stops starting games when the SPRT
//! decides, when asked to stop (Ctrl-C), or when a game cannot be played. Games already running
//! are finished and written, so no played game is lost, unless the run is aborted
//! ([`Interrupt::abort`]): then they are dropped unwritten, and a resume plays them again.
//!
//! Wiring it to the referee is one closure, `play(game) -> Future<Output = Result<GameRecord,
//! PlayError<E>>>`: [`super::arena`] builds the referee's setup from the [`ScheduledGame`]
//! and plays it.

use super::events::{RunEvent, SinkError, Sinks};
use super::feed::{Fed, Feed};
use super::game_set::GameSet;
pub use super::interrupt::{Cause, Interrupt};
use super::interrupt::{ABORT, RUNNING};
use super::resume::RunPlan;
use crate::record::GameRecord;
use crate::stats::sprt::Decision;
use crate::tournament::log::games_jsonl::GameLine;
use crate::tournament::plan::config::TournamentConfig;
use crate::tournament::plan::schedule::ScheduledGame;
use crate::tournament::table::results::Tally;
use std::future::Future;
use std::task::Poll;

/// A `play` future's way to say it gave up on its game (interrupted before its end): the game
/// is not written and not a failure of the run; a resume plays it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game aborted before its end")]
pub struct Aborted;

/// Why the loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every scheduled game is in the log.
    Completed,
    /// The SPRT accepted a hypothesis.
    Sprt(Decision),
    /// [`Interrupt::stop`] (Ctrl-C) or a later level: resume later with `--resume`.
    Interrupted,
    /// The plan's time to start games ([`RunPlan::start_until`]) was up first.
    TimeUp,
}

/// The end of a run.
#[derive(Debug)]
pub struct RunOutcome {
    pub stop: Stop,
    /// Games played by this run.
    pub played: usize,
    /// Games in the log: earlier runs' and this one's.
    pub in_log: usize,
    /// Every game in the log, with this run's SPRT: the final table.
    pub tally: Tally,
    /// Games this run could not start for a reason of the host's, and the last such reason.
    pub host_faults: HostFaults,
}

/// The games of a run that could not start for a reason of the host's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostFaults {
    /// Games not played for it (each recorded as such; a resume plays them).
    pub games: usize,
    /// The last one's reason.
    pub last: Option<String>,
    /// Whether [`HOST_FAULTS_IN_A_ROW`] of them in a row stopped the run.
    pub stopped: bool,
    /// Games in a row so far.
    in_a_row: usize,
}

/// Why games were not played for a reason of the host's, if some were: the run stopped for
/// it, or left them for a resume.
pub fn host_faults_text(h: &HostFaults) -> Option<String> {
    let last = h.last.as_deref()?;
    Some(if h.stopped {
        format!(
            "stopped: {HOST_FAULTS_IN_A_ROW} games in a row could not start, for a reason of \
             the host's, not the bots': {last}"
        )
    } else {
        format!(
            "{} could not start, for a reason of the host's, not the bots' (the last: {last}); \
             recorded as not played",
            crate::count::counted(h.games as u64, "game")
        )
    })
}

/// What [`next`] saw.
enum Next<T, O> {
    /// No game is running.
    Idle,
    /// The interrupt level rose to this.
    Level(u8),
    Finished(T, O),
}

/// Wait for the first of the running games to end and take it out, or for the interrupt
/// level to rise above `seen`. After each poll of the games, `fed` passes on what they
/// reported meanwhile (the moves, to the sinks): a game's moves come before its end.
async fn next<Fut: Future>(
    running: &mut GameSet<ScheduledGame, Fut>,
    interrupt: &Interrupt,
    seen: u8,
    fed: &mut dyn FnMut(),
) -> Next<ScheduledGame, Fut::Output> {
    std::future::poll_fn(|cx| {
        let level = interrupt.poll_level(cx);
        if level > seen {
            return Poll::Ready(Next::Level(level));
        }
        if running.is_empty() {
            return Poll::Ready(Next::Idle);
        }
        let polled = running.poll_next(cx);
        // The games report while they are polled, so only a poll can have filled the feed.
        fed();
        polled.map(|(game, out)| Next::Finished(game, out))
    })
    .await
}

/// Why a `play` future gave no record.
#[derive(Debug)]
pub enum PlayError<E> {
    /// Given up before its end (see [`Aborted`]).
    Aborted,
    /// The game could not be played: the run ends after the running games.
    Failed(E),
    /// The game could not start for a reason of the host's ([`crate::bot::host_fault`]): it
    /// is recorded as not played, and a resume plays it. [`HOST_FAULTS_IN_A_ROW`] of them
    /// stop the run.
    HostFault(String),
}

/// Games in a row that could not start for a reason of the host's before the run stops: one
/// may be a passing hiccup, three are a machine to fix first (every later game would only
/// be skipped alike).
pub const HOST_FAULTS_IN_A_ROW: usize = 3;

impl<E> From<Aborted> for PlayError<E> {
    fn from(_: Aborted) -> Self {
        PlayError::Aborted
    }
}

/// Why a run failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError<E: std::fmt::Display + std::fmt::Debug> {
    #[error("game {game} ({game_id}): {error}")]
    Game {
        game: u64,
        game_id: String,
        error: E,
    },
    #[error(transparent)]
    Sink(#[from] SinkError),
}

/// The sinks of a run, and its first failure.
struct Emitter<'s, 'a, E: std::fmt::Display + std::fmt::Debug> {
    sinks: &'s mut Sinks<'a>,
    interrupt: &'s Interrupt,
    failure: Option<RunError<E>>,
}

/// The run's state between events.
struct Loop<'s, 'a, E: std::fmt::Display + std::fmt::Debug> {
    out: Emitter<'s, 'a, E>,
    /// Every game in the log so far, with this run's SPRT.
    tally: Tally,
    scheduled: usize,
    in_log: usize,
    played: usize,
    decided: Option<Decision>,
    check_sprt: bool,
    /// The replaced bots' versions, recorded in their games' lines.
    versions: std::collections::BTreeMap<String, u32>,
    start_until: Option<std::time::Instant>,
    host_faults: HostFaults,
}

impl<E: std::fmt::Display + std::fmt::Debug> Emitter<'_, '_, E> {
    /// Emit, and stop the run on the first sink error (kept to return at the end).
    fn emit(&mut self, event: &RunEvent<'_>) {
        if let Err(e) = self.sinks.emit(event) {
            if self.failure.is_none() {
                self.failure = Some(RunError::Sink(e));
            }
            self.interrupt.stop_because(Cause::SinkFailed);
        }
    }

    /// Tell the sinks the level rose (not for a stop the caller itself asked for).
    fn level_rose(&mut self, level: u8, running: usize) {
        let cause = self.interrupt.cause(level);
        if cause == Cause::Asked {
            return;
        }
        if level >= ABORT {
            self.emit(&RunEvent::Aborting {
                cause: &cause,
                running,
            });
        } else {
            self.emit(&RunEvent::Stopping {
                cause: &cause,
                running,
            });
        }
    }
}

impl<E: std::fmt::Display + std::fmt::Debug> Emitter<'_, '_, E> {
    /// What the games in play reported to `feed` since the last call, as run events.
    fn fed(&mut self, feed: &Feed) {
        feed.drain(|f| match &f {
            Fed::Opened { game, time_control } => self.emit(&RunEvent::Opened {
                game: *game,
                time_control,
            }),
            Fed::Moved {
                game,
                ply,
                player,
                token,
                time_ms,
                info,
            } => self.emit(&RunEvent::Moved {
                game: *game,
                ply: *ply,
                player: *player,
                token,
                time_ms: *time_ms,
                info: info.as_deref(),
            }),
        });
    }
}

impl<E: std::fmt::Display + std::fmt::Debug> Loop<'_, '_, E> {
    /// Whether another game may start.
    fn may_start(&self) -> bool {
        self.decided.is_none()
            && self.out.failure.is_none()
            && !self.out.interrupt.stopped()
            && !self.time_up()
    }

    /// Whether the time to start games is over.
    fn time_up(&self) -> bool {
        self.start_until
            .is_some_and(|t| std::time::Instant::now() >= t)
    }

    /// A game's future is done: count and emit its record, or keep its failure.
    fn finished(&mut self, game: ScheduledGame, result: Result<GameRecord, PlayError<E>>) {
        let record = match result {
            Ok(record) => record,
            Err(PlayError::Aborted) => return,
            Err(PlayError::HostFault(cause)) => return self.not_played(&game, cause),
            Err(PlayError::Failed(error)) => {
                if self.out.failure.is_none() {
                    self.out.failure = Some(RunError::Game {
                        game: game.game,
                        game_id: game.game_id.clone(),
                        error,
                    });
                }
                return;
            }
        };
        let line = GameLine::new(&game, record).with_versions(&self.versions);
        self.host_faults.in_a_row = 0;
        self.played += 1;
        self.in_log += 1;
        self.tally.add(&line);
        self.out.emit(&RunEvent::GameFinished {
            line: &line,
            done: self.in_log,
            scheduled: self.scheduled,
            tally: &self.tally,
        });
        if self.check_sprt && self.decided.is_none() {
            if let Some(s) = &self.tally.sprt() {
                if s.report.decision != Decision::Continue {
                    self.decided = Some(s.report.decision);
                    self.out.emit(&RunEvent::SprtDecided { sprt: s });
                }
            }
        }
    }
}

impl<E: std::fmt::Display + std::fmt::Debug> Loop<'_, '_, E> {
    /// A game that could not start for a reason of the host's: recorded as such, said at once,
    /// and the run stopped after [`HOST_FAULTS_IN_A_ROW`] in a row.
    fn not_played(&mut self, game: &ScheduledGame, cause: String) {
        let h = &mut self.host_faults;
        h.games += 1;
        h.in_a_row += 1;
        let stop = h.in_a_row >= HOST_FAULTS_IN_A_ROW && !h.stopped;
        h.stopped |= stop;
        self.out.emit(&RunEvent::NotPlayed {
            game,
            cause: &cause,
            in_a_row: h.in_a_row,
        });
        self.host_faults.last = Some(cause);
        if stop {
            self.out.interrupt.stop_because(Cause::HostFaults);
        }
    }
}

/// Play `plan` with `play`, giving every event to `sinks` (the games log among them). The
/// first error of `play` ends the run (after the running games) and is returned, except
/// [`PlayError::Aborted`]: that game is left unwritten (to play again on resume) and the run
/// goes on. So is the first sink error. `interrupt` stops or aborts the run from outside.
///
/// The games run concurrently within the caller's task (no `tokio::spawn`), so `play`'s
/// futures need not be `Send` or `'static`: the current-thread runtime of `baraza match` and
/// futures borrowing the configuration both work.
pub async fn run_plan<F, Fut, E>(
    config: &TournamentConfig,
    concurrency: usize,
    plan: RunPlan,
    play: F,
    interrupt: &Interrupt,
    sinks: &mut Sinks<'_>,
) -> Result<RunOutcome, RunError<E>>
where
    F: Fn(ScheduledGame) -> Fut,
    Fut: Future<Output = Result<GameRecord, PlayError<E>>>,
    E: std::fmt::Display + std::fmt::Debug,
{
    run_plan_fed(config, concurrency, plan, play, interrupt, sinks, None).await
}

/// [`run_plan`], with the moves the games report to `feed` given to the sinks as
/// [`RunEvent::Moved`] (each game's before its [`RunEvent::GameFinished`]).
pub async fn run_plan_fed<F, Fut, E>(
    config: &TournamentConfig,
    concurrency: usize,
    plan: RunPlan,
    play: F,
    interrupt: &Interrupt,
    sinks: &mut Sinks<'_>,
    feed: Option<Feed>,
) -> Result<RunOutcome, RunError<E>>
where
    F: Fn(ScheduledGame) -> Fut,
    Fut: Future<Output = Result<GameRecord, PlayError<E>>>,
    E: std::fmt::Display + std::fmt::Debug,
{
    // Every game of the schedule but a withdrawn bot's (docs/hosting.md).
    let expected = plan.games_expected();
    // Counted game by game: reading it after every game costs nothing however long the run.
    let tally = plan.tally;
    let decided = tally
        .sprt()
        .map(|s| s.report.decision)
        .filter(|d| *d != Decision::Continue);
    let mut run = Loop {
        out: Emitter {
            sinks,
            interrupt,
            failure: None,
        },
        tally,
        // "N of M" counts the games to be played, not a withdrawn bot's.
        scheduled: expected,
        in_log: plan.done.len(),
        played: 0,
        decided,
        check_sprt: config.sprt.is_some(),
        versions: plan.versions,
        start_until: plan.start_until,
        host_faults: HostFaults::default(),
    };
    // Earlier runs' games, moves and all, are not kept for the run's length.
    drop(plan.done);
    let mut queue = plan.to_play.into_iter();
    let mut running = GameSet::new();
    let mut seen = RUNNING;
    loop {
        while run.may_start() && running.len() < concurrency.max(1) {
            let Some(game) = queue.next() else { break };
            run.out.emit(&RunEvent::GameStarted { game: &game });
            let fut = Box::pin(play(game.clone()));
            running.push(game, fut);
        }
        let out = &mut run.out;
        let mut fed = || {
            if let Some(feed) = &feed {
                out.fed(feed);
            }
        };
        match next(&mut running, interrupt, seen, &mut fed).await {
            Next::Idle => break,
            Next::Level(level) => {
                seen = level;
                run.out.level_rose(level, running.len());
                if level >= ABORT {
                    // Their futures are dropped: the seats' processes are killed.
                    running.clear();
                }
            }
            Next::Finished(game, result) => run.finished(game, result),
        }
    }
    if let Some(e) = run.out.failure {
        return Err(e);
    }
    let stop = match run.decided {
        Some(d) => Stop::Sprt(d),
        None if run.in_log >= expected => Stop::Completed,
        None if run.time_up() && !interrupt.stopped() => Stop::TimeUp,
        None => Stop::Interrupted,
    };
    Ok(RunOutcome {
        stop,
        played: run.played,
        in_log: run.in_log,
        tally: run.tally,
        host_faults: run.host_faults,
    })
}
