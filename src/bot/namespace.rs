//! Nothing a bot starts outlives it: every bot process runs in a PID namespace of its own.
//!
//! The process the referee spawns (call it the keeper) enters a new user + PID namespace
//! (`unshare`; the user namespace is what lets an unprivileged referee create the PID one) and
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
use std::io;
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
    fn flags(self) -> libc::c_int {
        match self {
            Isolation::UserPid => libc::CLONE_NEWUSER | libc::CLONE_NEWPID,
            Isolation::Pid => libc::CLONE_NEWPID,
            Isolation::Group => 0,
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

/// Whether a child can enter `iso` and fork an init in it.
fn probe(iso: Isolation) -> bool {
    let maps = Maps::current();
    // SAFETY: the child makes system calls only, then _exits; the parent reaps it.
    unsafe {
        let pid = libc::fork();
        if pid == 0 {
            let ok = libc::unshare(iso.flags()) == 0
                && (iso != Isolation::UserPid || maps.write().is_ok());
            if !ok {
                libc::_exit(1);
            }
            let init = libc::fork();
            if init == 0 {
                libc::_exit(0);
            }
            let mut st = 0;
            let r = libc::waitpid(init, &mut st, 0);
            libc::_exit(if init > 0 && r == init && st == 0 {
                0
            } else {
                1
            });
        }
        if pid < 0 {
            return false;
        }
        let mut st = 0;
        libc::waitpid(pid, &mut st, 0) == pid && st == 0
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
        // SAFETY: plain system calls without arguments.
        let (u, g) = unsafe { (libc::geteuid(), libc::getegid()) };
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
        // SAFETY: prctl, open/write/close on NUL-terminated literals and our own buffers.
        unsafe {
            let dumpable = libc::prctl(libc::PR_GET_DUMPABLE, 0, 0, 0, 0);
            libc::prctl(libc::PR_SET_DUMPABLE, 1, 0, 0, 0);
            let r = write_file(c"/proc/self/setgroups", b"deny")
                .and_then(|()| write_file(c"/proc/self/uid_map", &self.uid))
                .and_then(|()| write_file(c"/proc/self/gid_map", &self.gid));
            libc::prctl(libc::PR_SET_DUMPABLE, dumpable.max(0), 0, 0, 0);
            r
        }
    }
}

unsafe fn write_file(path: &std::ffi::CStr, data: &[u8]) -> io::Result<()> {
    let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    let n = libc::write(fd, data.as_ptr().cast(), data.len());
    libc::close(fd);
    if n == data.len() as isize {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Everything the child needs, computed before the fork.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub iso: Isolation,
    maps: Maps,
    referee: libc::pid_t,
    rlimits: Rlimits,
    cpus: Option<Vec<usize>>,
}

impl Plan {
    pub fn new(iso: Isolation, rlimits: Rlimits, cpus: Option<Vec<usize>>) -> Plan {
        Plan {
            iso,
            maps: Maps::current(),
            referee: std::process::id() as libc::pid_t,
            rlimits,
            cpus,
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
        if libc::setsid() < 0 {
            return Err(io::Error::last_os_error());
        }
        // Only 0, 1 and 2 survive the exec: whatever the referee inherited without
        // close-on-exec (a wrapper's `exec 7>>audit.log`, a harness's lock) stays out of reach.
        cloexec_from(3);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        if libc::getppid() != self.referee {
            libc::_exit(137); // the referee died before the line above
        }
        if let Some(cpus) = &self.cpus {
            pin(cpus);
        }
        if self.iso == Isolation::Group {
            return self.rlimits.apply();
        }
        if libc::unshare(self.iso.flags()) != 0 {
            return Err(io::Error::last_os_error());
        }
        if self.iso == Isolation::UserPid {
            self.maps.write()?;
        }
        let (life_r, life_w) = pipe()?;
        let (status_r, status_w) = pipe()?;
        let init = libc::fork();
        if init < 0 {
            return Err(io::Error::last_os_error());
        }
        if init > 0 {
            keeper(init, life_w, status_r);
        }
        // Init, PID 1 of the new namespace.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        libc::close(life_w);
        let mut pfd = libc::pollfd {
            fd: life_r,
            events: libc::POLLIN,
            revents: 0,
        };
        if libc::poll(&mut pfd, 1, 0) != 0 {
            libc::_exit(137); // the keeper died before our prctl
        }
        libc::close(status_r);
        let bot = libc::fork();
        if bot < 0 {
            return Err(io::Error::last_os_error());
        }
        if bot > 0 {
            init_loop(bot, status_w);
        }
        // The bot, PID 2. Init's death is the namespace's: no check needed.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        libc::close(life_r);
        libc::close(status_w);
        self.rlimits.apply()
    }
}

/// The signal dispositions a fresh process has: the referee's handlers (tokio's, which write
/// to the referee's own pipe) must not run in the keeper or init.
unsafe fn default_signals() {
    for sig in 1..32 {
        if sig != libc::SIGKILL && sig != libc::SIGSTOP {
            libc::signal(sig, libc::SIG_DFL);
        }
    }
}

unsafe fn pin(cpus: &[usize]) {
    let mut set: libc::cpu_set_t = std::mem::zeroed();
    for &c in cpus {
        libc::CPU_SET(c, &mut set);
    }
    libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
}

unsafe fn pipe() -> io::Result<(libc::c_int, libc::c_int)> {
    let mut fds = [0; 2];
    if libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok((fds[0], fds[1]))
}

/// Mark every descriptor from `lo` up close-on-exec (they stay open until the exec, so
/// the standard library's own error pipe still works).
unsafe fn cloexec_from(lo: libc::c_int) {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    if libc::syscall(
        libc::SYS_close_range,
        lo as libc::c_uint,
        libc::c_uint::MAX,
        CLOSE_RANGE_CLOEXEC,
    ) == 0
    {
        return;
    }
    // Kernels before 5.11: one fcntl per possible descriptor, up to the soft limit.
    let mut rl: libc::rlimit = std::mem::zeroed();
    let top = if libc::getrlimit(libc::RLIMIT_NOFILE, &mut rl) == 0 {
        (rl.rlim_cur as u64).min(1 << 20) as libc::c_int
    } else {
        4096
    };
    for fd in lo..top {
        let flags = libc::fcntl(fd, libc::F_GETFD);
        if flags >= 0 && flags & libc::FD_CLOEXEC == 0 {
            libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
        }
    }
}

/// Close every descriptor from `lo` up.
unsafe fn close_from(lo: libc::c_int) {
    if libc::syscall(
        libc::SYS_close_range,
        lo as libc::c_uint,
        libc::c_uint::MAX,
        0,
    ) != 0
    {
        for fd in lo..4096 {
            libc::close(fd);
        }
    }
}

/// The init whose death the keeper's SIGTERM handler causes.
static INIT: AtomicI32 = AtomicI32::new(0);

extern "C" fn kill_init(_: libc::c_int) {
    let pid = INIT.load(Ordering::Relaxed);
    if pid > 0 {
        // SAFETY: kill is async-signal-safe.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
}

/// The keeper: holds no pipe of the bot's, waits for init, then exits as the bot did.
unsafe fn keeper(init: libc::pid_t, life_w: libc::c_int, status_r: libc::c_int) -> ! {
    INIT.store(init, Ordering::Relaxed);
    libc::signal(libc::SIGTERM, kill_init as *const () as libc::sighandler_t);
    // fd 0: the life pipe (open while we live), fd 1: the status pipe; nothing else.
    libc::dup2(life_w, 0);
    libc::dup2(status_r, 1);
    close_from(2);
    let mut st = 0;
    while libc::waitpid(init, &mut st, 0) < 0 {
        if *libc::__errno_location() != libc::EINTR {
            break;
        }
    }
    let mut bot_status: libc::c_int = 0;
    let n = libc::read(
        1,
        (&mut bot_status as *mut libc::c_int).cast(),
        std::mem::size_of::<libc::c_int>(),
    );
    if n == std::mem::size_of::<libc::c_int>() as isize {
        if libc::WIFEXITED(bot_status) {
            libc::_exit(libc::WEXITSTATUS(bot_status));
        }
        if libc::WIFSIGNALED(bot_status) {
            raise_and_exit(libc::WTERMSIG(bot_status));
        }
    }
    // Init was killed (we were asked to end the bot): report what a group kill reported.
    raise_and_exit(libc::SIGKILL)
}

unsafe fn raise_and_exit(sig: libc::c_int) -> ! {
    libc::signal(sig, libc::SIG_DFL);
    let mut set: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut set);
    libc::sigaddset(&mut set, sig);
    libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
    libc::kill(libc::getpid(), sig);
    libc::_exit(128 + sig)
}

/// Init: reap everything; when the bot exits, hand its status to the keeper and exit (the
/// kernel then kills the rest of the namespace).
unsafe fn init_loop(bot: libc::pid_t, status_w: libc::c_int) -> ! {
    libc::dup2(status_w, 0);
    close_from(1);
    loop {
        let mut st = 0;
        let r = libc::waitpid(-1, &mut st, 0);
        if r == bot {
            libc::write(
                0,
                (&st as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>(),
            );
            libc::_exit(0);
        }
        if r < 0 && *libc::__errno_location() != libc::EINTR {
            libc::_exit(1);
        }
    }
}
