//! The tools some tests need and the machine may lack, and how to tell whether one works here:
//! written once, for two readers. `build.rs` (through `#[path]`) probes every tool when the
//! package is built and sets the cfg `tool_<name>` of each one that works, so that a test
//! needing a missing tool is compiled with `#[ignore = "needs ..."]` and reported as ignored;
//! the tests (as `support::tools`) probe again when they run, to fail loudly should a tool
//! found at build time no longer work.
//!
//! Standard library only: the build script has no dependencies.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A program (or device, or package) that some tests need and the machine may lack; `.ci/run`
/// installs each of them. Each has a cfg, `tool_<name>` ([`Tool::cfg`]), set by `build.rs` where
/// it works (everywhere under `CI=true`), and a test that needs it carries
/// `#[cfg_attr(not(tool_<name>), ignore = "needs ...")]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// bubblewrap, able to create every namespace: `bwrap --ro-bind / / --unshare-all true`.
    Bwrap,
    /// tmux, found and started: `tmux -V` runs (whatever its status).
    Tmux,
    /// util-linux's `script`, giving a pseudo-terminal: `script -qec true /dev/null`.
    Script,
    /// A way to run `baraza` as an unprivileged user: setpriv (`setpriv --help` succeeds)
    /// when this runs as root; nothing (so always there) otherwise.
    Setpriv,
    /// GNU parallel: `parallel --version` succeeds and says "GNU parallel".
    GnuParallel,
    /// A one-node Slurm cluster: munged, slurmctld, slurmd and sbatch on the PATH, and root.
    Slurm,
    /// A browser and its WebDriver: chromium (or chromium-browser, google-chrome) and
    /// chromedriver on the PATH.
    Chromium,
    /// A C compiler: `cc --version` succeeds.
    Cc,
    /// A C compiler that links statically: `cc -static` builds a program (libc.a is there).
    StaticCc,
    /// A C++ compiler: `c++ --version` succeeds.
    Cxx,
    /// Go: `go version` succeeds.
    Go,
    /// A Java compiler: `javac --version` succeeds.
    Javac,
    /// Node.js: `node --version` succeeds.
    Node,
    /// Cargo on the PATH (the Rust kit's build line runs it): `cargo --version` succeeds.
    Cargo,
    /// Python 3: `python3 --version` succeeds.
    Python3,
    /// `/dev/full`, the device every write to fails.
    DevFull,
    /// A tmpfs the test mounts in a mount namespace of its own, nothing mounted on the
    /// machine: `unshare --user --map-root-user --mount` then `mount -t tmpfs` succeed.
    PrivateTmpfs,
    /// bash, whose completion functions `baraza completions bash` writes: `bash --version`.
    Bash,
    /// man, to render the pages `baraza man` writes: `man --version`.
    Man,
    /// The `baraza` Python package (python/), built and installed for the `python3` on the
    /// PATH: `python3 -c 'import baraza'` succeeds.
    PythonPackage,
    /// pgn-extract, a chess PGN reader: found on the PATH or in `/usr/games` (where Debian's
    /// package puts it, off root's PATH) ([`pgn_extract`]), and `pgn-extract --version` succeeds.
    PgnExtract,
    /// python-chess, a chess PGN reader: `python3 -c 'import chess.pgn'` succeeds.
    PythonChess,
}

/// The names the browser test looks for, in order.
pub const CHROMIUM: &[&str] = &["chromium", "chromium-browser", "google-chrome"];

impl Tool {
    /// Every tool, in the order above.
    pub const ALL: [Tool; 22] = [
        Tool::Bwrap,
        Tool::Tmux,
        Tool::Script,
        Tool::Setpriv,
        Tool::GnuParallel,
        Tool::Slurm,
        Tool::Chromium,
        Tool::Cc,
        Tool::StaticCc,
        Tool::Cxx,
        Tool::Go,
        Tool::Javac,
        Tool::Node,
        Tool::Cargo,
        Tool::Python3,
        Tool::DevFull,
        Tool::PrivateTmpfs,
        Tool::Bash,
        Tool::Man,
        Tool::PythonPackage,
        Tool::PgnExtract,
        Tool::PythonChess,
    ];

