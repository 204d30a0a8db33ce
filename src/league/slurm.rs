//! A batch played on Slurm through the shard and merge path ([`super::shards`]): the pending
//! batch's shards are one job array (task K runs `baraza league run DIR --shard K/N`), and
//! once no task of it is queued or running the shards are merged into the league's log.
//!
//! Crash-safe as a batch played in place: the plan is on disk before the job is submitted;
//! the job is named after the league folder and the batch, so a player started again finds a
//! job still queued or running for the pending batch (`squeue --name`) and waits for it rather
//! than submitting a second; the merge appends each game once, and a task that failed is
//! played again by a new job that plays only what its shard folder lacks.

use super::batch::Batch;
use super::error::LeagueError;
use super::folder::League;
use super::shards::{merge, SHARDS_DIR};
use crate::escape::shell::single_quoted;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How the batches' jobs are submitted.
#[derive(Clone, Debug)]
pub struct SlurmOptions {
    /// Tasks of a batch's job array, at most one per game pair (`None`: one per pair).
    pub shards: Option<usize>,
    pub partition: Option<String>,
    /// CPUs of each task, its games played at once [default: league.toml's concurrency, else 1].
    pub cpus_per_task: Option<usize>,
    /// The baraza program the tasks run: on a file system every node mounts, at the same path.
    pub program: PathBuf,
}

/// How a batch on Slurm ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlurmEnd {
    /// Merged into the league's log: its games.
    Merged(usize),
    /// Asked to stop while its job ran: the job goes on, and the next start waits for it.
    Stopped,
}

