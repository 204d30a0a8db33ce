//! What a bot started on this machine, under given hosting options, is kept from: the survey
//! `baraza hosting-check` prints before an event. Each line is probed here, not assumed:
//! namespaces by starting one, bubblewrap by starting the sandbox profile around `true`.

use super::namespace::{isolation, Isolation};
use super::spawn::SpawnOptions;
use std::path::Path;

/// How far one protection holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// In force with nothing known to slip: the kernel enforces it.
    Exact,
    /// In force with a gap the detail names (what slips, and how much).
    BestEffort,
    /// Not in force (not asked for, or not available here).
    Off,
    /// Asked for, but cannot work here: the event would be refused.
    Refused,
}

impl Level {
    pub fn tag(self) -> &'static str {
        match self {
            Level::Exact => "exact",
            Level::BestEffort => "best effort",
            Level::Off => "off",
            Level::Refused => "REFUSED",
        }
    }
}

/// One line of the survey.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Protection {
    pub what: &'static str,
    pub level: Level,
    pub detail: String,
}

fn line(what: &'static str, level: Level, detail: impl Into<String>) -> Protection {
    Protection {
        what,
        level,
        detail: detail.into(),
    }
}

/// The survey for bots started with `opts`.
pub fn survey(opts: &SpawnOptions) -> Vec<Protection> {
    let root = nix::unistd::geteuid().is_root();
    let mut out = vec![
        line(
            "no terminal",
            Level::Exact,
            "each bot runs in a session of its own: /dev/tty fails, no keystrokes reach a shell",
        ),
        tiocsti(),
        line(
            "no inherited descriptor",
            Level::Exact,
            "only stdin, stdout and stderr reach a bot, whatever the referee was started with",
        ),
        line(
            "clean environment",
            Level::Exact,
            "only PATH, LANG, LC_*, TZ pass, plus --env; HOME and TMPDIR are its own directory",
        ),
        namespaces(),
        outlives(),
        freeze(opts),
        sandbox(opts),
        host_files(opts),
    ];
    out.extend(limits(opts, root));
    out.push(line(
        "referee's user",
        if root {
            Level::BestEffort
        } else {
            Level::Exact
        },
        if root {
            "root: bots run as root (a bot in --sandbox or a namespace is root only there); \
             --max-processes is refused; run events as an unprivileged user"
        } else {
            "unprivileged: bots run as this user"
        },
    ));
    out.push(cgroups());
    out
}

fn tiocsti() -> Protection {
    match std::fs::read_to_string("/proc/sys/dev/tty/legacy_tiocsti") {
        Ok(v) if v.trim() == "0" => line(
            "TIOCSTI (kernel)",
            Level::Exact,
            "refused by the kernel (dev.tty.legacy_tiocsti = 0)",
        ),
        Ok(_) => line(
            "TIOCSTI (kernel)",
            Level::BestEffort,
            "allowed by the kernel (dev.tty.legacy_tiocsti = 1); bots have no terminal to use \
             it on, but other programs you run may: sysctl dev.tty.legacy_tiocsti=0",
        ),
        Err(_) => line(
            "TIOCSTI (kernel)",
            Level::BestEffort,
            "this kernel allows it to a process on its own terminal; bots have none",
        ),
    }
}

fn namespaces() -> Protection {
    match isolation() {
        Isolation::UserPid => line(
            "own namespace",
            Level::Exact,
            "a user + PID namespace per bot: nothing it starts outlives it, it cannot signal or \
             trace other processes, its process count is its own",
        ),
        Isolation::Pid => line(
            "own namespace",
            Level::BestEffort,
            "a PID namespace per bot (user namespaces are off): nothing it starts outlives it",
        ),
        Isolation::Group => line(
            "own namespace",
            Level::Off,
            "namespaces are not available (or BARAZA_ISOLATION=group): a process group per bot, \
             which a process that calls setsid escapes; --max-processes counts the whole user",
        ),
    }
}

