//! `--sandbox`: the bot under bubblewrap (`bwrap`), with this profile (docs/hosting.md says
//! the same for hosts):
//!
//! - every namespace unshared (`--unshare-all`): no network (only a loopback of its own), its
//!   own PID namespace with bwrap as init, its own IPC, UTS and cgroup view; killed with the
//!   referee (`--die-with-parent`); no user namespace the bot may make itself
//!   (`--disable-userns`); no terminal to inject input into (the keeper's session has none:
//!   `namespace.rs`; bubblewrap's `--new-session` would call `setsid`, which the bot's filter
//!   refuses, `thaw_guard.rs`);
//! - a root of its own, read-only, holding only the system's programs and libraries (`/usr`,
//!   `/bin`, `/lib*`, `/sbin`, `/etc`, `/opt`, `/sys`, read-only), a fresh `/dev` (read-only)
//!   and `/proc`; nothing else of the host: no `/home`, `/root`, `/run`, `/var`, `/srv`, no
//!   host `/tmp`, so no host Unix socket can be reached;
//! - one in-memory scratch directory, `/dev/shm`, of a bounded size (the bot's `--memory`, or
//!   [`DEFAULT_SCRATCH_MB`]), with `/tmp` and `/var/tmp` as links to it;
//! - read-only, what the command needs to run: the folder of each path its command names
//!   (the bot's program or script and its data), and for the interpreter of a `#!` script,
//!   a program found on `PATH` and each `PATH` entry, the folder that holds it, or under a
//!   home the home's first-level entry (`~/.pyenv` for a pyenv shim, `~/.cargo` for a
//!   cargo-installed tool); plus what the host adds (`--sandbox-read`);
//! - hidden again inside those folders: the event's output and the bots' working directories;
//! - writable: its own working directory, and the scratch directory.

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

/// Processes of bubblewrap's own in the bot's namespace: the outer bwrap, which waits, and
/// the init of its PID namespace.
pub(super) const EXTRA_PROCS: u64 = 2;

/// Size of the in-memory scratch directory when the bot has no `--memory`.
pub const DEFAULT_SCRATCH_MB: u64 = 256;

/// Where the scratch directory is mounted; `/tmp` and `/var/tmp` link to it.
pub(crate) const SCRATCH: &str = "/dev/shm";

/// The scratch directory's size for a bot with memory limit `memory_mb`: the same (what it
/// stores there counts against that limit too).
pub fn scratch_bytes(memory_mb: Option<u64>) -> u64 {
    memory_mb
        .unwrap_or(DEFAULT_SCRATCH_MB)
        .saturating_mul(1 << 20)
}

/// The system's folders every sandbox holds, read-only (those that exist; a top-level link
/// such as `/bin -> usr/bin` is made as the same link).
const SYSTEM: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/sys",
];

/// What bubblewrap runs before the bot: a shell that moves the bot's input and output from 3
/// and 4 back to 0 and 1 and execs the bot (`namespace::move_stdio_above` says why they come
/// that way). `$0` is the bot's program, `$@` its arguments.
const STDIO_BACK: [&str; 3] = [
    "/bin/sh",
    "-c",
    "exec 0<&3 1>&4 3<&- 4>&-; exec \"$0\" \"$@\"",
];

/// `argv` run by [`STDIO_BACK`]'s shell: what bwrap starts for a bot spawned with its input
/// and output on 3 and 4.
pub(super) fn stdio_back(argv: &[String]) -> Vec<String> {
    STDIO_BACK
        .iter()
        .map(|a| a.to_string())
        .chain(argv.iter().cloned())
        .collect()
}

/// The homes: a tool installed under one brings the home's first-level entry holding it.
fn homes() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = vec!["/home".into(), "/root".into()];
    if let Some(h) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        dirs.push(h.into());
    }
    let mut out: Vec<PathBuf> = Vec::new();
    for d in dirs {
        let d = std::fs::canonicalize(&d).unwrap_or(d);
        if d.is_dir() && d != Path::new("/") && !out.contains(&d) {
            out.push(d);
        }
    }
    // The deepest home holding a path decides.
    out.sort_by_key(|d| std::cmp::Reverse(d.components().count()));
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

