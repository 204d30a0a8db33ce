//! The sinks of a run's events ([`crate::tournament::run::events`], the runner's interface):
//! `match` and `tournament` emit the same events and share the sinks:
//!
//! - [`jsonl`]: `games.jsonl` (header, then one line per game) and `match --jsonl`;
//! - [`pgn`]: the PGN-like log (`games.pgn`, `match --pgn`);
//! - [`match_line`]: `match`'s line per game on stdout and its final tally;
//! - [`progress`]: the tournament's bar / plain lines and its notices on stderr;
//! - [`live`]: the live page (`--live FILE`), rewritten every few seconds while the run goes.

pub mod jsonl;
pub mod live;
pub mod match_line;
pub mod pgn;
pub mod progress;

pub use crate::tournament::run::events::{RunEvent, Sink, SinkError, Sinks};
use crate::tournament::run::interrupt::Cause;

/// One line for a person about an event, e.g.
/// `game 5/12 r1-p3-a: b vs c 0-1 (illegal move)`.
pub fn describe(e: &RunEvent<'_>) -> String {
    match e {
        RunEvent::GameStarted { game } => format!(
            "game {} {} started: {} vs {}",
            game.game, game.game_id, game.white_name, game.black_name
        ),
        RunEvent::Opened { game, time_control } => {
            format!("game {game} set up, time control {time_control}")
        }
        RunEvent::Moved {
            game,
            ply,
            token,
            time_ms,
            ..
        } => format!("game {game} ply {}: {token} ({time_ms} ms)", ply + 1),
        RunEvent::GameFinished {
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
        RunEvent::NotPlayed { game, cause, .. } => format!(
            "game {} {} not played: it could not start, for a reason of the host's, not the \
             bots': {cause}",
            game.game, game.game_id
        ),
        RunEvent::SprtDecided { sprt } => format!(
            "SPRT {} vs {}: LLR {:.2} outside [{:.2}, {:.2}]: {}; no more games are started",
            sprt.first,
            sprt.second,
            sprt.report.llr,
            sprt.report.lower,
            sprt.report.upper,
            sprt.report.decision
        ),
        RunEvent::Stopping { cause, running } => describe_stop(cause, *running),
        RunEvent::Aborting { cause, running } => describe_abort(cause, *running),
    }
}

fn describe_stop(cause: &Cause, running: usize) -> String {
    let grace = |why: String, grace: &std::time::Duration| {
        format!(
            "{why}: no new games are started; the {} may finish within {} s, then they are aborted (Ctrl-C to stop now)",
            crate::count::counted(running as u64, "running game"),
            grace.as_secs()
        )
    };
    match cause {
        Cause::CtrlC { grace: g } => grace("Ctrl-C".into(), g),
        Cause::StopFile { path, grace: g } => grace(format!("{} found", path.display()), g),
        Cause::Crash => "a bot crashed (--on-crash abort): no new games are started".into(),
        Cause::FailedStarts => {
            "a bot failed to start in two games in a row: no new games are started".into()
        }
        Cause::SinkFailed => "a log cannot be written: no new games are started".into(),
        Cause::HostFaults => format!(
            "{} games in a row could not start, for a reason of the host's: no new games are \
             started",
            crate::tournament::run::runner::HOST_FAULTS_IN_A_ROW
        ),
        _ => "no new games are started".into(),
    }
}

fn describe_abort(cause: &Cause, running: usize) -> String {
    match cause {
        Cause::SecondCtrlC => "second Ctrl-C: stopping now; the running games are dropped".into(),
        Cause::Terminated(sig) => format!("{sig}: stopping now; the running games are dropped"),
        _ => {
            format!("aborting the {running} games still running (they are played again on resume)")
        }
    }
}