    /// The cfg `build.rs` sets where the tool works, as the tests' attributes spell it.
    pub fn cfg(self) -> &'static str {
        match self {
            Tool::Bwrap => "tool_bwrap",
            Tool::Tmux => "tool_tmux",
            Tool::Script => "tool_script",
            Tool::Setpriv => "tool_setpriv",
            Tool::GnuParallel => "tool_gnu_parallel",
            Tool::Slurm => "tool_slurm",
            Tool::Chromium => "tool_chromium",
            Tool::Cc => "tool_cc",
            Tool::StaticCc => "tool_static_cc",
            Tool::Cxx => "tool_cxx",
            Tool::Go => "tool_go",
            Tool::Javac => "tool_javac",
            Tool::Node => "tool_node",
            Tool::Cargo => "tool_cargo",
            Tool::Python3 => "tool_python3",
            Tool::DevFull => "tool_dev_full",
            Tool::PrivateTmpfs => "tool_private_tmpfs",
            Tool::Bash => "tool_bash",
            Tool::Man => "tool_man",
            Tool::PythonPackage => "tool_python_package",
            Tool::PgnExtract => "tool_pgn_extract",
            Tool::PythonChess => "tool_python_chess",
        }
    }

    /// What it is, in messages: the words after "needs" in the tests' ignore reasons.
    pub fn what(self) -> &'static str {
        match self {
            Tool::Bwrap => "bubblewrap (bwrap)",
            Tool::Tmux => "tmux",
            Tool::Script => "script (util-linux)",
            Tool::Setpriv => "setpriv (util-linux) to run baraza unprivileged as root",
            Tool::GnuParallel => "GNU parallel",
            Tool::Slurm => "Slurm and munge, as root",
            Tool::Chromium => "chromium and chromedriver",
            Tool::Cc => "a C compiler (cc)",
            Tool::StaticCc => "static linking (cc -static, libc.a)",
            Tool::Cxx => "a C++ compiler (c++)",
            Tool::Go => "Go (go)",
            Tool::Javac => "a JDK (javac)",
            Tool::Node => "Node.js (node)",
            Tool::Cargo => "cargo on the PATH",
            Tool::Python3 => "python3",
            Tool::DevFull => "/dev/full",
            Tool::PrivateTmpfs => "a tmpfs mounted in a namespace of the test's own (unshare)",
            Tool::Bash => "bash",
            Tool::Man => "man",
            Tool::PythonPackage => "the baraza Python package",
            Tool::PgnExtract => "pgn-extract",
            Tool::PythonChess => "python-chess (python3 -m pip install chess)",
        }
    }

    /// The programs it looks for on the PATH, each entry a list of names any one of which will
    /// do. `build.rs` watches the PATH's folders when one of them is missing, so that
    /// installing it probes again.
    pub fn programs(self) -> &'static [&'static [&'static str]] {
        match self {
            Tool::Bwrap => &[&["bwrap"]],
            Tool::Tmux => &[&["tmux"]],
            Tool::Script => &[&["script"]],
            Tool::Setpriv => &[&["setpriv"]],
            Tool::GnuParallel => &[&["parallel"]],
            Tool::Slurm => &[&["munged"], &["slurmctld"], &["slurmd"], &["sbatch"]],
            Tool::Chromium => &[CHROMIUM, &["chromedriver"]],
            Tool::Cc | Tool::StaticCc => &[&["cc"]],
            Tool::Cxx => &[&["c++"]],
            Tool::Go => &[&["go"]],
            Tool::Javac => &[&["javac"]],
            Tool::Node => &[&["node"]],
            Tool::Cargo => &[&["cargo"]],
            Tool::Python3 | Tool::PythonPackage | Tool::PythonChess => &[&["python3"]],
            // Looked for in /usr/games too: [`pgn_extract`].
            Tool::PgnExtract => &[],
            Tool::DevFull => &[],
            Tool::PrivateTmpfs => &[&["unshare"], &["mount"]],
            Tool::Bash => &[&["bash"]],
            Tool::Man => &[&["man"]],
        }
    }

    /// `Ok` when the tool works here, else why not.
    pub fn probe(self) -> Result<(), String> {
        let absent: Vec<&str> = self
            .programs()
            .iter()
            .filter(|names| on_path(names).is_none())
            .map(|names| names[0])
            .collect();
        if self == Tool::PgnExtract && pgn_extract().is_none() {
            return Err("pgn-extract is neither on the PATH nor in /usr/games \
                        (.ci/run installs it: apt-get install pgn-extract)"
                .into());
        }
        // Setpriv is not needed (so not looked for) when this does not run as root.
        if !absent.is_empty() && (self != Tool::Setpriv || is_root()) {
            return Err(format!(
                "{} not on the PATH (.ci/run installs {})",
                absent.join(", "),
                if absent.len() == 1 { "it" } else { "them" }
            ));
        }
        let works = match self {
            Tool::Bwrap => succeeds("bwrap", &["--ro-bind", "/", "/", "--unshare-all", "true"]),
            Tool::Tmux => Command::new("tmux").arg("-V").output().is_ok(),
            Tool::Script => succeeds("script", &["-qec", "true", "/dev/null"]),
            Tool::Setpriv => !is_root() || succeeds("setpriv", &["--help"]),
            Tool::GnuParallel => Command::new("parallel")
                .arg("--version")
                .stdin(Stdio::null())
                .output()
                .is_ok_and(|o| {
                    o.status.success()
                        && String::from_utf8_lossy(&o.stdout).contains("GNU parallel")
                }),
            Tool::Slurm => {
                if !is_root() {
                    return Err("Slurm needs root here (the daemons do)".into());
                }
                true
            }
            Tool::Chromium => true,
            Tool::Cc => succeeds("cc", &["--version"]),
            Tool::StaticCc => static_build(),
            Tool::Cxx => succeeds("c++", &["--version"]),
            // Go spells it as a subcommand.
            Tool::Go => succeeds("go", &["version"]),
            Tool::Javac => succeeds("javac", &["--version"]),
            Tool::Node => succeeds("node", &["--version"]),
            Tool::Cargo => succeeds("cargo", &["--version"]),
            Tool::Python3 => succeeds("python3", &["--version"]),
            Tool::DevFull => Path::new("/dev/full").exists(),
            Tool::PrivateTmpfs => private_tmpfs(),
            Tool::Bash => succeeds("bash", &["--version"]),
            Tool::Man => succeeds("man", &["--version"]),
            Tool::PythonPackage => succeeds("python3", &["-c", "import baraza"]),
            Tool::PgnExtract => pgn_extract().is_some_and(|p| {
                Command::new(p)
                    .arg("--version")
                    .stdin(Stdio::null())
                    .output()
                    .is_ok_and(|o| o.status.success())
            }),
            Tool::PythonChess => succeeds("python3", &["-c", "import chess.pgn"]),
        };
        if works {
            return Ok(());
        }
        Err(match self {
            Tool::Bwrap => "bubblewrap (bwrap) cannot create namespaces here".into(),
            Tool::GnuParallel => "the parallel on the PATH is not GNU parallel \
                                  (apt-get install parallel)"
                .into(),
            Tool::StaticCc => "cc cannot link statically here (apt-get install libc6-dev)".into(),
            Tool::DevFull => "/dev/full is missing".into(),
            Tool::PrivateTmpfs => "unshare cannot mount a tmpfs in a user and mount namespace \
                                   here (unprivileged user namespaces disabled?)"
                .into(),
            Tool::PythonPackage => "the baraza Python package is not installed for python3 \
                                    (docs/python.md: Build and install)"
                .into(),
            Tool::PythonChess => "python-chess is not installed for python3 \
                                  (python3 -m pip install chess)"
                .into(),
            _ => format!("{} does not work here", self.what()),
        })
    }
}

