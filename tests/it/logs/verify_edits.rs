//! `--verify` and the edits a log's records alone did not name (issue 39, item 7): a host line
//! appended, removed or edited by hand (each host line carries the digest of the log up to
//! it), games.pgn deleted, the last game of a match dropped from both of its files (a match's
//! `--jsonl` file starts with what it planned), and a reason stating another final score than
//! the moves reach. Real runs with real bots; each edit by hand afterwards, and the log as
//! baraza left it verifies clean.

use crate::support::*;
use std::path::Path;

const BOTS: [&str; 3] = ["a=builtin:random", "b=builtin:greedy", "c=builtin:random"];

/// A round robin of a, b and c, `rounds` rounds, into `dir` (resumed when it has a log).
fn run(dir: &Path, rounds: u32) {
    let mut t = tournament("darra", &BOTS)
        .rounds(rounds)
        .out(dir)
        .quiet()
        .args(["--movetime", "20"]);
    if dir.join("games.jsonl").exists() {
        t = t.arg("--resume");
    }
    let out = t.process().output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
}

fn verify_clean(path: &Path) -> String {
    let v = baraza_ok(["results", path.to_str().unwrap(), "--verify"]);
    assert!(v.contains("games: no problem"), "{v}");
    v
}

/// `results --verify` of `path`: it must fail; what it printed (stdout, then stderr).
fn verify_fails(path: &Path) -> String {
    let out = baraza()
        .args(["results", path.to_str().unwrap(), "--verify"])
        .output()
        .unwrap();
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{said}");
    said
}

fn log_lines(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    text.lines().map(str::to_string).collect()
}

