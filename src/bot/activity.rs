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

/// Whether some thread of some process of the bot is asleep in a sleep call (`sleep 3` in a
/// shell, `time.sleep` in Python): neither computing nor waiting for its input, so neither
/// "still thinking" nor "is its output flushed?" is true of it.
pub(crate) fn sleeping(root: i32, session: bool) -> bool {
    if root <= 0 {
        return false;
    }
    let mut buf = String::new();
    let all = scan(&mut buf);
    members(&all, root, session)
        .iter()
        .any(|p| threads_asleep(p.pid))
}

fn threads_asleep(pid: i32) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return false;
    };
    tasks.flatten().any(|t| {
        std::fs::read_to_string(t.path().join("syscall"))
            .ok()
            .and_then(|text| super::waiting::parse(&text).ok())
            .is_some_and(|(nr, _)| is_sleep_call(nr))
    })
}

fn is_sleep_call(nr: i64) -> bool {
    #[cfg(target_arch = "x86_64")]
    if nr == libc::SYS_nanosleep {
        return true;
    }
    nr == libc::SYS_clock_nanosleep
}

#[cfg(test)]
mod tests {
    use super::{computing, sleeping};

    #[test]
    fn a_process_in_a_sleep_call_is_asleep_and_a_blocked_read_is_not() {
        let mut asleep = child("sleep 30");
        let mut idle = child("read x");
        // Each reaches its call soon after it starts; until then it is in neither.
        let mut seen = false;
        for _ in 0..400 {
            if sleeping(asleep.id() as i32, false) {
                seen = true;
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(seen, "sleep 30 is asleep");
        assert!(
            !sleeping(idle.id() as i32, false),
            "a shell in 'read' is not"
        );
        for c in [&mut asleep, &mut idle] {
            c.kill().unwrap();
            c.wait().unwrap();
        }
    }

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
