//! `--sandbox`: the bot under bubblewrap (`bwrap`), with this profile:
//!
//! - every namespace unshared (`--unshare-all`): no network (only a loopback of its own), its
//!   own PID namespace with bwrap as init, its own IPC, UTS and cgroup view; killed with the
//!   referee (`--die-with-parent`); a new session (no terminal to inject input into);
//! - the host's file system read-only (`--ro-bind / /`), a fresh `/dev` and `/proc`;
//! - hidden behind empty in-memory directories: `/home`, `/root`, the referee's `$HOME`, and
//!   the directory holding the bots' working directories (so no bot sees another's);
//! - writable: its own working directory, bound back in;
//! - read-only, back from under a hidden directory: what the command needs to run. For each
//!   path in the command (program, script, any word naming an existing path), for the
//!   interpreter of a `#!` script, and for each `PATH` entry: when it lies under a hidden
//!   directory, that directory's first-level entry holding it (`~/.pyenv` for a pyenv shim,
//!   `~/.cargo` for a cargo-installed tool, `~/bots` for a bot kept there).
//!
//! Writes outside the working directory fail (read-only) or land in the in-memory
//! directories, which vanish with the sandbox: nothing reaches the host.

use std::path::{Component, Path, PathBuf};

/// The program a command would run: a path containing `/` as given, otherwise the first
/// executable file of that name on `PATH`. `None` when there is none.
pub(super) fn on_path(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let is_exe = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let p = PathBuf::from(program);
        return is_exe(&p).then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| is_exe(p))
}

/// `--sandbox` without bubblewrap installed.
#[derive(Debug, thiserror::Error)]
#[error("--sandbox needs bubblewrap ('bwrap' on PATH), which is not installed: e.g. apt-get install bubblewrap")]
pub struct NoBwrap;

/// The `bwrap` program, or the error to report before any game.
pub fn find_bwrap() -> Result<PathBuf, NoBwrap> {
    on_path("bwrap").ok_or(NoBwrap)
}

/// The directories hidden from a sandboxed bot (those that exist), outermost first.
fn hidden_dirs(workdir_parent: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = vec!["/home".into(), "/root".into()];
    if let Some(h) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        dirs.push(h.into());
    }
    dirs.push(workdir_parent.to_path_buf());
    let mut out: Vec<PathBuf> = Vec::new();
    for d in dirs {
        let d = std::fs::canonicalize(&d).unwrap_or(d);
        if d.is_dir() && d != Path::new("/") && !out.contains(&d) {
            out.push(d);
        }
    }
    // A directory inside another hidden one is mounted after it.
    out.sort_by_key(|d| d.components().count());
    out
}

/// The first-level entry of `hidden` that holds `p` (`/root/.pyenv` for
/// `/root/.pyenv/shims/python3` under `/root`).
fn first_level(p: &Path, hidden: &Path) -> Option<PathBuf> {
    let rest = p.strip_prefix(hidden).ok()?;
    match rest.components().next()? {
        Component::Normal(first) => Some(hidden.join(first)),
        _ => None,
    }
}

/// The interpreter a `#!` script names, if `p` is one.
fn shebang(p: &Path) -> Option<PathBuf> {
    use std::io::Read as _;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(p).ok()?.read(&mut head).ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = line.split(|&b| b == b'\n').next()?;
    let text = std::str::from_utf8(line).ok()?;
    text.split_whitespace().next().map(PathBuf::from)
}

/// The full command: `bwrap <profile> -- <argv>` for a bot whose working directory is
/// `workdir` (inside `workdir_parent`). `argv` is absolute already (see `workdir::absolutize`);
/// `path_var` is the bot's `PATH`.
pub fn wrap(bwrap: &Path, workdir: &Path, argv: &[String], path_var: Option<&str>) -> Vec<String> {
    let parent = workdir.parent().unwrap_or(Path::new("/tmp"));
    let hidden = hidden_dirs(parent);
    let mut needed: Vec<PathBuf> = Vec::new();
    let mut consider = |p: PathBuf| {
        let p = std::fs::canonicalize(&p).unwrap_or(p);
        if let Some(i) = shebang(&p) {
            needed.push(i);
        }
        needed.push(p);
    };
    if let Some(prog) = argv.first() {
        consider(on_path(prog).unwrap_or_else(|| prog.into()));
    }
    for w in argv.iter().skip(1) {
        let v = w.split_once('=').map_or(w.as_str(), |(_, v)| v);
        if Path::new(v).is_absolute() && Path::new(v).exists() {
            consider(v.into());
        }
    }
    for dir in std::env::split_paths(path_var.unwrap_or("")) {
        if dir.is_absolute() {
            needed.push(std::fs::canonicalize(&dir).unwrap_or(dir));
        }
    }
    let mut binds: Vec<PathBuf> = Vec::new();
    for p in &needed {
        // The deepest hidden directory holding it decides.
        if let Some(b) = hidden.iter().rev().find_map(|h| first_level(p, h)) {
            if b != workdir && !binds.contains(&b) && b.exists() {
                binds.push(b);
            }
        }
    }
    let s = |p: &Path| p.to_string_lossy().into_owned();
    let mut cmd: Vec<String> = [
        s(bwrap).as_str(),
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    for h in &hidden {
        cmd.extend(["--tmpfs".to_string(), s(h)]);
    }
    for b in &binds {
        cmd.extend(["--ro-bind".to_string(), s(b), s(b)]);
    }
    cmd.extend(["--bind".to_string(), s(workdir), s(workdir)]);
    cmd.extend(["--chdir".to_string(), s(workdir), "--".to_string()]);
    cmd.extend(argv.iter().cloned());
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_level_entries_under_a_hidden_dir() {
        assert_eq!(
            first_level(Path::new("/root/.pyenv/shims/python3"), Path::new("/root")),
            Some(PathBuf::from("/root/.pyenv"))
        );
        assert_eq!(
            first_level(Path::new("/usr/bin/python3"), Path::new("/root")),
            None
        );
        assert_eq!(first_level(Path::new("/root"), Path::new("/root")), None);
    }

    #[test]
    fn the_profile_hides_homes_and_the_workdirs_and_binds_the_own_one() {
        let parent = std::env::temp_dir().join(format!("baraza-sbx-{}", std::process::id()));
        std::fs::create_dir_all(parent.join("w1")).unwrap();
        let wd = std::fs::canonicalize(parent.join("w1")).unwrap();
        let argv = vec!["/bin/sh".to_string(), "-c".to_string(), "true".to_string()];
        let cmd = wrap(
            Path::new("/usr/bin/bwrap"),
            &wd,
            &argv,
            Some("/usr/bin:/bin"),
        );
        let text = cmd.join(" ");
        let p = std::fs::canonicalize(&parent).unwrap();
        assert!(text.starts_with("/usr/bin/bwrap --unshare-all --die-with-parent"));
        assert!(text.contains(&format!("--tmpfs {}", p.display())), "{text}");
        assert!(
            text.contains(&format!("--bind {0} {0}", wd.display())),
            "{text}"
        );
        assert!(text.ends_with("-- /bin/sh -c true"), "{text}");
        std::fs::remove_dir_all(&parent).unwrap();
    }
}