fn outlives() -> Protection {
    match isolation() {
        Isolation::Group => line(
            "nothing outlives it",
            Level::BestEffort,
            "its process group, which none of its processes can leave (setsid refused), is \
             killed with it; if the referee itself is killed with SIGKILL, the bot dies with \
             it but what the bot started may live on",
        ),
        _ => line(
            "nothing outlives it",
            Level::Exact,
            "the kernel kills its PID namespace with it, even when the referee is killed; its \
             IPC namespace goes too, and it may make no SysV segment or queue",
        ),
    }
}

fn freeze(opts: &SpawnOptions) -> Protection {
    if opts.ponder {
        return line(
            "frozen between turns",
            Level::Off,
            "--ponder: a bot computes on its opponent's time too",
        );
    }
    if !super::thaw_guard::available() {
        return line(
            "frozen between turns",
            Level::BestEffort,
            "every process is stopped between its turns, but this build has no seccomp filter \
             for this processor: a bot can send itself SIGCONT, or leave its group with setsid",
        );
    }
    line(
        "frozen between turns",
        Level::Exact,
        "one SIGSTOP to its process group, which none of its processes can leave; none can \
         send SIGCONT, arm a signal of its choosing or ptrace (a seccomp filter refuses them)",
    )
}

fn host_files(opts: &SpawnOptions) -> Protection {
    if opts.sandbox {
        line(
            "no host socket",
            Level::Exact,
            "a command word that names a socket, FIFO or device, or a folder holding one, is \
             refused before any game; nothing else of the host's outside what its words name",
        )
    } else {
        line(
            "no host socket",
            Level::Off,
            "not sandboxed (--sandbox): a bot can connect to any socket its user can",
        )
    }
}

fn sandbox(opts: &SpawnOptions) -> Protection {
    if !opts.sandbox {
        return line(
            "sandbox",
            Level::Off,
            "not asked for (--sandbox): a bot reads and writes what the referee's user can, \
             and has the network",
        );
    }
    let Ok(bwrap) = super::sandbox::find_bwrap() else {
        return line(
            "sandbox",
            Level::Refused,
            "--sandbox needs bubblewrap (bwrap), which is not installed",
        );
    };
    match sandbox_works(&bwrap, opts) {
        Ok(()) => line(
            "sandbox",
            Level::Exact,
            format!(
                "bubblewrap ({}) started: no network, no host socket, the system and its own \
                 folders read-only, a {} MiB in-memory /tmp",
                bwrap.display(),
                super::sandbox::scratch_bytes(opts.limits.memory_mb) >> 20
            ),
        ),
        Err(e) => line(
            "sandbox",
            Level::Refused,
            format!("bubblewrap could not start a sandbox here: {e}"),
        ),
    }
}

/// Why the sandbox check failed; each says only what went wrong (the line names the check).
#[derive(Debug, thiserror::Error)]
enum SandboxCheckError {
    /// The scratch working directory cannot be made.
    #[error("{0}")]
    Scratch(std::io::Error),
    /// bubblewrap cannot be run.
    #[error("{0}")]
    Run(std::io::Error),
    /// bubblewrap ran and failed: what it wrote to stderr.
    #[error("{0}")]
    Refused(String),
}

/// Start the sandbox profile around `true`, in a scratch working directory.
fn sandbox_works(bwrap: &Path, opts: &SpawnOptions) -> Result<(), SandboxCheckError> {
    let dir = tempfile::Builder::new()
        .prefix("baraza-hosting-check-")
        .tempdir_in(
            opts.workdir_parent
                .clone()
                .unwrap_or_else(std::env::temp_dir),
        )
        .map_err(SandboxCheckError::Scratch)?;
    let wd = std::fs::canonicalize(dir.path()).map_err(SandboxCheckError::Scratch)?;
    let profile = super::sandbox::Profile {
        workdir: &wd,
        path_var: Some("/usr/bin:/bin"),
        scratch_bytes: super::sandbox::scratch_bytes(opts.limits.memory_mb),
        readable: &opts.sandbox_read,
        hidden: &opts.hidden,
    };
    let argv = profile.wrap(bwrap, &["/bin/true".to_string()]);
    let out = std::process::Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(SandboxCheckError::Run)?;
    if out.status.success() {
        Ok(())
    } else {
        let stderr = String::from_utf8_lossy(&out.stderr).trim().to_string();
        Err(SandboxCheckError::Refused(stderr))
    }
}

