//! Sharded tournaments on a real Slurm cluster: one node on this host, started by
//! `tests/slurm/cluster.sh` (munged as the munge user with a fresh key, slurmctld, slurmd) and
//! stopped by the [`Cluster`] guard by the daemons' pids, also when a test fails.
//!
//! Needs root and Debian's slurm-wlm and munge packages (`.ci/run` installs them). Without them
//! the tests say so and pass, except under `CI=true`, where they must run.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod common;
use common::{temp_dir, TempDir};

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/slurm/cluster.sh")
}

/// Whether this machine can run the cluster; under CI=true it must.
fn slurm_available(test: &str) -> bool {
    let missing: Vec<&str> = ["munged", "slurmctld", "slurmd", "sbatch"]
        .into_iter()
        .filter(|t| {
            !Command::new("sh")
                .args(["-c", &format!("command -v {t}")])
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .collect();
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let why = if !missing.is_empty() {
        format!(
            "{} not installed (apt-get install slurm-wlm munge)",
            missing.join(", ")
        )
    } else if !root {
        "not root (the daemons need it)".to_string()
    } else {
        return true;
    };
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{test}: Slurm is needed under CI=true: {why}");
    }
    eprintln!("{test}: skipped: Slurm is missing here: {why}");
    false
}

/// A running one-node cluster; stopped (jobs cancelled, daemons killed by pid) when dropped.
struct Cluster {
    dir: TempDir,
}

impl Cluster {
    fn start(name: &str) -> Cluster {
        let dir = temp_dir(name);
        let cluster = Cluster { dir };
        let out = Command::new(script())
            .args(["start"])
            .arg(cluster.state())
            .output()
            .expect("run cluster.sh");
        assert!(
            out.status.success(),
            "cluster.sh start failed: {}{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            cluster.logs()
        );
        cluster
    }

    fn state(&self) -> PathBuf {
        self.dir.join("slurm")
    }

    /// A scratch folder next to the cluster's state (removed with it).
    fn work(&self) -> &Path {
        &self.dir
    }

    /// A Slurm client command talking to this cluster.
    fn cmd(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("SLURM_CONF", self.state().join("slurm.conf"));
        c
    }

    /// Run a client command; its stdout, or a panic with its stderr.
    fn run(&self, program: &str, args: &[&str]) -> String {
        let out = self.cmd(program).args(args).output().expect(program);
        assert!(
            out.status.success(),
            "{program} {args:?} failed: {}\n{}",
            String::from_utf8_lossy(&out.stderr),
            self.logs()
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// `sbatch --parsable ...`: the job id.
    fn sbatch(&self, args: &[&str]) -> String {
        let out = self.run("sbatch", &[&["--parsable"], args].concat());
        out.trim().split(';').next().unwrap().to_string()
    }

    /// The state of a job and each of its array tasks (`COMPLETED`, `FAILED`, ...), once none of
    /// them is pending or running. `squeue` forgets a job as it ends; `scontrol show job` keeps
    /// it for MinJobAge (10 minutes here).
    fn wait(&self, job: &str, timeout: Duration) -> Vec<(String, String)> {
        let deadline = Instant::now() + timeout;
        loop {
            let states = self.states(job);
            let busy = states.iter().any(|(_, s)| {
                matches!(
                    s.as_str(),
                    "PENDING" | "RUNNING" | "CONFIGURING" | "COMPLETING" | "REQUEUED" | "SUSPENDED"
                )
            });
            if !busy && !states.is_empty() {
                return states;
            }
            assert!(
                Instant::now() < deadline,
                "job {job} still not done after {timeout:?}: {states:?}\n{}",
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(300));
        }
    }

    /// (task id or job id, state) of every task of `job`.
    fn states(&self, job: &str) -> Vec<(String, String)> {
        let out = self.run("scontrol", &["show", "job", "--oneliner", job]);
        let mut v: Vec<(String, String)> = out
            .lines()
            .map(|l| {
                let field = |k: &str| {
                    l.split_whitespace()
                        .find_map(|w| w.strip_prefix(k))
                        .unwrap_or("")
                        .to_string()
                };
                let task = field("ArrayTaskId=");
                let id = if task.is_empty() {
                    field("JobId=")
                } else {
                    task
                };
                (id, field("JobState="))
            })
            .collect();
        v.sort();
        v
    }

    /// The daemons' logs, for a failure message.
    fn logs(&self) -> String {
        let mut s = String::new();
        for f in [
            "slurmctld.log",
            "slurmd.log",
            "munge/munged.log",
            "slurmctld.out",
            "slurmd.out",
        ] {
            let text = std::fs::read_to_string(self.state().join(f)).unwrap_or_default();
            let tail: Vec<&str> = text.lines().rev().take(15).collect();
            s.push_str(&format!("--- {f} (last lines) ---\n"));
            for l in tail.into_iter().rev() {
                s.push_str(l);
                s.push('\n');
            }
        }
        s
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let stopped = Command::new(script())
            .arg("stop")
            .arg(self.state())
            .status();
        // The script kills by pid; if it could not run, do it here from the same list.
        if !stopped.is_ok_and(|s| s.success()) {
            let pids = std::fs::read_to_string(self.state().join("pids")).unwrap_or_default();
            for pid in pids.lines().filter_map(|l| l.split_whitespace().nth(1)) {
                if let Ok(pid) = pid.parse::<i32>() {
                    // SAFETY: kill has no memory preconditions; the pid is one this test started.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                }
            }
        }
    }
}

/// Whether `pid` is a process that has not ended (a zombie has ended).
fn process_alive(pid: i32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The state is the field after the parenthesised command name.
    match stat.rsplit_once(") ") {
        Some((_, rest)) => !rest.starts_with('Z'),
        None => false,
    }
}

/// The pids the guard is to stop are alive while the cluster runs, and gone after the drop.
#[test]
fn the_cluster_runs_a_job_array_and_a_dependent_job_then_stops() {
    if !slurm_available("the_cluster_runs_a_job_array_and_a_dependent_job_then_stops") {
        return;
    }
    let cluster = Cluster::start("slurm-smoke");
    let pids: Vec<i32> = std::fs::read_to_string(cluster.state().join("pids"))
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(pids.len(), 3, "munged, slurmctld, slurmd");
    let alive = |pid: i32| process_alive(pid);
    assert!(pids.iter().all(|&p| alive(p)));

    let out = cluster.work().join("out");
    std::fs::create_dir_all(&out).unwrap();
    let pattern = format!("--output={}/task-%a.txt", out.display());
    let array = cluster.sbatch(&[
        "--array=1-4",
        &pattern,
        "--wrap",
        "echo task $SLURM_ARRAY_TASK_ID of $SLURM_ARRAY_TASK_COUNT",
    ]);
    let after = format!("--dependency=afterok:{array}");
    let merged = format!("--output={}/after.txt", out.display());
    let chdir = format!("--chdir={}", out.display());
    let dependent = cluster.sbatch(&[&after, &merged, &chdir, "--wrap", "cat task-*.txt | sort"]);
    let _ = cluster.wait(&array, Duration::from_secs(60));
    let states = cluster.wait(&dependent, Duration::from_secs(60));
    assert_eq!(states, [(dependent.clone(), "COMPLETED".to_string())]);
    let mut all = String::new();
    for k in 1..=4 {
        let text = std::fs::read_to_string(out.join(format!("task-{k}.txt"))).unwrap();
        assert_eq!(text, format!("task {k} of 4\n"));
        all.push_str(&text);
    }
    // It ran after every task had written its file.
    assert_eq!(std::fs::read_to_string(out.join("after.txt")).unwrap(), all);

    drop(cluster);
    for p in pids {
        assert!(!alive(p), "daemon {p} still running after the guard's drop");
    }
}
