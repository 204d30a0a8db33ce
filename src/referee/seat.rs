//! A bot's seat for a sequence of games ([`Seat`]: its process kept between games) and one side
//! of the game in play ([`Side`], with its reuse state as a [`ProcessStage`]).

use crate::bot::Bot;
use crate::protocol;
use std::process::ExitStatus;
use std::time::Duration;

/// The process of a bot kept between games.
pub(super) struct Live {
    pub bot: Bot,
    /// The ruleset of its hello: a process serves one ruleset.
    pub ruleset: String,
    /// The `id` lines of its handshake.
    pub ids: Vec<(String, String)>,
    /// Games this process has played to their end (it was sent their `newgame`).
    pub games: u64,
}

/// One bot's seat for a sequence of games: holds the bot's process between games, so that the
/// next game the seat is used for can reuse it instead of starting a fresh one (like cutechess
/// and fastchess keep engines alive between games).
///
/// A seat belongs to one bot (one command): [`play_game_with`](super::play_game_with) reuses the process it holds
/// without looking at the [`PlayerSetup::argv`](super::PlayerSetup::argv) of the game, which is used only when a process
/// must be started. The side the bot plays may change from game to game. A process is kept
/// after a game only when the seat reuses (`Seat::new(true)`), the bot was not at fault (the
/// game ended normally, by adjudication, or by the opponent's fault) and it is still running;
/// otherwise it gets `gameover` + `quit`, the grace period, and its process group is killed.
/// A kept process is killed (and a fresh one started) when the next game is of another
/// ruleset: the hello, which names the ruleset, happens once per process.
///
/// If a kept process turns out to have exited between games (found before `newgame`, or
/// closing its pipes before its first move of the next game), a fresh process takes its place
/// for that game, without penalty, and the seat stops reusing: that bot plays one game per
/// process from then on (see [`Seat::exits_between_games`]).
///
/// At the end, [`Seat::close`] (or [`close_all`]) sends `quit` and reaps. A seat dropped with a
/// live process kills its process group at once (no grace); a [`play_game_with`](super::play_game_with) future
/// dropped before it completes kills the processes of that game and leaves its seats empty.
/// A process plays one game at a time, so a runner playing K games at once keeps, per bot, a
/// pool of idle seats: it takes one (or `Seat::new(true)` when the pool is empty) for each side
/// of a game, passes them to [`play_game_with`](super::play_game_with), puts them back when the game ends, and calls
/// [`close_all`] on every pool at the end. A seat and the game future are `Send`, so this works
/// within one task or with spawned ones.
///
/// ```no_run
/// # use baraza::referee::{close_all, play_game_with, GameSetup, Seat};
/// # async fn run(setups: Vec<GameSetup>, grace: std::time::Duration) {
/// let (mut a, mut b) = (Seat::new(true), Seat::new(true));
/// for (g, setup) in setups.iter().enumerate() {
///     // Sides alternate: the seat follows the bot, not the side.
///     let seats = if g % 2 == 0 { [&mut a, &mut b] } else { [&mut b, &mut a] };
///     let (_record, _extras) = play_game_with(setup, seats).await;
/// }
/// close_all([a, b], grace).await;
/// # }
/// ```
pub struct Seat {
    pub(super) reuse: bool,
    pub(super) live: Option<Live>,
    pub(super) exits_between_games: u64,
}

impl Seat {
    /// An empty seat; `reuse` false gives the old behaviour: a fresh process every game.
    pub fn new(reuse: bool) -> Seat {
        Seat {
            reuse,
            live: None,
            exits_between_games: 0,
        }
    }

    /// The pid of the process kept for the next game, if any.
    pub fn pid(&self) -> Option<i32> {
        self.live.as_ref().map(|l| l.bot.pid())
    }

    /// How many games the kept process has played (0 when there is none).
    pub fn games_in_process(&self) -> u64 {
        self.live.as_ref().map_or(0, |l| l.games)
    }

    /// How many times a kept process was found to have exited between games.
    pub fn exits_between_games(&self) -> u64 {
        self.exits_between_games
    }

    /// End the kept process, if any: `quit`, up to `grace` to exit, then its process group is
    /// killed and reaped. The seat is empty afterwards (and may be used again).
    pub async fn close(&mut self, grace: Duration) -> Option<ExitStatus> {
        let live = self.live.take()?;
        live.bot.finish(Some(protocol::QUIT), grace).await
    }

