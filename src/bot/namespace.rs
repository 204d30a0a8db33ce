//! Nothing a bot starts outlives it: every bot process runs in a PID namespace of its own.
//!
//! The process the referee spawns (call it the keeper) enters a new user + PID + IPC namespace
//! (`unshare`; the user namespace is what lets an unprivileged referee create the others) and
//! forks the namespace's init, PID 1, a few lines of our own code, which forks the bot (PID 2)
//! and reaps whatever is orphaned inside. When the bot exits, init passes its wait status to
//! the keeper and exits; the kernel then kills every process left in the namespace, whatever
//! `setsid` or double forks they did, and the keeper exits with the bot's status (same code,
//! same signal), so the referee sees the bot's own exit. To end a bot the referee sends the
//! keeper SIGTERM; it SIGKILLs init, waits until the namespace is empty, and exits: once the
//! referee has reaped the keeper, nothing of the bot is left. Each of the three has
//! `PR_SET_PDEATHSIG` = SIGKILL on its parent, so a referee killed with SIGKILL (or by the OOM
//! killer) takes the keeper, init, and so the whole namespace with it.
//!
//! Where namespaces are not available (a kernel or container that forbids unprivileged user
//! namespaces), the bot runs in a process group of its own, as before: one line on stderr says
//! so, since a process that calls `setsid` can then escape. `BARAZA_ISOLATION=group` chooses
//! the process group on purpose (for tests and comparisons).

use super::limits::Rlimits;
use super::thaw_guard::Guard;
use nix::errno::Errno;
use nix::fcntl::{open, OFlag};
use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sched::{sched_setaffinity, unshare, CloneFlags, CpuSet};
use nix::sys::prctl;
use nix::sys::resource::{getrlimit, Resource};
use nix::sys::signal::{kill, sigaction, signal, SaFlags, SigAction, SigHandler, SigSet, Signal};
use nix::sys::stat::Mode;
use nix::sys::wait::{waitpid, WaitStatus};
use nix::unistd::{self, dup2_stdin, dup2_stdout, fork, getppid, pipe2, setsid, ForkResult, Pid};
use std::ffi::CStr;
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::OnceLock;

/// How a bot's processes are held together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// A user + PID namespace (any user).
    UserPid,
    /// A PID namespace alone (a privileged referee where user namespaces are off).
    Pid,
    /// A process group (the fallback).
    Group,
}

impl Isolation {
    fn flags(self) -> CloneFlags {
        match self {
            Isolation::UserPid => {
                CloneFlags::CLONE_NEWUSER | CloneFlags::CLONE_NEWPID | CloneFlags::CLONE_NEWIPC
            }
            Isolation::Pid => CloneFlags::CLONE_NEWPID | CloneFlags::CLONE_NEWIPC,
            Isolation::Group => CloneFlags::empty(),
        }
    }
}

/// What this machine allows, probed once (and the fallback announced once on stderr).
pub fn isolation() -> Isolation {
    static ISO: OnceLock<Isolation> = OnceLock::new();
    *ISO.get_or_init(|| {
        if std::env::var("BARAZA_ISOLATION").is_ok_and(|v| v == "group") {
            return Isolation::Group;
        }
        for iso in [Isolation::UserPid, Isolation::Pid] {
            if probe(iso) {
                return iso;
            }
        }
        eprintln!(
            "baraza: note: PID namespaces are not available here, so bots run in process \
             groups: a process a bot starts with setsid can outlive its game"
        );
        Isolation::Group
    })
}

/// The process group of a bot started under `keeper` (the process the referee spawned): in a
/// namespace the bot (init's first child) leads a group of its own, found through the kernel's
/// lists of children (keeper -> init -> bot), read once the spawn has returned (the bot has
/// exec'd by then); in the fallback the keeper is the bot and its group. `None` when the bot
/// is already gone.
pub(crate) fn bot_group(iso: Isolation, keeper: i32) -> Option<i32> {
    if keeper <= 0 {
        return None;
    }
    if iso == Isolation::Group {
        return Some(keeper);
    }
    let first_child = |pid: i32| -> Option<i32> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).ok()?;
        text.split_ascii_whitespace().next()?.parse().ok()
    };
    let bot = first_child(first_child(keeper)?)?;
    // It leads its group (it made it before its exec): otherwise not the bot.
    (unistd::getpgid(Some(Pid::from_raw(bot))).ok()? == Pid::from_raw(bot)).then_some(bot)
}

