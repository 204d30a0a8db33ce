//! The hosting options of `match` and `tournament` (`--memory`, `--env`, `--sandbox`, ...) as
//! the [`SpawnOptions`] of a bot, checked before any game.

use crate::bot::{split_command, EnvRule, ResourceLimits, SpawnOptions};
use crate::cli::HostArgs;
use anyhow::anyhow;

/// The options every bot gets from the command line (per-bot settings go on top), checked.
pub fn spawn_options(h: &HostArgs) -> anyhow::Result<SpawnOptions> {
    let opts = unchecked_spawn_options(h)?;
    opts.check()?;
    Ok(opts)
}

/// The same, not checked against this machine (`hosting-check` reports what would fail).
pub fn unchecked_spawn_options(h: &HostArgs) -> anyhow::Result<SpawnOptions> {
    let env = h
        .env
        .iter()
        .map(|e| EnvRule::parse(e))
        .collect::<Result<Vec<_>, _>>()?;
    let wrapper = match &h.wrapper {
        Some(w) => split_command(w).map_err(|e| anyhow!("--wrapper: {e}"))?,
        None => Vec::new(),
    };
    let opts = SpawnOptions {
        limits: ResourceLimits {
            memory_mb: h.memory,
            cpu_seconds: h.cpu_seconds,
            max_file_size_mb: h.max_file_size,
            max_processes: h.max_processes,
            open_files: h.open_files,
        },
        env,
        workdir_parent: h.workdir.clone(),
        keep_workdirs: h.keep_workdirs,
        sandbox: h.sandbox,
        wrapper,
        cpus: None,
        label: String::new(),
        sandbox_read: absolute_all(&h.sandbox_read)?,
        hidden: Vec::new(),
    };
    Ok(opts)
}

/// A bot's own event-file settings on top of the command line's options.
pub fn with_overrides(
    base: &SpawnOptions,
    o: &crate::tournament::plan::config::HostOverrides,
) -> anyhow::Result<SpawnOptions> {
    let mut opts = base.clone();
    let l = &mut opts.limits;
    l.memory_mb = o.memory.or(l.memory_mb);
    l.cpu_seconds = o.cpu_seconds.or(l.cpu_seconds);
    l.max_file_size_mb = o.max_file_size.or(l.max_file_size_mb);
    l.max_processes = o.max_processes.or(l.max_processes);
    l.open_files = o.open_files.or(l.open_files);
    opts.sandbox = o.sandbox.unwrap_or(opts.sandbox);
    if let Some(w) = &o.wrapper {
        opts.wrapper = split_command(w).map_err(|e| anyhow!("wrapper: {e}"))?;
    }
    for e in &o.env {
        opts.env.push(EnvRule::parse(e)?);
    }
    opts.sandbox_read.extend(absolute_all(&o.sandbox_read)?);
    opts.check()?;
    Ok(opts)
}

/// `--sandbox-read` paths, absolute (a path that does not exist is an error before any game).
fn absolute_all(paths: &[std::path::PathBuf]) -> anyhow::Result<Vec<std::path::PathBuf>> {
    paths
        .iter()
        .map(|p| {
            std::fs::canonicalize(p).map_err(|e| anyhow!("--sandbox-read {}: {e}", p.display()))
        })
        .collect()
}

/// Every bot's hosting options: the command line's, with its own event-file settings on top.
/// `hidden`: the run's outputs, kept from the bots' sight under `--sandbox`.
pub fn bot_hosts(
    config: &crate::tournament::plan::config::TournamentConfig,
    host: &HostArgs,
    hidden: &[std::path::PathBuf],
) -> anyhow::Result<Vec<SpawnOptions>> {
    use anyhow::Context;
    let mut base = spawn_options(host)?;
    // Absolute now, looked at when each bot starts (a log file may not exist yet).
    let here = std::env::current_dir()?;
    base.hidden = hidden.iter().map(|p| here.join(p)).collect();
    config
        .bots
        .iter()
        .map(|b| {
            let mut h =
                with_overrides(&base, &b.host).with_context(|| format!("bot '{}'", b.name))?;
            h.label = b.name.clone();
            Ok(h)
        })
        .collect()
}
