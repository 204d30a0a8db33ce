//! What the tests share: the binary under test, the test bots, scratch directories, the tools
//! some tests need (skipped without them, except under `CI=true`), waiting for a child, and
//! `baraza match` runs timed game by game. `fuzz` is the bounded fuzz run's machinery.

#![allow(dead_code)]

pub mod browser;
pub mod fuzz;

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The `baraza` binary of this build.
pub fn exe() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_baraza"))
}

/// A command running `baraza`, to add arguments to and assert on.
pub fn baraza() -> assert_cmd::Command {
    assert_cmd::Command::new(exe())
}

/// `baraza ARGS...` that must succeed; its stdout.
pub fn baraza_ok<I, S>(args: I) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let args: Vec<_> = args.into_iter().map(|a| a.as_ref().to_owned()).collect();
    let out = Command::new(exe()).args(&args).output().unwrap();
    assert!(
        out.status.success(),
        "baraza {args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// Fail unless `actual` is within `tol` of `expected`.
pub fn assert_close(actual: f64, expected: f64, tol: f64) {
    assert!(
        (actual - expected).abs() <= tol,
        "expected {expected} ± {tol}, got {actual}"
    );
}

/// `baraza replay LOG --verify`, which must pass; what it printed (`OK: N games ...`).
pub fn verify_log(log: &Path) -> String {
    baraza_ok([
        OsStr::new("replay"),
        log.as_os_str(),
        OsStr::new("--verify"),
    ])
}

/// `baraza ARGS...` refused: exit status `code` (1 for a refusal, 2 for a usage error),
/// nothing on stdout, no panic, and for status 1 a single line on stderr; that stderr.
pub fn refused(args: &[&str], code: i32) -> String {
    let out = Command::new(exe()).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    if code == 1 {
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{args:?}: one line: {err}"
        );
    }
    err
}

/// Bytes a program printed, as text (invalid UTF-8 replaced).
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The package's root, where `bots/`, `docs/` and `tests/data/` are.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A test bot of `tests/bots/`, by file name.
pub fn bot(name: &str) -> String {
    format!("{}/tests/bots/{name}", env!("CARGO_MANIFEST_DIR"))
}

// ---------------------------------------------------------------------------------------------
// Scratch directories

/// A scratch directory, removed when dropped.
pub struct TempDir(pub PathBuf);