fn write_lines(path: &Path, lines: &[String]) {
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// A copy of run folder `from` as `to`, with its games.jsonl lines `lines`.
fn copy_with(from: &Path, to: &Path, lines: &[String]) {
    std::fs::create_dir_all(to).unwrap();
    std::fs::copy(from.join("games.pgn"), to.join("games.pgn")).unwrap();
    write_lines(&to.join("games.jsonl"), lines);
}

#[test]
fn a_hand_appended_host_line_is_named_and_the_leader_stays() {
    let d = temp_dir("verify-appended-host");
    let dir = d.join("t");
    run(&dir, 1);
    verify_clean(&dir);
    let mut lines = log_lines(&dir);
    lines.push(
        r#"{"baraza":"host","date":"2026.12.06","action":"withdraw","bot":"b","played":"excluded","unplayed":0}"#
            .to_string(),
    );
    write_lines(&dir.join("games.jsonl"), &lines);
    let said = verify_fails(&dir);
    assert!(
        said.contains("host line 8 (withdraw): no log_sha256"),
        "{said}"
    );
    // A digest made up for it is no better.
    let forged = lines[7].replace(
        '}',
        r#","log_sha256":"00000000000000000000000000000000000000000000000000000000000000aa"}"#,
    );
    lines[7] = forged;
    write_lines(&dir.join("games.jsonl"), &lines);
    let said = verify_fails(&dir);
    assert!(
        said.contains("host line 8 (withdraw): its log_sha256 is not the digest"),
        "{said}"
    );
}

#[test]
fn host_lines_baraza_wrote_verify_and_one_removed_or_edited_is_named() {
    let d = temp_dir("verify-host-chain");
    let dir = d.join("t");
    run(&dir, 1);
    let s = dir.to_str().unwrap();
    baraza_ok(["tournament", "withdraw", s, "c"]);
    baraza_ok(["tournament", "replace", s, "a", "--cmd", "builtin:greedy"]);
    baraza_ok(["tournament", "rerun", s, "--id", "r1-p1-a"]);
    run(&dir, 2);
    // Untouched: round 1's 6 games (one of them played again) and round 2's ab pair counted;
    // the withdrawal, replacement and rerun each a signed line.
    let v = verify_clean(&dir);
    assert!(v.contains("verified 8 games"), "{v}");
    let lines = log_lines(&dir);
    let host: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with(r#"{"baraza":"host""#))
        .collect();
    assert_eq!(host.len(), 3, "{lines:?}");
    assert!(lines[host[0]].contains(r#","log_sha256":""#));

    // The withdrawal removed: the next host line (the replace, a line up now) names it.
    let removed = d.join("removed");
    let mut fewer = lines.clone();
    fewer.remove(host[0]);
    copy_with(&dir, &removed, &fewer);
    let said = verify_fails(&removed);
    let at = format!(
        "host line {} (replace): its log_sha256 is not the digest",
        host[1]
    );
    assert!(said.contains(&at), "{said}");

    // The replacement removed: the rerun's digest names it, and so do round 2's games, which
    // name a version 2 of a that no line makes.
    let unreplaced = d.join("unreplaced");
    let mut fewer = lines.clone();
    fewer.remove(host[1]);
    copy_with(&dir, &unreplaced, &fewer);
    let said = verify_fails(&unreplaced);
    let at = format!(
        "host line {} (rerun): its log_sha256 is not the digest",
        host[2]
    );
    assert!(said.contains(&at), "{said}");
    let words = "a plays as version 2, but no replace line makes it that";
    assert!(said.contains(words), "{said}");

    // The last host line edited (the rerun names another game): named on itself.
    let edited = d.join("edited");
    let mut changed = lines.clone();
    changed[host[2]] = changed[host[2]].replace("--id 'r1-p1-a'", "--id 'r1-p2-a'");
    assert_ne!(changed[host[2]], lines[host[2]]);
    copy_with(&dir, &edited, &changed);
    let said = verify_fails(&edited);
    let at = format!("host line {} (rerun): its log_sha256", host[2] + 1);
    assert!(said.contains(&at), "{said}");

    // The withdrawal's `kept` edited to `excluded`: c would leave the table.
    let excluded = d.join("excluded");
    let mut changed = lines.clone();
    changed[host[0]] = changed[host[0]].replace(r#""played":"kept""#, r#""played":"excluded""#);
    assert_ne!(changed[host[0]], lines[host[0]]);
    copy_with(&dir, &excluded, &changed);
    let said = verify_fails(&excluded);
    let at = format!("host line {} (withdraw): its log_sha256", host[0] + 1);
    assert!(said.contains(&at), "{said}");
}

#[test]
fn a_deleted_games_pgn_is_named() {
    let d = temp_dir("verify-no-pgn");
    let dir = d.join("t");
    run(&dir, 1);
    verify_clean(&dir);
    std::fs::remove_file(dir.join("games.pgn")).unwrap();
    let said = verify_fails(&dir);
    assert!(said.contains("games.pgn: missing"), "{said}");
}

#[test]
fn a_match_log_with_its_last_game_dropped_from_both_files_is_named() {
    let d = temp_dir("verify-match-dropped");
    let (jsonl, pgn) = (d.join("m.jsonl"), d.join("m.pgn"));
    Match::new("darra", "builtin:random", "builtin:greedy")
        .games(4)
        .jsonl(&jsonl)
        .pgn(&pgn)
        .run();
    let lines: Vec<String> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    // What the match planned, then its 4 games.
    assert!(
        lines[0].starts_with(r#"{"baraza":"match","schema":1,"#),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(r#""games":4"#), "{}", lines[0]);
    assert_eq!(lines.len(), 5);
    let v = verify_clean(&jsonl);
    assert!(v.contains("verified 4 games"), "{v}");
    // `results` and `view` read it as before.
    let t: serde_json::Value =
        serde_json::from_str(&baraza_ok(["results", jsonl.to_str().unwrap(), "--json"])).unwrap();
    assert_eq!(t["bots"][0]["games"], 4, "{t}");
    let page = d.join("view.html");
    baraza_ok([
        "view",
        jsonl.to_str().unwrap(),
        "-o",
        page.to_str().unwrap(),
    ]);

    // The last game dropped from both files.
    write_lines(&jsonl, &lines[..4]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    let cut = text.rfind("[Event ").unwrap();
    std::fs::write(&pgn, &text[..cut]).unwrap();
    let said = verify_fails(&jsonl);
    assert!(said.contains("game 4: no line: dropped"), "{said}");
}

/// `a-b` as the reason's last word states it.
fn stated_score(reason: &str) -> Option<(u32, u32)> {
    let (a, b) = reason.split_whitespace().last()?.split_once('-')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

#[test]
fn a_reason_stating_another_final_score_is_named() {
    let d = temp_dir("verify-score");
    let dir = d.join("t");
    run(&dir, 1);
    verify_clean(&dir);
    let mut lines = log_lines(&dir);
    let (i, old, (a, b)) = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            let reason = v["reason"].as_str()?.to_string();
            (v["termination"] == "normal").then(|| stated_score(&reason).map(|s| (i, reason, s)))?
        })
        .expect("a game ended by the rules with its score");
    // Only the reason's text: the result and moves stay.
    let wrong = format!("{} {}-{}", old.rsplit_once(' ').unwrap().0, a + 1, b + 1);
    lines[i] = lines[i].replace(
        &format!(r#""reason":"{old}""#),
        &format!(r#""reason":"{wrong}""#),
    );
    write_lines(&dir.join("games.jsonl"), &lines);
    let said = verify_fails(&dir);
    let named = format!(
        "the reason states the final score {}-{} but the moves end {a}-{b}",
        a + 1,
        b + 1
    );
    assert!(said.contains(&named), "{said}");
}

#[test]
fn merge_refuses_a_shards_edited_host_line_rather_than_sign_it_anew() {
    let d = temp_dir("verify-merge-host");
    let shard = |k: u32| {
        let dir = d.join(format!("s{k}"));
        let out = tournament("darra", &BOTS)
            .rounds(1)
            .out(&dir)
            .quiet()
            .args(["--movetime", "20", "--shard", &format!("{k}/2")])
            .process()
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        baraza_ok(["tournament", "withdraw", dir.to_str().unwrap(), "c"]);
        dir
    };
    let (s1, s2) = (shard(1), shard(2));
    let merged = d.join("m");
    let merge = |out: &Path| {
        baraza()
            .args(["merge", "--out", out.to_str().unwrap()])
            .args([s1.to_str().unwrap(), s2.to_str().unwrap()])
            .output()
            .unwrap()
    };
    assert!(merge(&merged).status.success());
    // The merged log's host line is signed for it: it verifies.
    verify_clean(&merged);
    // Shard 1's withdrawal edited by hand: the merge would sign it anew, so it refuses.
    let mut lines = log_lines(&s1);
    let last = lines.len() - 1;
    lines[last] = lines[last].replace(r#""played":"kept""#, r#""played":"excluded""#);
    write_lines(&s1.join("games.jsonl"), &lines);
    let out = merge(&d.join("m2"));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("(withdraw): its log_sha256 is not the digest"),
        "{err}"
    );
}
