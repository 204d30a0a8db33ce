//! The moves of the games in play, for the sinks that follow games as they go (the live page):
//! each game's referee reports to a [`FeedObserver`], which queues what it saw; the run loop
//! ([`super::runner`]) drains the queue after each poll of the games and emits it as run events
//! ([`super::events::RunEvent::Opened`], [`super::events::RunEvent::Moved`]).
//!
//! Only a run with such a sink has a feed: without one the referee reports to nobody. The
//! observer runs on the referee's hot path, so it only queues (no lock held, no I/O); the
//! games are polled inside the run loop's own task, so the queue is read right after the poll
//! that filled it, with no waker.

use crate::game::Player;
use crate::referee::GameObserver;
use std::sync::mpsc::{Receiver, Sender};

/// What a game in play reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fed {
    /// Game `game` (its schedule number) is about to be played under this time control (the
    /// record's `TimeControl` text).
    Opened { game: u64, time_control: String },
    /// A move of game `game`, as the record will hold it, with the mover's last info line
    /// since its previous move.
    Moved {
        game: u64,
        ply: usize,
        player: Player,
        token: String,
        time_ms: u64,
        info: Option<String>,
    },
}

/// The sending end, one per run; each game gets a [`FeedObserver`] of it.
#[derive(Clone)]
pub struct FeedSender(Sender<Fed>);

/// The receiving end, read by the run loop.
pub struct Feed(Receiver<Fed>);

/// A feed for one run.
pub fn feed() -> (FeedSender, Feed) {
    let (tx, rx) = std::sync::mpsc::channel();
    (FeedSender(tx), Feed(rx))
}

impl FeedSender {
    /// The observer of game `game`, announced as opened with `time_control`.
    pub fn open(&self, game: u64, time_control: String) -> FeedObserver {
        // The receiver lives as long as the run loop that plays this game.
        let _ = self.0.send(Fed::Opened { game, time_control });
        FeedObserver {
            game,
            tx: self.0.clone(),
            last_info: Default::default(),
        }
    }
}

impl Feed {
    /// Pass what was queued since the last call to `f`, oldest first.
    pub fn drain(&self, mut f: impl FnMut(Fed)) {
        for fed in self.0.try_iter() {
            f(fed);
        }
    }
}

/// One game's observer: queues each move with the mover's last `info` line.
pub struct FeedObserver {
    game: u64,
    tx: Sender<Fed>,
    last_info: [Option<String>; 2],
}

impl GameObserver for FeedObserver {
    fn info(&mut self, player: Player, _ply: usize, text: &str) {
        let kept = crate::record::info::capped(text);
        let last = &mut self.last_info[player.index()];
        match last {
            Some(s) => {
                s.clear();
                s.push_str(kept);
            }
            None => *last = Some(kept.to_string()),
        }
    }

    fn moved(&mut self, ply: usize, player: Player, token: &str, time_ms: u64) {
        let _ = self.tx.send(Fed::Moved {
            game: self.game,
            ply,
            player,
            token: token.to_string(),
            time_ms,
            info: self.last_info[player.index()].take(),
        });
    }
}
