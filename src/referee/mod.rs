//! Plays one game between two bot processes, as named steps: open (start or reuse, handshake,
//! `newgame`), then a loop of turns (ask, await the move, judge, record), then finish
//! (`gameover`, keep or end the processes, the record). [`Seat`] keeps a bot's process between
//! the games of a match; a [`GameObserver`] sees every event of the game as it happens.
//!
//! Nothing a bot claims is trusted: every move is checked against the engine's legal list and
//! every result comes from the engine's status. Every wait has a deadline, so the referee never
//! hangs; every failure of a bot ends the game with one of the fixed terminations, the offending
//! side losing, and the reason says who and why.
//!
//! Files: `setup.rs` (what a game is played from), `seat.rs` (seats and the reuse state),
//! `open.rs`, `turn.rs`, `finish.rs` (the steps), `played.rs` (the moves so far),
//! `verdict.rs` (how a game ends, and how a bot's failure becomes that end), `crash.rs` and
//! `silence.rs` (the words of a crash and of a bot silent at its deadline), `observer.rs` (the
//! events), `transcript.rs` (the protocol transcripts).

mod crash;
mod finish;
mod go_line;
pub mod lateness;
mod observer;
mod open;
mod played;
mod seat;
mod setup;
mod silence;
mod transcript;
mod turn;
mod verdict;

pub use crash::hosting_hint;
pub use observer::{GameObserver, InfoLog, InfoLogs, NoObserver};
pub use seat::{close_all, Seat};
pub use setup::{today, GameExtras, GameSetup, PlayerSetup, INFO_CAP};
pub use silence::{busy_start, why_no_ready, Said};
pub use transcript::{Direction, Transcript, Transcripts, TRANSCRIPT_CAP};

use crate::record::GameRecord;

/// Play one game to its end with fresh bot processes, killed at the end (no reuse). Never
/// panics on anything a bot does; returns the record.
pub async fn play_game(setup: &GameSetup) -> (GameRecord, GameExtras) {
    let mut s1 = Seat::new(false);
    let mut s2 = Seat::new(false);
    play_game_with(setup, [&mut s1, &mut s2]).await
}

/// Play one game to its end, `seats[0]` playing player 1 and `seats[1]` player 2, reusing the
/// processes the seats hold and starting the missing ones (see [`Seat`] for what is kept).
/// Never panics on anything a bot does; returns the record, identical in form whether the
/// processes were reused or not.
///
/// A reused process gets no hello: the game starts with `newgame`. Before that, what it wrote
/// since its last game is read: `info` lines go to this game's info log (ply 0), blank lines
/// are ignored, and any other line loses this game by `protocol error`. Its stderr is switched
/// to this game's [`PlayerSetup::stderr`] sink at the start of the game.
pub async fn play_game_with(setup: &GameSetup, seats: [&mut Seat; 2]) -> (GameRecord, GameExtras) {
    play_game_observed(setup, seats, &mut NoObserver).await
}

/// [`play_game_with`], reporting every event of the game to `observer` as it happens (see
/// [`GameObserver`] for what and in which order).
pub async fn play_game_observed(
    setup: &GameSetup,
    mut seats: [&mut Seat; 2],
    observer: &mut dyn GameObserver,
) -> (GameRecord, GameExtras) {
    lateness::watch();
    let t0 = tokio::time::Instant::now();
    let infos = [0, 1].map(|i| InfoLog::open(&setup.players[i]));
    let transcripts = Transcripts::open(&setup.players, setup.game, t0);
    let mut table = open::Table {
        setup,
        sides: Default::default(),
        report: observer::Report {
            infos: InfoLogs(infos),
            transcripts,
            outer: observer,
            last_info: Default::default(),
        },
        start_text: setup.start.format(),
        host_fault: None,
    };
    let (verdict, played) = match open::open_game(&mut table, &mut seats).await {
        Ok(()) => turn::play_moves(&mut table).await,
        Err(verdict) => (verdict, played::Moves::default()),
    };
    finish::finish_game(table, verdict, seats, played).await
}
