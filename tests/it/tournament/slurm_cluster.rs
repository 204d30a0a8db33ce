//! Sharded tournaments on a real Slurm cluster: one node on this host, started by
//! `tests/slurm/cluster.sh` (munged as the munge user with a fresh key, slurmctld, slurmd) and
//! stopped by the [`Cluster`] guard (support::slurm) by the daemons' pids, also when a test
//! fails.
//!
//! Needs root and Debian's slurm-wlm and munge packages (`.ci/run` installs them). Without them
//! the tests are reported as ignored; under `CI=true` they run.

use super::{games_played, PlayedGame};
use crate::support::slurm::{process_alive, Cluster};
use crate::support::{
    baraza_ok, exe, need, verify_log, Tool, MEMORY_HOG, REPORTS_BOT, SLOW_FIRST_BOT,
};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn docs_script(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/cluster")
        .join(name)
        .display()
        .to_string()
}

/// Run the real binary; its stdout, or a panic with its stderr.
/// The games of a run folder, none repeated or torn, sorted: what must be equal between a
/// merged and an unsharded run (think times are not).
fn games(run: &Path) -> Vec<PlayedGame> {
    let log = baraza::tournament::log::reader::read_games_log(run).unwrap();
    assert!(log.duplicates.is_empty() && log.torn_line.is_none());
    games_played(run)
}

/// Game lines (not the header) in a games.jsonl.
fn game_lines(run: &Path) -> usize {
    std::fs::read_to_string(run.join("games.jsonl"))
        .map_or(0, |t| t.lines().count().saturating_sub(1))
}

fn write_event(path: &Path, bots: &[(&str, &str)], rounds: u32) {
    let mut toml =
        format!("ruleset = \"darra\"\nrounds = {rounds}\nseed = 11\nrandom-opening-plies = 2\n");
    for (name, cmd) in bots {
        toml.push_str(&format!("\n[[bot]]\nname = \"{name}\"\ncmd = \"{cmd}\"\n"));
    }
    std::fs::write(path, toml).unwrap();
}

