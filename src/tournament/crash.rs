//! `--on-crash abort`: the first game a bot loses by a crash stops the run (no new games; the
//! running ones finish), and the command's final message names that game.

use super::config::OnCrash;
use super::interrupt::{Cause, Interrupt};
use super::schedule::ScheduledGame;
use crate::outcome::Termination;
use crate::record::GameRecord;
use std::cell::RefCell;

pub struct CrashPolicy {
    on_crash: OnCrash,
    first: RefCell<Option<String>>,
}

impl CrashPolicy {
    pub fn new(on_crash: OnCrash) -> CrashPolicy {
        CrashPolicy {
            on_crash,
            first: RefCell::new(None),
        }
    }

    /// Look at a finished game; stop the run on the first crash with `--on-crash abort`.
    pub fn after_game(&self, game: &ScheduledGame, record: &GameRecord, run: &Interrupt) {
        if record.termination == Termination::Crash && self.on_crash == OnCrash::Abort {
            self.first.borrow_mut().get_or_insert_with(|| {
                format!("game {} ({}): {}", game.game, game.game_id, record.reason)
            });
            run.stop_because(Cause::Crash);
        }
    }

    /// `game 3 (r1-p2-a): <reason>` of the crash that stopped the run, if one did.
    pub fn crashed(&self) -> Option<String> {
        self.first.borrow().clone()
    }
}
