//! The first check: start the bot as a game would (its `--env`, its fresh directory), send the
//! hello, and read until `ready` or the startup deadline, keeping what it sent instead (a few
//! lines of it, and the first [`MAX_IDS`] `id` lines, as the referee: a bot that floods costs no
//! memory). A failure reads as the referee's reason for the same start ([`why_no_ready`], a
//! crash's stderr tail and [`hosting_hint`]), so `check-bot` and `match` name one cause in one
//! set of words. A bot that exits before `ready` may be declining the ruleset: see [`Hello`].

use super::Check;
use crate::bot::environment::dropped;
use crate::bot::startup_diagnosis::KEPT_LINES;
use crate::bot::{deadline_after, describe_status, Bot, ReadError, StderrSink};
use crate::protocol::{self, BotMsg, MAX_IDS};
use crate::referee::{busy_start, hosting_hint, why_no_ready, PlayerSetup, Said};
use std::time::Duration;
use tokio::time::Instant;

/// The name of the hello check.
pub const HELLO: &str = "starts and answers the hello with 'ready'";

/// How long to wait for the exit status of a bot that closed its output (as the referee: it
/// returns as soon as the bot exits).
const EXIT_WAIT: Duration = Duration::from_secs(3);
/// How long to wait for the rest of its stderr.
const TAIL_WAIT: Duration = Duration::from_millis(100);

/// What became of the hello.
pub enum Hello {
    /// The check passed; the bot, still running, is to be sent `quit`.
    Ready(Check, Box<Bot>),
    /// It exited with status 0 before `ready`, as protocol.md says a bot declines a ruleset:
    /// the report line's detail.
    Declined(String),
    /// It exited with another status before `ready`, on its own (no signal): a decline when
    /// it says `ready` to another ruleset of the run (`declined`, the line's detail), else a
    /// failure to start (`failed`).
    Quit {
        failed: Check,
        declined: String,
    },
    Failed(Check),
}

/// Start `bot` (as set up for `ruleset`) and wait for `ready`.
pub async fn hello(bot: &PlayerSetup, ruleset: &str, startup: Duration) -> Hello {
    let fail = |detail: String| Hello::Failed(Check::failed(HELLO, detail));
    let gone = dropped(&bot.spawn.env, |n| std::env::var_os(n));
    let mut proc = match Bot::spawn_with(&bot.argv, StderrSink::Discard, &bot.spawn) {
        Ok(b) => b,
        Err(e) => return fail(format!("could not be started: {e}")),
    };
    let started = Instant::now();
    let deadline = deadline_after(started, startup);
    let late = format!(
        "did not send 'ready' within the startup deadline of {} ms",
        startup.as_millis()
    );
    if proc
        .send(&protocol::hello(ruleset), deadline)
        .await
        .is_err()
    {
        return ended(&mut proc, ruleset, &gone).await;
    }
    let hello_at = Instant::now();
    let mut ids = Vec::new();
    let mut ignored = Vec::new();
    let mut spoke = false;
    loop {
        match proc.read_line(deadline).await {
            Ok(line) => {
                spoke = true;
                match protocol::parse_bot_line(&line) {
                    BotMsg::Ready => break,
                    BotMsg::Id { key, value } if ids.len() < MAX_IDS => {
                        ids.push(format!("id {key} {value}"));
                    }
                    BotMsg::Id { .. } | BotMsg::Blank | BotMsg::Info(_) => {}
                    // Its opt-in to search limits: taken by the referee, as `id` lines.
                    BotMsg::Other(l)
                        if l.split_ascii_whitespace().next() == Some(protocol::FEATURE) => {}
                    _ if ignored.len() < KEPT_LINES => ignored.push(line),
                    _ => {}
                }
                // Lines already buffered come without waiting: a bot that floods is stopped
                // by the clock here.
                if Instant::now() >= deadline {
                    return fail(format!("{late}{}", busy_start(&ignored)));
                }
            }
            Err(ReadError::Timeout) if proc.try_status().is_none() => {
                let said = Said {
                    spoke,
                    ignored: &ignored,
                    hello_at,
                };
                let cause = why_no_ready(&mut proc, said, startup, &gone, &mut |_, _| {}).await;
                return fail(format!("{late}{cause}"));
            }
            Err(ReadError::Timeout | ReadError::Eof) => {
                return ended(&mut proc, ruleset, &gone).await;
            }
            Err(e) => return fail(e.to_string()),
        }
    }
    let ms = started.elapsed().as_millis();
    let said = if ids.is_empty() {
        "no id lines".to_string()
    } else {
        ids.join(", ")
    };
    Hello::Ready(
        Check::passed(HELLO, format!("{ms} ms; {said}")),
        Box::new(proc),
    )
}

/// A bot that stopped talking before `ready`: declined with status 0; with another status, a
/// crash (in the referee's words: how it ended, its stderr's end, a hint when that points at
/// its hosting) that may be a decline ([`Hello::Quit`]); killed by a signal, a crash.
async fn ended(bot: &mut Bot, ruleset: &str, gone: &[&str]) -> Hello {
    let status = bot.wait_exit(EXIT_WAIT).await;
    let tail = bot.stderr_tail(TAIL_WAIT).await;
    let said = match &tail {
        Some(t) => format!("; its stderr ended: {t}"),
        None => " (it wrote nothing on stderr)".to_string(),
    };
    let hint = hosting_hint(tail.as_deref().unwrap_or(""), bot.workdir(), gone);
    let hello = protocol::hello(ruleset);
    let hello = hello.trim_end();
    let crashed = |how: String| {
        let said = tail
            .as_ref()
            .map_or(String::new(), |t| format!("; its stderr ended: {t}"));
        Check::failed(HELLO, format!("crashed: {how}{said}{hint}"))
    };
    match status {
        Some(st) if st.success() => Hello::Declined(format!(
            "it exited with status 0 after the hello '{hello}' without sending 'ready', as \
             protocol.md advises for a ruleset a bot does not play{said}"
        )),
        Some(st) if st.code().is_some() => Hello::Quit {
            failed: crashed(describe_status(&st)),
            declined: format!(
                "it {} after the hello '{hello}' without sending 'ready' (read as declining, \
                 as it plays another ruleset given; protocol.md's way is status 0){said}",
                describe_status(&st)
            ),
        },
        Some(st) => Hello::Failed(crashed(describe_status(&st))),
        None => Hello::Failed(crashed("closed its output".to_string())),
    }
}