/// Why a batch could not be played on Slurm.
#[derive(Debug, thiserror::Error)]
pub enum SlurmError {
    #[error("cannot run `{program}` (is Slurm's client installed?)")]
    Spawn {
        program: &'static str,
        #[source]
        source: std::io::Error,
    },
    #[error("`{command}` failed: {stderr}")]
    Failed { command: String, stderr: String },
    #[error("Slurm job {job} ended without every game of batch {batch} (the tasks' output: {}/{batch}-*.out); the next job plays what is missing", dir.display())]
    Incomplete {
        job: String,
        batch: u32,
        dir: PathBuf,
        #[source]
        source: Box<LeagueError>,
    },
    #[error(transparent)]
    League(#[from] LeagueError),
}

/// How often the queue is asked whether the job is still there.
const POLL: Duration = Duration::from_secs(1);

/// Play `batch` (the league's pending one) on Slurm and merge it; `note` gets a line for each
/// job submitted or waited for.
pub fn play_batch(
    league: &League,
    batch: &Batch,
    o: &SlurmOptions,
    stop: &AtomicBool,
    note: &dyn Fn(&str),
) -> Result<SlurmEnd, SlurmError> {
    let name = job_name(&league.dir, batch.batch);
    let dir = league.dir.join(SHARDS_DIR);
    if let Err(source) = std::fs::create_dir_all(&dir) {
        return Err(LeagueError::Create { dir, source }.into());
    }
    let earlier = active_jobs(&name)?;
    if !earlier.is_empty() {
        note(&format!(
            "batch {}: waiting for Slurm job {}, submitted before this start",
            batch.batch,
            earlier.join(", ")
        ));
        if !wait(&name, stop)? {
            return Ok(SlurmEnd::Stopped);
        }
    }
    // Its shards may be complete already (a job that ended while no player was running).
    match merge(league, vec![]) {
        Ok(n) => return Ok(SlurmEnd::Merged(n)),
        Err(LeagueError::MissingGames { .. }) => {}
        Err(e) => return Err(e.into()),
    }
    let pairs: BTreeSet<u64> = batch.games.iter().map(|g| g.pair).collect();
    let tasks = o.shards.unwrap_or(pairs.len()).clamp(1, pairs.len().max(1));
    let job = submit(league, batch.batch, tasks, o, &name)?;
    note(&format!(
        "batch {}: {tasks} shards submitted as Slurm job {job}",
        batch.batch
    ));
    if !wait(&name, stop)? {
        return Ok(SlurmEnd::Stopped);
    }
    match merge(league, vec![]) {
        Ok(n) => Ok(SlurmEnd::Merged(n)),
        Err(source @ LeagueError::MissingGames { .. }) => Err(SlurmError::Incomplete {
            job,
            batch: batch.batch,
            dir,
            source: Box::new(source),
        }),
        Err(e) => Err(e.into()),
    }
}

/// `baraza-B-H`: batch `B` of the league folder whose path hashes to `H`, so that two
/// leagues on one cluster never wait for each other's jobs.
pub fn job_name(dir: &Path, batch: u32) -> String {
    use sha2::{Digest, Sha256};
    let path = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let digest = Sha256::digest(path.as_os_str().as_encoded_bytes());
    let hash: String = digest[..4].iter().map(|b| format!("{b:02x}")).collect();
    format!("baraza-{batch}-{hash}")
}

/// The ids of the jobs named `name` still queued or running.
fn active_jobs(name: &str) -> Result<Vec<String>, SlurmError> {
    let out = run(
        Command::new("squeue").args(["--noheader", "--name", name, "--format", "%A"]),
        "squeue",
        None,
    )?;
    let ids: BTreeSet<String> = out.split_whitespace().map(str::to_string).collect();
    Ok(ids.into_iter().collect())
}

/// Wait until no job named `name` is queued or running: true, or false when asked to stop.
fn wait(name: &str, stop: &AtomicBool) -> Result<bool, SlurmError> {
    loop {
        if active_jobs(name)?.is_empty() {
            return Ok(true);
        }
        let asked = Instant::now();
        while asked.elapsed() < POLL {
            if stop.load(Ordering::SeqCst) {
                return Ok(false);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Submit the job array of `tasks` shards of batch `batch`; its id.
fn submit(
    league: &League,
    batch: u32,
    tasks: usize,
    o: &SlurmOptions,
    name: &str,
) -> Result<String, SlurmError> {
    let shards = league.dir.join(SHARDS_DIR);
    let cpus = o
        .cpus_per_task
        .or(league.inputs.concurrency)
        .unwrap_or(1)
        .max(1);
    let mut c = Command::new("sbatch");
    c.arg("--parsable")
        .arg(format!("--array=1-{tasks}"))
        .arg(format!("--job-name={name}"))
        .arg(format!("--cpus-per-task={cpus}"))
        .arg(format!("--output={}/{batch}-%a.out", shards.display()))
        .arg(format!("--chdir={}", league.dir.display()))
        // Slurm's SIGTERM a minute before the time limit: the task's games end as the stop
        // file ends them, and the next job plays the rest.
        .arg("--signal=B:TERM@60");
    if let Some(p) = &o.partition {
        c.arg(format!("--partition={p}"));
    }
    let out = run(
        &mut c,
        "sbatch",
        Some(&script(&o.program, &league.dir, tasks)),
    )?;
    let id = out.trim().split(';').next().unwrap_or_default().to_string();
    if id.is_empty() {
        return Err(SlurmError::Failed {
            command: "sbatch".into(),
            stderr: format!("no job id in its answer {out:?}"),
        });
    }
    Ok(id)
}

/// The tasks' script: docs/cluster/league-shard.sbatch with its arguments filled in.
fn script(program: &Path, dir: &Path, tasks: usize) -> String {
    format!(
        "#!/bin/sh\nexec {} league run {} --shard \"$SLURM_ARRAY_TASK_ID/{tasks}\" \
         --concurrency \"${{SLURM_CPUS_PER_TASK:-1}}\" --quiet\n",
        single_quoted(&program.display().to_string()),
        single_quoted(&dir.display().to_string()),
    )
}

/// Run a Slurm client command (with `stdin` written to it): its stdout.
fn run(c: &mut Command, program: &'static str, stdin: Option<&str>) -> Result<String, SlurmError> {
    c.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let spawned = c.spawn().and_then(|mut child| {
        if let Some(mut pipe) = child.stdin.take() {
            pipe.write_all(stdin.unwrap_or_default().as_bytes())?;
        }
        child.wait_with_output()
    });
    let out = spawned.map_err(|source| SlurmError::Spawn { program, source })?;
    if !out.status.success() {
        return Err(SlurmError::Failed {
            command: format!("{c:?}").replace('"', ""),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_name_is_the_batch_and_the_league_folder() {
        let a = job_name(Path::new("/no/such/league-a"), 3);
        let b = job_name(Path::new("/no/such/league-b"), 3);
        assert!(
            a.starts_with("baraza-3-") && a.len() == "baraza-3-".len() + 8,
            "{a}"
        );
        assert_ne!(a, b);
        assert_eq!(a, job_name(Path::new("/no/such/league-a"), 3));
        assert_ne!(a, job_name(Path::new("/no/such/league-a"), 4));
    }

    #[test]
    fn the_script_quotes_the_paths_and_leaves_the_task_id_to_the_shell() {
        let s = script(Path::new("/opt/b a/baraza"), Path::new("/l/it's"), 4);
        assert_eq!(
            s,
            "#!/bin/sh\nexec '/opt/b a/baraza' league run '/l/it'\\''s' \
             --shard \"$SLURM_ARRAY_TASK_ID/4\" --concurrency \"${SLURM_CPUS_PER_TASK:-1}\" --quiet\n"
        );
    }
}
