//! How bots are hosted: the hosting options of `match` and `tournament` (`--memory`, `--env`,
//! `--sandbox`, ...; their clap attributes are their `--help`), a bot's own settings from an
//! event file on top, and the [`SpawnOptions`] they make, checked before any game.

use super::environment::{EnvRule, EnvRuleError};
use super::spawn::{SpawnCheckError, SpawnOptions};
use super::{split_command, ResourceLimits, SplitError};
use std::path::PathBuf;

/// The hosting options every bot of `match` and `tournament` gets (docs/hosting.md).
#[derive(clap::Args, Debug, Clone, Default)]
#[command(next_help_heading = "Hosting (docs/hosting.md)")]
pub struct HostOptions {
    /// Memory of each bot, in MiB: all its processes together (and, under --sandbox, its
    /// in-memory /tmp); over it, it loses with `exceeded --memory MB`
    #[arg(long, value_name = "MB")]
    pub memory: Option<u64>,
    /// CPU time of each bot, in seconds, all its processes together: a backstop against one
    /// that computes between its turns
    #[arg(long, value_name = "S")]
    pub cpu_seconds: Option<u64>,
    /// Largest file a bot may write, in MiB (RLIMIT_FSIZE: SIGXFSZ)
    #[arg(long, value_name = "MB")]
    pub max_file_size: Option<u64>,
    /// Processes and threads of each bot, all together, counted inside its own namespace
    /// (RLIMIT_NPROC; not enforced by the kernel for root, so refused there)
    #[arg(long, value_name = "N")]
    pub max_processes: Option<u64>,
    /// Open files of each bot process (RLIMIT_NOFILE)
    #[arg(long, value_name = "N")]
    pub open_files: Option<u64>,
    /// Pass the referee's NAME to the bots, or set NAME=VALUE (repeatable); by default a bot
    /// gets only PATH, LANG, LC_ALL, LC_CTYPE, LC_MESSAGES, TZ, and HOME = TMPDIR = its
    /// working directory
    #[arg(long = "env", value_name = "NAME[=VALUE]")]
    pub env: Vec<String>,
    /// Parent of the bots' working directories (one fresh directory per bot process)
    /// [default: the system's temporary directory]
    #[arg(long, value_name = "DIR")]
    pub workdir: Option<PathBuf>,
    /// Keep each bot process's working directory instead of removing it afterwards
    #[arg(long)]
    pub keep_workdirs: bool,
    /// Run every bot under bubblewrap: no network, no host socket, a read-only view of the
    /// system and of its own folder only, a bounded in-memory /tmp (docs/hosting.md)
    #[arg(long)]
    pub sandbox: bool,
    /// Under --sandbox, let every bot read PATH too (repeatable; read-only). A bot sees only
    /// the system, the folders its command names and its own working directory by default
    #[arg(long, value_name = "PATH")]
    pub sandbox_read: Vec<PathBuf>,
    /// A command prefix for every bot, e.g. "nice -n 10" or "firejail --quiet" (split like a
    /// shell would; outside --sandbox's bwrap)
    #[arg(long, value_name = "CMD ARGS")]
    pub wrapper: Option<String>,
    /// Pin each game's bots to cores of their own (with K games at once, game slot k gets
    /// core k mod cores; docs/hosting.md)
    #[arg(long)]
    pub affinity: bool,
    /// Let bots compute between their turns. By default every process of a bot is stopped
    /// from its move to its next turn; a pondering bot takes CPU from its opponent's turn
    /// (docs/hosting.md: with --affinity it takes it from its own game only)
    #[arg(long)]
    pub ponder: bool,
    /// Send every bot the game's seed (`seed N` before `newgame`), not only the built-in
    /// ones: a bot that draws its random choices from it plays the same game again when the
    /// event is played again (protocol.md)
    #[arg(long)]
    pub send_seed: bool,
}

