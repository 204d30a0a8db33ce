//! A running bot process: the only process code in baraza.
//!
//! - Started without a shell from an argv vector, in its own process group, with stdin and
//!   stdout piped and stderr drained continuously into a capped file (or discarded), so a
//!   chatty bot can never block.
//! - Every read has a deadline; lines are read through a bounded buffer, so a bot that writes
//!   100 MB without a newline costs at most [`MAX_LINE`] + a few KiB of memory.
//! - Invalid UTF-8 and over-long lines are reported as such (the referee calls them protocol
//!   errors).
//! - Each bot process runs in a PID namespace of its own ([`namespace`]), falling back to a
//!   process group; everything it started is killed when the bot is finished or dropped, and
//!   the process is always reaped. A grandchild that keeps the pipes open cannot hang the
//!   referee: nothing waits for end-of-file without a deadline, and the kill takes it down.
//! - It gets `PR_SET_PDEATHSIG` = SIGKILL, so it dies if the referee dies. (The signal is tied
//!   to the thread that spawned the bot: spawn from a long-lived thread, as the runtimes of
//!   `baraza match` and `baraza tournament` do.)
//! - It starts with a cleared environment ([`environment`]), in a fresh working directory
//!   ([`workdir`]), under its resource limits ([`limits`]), optionally under bubblewrap
//!   ([`sandbox`]) or a wrapper: [`SpawnOptions`].

pub mod activity;
pub mod binary_language;
pub mod budget;
pub mod command_words;
pub mod environment;
pub mod flush_advice;
pub mod host_fault;
pub mod hosting;
pub mod hosting_keys;
pub mod language;
pub mod languages;
pub mod limits;
pub mod namespace;
mod pause;
pub mod preflight;
pub mod protections;
pub mod sandbox;
mod shared_memory;
mod spawn;
pub mod spec;
pub mod stale_workdirs;
pub mod startup_diagnosis;
pub mod stderr_tail;
pub mod thaw_guard;
pub mod waiting;
pub mod workdir;

pub use environment::EnvRule;
pub use limits::ResourceLimits;
pub use namespace::{isolation, Isolation};
pub use spawn::{SpawnCheckError, SpawnOptions};

use crate::bot::pause::Pauser;
use crate::bot::stderr_tail::StderrTail;
use crate::escape::log_file::LogEscaper;
use crate::protocol::MAX_LINE;
use nix::errno::Errno;
use nix::sys::signal::{kill, killpg, Signal};
use nix::sys::wait::waitpid;
use nix::unistd::Pid;
use std::future::{poll_fn, Future};
use std::io::{self, Write as _};
use std::path::PathBuf;
use std::pin::{pin, Pin};
use std::process::ExitStatus;
use std::sync::{Arc, Mutex};
use std::task::{ready, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt, ReadBuf};
use tokio::process::{Child, ChildStdin, ChildStdout};
use tokio::task::JoinHandle;
use tokio::time::{sleep_until, timeout, timeout_at, Instant, Sleep};

/// Default cap of a bot's captured stderr per game (per file: see [`Bot::redirect_stderr`]).
pub const STDERR_CAP: u64 = 1 << 20;

/// At most this much waiting stderr is moved to the old file when a bot's stderr is switched.
pub const STDERR_CATCH_UP: u64 = 2 * STDERR_CAP;

/// Why no line could be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("no answer before the deadline")]
    Timeout,
    #[error("closed its output")]
    Eof,
    #[error("sent a line longer than {MAX_LINE} bytes")]
    TooLong,
    #[error("sent a line that is not valid UTF-8")]
    InvalidUtf8,
    #[error("read error: {0}")]
    Io(io::Error),
}

/// Why a message could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("did not read its input before the deadline")]
    Timeout,
    #[error("closed its input")]
    Closed,
    /// It was killed for going over a limit of all its processes (the reason).
    #[error("{0}")]
    OverLimit(String),
    #[error("write error: {0}")]
    Io(io::Error),
}

/// A bot command line that cannot be split into words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    #[error("cannot split bot command '{0}': unbalanced quotes")]
    Unbalanced(String),
    #[error("empty bot command")]
    Empty,
}

