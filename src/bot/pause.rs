//! A bot computes only on its own time: between its turns every process of the bot is stopped
//! (SIGSTOP), and continued (SIGCONT) just before its clock starts. `--ponder` turns this off.
//!
//! - In the process-group fallback: `killpg(pgid, SIGSTOP)`, one system call; a process that
//!   left the group with `setsid` escapes it (as it escapes the kill: see [`super::namespace`]).
//! - In a PID namespace: the referee cannot name the processes of the namespace cheaply (a walk
//!   of `/proc` costs far more than a move), but the namespace's init, our own code, can: the
//!   referee writes one byte (`s` or `c`) on a pipe only init holds, init calls `kill(-1, sig)`
//!   (in its namespace: every process but itself, in nested namespaces too, and a process
//!   forking at that moment passes the signal to its child) and writes the byte back. The bot
//!   cannot reach either pipe (close-on-exec, and init is not dumpable), so it can neither stop
//!   nor continue itself through init. Init and the keeper are never stopped.
//!
//! The answer to a stop is read before the referee drains the bot's output (a stopped bot
//! writes nothing more, so the drain ends). A continue is sent just after the bot's turn was
//! written and its clock started, and awaited: the bot finds its turn as it wakes, and the
//! few microseconds init takes to continue it are charged to it (a clock that started after
//! the continue could charge a bot less than it used, on a loaded machine).
//!
//! How an answer is waited for depends on who else the referee's thread serves: alone (one
//! game at a time), a blocking read, one system call; with other games on the same runtime,
//! the read is awaited (the pipe is polled with tokio), so that while one bot's init runs, the
//! other games go on. Blocking there made two games at once no faster than one with instant
//! bots (`bench/floor.sh`: 0.99 of the plies per second, against 1.50 with `--ponder`).

use nix::errno::Errno;
use nix::fcntl::OFlag;
use nix::sys::signal::{killpg, Signal};
use nix::unistd::{pipe2, Pid};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use tokio::io::unix::AsyncFd;
use tokio::io::Interest;

/// The referee's ends of a namespace's pause channel, and init's ends until the spawn.
pub(crate) struct Channel {
    command_w: OwnedFd,
    answer_r: Answers,
    /// Init's ends: passed to the spawned child, closed here right after the spawn.
    init_ends: Option<(OwnedFd, OwnedFd)>,
}

impl Channel {
    /// Two pipes, close-on-exec (the bot never holds them).
    pub fn new() -> nix::Result<Channel> {
        let (command_r, command_w) = pipe2(OFlag::O_CLOEXEC)?;
        let (answer_r, answer_w) = pipe2(OFlag::O_CLOEXEC)?;
        Ok(Channel {
            command_w,
            answer_r: Answers::Blocking(answer_r),
            init_ends: Some((command_r, answer_w)),
        })
    }

    /// Init's ends as numbers (command read end, answer write end), for the spawned child.
    pub fn init_fds(&self) -> Option<(RawFd, RawFd)> {
        let (r, w) = self.init_ends.as_ref()?;
        Some((r.as_raw_fd(), w.as_raw_fd()))
    }
}

/// The read end of init's answers, and how it is waited on.
enum Answers {
    /// A blocking read: the referee's thread serves this game alone.
    Blocking(OwnedFd),
    /// Non-blocking, polled by the runtime: other games share the thread.
    Awaited(AsyncFd<OwnedFd>),
}

impl Answers {
    /// Polled by the runtime from now on (outside a runtime, or if the pipe cannot be
    /// registered, it stays blocking: still correct, only slower with other games).
    fn awaited(self) -> Answers {
        let Answers::Blocking(fd) = self else {
            return self;
        };
        if tokio::runtime::Handle::try_current().is_err() {
            return Answers::Blocking(fd);
        }
        let Ok(flags) = nix::fcntl::fcntl(&fd, nix::fcntl::FcntlArg::F_GETFL) else {
            return Answers::Blocking(fd);
        };
        let set = |f: OFlag| nix::fcntl::fcntl(&fd, nix::fcntl::FcntlArg::F_SETFL(f));
        let blocking = OFlag::from_bits_truncate(flags);
        if set(blocking | OFlag::O_NONBLOCK).is_err() {
            return Answers::Blocking(fd);
        }
        // SAFETY: an OwnedFd names the same open pipe until it is dropped, which only the
        // AsyncFd that owns it does.
        let registered = unsafe { AsyncFd::register_with_interest(fd, Interest::READABLE) };
        match registered {
            Ok(a) => Answers::Awaited(a),
            Err(e) => {
                // Blocking again: a non-blocking read would end the wait before init answers.
                // (F_SETFL on an open pipe cannot fail.)
                let fd = e.into_parts().0;
                let _ = nix::fcntl::fcntl(&fd, nix::fcntl::FcntlArg::F_SETFL(blocking));
                Answers::Blocking(fd)
            }
        }
    }