/// One bot's own hosting settings in an event file, on top of the command line's (see
/// docs/hosting.md): the same names as the command-line options. Those that change how a game
/// is played are part of the event's header and config hash (a bot with none adds nothing, so
/// such events keep their hash); `workdir` and `keep_workdirs` say only where files go.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HostOverrides {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_seconds: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_file_size: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_processes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_files: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrapper: Option<String>,
    /// Thinks on the opponent's time (`ponder = true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ponder: Option<bool>,
    /// Gets the game's seed, as built-in bots do (`send-seed = true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub send_seed: Option<bool>,
    /// Added after the command line's `--env` rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<String>,
    /// Added to the command line's `--sandbox-read` paths.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sandbox_read: Vec<PathBuf>,
    /// Parent of its working directories (not part of the hash).
    #[serde(skip)]
    pub workdir: Option<PathBuf>,
    /// Keep its working directories (not part of the hash).
    #[serde(skip)]
    pub keep_workdirs: Option<bool>,
}

impl HostOverrides {
    /// Whether nothing of it changes how a game is played (what the header leaves out).
    pub fn plays_as_default(&self) -> bool {
        HostOverrides {
            workdir: None,
            keep_workdirs: None,
            ..self.clone()
        } == HostOverrides::default()
    }

    /// `over`'s settings on top of `self`'s: a setting `over` gives wins; its `env` rules
    /// come after `self`'s (the later rule for a name wins) and its `sandbox_read` paths are
    /// added.
    pub fn overlay(&self, over: &HostOverrides) -> HostOverrides {
        let mut env = self.env.clone();
        env.extend(over.env.iter().cloned());
        let mut sandbox_read = self.sandbox_read.clone();
        sandbox_read.extend(over.sandbox_read.iter().cloned());
        HostOverrides {
            memory: over.memory.or(self.memory),
            cpu_seconds: over.cpu_seconds.or(self.cpu_seconds),
            max_file_size: over.max_file_size.or(self.max_file_size),
            max_processes: over.max_processes.or(self.max_processes),
            open_files: over.open_files.or(self.open_files),
            sandbox: over.sandbox.or(self.sandbox),
            wrapper: over.wrapper.clone().or_else(|| self.wrapper.clone()),
            ponder: over.ponder.or(self.ponder),
            send_seed: over.send_seed.or(self.send_seed),
            env,
            sandbox_read,
            workdir: over.workdir.clone().or_else(|| self.workdir.clone()),
            keep_workdirs: over.keep_workdirs.or(self.keep_workdirs),
        }
    }

    /// The same settings with every switch that is off left out, so that `sandbox = false`
    /// and no `sandbox` at all hash alike.
    pub fn normalized(mut self) -> HostOverrides {
        for switch in [
            &mut self.sandbox,
            &mut self.ponder,
            &mut self.send_seed,
            &mut self.keep_workdirs,
        ] {
            if *switch == Some(false) {
                *switch = None;
            }
        }
        self
    }
}

impl From<&HostOptions> for HostOverrides {
    /// The command line's hosting options as settings (a switch not given is no setting;
    /// `--affinity` is the event's, not a bot's).
    fn from(o: &HostOptions) -> HostOverrides {
        let on = |b: bool| b.then_some(true);
        HostOverrides {
            memory: o.memory,
            cpu_seconds: o.cpu_seconds,
            max_file_size: o.max_file_size,
            max_processes: o.max_processes,
            open_files: o.open_files,
            sandbox: on(o.sandbox),
            wrapper: o.wrapper.clone(),
            ponder: on(o.ponder),
            send_seed: on(o.send_seed),
            env: o.env.clone(),
            sandbox_read: o.sandbox_read.clone(),
            workdir: o.workdir.clone(),
            keep_workdirs: on(o.keep_workdirs),
        }
    }
}

