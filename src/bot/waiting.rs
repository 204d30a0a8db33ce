//! What a stopped bot was doing when it was stopped: waiting for its input, or in the middle of
//! its work. Read from `/proc/PID/task/TID/syscall`, which for a stopped thread names the system
//! call it was stopped in (a read of its stdin, a poll) or says it was in its own code.
//!
//! The referee stops a bot as soon as its move is read. One that goes on to write a second
//! `move` (a premove) may be stopped between the two writes; continued with its next turn
//! already in its input, it would write the premove before reading the turn, and the referee
//! could not tell that answer from a real one. So a bot found stopped in the middle of its
//! work is continued before its turn is written, on its own clock, until it waits for input
//! again: what it writes meanwhile is read as written before its turn (`referee/turn.rs`).

/// Whether system call `nr` with first argument `arg0` is a wait for input: a read of
/// descriptor 0, or a poll of any descriptors (a runtime such as node's waits for its stdin in
/// `epoll_wait`).
pub(crate) fn waits_for_input(nr: i64, arg0: u64) -> bool {
    let reads = [libc::SYS_read, libc::SYS_readv, libc::SYS_pread64];
    if reads.contains(&nr) {
        return arg0 == 0;
    }
    #[cfg(target_arch = "x86_64")]
    let polls = [
        libc::SYS_poll,
        libc::SYS_select,
        libc::SYS_ppoll,
        libc::SYS_pselect6,
        libc::SYS_epoll_wait,
        libc::SYS_epoll_pwait,
        libc::SYS_epoll_pwait2,
    ];
    #[cfg(not(target_arch = "x86_64"))]
    let polls = [
        libc::SYS_ppoll,
        libc::SYS_pselect6,
        libc::SYS_epoll_pwait,
        libc::SYS_epoll_pwait2,
    ];
    polls.contains(&nr)
}

/// What one look at a process's threads found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Some thread is blocked waiting for input.
    Waiting,
    /// No thread waits for input: in its own code, or in another system call.
    Working,
    /// Its main thread is running or about to (a stop sent and not yet taken, say).
    Running,
    /// It cannot be told: the process is gone, or `/proc` refuses (a bot that made itself not
    /// dumpable).
    Unknown,
}

/// The system call and its first argument of a `/proc/.../syscall` text (`0 0x0 0x7ffd...`);
/// `Err(true)` for a thread that is running (`running`), `Err(false)` for one stopped in its own
/// code (`-1 ...`).
pub(crate) fn parse(text: &str) -> Result<(i64, u64), bool> {
    let mut f = text.split_ascii_whitespace();
    let first = f.next().ok_or(false)?;
    if first == "running" {
        return Err(true);
    }
    let nr: i64 = first.parse().ok().filter(|&n| n >= 0).ok_or(false)?;
    let arg0 = f.next().ok_or(false)?.trim_start_matches("0x");
    Ok((nr, u64::from_str_radix(arg0, 16).map_err(|_| false)?))
}

/// A bot's own process, looked at through its main thread's `syscall` file, kept open: one
/// `pread` a look (about 3 µs here, against 8 µs to open, read and close it), and no
/// allocation, so the turn loop stays allocation-free (`tests/alloc_per_ply.rs`).
#[derive(Debug)]
pub struct Looker {
    pid: i32,
    main: Option<std::fs::File>,
}

impl Looker {
    /// For process `pid` (0: nothing to look at, every look is unknown).
    pub fn open(pid: i32) -> Looker {
        let main = (pid > 0)
            .then(|| std::fs::File::open(format!("/proc/{pid}/task/{pid}/syscall")).ok())
            .flatten();
        Looker { pid, main }
    }

    /// One look: its main thread first (a one-threaded bot costs one read), then the others.
    pub fn state(&self) -> State {
        use std::os::unix::fs::FileExt;
        let Some(main) = &self.main else {
            return State::Unknown;
        };
        let mut buf = [0u8; 160];
        let Ok(n) = main.read_at(&mut buf, 0) else {
            return State::Unknown;
        };
        match std::str::from_utf8(&buf[..n]).map(parse) {
            Err(_) => return State::Unknown,
            Ok(Err(true)) => return State::Running,
            Ok(Ok((nr, a))) if waits_for_input(nr, a) => return State::Waiting,
            Ok(_) => {}
        }
        self.other_threads()
    }

    /// The threads besides the main one: waiting if one is. Through libc's directory calls
    /// and buffers on the stack, so that no look allocates on the referee's heap.
    fn other_threads(&self) -> State {
        let mut path = [0u8; 48];
        let Some(dir_path) = task_dir(self.pid, &mut path) else {
            return State::Unknown;
        };
        // SAFETY: opendir/readdir/closedir on a NUL-ended path of ours; each entry is read
        // before the next readdir, and the directory is closed on every way out below.
        let dir = unsafe { libc::opendir(dir_path.as_ptr()) };
        if dir.is_null() {
            return State::Unknown;
        }
        let found = unsafe { waiting_thread(dir) };
        unsafe { libc::closedir(dir) };
        found
    }
}

