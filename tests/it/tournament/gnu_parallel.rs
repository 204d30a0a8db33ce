//! The documented GNU parallel run (docs/cluster/parallel.sh): ten shards of one event played
//! two at a time, merged, equal to the unsharded run. Needs GNU parallel (`.ci/run` installs
//! it); without it the tests are reported as ignored, except under `CI=true`, where they run.

use crate::support::{
    baraza_ok, exe, need, temp_dir, verify_log, Tool, MEMORY_HOG, RANDOM_BOT_PY, REPORTS_BOT,
};
use std::path::Path;
use std::process::Command;

#[test]
#[cfg_attr(not(tool_gnu_parallel), ignore = "needs GNU parallel")]
fn ten_shards_with_gnu_parallel_merge_to_the_unsharded_run() {
    need(Tool::GnuParallel);
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

/// The hosting keys of the event file reach every shard of the documented parallel run, which
/// passes only `--config`: the top-level `memory = 256` makes the bot that takes 1 GiB lose
/// every game with the limit's reason, `env` reaches the bot that reports it, and
/// `send-seed = true` sends each bot its game's seed, so two runs of the sharded event with
/// bots that draw their moves from it play the same games.
#[test]
#[cfg_attr(not(tool_gnu_parallel), ignore = "needs GNU parallel")]
fn event_file_hosting_keys_take_effect_in_every_shard() {
    need(Tool::GnuParallel);
    let dir = temp_dir("parallel-hosting");
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        format!(
            "ruleset = \"darra\"\nseed = 9\nmovetime = 1000\n\
             memory = 256\nenv = [\"BARAZA_MARK=file\"]\nsend-seed = true\n\
             [[bot]]\nname = \"s1\"\ncmd = \"python3 {seeded}\"\n\
             [[bot]]\nname = \"s2\"\ncmd = \"python3 {seeded}\"\n\
             [[bot]]\nname = \"rep\"\ncmd = \"{rep}\"\n\
             [[bot]]\nname = \"hog\"\ncmd = \"python3 {hog}\"\n",
            seeded = RANDOM_BOT_PY,
            rep = REPORTS_BOT,
            hog = MEMORY_HOG,
        ),
    )
    .unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cluster/parallel.sh");
    let play = |name: &str| {
        let run = dir.join(name);
        let out = Command::new(&script)
            .args([event.to_str().unwrap(), run.to_str().unwrap(), "3", "2"])
            .env("BARAZA", exe())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let mut games = baraza::tournament::log::reader::read_games_log(&run)
            .unwrap()
            .games;
        games.sort_by(|a, b| a.game_id.cmp(&b.game_id));
        games
    };
    let one = play("one");
    // Four bots, one round: 6 pairs, 12 games.
    assert_eq!(one.len(), 12);
    let mut reports = 0;
    for g in &one {
        let r = &g.record;
        let hog_side = [&r.white, &r.black].iter().position(|n| *n == "hog");
        if let Some(side) = hog_side {
            let lost = if side == 0 { "0-1" } else { "1-0" };
            assert_eq!(r.result.to_string(), lost, "{r:?}");
            assert!(
                r.reason.contains("exceeded --memory 256 MB"),
                "{}",
                r.reason
            );
        }
        // The reporting bot's info lines: the file's mark and the seed it was sent.
        for (side, name) in [(0usize, &r.white), (1, &r.black)] {
            if name != "rep" {
                continue;
            }
            let sent = r.seed + side as u64;
            let infos: Vec<&String> = r
                .move_infos
                .iter()
                .skip(side)
                .step_by(2)
                .flatten()
                .collect();
            for info in infos {
                assert_eq!(*info, format!("mark=file seed={sent}"));
                reports += 1;
            }
        }
    }
    assert!(
        reports > 20,
        "the reporting bot played its games: {reports} turns"
    );
    let two = play("two");
    let key = |games: &[baraza::tournament::log::games_jsonl::GameLine]| -> Vec<(String, String, Vec<String>)> {
        games
            .iter()
            .map(|g| (g.game_id.clone(), g.record.result.to_string(), g.record.moves.clone()))
            .collect()
    };
    assert_eq!(key(&one), key(&two));
}