/// Split a bot command line like a POSIX shell would (quotes, backslashes), without running a
/// shell. Errors on unbalanced quotes and on an empty command.
pub fn split_command(cmd: &str) -> Result<Vec<String>, SplitError> {
    match shlex::split(cmd) {
        None => Err(SplitError::Unbalanced(cmd.to_string())),
        Some(v) if v.is_empty() => Err(SplitError::Empty),
        Some(v) => Ok(v),
    }
}

/// `from + d`, or a time about thirty years away when that overflows (a huge option value).
pub fn deadline_after(from: Instant, d: Duration) -> Instant {
    from.checked_add(d)
        .unwrap_or_else(|| from + Duration::from_secs(30 * 365 * 86_400))
}

/// A human form of an exit status: `exited with status 3`, `killed by signal 11 (SIGSEGV)`.
pub fn describe_status(status: &ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) => format!("exited with status {c}"),
        (None, Some(s)) => match Signal::try_from(s) {
            Ok(sig) => format!("killed by signal {s} ({})", sig.as_str()),
            Err(_) => format!("killed by signal {s}"),
        },
        _ => "exited".to_string(),
    }
}

/// Make this process the reaper of the orphans its bots leave behind (Linux), so that a
/// grandchild killed with its group is reaped by us rather than left as a zombie when the
/// system's init does not reap. Also make it not dumpable: a bot runs as the same user and
/// (without `--sandbox`) sees the host's `/proc`; in the process-group fallback (no user
/// namespace of its own) it could otherwise read the referee's environment or memory there,
/// or ptrace it. (Exec makes a bot dumpable again.) Call once, before starting bots.
pub fn become_subreaper() {
    #[cfg(target_os = "linux")]
    {
        let _ = nix::sys::prctl::set_child_subreaper(true);
        let _ = nix::sys::prctl::set_dumpable(false);
    }
}

/// Reap every child process left (after bots were dropped, hence killed): for the moment no
/// bot is running any more, e.g. on interrupt. Blocks only while killed processes finish.
pub fn reap_all_children() {
    while reaped_one(None) {}
}

/// Reap one child of `pid` (any child for `None`, a process group for a negative pid),
/// blocking; false when none is left (or on an error).
fn reaped_one(pid: Option<Pid>) -> bool {
    match waitpid(pid, None) {
        Ok(_) => true,
        // Reaped, but killed by a signal nix has no name for (a realtime one).
        Err(Errno::EINVAL) => true,
        Err(_) => false,
    }
}

/// Where a bot's stderr goes.
#[derive(Clone, Debug)]
pub enum StderrSink {
    /// Read and thrown away.
    Discard,
    /// Written to this file (created or truncated), at most `cap` bytes.
    File { path: PathBuf, cap: u64 },
}

/// A running bot.
pub struct Bot {
    child: Child,
    pgid: i32,
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    /// Bounded line buffer: `buf[start..end]` holds unread bytes, of which `buf[start..scan]`
    /// are known to contain no newline.
    buf: Vec<u8>,
    start: usize,
    scan: usize,
    end: usize,
    /// Set when a read found the end of its output.
    eof: bool,
    stderr_task: Option<JoinHandle<()>>,
    /// Where the drain task writes; switched between games by [`Bot::redirect_stderr`].
    stderr_target: Arc<Mutex<StderrTarget>>,
    /// A duplicate of the stderr pipe's read end, so that [`Bot::redirect_stderr`] can take in
    /// what is waiting in the pipe before it switches (the drain task may not have run yet).
    stderr_dup: Option<std::os::fd::OwnedFd>,
    reaped: Option<ExitStatus>,
    /// Run under bubblewrap, whose exit status says `128 + N` for a bot killed by signal N.
    sandboxed: bool,
    /// How its processes are held: decides how they are killed.
    iso: Isolation,
    /// Its own process (the leader of its process group; 0 when unknown).
    leader: i32,
    /// Looks at what `leader` is doing, when it runs the bot's own program (not bubblewrap or
    /// a wrapper around it), so that what it was stopped in says what the bot was doing.
    looker: waiting::Looker,
    limits: ResourceLimits,
    /// The watch on all its processes' memory and CPU, when it has such limits.
    budget: Option<budget::Watch>,
    /// Stops its processes between its turns.
    pauser: Pauser,
    /// The deadline of its reads, made at its first read and kept from read to read: a timer
    /// made and dropped for every read cost more than the referee's own work per turn
    /// (callgrind). It may be due before the read's deadline, then it is moved when it fires.
    read_timer: Option<Pin<Box<Sleep>>>,
    /// The command it was started with, for [`Bot::language`].
    command: Vec<String>,
    /// Removed when the bot is dropped (after its processes are killed).
    _workdir: workdir::Workdir,
}

