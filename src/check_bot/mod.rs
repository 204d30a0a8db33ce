//! `baraza check-bot`: walk one bot through everything the protocol asks, the way `match`
//! plays it, and say in words what is wrong (cf. fastchess `--compliance`): the hello and
//! `ready` within the deadline, full games against a random mover on both sides of every
//! ruleset, several games in one process (`gameover` then `newgame`), a position with one
//! legal move, `quit` then exit within the grace. Mistakes in the command itself (no `#!`, CRLF,
//! not executable...) are caught before, by [`crate::bot::preflight`].
//!
//! It reports causes, not symptoms: a check that cannot be judged because an earlier one failed
//! (its games ended by the bot's fault, its process was killed for it) is not run and is listed
//! as skipped because of that one, so one fault gives one `FAIL` line, and the same cause met in
//! another ruleset is skipped because of the first (`same_cause.rs`). A bot that exits with
//! status 0 when the hello names a ruleset it does not play (as protocol.md advises), or with
//! another status while it says `ready` to another ruleset given, is one line: it does not play
//! that ruleset. A failed start reads as the referee's reason for it (`probe.rs`).
//!
//! The bot runs under the hosting it is given (limits, sandbox, environment: [`setup`]);
//! [`entrants`] checks every bot of an event file under the event's own ruleset, clocks and
//! hosting.

mod check;
pub mod entrants;
mod games;
mod one_move;
mod probe;
mod report;
mod same_cause;
pub mod setup;
mod turn_timer;

use crate::clock::TimeControl;
use crate::games::Ruleset;
use crate::referee::PlayerSetup;
use probe::Hello;
use std::time::Duration;

pub use check::{Check, CheckStatus};
pub use report::{Latency, Report};

/// A player for one game: the ruleset and that game's seed.
pub type PlayerFor = Box<dyn Fn(&str, u64) -> PlayerSetup>;

/// What to check and how.
pub struct CheckSetup {
    pub rulesets: Vec<&'static Ruleset>,
    /// The bot under test (also started alone for each ruleset's hello).
    pub bot: PlayerFor,
    pub opponent: PlayerFor,
    /// Full games per ruleset (sides alternate, the bot first as player 1).
    pub games: u64,
    pub tc: TimeControl,
    pub startup_timeout: Duration,
    pub grace: Duration,
    pub seed: u64,
}

/// Run every check (within a tokio runtime). Each ruleset is checked on its own, so one run
/// lists the problems of every ruleset; only a bot that cannot say `ready` to the first hello
/// (and is not declining it) ends it early. The same cause met in several rulesets is one
/// `FAIL` line (`same_cause.rs`).
pub async fn check_bot(setup: &CheckSetup) -> Report {
    let mut hello: Option<Check> = None;
    let mut declined: Vec<(&str, String)> = Vec::new();
    let mut rows = Vec::new();
    // Rulesets whose hello the bot left with a non-zero status: (row, ruleset, as declined).
    let mut quits: Vec<(usize, &str, String)> = Vec::new();
    let mut think_ms = Vec::new();
    for ruleset in &setup.rulesets {
        let bot = (setup.bot)(ruleset.id, setup.seed);
        match probe::hello(&bot, ruleset.id, setup.startup_timeout).await {
            Hello::Ready(check, bot) => {
                bot.finish(Some(crate::protocol::QUIT), setup.grace).await;
                hello.get_or_insert(check);
                let found = games::play(setup, ruleset).await;
                rows.extend(found.checks);
                think_ms.extend(found.think_ms);
            }
            Hello::Declined(detail) => {
                rows.push(Check::declined(ruleset.id, &detail));
                declined.push((ruleset.id, detail));
            }
            Hello::Failed(check) if hello.is_none() && declined.is_empty() && quits.is_empty() => {
                return Report::new(vec![check], &[]);
            }
            Hello::Failed(check) => rows.push(check.for_ruleset(ruleset.id)),
            Hello::Quit { failed, declined } => {
                quits.push((rows.len(), ruleset.id, declined));
                rows.push(failed);
            }
        }
    }
    // A non-zero exit on a hello is a decline when the bot plays another ruleset given; else
    // it is its failure to start, the first one the report's first line.
    let first = match (hello, quits.first()) {
        (Some(h), _) => {
            for (row, id, detail) in quits {
                rows[row] = Check::declined(id, &detail);
                declined.push((id, detail));
            }
            h
        }
        (None, Some(&(row, ..))) => {
            let first = rows.remove(row);
            for (row, id, _) in &quits[1..] {
                let check = &mut rows[row - 1];
                *check = check.clone().for_ruleset(id);
            }
            first
        }
        (None, None) => Check::declined_by_all(&declined),
    };
    let mut checks = vec![first];
    checks.extend(rows);
    Report::new(same_cause::one_fail_per_cause(checks), &think_ms)
}
