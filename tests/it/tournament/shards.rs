//! `--shard K/N`, `baraza merge` and events that grow, with the real binary and built-in bots:
//! shards cover the schedule once and merge to the unsharded run; merge refuses other events,
//! conflicting games and (without --partial) missing ones; a shard resumes as itself; --sprt is
//! refused with --shard; `--resume` with more rounds or bots plays only the new games and keeps
//! the old ones; other changes are refused naming the field and both values.

use super::games_played as games;
use crate::support::{baraza, temp_dir, text, verify_log};
use baraza::tournament::log::reader::read_games_log;
use std::path::Path;

/// `baraza tournament darra` among `bots` built-in bots (`b1=builtin:random`,
/// `b2=builtin:greedy`, ... alternating) with `extra` options; stdout.
fn tournament(bots: usize, extra: &[&str]) -> std::process::Output {
    let mut c = baraza();
    c.args([
        "tournament",
        "darra",
        "--seed",
        "3",
        "--random-opening-plies",
        "2",
    ]);
    for i in 1..=bots {
        let kind = if i % 2 == 1 { "random" } else { "greedy" };
        c.args(["--bot", &format!("b{i}=builtin:{kind}")]);
    }
    c.args(["--quiet", "--concurrency", "1"]).args(extra);
    c.output().unwrap()
}