/// `_exit(2)`: end this process now, without `std::process::exit`'s exit handlers and
/// flushes (not async-signal-safe in the child of a fork). nix has no wrapper for it.
fn exit_now(code: i32) -> ! {
    // SAFETY: _exit is async-signal-safe and touches nothing but this process.
    unsafe { libc::_exit(code) }
}

/// Whether `w` is a normal exit with status 0.
fn exited_zero(w: nix::Result<WaitStatus>) -> bool {
    matches!(w, Ok(WaitStatus::Exited(_, 0)))
}

/// Whether a child can enter `iso` and fork an init in it.
fn probe(iso: Isolation) -> bool {
    let maps = Maps::current();
    // SAFETY: the child makes system calls only, then _exits; the parent reaps it.
    match unsafe { fork() } {
        Ok(ForkResult::Child) => {
            let ok =
                unshare(iso.flags()).is_ok() && (iso != Isolation::UserPid || maps.write().is_ok());
            if !ok {
                exit_now(1);
            }
            // SAFETY: as above: the grandchild only _exits.
            match unsafe { fork() } {
                Ok(ForkResult::Child) => exit_now(0),
                Ok(ForkResult::Parent { child }) => {
                    exit_now(if exited_zero(waitpid(child, None)) {
                        0
                    } else {
                        1
                    })
                }
                Err(_) => exit_now(1),
            }
        }
        Ok(ForkResult::Parent { child }) => exited_zero(waitpid(child, None)),
        Err(_) => false,
    }
}

/// The user namespace's id maps: the referee's own uid and gid, mapped to themselves (all an
/// unprivileged process may map), so files the bot writes belong to the host's user.
#[derive(Clone, Debug)]
struct Maps {
    uid: Vec<u8>,
    gid: Vec<u8>,
}

impl Maps {
    fn current() -> Maps {
        let (u, g) = (unistd::geteuid(), unistd::getegid());
        Maps {
            uid: format!("{u} {u} 1\n").into_bytes(),
            gid: format!("{g} {g} 1\n").into_bytes(),
        }
    }

    /// Write the maps of the namespace just entered. System calls only.
    ///
    /// The referee is not dumpable (see `become_subreaper`), which makes its `/proc/self` files
    /// root's: an unprivileged process could not open its own maps. So this process is
    /// dumpable while it writes them, and not dumpable again before anything of the bot runs
    /// (init, a copy of the referee's memory and environment, must not be readable by the bot
    /// beside it in the namespace).
    fn write(&self) -> io::Result<()> {
        let dumpable = prctl::get_dumpable().unwrap_or(false);
        let _ = prctl::set_dumpable(true);
        let r = write_file(c"/proc/self/setgroups", b"deny")
            .and_then(|()| write_file(c"/proc/self/uid_map", &self.uid))
            .and_then(|()| write_file(c"/proc/self/gid_map", &self.gid));
        let _ = prctl::set_dumpable(dumpable);
        r
    }
}

/// Write `data` to `path` in one write. System calls only (a `&CStr` path is passed as is).
fn write_file(path: &CStr, data: &[u8]) -> io::Result<()> {
    let fd = open(path, OFlag::O_WRONLY | OFlag::O_CLOEXEC, Mode::empty())?;
    if unistd::write(&fd, data)? == data.len() {
        Ok(())
    } else {
        Err(io::Error::from(Errno::EIO))
    }
}

/// Everything the child needs, computed before the fork.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub iso: Isolation,
    maps: Maps,
    referee: Pid,
    rlimits: Rlimits,
    cpus: Option<Vec<usize>>,
    /// The filter that keeps a stopped bot from continuing itself ([`super::thaw_guard`]).
    guard: Option<Guard>,
    /// Under `--sandbox`: the bot's input and output handed over on 3 and 4 (see
    /// [`move_stdio_above`]).
    stdio_above: bool,
}

