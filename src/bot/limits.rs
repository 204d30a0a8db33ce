//! Per-bot resource limits, set with `setrlimit` in the bot's process just before it runs the
//! bot's program, and how a crash is put down to one of them for the game's reason.
//!
//! The kernel enforces them; baraza only reads the evidence afterwards: the signal a limit
//! sends (SIGXCPU, SIGXFSZ) or what the bot's runtime printed when an allocation, a fork or an
//! open failed. A bot that survives hitting a limit (it caught the error) is not charged.

use std::process::ExitStatus;

/// What one bot may use. `None`: inherited from the referee. Core files are always off.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResourceLimits {
    /// Memory, in MiB: each process's address space (`RLIMIT_AS`), and all its processes'
    /// proportional size together with its sandbox's scratch directory (`budget.rs`).
    pub memory_mb: Option<u64>,
    /// CPU time, in seconds, of each process (`RLIMIT_CPU`) and of all together
    /// (`budget.rs`): a backstop against a bot spinning between turns.
    pub cpu_seconds: Option<u64>,
    /// Largest file it may write (`RLIMIT_FSIZE`), in MiB.
    pub max_file_size_mb: Option<u64>,
    /// Processes and threads (`RLIMIT_NPROC`), its own included, counted inside its user
    /// namespace (so other bots and the host's processes do not count).
    pub max_processes: Option<u64>,
    /// Open file descriptors (`RLIMIT_NOFILE`).
    pub open_files: Option<u64>,
}

const MIB: u64 = 1 << 20;

/// The limits as `setrlimit` calls, computed before the fork: the child only makes system calls.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rlimits {
    memory: Option<u64>,
    cpu: Option<u64>,
    fsize: Option<u64>,
    nproc: Option<u64>,
    nofile: Option<u64>,
}

impl ResourceLimits {
    /// Whether any limit is set (core files aside).
    pub fn any(&self) -> bool {
        *self != ResourceLimits::default()
    }

    /// `extra_procs`: processes of baraza's own counted with the bot's (its tiny init).
    pub(crate) fn rlimits(&self, extra_procs: u64) -> Rlimits {
        Rlimits {
            memory: self.memory_mb.map(|m| m.saturating_mul(MIB)),
            cpu: self.cpu_seconds,
            fsize: self.max_file_size_mb.map(|m| m.saturating_mul(MIB)),
            nproc: self.max_processes.map(|n| n.saturating_add(extra_procs)),
            nofile: self.open_files,
        }
    }

    /// The reason text when the way a bot ended shows it went over one of its limits:
    /// `exceeded --memory 256 MB`. `stderr_tail` is the end of what it wrote to stderr.
    pub fn exceeded(&self, status: Option<&ExitStatus>, stderr_tail: &[u8]) -> Option<String> {
        use std::os::unix::process::ExitStatusExt;
        let signal = status.and_then(|s| s.signal());
        let tail = String::from_utf8_lossy(stderr_tail).to_lowercase();
        let said = |words: &[&str]| words.iter().any(|w| tail.contains(w));
        if let Some(n) = self.cpu_seconds {
            // SIGXCPU at the soft limit (a bot that catches it is killed a second later: that
            // SIGKILL looks like any other and is not put down to the limit).
            if signal == Some(libc::SIGXCPU) {
                return Some(format!("exceeded --cpu-seconds {n} {TOGETHER}"));
            }
        }
        if let Some(n) = self.max_file_size_mb {
            if signal == Some(libc::SIGXFSZ) || said(&["file too large"]) {
                return Some(format!("exceeded --max-file-size {n} MB"));
            }
        }
        if let Some(n) = self.memory_mb {
            if said(MEMORY_WORDS) {
                return Some(format!("exceeded --memory {n} MB {TOGETHER}"));
            }
        }
        if let Some(n) = self.max_processes {
            if said(FORK_WORDS) {
                return Some(format!("exceeded --max-processes {n} {TOGETHER}"));
            }
        }
        if let Some(n) = self.open_files {
            if said(&["too many open files"]) {
                return Some(format!("exceeded --open-files {n}"));
            }
        }
        None
    }
}