fn in_system(p: &Path) -> bool {
    SYSTEM.iter().any(|s| p.starts_with(s))
}

/// The folder of `p`: itself when it is a directory, else the one holding it.
fn folder_of(p: &Path) -> PathBuf {
    if p.is_dir() {
        p.to_path_buf()
    } else {
        p.parent().unwrap_or(Path::new("/")).to_path_buf()
    }
}

/// The paths a command names, with the word (or `--sandbox-read` path) that names each: the
/// program when it has a `/`, every later word (or `--name=value` word's value) that is an
/// absolute path that exists, and what the host adds.
fn named_paths(argv: &[String], readable: &[PathBuf]) -> Vec<(String, PathBuf)> {
    let mut named: Vec<(String, PathBuf)> = Vec::new();
    if let Some(prog) = argv.first().filter(|p| p.contains('/')) {
        named.push((prog.clone(), prog.into()));
    }
    for w in argv.iter().skip(1) {
        let v = w.split_once('=').map_or(w.as_str(), |(_, v)| v);
        if Path::new(v).is_absolute() && Path::new(v).exists() {
            named.push((w.clone(), v.into()));
        }
    }
    let host = readable
        .iter()
        .map(|p| (p.display().to_string(), p.clone()));
    named.extend(host);
    named
}

/// What is bound for a named path: its folder, or the path alone when the folder is too broad.
fn bound_for(p: &Path) -> PathBuf {
    let dest = folder_of(p);
    if TOO_BROAD.iter().any(|b| dest == Path::new(b)) {
        p.to_path_buf()
    } else {
        dest
    }
}

/// What kind of special file `p` is (links followed, as the bind follows them), if it is one.
fn special_kind(p: &Path) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let t = std::fs::metadata(p).ok()?.file_type();
    if t.is_socket() {
        Some("Unix socket")
    } else if t.is_fifo() {
        Some("FIFO")
    } else if t.is_char_device() || t.is_block_device() {
        Some("device")
    } else {
        None
    }
}

/// A command word that would hand a sandboxed bot a host socket, FIFO or device: refused
/// before any game.
#[derive(Debug, thiserror::Error)]
#[error(
    "under --sandbox, '{word}' {how} the {kind} {}: a sandboxed bot is never handed a host \
     socket, FIFO or device (one could let it act outside the box); name a regular file, or \
     a folder that holds none (docs/hosting.md, 'What a command word exposes')",
    .file.display()
)]
pub struct SpecialFile {
    word: String,
    how: &'static str,
    kind: &'static str,
    file: PathBuf,
}

/// Refuse a command (and `--sandbox-read` paths) that would bind a socket, FIFO or device
/// into the sandbox: one that a word names, or one in the folder bound for a word (its
/// entries, not deeper: docs/hosting.md says so).
pub fn refuse_special_files(argv: &[String], readable: &[PathBuf]) -> Result<(), SpecialFile> {
    for (word, p) in named_paths(argv, readable) {
        if let Some(kind) = special_kind(&p) {
            let how = "names";
            return Err(SpecialFile {
                word,
                how,
                kind,
                file: p,
            });
        }
        let bound = bound_for(&p);
        if (bound == p && !p.is_dir()) || in_system(&bound) {
            continue;
        }
        for e in std::fs::read_dir(&bound).into_iter().flatten().flatten() {
            if let Some(kind) = special_kind(&e.path()) {
                let how = "makes its folder readable, which holds";
                return Err(SpecialFile {
                    word,
                    how,
                    kind,
                    file: e.path(),
                });
            }
        }
    }
    Ok(())
}

/// What one bot's sandbox holds beside the system (see the module doc).
pub struct Profile<'a> {
    /// The bot's working directory (canonical), the only host folder it may write.
    pub workdir: &'a Path,
    /// The bot's `PATH`.
    pub path_var: Option<&'a str>,
    /// Size of the in-memory scratch directory.
    pub scratch_bytes: u64,
    /// More paths the host lets it read (`--sandbox-read`).
    pub readable: &'a [PathBuf],
    /// Paths hidden again when they lie inside a folder it may read.
    pub hidden: &'a [PathBuf],
}