impl Plan {
    pub fn new(
        iso: Isolation,
        rlimits: Rlimits,
        cpus: Option<Vec<usize>>,
        guard: Option<Guard>,
        stdio_above: bool,
    ) -> Plan {
        Plan {
            iso,
            maps: Maps::current(),
            referee: unistd::getpid(),
            rlimits,
            cpus,
            guard,
            stdio_above,
        }
    }

    /// Processes of ours counted with the bot's in its user namespace (keeper and init).
    pub fn extra_procs(iso: Isolation) -> u64 {
        if iso == Isolation::UserPid {
            2
        } else {
            0
        }
    }

    /// Runs in the spawned child (the keeper) before exec. Returns only in the process that
    /// is to exec the bot; the keeper and init never return.
    ///
    /// # Safety
    /// Must be called in the child of a fork (a `pre_exec` hook): it forks, waits and exits,
    /// and makes system calls only.
    pub unsafe fn enter(&self) -> io::Result<()> {
        default_signals();
        // A session of its own, so no controlling terminal: `/dev/tty` fails (ENXIO) and
        // TIOCSTI cannot push keystrokes into the operator's shell. Init and the bot are not
        // session leaders, so opening a terminal device cannot make it theirs either.
        setsid()?;
        // Only 0, 1 and 2 survive the exec: whatever the referee inherited without
        // close-on-exec (a wrapper's `exec 7>>audit.log`, a harness's lock) stays out of reach.
        cloexec_from(3);
        let _ = prctl::set_pdeathsig(Signal::SIGKILL);
        if getppid() != self.referee {
            exit_now(137); // the referee died before the line above
        }
        if let Some(cpus) = &self.cpus {
            pin(cpus);
        }
        if self.iso == Isolation::Group {
            return self.start_bot();
        }
        unshare(self.iso.flags())?;
        if self.iso == Isolation::UserPid {
            self.maps.write()?;
        }
        let (life_r, life_w) = pipe2(OFlag::O_CLOEXEC)?;
        let (status_r, status_w) = pipe2(OFlag::O_CLOEXEC)?;
        if let ForkResult::Parent { child: init } = fork()? {
            keeper(init, life_w, status_r);
        }
        // Init, PID 1 of the new namespace.
        let _ = prctl::set_pdeathsig(Signal::SIGKILL);
        drop(life_w);
        if poll(
            &mut [PollFd::new(life_r.as_fd(), PollFlags::POLLIN)],
            PollTimeout::ZERO,
        ) != Ok(0)
        {
            exit_now(137); // the keeper died before our prctl
        }
        drop(status_r);
        let chld = quiet_chld();
        if let ForkResult::Parent { child: bot } = fork()? {
            init_loop(bot, status_w, &chld);
        }
        // The bot, PID 2. Init's death is the namespace's: no check needed.
        let _ = prctl::set_pdeathsig(Signal::SIGKILL);
        let _ = chld.thread_unblock();
        drop(life_r);
        drop(status_w);
        self.start_bot()
    }

    /// The last steps in the process that execs the bot: a process group of its own (in a
    /// namespace; in the fallback `setsid` made one), its limits, then the filter (last,
    /// since it forbids the group change, and nothing of the bot's may run before it). The
    /// filter keeps every process of the bot in that group for good (`setsid` and `setpgid`
    /// fail), so one `killpg` stops them all ([`super::pause`]), and keeper and init, outside
    /// it, are never stopped.
    fn start_bot(&self) -> io::Result<()> {
        if self.stdio_above {
            move_stdio_above()?;
        }
        if self.iso != Isolation::Group {
            unistd::setpgid(Pid::from_raw(0), Pid::from_raw(0))?;
        }
        // SAFETY: system calls only, in the child of a fork (see `enter`).
        unsafe { self.rlimits.apply()? };
        match &self.guard {
            Some(g) => g.install(),
            None => Ok(()),
        }
    }
}

