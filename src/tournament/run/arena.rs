//! How a game of a run is played, and the run itself, for `tournament` and `match` alike:
//! every game is a future on one current-thread tokio runtime (no thread per bot or game);
//! [`Arena::play`] is the single call into the referee. Around the runner: the signal
//! watcher ([`crate::signals`]), the goodbye to the kept processes at the end, and the
//! reaping of everything after a kill.

use super::crash::CrashPolicy;
use super::events::Sinks;
use super::feed::{feed, FeedSender};
use super::interrupt::Interrupt;
use super::resume::RunPlan;
use super::runner::{run_plan_fed, PlayError, RunError, RunOutcome};
use super::seats::SeatPool;
use super::setup::{Logs, SetupError, Setups};
use crate::bot::{become_subreaper, reap_all_children};
use crate::record::{GameRecord, Termination};
use crate::referee::{play_game_observed, NoObserver};
use crate::signals::{SignalError, SignalPolicy, Signals};
use crate::tournament::plan::config::TournamentConfig;
use crate::tournament::plan::schedule::ScheduledGame;

/// How long a crash waits before it is written, in case the whole run is being stopped.
pub const CRASH_SETTLE: std::time::Duration = std::time::Duration::from_millis(200);

/// What every game of a run needs: the setups, the seat pool, the crash policy.
pub struct Arena<'a> {
    pub setups: Setups<'a>,
    pub seats: SeatPool,
    pub crash: CrashPolicy,
}

/// How a run ended when it did not fail.
#[derive(Debug)]
pub struct Ended {
    pub outcome: RunOutcome,
    /// A second Ctrl-C, SIGTERM or SIGHUP (or `match`'s Ctrl-C): the running games were
    /// dropped and no goodbye was said to the bots.
    pub killed: bool,
    /// Asked to stop (Ctrl-C, the stop file, or further), even if every game was played:
    /// a caller that would go on to more games does not.
    pub stopped: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    #[error(transparent)]
    Signals(#[from] SignalError),
    #[error(transparent)]
    Run(#[from] RunError<SetupError>),
}

impl Arena<'_> {
    /// Play one game: each bot's process is taken from its seats (or started afresh) and
    /// given back after the game. A game dropped part-way takes its seats along, and their
    /// processes are killed. With a `feed`, the game's moves are reported to it as played.
    pub async fn play(
        &self,
        game: ScheduledGame,
        run: &Interrupt,
        feed: Option<&FeedSender>,
    ) -> Result<GameRecord, PlayError<SetupError>> {
        let slot = self.setups.slot();
        let setup = self
            .setups
            .setup(&game, slot.as_ref())
            .map_err(PlayError::Failed)?;
        let mut white = self.seats.take(game.white);
        let mut black = self.seats.take(game.black);
        let seats = [&mut white, &mut black];
        let (record, extras) = match feed {
            Some(feed) => {
                let mut observer = feed.open(game.game, setup.time_control_text());
                play_game_observed(&setup, seats, &mut observer).await
            }
            None => play_game_observed(&setup, seats, &mut NoObserver).await,
        };
        if let Some(cause) = extras.host_fault {
            // No result: the bots never had their chance. Their seats are given back empty or
            // with the process that did start (ended with the seat if not reused).
            self.seats.give_back(game.white, white);
            self.seats.give_back(game.black, black);
            self.setups.collect(slot.as_ref(), &game);
            return Err(PlayError::HostFault(cause));
        }
        if record.termination == Termination::Crash {
            // A job scheduler stopping the run (`scancel`, a time limit) signals every process
            // at once, and a bot may die of it a moment before baraza hears of it: wait that
            // moment, so that the game is dropped with the others (played again on resume)
            // instead of written as the bot's crash.
            tokio::time::sleep(CRASH_SETTLE).await;
        }
        self.seats.give_back(game.white, white);
        self.seats.give_back(game.black, black);
        self.setups.collect(slot.as_ref(), &game);
        self.crash.after_game(&game, &record, &extras, run);
        Ok(record)
    }

    /// Play `plan` at most `concurrency` games at a time, every event to `sinks`.
    pub fn run(
        &self,
        config: &TournamentConfig,
        concurrency: usize,
        plan: RunPlan,
        sinks: &mut Sinks<'_>,
        signals: SignalPolicy,
    ) -> Result<Ended, ArenaError> {
        become_subreaper();
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(ArenaError::Runtime)?;
        let interrupt = Interrupt::new();
        let result = rt.block_on(async {
            let run = interrupt.clone();
            let watcher =
                tokio::spawn(Signals::install()?.watch(signals, move |step| run.shutdown(step)));
            // Moves are reported only when a sink follows them (the live page).
            let (tx, rx) = match sinks.follow_moves() {
                true => {
                    let (tx, rx) = feed();
                    (Some(tx), Some(rx))
                }
                false => (None, None),
            };
            let play = |game: ScheduledGame| self.play(game, &interrupt, tx.as_ref());
            let ran = run_plan_fed(config, concurrency, plan, play, &interrupt, sinks, rx).await;
            if ran.is_ok() && !interrupt.killed() {
                // The kept processes: `quit`, their grace, then their groups are killed.
                self.seats.close(self.setups.grace).await;
            }
            watcher.abort();
            Ok::<_, ArenaError>(ran?)
        });
        if let Logs::Slots(slots) = &self.setups.logs {
            slots.remove();
        }
        let killed = interrupt.killed();
        if killed {
            // Dropped games' bots were killed, and so are the kept processes now (at once,
            // or the reaping would wait on them); reap them before anything else.
            self.seats.clear();
            drop(rt);
            reap_all_children();
        }
        Ok(Ended {
            outcome: result?,
            killed,
            stopped: interrupt.stopped(),
        })
    }
}
