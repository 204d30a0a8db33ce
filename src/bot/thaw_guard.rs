//! A frozen bot cannot thaw itself, nor leave what is frozen, nor hide memory: the system calls that would send SIGCONT to a process of
//! the bot, now or later, fail for every process it runs (a seccomp filter set just before
//! its program starts, inherited by all it starts and never removable).
//!
//! Between its turns every process of a bot is stopped with SIGSTOP (`pause.rs`), and the
//! kernel ends a stop for any SIGCONT, whoever sends it, even one the stopped process itself
//! arranged before it was stopped. So a bot's helper could arm timers that send it SIGCONT
//! and run on the opponent's time. What the filter refuses (`EPERM`), each a way to get a
//! SIGCONT delivered:
//!
//! - `kill`, `tkill`, `tgkill`, `rt_sigqueueinfo`, `rt_tgsigqueueinfo`, `pidfd_send_signal`
//!   with SIGCONT;
//! - a signal on an event of its choosing: `timer_create` and `mq_notify` with a `sigevent`
//!   (the filter cannot read the structure, so any; `timer_create` without one, whose signal
//!   is SIGALRM, is allowed), `fcntl(F_SETSIG, SIGCONT)`, `prctl(PR_SET_PDEATHSIG, SIGCONT)`,
//!   a `clone` whose exit signal is SIGCONT;
//! - `ptrace` (a tracer can resume a stopped tracee, and can catch another process's stop and
//!   resume it);
//! - `setsid` and `setpgid`: every process of the bot stays in its process group, which one
//!   signal stops (`pause.rs`; a process that left it would not be stopped);
//! - `shmget` and `msgget`: a SysV segment's or queue's memory is in no process's size, so
//!   `--memory` could not see it (POSIX shared memory, which Python's multiprocessing uses,
//!   is counted: `shared_memory.rs`); each bot has an IPC namespace of its own besides
//!   (`namespace.rs`), so it reaches none of the host's;
//! - outside `--sandbox`, a new user namespace (`unshare`/`clone` with `CLONE_NEWUSER`): in
//!   one a bot could mount an in-memory file system that no budget sees. Under `--sandbox`
//!   bubblewrap needs one, and forbids the bot another itself (`--disable-userns`).
//!
//! `clone3` takes its flags in a structure the filter cannot read, so it fails with `ENOSYS`,
//! on which the C library falls back to `clone` (checked above). On x86_64 the x32 numbers of
//! the same calls are refused too. Other architectures than x86_64 and aarch64 get no filter
//! (`hosting-check` says so).

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen as Len, SeccompCmpOp as Op, SeccompCondition,
    SeccompFilter, SeccompRule, TargetArch,
};
use std::collections::BTreeMap;

/// The two filters, compiled before the fork (the child only installs them).
#[derive(Clone, Debug)]
pub(crate) struct Guard {
    refused: BpfProgram,
    no_clone3: BpfProgram,
}

#[cfg(target_arch = "x86_64")]
const ARCH: Option<TargetArch> = Some(TargetArch::x86_64);
#[cfg(target_arch = "aarch64")]
const ARCH: Option<TargetArch> = Some(TargetArch::aarch64);
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const ARCH: Option<TargetArch> = None;

/// x32's numbers on x86_64: the native number with this bit, or one of its own (512 on).
#[cfg(target_arch = "x86_64")]
const X32: i64 = 0x4000_0000;

/// `fcntl`'s command that names the signal sent on I/O readiness (Linux's `F_SETSIG`, which
/// the libc crate does not name).
const F_SETSIG: u64 = 10;