    /// [`Seat::close`], and the end of the bot's stderr (see [`Bot::finish_told`]).
    pub async fn close_told(&mut self, grace: Duration) -> (Option<ExitStatus>, Option<String>) {
        match self.live.take() {
            Some(live) => live.bot.finish_told(Some(protocol::QUIT), grace).await,
            None => (None, None),
        }
    }
}

/// [`Seat::close`] for many seats at once (each in a task of its own, so the grace periods
/// overlap). Must be called within a tokio runtime.
pub async fn close_all(seats: impl IntoIterator<Item = Seat>, grace: Duration) {
    let mut set = tokio::task::JoinSet::new();
    for mut seat in seats {
        if seat.live.is_some() {
            set.spawn(async move {
                seat.close(grace).await;
            });
        }
    }
    while set.join_next().await.is_some() {}
}

/// Where one side's process is in the game's start-up; what decides whether it may be kept
/// after the game and whether its exit means it exited between games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ProcessStage {
    /// Started for this game (or none yet), the hello not completed: never kept.
    Starting,
    /// Through the hello; this game's `newgame` not sent yet.
    Ready,
    /// Kept from an earlier game; this game's `newgame` not sent yet.
    Kept,
    /// Kept, sent `newgame`, not moved yet: if it turns out to have exited now, it exited
    /// between games, and a fresh process takes its place.
    Unproven,
    /// Sent `newgame` and in play: a fresh process, or a kept one that has moved.
    Playing,
}

impl ProcessStage {
    /// The hello completed.
    pub fn hello_done(self) -> ProcessStage {
        match self {
            ProcessStage::Starting => ProcessStage::Ready,
            s => s,
        }
    }

    /// This game's `newgame` was sent.
    pub fn told(self) -> ProcessStage {
        match self {
            ProcessStage::Ready => ProcessStage::Playing,
            ProcessStage::Kept => ProcessStage::Unproven,
            s => s,
        }
    }

    /// The bot answered a turn with a move line.
    pub fn moved(self) -> ProcessStage {
        match self {
            ProcessStage::Unproven => ProcessStage::Playing,
            s => s,
        }
    }

    /// Completed a hello (in this game or an earlier one): only such a process can be kept.
    pub fn is_ready(self) -> bool {
        self != ProcessStage::Starting
    }

    /// Was sent this game's `newgame` (the game counts in the process's games).
    pub fn is_told(self) -> bool {
        matches!(self, ProcessStage::Unproven | ProcessStage::Playing)
    }

    /// A kept process not proven alive in this game yet.
    pub fn is_unproven(self) -> bool {
        matches!(self, ProcessStage::Kept | ProcessStage::Unproven)
    }
}

/// One side of the game in play.
pub(super) struct Side {
    pub bot: Option<Bot>,
    pub ids: Vec<(String, String)>,
    /// Games the process had finished before this one (0: started for this game).
    pub games_before: u64,
    pub stage: ProcessStage,
    /// A kept process had exited between games and was replaced (what happened, not a
    /// state: the seat stops reusing after the game).
    pub replaced: bool,
}

impl Default for Side {
    fn default() -> Side {
        Side {
            bot: None,
            ids: Vec::new(),
            games_before: 0,
            stage: ProcessStage::Starting,
            replaced: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ProcessStage::*;

    #[test]
    fn a_fresh_process_is_ready_after_its_hello_and_playing_once_told() {
        let s = Starting;
        assert!(!s.is_ready() && !s.is_told() && !s.is_unproven());
        assert_eq!(s.told(), Starting, "no newgame before the hello");
        assert_eq!(s.moved(), Starting);
        let s = s.hello_done();
        assert_eq!(s, Ready);
        assert!(s.is_ready() && !s.is_told() && !s.is_unproven());
        let s = s.told();
        assert_eq!(s, Playing);
        assert!(s.is_ready() && s.is_told() && !s.is_unproven());
        assert_eq!(s.moved(), Playing);
        assert_eq!(s.hello_done(), Playing);
    }

    #[test]
    fn a_kept_process_is_unproven_until_it_moves() {
        let s = Kept;
        assert!(s.is_ready() && !s.is_told() && s.is_unproven());
        assert_eq!(s.hello_done(), Kept, "a kept process gets no hello");
        assert_eq!(s.moved(), Kept, "it cannot move before newgame");
        let s = s.told();
        assert_eq!(s, Unproven);
        assert!(s.is_ready() && s.is_told() && s.is_unproven());
        let s = s.moved();
        assert_eq!(s, Playing);
        assert!(!s.is_unproven());
    }
}
