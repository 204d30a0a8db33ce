//! How a bot process is started: the hosting options of one bot and the command they make.

use super::environment::{bot_env, EnvRule};
use super::host_fault::host_error;
use super::limits::ResourceLimits;
use super::namespace::{isolation, Isolation, Plan};
use super::sandbox;
use super::workdir::Workdir;
use std::io;
use std::path::PathBuf;
use std::process::Stdio;

/// How one bot's processes are started and held. The default is what a host of unknown code
/// wants: its own PID namespace (see [`super::namespace`]), a cleared environment
/// ([`super::environment`]), a fresh working directory removed afterwards, no core files.
#[derive(Clone, Debug, Default)]
pub struct SpawnOptions {
    pub limits: ResourceLimits,
    /// `--env` rules, in order.
    pub env: Vec<EnvRule>,
    /// Parent of the working directories (`--workdir`); the system's temporary directory when
    /// `None`.
    pub workdir_parent: Option<PathBuf>,
    /// Leave each working directory behind (`--keep-workdirs`).
    pub keep_workdirs: bool,
    /// Run under bubblewrap (`--sandbox`; see [`super::sandbox`]).
    pub sandbox: bool,
    /// A command prefix (`--wrapper`), already split; outermost, before bubblewrap.
    pub wrapper: Vec<String>,
    /// Pin the bot's processes to these CPUs (`--affinity`).
    pub cpus: Option<Vec<usize>>,
    /// Let the bot compute between its turns (`--ponder`); by default every process of it is
    /// stopped then (see the `bot::pause` module).
    pub ponder: bool,
    /// Send the bot the game's seed (`--send-seed`; built-in bots always get it).
    pub send_seed: bool,
    /// Names the working directory (the bot's name).
    pub label: String,
    /// Under `--sandbox`: more paths the bot may read (`--sandbox-read`), beyond what its
    /// command needs.
    pub sandbox_read: Vec<PathBuf>,
    /// Under `--sandbox`: paths kept out of the bot's sight even inside a folder it may read
    /// (the event's output, the logs).
    pub hidden: Vec<PathBuf>,
}

/// A hosting option that cannot work here: reported before any game.
#[derive(Debug, thiserror::Error)]
pub enum SpawnCheckError {
    #[error(transparent)]
    NoBwrap(#[from] sandbox::NoBwrap),
    #[error("--wrapper: program '{0}' not found or not executable")]
    NoWrapper(String),
    #[error(
        "--max-processes cannot be enforced: the kernel does not apply it to root; run the \
         referee as an unprivileged user"
    )]
    RootProcesses,
    #[error("--workdir {0}: not a directory")]
    BadWorkdir(String),
}

impl SpawnOptions {
    /// Check what can be checked before any game: bubblewrap for `--sandbox`, the wrapper's
    /// program, `--max-processes` as root, the `--workdir` parent.
    pub fn check(&self) -> Result<(), SpawnCheckError> {
        if self.sandbox {
            sandbox::find_bwrap()?;
        }
        if let Some(w) = self.wrapper.first() {
            if sandbox::on_path(w).is_none() {
                return Err(SpawnCheckError::NoWrapper(w.clone()));
            }
        }
        if self.limits.max_processes.is_some() && nix::unistd::geteuid().is_root() {
            return Err(SpawnCheckError::RootProcesses);
        }
        if let Some(p) = &self.workdir_parent {
            if !p.is_dir() {
                return Err(SpawnCheckError::BadWorkdir(p.display().to_string()));
            }
        }
        Ok(())
    }
}

/// A command ready to spawn, with what must live as long as its process.
pub(super) struct Prepared {
    pub cmd: tokio::process::Command,
    pub workdir: Workdir,
    pub iso: Isolation,
}

/// A failed start under `--wrapper` whose program could not be run: the wrapper is the host's
/// (the bot's own program is run by the wrapper, and a failure there is the bot's exit).
pub(super) fn blame_wrapper(e: io::Error, opts: &SpawnOptions) -> io::Error {
    let gone = matches!(
        e.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied
    );
    match opts.wrapper.first() {
        Some(w) if gone => host_error(io::Error::new(
            e.kind(),
            format!("--wrapper: cannot run '{w}': {e}"),
        )),
        _ => e,
    }
}

/// Build the command for `argv` under `opts` (creates the working directory).
pub(super) fn prepare(argv: &[String], opts: &SpawnOptions) -> io::Result<Prepared> {
    if argv.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "empty bot command",
        ));
    }
    let label = if opts.label.is_empty() {
        "bot"
    } else {
        &opts.label
    };
    // The working directory's folder is the host's: a bot is not to blame for it.
    let workdir = Workdir::create(opts.workdir_parent.as_deref(), label, opts.keep_workdirs)
        .map_err(host_error)?;
    // The caller's paths are already absolute ([`crate::bot::spec::BotSpec::argv`]).
    let mut full = argv.to_vec();
    let env = bot_env(&opts.env, workdir.path(), |n| std::env::var_os(n));
    let path_var = env
        .iter()
        .find(|(k, _)| k == "PATH")
        .map(|(_, v)| v.to_string_lossy().into_owned());
    // Under bubblewrap too the bot gets a user + PID namespace of ours around bwrap: its
    // process limit then counts what runs in that namespace (bwrap's two processes, which
    // `EXTRA_PROCS` adds, and the bot's), never the host user's other processes and bots.
    let iso = isolation();
    let mut extra = Plan::extra_procs(iso);
    if opts.sandbox {
        let bwrap =
            sandbox::find_bwrap().map_err(|e| host_error(io::Error::other(e.to_string())))?;
        let profile = sandbox::Profile {
            workdir: workdir.path(),
            path_var: path_var.as_deref(),
            scratch_bytes: sandbox::scratch_bytes(opts.limits.memory_mb),
            readable: &opts.sandbox_read,
            hidden: &opts.hidden,
        };
        full = profile.wrap(&bwrap, &sandbox::stdio_back(&full));
        extra += sandbox::EXTRA_PROCS;
    }
    if !opts.wrapper.is_empty() {
        full = opts.wrapper.iter().cloned().chain(full).collect();
    }
    let rlimits = opts.limits.rlimits(extra);
    // Every bot, pondering or not: none has a use for what it forbids.
    let guard = super::thaw_guard::Guard::new(opts.sandbox);
    let plan = Plan::new(iso, rlimits, opts.cpus.clone(), guard, opts.sandbox);
    let mut cmd = tokio::process::Command::new(&full[0]);
    cmd.args(&full[1..])
        .env_clear()
        .envs(env)
        .current_dir(workdir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(false);
    // No `process_group(0)`: `Plan::enter` calls setsid, which makes the same group (its
    // pgid is its pid) and fails in a process that already leads one.
    // Costs a fork() instead of posix_spawn (about 0.2 ms per bot here), and two more for the
    // namespace's init and the bot: worth it, since otherwise a referee killed with SIGKILL
    // leaves its bots running.
    // SAFETY: `enter` makes system calls only (see its contract).
    unsafe {
        cmd.pre_exec(move || plan.enter());
    }
    Ok(Prepared { cmd, workdir, iso })
}
