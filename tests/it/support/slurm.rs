//! A throw-away one-node Slurm cluster on this host for the tests: started by
//! `tests/slurm/cluster.sh` (munged as the munge user with a fresh key, slurmctld, slurmd) and
//! stopped by the [`Cluster`] guard by the daemons' pids, also when a test fails.

use super::{temp_dir, TempDir};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/slurm/cluster.sh")
}

/// A running one-node cluster; stopped (jobs cancelled, daemons killed by pid) when dropped.
pub struct Cluster {
    dir: TempDir,
}

impl Cluster {
    pub fn start(name: &str) -> Cluster {
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

    pub fn state(&self) -> PathBuf {
        self.dir.join("slurm")
    }

    /// A scratch folder next to the cluster's state (removed with it).
    pub fn work(&self) -> &Path {
        &self.dir
    }

    /// The configuration a Slurm client reads to talk to this cluster (`SLURM_CONF`).
    pub fn conf(&self) -> PathBuf {
        self.state().join("slurm.conf")
    }

    /// A Slurm client command talking to this cluster.
    pub fn cmd(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("SLURM_CONF", self.conf());
        c
    }

    /// Run a client command; its stdout, or a panic with its stderr.
    pub fn run(&self, program: &str, args: &[&str]) -> String {
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
    pub fn sbatch(&self, args: &[&str]) -> String {
        let out = self.run("sbatch", &[&["--parsable"], args].concat());
        out.trim().split(';').next().unwrap().to_string()
    }

    /// `sbatch --parsable ...` submitted by `nobody` (the tests run as root: through setpriv),
    /// as a host without root submits; the job id.
    pub fn sbatch_unprivileged(&self, args: &[&str]) -> String {
        let mut c = self.cmd("setpriv");
        c.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
            .args(["sbatch", "--parsable"])
            .args(args);
        let out = c.output().expect("setpriv sbatch");
        assert!(
            out.status.success(),
            "sbatch as nobody {args:?} failed: {}\n{}",
            String::from_utf8_lossy(&out.stderr),
            self.logs()
        );
        let id = String::from_utf8_lossy(&out.stdout);
        id.trim().split(';').next().unwrap().to_string()
    }

    /// The state of a job and each of its array tasks (`COMPLETED`, `FAILED`, ...), once none of
    /// them is pending or running. `squeue` forgets a job as it ends; `scontrol show job` keeps
    /// it for MinJobAge (10 minutes here).
    pub fn wait(&self, job: &str, timeout: Duration) -> Vec<(String, String)> {
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
    pub fn states(&self, job: &str) -> Vec<(String, String)> {
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
    pub fn logs(&self) -> String {
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
pub fn process_alive(pid: i32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The state is the field after the parenthesised command name.
    match stat.rsplit_once(") ") {
        Some((_, rest)) => !rest.starts_with('Z'),
        None => false,
    }
}
