//! The first check: start the bot, send the hello, and read until `ready` or the startup
//! deadline, keeping what it sent instead, for a diagnosis in words (a few lines of it, and
//! the first [`MAX_IDS`] `id` lines, as the referee: a bot that floods costs no memory).

use super::Check;
use crate::bot::startup_diagnosis::{diagnose, KEPT_LINES};
use crate::bot::{deadline_after, describe_status, Bot, ReadError, StderrSink};
use crate::protocol::{self, BotMsg, MAX_IDS};
use std::time::Duration;
use tokio::time::Instant;

/// Start `argv` for `ruleset` and wait for `ready`; the check, and on success the bot still
/// running (for the `quit` check).
pub async fn hello(argv: &[String], ruleset: &str, startup: Duration) -> (Check, Option<Bot>) {
    let name = "starts and answers the hello with 'ready'";
    let mut bot = match Bot::spawn(argv, StderrSink::Discard) {
        Ok(b) => b,
        Err(e) => {
            return (
                Check::failed(name, format!("could not be started: {e}")),
                None,
            )
        }
    };
    let started = Instant::now();
    let deadline = deadline_after(started, startup);
    if bot.send(&protocol::hello(ruleset), deadline).await.is_err() {
        let detail = exited(&mut bot, "before reading the hello").await;
        return (Check::failed(name, detail), None);
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
                return (Check::failed(name, detail), None);
            }
            Err(ReadError::Eof) => {
                let detail = exited(&mut bot, "before sending 'ready'").await;
                return (Check::failed(name, detail), None);
            }
            Err(e) => return (Check::failed(name, e.to_string()), None),
        }
    }
    let ms = started.elapsed().as_millis();
    let said = if ids.is_empty() {
        "no id lines".to_string()
    } else {
        ids.join(", ")
    };
    (Check::passed(name, format!("{ms} ms; {said}")), Some(bot))
}

/// How a bot that stopped talking ended: its exit status and the end of its stderr.
async fn exited(bot: &mut Bot, when: &str) -> String {
    let how = match bot.wait_exit(Duration::from_millis(200)).await {
        Some(st) => describe_status(&st),
        None => "closed its output".to_string(),
    };
    match bot.stderr_tail(Duration::from_millis(100)).await {
        Some(tail) => format!("{how} {when}; its stderr ended: {tail}"),
        None => format!("{how} {when} (it wrote nothing on stderr)"),
    }
}