/// Whether bots get the filter here: this build has one for the processor, and the kernel
/// takes it (a kernel without seccomp, or the referee run under valgrind, which does not
/// implement the call, does not). Probed once, in a child; where it is not taken, one line on
/// stderr says so (as for namespaces), bots run without it, and `hosting-check` says the freeze
/// is best effort.
pub fn available() -> bool {
    static OK: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *OK.get_or_init(|| {
        let ok = Guard::compiled(false).is_some_and(|g| g.probe());
        if !ok {
            eprintln!(
                "baraza: note: the kernel refused the bots' seccomp filter here, so a bot can \
                 continue itself between its turns and leave its process group"
            );
        }
        ok
    })
}

fn cond(arg: u8, op: Op, value: u64) -> SeccompCondition {
    SeccompCondition::new(arg, Len::Dword, op, value).expect("argument index below 6")
}

fn rule(conds: Vec<SeccompCondition>) -> SeccompRule {
    SeccompRule::new(conds).expect("a rule has conditions")
}

/// The argument that holds the signal, for each signal-sending call.
fn signal_args() -> Vec<(i64, u8)> {
    vec![
        (libc::SYS_kill, 1),
        (libc::SYS_tkill, 1),
        (libc::SYS_tgkill, 2),
        (libc::SYS_rt_sigqueueinfo, 1),
        (libc::SYS_rt_tgsigqueueinfo, 2),
        (libc::SYS_pidfd_send_signal, 1),
    ]
}

/// The refused calls, by number, with the conditions under which each is refused.
fn refusals(allow_userns: bool) -> Vec<(i64, Vec<SeccompRule>)> {
    let cont = libc::SIGCONT as u64;
    let mut out: Vec<(i64, Vec<SeccompRule>)> = signal_args()
        .into_iter()
        .map(|(nr, arg)| (nr, vec![rule(vec![cond(arg, Op::Eq, cont)])]))
        .collect();
    let any_sigevent = || vec![rule(vec![cond(1, Op::Ne, 0)])];
    out.push((libc::SYS_timer_create, any_sigevent()));
    out.push((libc::SYS_mq_notify, any_sigevent()));
    out.push((
        libc::SYS_fcntl,
        vec![rule(vec![cond(1, Op::Eq, F_SETSIG), cond(2, Op::Eq, cont)])],
    ));
    out.push((
        libc::SYS_prctl,
        vec![rule(vec![
            cond(0, Op::Eq, libc::PR_SET_PDEATHSIG as u64),
            cond(1, Op::Eq, cont),
        ])],
    ));
    let userns = libc::CLONE_NEWUSER as u64;
    let mut clone = vec![rule(vec![cond(0, Op::MaskedEq(0xff), cont)])];
    if !allow_userns {
        clone.push(rule(vec![cond(0, Op::MaskedEq(userns), userns)]));
        out.push((
            libc::SYS_unshare,
            vec![rule(vec![cond(0, Op::MaskedEq(userns), userns)])],
        ));
    }
    out.push((libc::SYS_clone, clone));
    // Refused whatever their arguments (an empty rule list means "always" to seccompiler).
    out.push((libc::SYS_ptrace, vec![]));
    out.push((libc::SYS_setsid, vec![]));
    out.push((libc::SYS_setpgid, vec![]));
    out.push((libc::SYS_shmget, vec![]));
    out.push((libc::SYS_msgget, vec![]));
    #[cfg(target_arch = "x86_64")]
    {
        // x32's own numbers for the calls whose native number it does not share.
        let own = [
            (libc::SYS_rt_sigqueueinfo, 524),
            (libc::SYS_rt_tgsigqueueinfo, 536),
            (libc::SYS_timer_create, 526),
            (libc::SYS_mq_notify, 527),
            (libc::SYS_ptrace, 521),
        ];
        let x32: Vec<(i64, Vec<SeccompRule>)> = out
            .iter()
            .map(|(nr, rules)| {
                let n = own
                    .iter()
                    .find(|(native, _)| native == nr)
                    .map_or(*nr, |o| o.1);
                (n | X32, rules.clone())
            })
            .collect();
        out.extend(x32);
    }
    out
}

