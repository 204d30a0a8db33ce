//! The tournament loop, generic over how one game is played: it starts the planned games in
//! schedule order, at most `concurrency` at a time, appends each finished game to games.jsonl
//! the moment it ends, runs the SPRT after each game, and stops starting games when the SPRT
//! decides, when asked to stop (Ctrl-C), or when a game cannot be played. Games already running
//! are finished and written, so no played game is lost, unless the run is aborted
//! ([`Interrupt::abort`]): then they are dropped unwritten, and a resume plays them again.
//!
//! Wiring it to the referee is one closure: `play(game) -> Future<Output = Result<GameRecord>>`
//! that builds the referee's setup from [`ScheduledGame`] (players `game.white`/`game.black`
//! of `config.bots`, start `game.start`, `game.seed`) and plays it.

use super::config::TournamentConfig;
use super::game_set::GameSet;
use super::log::{GameLine, GamesWriter, LogStart, RunPlan};
use super::results::{SprtStanding, Tally};
use super::schedule::ScheduledGame;
use super::sprt::Decision;
use super::sprt_order::SprtLine;
use crate::record::GameRecord;
use atomic_waker::AtomicWaker;
use std::future::Future;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

/// How a run is told to stop, from outside (a signal handler, a failing game). Cloned handles
/// share one state; it only ever rises: [`stop`](Interrupt::stop), then
/// [`abort`](Interrupt::abort), then [`kill`](Interrupt::kill).
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
}

const STOP: u8 = 1;
const ABORT: u8 = 2;
const KILL: u8 = 3;

impl Interrupt {
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    fn raise(&self, level: u8) {
        self.0.level.fetch_max(level, Ordering::SeqCst);
        self.0.waker.wake();
    }

    /// Start no new game; the running ones go on and are written.
    pub fn stop(&self) {
        self.raise(STOP);
    }

    /// Stop, and drop the running games unwritten (their futures are dropped: a resume plays
    /// them again).
    pub fn abort(&self) {
        self.raise(ABORT);
    }

    /// As [`abort`](Interrupt::abort), and tells the caller that no more time is to be spent
    /// (no polite goodbye to the bots): see [`killed`](Interrupt::killed).
    pub fn kill(&self) {
        self.raise(KILL);
    }

    pub fn stopped(&self) -> bool {
        self.0.level.load(Ordering::SeqCst) >= STOP
    }

    pub fn aborted(&self) -> bool {
        self.0.level.load(Ordering::SeqCst) >= ABORT
    }

    pub fn killed(&self) -> bool {
        self.0.level.load(Ordering::SeqCst) >= KILL
    }

    /// Whether the run is aborted; if not, the current task is woken when that changes.
    fn poll_aborted(&self, cx: &Context<'_>) -> bool {
        self.0.waker.register(cx.waker());
        self.aborted()
    }
}

/// The error a `play` future returns for a game it gave up on (interrupted before its end):
/// the game is not written and not a failure of the run; a resume plays it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game aborted before its end")]
pub struct Aborted;

/// What the loop reports as it goes (for a progress display).
#[derive(Debug)]
pub enum Progress<'a> {
    Started {
        game: &'a ScheduledGame,
    },
    Finished {
        line: &'a GameLine,
        /// Games in the log so far, this run's and earlier runs'.
        done: usize,
        scheduled: usize,
        /// Every game in the log so far, `line` included, with this run's SPRT.
        tally: &'a Tally,
    },
    /// The SPRT reached a bound: no more games are started.
    SprtDecided {
        sprt: &'a SprtStanding,
    },
}

/// Why the loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every scheduled game is in the log.
    Completed,
    /// The SPRT accepted a hypothesis.
    Sprt(Decision),
    /// [`Interrupt::stop`] (Ctrl-C) or a later level: resume later with `--resume`.
    Interrupted,
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
}

/// Wait for the first of the running games to end and take it out; `None` when none runs, or
/// when the run is aborted (then every running game is dropped).
async fn next_finished<Fut: Future>(
    running: &mut GameSet<ScheduledGame, Fut>,
    interrupt: &Interrupt,
) -> Option<(ScheduledGame, Fut::Output)> {
    if running.is_empty() {
        return None;
    }
    std::future::poll_fn(|cx| {
        if interrupt.poll_aborted(cx) {
            running.clear();
            return Poll::Ready(None);
        }
        running.poll_next(cx).map(Some)
    })
    .await
}

