//! What the tests share: the binary under test, the test bots (`test_bots`, by name),
//! scratch directories, the tools some tests need (`tools`: a test lacking one is reported as
//! ignored, with the reason, and runs under `CI=true`), tmux as a real terminal (`tmux`),
//! waiting for a child, builders of the `baraza match` and `baraza tournament` command lines
//! (`matches`, `tournaments`), processes found by a marker and the CPU they take (`procs`).
//! `fuzz` is the bounded fuzz run's machinery.

#![allow(dead_code)]

pub mod browser;
pub mod fuzz;
mod matches;
mod procs;
pub mod slurm;
mod test_bots;
pub mod tmux;
mod tools;
mod tournaments;

pub use matches::{Match, MatchRun};
pub use procs::{process_with, processes_with, CpuSampler};
pub use test_bots::*;
pub use tools::{on_path, pgn_extract, Tool, CHROMIUM};
pub use tournaments::{event_tournament, tournament, Tournament};

use std::ffi::OsStr;
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

/// `baraza bot ARGS...` (a built-in bot) given `input`, which must end well within `timeout`:
/// its output lines.
pub fn builtin_bot_lines(args: &[&str], input: &str, timeout: Duration) -> Vec<String> {
    let out = baraza()
        .arg("bot")
        .args(args)
        .write_stdin(input)
        .timeout(timeout)
        .assert()
        .success();
    text(&out.get_output().stdout)
        .lines()
        .map(str::to_string)
        .collect()
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

/// Every ruleset, by the id a user gives it, in the order `baraza games` lists them.
pub const RULESET_IDS: [&str; 7] = [
    "darra",
    "darra-2x12",
    "darra-2x16",
    "darra-2x18",
    "bao",
    "dara",
    "dara-niger",
];

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
//
// A test needing a tool declares it twice: for the build (ignored without it, with the reason)
// and for the run (failing should the tool no longer work):
//
//     #[test]
//     #[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
//     fn a_test_of_the_sandbox() {
//         need(Tool::Bwrap);
//         ...
//     }
//
// `build.rs` sets `tool_bwrap` where bubblewrap works, and every `tool_*` under `CI=true`. A
// test with a part that needs no tool and a part that does is two tests, so that "passed"
// never covers a part that did not run. The reason is the tool's `Tool::what`.

/// Whether `build.rs` found `tool` (set its cfg) when these tests were built: the tests that
/// need it are ignored where it did not.
pub fn found_at_build(tool: Tool) -> bool {
    match tool {
        Tool::Bwrap => cfg!(tool_bwrap),
        Tool::Tmux => cfg!(tool_tmux),
        Tool::Script => cfg!(tool_script),
        Tool::Setpriv => cfg!(tool_setpriv),
        Tool::GnuParallel => cfg!(tool_gnu_parallel),
        Tool::Slurm => cfg!(tool_slurm),
        Tool::Chromium => cfg!(tool_chromium),
        Tool::Cc => cfg!(tool_cc),
        Tool::StaticCc => cfg!(tool_static_cc),
        Tool::Cxx => cfg!(tool_cxx),
        Tool::Go => cfg!(tool_go),
        Tool::Javac => cfg!(tool_javac),
        Tool::Node => cfg!(tool_node),
        Tool::Cargo => cfg!(tool_cargo),
        Tool::Python3 => cfg!(tool_python3),
        Tool::DevFull => cfg!(tool_dev_full),
        Tool::PrivateTmpfs => cfg!(tool_private_tmpfs),
        Tool::Bash => cfg!(tool_bash),
        Tool::Man => cfg!(tool_man),
        Tool::PythonPackage => cfg!(tool_python_package),
        Tool::PgnExtract => cfg!(tool_pgn_extract),
        Tool::PythonChess => cfg!(tool_python_chess),
    }
}

/// Fail the calling test, naming it and the tool, unless `tool` works now. A test calling
/// this carries the tool's ignore attribute, so it runs only where the build found the tool
/// (or under `CI=true`, or asked with `--ignored`): its tool missing now is a fault to show,
/// never a reason to pass unrun.
pub fn need(tool: Tool) {
    let Err(why) = tool.probe() else {
        return;
    };
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let what = tool.what();
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{test}: needs {what}, and under CI=true every test runs: {why}");
    }
    if found_at_build(tool) {
        panic!(
            "{test}: {what} was found when baraza was built but does not work now: {why} \
             (to probe again: touch build.rs)"
        );
    }
    panic!(
        "{test}: needs {what}, missing when baraza was built (this build ignores the test; it \
         ran for --ignored or --include-ignored): {why}"
    );
}

