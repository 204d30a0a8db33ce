//! The documented GNU parallel run (docs/cluster/parallel.sh): ten shards of one event played
//! two at a time, merged, equal to the unsharded run. Needs GNU parallel (`.ci/run` installs
//! it); without it the test says so and passes, except under `CI=true`.

use crate::support::{baraza_ok, exe, temp_dir, verify_log, Tool};
use std::path::Path;
use std::process::Command;

#[test]
fn ten_shards_with_gnu_parallel_merge_to_the_unsharded_run() {
    skip_unless!(Tool::GnuParallel);
    let dir = temp_dir("parallel-shards");
    let event = dir.join("event.toml");
    // Four bots, two rounds: 6 pairings a round, 12 pairs; shards 1 and 2 get two pairs.
    std::fs::write(
        &event,
        "ruleset = \"darra\"\nrounds = 2\nseed = 5\nrandom-opening-plies = 2\n\
         [[bot]]\ncmd = \"builtin:random\"\nname = \"r1\"\n\
         [[bot]]\ncmd = \"builtin:greedy\"\nname = \"g1\"\n\
         [[bot]]\ncmd = \"builtin:random\"\nname = \"r2\"\n\
         [[bot]]\ncmd = \"builtin:greedy\"\nname = \"g2\"\n",
    )
    .unwrap();
    let ev = event.to_str().unwrap();
    let whole = dir.join("whole");
    baraza_ok([
        "tournament",
        "--config",
        ev,
        "--out",
        whole.to_str().unwrap(),
        "--quiet",
        "--concurrency",
        "1",
    ]);

    let run = dir.join("run");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cluster/parallel.sh");
    let out = Command::new(script)
        .args([ev, run.to_str().unwrap(), "10", "2"])
        .env("BARAZA", exe())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("merged 10 logs") && stdout.contains("24 of 24 games"),
        "{stdout}"
    );

    // Shard k holds the pairs k and k + 10 (pair numbers from 1).
    for k in 1..=10u64 {
        let log = baraza::tournament::log::reader::read_games_log(&run.join(format!("shard-{k}")))
            .unwrap();
        let shard = log.header.shard.expect("a shard's header says so");
        assert_eq!((shard.index, shard.count), (k as u32, 10));
        let mut pairs: Vec<u64> = log.games.iter().map(|g| g.pair).collect();
        pairs.sort();
        let want: Vec<u64> = [k, k, k + 10, k + 10]
            .into_iter()
            .filter(|&p| p <= 12)
            .collect();
        assert_eq!(pairs, want, "shard {k}");
        assert_eq!(log.header.scheduled_games, want.len() as u64);
    }

    let json = |d: &Path| baraza_ok(["results", d.to_str().unwrap(), "--json"]);
    assert_eq!(json(&run), json(&whole));
    let key = |d: &Path| {
        let mut v: Vec<(String, u64, String, Vec<String>)> =
            baraza::tournament::log::reader::read_games_log(d)
                .unwrap()
                .games
                .into_iter()
                .map(|g| {
                    (
                        g.game_id,
                        g.record.seed,
                        g.record.result.to_string(),
                        g.record.moves,
                    )
                })
                .collect();
        v.sort();
        v
    };
    assert_eq!(key(&run), key(&whole));
    let verified = verify_log(&run.join("games.pgn"));
    assert!(verified.contains("OK: 24 games"), "{verified}");
}
