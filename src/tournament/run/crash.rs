//! `--on-crash abort`: the first game a bot loses by a crash stops the run (no new games; the
//! running ones finish), and the command's final message names that game. And, for `match`:
//! a bot that fails to start in [`FAILED_STARTS`] games in a row stops the run too, instead of
//! costing its startup deadline in every game left (`--keep-going` plays on).

use super::interrupt::{Cause, Interrupt};
use crate::outcome::Termination;
use crate::record::GameRecord;
use crate::referee::GameExtras;
use crate::tournament::plan::config::OnCrash;
use crate::tournament::plan::schedule::ScheduledGame;
use std::cell::RefCell;

/// Games in a row a bot may fail to start before [`CrashPolicy::stop_on_failed_starts`] stops
/// the run.
pub const FAILED_STARTS: u32 = 2;

pub struct CrashPolicy {
    on_crash: OnCrash,
    first: RefCell<Option<String>>,
    /// Per bot: games in a row it failed to start; `None` when failed starts never stop a run.
    failed_starts: Option<RefCell<Vec<u32>>>,
    stopped_for: RefCell<Option<String>>,
}

impl CrashPolicy {
    pub fn new(on_crash: OnCrash) -> CrashPolicy {
        CrashPolicy {
            on_crash,
            first: RefCell::new(None),
            failed_starts: None,
            stopped_for: RefCell::new(None),
        }
    }

    /// Also stop the run when one of `bots` bots fails to start in [`FAILED_STARTS`] games in
    /// a row.
    pub fn stop_on_failed_starts(mut self, bots: usize) -> CrashPolicy {
        self.failed_starts = Some(RefCell::new(vec![0; bots]));
        self
    }

    /// Look at a finished game; stop the run on the first crash with `--on-crash abort`, or on
    /// a bot's second failed start in a row when asked.
    pub fn after_game(
        &self,
        game: &ScheduledGame,
        record: &GameRecord,
        extras: &GameExtras,
        run: &Interrupt,
    ) {
        self.count_starts(game, record, extras, run);
        if record.termination == Termination::Crash && self.on_crash == OnCrash::Abort {
            self.first.borrow_mut().get_or_insert_with(|| {
                format!("game {} ({}): {}", game.game, game.game_id, record.reason)
            });
            run.stop_because(Cause::Crash);
        }
    }

    fn count_starts(
        &self,
        game: &ScheduledGame,
        record: &GameRecord,
        extras: &GameExtras,
        run: &Interrupt,
    ) {
        let Some(counts) = &self.failed_starts else {
            return;
        };
        let mut counts = counts.borrow_mut();
        // A side that did not start failed only when it lost (or both failed: a draw); the
        // other side of a game cut short by its opponent never got the chance.
        let points = record.result.points().unwrap_or((0.5, 0.5));
        let lost = [points.0 < points.1, points.1 < points.0];
        let both = !extras.started[0] && !extras.started[1];
        for (side, bot) in [game.white, game.black].into_iter().enumerate() {
            let Some(n) = counts.get_mut(bot) else {
                continue;
            };
            let failed = !extras.started[side] && (lost[side] || both);
            *n = if failed { *n + 1 } else { 0 };
            if *n >= FAILED_STARTS {
                let name = [&record.white, &record.black][side];
                self.stopped_for.borrow_mut().get_or_insert_with(|| {
                    format!(
                        "{name} failed to start in {n} games in a row (game {}: {}): the rest \
                         would fail alike, so no new games are started (--keep-going plays \
                         them anyway)",
                        record.game, record.reason
                    )
                });
                run.stop_because(Cause::FailedStarts);
            }
        }
    }

    /// Why failed starts stopped the run, if they did.
    pub fn failed_starts(&self) -> Option<String> {
        self.stopped_for.borrow().clone()
    }

    /// `game 3 (r1-p2-a): <reason>` of the crash that stopped the run, if one did.
    pub fn crashed(&self) -> Option<String> {
        self.first.borrow().clone()
    }
}
