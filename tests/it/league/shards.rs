//! A batch planned once, played as two shards in folders of their own, and merged back: the
//! log equals the one an unsharded run of the same league writes (game for game).

use super::*;

const ENTRANTS: [&str; 3] = [
    "r=builtin:random",
    "g=builtin:greedy",
    "s=builtin:search --level 1",
];

#[test]
fn a_sharded_batch_merged_back_equals_the_unsharded_batch() {
    let dir = temp_dir("league-shards");
    let sharded = dir.join("sharded");
    new_league(&sharded, &ENTRANTS);
    let d = sharded.to_str().unwrap();
    let said = league(&["run", d, "--plan-only", "--games", "16"]);
    assert!(said.contains("planned batch 1: 16 games"), "{said}");
    assert!(game_lines(&sharded).is_empty(), "--plan-only plays nothing");
    let shard = |k: &str| {
        league(&[
            "run",
            d,
            "--shard",
            k,
            "--concurrency",
            "2",
            "--force",
            "--quiet",
        ])
    };
    assert!(shard("1/2").contains("8 games played into"));
    // One shard alone does not merge: the other's games are named as missing.
    let err = refused(&["league", "merge", d], 1);
    assert!(
        err.contains("8 of batch 1's games are in no shard folder"),
        "{err}"
    );
    // Shard 1 again plays nothing: its folder has its games.
    assert!(shard("1/2").contains("0 games played"));
    shard("2/2");
    let said = league(&["merge", d]);
    assert!(said.contains("merged 16 games"), "{said}");
    assert!(!sharded.join("batch.json").exists());
    // Each shard's pairs are those of `tournament --shard`: pairs 1, 3, ... in shard 1.
    let one = game_lines(&sharded.join("shards/1-1"));
    assert!(
        one.iter().all(|g| g.pair % 2 == 1),
        "shard 1 has the odd pairs"
    );

    let whole = dir.join("whole");
    new_league(&whole, &ENTRANTS);
    run_games(&whole, 16);
    assert_eq!(games_by_id(&sharded), games_by_id(&whole));
    let lines = game_lines(&sharded);
    assert_pairs_swap_sides(&lines);
    // Merged in batch order.
    let numbers: Vec<u64> = lines.iter().map(|g| g.record.game).collect();
    assert_eq!(numbers, (1..=16).collect::<Vec<_>>());
    // The next batch follows on from the merged one.
    run_games(&sharded, 4);
    assert!(game_lines(&sharded)[16..]
        .iter()
        .all(|g| g.game_id.starts_with("r2-")));
}