/// How long [`Bot::finish`] waits for a keeper to empty its namespace before killing it.
const KEEPER_WAIT: Duration = Duration::from_secs(5);

/// Smallest free room a read is given; the buffer starts small and grows (doubling) up to
/// [`MAX_BUF`], enough for one line of [`MAX_LINE`] bytes plus its line ending and a chunk.
const READ_CHUNK: usize = 4 * 1024;
const INITIAL_BUF: usize = 8 * 1024;
const MAX_BUF: usize = MAX_LINE + 2 + READ_CHUNK;

impl Bot {
    /// Start `argv` (no shell) with the default [`SpawnOptions`]. Must be called within a tokio
    /// runtime.
    pub fn spawn(argv: &[String], stderr: StderrSink) -> io::Result<Bot> {
        Bot::spawn_with(argv, stderr, &SpawnOptions::default())
    }

    /// Start `argv` (no shell) as `opts` say. Must be called within a tokio runtime.
    pub fn spawn_with(argv: &[String], stderr: StderrSink, opts: &SpawnOptions) -> io::Result<Bot> {
        let spawn::Prepared {
            mut cmd,
            workdir,
            iso,
        } = spawn::prepare(argv, opts)?;
        let mut child = cmd.spawn().map_err(|e| spawn::blame_wrapper(e, opts))?;
        let pgid = child.id().map_or(0, |id| id as i32);
        let leader = namespace::bot_group(iso, pgid).unwrap_or(0);
        let pauser = Pauser::new(leader, opts.ponder);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let err = child.stderr.take().expect("stderr is piped");
        let stderr_dup = {
            use std::os::fd::AsFd;
            err.as_fd().try_clone_to_owned().ok()
        };
        let stderr_target = Arc::new(Mutex::new(StderrTarget::open(&stderr, false)));
        let stderr_task = Some(tokio::spawn(drain_stderr(err, stderr_target.clone())));
        let budget = budget::Watch::start(
            pgid,
            iso != Isolation::Group,
            opts.limits.memory_mb,
            opts.limits.cpu_seconds,
            opts.sandbox,
        );
        Ok(Bot {
            child,
            pgid,
            stdin,
            stdout,
            buf: vec![0u8; INITIAL_BUF],
            start: 0,
            scan: 0,
            end: 0,
            eof: false,
            stderr_task,
            stderr_target,
            stderr_dup,
            reaped: None,
            sandboxed: opts.sandbox,
            iso,
            leader,
            looker: waiting::Looker::open(if !opts.sandbox && opts.wrapper.is_empty() {
                leader
            } else {
                0
            }),
            limits: opts.limits.clone(),
            budget,
            pauser,
            read_timer: None,
            command: argv.to_vec(),
            _workdir: workdir,
        })
    }

    /// Send what the bot writes to stderr from now on to `sink` (a file is created, or
    /// appended to when `append`; its cap counts from here). What is waiting in the pipe is
    /// written to the old sink first (up to [`STDERR_CATCH_UP`] bytes), so everything the bot
    /// wrote before the call goes to the old sink, unless it writes without pause.
    pub fn redirect_stderr(&self, sink: &StderrSink, append: bool) {
        let target = StderrTarget::open(sink, append);
        let Ok(mut t) = self.stderr_target.lock() else {
            return;
        };
        if let Some(fd) = &self.stderr_dup {
            take_waiting(fd, &mut t);
        }
        *t = target;
    }

