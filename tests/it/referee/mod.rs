//! The referee and `baraza match`, with real bot processes; and the players and games of the
//! referee's library API that its tests set up.

mod adjudication;
mod bot_io;
mod e2e;
mod fair_play;
mod lateness;
mod matches;
mod memory;
mod misbehaving;
mod observer;
mod reuse;
mod same_sinks;
mod search_limits;
mod signals;
mod transcripts;

use crate::support::exe;
use baraza::bot::StderrSink;
use baraza::clock::TimeControl;
use baraza::referee::{GameSetup, PlayerSetup};
use std::path::PathBuf;
use std::time::Duration;

/// A player of the library API: its name and command, stderr discarded, its info lines
/// logged to `info_log`.
pub(super) fn player(name: &str, argv: Vec<String>, info_log: Option<PathBuf>) -> PlayerSetup {
    PlayerSetup {
        name: name.to_string(),
        argv,
        stderr: StderrSink::Discard,
        info_log,
        transcript: None,
        seed: None,
        spawn: Default::default(),
    }
}

/// The command of `baraza bot NAME`.
pub(super) fn builtin(name: &str) -> Vec<String> {
    vec![
        exe().to_string_lossy().into_owned(),
        "bot".into(),
        name.into(),
    ]
}

/// Game `game` of `ruleset` from its start, 5 s a move, with `players`.
pub(super) fn setup(ruleset: &str, game: u64, players: [PlayerSetup; 2]) -> GameSetup {
    GameSetup {
        game,
        players,
        start: baraza::games::ruleset(ruleset).unwrap().start_position(),
        tc: [TimeControl::from_options(None, Some(5000), 50).unwrap(); 2],
        startup_timeout: [Duration::from_secs(10); 2],
        grace: Duration::from_secs(1),
        max_plies: None,
        adjudication: Default::default(),
        seed: 1,
        event: "test".into(),
        site: "?".into(),
        round: game.to_string(),
    }
}