/// The build's view of the tools is this machine's: each tool `build.rs` found works now, and
/// each it found missing is missing still (else its tests are ignored for nothing). Its rules
/// for probing again (build.rs) miss a few changes: a tool allowed to work by a setting, one
/// installed into a folder of the PATH made after the build; `touch build.rs` then probes
/// again. Under CI=true every tool counts as found, so each must work.
#[test]
fn the_tools_found_when_built_are_the_tools_that_work_now() {
    let now: Vec<(Tool, Result<(), String>)> = std::thread::scope(|s| {
        let probes: Vec<_> = Tool::ALL
            .map(|tool| s.spawn(move || (tool, tool.probe())))
            .into_iter()
            .collect();
        probes.into_iter().map(|p| p.join().unwrap()).collect()
    });
    let stale: Vec<String> = now
        .into_iter()
        .filter_map(|(tool, works)| match (found_at_build(tool), works) {
            (true, Err(why)) => Some(format!(
                "{}: found when baraza was built (or CI=true), not now: {why}",
                tool.what()
            )),
            (false, Ok(())) => Some(format!(
                "{}: works now but was missing when baraza was built: its tests are ignored",
                tool.what()
            )),
            _ => None,
        })
        .collect();
    let ci = std::env::var("CI").as_deref() == Ok("true");
    let advice = if ci {
        "under CI=true every tool must work:"
    } else {
        "to probe again: touch build.rs"
    };
    assert!(stale.is_empty(), "{advice}\n{}", stale.join("\n"));
}

/// `baraza` run as an unprivileged user, in `/`: as itself when the tests do not run as
/// root, else as `nobody` through setpriv, which the calling test then needs (it carries
/// `#[cfg_attr(not(tool_setpriv), ignore = ...)]`; [`Tool::Setpriv`] is always found when the
/// tests do not run as root).
pub fn baraza_unprivileged() -> Command {
    need(Tool::Setpriv);
    // SAFETY: geteuid has no preconditions.
    let mut cmd = if unsafe { libc::geteuid() } == 0 {
        let mut c = Command::new("setpriv");
        c.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
            .arg(exe());
        c
    } else {
        Command::new(exe())
    };
    cmd.current_dir("/").stdin(Stdio::null());
    cmd
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

/// The lines of a JSON-lines file, each parsed; a `match --jsonl` file's header lines
/// (`"baraza":"match"`) left out, so that its lines are its games (and an SPRT line).
pub fn read_jsonl(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .filter(|v: &serde_json::Value| v["baraza"] != "match")
        .collect()
}

/// The games of a PGN log.
pub fn read_pgn(path: &Path) -> Vec<baraza::record::GameRecord> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    baraza::record::pgn::parse_pgn(&text).unwrap()
}

/// The game lines of the games.jsonl of the run in `run`, in the order written: its header
/// (and any SPRT line) left out.
pub fn run_game_lines(run: &Path) -> Vec<serde_json::Value> {
    let lines = read_jsonl(&run.join("games.jsonl"));
    lines
        .into_iter()
        .filter(|l| l.get("baraza").is_none())
        .collect()
}

/// The names of the files in `dir`, sorted.
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
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
