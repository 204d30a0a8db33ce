//! The first check: start the bot, send the hello, and read until `ready` or the startup
//! deadline, keeping what it sent instead, for a diagnosis in words (a few lines of it, and
//! the first [`MAX_IDS`] `id` lines, as the referee: a bot that floods costs no memory). A bot
//! that exits with status 0 before `ready` declines the ruleset, as protocol.md advises.

use super::Check;
use crate::bot::startup_diagnosis::{diagnose, KEPT_LINES};
use crate::bot::{deadline_after, describe_status, Bot, ReadError, SpawnOptions, StderrSink};
use crate::protocol::{self, BotMsg, MAX_IDS};
use std::time::Duration;
use tokio::time::Instant;

/// What became of the hello.
pub enum Hello {
    /// The check passed; the bot, still running, is to be sent `quit`.
    Ready(Check, Box<Bot>),
    /// It exited with status 0 before `ready`: the report line's detail.
    Declined(String),
    Failed(Check),
}

/// Start `argv` for `ruleset` as `spawn` says (the limits and sandbox it is checked under) and
/// wait for `ready`.
pub async fn hello(
    argv: &[String],
    spawn: &SpawnOptions,
    ruleset: &str,
    startup: Duration,
) -> Hello {
    let name = "starts and answers the hello with 'ready'";
    let mut bot = match Bot::spawn_with(argv, StderrSink::Discard, spawn) {
        Ok(b) => b,
        Err(e) => return Hello::Failed(Check::failed(name, format!("could not be started: {e}"))),
    };
    let started = Instant::now();
    let deadline = deadline_after(started, startup);
    let hello = protocol::hello(ruleset);
    if bot.send(&hello, deadline).await.is_err() {
        return ended(&mut bot, name, ruleset, "before reading the hello").await;
    }
    let mut ids = Vec::new();
    let mut ignored = Vec::new();
    loop {
        match bot.read_line(deadline).await {
            Ok(line) => match protocol::parse_bot_line(&line) {
                BotMsg::Ready => break,
                BotMsg::Id { key, value } if ids.len() < MAX_IDS => {
                    ids.push(format!("id {key} {value}"));
                }
                BotMsg::Id { .. } | BotMsg::Blank | BotMsg::Info(_) => {}
                _ if ignored.len() < KEPT_LINES => ignored.push(line),
                _ => {}
            },
            Err(ReadError::Timeout) => {
                let ms = startup.as_millis();
                let detail = format!("no 'ready' within {ms} ms{}", diagnose(&ignored));
                return Hello::Failed(Check::failed(name, detail));
            }
            Err(ReadError::Eof) => {
                return ended(&mut bot, name, ruleset, "before sending 'ready'").await;
            }
            Err(e) => return Hello::Failed(Check::failed(name, e.to_string())),
        }
    }
    let ms = started.elapsed().as_millis();
    let said = if ids.is_empty() {
        "no id lines".to_string()
    } else {
        ids.join(", ")
    };
    Hello::Ready(
        Check::passed(name, format!("{ms} ms; {said}")),
        Box::new(bot),
    )
}

/// A bot that stopped talking `when`: declined with status 0, else failed with its exit
/// status and the end of its stderr.
async fn ended(bot: &mut Bot, name: &str, ruleset: &str, when: &str) -> Hello {
    let status = bot.wait_exit(Duration::from_millis(200)).await;
    let tail = match bot.stderr_tail(Duration::from_millis(100)).await {
        Some(tail) => format!("; its stderr ended: {tail}"),
        None => " (it wrote nothing on stderr)".to_string(),
    };
    match status {
        Some(st) if st.success() => Hello::Declined(format!(
            "it exited with status 0 after the hello '{}' without sending 'ready', as \
             protocol.md advises for a ruleset a bot does not play{tail}",
            protocol::hello(ruleset).trim_end()
        )),
        Some(st) => Hello::Failed(Check::failed(
            name,
            format!("{} {when}{tail}", describe_status(&st)),
        )),
        None => Hello::Failed(Check::failed(
            name,
            format!("closed its output {when}{tail}"),
        )),
    }
}