/// The documented job array (docs/cluster/tournament-array.sbatch) plays a 4-shard
/// round-robin of built-in bots; the documented merge job, run with `--dependency=afterok`,
/// joins it; games and table equal an unsharded run's. Then a task of a second event is
/// cancelled part-way (`scancel`): the merge names the missing games and their shard, the task
/// resubmitted resumes its shard, and the merge completes the event. The daemons are stopped by
/// the guard, by pid.
#[test]
#[cfg_attr(not(tool_slurm), ignore = "needs Slurm and munge, as root")]
fn a_slurm_job_array_plays_the_shards_and_a_merge_job_joins_them() {
    need(Tool::Slurm);
    let cluster = Cluster::start("slurm-shards");
    let pids: Vec<i32> = std::fs::read_to_string(cluster.state().join("pids"))
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(pids.len(), 3, "munged, slurmctld, slurmd");
    assert!(pids.iter().all(|&p| process_alive(p)));

    let work = cluster.work().to_path_buf();
    let chdir = format!("--chdir={}", work.display());
    let export = format!("--export=ALL,BARAZA={},SLOW_BOT_MS=10", exe().display());
    let all_done = |job: &str| {
        let states = cluster.wait(job, Duration::from_secs(120));
        assert!(
            states.iter().all(|(_, s)| s == "COMPLETED"),
            "job {job}: {states:?}\n{}",
            cluster.logs()
        );
    };
    // The array job `tasks` of the event `ev` into `run`, four shards, then the merge job
    // after it; both must complete.
    let array_then_merge = |tasks: &str, ev: &str, run: &str| {
        let array = cluster.sbatch(&[
            tasks,
            &chdir,
            &export,
            &docs_script("tournament-array.sbatch"),
            ev,
            run,
            "4",
        ]);
        let after = format!("--dependency=afterok:{array}");
        let merge = cluster.sbatch(&[&after, &chdir, &export, &docs_script("merge.sbatch"), run]);
        all_done(&array);
        all_done(&merge);
    };

    // 1. Four bots, 2 rounds: 12 pairs, 3 per shard.
    let event = work.join("event.toml");
    let bots = [
        ("r1", "builtin:random"),
        ("g1", "builtin:greedy"),
        ("r2", "builtin:random"),
        ("g2", "builtin:greedy"),
    ];
    write_event(&event, &bots, 2);
    let (ev, run) = (event.display().to_string(), work.join("run"));
    let run_s = run.display().to_string();
    let whole = work.join("whole");
    baraza_ok([
        "tournament",
        "--config",
        &ev,
        "--out",
        whole.to_str().unwrap(),
        "--quiet",
        "--concurrency",
        "1",
    ]);

    array_then_merge("--array=1-4", &ev, &run_s);
    for k in 1..=4 {
        assert_eq!(game_lines(&run.join(format!("shard-{k}"))), 6, "shard {k}");
    }
    assert_eq!(games(&run).len(), 24);
    assert_eq!(games(&run), games(&whole));
    let table = std::fs::read_to_string(run.join("table.txt")).unwrap();
    assert_eq!(table, baraza_ok(["results", whole.to_str().unwrap()]));
    assert!(
        table.contains("24 of 24 games played, 12 complete pairs"),
        "{table}"
    );
    let verified = verify_log(&run.join("games.pgn"));
    assert!(verified.contains("OK: 24 games"), "{verified}");

    // 2. A slow bot (10 ms a move), 3 bots, 8 rounds: 24 pairs, 6 (12 games) per shard.
    let event2 = work.join("event2.toml");
    let slow = SLOW_FIRST_BOT;
    write_event(
        &event2,
        &[
            ("slow", slow),
            ("g", "builtin:greedy"),
            ("r", "builtin:random"),
        ],
        8,
    );
    let (ev2, run2) = (event2.display().to_string(), work.join("run2"));
    let run2_s = run2.display().to_string();
    let array2 = cluster.sbatch(&[
        "--array=1-4",
        &chdir,
        &export,
        &docs_script("tournament-array.sbatch"),
        &ev2,
        &run2_s,
        "4",
    ]);
    // Task 2 is cancelled once it has written its first game.
    let shard2 = run2.join("shard-2");
    let deadline = Instant::now() + Duration::from_secs(60);
    while game_lines(&shard2) == 0 {
        assert!(
            Instant::now() < deadline,
            "shard 2 never wrote a game\n{}",
            cluster.logs()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    cluster.run("scancel", &[&format!("{array2}_2")]);
    let states = cluster.wait(&array2, Duration::from_secs(120));
    let state = |k: &str| states.iter().find(|(t, _)| t == k).unwrap().1.clone();
    assert_eq!(state("2"), "CANCELLED", "{states:?}");
    for k in ["1", "3", "4"] {
        assert_eq!(state(k), "COMPLETED", "{states:?}");
    }
    let kept = game_lines(&shard2);
    assert!(
        (1..12).contains(&kept),
        "shard 2 stopped part-way: {kept} of 12 games"
    );
    let before = std::fs::read_to_string(shard2.join("games.jsonl")).unwrap();

    // The merge names what is missing and the shard it is of, and writes nothing.
    let mut shards: Vec<String> = (1..=4)
        .map(|k| run2.join(format!("shard-{k}")).display().to_string())
        .collect();
    shards.sort();
    let out = Command::new(exe())
        .args(["merge", "--out", &run2_s])
        .args(&shards)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains(&format!("{} of 48 games are missing", 12 - kept)),
        "{err}"
    );
    assert!(err.contains("(of shard 2/4)"), "{err}");
    assert!(!run2.join("games.jsonl").exists());

    // Resubmitted, task 2 resumes its shard; the merge job then completes the event.
    array_then_merge("--array=2", &ev2, &run2_s);
    let resumed = std::fs::read_to_string(shard2.join("games.jsonl")).unwrap();
    assert!(
        resumed.starts_with(before.trim_end_matches(|c| c != '\n')),
        "the games played before the kill are kept"
    );
    assert_eq!(game_lines(&shard2), 12);
    let merged = games(&run2);
    assert_eq!(merged.len(), 48);
    // The cancelled task's bots got SIGTERM with it: no game may be written as their crash.
    let crashes: Vec<_> = merged.iter().filter(|g| g.5 == "crash").collect();
    assert!(crashes.is_empty(), "{crashes:?}");
    let table = std::fs::read_to_string(run2.join("table.txt")).unwrap();
    assert!(
        table.contains("48 of 48 games played, 24 complete pairs"),
        "{table}"
    );
    let verified = verify_log(&run2.join("games.pgn"));
    assert!(verified.contains("OK: 48 games"), "{verified}");

    drop(cluster);
    for p in pids {
        assert!(
            !process_alive(p),
            "daemon {p} still running after the guard's drop"
        );
    }
}

/// The documented recipe for a host without root: the job array and the merge job submitted
/// by `nobody`, with an event file that carries the hosting set-up (`memory = 256`, an `env`
/// mark) and passes only `--config`. The tasks run as nobody and write the run folder; the bot
/// that takes 1 GiB loses every game with the limit's reason; the reporting bot sees the mark.
#[test]
#[cfg_attr(not(tool_slurm), ignore = "needs Slurm and munge, as root")]
fn an_unprivileged_user_runs_the_documented_jobs_with_the_event_files_hosting() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    need(Tool::Slurm);
    let cluster = Cluster::start("slurm-user");
    let work = cluster.work().join("user");
    std::fs::create_dir(&work).unwrap();
    std::fs::set_permissions(&work, std::fs::Permissions::from_mode(0o777)).unwrap();
    let event = work.join("event.toml");
    std::fs::write(
        &event,
        format!(
            "ruleset = \"darra\"\nseed = 3\nmovetime = 1000\n\
             memory = 256\nenv = [\"BARAZA_MARK=slurm\"]\n\
             [[bot]]\nname = \"r\"\ncmd = \"builtin:random\"\n\
             [[bot]]\nname = \"rep\"\ncmd = \"{rep}\"\n\
             [[bot]]\nname = \"hog\"\ncmd = \"python3 {hog}\"\n",
            rep = REPORTS_BOT,
            hog = MEMORY_HOG,
        ),
    )
    .unwrap();
    let (ev, run) = (event.display().to_string(), work.join("run"));
    let run_s = run.display().to_string();
    let chdir = format!("--chdir={}", work.display());
    let export = format!("--export=ALL,BARAZA={}", exe().display());
    let array = cluster.sbatch_unprivileged(&[
        "--array=1-2",
        &chdir,
        &export,
        &docs_script("tournament-array.sbatch"),
        &ev,
        &run_s,
        "2",
    ]);
    let after = format!("--dependency=afterok:{array}");
    let merge = cluster.sbatch_unprivileged(&[
        &after,
        &chdir,
        &export,
        &docs_script("merge.sbatch"),
        &run_s,
    ]);
    for job in [&array, &merge] {
        let states = cluster.wait(job, Duration::from_secs(120));
        assert!(
            states.iter().all(|(_, s)| s == "COMPLETED"),
            "job {job}: {states:?}\n{}",
            cluster.logs()
        );
    }
    // Written by the jobs, as nobody.
    let meta = std::fs::metadata(run.join("games.jsonl")).unwrap();
    assert_eq!(meta.uid(), 65534);
    // Three bots, one round: 3 pairs, 6 games.
    let log = baraza::tournament::log::reader::read_games_log(&run).unwrap();
    assert_eq!(log.games.len(), 6);
    let mut reports = 0;
    for g in &log.games {
        let r = &g.record;
        for (side, name) in [(0usize, &r.white), (1, &r.black)] {
            if name == "hog" {
                assert_eq!(r.termination.to_string(), "crash", "{r:?}");
                assert!(
                    r.reason.contains("exceeded --memory 256 MB"),
                    "{}",
                    r.reason
                );
            }
            if name == "rep" {
                for info in r.move_infos.iter().skip(side).step_by(2).flatten() {
                    assert_eq!(info, "mark=slurm seed=-");
                    reports += 1;
                }
            }
        }
    }
    assert!(reports > 10, "the reporting bot's turns: {reports}");
    let table = std::fs::read_to_string(run.join("table.txt")).unwrap();
    assert!(table.contains("6 of 6 games played"), "{table}");
}