    /// The last lines the bot wrote on stderr in this game (since the last
    /// [`Bot::redirect_stderr`]), for a crash's reason. Waits up to `wait` for the drain to
    /// reach the end of the pipe, so a process that has exited has all its words counted.
    pub async fn stderr_tail(&mut self, wait: Duration) -> Option<String> {
        if let Some(task) = self.stderr_task.as_mut() {
            if timeout(wait, task).await.is_ok() {
                self.stderr_task = None;
            }
        }
        self.stderr_target.lock().ok()?.tail.summary()
    }

    /// The bytes the bot wrote after its last complete line, when it has not ended that line
    /// (what is waiting in the pipe is taken in first, without waiting); `None` when there are
    /// none, or when a complete line is waiting (it is not a line left unended).
    pub fn unended_line(&mut self) -> Option<&[u8]> {
        if self.pending_line() || self.end == self.start {
            return None;
        }
        Some(&self.buf[self.start..self.end])
    }

    /// Whether some thread of some process of the bot is computing (running, or waiting for a
    /// CPU), rather than all of them blocked: looked at a few times over a few milliseconds.
    pub async fn is_computing(&self) -> bool {
        activity::computing(self.pgid, self.iso == Isolation::Group).await
    }

    /// What the bot is blocked on when none of its threads computes: its input, or another
    /// system call.
    pub fn blocked_on(&self) -> activity::Blocked {
        activity::blocked_on(self.pgid, self.iso == Isolation::Group)
    }

    /// Whether some process of the bot is asleep in a sleep call (`sleep 3`, `time.sleep`).
    pub fn is_sleeping(&self) -> bool {
        activity::sleeping(self.pgid, self.iso == Isolation::Group)
    }

    /// Whether the bot has left unread some of what it was sent (its input pipe is not empty).
    pub fn has_unread_input(&self) -> bool {
        use std::os::fd::AsRawFd;
        let Some(stdin) = self.stdin.as_ref() else {
            return false;
        };
        let mut n: libc::c_int = 0;
        // SAFETY: FIONREAD writes one int, the bytes waiting in the pipe, to `n`.
        let r = unsafe { libc::ioctl(stdin.as_raw_fd(), libc::FIONREAD, &mut n) };
        r == 0 && n > 0
    }

    /// The language it is written in, where its command tells ([`languages::of_command`]:
    /// reads its program file, so only for advice, not on every turn).
    pub fn language(&self) -> Option<language::Language> {
        languages::of_command(&self.command)
    }

    /// Its working directory (fresh and empty when it started).
    pub fn workdir(&self) -> &std::path::Path {
        self._workdir.path()
    }

    /// Whether a read has found the end of the bot's output (it exited or closed it).
    pub fn at_eof(&self) -> bool {
        self.eof
    }

    /// The process id (also the process group id).
    pub fn pid(&self) -> i32 {
        self.pgid
    }

    /// Write `text` (one or more whole lines) by `deadline`. A stopped bot ([`Bot::pause`])
    /// whose input pipe is full is continued, so that it can read and make room.
    pub async fn send(&mut self, text: &str, deadline: Instant) -> Result<(), WriteError> {
        let stdin = self.stdin.as_mut().ok_or(WriteError::Closed)?;
        let mut write = pin!(stdin.write_all(text.as_bytes()));
        let at_once = poll_fn(|cx| Poll::Ready(write.as_mut().poll(cx))).await;
        let written = match at_once {
            Poll::Ready(done) => Ok(done),
            Poll::Pending => {
                self.pauser.resume();
                timeout_at(deadline, write).await
            }
        };
        let err = match written {
            Err(_) => WriteError::Timeout,
            Ok(Ok(())) => return Ok(()),
            Ok(Err(e)) if e.kind() == io::ErrorKind::BrokenPipe => WriteError::Closed,
            Ok(Err(e)) => WriteError::Io(e),
        };
        // Killed for its budget while the other side played: that, not a closed pipe.
        match self.budget_verdict() {
            Some(v) if !matches!(err, WriteError::Timeout) => Err(WriteError::OverLimit(v)),
            _ => Err(err),
        }
    }

    /// Why the budget watch killed it, if it did.
    fn budget_verdict(&self) -> Option<String> {
        self.budget.as_ref().and_then(budget::Watch::verdict)
    }