fn limits(opts: &SpawnOptions, root: bool) -> Vec<Protection> {
    let l = &opts.limits;
    let total = |what: &'static str, opt: &str, v: Option<u64>, unit: &str, rest: &str| match v {
        Some(n) => line(
            what,
            Level::BestEffort,
            format!("{opt} {n}{unit}: all of a bot's processes together{rest}"),
        ),
        None => line(
            what,
            Level::Off,
            format!("no {opt}: a bot may use all the host has"),
        ),
    };
    let mut out = vec![
        total(
            "memory per bot",
            "--memory",
            l.memory_mb,
            " MiB",
            " with the memfd and /dev/shm objects they hold and its sandbox /tmp, looked at \
             every 100 ms (each process's address space is capped by the kernel meanwhile); \
             what slips: what it allocates and frees between two looks; exact needs a cgroup, \
             which baraza does not use",
        ),
        total(
            "CPU per bot",
            "--cpu-seconds",
            l.cpu_seconds,
            " s",
            ", children reaped by the kernel included, looked at every 100 ms (each process's \
             CPU time is capped by the kernel too); what slips: such a child's CPU after the \
             last look, and a child that lives under 100 ms, on the bot's own clock only",
        ),
    ];
    out.push(match (l.max_processes, root, isolation()) {
        (None, _, _) => line(
            "processes per bot",
            Level::Off,
            "no --max-processes: a bot may start as many as the host user may",
        ),
        (Some(_), true, _) => line(
            "processes per bot",
            Level::Refused,
            "--max-processes: the kernel does not apply it to root",
        ),
        (Some(n), false, Isolation::Group) => line(
            "processes per bot",
            Level::BestEffort,
            format!("--max-processes {n}: counts all of the host user's processes (no namespaces)"),
        ),
        (Some(n), false, _) => line(
            "processes per bot",
            Level::Exact,
            format!("--max-processes {n}: counted in the bot's own namespace"),
        ),
    });
    out.push(match (l.max_file_size_mb, l.open_files) {
        (Some(f), Some(o)) => line(
            "files per process",
            Level::Exact,
            format!("--max-file-size {f} MiB and --open-files {o}, per process"),
        ),
        _ => line(
            "files per process",
            Level::BestEffort,
            "--max-file-size and --open-files not both set: a bot may fill its disk",
        ),
    });
    out
}

fn cgroups() -> Protection {
    let v2 = Path::new("/sys/fs/cgroup/cgroup.controllers").exists();
    line(
        "cgroups",
        Level::Off,
        if v2 {
            "cgroup v2 is mounted; baraza does not use cgroups (limits per bot are counted from \
             /proc), so none needs delegating"
        } else {
            "no cgroup v2 here; baraza does not need one (limits per bot are counted from /proc)"
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unset_limits_are_no_and_set_ones_name_the_whole_bot() {
        let mut opts = SpawnOptions::default();
        let s = limits(&opts, false);
        assert!(s.iter().all(|p| p.level != Level::Exact), "{s:?}");
        opts.limits.memory_mb = Some(256);
        opts.limits.max_processes = Some(16);
        let s = limits(&opts, true);
        assert_eq!(s[0].level, Level::BestEffort);
        assert!(s[0]
            .detail
            .contains("--memory 256 MiB: all of a bot's processes together"));
        // Root: the kernel exempts it from the process limit.
        assert_eq!(s[2].level, Level::Refused);
    }
}