fn compile(
    rules: Vec<(i64, Vec<SeccompRule>)>,
    arch: TargetArch,
    errno: i32,
) -> Option<BpfProgram> {
    let map: BTreeMap<i64, Vec<SeccompRule>> = rules.into_iter().collect();
    let filter = SeccompFilter::new(
        map,
        SeccompAction::Allow,
        SeccompAction::Errno(errno as u32),
        arch,
    )
    .ok()?;
    filter.try_into().ok()
}

impl Guard {
    /// The filters for a bot (`allow_userns` under `--sandbox`, whose bubblewrap needs a user
    /// namespace); `None` where bots get none ([`available`]).
    pub fn new(allow_userns: bool) -> Option<Guard> {
        if !available() {
            return None;
        }
        Guard::compiled(allow_userns)
    }

    /// Whether a child can install the filters.
    fn probe(&self) -> bool {
        // SAFETY: the child only installs the filters and _exits; the parent reaps it.
        match unsafe { nix::unistd::fork() } {
            Ok(nix::unistd::ForkResult::Child) => {
                let code = if self.install().is_ok() { 0 } else { 1 };
                // SAFETY: _exit ends the child without running the parent's exit handlers.
                unsafe { libc::_exit(code) }
            }
            Ok(nix::unistd::ForkResult::Parent { child }) => matches!(
                nix::sys::wait::waitpid(child, None),
                Ok(nix::sys::wait::WaitStatus::Exited(_, 0))
            ),
            Err(_) => false,
        }
    }

    /// The filters compiled for this processor, `None` on one without them.
    fn compiled(allow_userns: bool) -> Option<Guard> {
        let arch = ARCH?;
        let mut no_clone3 = vec![(libc::SYS_clone3, vec![])];
        #[cfg(target_arch = "x86_64")]
        no_clone3.push((libc::SYS_clone3 | X32, vec![]));
        Some(Guard {
            refused: compile(refusals(allow_userns), arch, libc::EPERM)?,
            no_clone3: compile(std::mem::take(&mut no_clone3), arch, libc::ENOSYS)?,
        })
    }