    /// Read up to `buf.len()` answers, waiting for at least one.
    async fn read(&self, buf: &mut [u8]) -> nix::Result<usize> {
        match self {
            Answers::Blocking(fd) => nix::unistd::read(fd, buf),
            Answers::Awaited(a) => loop {
                let Ok(mut ready) = a.readable().await else {
                    return Err(Errno::EIO);
                };
                let read = ready.try_io(|fd| {
                    nix::unistd::read(fd.get_ref(), &mut *buf).map_err(std::io::Error::from)
                });
                match read {
                    Ok(r) => return r.map_err(|e| Errno::from_raw(e.raw_os_error().unwrap_or(0))),
                    Err(_would_block) => continue,
                }
            },
        }
    }
}

/// How a bot's processes are stopped and continued.
enum Method {
    /// `--ponder`, or nothing to signal: never stopped.
    Off,
    Group(Pid),
    Init(Channel),
}

/// The stop and continue of one bot's processes.
pub(crate) struct Pauser {
    method: Method,
    /// Stopped (as far as the referee asked).
    stopped: bool,
    /// Answers from init not read yet.
    unanswered: u32,
}

impl Pauser {
    /// For the bot whose process group is `pgid`: through `channel` when it runs in a
    /// namespace (the spawn done: init's ends are closed here), by its group otherwise;
    /// never when `ponder`. `shared`: other games run on the referee's thread, so init's
    /// answers are awaited rather than blocked on.
    pub fn new(pgid: i32, channel: Option<Channel>, ponder: bool, shared: bool) -> Pauser {
        let method = match channel {
            _ if ponder || pgid <= 0 => Method::Off,
            Some(mut c) => {
                c.init_ends = None;
                if shared {
                    c.answer_r = c.answer_r.awaited();
                }
                Method::Init(c)
            }
            None => Method::Group(Pid::from_raw(pgid)),
        };
        Pauser {
            method,
            stopped: false,
            unanswered: 0,
        }
    }

    /// Whether the bot was last stopped (and not continued since).
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Stop every process of the bot. Returns at once; [`Pauser::settle`] waits until it is
    /// done.
    pub fn stop(&mut self) {
        if self.stopped {
            return;
        }
        self.stopped = self.signal(b's');
    }

    /// Wait until the last stop has been carried out (so the bot writes nothing more).
    pub async fn settle(&mut self) {
        self.await_answers().await;
    }

    /// Continue every process of the bot, and wait until that is done. Not waiting saves the
    /// referee a sleep and a wake-up a move, but then the stop that follows the bot's move
    /// misses its busy processes: with the wait made to return at once, two spinning
    /// processes took 0.14 of search's thinking time beyond their own clock, against 0.23 left
    /// to ponder and under 0.01 with the wait (tests/it/referee/fair_play.rs, two games at
    /// once).
    pub async fn resume(&mut self) {
        if !self.stopped {
            return;
        }
        self.stopped = false;
        if self.signal(b'c') {
            self.await_answers().await;
        }
    }

    /// Send `s` (stop) or `c` (continue); whether it was sent.
    fn signal(&mut self, what: u8) -> bool {
        let sig = if what == b's' {
            Signal::SIGSTOP
        } else {
            Signal::SIGCONT
        };
        match &self.method {
            Method::Off => false,
            Method::Group(pgid) => killpg(*pgid, sig).is_ok(),
            Method::Init(c) => {
                // Init gone (the bot exited): EPIPE, nothing to stop.
                let sent = nix::unistd::write(&c.command_w, &[what]) == Ok(1);
                self.unanswered += u32::from(sent);
                sent
            }
        }
    }

    /// Read init's answers to everything asked so far: alone on the thread a blocking read,
    /// one system call (a poll with a timeout would be a second one on every move). It
    /// cannot hang: init answers as soon as it runs, nothing of the bot can stop or trace it
    /// (its namespace's init, not dumpable), and once it has exited the read finds the end
    /// of the pipe.
    async fn await_answers(&mut self) {
        let Method::Init(c) = &self.method else {
            return;
        };
        let mut buf = [0u8; 8];
        while self.unanswered > 0 {
            let want = (self.unanswered as usize).min(buf.len());
            match c.answer_r.read(&mut buf[..want]).await {
                Ok(0) => break,
                Ok(n) => self.unanswered -= n as u32,
                Err(Errno::EINTR) => {}
                Err(_) => break,
            }
        }
        // Init exited: nothing more will come.
        self.unanswered = 0;
    }
}