/// Under `--sandbox`: the bot's input and output move to descriptors 3 and 4, and bubblewrap's
/// own 0 and 1 become /dev/null. Both of bwrap's processes (the one that waits and the init of
/// its namespace) close every inherited descriptor above 2, so only the bot holds its pipes:
/// when it closes its stdout the referee reads the end of its output at once, as without the
/// sandbox (with bwrap holding them it saw nothing until the move's deadline). The shell bwrap
/// starts puts them back on 0 and 1 (`sandbox::STDIO_BACK`). System calls only.
fn move_stdio_above() -> io::Result<()> {
    // SAFETY: dup2 on descriptors this process owns (0 and 1 are the pipes, 3 and 4 were
    // closed by `cloexec_from`'s exec or are replaced here), then /dev/null onto 0 and 1.
    unsafe {
        if libc::dup2(0, 3) < 0 || libc::dup2(1, 4) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    let null = open(
        c"/dev/null",
        OFlag::O_RDWR | OFlag::O_CLOEXEC,
        Mode::empty(),
    )?;
    dup2_stdin(&null)?;
    dup2_stdout(&null)?;
    Ok(())
}

/// The signal dispositions a fresh process has: the referee's handlers (tokio's, which write
/// to the referee's own pipe) must not run in the keeper or init.
unsafe fn default_signals() {
    for sig in Signal::iterator() {
        if sig != Signal::SIGKILL && sig != Signal::SIGSTOP {
            // SAFETY: SIG_DFL installs no handler of ours.
            let _ = signal(sig, SigHandler::SigDfl);
        }
    }
}

fn pin(cpus: &[usize]) {
    let mut set = CpuSet::new();
    for &c in cpus {
        let _ = set.set(c);
    }
    let _ = sched_setaffinity(Pid::from_raw(0), &set);
}

/// `close_range(2)` (Linux 5.9; `CLOSE_RANGE_CLOEXEC` since 5.11) from `lo` up: neither nix
/// nor libc has a wrapper, so the raw system call. Whether it worked.
fn close_range(lo: RawFd, flags: libc::c_uint) -> bool {
    // SAFETY: a system call on integers; it closes or flags only descriptors nothing of ours
    // uses after the fork (the standard library's error pipe keeps working with CLOEXEC).
    unsafe {
        libc::syscall(
            libc::SYS_close_range,
            lo as libc::c_uint,
            libc::c_uint::MAX,
            flags,
        ) == 0
    }
}

/// Mark every descriptor from `lo` up close-on-exec (they stay open until the exec, so
/// the standard library's own error pipe still works).
fn cloexec_from(lo: RawFd) {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    if close_range(lo, CLOSE_RANGE_CLOEXEC) {
        return;
    }
    // Kernels before 5.11: one fcntl per possible descriptor, up to the soft limit.
    let top = match getrlimit(Resource::RLIMIT_NOFILE) {
        Ok((soft, _)) => soft.min(1 << 20) as RawFd,
        Err(_) => 4096,
    };
    for fd in lo..top {
        // SAFETY: fcntl on a number that may not be an open descriptor (EBADF then): raw,
        // since a BorrowedFd would claim it is open.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags >= 0 && flags & libc::FD_CLOEXEC == 0 {
                libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
            }
        }
    }
}

/// Close every descriptor from `lo` up.
fn close_from(lo: RawFd) {
    if !close_range(lo, 0) {
        for fd in lo..4096 {
            // SAFETY: close on a number that may not be open (EBADF then): raw, since nix's
            // close takes ownership of a descriptor, which a number that may be closed is not.
            unsafe {
                libc::close(fd);
            }
        }
    }
}

/// The init whose death the keeper's SIGTERM handler causes.
static INIT: AtomicI32 = AtomicI32::new(0);

