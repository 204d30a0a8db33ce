//! `baraza serve --slurm` on a one-node Slurm cluster of this host (support::slurm): a batch is
//! a job array of `league run --shard` tasks, merged into the league's log when it ends; a
//! server killed while its job waits in the queue finds the job at the next start and waits
//! for it rather than submitting a second.

use super::*;
use crate::support::slurm::Cluster;

/// The `Slurm job J` of the line of `log` that has `what` for batch `batch`, if any.
fn job_of(log: &str, batch: u32, what: &str) -> Option<String> {
    let prefix = format!("serve: batch {batch}: ");
    log.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .find(|l| l.contains(what))
        .and_then(|l| l.split("Slurm job ").nth(1))
        .map(|j| {
            j.split(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap()
                .to_string()
        })
}

/// The game ids of a games.jsonl, in order.
fn ids(log: &Path) -> Vec<String> {
    read_jsonl(log)
        .iter()
        .filter_map(|l| l["game_id"].as_str().map(str::to_string))
        .collect()
}

#[test]
#[cfg_attr(
    not(all(tool_slurm, tool_bwrap, tool_cc)),
    ignore = "needs Slurm and munge as root, bubblewrap (bwrap) and a C compiler"
)]
fn a_server_on_slurm_plays_its_batches_as_job_arrays_and_finds_its_job_after_a_kill() {
    for tool in [Tool::Slurm, Tool::Bwrap, Tool::Cc] {
        need(tool);
    }
    let cluster = Cluster::start("serve-slurm");
    let dir = cluster.work().join("site");
    std::fs::create_dir(&dir).unwrap();
    let league = new_site_league(&dir);
    let (alice, bob) = (invite(&league, "alice"), invite(&league, "bob"));
    let conf = cluster.conf();
    let env = [("SLURM_CONF", conf.as_path())];
    let args = ["--slurm", "--batch-games", "4"];
    // A job holding the whole node: the server's first job stays in the queue.
    let chdir = format!("--chdir={}", dir.display());
    let blocker = cluster.sbatch(&[&chdir, "--exclusive", "--wrap", "sleep 600"]);

    let site = Site::start_with_env(&league, &args, &env);
    let bot = kit(&dir, "c").join("bot.c");
    site.enter(&[(&alice, "c", &bot), (&bob, "c", &bot)]);
    let start = Instant::now();
    let job = loop {
        if let Some(job) = job_of(&site.log(), 1, "2 shards submitted") {
            break job;
        }
        assert!(start.elapsed() < PATIENCE, "no job\n{}", site.log());
        std::thread::sleep(Duration::from_millis(50));
    };
    let states = cluster.states(&job);
    assert!(
        states.iter().all(|(_, s)| s == "PENDING"),
        "{states:?}\n{}",
        site.log()
    );
    // Killed while its job waits: the plan stays, nothing is in the log.
    site.kill9();
    assert!(league.join("batch.json").exists());
    assert!(ids(&league.join("games.jsonl")).is_empty());

    let site = Site::start_with_env(&league, &args, &env);
    let start = Instant::now();
    while job_of(&site.log(), 1, "waiting for").is_none() {
        assert!(start.elapsed() < PATIENCE, "no wait\n{}", site.log());
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(job_of(&site.log(), 1, "waiting for"), Some(job.clone()));
    cluster.run("scancel", &[&blocker]);
    let board = site.leaderboard_when("batch 1 merged", |b| {
        let rows = b["rows"].as_array().unwrap();
        b["games"].as_u64() >= Some(4) && rows.iter().all(|r| r["games"].as_u64() >= Some(4))
    });
    assert_eq!(board["rows"].as_array().unwrap().len(), 2, "{board}");
    let log = site.log();
    drop(site);
    assert_eq!(
        job_of(&log, 1, "shards submitted"),
        None,
        "batch 1 was submitted again:\n{log}"
    );

    // The job's two tasks played a pair each into their shard folders; the league's log has
    // those games, each once, in batch order.
    let states = cluster.wait(&job, Duration::from_secs(60));
    assert_eq!(
        states,
        [
            ("1".to_string(), "COMPLETED".to_string()),
            ("2".to_string(), "COMPLETED".to_string())
        ]
    );
    let shards = league.join("shards");
    assert_eq!(ids(&shards.join("1-1/games.jsonl")), ["r1-p1-a", "r1-p1-b"]);
    assert_eq!(ids(&shards.join("1-2/games.jsonl")), ["r1-p2-a", "r1-p2-b"]);
    assert!(shards.join("1-1.out").exists() && shards.join("1-2.out").exists());
    let merged = ids(&league.join("games.jsonl"));
    assert_eq!(merged[..4], ["r1-p1-a", "r1-p1-b", "r1-p2-a", "r1-p2-b"]);
    let mut unique = merged.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), merged.len(), "a game twice: {merged:?}");
}