    /// Take in what the bot has already written (one non-blocking read, so a bot that writes
    /// without pause cannot keep the caller here), and tell whether a complete line is now
    /// buffered: lines a bot sent before it was asked for something.
    pub fn has_pending_line(&mut self) -> bool {
        if self.has_buffered_line() {
            return true;
        }
        self.make_room();
        let room = &mut self.buf[self.end..];
        // The pipe is non-blocking (tokio sets O_NONBLOCK), so this returns at once.
        // Bypassing tokio's readiness cache is fine: a stale "ready" only costs tokio one more
        // EAGAIN.
        match nix::unistd::read(&self.stdout, room) {
            Ok(0) => self.eof = true,
            Ok(n) => self.end += n,
            Err(_) => {}
        }
        self.has_buffered_line()
    }

    /// Take in what the bot has written, up to the first complete line, without waiting: tell
    /// whether a complete line is now buffered. Unlike [`Bot::has_pending_line`] it reads
    /// until the pipe is empty, so called until it says no, it drains everything a stopped bot
    /// wrote ([`Bot::pause`]). Also no when the unread bytes are already an over-long line
    /// (the next [`Bot::read_line`] reports it).
    pub fn pending_line(&mut self) -> bool {
        loop {
            if self.has_buffered_line() {
                return true;
            }
            self.scan = self.end;
            if self.eof || self.end - self.start > MAX_LINE + 1 {
                return false;
            }
            self.make_room();
            match nix::unistd::read(&self.stdout, &mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(_) => return false,
            }
        }
    }

    /// Stop every process of the bot until [`Bot::resume`], unless it may ponder (`--ponder`):
    /// called once it has answered, so that it computes only on its own time. Returns at once.
    pub fn pause(&mut self) {
        self.pauser.stop();
    }

    /// Continue the bot's processes (its clock has started already: see [`Bot::pause`]).
    pub fn resume(&mut self) {
        self.pauser.resume();
    }

    /// What the bot's own process is doing, at one look: waiting for input, working, running
    /// (a stop not taken yet), or unknown (see [`waiting`]). Unknown under a sandbox or a
    /// wrapper, whose own process is the one the referee sees.
    pub fn stop_state(&self) -> waiting::State {
        self.looker.state()
    }

    /// Whether the bot is stopped ([`Bot::pause`]).
    pub fn is_paused(&self) -> bool {
        self.pauser.is_stopped()
    }

    /// Whether a complete line is in the buffer already (no system call).
    pub fn has_buffered_line(&self) -> bool {
        self.buf[self.scan..self.end].contains(&b'\n')
    }

    /// Ensure at least [`READ_CHUNK`] bytes of room after `end` (compacting, then growing up
    /// to [`MAX_BUF`]); the caller has checked that the unread data is not over-long.
    fn make_room(&mut self) {
        if self.buf.len() - self.end >= READ_CHUNK {
            return;
        }
        if self.start > 0 {
            self.compact();
        }
        if self.buf.len() - self.end < READ_CHUNK && self.buf.len() < MAX_BUF {
            let new_len = (self.buf.len() * 2).min(MAX_BUF);
            self.buf.resize(new_len, 0);
        }
    }

    fn compact(&mut self) {
        self.buf.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.scan -= self.start;
        self.start = 0;
    }