extern "C" fn kill_init(_: libc::c_int) {
    let pid = INIT.load(Ordering::Relaxed);
    if pid > 0 {
        // kill is async-signal-safe.
        let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

/// The keeper: holds no pipe of the bot's, waits for init, then exits as the bot did.
unsafe fn keeper(init: Pid, life_w: OwnedFd, status_r: OwnedFd) -> ! {
    INIT.store(init.as_raw(), Ordering::Relaxed);
    // SAFETY: the handler only loads an atomic and calls kill.
    let _ = signal(Signal::SIGTERM, SigHandler::Handler(kill_init));
    // fd 0: the life pipe (open while we live), fd 1: the status pipe; nothing else. (The
    // OwnedFds are never dropped: this function does not return, and close_from closes them.)
    let _ = dup2_stdin(&life_w);
    let _ = dup2_stdout(&status_r);
    close_from(2);
    while waitpid(init, None) == Err(Errno::EINTR) {}
    let mut bot_status = [0u8; 4];
    // SAFETY: fd 1 is the status pipe, open until we exit.
    let n = unistd::read(BorrowedFd::borrow_raw(1), &mut bot_status);
    if n == Ok(bot_status.len()) {
        let st = i32::from_ne_bytes(bot_status);
        if libc::WIFEXITED(st) {
            exit_now(libc::WEXITSTATUS(st));
        }
        if libc::WIFSIGNALED(st) {
            raise_and_exit(libc::WTERMSIG(st));
        }
    }
    // Init was killed (we were asked to end the bot): report what a group kill reported.
    raise_and_exit(libc::SIGKILL)
}

/// Die of signal `sig`, as the bot did. Raw libc: the bot may have died of a realtime signal,
/// which nix's `Signal` (and so its `signal`, `SigSet` and `kill`) cannot name.
fn raise_and_exit(sig: libc::c_int) -> ! {
    // SAFETY: signal, sigprocmask and kill on this process alone, with a sigset of our own.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::kill(libc::getpid(), sig);
    }
    exit_now(128 + sig)
}

/// Make init's SIGCHLD say only that a child ended: blocked (so `sigwait` takes it) and with
/// `SA_NOCLDSTOP`. A parent sleeping in `wait4` is woken by every stop and continue of its
/// child, even when no signal is sent; init waits in `sigwait` instead, so freezing the bot,
/// twice a ply, wakes no third process (on one core those wake-ups took 9 of the 23 µs a
/// stopped ply cost beyond a `--ponder` one: `bench/floor.sh`). The bot gets the block lifted
/// before its exec; the exec resets the flag.
fn quiet_chld() -> SigSet {
    let mut chld = SigSet::empty();
    chld.add(Signal::SIGCHLD);
    let _ = chld.thread_block();
    let quiet = SigAction::new(SigHandler::SigDfl, SaFlags::SA_NOCLDSTOP, SigSet::empty());
    // SAFETY: SIG_DFL installs no handler of ours.
    let _ = unsafe { sigaction(Signal::SIGCHLD, &quiet) };
    chld
}

/// Init: reap everything; when the bot exits, hand its status to the keeper and exit (the
/// kernel then kills the rest of the namespace).
unsafe fn init_loop(bot: Pid, status_w: OwnedFd, chld: &SigSet) -> ! {
    // As in the keeper: status_w is closed by close_from, never dropped.
    let _ = dup2_stdin(&status_w);
    close_from(1);
    loop {
        reap_ended(bot);
        let _ = chld.wait();
    }
}

/// Reap every child that has ended; when one is the bot, hand its status to the keeper and
/// exit. (Several SIGCHLDs pending at once are one: so all of them, not one a signal.)
fn reap_ended(bot: Pid) {
    loop {
        let mut st = 0;
        // SAFETY: waitpid writes our integer. Raw libc: the bot's wait status is passed on
        // as the kernel gave it, and nix's WaitStatus fails on a death by a realtime signal.
        let r = unsafe { libc::waitpid(-1, &mut st, libc::WNOHANG) };
        if r == bot.as_raw() {
            // SAFETY: fd 0 is the status pipe, open until we exit.
            let _ = unistd::write(unsafe { BorrowedFd::borrow_raw(0) }, &st.to_ne_bytes());
            exit_now(0);
        }
        if r == 0 {
            return;
        }
        if r < 0 && Errno::last() != Errno::EINTR {
            exit_now(1);
        }
    }
}