fn ok(out: std::process::Output) -> String {
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

fn results_json(dir: &Path) -> String {
    ok(baraza()
        .args(["results", dir.to_str().unwrap(), "--json"])
        .output()
        .unwrap())
}

fn merge(out: &Path, inputs: &[&Path], extra: &[&str]) -> std::process::Output {
    baraza()
        .args(["merge", "--out", out.to_str().unwrap()])
        .args(extra)
        .args(inputs.iter().map(|p| p.to_str().unwrap()))
        .output()
        .unwrap()
}

#[test]
fn shards_cover_the_schedule_once_and_merge_to_the_unsharded_run() {
    let dir = temp_dir("shards-merge");
    let whole = dir.join("whole");
    // 3 bots, 3 rounds: 3 pairings a round, 9 pairs; 4 shards get 3, 2, 2, 2 pairs.
    ok(tournament(
        3,
        &["--rounds", "3", "--out", whole.to_str().unwrap()],
    ));
    let shard = |k: u32| dir.join(format!("s{k}"));
    for k in 1..=4 {
        let s = format!("{k}/4");
        ok(tournament(
            3,
            &[
                "--rounds",
                "3",
                "--shard",
                &s,
                "--out",
                shard(k).to_str().unwrap(),
            ],
        ));
        let log = read_games_log(&shard(k)).unwrap();
        let expected_pairs: Vec<u64> = (1..=9).filter(|q| (q - 1) % 4 == (k as u64 - 1)).collect();
        let mut pairs: Vec<u64> = log.games.iter().map(|g| g.pair).collect();
        pairs.sort();
        pairs.dedup();
        assert_eq!(pairs, expected_pairs, "shard {k}");
        // Both legs of each of its pairs.
        assert_eq!(log.games.len(), 2 * expected_pairs.len());
        assert_eq!(log.header.scheduled_games, 2 * expected_pairs.len() as u64);
        let header: serde_json::Value = serde_json::from_str(
            std::fs::read_to_string(shard(k).join("games.jsonl"))
                .unwrap()
                .lines()
                .next()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(header["shard"], serde_json::json!({"index": k, "count": 4}));
    }
    // The shards' games are the unsharded run's, ids and seeds and moves.
    let mut union: Vec<_> = (1..=4).flat_map(|k| games(&shard(k))).collect();
    union.sort();
    assert_eq!(union, games(&whole));

    let merged = dir.join("merged");
    let shards: Vec<_> = (1..=4).map(shard).collect();
    let refs: Vec<&Path> = shards.iter().map(|p| p.as_path()).collect();
    let out = ok(merge(&merged, &refs, &[]));
    assert_eq!(
        out,
        format!(
            "merged 4 logs into {}: 18 of 18 games\n",
            merged.join("games.jsonl").display()
        )
    );
    assert_eq!(results_json(&merged), results_json(&whole));
    assert_eq!(games(&merged), games(&whole));
    let v = verify_log(&merged.join("games.pgn"));
    assert!(v.contains("OK: 18 games"), "{v}");

    // The same again (a shard given twice, and the merge repeated): the same result.
    let twice: Vec<&Path> = [refs.clone(), vec![refs[0]]].concat();
    let out = ok(merge(&merged, &twice, &[]));
    assert!(
        out.contains("18 of 18 games (6 lines found twice with the same content, kept once)"),
        "{out}"
    );
    assert_eq!(results_json(&merged), results_json(&whole));

    // A dry run of a shard lists its games only.
    let dry = ok(tournament(
        3,
        &["--rounds", "3", "--shard", "2/4", "--dry-run"],
    ));
    assert!(
        dry.contains("4 games in 2 pairs") && dry.contains("# shard 2/4"),
        "{dry}"
    );
    assert!(
        dry.contains("r1-p2-a") && dry.contains("r2-p3-b") && !dry.contains("r1-p1-a"),
        "{dry}"
    );
}

#[test]
fn merge_refuses_other_events_conflicts_and_missing_games_unless_partial() {
    let dir = temp_dir("merge-refusals");
    let shard = |k: u32| dir.join(format!("s{k}"));
    for k in 1..=3 {
        ok(tournament(
            2,
            &[
                "--rounds",
                "3",
                "--shard",
                &format!("{k}/3"),
                "--out",
                shard(k).to_str().unwrap(),
            ],
        ));
    }
    let out = dir.join("merged");

    // Shard 3 missing: its games by id, its shard, nothing written.
    let r = merge(&out, &[&shard(1), &shard(2)], &[]);
    assert!(!r.status.success());
    let err = text(&r.stderr);
    assert_eq!(
        err.trim(),
        "baraza: 2 of 6 games are missing: r3-p1-a, r3-p1-b (of shard 3/3); nothing written (pass --partial to merge what there is)"
    );
    assert!(!out.join("games.jsonl").exists() && !out.join("games.pgn").exists());
    // --partial merges what there is and says what is missing.
    let said = ok(merge(&out, &[&shard(1), &shard(2)], &["--partial"]));
    assert!(
        said.contains("4 of 6 games")
            && said.contains("missing 2 games: r3-p1-a, r3-p1-b (of shard 3/3)"),
        "{said}"
    );
    let partial = results_json(&out);
    assert!(partial.contains("\"games\":4"), "{partial}");
    // Merged again once shard 3 is there: complete.
    ok(merge(&out, &[&shard(1), &shard(2), &shard(3)], &[]));
    assert!(results_json(&out).contains("\"games\":6"));

    // Another event (another seed): named, with what differs.
    let other = dir.join("other");
    ok(baraza()
        .args([
            "tournament",
            "darra",
            "--seed",
            "4",
            "--random-opening-plies",
            "2",
            "--bot",
            "b1=builtin:random",
            "--bot",
            "b2=builtin:greedy",
        ])
        .args([
            "--rounds",
            "3",
            "--quiet",
            "--shard",
            "3/3",
            "--out",
            other.to_str().unwrap(),
        ])
        .output()
        .unwrap());
    let r = merge(&dir.join("m2"), &[&shard(1), &shard(2), &other], &[]);
    let err = text(&r.stderr);
    assert!(!r.status.success());
    assert!(
        err.contains(&format!(
            "{} is not of the same event as {}",
            other.join("games.jsonl").display(),
            shard(1).join("games.jsonl").display()
        )) && err.contains("differs in: seed (3 in the first, 4 there)"),
        "{err}"
    );

    // The same game with another content (a shard played again elsewhere): both files named.
    let again = dir.join("again");
    ok(tournament(
        2,
        &[
            "--rounds",
            "3",
            "--shard",
            "1/3",
            "--out",
            again.to_str().unwrap(),
        ],
    ));
    let text_again = std::fs::read_to_string(again.join("games.jsonl")).unwrap();
    // Its first game's reason is changed, as if it had been played differently.
    let mut lines: Vec<String> = text_again.lines().map(String::from).collect();
    let mut g: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    let id = g["game_id"].as_str().unwrap().to_string();
    g["reason"] = "played elsewhere".into();
    lines[1] = g.to_string();
    std::fs::write(again.join("games.jsonl"), lines.join("\n") + "\n").unwrap();
    let r = merge(&dir.join("m3"), &[&shard(1), &again], &["--partial"]);
    let err = text(&r.stderr);
    assert!(!r.status.success());
    assert_eq!(
        err.trim(),
        format!(
            "baraza: game {id} is in {} and in {} with different contents (played twice?); keep one of them",
            shard(1).join("games.jsonl").display(),
            again.join("games.jsonl").display()
        )
    );
    assert!(!dir.join("m3").join("games.jsonl").exists());

    // The output may not be an input, nor a folder of another event.
    let r = merge(&shard(1), &[&shard(1), &shard(2)], &["--partial"]);
    assert!(
        text(&r.stderr).contains("is one of the inputs"),
        "{}",
        text(&r.stderr)
    );
    let r = merge(&other, &[&shard(1), &shard(2)], &["--partial"]);
    assert!(
        text(&r.stderr).contains("holds another event's games")
            && text(&r.stderr).contains("differs in: seed (4 there, 3 in the inputs)"),
        "{}",
        text(&r.stderr)
    );
    // Nor a run's folder of the same event: its games would be lost.
    let run = dir.join("run");
    ok(tournament(
        2,
        &["--rounds", "3", "--out", run.to_str().unwrap()],
    ));
    let before = std::fs::read(run.join("games.jsonl")).unwrap();
    let r = merge(&run, &[&shard(1), &shard(2)], &["--partial"]);
    assert!(
        text(&r.stderr).contains("holds the games of a run, not of a merge"),
        "{}",
        text(&r.stderr)
    );
    assert_eq!(std::fs::read(run.join("games.jsonl")).unwrap(), before);
}

#[test]
fn a_shard_resumes_as_itself_and_sprt_is_refused() {
    let dir = temp_dir("shard-resume");
    let s2 = dir.join("s2");
    // Two rounds of three bots, shard 2 of 3, into `out`.
    let shard_2_of_3 = |out: &Path, extra: &[&str]| {
        let out = out.to_str().unwrap();
        let args = ["--rounds", "2", "--shard", "2/3", "--out", out];
        tournament(3, &[&args[..], extra].concat())
    };
    ok(shard_2_of_3(&s2, &[]));
    let full = std::fs::read_to_string(s2.join("games.jsonl")).unwrap();
    // Keep the header and the first game, as if the task had been killed.
    let kept: Vec<&str> = full.lines().take(2).collect();
    std::fs::write(s2.join("games.jsonl"), kept.join("\n") + "\n").unwrap();
    let before = games(&s2);
    ok(shard_2_of_3(&s2, &["--resume"]));
    let after = games(&s2);
    assert_eq!(after.len(), 4);
    assert!(before.iter().all(|g| after.contains(g)));
    // The resumed shard has the games of an uninterrupted one.
    let fresh = dir.join("fresh");
    ok(shard_2_of_3(&fresh, &[]));
    assert_eq!(after, games(&fresh));

    // As another shard, or unsharded: refused, naming both.
    let r = tournament(
        3,
        &[
            "--rounds",
            "2",
            "--shard",
            "3/3",
            "--out",
            s2.to_str().unwrap(),
            "--resume",
        ],
    );
    let err = text(&r.stderr);
    assert!(!r.status.success());
    assert!(
        err.contains(
            "it holds shard 2/3 and this run asks for shard 3/3; resume it with --shard 2/3"
        ),
        "{err}"
    );
    let r = tournament(
        3,
        &["--rounds", "2", "--out", s2.to_str().unwrap(), "--resume"],
    );
    assert!(
        text(&r.stderr).contains("this run asks for the whole event"),
        "{}",
        text(&r.stderr)
    );

    // --sprt: refused with the reason and what to do instead.
    let r = tournament(
        2,
        &[
            "--sprt",
            "elo0=0,elo1=10",
            "--shard",
            "1/2",
            "--out",
            dir.join("sprt").to_str().unwrap(),
        ],
    );
    let err = text(&r.stderr);
    assert!(!r.status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--shard cannot be used with --sprt: a sequential test decides after each game pair, so one run must see every pair"), "{err}");
    assert!(
        err.contains("Run the SPRT unsharded") && err.contains("baraza merge"),
        "{err}"
    );
    assert!(!dir.join("sprt").exists());

    // A bad shard: the command line's own error.
    let r = tournament(2, &["--shard", "4/3", "--dry-run"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("expected K/N with 1 <= K <= N"),
        "{}",
        text(&r.stderr)
    );
}

#[test]
fn an_event_grows_with_more_rounds_and_bots_and_keeps_its_games() {
    let dir = temp_dir("grow");
    let run = dir.join("run");
    let out = run.to_str().unwrap();
    // 3 bots, 2 rounds: 6 pairs.
    ok(tournament(3, &["--rounds", "2", "--out", out]));
    let first = std::fs::read_to_string(run.join("games.jsonl")).unwrap();
    let first_games = games(&run);
    assert_eq!(first_games.len(), 12);

    // One more round: 3 more pairs, only those played.
    let said =
        text(&tournament(3, &["--rounds", "3", "--out", out, "--resume", "--dry-run"]).stdout);
    assert!(
        said.contains("# 12 games already played; 6 to play"),
        "{said}"
    );
    assert!(
        said.contains("r3-p1-a") && !said.contains("r2-p3-b"),
        "{said}"
    );
    ok(tournament(3, &["--rounds", "3", "--out", out, "--resume"]));
    let grown = std::fs::read_to_string(run.join("games.jsonl")).unwrap();
    // Every game line of the first run is there, unchanged, in its place.
    let old_lines: Vec<&str> = first.lines().skip(1).collect();
    let new_lines: Vec<&str> = grown.lines().skip(1).collect();
    assert_eq!(new_lines[..12], old_lines[..]);
    assert_eq!(new_lines.len(), 18);
    // The grown event is a fresh 3-round event: more rounds append, and the hash is the same.
    let fresh3 = dir.join("fresh3");
    ok(tournament(
        3,
        &["--rounds", "3", "--out", fresh3.to_str().unwrap()],
    ));
    assert_eq!(games(&run), games(&fresh3));
    assert_eq!(results_json(&run), results_json(&fresh3));

    // A fourth bot: its 3 pairings in each of the 3 rounds are new; nothing else is played.
    let said =
        text(&tournament(4, &["--rounds", "3", "--out", out, "--resume", "--dry-run"]).stdout);
    assert!(
        said.contains("# 18 games already played; 18 to play"),
        "{said}"
    );
    ok(tournament(4, &["--rounds", "3", "--out", out, "--resume"]));
    let all = games(&run);
    assert_eq!(all.len(), 36);
    assert!(
        first_games.iter().all(|g| all.contains(g)),
        "the first games keep ids, seeds, moves"
    );
    let new_ids: Vec<&str> = all
        .iter()
        .map(|g| g.0.as_str())
        .filter(|id| {
            let p: u32 = id
                .split("-p")
                .nth(1)
                .unwrap()
                .split('-')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            p >= 4
        })
        .collect();
    // Pairings 4, 5, 6 are the new bot's: b1-b4, b2-b4, b3-b4.
    assert_eq!(new_ids.len(), 18);
    for g in all.iter().filter(|g| new_ids.contains(&g.0.as_str())) {
        assert!(g.2 == "b4" || g.3 == "b4", "{g:?}");
    }
    let header: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(run.join("games.jsonl"))
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(
        header["event"]["growth"],
        serde_json::json!([{"bots": 3, "rounds": 3}])
    );
    assert_eq!(header["scheduled_games"], 36);
    let table = ok(baraza().args(["results", out]).output().unwrap());
    assert!(
        table.contains("36 of 36 games played, 18 complete pairs"),
        "{table}"
    );
    // Resumed again as it is now: nothing to play.
    let said =
        text(&tournament(4, &["--rounds", "3", "--out", out, "--resume", "--dry-run"]).stdout);
    assert!(
        said.contains("# 36 games already played; 0 to play"),
        "{said}"
    );

    // Any other change: refused, naming the field and both values; the log is untouched.
    let before = std::fs::read(run.join("games.jsonl")).unwrap();
    let refused = |extra: &[&str], bots: usize, want: &str| {
        let r = tournament(
            bots,
            &[&["--rounds", "3", "--out", out, "--resume"], extra].concat(),
        );
        let err = text(&r.stderr);
        assert!(!r.status.success(), "{extra:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("differs in: {want}")),
            "{extra:?}: {err}"
        );
    };
    refused(
        &["--tc", "5+0.05"],
        4,
        "bot 'b1' limits.tc (none in the file, \"5+0.05\" now)",
    );
    refused(
        &["--max-plies", "50"],
        4,
        "max_plies (none in the file, 50 now)",
    );
    refused(&[], 3, "bots (4 in the file: b1, b2, b3, b4; 3 now: b1, b2, b3; bots can be added after the others, not removed)");
    let r = tournament(4, &["--rounds", "2", "--out", out, "--resume"]);
    assert!(
        text(&r.stderr).contains("rounds (3 in the file, 2 now: an event can grow, not shrink)"),
        "{}",
        text(&r.stderr)
    );
    assert_eq!(std::fs::read(run.join("games.jsonl")).unwrap(), before);
    let v = verify_log(&run.join("games.pgn"));
    assert!(v.contains("OK: 36 games"), "{v}");
}

#[test]
fn grown_shards_merge_to_the_grown_unsharded_event() {
    let dir = temp_dir("grow-shards");
    let whole = dir.join("whole");
    let w = whole.to_str().unwrap();
    ok(tournament(3, &["--rounds", "1", "--out", w]));
    ok(tournament(4, &["--rounds", "2", "--out", w, "--resume"]));
    let shard = |k: u32| dir.join(format!("s{k}"));
    for k in 1..=3 {
        let (s, o) = (format!("{k}/3"), shard(k));
        ok(tournament(
            3,
            &["--rounds", "1", "--shard", &s, "--out", o.to_str().unwrap()],
        ));
        ok(tournament(
            4,
            &[
                "--rounds",
                "2",
                "--shard",
                &s,
                "--out",
                o.to_str().unwrap(),
                "--resume",
            ],
        ));
    }
    let merged = dir.join("merged");
    ok(merge(&merged, &[&shard(1), &shard(2), &shard(3)], &[]));
    assert_eq!(results_json(&merged), results_json(&whole));
    assert_eq!(games(&merged), games(&whole));
    assert_eq!(games(&merged).len(), 24);
}

/// A grown sharded event merged again into the folder of its earlier merge extends it: the
/// grown event's games, each once, equal to the grown unsharded run; merged again after a
/// shard's folder is gone, the games only the earlier merge has are kept.
#[test]
fn a_merge_extends_the_earlier_merge_of_its_event_even_grown() {
    let dir = temp_dir("merge-extends");
    let whole = dir.join("whole");
    let w = whole.to_str().unwrap();
    ok(tournament(3, &["--rounds", "1", "--out", w]));
    ok(tournament(4, &["--rounds", "2", "--out", w, "--resume"]));
    let shard = |k: u32| dir.join(format!("s{k}"));
    let play = |bots: usize, rounds: &str, resume: bool| {
        for k in 1..=3 {
            let (s, o) = (format!("{k}/3"), shard(k));
            let mut args = vec![
                "--rounds",
                rounds,
                "--shard",
                &s,
                "--out",
                o.to_str().unwrap(),
            ];
            if resume {
                args.push("--resume");
            }
            ok(tournament(bots, &args));
        }
    };
    play(3, "1", false);
    let merged = dir.join("merged");
    let shards = [shard(1), shard(2), shard(3)];
    let refs: Vec<&Path> = shards.iter().map(|p| p.as_path()).collect();
    let said = ok(merge(&merged, &refs, &[]));
    assert!(said.contains(": 6 of 6 games\n"), "{said}");

    play(4, "2", true);
    let said = ok(merge(&merged, &refs, &[]));
    assert!(
        said.contains(": 24 of 24 games; the earlier merge there extended\n"),
        "{said}"
    );
    let log = read_games_log(&merged).unwrap();
    assert!(log.duplicates.is_empty());
    assert!(log.header.merged);
    assert_eq!(
        log.header.config_hash,
        read_games_log(&whole).unwrap().header.config_hash
    );
    assert_eq!(games(&merged), games(&whole));
    assert_eq!(results_json(&merged), results_json(&whole));

    // Shard 3's folder lost: its games are still in the earlier merge, and kept.
    let in_three = read_games_log(&shard(3)).unwrap().games.len();
    std::fs::remove_dir_all(shard(3)).unwrap();
    let said = ok(merge(&merged, &refs[..2], &[]));
    assert!(
        said.contains(&format!(
            ": 24 of 24 games; the earlier merge there extended ({in_three} of its games are in no input, kept)"
        )),
        "{said}"
    );
    assert_eq!(games(&merged), games(&whole));
    let v = verify_log(&merged.join("games.pgn"));
    assert!(v.contains("OK: 24 games"), "{v}");
}

#[test]
fn the_help_names_shard_and_merge() {
    let help = |args: &[&str]| ok(baraza().args(args).arg("--help").output().unwrap());
    let t = help(&["tournament"]);
    assert!(
        t.contains("--shard <K/N>") && t.contains("K, K+N, K+2N"),
        "{t}"
    );
    let m = help(&["merge"]);
    for want in [
        "--out <DIR>",
        "--partial",
        "<SHARD_DIR>...",
        "baraza merge --out runs/t1 runs/t1/shard-*",
    ] {
        assert!(m.contains(want), "{want}: {m}");
    }
    let top = help(&[]);
    assert!(
        top.contains("merge") && top.contains("Join the run folders"),
        "{top}"
    );
}

/// docs/cluster.md shows the scripts the tests run, as they are.
#[test]
fn cluster_docs_show_the_tested_scripts_verbatim() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let md = std::fs::read_to_string(root.join("docs/cluster.md")).unwrap();
    for name in [
        "tournament-array.sbatch",
        "merge.sbatch",
        "parallel.sh",
        "indexed-job.yaml",
    ] {
        let script = std::fs::read_to_string(root.join("docs/cluster").join(name)).unwrap();
        assert!(
            md.contains(&script),
            "docs/cluster.md does not show docs/cluster/{name} as it is"
        );
    }
}