    /// Read one line by `deadline`, without its line ending (`\n`; a `\r` before it stays and
    /// is dropped by the protocol parser).
    pub async fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        let mut line = String::new();
        self.read_line_into(deadline, &mut line).await?;
        Ok(line)
    }

    /// [`Bot::read_line`] into `out` (cleared first), whose room is reused: the referee reads
    /// every move this way, allocating nothing once `out` has grown to its lines' length.
    pub async fn read_line_into(
        &mut self,
        deadline: Instant,
        out: &mut String,
    ) -> Result<(), ReadError> {
        out.clear();
        loop {
            if let Some(i) = self.buf[self.scan..self.end]
                .iter()
                .position(|&b| b == b'\n')
            {
                let nl = self.scan + i;
                let line = &self.buf[self.start..nl];
                self.start = nl + 1;
                self.scan = self.start;
                if self.start == self.end {
                    self.start = 0;
                    self.scan = 0;
                    self.end = 0;
                }
                if line.len() > MAX_LINE + 1
                    || (line.len() == MAX_LINE + 1 && line[MAX_LINE] != b'\r')
                {
                    return Err(ReadError::TooLong);
                }
                return match std::str::from_utf8(line) {
                    Ok(s) => {
                        out.push_str(s);
                        Ok(())
                    }
                    Err(_) => Err(ReadError::InvalidUtf8),
                };
            }
            self.scan = self.end;
            if self.end - self.start > MAX_LINE + 1 {
                return Err(ReadError::TooLong);
            }
            self.make_room();
            match self.read_by(deadline).await {
                // A referee woken late (a loaded machine) may find its timer due before the
                // runtime has seen the pipe readable: what the bot wrote by then is taken in
                // first, so that a line written in time is read (and the clock judges it),
                // never taken for silence.
                None if self.pending_line() => {}
                None => return Err(ReadError::Timeout),
                Some(Ok(0)) => {
                    self.eof = true;
                    return Err(ReadError::Eof);
                }
                Some(Ok(n)) => self.end += n,
                Some(Err(e)) => return Err(ReadError::Io(e)),
            }
        }
    }

    /// One read into the buffer's room after `end` by `deadline` (`None` once it has passed
    /// with nothing read): what is readable is taken first, as `timeout_at` would.
    async fn read_by(&mut self, deadline: Instant) -> Option<io::Result<usize>> {
        let timer = match &mut self.read_timer {
            // Kept while it is due no later than `deadline`: one due earlier (an earlier
            // read's) is moved on when it fires, cheaper than moving it at every read.
            Some(timer) => {
                if timer.deadline() > deadline {
                    timer.as_mut().reset(deadline);
                }
                timer
            }
            None => self.read_timer.insert(Box::pin(sleep_until(deadline))),
        };
        let (stdout, room) = (&mut self.stdout, &mut self.buf[self.end..]);
        poll_fn(|cx| {
            let mut into = ReadBuf::new(&mut *room);
            if let Poll::Ready(r) = Pin::new(&mut *stdout).poll_read(cx, &mut into) {
                return Poll::Ready(Some(r.map(|()| into.filled().len())));
            }
            loop {
                ready!(timer.as_mut().poll(cx));
                if timer.deadline() >= deadline {
                    return Poll::Ready(None);
                }
                timer.as_mut().reset(deadline);
            }
        })
        .await
    }

    /// The exit status if the process has exited (reaping it), without waiting.
    pub fn try_status(&mut self) -> Option<ExitStatus> {
        if self.reaped.is_none() {
            let st = self.child.try_wait().ok().flatten();
            self.reaped = st.map(|st| self.as_the_bots(st));
        }
        self.reaped
    }

    /// The status of the process started, as the bot's own: bubblewrap exits with `128 + N`
    /// when the bot was killed by signal N (as a shell does), read back here as that signal,
    /// so that a sandboxed bot's crash (and a limit's signal) reads as an unsandboxed one's.
    /// A sandboxed bot that itself exits with such a status is read as killed by the signal.
    fn as_the_bots(&self, st: ExitStatus) -> ExitStatus {
        use std::os::unix::process::ExitStatusExt;
        match st.code() {
            Some(c) if self.sandboxed && (129..=128 + 64).contains(&c) => {
                ExitStatus::from_raw(c - 128)
            }
            _ => st,
        }
    }

    /// Whether the bot's own process has ended or is ending (gone, a zombie, or marked as
    /// exiting by the kernel), rather than living on: after the end of its output, whether
    /// its exit status is worth waiting for. True when unknown.
    pub fn is_ending(&self) -> bool {
        if self.leader <= 0 || self.reaped.is_some() {
            return true;
        }
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{}/stat", self.leader)) else {
            return true;
        };
        budget::parse_stat(&stat).is_none_or(|s| s.ending)
    }

    /// Wait up to `wait` for the process to exit on its own; its status if it did.
    pub async fn wait_exit(&mut self, wait: Duration) -> Option<ExitStatus> {
        if self.reaped.is_none() {
            if let Ok(Ok(st)) = timeout(wait, self.child.wait()).await {
                self.reaped = Some(self.as_the_bots(st));
            }
        }
        self.reaped
    }

    /// End the bot: write `farewell` (e.g. `gameover` + `quit`) if given, close its input, give
    /// it `grace` to exit, then kill its whole process group and reap it. Returns how it ended.
    pub async fn finish(self, farewell: Option<&str>, grace: Duration) -> Option<ExitStatus> {
        self.finish_told(farewell, grace).await.0
    }

    /// [`Bot::finish`], and the end of what it wrote on stderr (as [`Bot::stderr_tail`]), for
    /// a bot whose exit is judged (`check-bot`'s `quit`).
    pub async fn finish_told(
        mut self,
        farewell: Option<&str>,
        grace: Duration,
    ) -> (Option<ExitStatus>, Option<String>) {
        let deadline = deadline_after(Instant::now(), grace);
        // `quit` needs it running (a kill does not, but costs nothing more this way).
        self.resume();
        if let Some(text) = farewell {
            let _ = self.send(text, deadline).await;
        }
        self.stdin = None;
        if !grace.is_zero() {
            let left = deadline.saturating_duration_since(Instant::now());
            self.wait_exit(left).await;
        }
        self.kill_group();
        if self.reaped.is_none() {
            // The kill has been sent: this returns promptly (a keeper exits once its namespace
            // is empty; should it not, it is killed outright after a while).
            let st = match timeout(KEEPER_WAIT, self.child.wait()).await {
                Ok(st) => st.ok(),
                Err(_) => {
                    let _ = self.child.start_kill();
                    self.child.wait().await.ok()
                }
            };
            self.reaped = st.map(|st| self.as_the_bots(st));
        }
        self.reap_group();
        if let Some(task) = self.stderr_task.take() {
            // The group is dead, so stderr reaches end-of-file at once, unless a process that
            // left the group holds it: then stop draining after a short while.
            let abort = task.abort_handle();
            if timeout(Duration::from_millis(200), task).await.is_err() {
                abort.abort();
            }
        }
        let tail = self
            .stderr_target
            .lock()
            .ok()
            .and_then(|t| t.tail.summary());
        (self.reaped, tail)
    }

    /// Reap what is left of the killed group: processes the bot started and left behind were
    /// re-parented to us when we are a child subreaper (see [`become_subreaper`]). Every member
    /// has been sent SIGKILL, so this waits only for the kernel to finish them; it returns at
    /// once when none of them is our child.
    fn reap_group(&mut self) {
        if self.pgid <= 0 {
            return;
        }
        while reaped_one(Some(Pid::from_raw(-self.pgid))) {}
    }

    /// Kill the bot and everything it started. In a namespace: SIGTERM to the keeper, which
    /// kills the namespace's init and exits once the namespace is empty (see [`namespace`]).
    /// Otherwise SIGKILL to the whole process group.
    fn kill_group(&mut self) {
        if self.pgid <= 0 {
            return;
        }
        if self.iso == Isolation::Group {
            // Even when the bot itself has exited: what it left in its group goes too.
            // pgid is the group this bot leads.
            let _ = killpg(Pid::from_raw(self.pgid), Signal::SIGKILL);
            let _ = self.child.start_kill();
        } else if self.reaped.is_none() && self.child.id().is_some() {
            // The keeper is our child, not reaped yet.
            let _ = kill(Pid::from_raw(self.pgid), Signal::SIGTERM);
        }
    }

    /// The reason text when the bot's end shows it went over one of its limits (see
    /// [`ResourceLimits::exceeded`]), or that the budget watch killed it for:
    /// `exceeded --memory 256 MB (all its processes together)`.
    /// `tail`: the end of its stderr ([`Bot::stderr_tail`]).
    pub fn exceeded_limit(&mut self, tail: &str) -> Option<String> {
        if let Some(v) = self.budget_verdict() {
            return Some(v);
        }
        if !self.limits.any() {
            return None;
        }
        let status = self.try_status();
        self.limits.exceeded(status.as_ref(), tail.as_bytes())
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if self.reaped.is_none() {
            self.kill_group();
            // Reap now if it is already gone; otherwise tokio reaps it in the background.
            let _ = self.child.try_wait();
        }
        if let Some(task) = self.stderr_task.take() {
            task.abort();
        }
    }
}