    /// Install both filters in this process (and so in all it starts). System calls only:
    /// fit for the child of a fork.
    pub fn install(&self) -> std::io::Result<()> {
        for f in [&self.no_clone3, &self.refused] {
            seccompiler::apply_filter(f).map_err(|e| match e {
                seccompiler::Error::Prctl(e) | seccompiler::Error::Seccomp(e) => e,
                _ => std::io::Error::from_raw_os_error(libc::EINVAL),
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In a forked child: install the guard, try `call`, and exit with its errno (0 when it
    /// succeeded).
    fn errno_in_child(allow_userns: bool, call: impl FnOnce() -> libc::c_long) -> i32 {
        let guard = Guard::compiled(allow_userns).expect("x86_64 or aarch64");
        // SAFETY: the child makes system calls and exits.
        match unsafe { libc::fork() } {
            0 => {
                let code = match guard.install() {
                    Err(_) => 255,
                    Ok(()) => {
                        if call() < 0 {
                            std::io::Error::last_os_error()
                                .raw_os_error()
                                .unwrap_or(254)
                        } else {
                            0
                        }
                    }
                };
                unsafe { libc::_exit(code) }
            }
            pid => {
                let mut st = 0;
                unsafe { libc::waitpid(pid, &mut st, 0) };
                assert!(libc::WIFEXITED(st), "child status {st}");
                libc::WEXITSTATUS(st)
            }
        }
    }

    #[test]
    fn sigcont_cannot_be_sent_but_other_signals_can() {
        let me = || unsafe { libc::getpid() };
        let kill = |sig| move || unsafe { libc::kill(me(), sig) } as libc::c_long;
        assert_eq!(errno_in_child(false, kill(libc::SIGCONT)), libc::EPERM);
        // Signal 0 (a liveness check) and an ignored-by-default one still go through.
        assert_eq!(errno_in_child(false, kill(0)), 0);
        assert_eq!(errno_in_child(false, kill(libc::SIGWINCH)), 0);
        let tgkill = || unsafe { libc::syscall(libc::SYS_tgkill, me(), me(), libc::SIGCONT) };
        assert_eq!(errno_in_child(false, tgkill), libc::EPERM);
    }

    #[test]
    fn a_timer_may_not_choose_its_signal_but_a_plain_one_is_allowed() {
        let with_sigevent = || unsafe {
            let mut ev: libc::sigevent = std::mem::zeroed();
            ev.sigev_notify = libc::SIGEV_SIGNAL;
            ev.sigev_signo = libc::SIGCONT;
            let mut id: libc::timer_t = std::mem::zeroed();
            libc::syscall(
                libc::SYS_timer_create,
                libc::CLOCK_MONOTONIC,
                &mut ev,
                &mut id,
            )
        };
        assert_eq!(errno_in_child(false, with_sigevent), libc::EPERM);
        let plain = || unsafe {
            let mut id: libc::timer_t = std::mem::zeroed();
            libc::syscall(
                libc::SYS_timer_create,
                libc::CLOCK_MONOTONIC,
                std::ptr::null_mut::<libc::sigevent>(),
                &mut id,
            )
        };
        assert_eq!(errno_in_child(false, plain), 0);
    }

    #[test]
    fn children_are_still_made_and_clone3_says_enosys() {
        let clone3 = || unsafe { libc::syscall(libc::SYS_clone3, 0usize, 0usize) };
        assert_eq!(errno_in_child(false, clone3), libc::ENOSYS);
        // A child through the C library's fork (clone underneath), and a raw clone whose
        // exit signal is SIGCHLD; one whose exit signal is SIGCONT is refused.
        let reap = |p: libc::c_long| unsafe {
            match p {
                0 => libc::_exit(0),
                p if p > 0 => {
                    let mut st = 0;
                    libc::waitpid(p as libc::pid_t, &mut st, 0);
                    0
                }
                _ => -1,
            }
        };
        assert_eq!(
            errno_in_child(false, || reap(unsafe { libc::fork() } as libc::c_long)),
            0
        );
        let raw = |sig: libc::c_int| {
            move || reap(unsafe { libc::syscall(libc::SYS_clone, sig as libc::c_long, 0usize) })
        };
        assert_eq!(errno_in_child(false, raw(libc::SIGCHLD)), 0);
        assert_eq!(errno_in_child(false, raw(libc::SIGCONT)), libc::EPERM);
    }

    #[test]
    fn ptrace_pdeathsig_and_setsig_to_sigcont_are_refused() {
        let ptrace = || unsafe { libc::ptrace(libc::PTRACE_TRACEME, 0, 0, 0) };
        assert_eq!(errno_in_child(false, ptrace), libc::EPERM);
        let pdeath =
            || unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGCONT) } as libc::c_long;
        assert_eq!(errno_in_child(false, pdeath), libc::EPERM);
        let pdeath_kill =
            || unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) } as libc::c_long;
        assert_eq!(errno_in_child(false, pdeath_kill), 0);
        let setsig =
            || unsafe { libc::fcntl(0, F_SETSIG as libc::c_int, libc::SIGCONT) } as libc::c_long;
        assert_eq!(errno_in_child(false, setsig), libc::EPERM);
    }

    #[test]
    fn a_user_namespace_is_refused_outside_the_sandbox_only() {
        let userns = || unsafe { libc::unshare(libc::CLONE_NEWUSER) } as libc::c_long;
        assert_eq!(errno_in_child(false, userns), libc::EPERM);
        // Allowed by the filter (the kernel may still refuse it: not EPERM from us then,
        // unless the machine forbids user namespaces, which the probe in namespace.rs sees).
        if crate::bot::isolation() == crate::bot::Isolation::UserPid {
            assert_eq!(errno_in_child(true, userns), 0);
        }
    }
}