/// A read-only bind: `src` on the host, seen at `dest` (the path as the command names it, which
/// differs from `src` when a link leads there).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bind {
    src: PathBuf,
    dest: PathBuf,
}

/// Folders so broad that a bot named in them gets its own file bound, not the folder: they
/// hold the host's sockets or everybody's files.
const TOO_BROAD: &[&str] = &[
    "/", "/tmp", "/var/tmp", "/dev/shm", "/run", "/var", "/home", "/root", "/srv", "/mnt",
];

impl Profile<'_> {
    /// The folders the bot may read, beyond the system's: for `argv` (absolute already, see
    /// `command_words::absolutize`).
    fn readable_folders(&self, argv: &[String]) -> Vec<Bind> {
        // Tools: interpreters, a program found on PATH, the PATH entries.
        let mut tools: Vec<PathBuf> = Vec::new();
        // What the command names (and the host adds).
        let named: Vec<PathBuf> = named_paths(argv, self.readable)
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        if let Some(prog) = argv.first().filter(|p| !p.contains('/')) {
            if let Some(p) = on_path(prog) {
                tools.extend(shebang(&p));
                tools.push(p);
            }
        }
        tools.extend(named.iter().filter_map(|p| shebang(p)));
        tools.extend(
            std::env::split_paths(self.path_var.unwrap_or(""))
                .filter(|d| d.is_absolute() && d.is_dir()),
        );
        let mut binds: Vec<Bind> = Vec::new();
        // A tool: under a home, the home's first-level entry holding it; elsewhere its folder.
        let homes = homes();
        for t in &tools {
            let Ok(c) = std::fs::canonicalize(t) else {
                continue;
            };
            let f = homes
                .iter()
                .find_map(|h| first_level(&c, h))
                .unwrap_or_else(|| folder_of(&c));
            let f = if TOO_BROAD.iter().any(|b| f == Path::new(b)) {
                c
            } else {
                f
            };
            binds.push(Bind {
                src: f.clone(),
                dest: f,
            });
        }
        // A named path: its folder (a file in a folder that is too broad alone), seen where the
        // command names it and where a link leads.
        for p in &named {
            let dest = bound_for(p);
            let Ok(src) = std::fs::canonicalize(&dest) else {
                continue;
            };
            binds.push(Bind {
                src: src.clone(),
                dest,
            });
            binds.push(Bind {
                src: src.clone(),
                dest: src,
            });
        }
        let mut out: Vec<Bind> = Vec::new();
        for b in binds {
            if !in_system(&b.dest) && b.dest != Path::new("/") && !out.contains(&b) {
                out.push(b);
            }
        }
        out
    }

    /// The full command: `bwrap <profile> -- <argv>`.
    pub fn wrap(&self, bwrap: &Path, argv: &[String]) -> Vec<String> {
        let s = |p: &Path| p.to_string_lossy().into_owned();
        // Under /tmp means under the scratch directory (/tmp is a link to it).
        let at = |p: &Path| -> String {
            match p.strip_prefix("/tmp") {
                Ok(rest) => s(&Path::new(SCRATCH).join(rest)),
                Err(_) => s(p),
            }
        };
        let mut cmd: Vec<String> = [
            s(bwrap).as_str(),
            "--unshare-all",
            // A user namespace of its own, in which the bot may make no other (one would let it
            // mount an in-memory file system that no budget sees: see `thaw_guard.rs`).
            "--unshare-user",
            "--disable-userns",
            "--die-with-parent",
        ]
        .iter()
        .map(|a| a.to_string())
        .collect();
        let mut arg = |a: &[&str]| cmd.extend(a.iter().map(|x| x.to_string()));
        for dir in SYSTEM {
            let p = Path::new(dir);
            match std::fs::symlink_metadata(p) {
                Ok(m) if m.file_type().is_symlink() => {
                    if let Ok(target) = std::fs::read_link(p) {
                        arg(&["--symlink", &s(&target), dir]);
                    }
                }
                Ok(m) if m.is_dir() => arg(&["--ro-bind", dir, dir]),
                _ => {}
            }
        }
        let size = self.scratch_bytes.to_string();
        arg(&["--proc", "/proc", "--dev", "/dev"]);
        arg(&["--size", &size, "--tmpfs", SCRATCH, "--remount-ro", "/dev"]);
        arg(&[
            "--symlink",
            SCRATCH,
            "/tmp",
            "--symlink",
            SCRATCH,
            "/var/tmp",
        ]);
        let binds = self.readable_folders(argv);
        for b in &binds {
            if b.src != self.workdir {
                arg(&["--ro-bind", &s(&b.src), &at(&b.dest)]);
            }
        }
        // Hidden again where a readable folder holds them; the bot's own directory goes back
        // on top afterwards, so the covers are made read-only only at the end.
        let shown = |p: &Path| {
            binds
                .iter()
                .any(|b| p.starts_with(&b.dest) || p.starts_with(&b.src))
        };
        let mut covers: Vec<String> = Vec::new();
        let mut files: Vec<String> = Vec::new();
        let parent = self.workdir.parent().map(Path::to_path_buf);
        // A path holding a readable folder is not hidden (that would hide the folder too).
        let holds = |h: &Path| {
            binds
                .iter()
                .any(|b| b.dest.starts_with(h) || b.src.starts_with(h))
        };
        for h in self.hidden.iter().chain(parent.as_ref()) {
            let h = std::fs::canonicalize(h).unwrap_or_else(|_| h.clone());
            if !shown(&h) || holds(&h) || h == self.workdir {
                continue;
            }
            if h.is_dir() {
                arg(&["--size", "65536", "--tmpfs", &at(&h)]);
                covers.push(at(&h));
            } else if h.exists() {
                files.push(at(&h));
            }
        }
        for f in &files {
            arg(&["--ro-bind", "/dev/null", f]);
        }
        arg(&["--bind", &s(self.workdir), &at(self.workdir)]);
        for c in &covers {
            arg(&["--remount-ro", c]);
        }
        arg(&["--remount-ro", "/", "--chdir", &s(self.workdir), "--"]);
        cmd.extend(argv.iter().cloned());
        cmd
    }
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
    fn the_profile_shows_the_system_the_bots_folder_and_its_own_directory_only() {
        let base = std::env::temp_dir().join(format!("baraza-sbx-{}", std::process::id()));
        let base = {
            std::fs::create_dir_all(base.join("entry/out")).unwrap();
            std::fs::create_dir_all(base.join("work/w1")).unwrap();
            std::fs::canonicalize(&base).unwrap()
        };
        std::fs::write(base.join("entry/bot.py"), "#!/usr/bin/python3\n").unwrap();
        let wd = base.join("work/w1");
        let argv: Vec<String> = ["/bin/sh", &format!("{}/entry/bot.py", base.display())]
            .map(String::from)
            .to_vec();
        let hidden = [base.join("entry/out")];
        let profile = Profile {
            workdir: &wd,
            path_var: Some("/usr/bin:/bin"),
            scratch_bytes: 64 << 20,
            readable: &[],
            hidden: &hidden,
        };
        let text = profile.wrap(Path::new("/usr/bin/bwrap"), &argv).join(" ");
        // Under /tmp means under the scratch directory, /tmp being a link to it.
        let at = |p: &Path| match p.strip_prefix("/tmp") {
            Ok(rest) => Path::new("/dev/shm").join(rest).display().to_string(),
            Err(_) => p.display().to_string(),
        };
        // No --new-session: the bot may not call setsid (thaw_guard.rs), and the keeper's own
        // session already has no terminal.
        assert!(text.starts_with(
            "/usr/bin/bwrap --unshare-all --unshare-user --disable-userns --die-with-parent --"
        ));
        assert!(!text.contains("--new-session"), "{text}");
        assert!(!text.contains("--ro-bind / /"), "{text}");
        assert!(text.contains("--ro-bind /usr /usr"), "{text}");
        assert!(
            text.contains("--size 67108864 --tmpfs /dev/shm --remount-ro /dev"),
            "{text}"
        );
        assert!(text.contains("--symlink /dev/shm /tmp"), "{text}");
        let entry = base.join("entry");
        assert!(
            text.contains(&format!("--ro-bind {} {}", entry.display(), at(&entry))),
            "{text}"
        );
        // The output folder inside the bot's folder is covered, then made read-only.
        let out = at(&base.join("entry/out"));
        assert!(text.contains(&format!("--tmpfs {out}")), "{text}");
        assert!(text.contains(&format!("--remount-ro {out}")), "{text}");
        // Its own directory, writable; the other working directories are not in the sandbox.
        assert!(
            text.contains(&format!("--bind {} {}", wd.display(), at(&wd))),
            "{text}"
        );
        assert!(
            !text.contains(&format!("{} ", at(&base.join("work")))),
            "{text}"
        );
        assert!(
            text.ends_with(&format!(
                "--remount-ro / --chdir {} -- {}",
                wd.display(),
                argv.join(" ")
            )),
            "{text}"
        );
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn a_bot_kept_directly_in_tmp_brings_its_file_not_the_folder() {
        let f = std::env::temp_dir().join(format!("baraza-sbx-bot-{}.sh", std::process::id()));
        std::fs::write(&f, "#!/bin/sh\n").unwrap();
        let f = std::fs::canonicalize(&f).unwrap();
        let wd = std::env::temp_dir();
        let profile = Profile {
            workdir: &wd,
            path_var: None,
            scratch_bytes: 1 << 20,
            readable: &[],
            hidden: &[],
        };
        let binds = profile.readable_folders(&[f.display().to_string()]);
        assert_eq!(
            binds,
            vec![Bind {
                src: f.clone(),
                dest: f.clone()
            }]
        );
        std::fs::remove_file(&f).unwrap();
    }

    #[test]
    fn a_word_naming_a_socket_fifo_or_device_or_a_folder_holding_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("baraza-special-{}", std::process::id()));
        let (clean, holds) = (dir.join("clean"), dir.join("holds"));
        std::fs::create_dir_all(&clean).unwrap();
        std::fs::create_dir_all(&holds).unwrap();
        std::fs::write(clean.join("bot.py"), "").unwrap();
        std::fs::write(holds.join("net.bin"), "").unwrap();
        let sock = holds.join("tmux.sock");
        let _listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
        let fifo = clean.join("pipe");
        let w =
            |v: &[&Path]| -> Vec<String> { v.iter().map(|p| p.display().to_string()).collect() };
        let prog = Path::new("/usr/bin/python3");
        assert!(refuse_special_files(&w(&[prog, &clean.join("bot.py")]), &[]).is_ok());
        let said = |argv: Vec<String>, readable: &[PathBuf]| {
            refuse_special_files(&argv, readable)
                .unwrap_err()
                .to_string()
        };
        let e = said(w(&[prog, &sock]), &[]);
        assert!(
            e.contains(&format!("'{}' names the Unix socket", sock.display())),
            "{e}"
        );
        // A file beside the socket binds its folder, and so the socket.
        let e = said(w(&[prog, &holds.join("net.bin")]), &[]);
        assert!(
            e.contains("makes its folder readable, which holds the Unix socket"),
            "{e}"
        );
        // So does the folder itself, named by --sandbox-read.
        let e = said(w(&[prog]), std::slice::from_ref(&holds));
        assert!(e.contains("Unix socket"), "{e}");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let e = said(
            w(&[prog, Path::new(&format!("--in={}", fifo.display()))]),
            &[],
        );
        assert!(e.contains("names the FIFO"), "{e}");
        let e = said(w(&[prog, Path::new("/dev/null")]), &[]);
        assert!(e.contains("names the device /dev/null"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