/// Play `plan` with `play`, writing games.jsonl as described in the module docs. The first
/// error of `play` ends the run (after the running games) and is returned, except [`Aborted`]:
/// that game is left unwritten (to play again on resume) and the run goes on. `interrupt`
/// stops or aborts the run from outside.
///
/// The games run concurrently within the caller's task (no `tokio::spawn`), so `play`'s
/// futures need not be `Send` or `'static`: the current-thread runtime of `baraza match` and
/// futures borrowing the configuration both work.
pub async fn run_plan<F, Fut>(
    config: &TournamentConfig,
    concurrency: usize,
    plan: RunPlan,
    play: F,
    interrupt: &Interrupt,
    mut progress: impl FnMut(Progress<'_>),
) -> anyhow::Result<RunOutcome>
where
    F: Fn(ScheduledGame) -> Fut,
    Fut: Future<Output = anyhow::Result<GameRecord>>,
{
    let mut writer = match plan.start {
        LogStart::Create => GamesWriter::create(&plan.path, &plan.header)?,
        LogStart::Append => GamesWriter::append(&plan.path)?,
    };
    // Counted game by game: reading it after every game costs nothing however long the run.
    let mut tally = start_tally(config, &plan);
    let mut in_log = plan.done.len();
    // Earlier runs' games, moves and all, are not kept for the run's length.
    drop(plan.done);

    let scheduled = plan.header.scheduled_games as usize;
    let mut decided = tally
        .sprt()
        .map(|s| s.report.decision)
        .filter(|d| *d != Decision::Continue);
    let mut queue = plan.to_play.into_iter();
    let mut running = GameSet::new();
    let mut played = 0;
    let mut failure: Option<anyhow::Error> = None;

    loop {
        while decided.is_none()
            && failure.is_none()
            && !interrupt.stopped()
            && running.len() < concurrency.max(1)
        {
            let Some(game) = queue.next() else { break };
            progress(Progress::Started { game: &game });
            let fut = Box::pin(play(game.clone()));
            running.push(game, fut);
        }
        let Some((game, result)) = next_finished(&mut running, interrupt).await else {
            break;
        };
        match result {
            Ok(record) => {
                let line = GameLine::new(&game, record);
                writer.write(&line)?;
                played += 1;
                in_log += 1;
                tally.add(&line);
                progress(Progress::Finished {
                    line: &line,
                    done: in_log,
                    scheduled,
                    tally: &tally,
                });
                if config.sprt.is_some() {
                    if let Some(s) = &tally.sprt() {
                        if decided.is_none() && s.report.decision != Decision::Continue {
                            decided = Some(s.report.decision);
                            writer.write_sprt(&SprtLine::new(&s.first, &s.second, s.report))?;
                            progress(Progress::SprtDecided { sprt: s });
                        }
                    }
                }
            }
            Err(e) if e.is::<Aborted>() => {}
            Err(e) => {
                if failure.is_none() {
                    failure = Some(e.context(format!("game {} ({})", game.game, game.game_id)));
                }
            }
        }
    }
    if let Some(e) = failure {
        return Err(e);
    }
    let stop = match decided {
        Some(d) => Stop::Sprt(d),
        None if in_log >= scheduled => Stop::Completed,
        None => Stop::Interrupted,
    };
    Ok(RunOutcome {
        stop,
        played,
        in_log,
        tally,
    })
}

/// The tally of the games a run starts from (`plan.done`), with this run's SPRT parameters,
/// whatever the header of an earlier run says.
pub fn start_tally(config: &TournamentConfig, plan: &RunPlan) -> Tally {
    let mut header = plan.header.clone();
    header.sprt = config.sprt;
    let mut tally = Tally::new(&header);
    for g in &plan.done {
        tally.add(g);
    }
    tally
}

/// One line for a person about a progress event, e.g.
/// `game 5/12 r1-p3-a: b vs c 0-1 (illegal move)`.
pub fn describe(p: &Progress<'_>) -> String {
    match p {
        Progress::Started { game } => format!(
            "game {} {} started: {} vs {}",
            game.game, game.game_id, game.white_name, game.black_name
        ),
        Progress::Finished {
            line,
            done,
            scheduled,
            ..
        } => {
            let r = &line.record;
            format!(
                "game {done}/{scheduled} {}: {} vs {} {} ({})",
                line.game_id, r.white, r.black, r.result, r.termination
            )
        }
        Progress::SprtDecided { sprt } => format!(
            "SPRT {} vs {}: LLR {:.2} outside [{:.2}, {:.2}]: {}; no more games are started",
            sprt.first,
            sprt.second,
            sprt.report.llr,
            sprt.report.lower,
            sprt.report.upper,
            sprt.report.decision
        ),
    }
}
