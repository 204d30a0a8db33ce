//! What a bot started on this machine, under given hosting options, is kept from: the survey
//! `baraza hosting-check` prints before an event. Each line is probed here, not assumed:
//! namespaces by starting one, bubblewrap by starting the sandbox profile around `true`.

use super::namespace::{isolation, Isolation};
use super::spawn::SpawnOptions;
use std::path::Path;

/// How far one protection holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// In force.
    Yes,
    /// In force with a gap the detail names, or not asked for.
    Partly,
    /// Not in force.
    No,
    /// Asked for, but cannot work here: the event would be refused.
    Refused,
}

impl Level {
    pub fn tag(self) -> &'static str {
        match self {
            Level::Yes => "yes",
            Level::Partly => "partly",
            Level::No => "no",
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
            Level::Yes,
            "each bot runs in a session of its own: /dev/tty fails, no keystrokes reach a shell",
        ),
        tiocsti(),
        line(
            "no inherited descriptor",
            Level::Yes,
            "only stdin, stdout and stderr reach a bot, whatever the referee was started with",
        ),
        line(
            "clean environment",
            Level::Yes,
            "only PATH, LANG, LC_*, TZ pass, plus --env; HOME and TMPDIR are its own directory",
        ),
        namespaces(),
        sandbox(opts),
    ];
    out.extend(limits(opts, root));
    out.push(line(
        "referee's user",
        if root { Level::Partly } else { Level::Yes },
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
            Level::Yes,
            "refused by the kernel (dev.tty.legacy_tiocsti = 0)",
        ),
        Ok(_) => line(
            "TIOCSTI (kernel)",
            Level::Partly,
            "allowed by the kernel (dev.tty.legacy_tiocsti = 1); bots have no terminal to use \
             it on, but other programs you run may: sysctl dev.tty.legacy_tiocsti=0",
        ),
        Err(_) => line(
            "TIOCSTI (kernel)",
            Level::Partly,
            "this kernel allows it to a process on its own terminal; bots have none",
        ),
    }
}

fn namespaces() -> Protection {
    match isolation() {
        Isolation::UserPid => line(
            "own namespace",
            Level::Yes,
            "a user + PID namespace per bot: nothing it starts outlives it, it cannot signal or \
             trace other processes, its process count is its own",
        ),
        Isolation::Pid => line(
            "own namespace",
            Level::Partly,
            "a PID namespace per bot (user namespaces are off): nothing it starts outlives it",
        ),
        Isolation::Group => line(
            "own namespace",
            Level::No,
            "namespaces are not available (or BARAZA_ISOLATION=group): a process group per bot, \
             which a process that calls setsid escapes; --max-processes counts the whole user",
        ),
    }
}

fn sandbox(opts: &SpawnOptions) -> Protection {
    if !opts.sandbox {
        return line(
            "sandbox",
            Level::No,
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
            Level::Yes,
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
            Level::Yes,
            format!("{opt} {n}{unit}: all of a bot's processes together{rest}"),
        ),
        None => line(
            what,
            Level::No,
            format!("no {opt}: a bot may use all the host has"),
        ),
    };
    let mut out = vec![
        total(
            "memory per bot",
            "--memory",
            l.memory_mb,
            " MiB",
            " (and its sandbox /tmp), looked at every 100 ms; each process's address space too",
        ),
        total(
            "CPU per bot",
            "--cpu-seconds",
            l.cpu_seconds,
            " s",
            ", looked at every 100 ms; each process's CPU time too",
        ),
    ];
    out.push(match (l.max_processes, root, isolation()) {
        (None, _, _) => line(
            "processes per bot",
            Level::No,
            "no --max-processes: a bot may start as many as the host user may",
        ),
        (Some(_), true, _) => line(
            "processes per bot",
            Level::Refused,
            "--max-processes: the kernel does not apply it to root",
        ),
        (Some(n), false, Isolation::Group) => line(
            "processes per bot",
            Level::Partly,
            format!("--max-processes {n}: counts all of the host user's processes (no namespaces)"),
        ),
        (Some(n), false, _) => line(
            "processes per bot",
            Level::Yes,
            format!("--max-processes {n}: counted in the bot's own namespace"),
        ),
    });
    out.push(match (l.max_file_size_mb, l.open_files) {
        (Some(f), Some(o)) => line(
            "files per process",
            Level::Yes,
            format!("--max-file-size {f} MiB and --open-files {o}, per process"),
        ),
        _ => line(
            "files per process",
            Level::Partly,
            "--max-file-size and --open-files not both set: a bot may fill its disk",
        ),
    });
    out
}

fn cgroups() -> Protection {
    let v2 = Path::new("/sys/fs/cgroup/cgroup.controllers").exists();
    line(
        "cgroups",
        Level::Partly,
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
        assert!(s.iter().all(|p| p.level != Level::Yes), "{s:?}");
        opts.limits.memory_mb = Some(256);
        opts.limits.max_processes = Some(16);
        let s = limits(&opts, true);
        assert_eq!(s[0].level, Level::Yes);
        assert!(s[0]
            .detail
            .contains("--memory 256 MiB: all of a bot's processes together"));
        // Root: the kernel exempts it from the process limit.
        assert_eq!(s[2].level, Level::Refused);
    }
}