/// Said of the limits that bound a bot's processes together (see `budget.rs`).
pub const TOGETHER: &str = "(all its processes together)";

/// What runtimes print when an allocation fails (lower case): C, C++, Rust, Python, Node, Go,
/// the JVM, and strerror(ENOMEM).
const MEMORY_WORDS: &[&str] = &[
    "cannot allocate memory",
    "out of memory",
    "memoryerror",
    "bad_alloc",
    "memory allocation of",
    "outofmemoryerror",
    "failed to reserve",
    "allocation failed",
];

/// What shells and runtimes print when a fork or a new thread is refused (strerror(EAGAIN)).
const FORK_WORDS: &[&str] = &[
    "resource temporarily unavailable",
    "can't fork",
    "cannot fork",
    "fork failed",
    "can't start new thread",
];

impl Rlimits {
    /// Apply in the bot's process, before exec. No core files whatever the limits.
    ///
    /// # Safety
    /// Only system calls: fit for the child of a fork in a multi-threaded process.
    pub(crate) unsafe fn apply(&self) -> std::io::Result<()> {
        use nix::sys::resource::{setrlimit, Resource};
        let set = |r: Resource, v: u64, slack: u64| setrlimit(r, v, v.saturating_add(slack));
        set(Resource::RLIMIT_CORE, 0, 0)?;
        if let Some(v) = self.memory {
            set(Resource::RLIMIT_AS, v, 0)?;
        }
        if let Some(v) = self.cpu {
            // SIGXCPU at the soft limit, SIGKILL at the hard one.
            set(Resource::RLIMIT_CPU, v, 1)?;
        }
        if let Some(v) = self.fsize {
            set(Resource::RLIMIT_FSIZE, v, 0)?;
        }
        if let Some(v) = self.nproc {
            set(Resource::RLIMIT_NPROC, v, 0)?;
        }
        if let Some(v) = self.nofile {
            set(Resource::RLIMIT_NOFILE, v, 0)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    #[test]
    fn a_crash_is_put_down_to_the_limit_its_evidence_names() {
        let l = ResourceLimits {
            memory_mb: Some(256),
            cpu_seconds: Some(2),
            max_file_size_mb: Some(1),
            max_processes: Some(8),
            open_files: Some(64),
        };
        let sig = |s: i32| ExitStatus::from_raw(s);
        let exit1 = ExitStatus::from_raw(1 << 8);
        assert_eq!(
            l.exceeded(Some(&sig(libc::SIGXCPU)), b""),
            Some("exceeded --cpu-seconds 2 (all its processes together)".into())
        );
        assert_eq!(
            l.exceeded(Some(&sig(libc::SIGXFSZ)), b""),
            Some("exceeded --max-file-size 1 MB".into())
        );
        assert_eq!(
            l.exceeded(Some(&exit1), b"Traceback...\nMemoryError\n"),
            Some("exceeded --memory 256 MB (all its processes together)".into())
        );
        assert_eq!(
            l.exceeded(Some(&exit1), b"sh: 1: Cannot fork\n"),
            Some("exceeded --max-processes 8 (all its processes together)".into())
        );
        assert_eq!(
            l.exceeded(Some(&exit1), b"OSError: [Errno 24] Too many open files"),
            Some("exceeded --open-files 64".into())
        );
        // No evidence, or no such limit: an ordinary crash.
        assert_eq!(l.exceeded(Some(&exit1), b"KeyError: 3"), None);
        assert_eq!(
            ResourceLimits::default().exceeded(Some(&sig(libc::SIGXCPU)), b""),
            None
        );
        assert_eq!(
            ResourceLimits::default().exceeded(Some(&exit1), b"MemoryError"),
            None
        );
    }
}