/// Move what is waiting in the stderr pipe (up to [`STDERR_CATCH_UP`] bytes) into `t`.
fn take_waiting(fd: &std::os::fd::OwnedFd, t: &mut StderrTarget) {
    // Small: usually nothing is waiting, and the buffer is zeroed on every call.
    let mut chunk = [0u8; 1024];
    let mut taken = 0;
    while taken < STDERR_CATCH_UP {
        // From our own duplicate of the pipe, which tokio made non-blocking (the flag is shared
        // by the duplicate): returns at once.
        let n = match nix::unistd::read(fd, &mut chunk) {
            Ok(n) if n > 0 => n,
            _ => break,
        };
        t.write(&chunk[..n]);
        taken += n as u64;
    }
}

/// The file a bot's stderr currently goes to, with its cap, and the end of all it wrote.
struct StderrTarget {
    file: Option<std::fs::File>,
    /// A file not opened yet: created (or appended to) at the bot's first write, so a quiet
    /// bot costs no file operations per game.
    pending: Option<(PathBuf, bool)>,
    cap: u64,
    written: u64,
    truncated: bool,
    /// The end of what the bot wrote since this target was opened (this game), for reasons.
    tail: StderrTail,
    /// The file gets the bytes escaped (a log is read with `tail -f`: no ESC may reach it).
    escaper: LogEscaper,
    escaped: Vec<u8>,
}