/// Whether a thread listed in the open `/proc/PID/task` directory `dir` waits for input.
///
/// # Safety
/// `dir` must be an open directory stream.
unsafe fn waiting_thread(dir: *mut libc::DIR) -> State {
    let dir_fd = libc::dirfd(dir);
    loop {
        let entry = libc::readdir(dir);
        if entry.is_null() {
            return State::Working;
        }
        let name = std::ffi::CStr::from_ptr((*entry).d_name.as_ptr()).to_bytes();
        if name.first() == Some(&b'.') {
            continue;
        }
        // "TID/syscall" relative to the directory, NUL-ended, on the stack.
        let mut rel = [0u8; 40];
        let tail = b"/syscall\0";
        if name.len() + tail.len() > rel.len() {
            continue;
        }
        rel[..name.len()].copy_from_slice(name);
        rel[name.len()..name.len() + tail.len()].copy_from_slice(tail);
        let mut buf = [0u8; 160];
        // openat, read and close on descriptors and stack buffers of our own; `rel` is
        // NUL-terminated.
        let fd = libc::openat(
            dir_fd,
            rel.as_ptr().cast(),
            libc::O_RDONLY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            continue;
        }
        let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
        libc::close(fd);
        let Ok(n) = usize::try_from(n) else { continue };
        let waits = std::str::from_utf8(&buf[..n])
            .is_ok_and(|t| parse(t).is_ok_and(|(nr, a)| waits_for_input(nr, a)));
        if waits {
            return State::Waiting;
        }
    }
}

/// `/proc/PID/task` as a NUL-ended path in `buf`.
fn task_dir(pid: i32, buf: &mut [u8; 48]) -> Option<&std::ffi::CStr> {
    let mut digits = itoa::Buffer::new();
    let pid = digits.format(pid).as_bytes();
    let parts: [&[u8]; 4] = [b"/proc/", pid, b"/task", b"\0"];
    let mut at = 0;
    for p in parts {
        buf.get_mut(at..at + p.len())?.copy_from_slice(p);
        at += p.len();
    }
    std::ffi::CStr::from_bytes_with_nul(&buf[..at]).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_of_stdin_or_a_poll_is_waiting_a_write_or_own_code_is_not() {
        let text =
            |nr: i64, a: u64| format!("{nr} {a:#x} 0x7ffd1234 0x400 0x0 0x0 0x0 0x7ffd 0x7f00\n");
        let w = |t: &str| parse(t).is_ok_and(|(n, a)| waits_for_input(n, a));
        assert!(w(&text(libc::SYS_read, 0)));
        assert!(!w(&text(libc::SYS_read, 3)), "a read of another descriptor");
        assert!(w(&text(libc::SYS_epoll_pwait, 5)));
        assert!(
            !w(&text(libc::SYS_write, 1)),
            "stopped as its write returned"
        );
        assert!(!w("-1 0x7ffd1234 0x401000\n"), "stopped in its own code");
        assert_eq!(parse("running\n"), Err(true));
        assert_eq!(parse("-1 0x7ffd1234 0x401000\n"), Err(false));
    }

    #[test]
    fn a_stopped_child_blocked_in_a_read_of_its_stdin_waits_and_a_spinner_does_not() {
        use std::process::{Command, Stdio};
        let mut reader = Command::new("sh")
            .args(["-c", "read x"])
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        let mut spinner = Command::new("sh")
            .args(["-c", "while :; do :; done"])
            .stdin(Stdio::null())
            .spawn()
            .unwrap();
        let stop = |c: &std::process::Child| unsafe {
            libc::kill(c.id() as i32, libc::SIGSTOP);
        };
        // The reader reaches its read after it starts: look until it does (the spinner never).
        let mut seen = None;
        // Bounded in count, not time: a loaded machine only makes it take longer.
        for _ in 0..5000 {
            stop(&reader);
            let st = std::fs::read_to_string(format!("/proc/{}/stat", reader.id())).unwrap();
            if st.rsplit_once(')').unwrap().1.trim_start().starts_with('T') {
                seen = Some(Looker::open(reader.id() as i32).state());
                if seen == Some(State::Waiting) {
                    break;
                }
            }
            unsafe { libc::kill(reader.id() as i32, libc::SIGCONT) };
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        assert_eq!(
            seen,
            Some(State::Waiting),
            "the shell stopped in its read of stdin"
        );
        stop(&spinner);
        for _ in 0..5000 {
            let st = std::fs::read_to_string(format!("/proc/{}/stat", spinner.id())).unwrap();
            if st.rsplit_once(')').unwrap().1.trim_start().starts_with('T') {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        // One file kept open, looked at again: the look is made afresh.
        let looker = Looker::open(spinner.id() as i32);
        assert_eq!(looker.state(), State::Working);
        unsafe { libc::kill(spinner.id() as i32, libc::SIGCONT) };
        assert_ne!(looker.state(), State::Waiting);
        for c in [&mut reader, &mut spinner] {
            c.kill().unwrap();
            c.wait().unwrap();
        }
    }
}
