//! The referee's verdict on a game: its outcome, termination and reason, and who was at fault;
//! and how each failure of a bot (a read, a write, a start) turns into one.

use super::crash::{crash_reason, Noticed, EXIT_STATUS_WAIT};
use super::setup::GameSetup;
use crate::bot::{Bot, ReadError, WriteError};
use crate::game::{Outcome, Player};
use crate::outcome::Termination;
use std::time::Duration;

/// The end of a game as the referee decides it.
pub(super) struct Verdict {
    pub outcome: Outcome,
    pub termination: Termination,
    pub reason: String,
    /// The sides at fault, by player index: killed without grace.
    pub offenders: [bool; 2],
}

impl Verdict {
    /// `p` failed: the other player wins.
    pub fn fault(p: Player, termination: Termination, reason: String) -> Verdict {
        Verdict {
            outcome: Outcome::Win(p.other()),
            termination,
            reason,
            offenders: [p == Player::One, p == Player::Two],
        }
    }

    /// The game ended with nobody at fault (by the rules, or adjudicated).
    pub fn clean(outcome: Outcome, termination: Termination, reason: String) -> Verdict {
        Verdict {
            outcome,
            termination,
            reason,
            offenders: [false, false],
        }
    }

    /// The engine contradicted itself: a draw by adjudication that says so.
    pub fn internal(what: &str) -> Verdict {
        Verdict::clean(
            Outcome::Draw,
            Termination::Adjudication,
            format!("internal error: {what}"),
        )
    }

    /// One fault: that verdict. Two: a draw with player 1's termination, `prefix` and both
    /// reasons.
    pub fn combine(mut faults: Vec<(Player, Verdict)>, prefix: &str) -> Verdict {
        if faults.len() == 1 {
            return faults.pop().expect("one fault").1;
        }
        let termination = faults[0].1.termination;
        let reasons: Vec<String> = faults.into_iter().map(|(_, e)| e.reason).collect();
        Verdict {
            outcome: Outcome::Draw,
            termination,
            reason: format!("{prefix}{}", reasons.join("; ")),
            offenders: [true, true],
        }
    }
}

pub(super) fn who(p: Player, setup: &GameSetup) -> String {
    format!("player {} ({})", p.number(), setup.players[p.index()].name)
}

/// The quoted form of bot text in a reason: at most 80 characters.
pub(super) fn quote(text: &str) -> String {
    let mut s: String = text.chars().take(80).collect();
    if s.len() < text.len() {
        s.push_str("...");
    }
    format!("'{s}'")
}

/// A move's time limit in a time-forfeit reason: `N ms (+M ms margin)`.
pub(super) fn limit_text(allowance: Duration, margin: Duration) -> String {
    format!(
        "{} ms (+{} ms margin)",
        allowance.as_millis(),
        margin.as_millis()
    )
}

/// Whether a kept process found gone before its first move of a game quit on its own, with
/// status 0 (a bot written for one game per process, exiting at `gameover`), rather than
/// crashing: only then is it replaced without penalty.
pub(super) async fn quit_between_games(bot: &mut Bot) -> bool {
    bot.wait_exit(EXIT_STATUS_WAIT)
        .await
        .is_some_and(|status| status.success())
}

/// How a failed read ends the game; `timeout_term`/`timeout_text` say what a timeout means,
/// `at` is the position of the bot's turn (a crash's reason names it).
pub(super) async fn read_fault(
    p: Player,
    setup: &GameSetup,
    bot: &mut Bot,
    err: ReadError,
    timeout_term: Termination,
    timeout_text: String,
    at: Option<&str>,
) -> Verdict {
    let w = who(p, setup);
    match err {
        ReadError::Timeout if bot.try_status().is_some() => {
            crashed(p, setup, bot, Noticed::OutputHeld, at).await
        }
        ReadError::Timeout => Verdict::fault(p, timeout_term, format!("{w} {timeout_text}")),
        ReadError::Eof => crashed(p, setup, bot, Noticed::ClosedOutput, at).await,
        ReadError::Io(e) => Verdict::fault(p, Termination::Crash, format!("{w} crashed: {e}")),
        e @ (ReadError::TooLong | ReadError::InvalidUtf8) => {
            Verdict::fault(p, Termination::ProtocolError, format!("{w} {e}"))
        }
    }
}

/// How a failed write ends the game: during a turn a bot that does not read is out of time;
/// before the game it stalled the connection. `at` as for [`read_fault`].
pub(super) async fn write_fault(
    p: Player,
    setup: &GameSetup,
    bot: &mut Bot,
    err: WriteError,
    during_turn: bool,
    at: Option<&str>,
) -> Verdict {
    let w = who(p, setup);
    match err {
        WriteError::Timeout if during_turn => Verdict::fault(
            p,
            Termination::TimeForfeit,
            format!("{w} did not read its input before its deadline"),
        ),
        WriteError::Timeout => Verdict::fault(
            p,
            Termination::StalledConnection,
            format!("{w} did not read its input before the startup deadline"),
        ),
        WriteError::Closed => crashed(p, setup, bot, Noticed::ClosedInput, at).await,
        WriteError::Io(e) => Verdict::fault(p, Termination::Crash, format!("{w} crashed: {e}")),
        WriteError::OverLimit(limit) => {
            Verdict::fault(p, Termination::Crash, format!("{w} {limit}"))
        }
    }
}

/// The verdict on `p`'s bot found dead (see [`crash_reason`]).
async fn crashed(
    p: Player,
    setup: &GameSetup,
    bot: &mut Bot,
    noticed: Noticed,
    at: Option<&str>,
) -> Verdict {
    let reason = crash_reason(&who(p, setup), p, setup, bot, noticed, at).await;
    Verdict::fault(p, Termination::Crash, reason)
}

/// The reason of a bot that sent `ready` after its hello: the same words wherever the referee
/// reads it (between games, before its turn, as its answer), however the timing fell.
pub(super) fn ready_again(p: Player, setup: &GameSetup) -> Verdict {
    let reason = format!(
        "{} sent 'ready' again: 'ready' answers the hello only, once per process (after \
         'gameover' a bot waits for 'newgame' or 'quit')",
        who(p, setup)
    );
    Verdict::fault(p, Termination::ProtocolError, reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_capped() {
        assert_eq!(quote("z9"), "'z9'");
        let long = "x".repeat(500);
        assert_eq!(quote(&long).len(), 80 + 5);
    }
}
