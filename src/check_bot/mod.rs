//! `baraza check-bot`: walk one bot through everything the protocol asks, the way `match`
//! plays it, and say in words what is wrong (cf. fastchess `--compliance`): the hello and
//! `ready` within the deadline, full games against a random mover on both sides of every
//! ruleset, several games in one process (`gameover` then `newgame`), a position with one
//! legal move, `quit` then exit within the grace. Mistakes in the command itself (no `#!`, CRLF,
//! not executable...) are caught before, by [`crate::bot::preflight`].

mod games;
mod one_move;
mod probe;
mod report;

use crate::clock::TimeControl;
use crate::games::Ruleset;
use crate::referee::PlayerSetup;
use std::time::Duration;

pub use report::{Latency, Report};

/// One check's outcome, e.g. `darra: exits after 'quit'`, passed, `in 3 ms`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Check {
    pub name: String,
    pub passed: bool,
    /// What was seen: a figure when passed, the offending line or reason when not.
    pub detail: String,
}

impl Check {
    fn passed(name: &str, detail: String) -> Check {
        Check {
            name: name.to_string(),
            passed: true,
            detail,
        }
    }
    fn failed(name: &str, detail: String) -> Check {
        Check {
            name: name.to_string(),
            passed: false,
            detail,
        }
    }
}

/// A player for one game: the ruleset and that game's seed.
pub type PlayerFor = Box<dyn Fn(&str, u64) -> PlayerSetup>;

/// What to check and how.
pub struct CheckSetup {
    pub rulesets: Vec<&'static Ruleset>,
    /// The bot under test (argv for the hello probe; the player for the games).
    pub bot_argv: Vec<String>,
    pub bot: PlayerFor,
    pub opponent: PlayerFor,
    /// Full games per ruleset (sides alternate, the bot first as player 1).
    pub games: u64,
    pub tc: TimeControl,
    pub startup_timeout: Duration,
    pub grace: Duration,
    pub seed: u64,
}

/// Run every check (within a tokio runtime). Later checks run even when an earlier one failed,
/// so one run lists every problem; only a bot that cannot say `ready` ends it early.
pub async fn check_bot(setup: &CheckSetup) -> Report {
    let first = setup.rulesets.first().map_or("darra", |r| r.id);
    let (hello, probe) = probe::hello(&setup.bot_argv, first, setup.startup_timeout).await;
    let mut checks = vec![hello];
    let mut think_ms = Vec::new();
    if let Some(bot) = probe {
        bot.finish(Some(crate::protocol::QUIT), setup.grace).await;
        for ruleset in &setup.rulesets {
            let found = games::play(setup, ruleset).await;
            checks.extend(found.checks);
            think_ms.extend(found.think_ms);
        }
    }
    Report::new(checks, &think_ms)
}