/// Where Debian's pgn-extract package puts the program: a folder not on root's PATH.
pub const USR_GAMES: &str = "/usr/games";

/// The pgn-extract program: on the PATH, else in [`USR_GAMES`].
pub fn pgn_extract() -> Option<PathBuf> {
    on_path(&["pgn-extract"]).or_else(|| {
        let p = Path::new(USR_GAMES).join("pgn-extract");
        p.is_file().then_some(p)
    })
}

/// The first of `names` that is a file in a directory of the PATH.
pub fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|n| {
        std::env::split_paths(&path)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
    })
}

/// Whether `program args` starts and exits with status 0.
fn succeeds(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether this process runs as root.
fn is_root() -> bool {
    extern "C" {
        fn geteuid() -> u32;
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { geteuid() == 0 }
}

/// Whether a tmpfs can be mounted in a user and mount namespace of our own: on a folder of
/// `/tmp`: the mount is private, and changes nothing outside the namespace.
fn private_tmpfs() -> bool {
    succeeds(
        "unshare",
        &[
            "--user",
            "--map-root-user",
            "--mount",
            "mount",
            "-t",
            "tmpfs",
            "-o",
            "size=64k",
            "tmpfs",
            "/tmp",
        ],
    )
}

/// Whether `cc -static` links a program (it needs the C library's static archive), built into
/// the temporary folder and removed.
fn static_build() -> bool {
    use std::io::Write;
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let out = std::env::temp_dir().join(format!(
        "baraza-static-probe-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let Ok(mut child) = Command::new("cc")
        .args(["-static", "-x", "c", "-", "-o"])
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
    else {
        return false;
    };
    let wrote = child
        .stdin
        .take()
        .is_some_and(|mut i| i.write_all(b"int main(void) { return 0; }\n").is_ok());
    let built = child.wait().is_ok_and(|s| s.success()) && wrote;
    let _ = std::fs::remove_file(&out);
    built
}