/// Hosting settings that cannot be used; one line for a person.
#[derive(Debug, thiserror::Error)]
pub enum HostingError {
    #[error(transparent)]
    Env(#[from] EnvRuleError),
    /// `--wrapper` on the command line (`wrapper` in an event file: `in_file`).
    #[error("{}: {error}", if *.in_file { "wrapper" } else { "--wrapper" })]
    Wrapper { in_file: bool, error: SplitError },
    #[error("--sandbox-read {}: {error}", .path.display())]
    SandboxRead {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error(transparent)]
    Unusable(#[from] SpawnCheckError),
    #[error("the current directory cannot be read: {0}")]
    CurrentDir(std::io::Error),
    /// A bot's own settings (its name first, as the event file's reader would want it).
    #[error("bot '{name}': {error}")]
    Bot {
        name: String,
        error: Box<HostingError>,
    },
}

impl HostOptions {
    /// The options every bot gets from the command line (per-bot settings go on top), checked.
    pub fn spawn_options(&self) -> Result<SpawnOptions, HostingError> {
        let opts = self.unchecked_spawn_options()?;
        opts.check()?;
        Ok(opts)
    }

    /// The same, not checked against this machine (`hosting-check` reports what would fail).
    pub fn unchecked_spawn_options(&self) -> Result<SpawnOptions, HostingError> {
        let env = self
            .env
            .iter()
            .map(|e| EnvRule::parse(e))
            .collect::<Result<Vec<_>, _>>()?;
        let wrapper = match &self.wrapper {
            Some(w) => split_command(w).map_err(|error| HostingError::Wrapper {
                in_file: false,
                error,
            })?,
            None => Vec::new(),
        };
        Ok(SpawnOptions {
            limits: ResourceLimits {
                memory_mb: self.memory,
                cpu_seconds: self.cpu_seconds,
                max_file_size_mb: self.max_file_size,
                max_processes: self.max_processes,
                open_files: self.open_files,
            },
            env,
            workdir_parent: self.workdir.clone(),
            keep_workdirs: self.keep_workdirs,
            sandbox: self.sandbox,
            wrapper,
            cpus: None,
            ponder: self.ponder,
            send_seed: self.send_seed,
            label: String::new(),
            sandbox_read: absolute_all(&self.sandbox_read)?,
            hidden: Vec::new(),
        })
    }

    /// Every bot's hosting options, from `(name, its own settings)`: the command line's, with
    /// its own on top. `hidden`: the run's outputs, kept from the bots' sight under
    /// `--sandbox`.
    pub fn bot_hosts<'a>(
        &self,
        bots: impl IntoIterator<Item = (&'a str, &'a HostOverrides)>,
        hidden: &[PathBuf],
    ) -> Result<Vec<SpawnOptions>, HostingError> {
        let mut base = self.spawn_options()?;
        // Absolute now, looked at when each bot starts (a log file may not exist yet).
        let here = std::env::current_dir().map_err(HostingError::CurrentDir)?;
        base.hidden = hidden.iter().map(|p| here.join(p)).collect();
        bots.into_iter()
            .map(|(name, own)| {
                let mut h = with_overrides(&base, own).map_err(|error| HostingError::Bot {
                    name: name.to_string(),
                    error: Box::new(error),
                })?;
                h.label = name.to_string();
                Ok(h)
            })
            .collect()
    }
}

/// A bot's own event-file settings on top of the command line's options.
fn with_overrides(base: &SpawnOptions, o: &HostOverrides) -> Result<SpawnOptions, HostingError> {
    let mut opts = base.clone();
    let l = &mut opts.limits;
    l.memory_mb = o.memory.or(l.memory_mb);
    l.cpu_seconds = o.cpu_seconds.or(l.cpu_seconds);
    l.max_file_size_mb = o.max_file_size.or(l.max_file_size_mb);
    l.max_processes = o.max_processes.or(l.max_processes);
    l.open_files = o.open_files.or(l.open_files);
    opts.sandbox = o.sandbox.unwrap_or(opts.sandbox);
    opts.ponder = o.ponder.unwrap_or(opts.ponder);
    opts.send_seed = o.send_seed.unwrap_or(opts.send_seed);
    opts.keep_workdirs = o.keep_workdirs.unwrap_or(opts.keep_workdirs);
    if let Some(dir) = &o.workdir {
        opts.workdir_parent = Some(dir.clone());
    }
    if let Some(w) = &o.wrapper {
        opts.wrapper = split_command(w).map_err(|error| HostingError::Wrapper {
            in_file: true,
            error,
        })?;
    }
    for e in &o.env {
        opts.env.push(EnvRule::parse(e)?);
    }
    opts.sandbox_read.extend(absolute_all(&o.sandbox_read)?);
    opts.check()?;
    Ok(opts)
}

/// `--sandbox-read` paths, absolute (a path that does not exist is an error before any game).
fn absolute_all(paths: &[PathBuf]) -> Result<Vec<PathBuf>, HostingError> {
    paths
        .iter()
        .map(|p| {
            std::fs::canonicalize(p).map_err(|error| HostingError::SandboxRead {
                path: p.clone(),
                error,
            })
        })
        .collect()
}
