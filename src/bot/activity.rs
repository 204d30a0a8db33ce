//! What a bot that has not answered is doing, for the reason of its fault: computing (some
//! thread of some process of it running or waiting for a CPU), or not (every thread blocked:
//! typically on a read of its input while its answer sits in an output buffer, or in a sleep
//! call). Read from `/proc`, a few times over a few milliseconds, so one blocked moment of a
//! computing bot is not taken for waiting.
//!
//! Every thread counts, not the main one alone: the `java` launcher's main thread waits for
//! the thread that runs the program, and a Go program computes on whichever thread its
//! scheduler picks, so a searching JVM or Go bot shows its main thread blocked throughout.
//! Looked at only once a deadline has passed: nothing of this is on a turn's path.
//!
//! Whether it computed *at its deadline* is what is told, not whether it computed at some time
//! in the turn: a bot that searched, wrote its move into a buffer it never flushed and went
//! back to reading its input computed during the turn, and "is its output flushed?" is still
//! the true question for it.

use super::budget::{members, scan, ProcStat};
use std::time::Duration;

/// How many looks, and how far apart.
const LOOKS: u32 = 4;
const APART: Duration = Duration::from_millis(5);

/// Whether any thread of any process of the bot whose first process is `root` is running
/// (state `R`) at any of a few looks, or the bot's CPU time grew between them; `session` as
/// for [`members`] (the process-group fallback).
pub(crate) async fn computing(root: i32, session: bool) -> bool {
    if root <= 0 {
        return false;
    }
    let mut buf = String::new();
    let mut first_cpu = None;
    for look in 0..LOOKS {
        if look > 0 {
            tokio::time::sleep(APART).await;
        }
        let all = scan(&mut buf);
        let procs = members(&all, root, session);
        if procs.iter().any(|p| p.running || any_thread_running(p.pid)) {
            return true;
        }
        // A thread that ran between two looks and was blocked at each: its CPU time grew
        // (utime + stime of a process sums its threads; what it reaped is counted too).
        let cpu = cpu_ticks(&procs);
        match first_cpu {
            None => first_cpu = Some(cpu),
            Some(before) if cpu > before => return true,
            Some(_) => {}
        }
    }
    false
}

/// The CPU time of `procs`, their reaped children's included, in clock ticks.
fn cpu_ticks(procs: &[ProcStat]) -> u64 {
    procs.iter().map(|p| p.cpu_ticks).sum()
}

/// Whether some thread of process `pid` is in state `R` (`/proc/PID/task/TID/stat`; the
/// process's own stat line gives its main thread's state only).
fn any_thread_running(pid: i32) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return false;
    };
    tasks.flatten().any(|t| {
        std::fs::read_to_string(t.path().join("stat"))
            .is_ok_and(|line| thread_state(&line) == Some('R'))
    })
}

/// The state letter of a `/proc/.../stat` line (the first field after the command name,
/// which may itself hold parentheses).
fn thread_state(line: &str) -> Option<char> {
    line.rsplit_once(')')?.1.trim_start().chars().next()
}

/// What a bot none of whose threads computes was blocked on, as far as `/proc` tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// Some thread waits for its input: a read of descriptor 0, or a poll.
    Input,
    /// No thread waits for its input; one was in this system call (its name, and what it
    /// usually means).
    Other(&'static str),
    /// It cannot be told (`/proc` refuses, or every thread was between calls).
    Unknown,
}

/// What the bot whose first process is `root` is blocked on: its input if any thread of any
/// process of it waits for it, else the first other system call found.
pub(crate) fn blocked_on(root: i32, session: bool) -> Blocked {
    if root <= 0 {
        return Blocked::Unknown;
    }
    let mut buf = String::new();
    let all = scan(&mut buf);
    let mut calls = Vec::new();
    for p in members(&all, root, session) {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{}/task", p.pid)) else {
            continue;
        };
        for t in tasks.flatten() {
            let call = std::fs::read_to_string(t.path().join("syscall"))
                .ok()
                .and_then(|text| super::waiting::parse(&text).ok());
            calls.extend(call);
        }
    }
    blocked_in(&calls)
}

/// [`blocked_on`] from the (system call, first argument) pairs of the blocked threads.
fn blocked_in(calls: &[(i64, u64)]) -> Blocked {
    if calls
        .iter()
        .any(|&(nr, a)| super::waiting::waits_for_input(nr, a))
    {
        return Blocked::Input;
    }
    calls
        .iter()
        .find_map(|&(nr, _)| call_name(nr))
        .map_or(Blocked::Unknown, Blocked::Other)
}

/// The words for a system call a blocked thread may be in, for the ones a bot is commonly
/// found in (the others are not named).
fn call_name(nr: i64) -> Option<&'static str> {
    let reads = [libc::SYS_read, libc::SYS_readv, libc::SYS_pread64];
    Some(match nr {
        libc::SYS_futex => "futex: a lock, a join or a condition wait",
        libc::SYS_wait4 | libc::SYS_waitid => "wait4: waiting for a child process to end",
        _ if reads.contains(&nr) => "read: of a file or pipe other than its input",
        _ => return None,
    })
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
    use super::{blocked_in, computing, sleeping, thread_state, Blocked};

    #[test]
    fn a_thread_state_is_read_past_a_name_with_parentheses() {
        assert_eq!(thread_state("77 (C2 (x) y) R 1 77 77 0"), Some('R'));
        assert_eq!(thread_state("78 (java) S 1 77"), Some('S'));
        assert_eq!(thread_state("78 (java"), None);
    }

    #[test]
    fn a_read_of_stdin_anywhere_is_waiting_for_input_else_the_call_is_named() {
        let (read, futex, wait4) = (libc::SYS_read, libc::SYS_futex, libc::SYS_wait4);
        // The java launcher's main thread joins the thread that reads stdin.
        assert_eq!(blocked_in(&[(futex, 0x7f00), (read, 0)]), Blocked::Input);
        assert_eq!(
            blocked_in(&[(futex, 0x7f00), (read, 3)]),
            Blocked::Other("futex: a lock, a join or a condition wait")
        );
        assert_eq!(
            blocked_in(&[(wait4, 0)]),
            Blocked::Other("wait4: waiting for a child process to end")
        );
        assert_eq!(blocked_in(&[(libc::SYS_getpid, 0)]), Blocked::Unknown);
        assert_eq!(blocked_in(&[]), Blocked::Unknown);
    }

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