impl std::ops::Deref for TempDir {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty scratch directory named after the test and this process.
pub fn temp_dir(name: &str) -> TempDir {
    let d = std::env::temp_dir().join(format!("baraza-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    TempDir(d)
}

// ---------------------------------------------------------------------------------------------
// Tournaments

/// `baraza tournament RULESET --bot NAME=BOT ...`, to add options to and run: the start of
/// every tournament test's command line.
#[derive(Clone, Debug)]
pub struct Tournament(Vec<std::ffi::OsString>);

/// A tournament of `ruleset` among `bots`, each `NAME=BOT`.
pub fn tournament(ruleset: &str, bots: &[&str]) -> Tournament {
    let mut args = vec!["tournament".into(), ruleset.into()];
    for b in bots {
        args.extend(["--bot".into(), b.into()]);
    }
    Tournament(args)
}

impl Tournament {
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Self {
        self.0.push(arg.as_ref().to_owned());
        self
    }
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.0
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }
    /// `--rounds N`.
    pub fn rounds(self, n: u32) -> Self {
        self.args(["--rounds", &n.to_string()])
    }
    /// `--out DIR`.
    pub fn out(self, dir: impl AsRef<Path>) -> Self {
        self.arg("--out").arg(dir.as_ref())
    }
    /// `--quiet`: no progress on stderr.
    pub fn quiet(self) -> Self {
        self.arg("--quiet")
    }
    /// The command, to run and assert on.
    pub fn command(&self) -> assert_cmd::Command {
        let mut cmd = baraza();
        cmd.args(&self.0);
        cmd
    }
    /// The command as a std one, to spawn.
    pub fn process(&self) -> Command {
        let mut cmd = Command::new(exe());
        cmd.args(&self.0);
        cmd
    }
}

// ---------------------------------------------------------------------------------------------
// Snapshots

/// `insta::assert_snapshot!(NAME, TEXT)`, kept in tests/it/snapshots/ whichever module asserts
/// it. A snapshot that is missing or differs fails the test; outside CI, insta writes the new
/// text beside it (`.snap.new`) for `cargo insta review`, or INSTA_UPDATE=always to accept.
/// Under CI=true nothing is written.
macro_rules! assert_snapshot {
    ($name:expr, $text:expr) => {
        insta::with_settings!(
            {
                snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/tests/it/snapshots"),
                prepend_module_to_snapshot => false,
            },
            { insta::assert_snapshot!($name, $text) }
        )
    };
}

// ---------------------------------------------------------------------------------------------
// Tools some tests need

/// A program (or device) that some tests need and the machine may lack; `.ci/run` installs
/// each of them, so under `CI=true` a missing one fails the test instead of skipping it.
#[derive(Clone, Copy, Debug)]
pub enum Tool {
    /// bubblewrap, able to create every namespace: `bwrap --ro-bind / / --unshare-all true`.
    Bwrap,
    /// tmux, found and started: `tmux -V` runs (whatever its status).
    Tmux,
    /// util-linux's `script`, giving a pseudo-terminal: `script -qec true /dev/null`.
    Script,
    /// setpriv, to run as another user: `setpriv --help` succeeds.
    Setpriv,
    /// GNU parallel: `parallel --version` succeeds and says "GNU parallel".
    GnuParallel,
    /// A one-node Slurm cluster: munged, slurmctld, slurmd and sbatch on the PATH, and root.
    Slurm,
    /// A browser and its WebDriver: chromium (or chromium-browser, google-chrome) and
    /// chromedriver on the PATH.
    Chromium,
    /// A compiler or runtime for a starter kit, on the PATH: `<name> --version` succeeds
    /// (`cc`, `c++`, `go`, `javac`, `java`, `node`).
    Program(&'static str),
    /// `/dev/full`, the device every write to fails.
    DevFull,
    /// The `baraza` Python package (python/), built and installed for the `python3` on the
    /// PATH: `python3 -c 'import baraza'` succeeds.
    PythonPackage,
}

/// The names the browser test looks for, in order.
pub const CHROMIUM: &[&str] = &["chromium", "chromium-browser", "google-chrome"];

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

impl Tool {
    /// `Ok` when the tool works here, else why not.
    fn probe(self) -> Result<(), String> {
        let works = match self {
            Tool::Bwrap => succeeds("bwrap", &["--ro-bind", "/", "/", "--unshare-all", "true"]),
            Tool::Tmux => Command::new("tmux").arg("-V").output().is_ok(),
            Tool::Script => succeeds("script", &["-qec", "true", "/dev/null"]),
            Tool::Setpriv => succeeds("setpriv", &["--help"]),
            Tool::GnuParallel => Command::new("parallel")
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success() && text(&o.stdout).contains("GNU parallel")),
            Tool::Slurm => {
                let missing: Vec<&str> = ["munged", "slurmctld", "slurmd", "sbatch"]
                    .into_iter()
                    .filter(|t| !succeeds("sh", &["-c", &format!("command -v {t}")]))
                    .collect();
                if !missing.is_empty() {
                    return Err(format!(
                        "Slurm is missing: {} not installed (apt-get install slurm-wlm munge)",
                        missing.join(", ")
                    ));
                }
                // SAFETY: geteuid has no preconditions.
                if unsafe { libc::geteuid() } != 0 {
                    return Err("Slurm needs root here (the daemons do)".into());
                }
                true
            }
            Tool::Chromium => on_path(CHROMIUM).is_some() && on_path(&["chromedriver"]).is_some(),
            Tool::Program(name) => match name {
                // Go spells it as a subcommand.
                "go" => succeeds("go", &["version"]),
                _ => succeeds(name, &["--version"]),
            },
            Tool::DevFull => Path::new("/dev/full").exists(),
            Tool::PythonPackage => succeeds("python3", &["-c", "import baraza"]),
        };
        if works {
            return Ok(());
        }
        Err(match self {
            Tool::Bwrap => "bubblewrap (bwrap) is missing or cannot create namespaces here",
            Tool::Tmux => "tmux is not installed",
            Tool::Script => "script is missing or does not work here",
            Tool::Setpriv => "setpriv is missing or does not work here",
            Tool::GnuParallel => "GNU parallel is not installed (apt-get install parallel)",
            Tool::Slurm => unreachable!("said above"),
            Tool::Chromium => "chromium or chromedriver is missing (.ci/run installs them)",
            Tool::Program(name) => {
                return Err(format!("{name} is not installed (.ci/run installs it)"))
            }
            Tool::DevFull => "/dev/full is missing",
            Tool::PythonPackage => {
                "the baraza Python package is not installed (docs/python.md: Build and install)"
            }
        }
        .to_string())
    }
}

/// Whether `tool` works here. When it does not, the calling test (or the part of it that
/// needs the tool) is to be skipped: this says so on stderr, naming the test, and returns
/// false; except under `CI=true`, where it panics, since `.ci/run` installs every tool.
pub fn have(tool: Tool) -> bool {
    let Err(why) = tool.probe() else {
        return true;
    };
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    assert_ne!(
        std::env::var("CI").as_deref(),
        Ok("true"),
        "{test}: needed under CI=true: {why}"
    );
    eprintln!("{test}: skipped: {why}");
    false
}

/// Return from the calling test (it passes, skipped) unless `tool` works here; under
/// `CI=true` a missing tool fails the test instead. See [`have`].
macro_rules! skip_unless {
    ($tool:expr) => {
        if !$crate::support::have($tool) {
            return;
        }
    };
}

/// `baraza` run as an unprivileged user, in `/`: as itself when the tests do not run as
/// root, else as `nobody` through setpriv. `None` when setpriv is missing (the part of the
/// test that needs it is skipped; under `CI=true` it fails instead).
pub fn baraza_unprivileged() -> Option<Command> {
    // SAFETY: geteuid has no preconditions.
    let mut cmd = if unsafe { libc::geteuid() } == 0 {
        if !have(Tool::Setpriv) {
            return None;
        }
        let mut c = Command::new("setpriv");
        c.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
            .arg(exe());
        c
    } else {
        Command::new(exe())
    };
    cmd.current_dir("/").stdin(Stdio::null());
    Some(cmd)
}

// ---------------------------------------------------------------------------------------------
// Children

/// Wait for `child` to exit, at most `timeout`; past it, kill it and fail naming `what`.
pub fn wait_for_exit(child: &mut Child, timeout: Duration, what: &str) -> ExitStatus {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Poll `cond` until it holds; panic with `what` if `timeout` passes first.
pub fn wait_until(timeout: Duration, what: &str, mut cond: impl FnMut() -> bool) {
    let start = Instant::now();
    while !cond() {
        assert!(start.elapsed() < timeout, "{what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Poll `cond` while `child` runs, until it holds; fail naming `what` when the child exits
/// first or `timeout` passes (then the child is killed).
pub fn wait_while_running(
    child: &mut Child,
    timeout: Duration,
    what: &str,
    mut cond: impl FnMut() -> bool,
) {
    let deadline = Instant::now() + timeout;
    while !cond() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("{what}: it exited ({status}) first");
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: not within {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Send signal `sig` (e.g. `libc::SIGINT`) to a child process of this test.
pub fn send_signal(child_pid: u32, sig: i32) {
    // SAFETY: plain system call on our own child.
    unsafe {
        libc::kill(child_pid as i32, sig);
    }
}

/// A run of `baraza` measured by [`run_measured`].
pub struct Measured {
    /// The exit status, as `wait4` gives it.
    pub status: i32,
    /// The peak resident set, in KiB (`ru_maxrss`): the largest of its own and those of the
    /// processes it reaped.
    pub peak_kib: i64,
    pub stdout: String,
    pub stderr: String,
}

impl Measured {
    /// The exit code, if it exited (not killed by a signal).
    pub fn exit_code(&self) -> Option<i32> {
        libc::WIFEXITED(self.status).then(|| libc::WEXITSTATUS(self.status))
    }
    pub fn peak_mib(&self) -> f64 {
        self.peak_kib as f64 / 1024.0
    }
}

/// The variable that makes a copy of this binary run [`measure_in_a_fresh_process`]: the
/// folder of the measured run (its `args.json` in, its results out).
const MEASURE_DIR: &str = "BARAZA_TEST_MEASURE_DIR";

/// The name of the helper test, as libtest knows it.
const MEASURE_TEST: &str = "support::measure_in_a_fresh_process";

/// Run `baraza ARGS...` (its output into files in `dir`) and take its peak resident set from
/// `wait4` when it exits; a run still going after three minutes is killed, so a hang fails
/// the test instead of stalling it.
///
/// `ru_maxrss` counts the memory of the process that started it: a child started with
/// `vfork` (as `std::process::Command` does) keeps its parent's peak across `exec`. This test
/// binary runs every test, so its own peak can be hundreds of MiB; the run is therefore
/// started from a fresh copy of this binary that does nothing else
/// ([`measure_in_a_fresh_process`]), as small as a test binary of its own would be.
pub fn run_measured(dir: &Path, args: &[&str]) -> Measured {
    std::fs::write(dir.join("args.json"), serde_json::to_string(args).unwrap()).unwrap();
    let helper = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", MEASURE_TEST, "--test-threads", "1"])
        .env(MEASURE_DIR, dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        helper.status.success(),
        "the measuring copy of the test binary failed:\n{}{}",
        text(&helper.stdout),
        text(&helper.stderr)
    );
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let measured = read("measured");
    let (status, peak_kib) = measured
        .split_once(' ')
        .unwrap_or_else(|| panic!("the measuring copy wrote {measured:?}"));
    Measured {
        status: status.parse().unwrap(),
        peak_kib: peak_kib.trim().parse().unwrap(),
        stdout: read("baraza.out"),
        stderr: read("baraza.err"),
    }
}

/// [`run_measured`] runs this in a fresh copy of this binary, with [`MEASURE_DIR`] set: it
/// starts `baraza` with the arguments in `args.json` there, reaps it with `wait4`, and writes
/// the status and peak (`measured`) and the output beside them. Run as an ordinary test (no
/// [`MEASURE_DIR`]), it checks that very mechanism: `baraza --version` measured so is
/// reported with its status, its output, and a peak far below this binary's own.
#[test]
fn measure_in_a_fresh_process() {
    let Some(dir) = std::env::var_os(MEASURE_DIR).map(PathBuf::from) else {
        let dir = temp_dir("measure-self-check");
        let m = run_measured(&dir, &["--version"]);
        assert_eq!(m.status, 0, "{}", m.stderr);
        assert!(m.stdout.starts_with("baraza "), "{}", m.stdout);
        assert!(
            m.peak_kib > 0 && m.peak_kib < 32 * 1024,
            "{} KiB",
            m.peak_kib
        );
        return;
    };
    let args: Vec<String> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("args.json")).unwrap()).unwrap();
    let child = Command::new(exe())
        .args(&args)
        .env_remove(MEASURE_DIR)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join("baraza.out")).unwrap())
        .stderr(std::fs::File::create(dir.join("baraza.err")).unwrap())
        .spawn()
        .expect("baraza starts");
    let pid = child.id() as libc::pid_t;
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if wait.recv_timeout(Duration::from_secs(180))
            == Err(std::sync::mpsc::RecvTimeoutError::Timeout)
        {
            // SAFETY: plain system call on our own child, which wait4 has not reaped (it
            // would have sent `done`).
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
    });
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: plain system call on our own child; `status` and `usage` outlive it.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let _ = done.send(());
    watchdog.join().unwrap();
    assert_eq!(reaped, pid, "wait4: {}", std::io::Error::last_os_error());
    // Reaped here: the handle must not wait for it again (dropping a Child does not).
    drop(child);
    std::fs::write(
        dir.join("measured"),
        format!("{status} {}", usage.ru_maxrss),
    )
    .unwrap();
}

// ---------------------------------------------------------------------------------------------
// Matches with real bot processes

pub struct MatchRun {
    pub success: bool,
    pub stdout: Vec<String>,
    pub stderr: String,
    /// Wall time of each game, from the previous game's console line (or the start).
    pub game_times: Vec<Duration>,
    pub total: Duration,
}

/// Run `baraza match ARGS...`, timing every `game N:` line as it arrives.
pub fn run_match(args: &[&str]) -> MatchRun {
    let start = Instant::now();
    let mut child = Command::new(exe())
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("baraza starts");
    let stdout = child.stdout.take().unwrap();
    let mut lines = Vec::new();
    let mut game_times = Vec::new();
    let mut last = start;
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        if line.starts_with("game ") {
            let now = Instant::now();
            game_times.push(now - last);
            last = now;
        }
        lines.push(line);
    }
    let out = child.wait_with_output().unwrap();
    MatchRun {
        success: out.status.success(),
        stdout: lines,
        stderr: text(&out.stderr),
        game_times,
        total: start.elapsed(),
    }
}

/// The lines of a JSON-lines file, each parsed.
pub fn read_jsonl(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// The pids listed in `pidfile` that still exist (alive or zombie).
pub fn leftover_pids(pidfile: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(pidfile).unwrap_or_default();
    text.lines()
        .filter(|pid| !pid.trim().is_empty())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).ok()?;
            Some(format!("{}: {}", pid.trim(), stat.trim()))
        })
        .collect()
}

/// How many pids `pidfile` lists.
pub fn pid_count(pidfile: &Path) -> usize {
    std::fs::read_to_string(pidfile)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .count()
}

/// `baraza view LOG -o HTML`, which must succeed: the viewer page of a log.
pub fn write_view(log: &Path, html: &Path) {
    baraza()
        .arg("view")
        .arg(log)
        .arg("-o")
        .arg(html)
        .assert()
        .success();
}

/// `baraza results RUN --format html -o HTML`, which must succeed: a run's event report.
pub fn write_report(run: &Path, html: &Path) {
    baraza()
        .arg("results")
        .arg(run)
        .args(["--format", "html", "-o"])
        .arg(html)
        .assert()
        .success();
}
