//! `baraza tournament withdraw|replace|rerun` and `results --exclude`, with real bots: a 3-bot
//! round robin (a, b, c) of one round (6 games: pairs ab, ac, bc, two legs each), grown to two
//! rounds on resume (6 more). Counts worked out by hand from the schedule.

use crate::support::*;
use std::path::Path;

const BOTS: [&str; 3] = ["a=builtin:random", "b=builtin:greedy", "c=builtin:random"];

fn run(dir: &Path, rounds: u32, resume: bool) -> String {
    let mut t = tournament("darra", &BOTS)
        .rounds(rounds)
        .out(dir)
        .quiet()
        .args(["--movetime", "20"]);
    if resume {
        t = t.arg("--resume");
    }
    let out = t.process().output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

fn table(dir: &Path, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["results", dir.to_str().unwrap(), "--json"];
    args.extend(extra);
    serde_json::from_str(&baraza_ok(args)).unwrap()
}

fn games_of(t: &serde_json::Value, bot: &str) -> Option<u64> {
    t["bots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == bot)
        .map(|b| b["games"].as_u64().unwrap())
}

fn lines(dir: &Path) -> Vec<serde_json::Value> {
    read_jsonl(&dir.join("games.jsonl"))
}

#[test]
fn a_withdrawn_bot_plays_no_more_and_its_games_stay_or_leave_the_table() {
    for exclude in [false, true] {
        let d = temp_dir(&format!("withdraw-{exclude}"));
        let dir = d.join("t");
        run(&dir, 1, false);
        let mut args = vec!["tournament", "withdraw", dir.to_str().unwrap(), "c"];
        if exclude {
            args.push("--exclude-played");
        }
        let said = baraza_ok(&args);
        assert!(said.contains("4 of its 4 games played"), "{said}");
        run(&dir, 2, true);
        // Round 2 without c: ab's two legs only. 6 + 2 game lines, the header, one host line.
        let all = lines(&dir);
        let games: Vec<_> = all.iter().filter(|l| l.get("game_id").is_some()).collect();
        assert_eq!(games.len(), 8);
        let r2: Vec<&str> = games
            .iter()
            .filter(|g| g["round"] == "2")
            .map(|g| g["game_id"].as_str().unwrap())
            .collect();
        assert_eq!(r2.len(), 2, "{r2:?}");
        assert!(games
            .iter()
            .filter(|g| g["round"] == "2")
            .all(|g| g["white"] != "c" && g["black"] != "c"));
        let host: Vec<_> = all.iter().filter(|l| l["baraza"] == "host").collect();
        assert_eq!(host.len(), 1);
        assert_eq!(host[0]["played"], if exclude { "excluded" } else { "kept" });
        let t = table(&dir, &[]);
        if exclude {
            // c gone; a and b met in 2 + 2 games.
            assert_eq!(games_of(&t, "c"), None);
            assert_eq!((games_of(&t, "a"), games_of(&t, "b")), (Some(4), Some(4)));
        } else {
            assert_eq!(games_of(&t, "c"), Some(4));
            assert_eq!((games_of(&t, "a"), games_of(&t, "b")), (Some(6), Some(6)));
        }
        let v = baraza_ok(["results", dir.to_str().unwrap(), "--verify"]);
        assert!(v.contains("verified 8 games: no problem"), "{v}");
        // Withdrawn twice: refused.
        refused(&["tournament", "withdraw", dir.to_str().unwrap(), "c"], 1);
    }
}

#[test]
fn results_exclude_leaves_a_bot_and_its_games_out_for_a_look() {
    let d = temp_dir("exclude");
    let dir = d.join("t");
    run(&dir, 1, false);
    let before = std::fs::read(dir.join("games.jsonl")).unwrap();
    let t = table(&dir, &["--exclude", "a"]);
    assert_eq!(games_of(&t, "a"), None);
    // b and c: their pair only.
    assert_eq!((games_of(&t, "b"), games_of(&t, "c")), (Some(2), Some(2)));
    assert_eq!(t["games"], 2);
    let t = table(&dir, &["--exclude", "a", "--exclude", "b"]);
    assert_eq!(games_of(&t, "c"), Some(0));
    assert_eq!(
        std::fs::read(dir.join("games.jsonl")).unwrap(),
        before,
        "nothing written"
    );
}

#[test]
fn rerun_keeps_every_old_line_marks_it_superseded_and_plays_the_game_again() {
    let d = temp_dir("rerun");
    let dir = d.join("t");
    run(&dir, 1, false);
    let s = dir.to_str().unwrap();
    let old = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    // By id, then by bot and termination.
    let said = baraza_ok(["tournament", "rerun", s, "--id", "r1-p1-a"]);
    assert!(said.contains("re-running 1 game"), "{said}");
    refused(&["tournament", "rerun", s, "--id", "r9-p9-a"], 1);
    refused(&["tournament", "rerun", s, "--bot", "nobody"], 1);
    // b plays in pairs 1 (ab) and 3 (bc): 4 games, r1-p1-a among them (its line is
    // superseded and not counted, so 3 are chosen).
    let said = baraza_ok([
        "tournament",
        "rerun",
        s,
        "--bot",
        "b",
        "--termination",
        "normal",
        "--dry-run",
    ]);
    assert!(said.starts_with("would re-run 3 games"), "{said}");
    let t = table(&dir, &[]);
    assert_eq!(t["games"], 5, "the superseded line does not count");
    run(&dir, 1, true);
    let now = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert!(now.starts_with(&old), "every old line kept, in place");
    let ids: Vec<_> = lines(&dir)
        .into_iter()
        .filter(|l| l["game_id"] == "r1-p1-a")
        .collect();
    assert_eq!(ids.len(), 2);
    assert_eq!(table(&dir, &[])["games"], 6);
    let v = baraza_ok(["results", s, "--verify"]);
    assert!(v.contains("verified 6 games: no problem"), "{v}");
    // By termination with a reason: every normal end's reason says so (docs/log-format.md).
    let said = baraza_ok([
        "tournament",
        "rerun",
        s,
        "--termination",
        "normal",
        "--reason",
        "ended by the rules",
    ]);
    assert!(said.contains("re-running 6 games"), "{said}");
    run(&dir, 1, true);
    assert_eq!(
        lines(&dir)
            .iter()
            .filter(|l| l.get("game_id").is_some())
            .count(),
        13
    );
    assert_eq!(table(&dir, &[])["games"], 6);
}

#[test]
fn a_replaced_bot_plays_its_new_version_and_a_swapped_program_is_refused() {
    let d = temp_dir("replace");
    let script = d.join("bot.py");
    std::fs::copy(RANDOM_BOT_PY, &script).unwrap();
    let cmd = format!("python3 {}", script.display());
    let bots = ["a=builtin:random".to_string(), format!("b={cmd}")];
    let bots: Vec<&str> = bots.iter().map(String::as_str).collect();
    let dir = d.join("t");
    let go = |rounds: u32, resume: bool| {
        let mut t = tournament("darra", &bots)
            .rounds(rounds)
            .out(&dir)
            .quiet()
            .args(["--movetime", "100"]);
        if resume {
            t = t.arg("--resume");
        }
        t.process().output().unwrap()
    };
    assert!(go(1, false).status.success());
    let header = &lines(&dir)[0];
    assert_eq!(header["programs"]["b"][1]["path"], script.to_str().unwrap());
    // The script changed in place: the resume is refused, naming the file.
    std::fs::write(
        &script,
        std::fs::read_to_string(RANDOM_BOT_PY).unwrap() + "# v2\n",
    )
    .unwrap();
    let out = go(2, true);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("bot 'b' is not the program the log recorded") && err.contains("bot.py"),
        "{err}"
    );
    baraza_ok([
        "tournament",
        "replace",
        dir.to_str().unwrap(),
        "b",
        "--cmd",
        &cmd,
    ]);
    assert!(go(2, true).status.success());
    let games: Vec<_> = lines(&dir)
        .into_iter()
        .filter(|l| l.get("game_id").is_some())
        .collect();
    assert_eq!(games.len(), 4);
    assert!(games[..2].iter().all(|g| g.get("versions").is_none()));
    assert!(games[2..].iter().all(|g| g["versions"]["b"] == 2));
    let t = table(&dir, &["--versions"]);
    assert_eq!(
        (games_of(&t, "b"), games_of(&t, "b@2"), games_of(&t, "a")),
        (Some(2), Some(2), Some(4))
    );
    assert_eq!(games_of(&table(&dir, &[]), "b"), Some(4));
    let v = baraza_ok(["results", dir.to_str().unwrap(), "--verify"]);
    assert!(v.contains("verified 4 games: no problem"), "{v}");
}

#[test]
fn merge_follows_the_shards_host_lines() {
    let d = temp_dir("host-merge");
    let shard = |k: u32, rounds: u32, resume: bool| {
        let mut t = tournament("darra", &BOTS)
            .rounds(rounds)
            .out(d.join(format!("s{k}")))
            .quiet()
            .args(["--movetime", "20", "--shard", &format!("{k}/2")]);
        if resume {
            t = t.arg("--resume");
        }
        let out = t.process().output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
    };
    for k in [1, 2] {
        shard(k, 1, false);
        let dir = d.join(format!("s{k}"));
        baraza_ok([
            "tournament",
            "withdraw",
            dir.to_str().unwrap(),
            "c",
            "--exclude-played",
        ]);
        shard(k, 2, true);
    }
    // Pair 1 (r1 ab) is shard 1's: re-run its first leg there.
    let s1 = d.join("s1");
    baraza_ok([
        "tournament",
        "rerun",
        s1.to_str().unwrap(),
        "--id",
        "r1-p1-a",
    ]);
    shard(1, 2, true);
    let merged = d.join("m");
    baraza_ok([
        "merge",
        "--out",
        merged.to_str().unwrap(),
        s1.to_str().unwrap(),
        d.join("s2").to_str().unwrap(),
    ]);
    // 6 games of round 1 and round 2's ab pair: 8 counted lines; the superseded one is left
    // out of the merge. The shards' withdrawals are the same line (both made after round 1,
    // with 0 unplayed, the same day), written once; the rerun line stays in shard 1.
    let all = lines(&merged);
    assert_eq!(all.iter().filter(|l| l.get("game_id").is_some()).count(), 8);
    let host: Vec<_> = all.iter().filter(|l| l["baraza"] == "host").collect();
    assert_eq!(host.len(), 1, "{host:?}");
    assert_eq!(host[0]["action"], "withdraw");
    let t = table(&merged, &[]);
    assert_eq!(games_of(&t, "c"), None);
    assert_eq!((games_of(&t, "a"), games_of(&t, "b")), (Some(4), Some(4)));
    let v = baraza_ok(["results", merged.to_str().unwrap(), "--verify"]);
    assert!(v.contains("verified 8 games: no problem"), "{v}");
}

/// `baraza results DIR --format FORMAT` with `extra`.
fn in_format(dir: &Path, format: &str, extra: &[&str]) -> String {
    let mut args = vec!["results", dir.to_str().unwrap(), "--format", format];
    args.extend(extra);
    baraza_ok(args)
}

#[test]
fn every_format_names_who_left_or_changed_and_counts_only_games_to_be_played() {
    for exclude in [false, true] {
        let d = temp_dir(&format!("counts-{exclude}"));
        let dir = d.join("t");
        run(&dir, 1, false);
        let s = dir.to_str().unwrap();
        let mut args = vec!["tournament", "withdraw", s, "c"];
        if exclude {
            args.push("--exclude-played");
        }
        baraza_ok(&args);
        baraza_ok(["tournament", "replace", s, "a", "--cmd", "builtin:greedy"]);
        run(&dir, 2, true);
        // By hand: 2 rounds of 3 pairings, 12 games; c's 4 games of round 2 are never played.
        // Kept: the table counts 6 + 2 games of 12 - 4. Excluded: c's 4 played games leave the
        // table and M with it: 4 of 12 - 4 - 4.
        let (n, m) = if exclude { (4, 4) } else { (8, 8) };
        let t = table(&dir, &[]);
        assert_eq!(
            (t["games"].as_u64(), t["expected_games"].as_u64()),
            (Some(n), Some(m))
        );
        let withdrawn = &t["field_changes"]["withdrawn"][0];
        assert_eq!(withdrawn["name"], "c");
        assert_eq!(
            withdrawn["played"],
            if exclude { "excluded" } else { "kept" }
        );
        // c's round-2 games: never to be played, or left out with the rest of c's.
        let (never, out) = if exclude { (0, 8) } else { (4, 0) };
        assert_eq!(t["field_changes"]["not_to_be_played"], never);
        assert_eq!(t["field_changes"]["left_out"], out);
        assert_eq!(t["field_changes"]["replaced"][0]["name"], "a");
        assert_eq!(t["field_changes"]["replaced"][0]["versions"], 2);

        let of = format!("{n} of {m} games played");
        let text = in_format(&dir, "text", &[]);
        assert!(text.contains(&of), "{text}");
        assert!(text.contains("withdrawn: c"), "{text}");
        assert!(text.contains("replaced: a (2 versions)"), "{text}");
        let md = in_format(&dir, "markdown", &[]);
        assert!(md.contains(&of), "{md}");
        assert!(
            md.contains("Withdrawn: c") && md.contains("Replaced: a"),
            "{md}"
        );
        let csv = in_format(&dir, "csv", &[]);
        let status = |bot: &str| -> String {
            let row = csv
                .lines()
                .find(|l| l.split(',').nth(1) == Some(bot))
                .unwrap_or_else(|| panic!("no row for {bot}: {csv}"));
            // The last field, quoted when it holds a comma.
            match row.strip_suffix('"') {
                Some(r) => r[r.rfind(",\"").unwrap() + 2..].to_string(),
                None => row.rsplit(',').next().unwrap().to_string(),
            }
        };
        assert!(csv.lines().next().unwrap().ends_with(",status"), "{csv}");
        let c_status = if exclude {
            "withdrawn, games left out"
        } else {
            "withdrawn"
        };
        assert_eq!(status("c"), c_status, "{csv}");
        assert_eq!(status("a"), "replaced (2 versions)", "{csv}");
        assert_eq!(status("b"), "", "{csv}");
        let html = in_format(&dir, "html", &[]);
        assert!(html.contains(&format!("{n} of {m} played")), "an HTML page");
        assert!(html.contains(c_status) && html.contains("replaced (2 versions)"));

        // A bot left out for a look is named as such, and its 8 games of the schedule leave M:
        // what is left is ac, played in round 1 and never in round 2 (2 of 12 - 8 - 2), or
        // nothing when c's games are left out too.
        let t = table(&dir, &["--exclude", "b"]);
        let (n, m) = if exclude { (0, 0) } else { (2, 2) };
        assert_eq!(
            (t["games"].as_u64(), t["expected_games"].as_u64()),
            (Some(n), Some(m))
        );
        assert_eq!(t["field_changes"]["excluded"][0], "b");
        let text = in_format(&dir, "text", &["--exclude", "b"]);
        assert!(text.contains("left out by --exclude: b"), "{text}");
    }
}