impl StderrTarget {
    fn open(sink: &StderrSink, append: bool) -> StderrTarget {
        let mut target = StderrTarget {
            file: None,
            pending: None,
            cap: 0,
            written: 0,
            truncated: false,
            tail: StderrTail::default(),
            escaper: LogEscaper::default(),
            escaped: Vec::new(),
        };
        if let StderrSink::File { path, cap } = sink {
            target.cap = *cap;
            if !append && path.exists() {
                // Emptied now: an old file must not pass for this bot's output.
                target.file = std::fs::File::create(path).ok();
            } else {
                target.pending = Some((path.clone(), append));
            }
        }
        target
    }

    fn write(&mut self, chunk: &[u8]) {
        self.tail.push(chunk);
        if let Some((path, append)) = self.pending.take() {
            let file = if append {
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
            } else {
                std::fs::File::create(path)
            };
            self.file = file.ok();
        }
        let Some(f) = self.file.as_mut() else { return };
        if self.truncated {
            return;
        }
        self.escaped.clear();
        self.escaper.push(chunk, &mut self.escaped);
        let chunk = &self.escaped[..];
        let room = self.cap.saturating_sub(self.written) as usize;
        let take = chunk.len().min(room);
        if take > 0 && f.write_all(&chunk[..take]).is_err() {
            self.file = None;
            return;
        }
        self.written += take as u64;
        if take < chunk.len() && !self.truncated {
            self.truncated = true;
            let cap = self.cap;
            let _ = writeln!(f, "\n[baraza: stderr truncated at {cap} bytes]");
        }
    }
}

async fn drain_stderr(mut err: tokio::process::ChildStderr, target: Arc<Mutex<StderrTarget>>) {
    let mut chunk = vec![0u8; 4096];
    loop {
        let n = match err.read(&mut chunk).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        if let Ok(mut t) = target.lock() {
            t.write(&chunk[..n]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::describe_status;
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;

    #[test]
    fn a_status_names_its_signal() {
        // Wait statuses: the low 7 bits a signal, else the exit code in the next byte.
        let said = |raw| describe_status(&ExitStatus::from_raw(raw));
        assert_eq!(said(11), "killed by signal 11 (SIGSEGV)");
        assert_eq!(said(9), "killed by signal 9 (SIGKILL)");
        assert_eq!(said(3 << 8), "exited with status 3");
        // A realtime signal has no name.
        assert_eq!(said(40), "killed by signal 40");
    }
}
