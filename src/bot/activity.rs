//! What a bot that has not answered is doing, for the reason of its fault: computing (some
//! process of it running or waiting for a CPU), or waiting (all of them blocked, typically on
//! a read of their input while their answer sits in an output buffer). Read from `/proc`, a
//! few times over a few milliseconds, so one blocked moment of a computing bot is not taken for
//! waiting.

use super::budget::{members, scan};
use std::time::Duration;

/// How many looks, and how far apart.
const LOOKS: u32 = 4;
const APART: Duration = Duration::from_millis(5);

/// Whether any process of the bot whose first process is `root` is running (state `R`) at any
/// of a few looks; `session` as for [`members`] (the process-group fallback).
pub(crate) async fn computing(root: i32, session: bool) -> bool {
    if root <= 0 {
        return false;
    }
    let mut buf = String::new();
    for look in 0..LOOKS {
        if look > 0 {
            tokio::time::sleep(APART).await;
        }
        let all = scan(&mut buf);
        if members(&all, root, session).iter().any(|p| p.running) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::computing;

    fn child(script: &str) -> std::process::Child {
        std::process::Command::new("sh")
            .args(["-c", script])
            .stdin(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_busy_loop_computes_and_a_blocked_read_does_not() {
        let mut busy = child("while :; do :; done");
        let mut idle = child("read x");
        for _ in 0..3 {
            assert!(computing(busy.id() as i32, false).await);
        }
        // Once it has reached its read (it starts running), it waits there for good.
        let mut waited = false;
        for _ in 0..400 {
            if !computing(idle.id() as i32, false).await {
                waited = true;
                break;
            }
        }
        assert!(waited, "a shell blocked in 'read' is not computing");
        for c in [&mut busy, &mut idle] {
            c.kill().unwrap();
            c.wait().unwrap();
        }
    }
}
