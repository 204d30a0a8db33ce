//! The league's log index (`log-index.json`): read on from where it stopped, the same board as
//! one built from the whole log, built again when the log is not the one it summed up; a host
//! line refused; games.pgn appended to while it is in step with the log, written again when
//! it is behind; and the memory of planning and of the leaderboard the same at 500 games as at
//! 5,000 (a log the test writes, each line a real game's with its numbers changed).

use super::*;
use std::os::unix::fs::MetadataExt;

/// The leaderboard as JSON.
fn board(dir: &Path) -> serde_json::Value {
    let d = dir.to_str().unwrap();
    serde_json::from_str(&league(&["leaderboard", d, "--format", "json"])).unwrap()
}

/// The leaderboard built from the whole log (the index removed first).
fn board_from_scratch(dir: &Path) -> serde_json::Value {
    let _ = std::fs::remove_file(dir.join("log-index.json"));
    board(dir)
}

/// The GameIndex tags of games.pgn, in file order.
fn pgn_games(dir: &Path) -> Vec<u64> {
    let text = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("[GameIndex \""))
        .map(|l| l.trim_end_matches("\"]").parse().unwrap())
        .collect()
}

fn log_games(dir: &Path) -> Vec<u64> {
    game_lines(dir).iter().map(|g| g.record.game).collect()
}

#[test]
fn the_index_reads_on_and_is_built_again_when_the_log_is_not_the_one_it_summed() {
    let dir = temp_dir("league-index");
    new_league(
        &dir,
        &["r=builtin:random", "g=builtin:greedy", "q=builtin:random"],
    );
    run_games(&dir, 12);
    let first = board(&dir);
    assert!(dir.join("log-index.json").exists());
    assert_eq!(first, board_from_scratch(&dir));
    run_games(&dir, 12);
    // Read on from the first batch's end: as if built from the whole log.
    let read_on = board(&dir);
    assert_eq!(read_on["games"], 24);
    assert_ne!(read_on, first);
    assert_eq!(read_on, board_from_scratch(&dir));
    // Each version's games, counted from the log by hand.
    let lines = game_lines(&dir);
    for v in read_on["entrants"].as_array().unwrap() {
        let row = &v["versions"][0];
        let id = row["id"].as_str().unwrap();
        let n = (lines.iter())
            .filter(|g| g.record.white == id || g.record.black == id)
            .count();
        assert_eq!(row["games"], n as u64, "{id}");
    }

    // The last line's White changed in place to another version of a name as long (same
    // length, same file): the index no longer matches the last line it summed, and is built
    // again.
    let log = dir.join("games.jsonl");
    let ino = std::fs::metadata(&log).unwrap().ino();
    let text = std::fs::read_to_string(&log).unwrap();
    let last = text.trim_end().rsplit('\n').next().unwrap();
    let g: GameLine = serde_json::from_str(last).unwrap();
    let other = ["r@1", "g@1", "q@1"]
        .into_iter()
        .find(|n| *n != g.record.white && *n != g.record.black)
        .unwrap();
    let white = format!(r#""white":"{}""#, g.record.white);
    let edited_line = last.replacen(&white, &format!(r#""white":"{other}""#), 1);
    let edited = text.replacen(last, &edited_line, 1);
    assert_eq!(edited.len(), text.len());
    std::fs::write(&log, &edited).unwrap();
    assert_eq!(std::fs::metadata(&log).unwrap().ino(), ino);
    let after_edit = board(&dir);
    assert_ne!(after_edit, read_on, "the edit is seen");
    assert_eq!(after_edit, board_from_scratch(&dir));

    // The log cut back in place by its last line: shorter than the index's bytes.
    let cut = &edited[..edited.trim_end().rfind('\n').unwrap() + 1];
    std::fs::write(&log, cut).unwrap();
    let shorter = board(&dir);
    assert_eq!(shorter["games"], 23);
    assert_eq!(shorter, board_from_scratch(&dir));

    // A host line has no place in a league's log: refused, naming the line and the commands.
    let mut with_host = cut.to_string();
    with_host.push_str(
        r#"{"baraza":"host","date":"2026.12.06","action":"withdraw","bot":"r@1","played":"excluded","unplayed":0}"#,
    );
    with_host.push('\n');
    std::fs::write(&log, with_host).unwrap();
    let out = baraza()
        .args(["league", "leaderboard", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("line 25: a host line"), "{said}");
    assert!(said.contains("baraza league withdraw"), "{said}");
}

#[test]
fn games_pgn_is_appended_to_while_in_step_and_written_again_when_behind() {
    let dir = temp_dir("league-pgn-step");
    new_league(&dir, &["r=builtin:random", "q=builtin:random"]);
    run_games(&dir, 6);
    let pgn = dir.join("games.pgn");
    let ino = std::fs::metadata(&pgn).unwrap().ino();
    run_games(&dir, 6);
    // In step: appended to, not written again (a rewrite is a new file, renamed over).
    assert_eq!(std::fs::metadata(&pgn).unwrap().ino(), ino);
    assert_eq!(pgn_games(&dir), log_games(&dir));

    // A kill between the two appends, or a full disk, leaves the PGN games short: the games
    // it lacks are appended (same file: a disk just freed need not hold a copy of it).
    let text = std::fs::read_to_string(&pgn).unwrap();
    let mut cut = text.len();
    for _ in 0..2 {
        cut = text[..cut - 1].rfind("\n[Event ").unwrap() + 1;
    }
    std::fs::write(&pgn, &text[..cut]).unwrap();
    assert_eq!(pgn_games(&dir).len(), 10);
    run_games(&dir, 6);
    assert_eq!(std::fs::metadata(&pgn).unwrap().ino(), ino, "appended to");
    assert_eq!(pgn_games(&dir), log_games(&dir));
    assert_eq!(pgn_games(&dir).len(), 18);
    // Its last game changed by hand (not the log's, nor a game short of it): written again,
    // whole. (A game before the last changed in place is not looked for: docs/league.md.)
    let text = std::fs::read_to_string(&pgn).unwrap();
    let last = text.rfind("[Round \"").unwrap();
    let edited = format!(
        "{}[Round \"9\"]{}",
        &text[..last],
        &text[last..].split_once(']').unwrap().1
    );
    std::fs::write(&pgn, edited).unwrap();
    run_games(&dir, 2);
    assert_ne!(std::fs::metadata(&pgn).unwrap().ino(), ino, "written again");
    assert_eq!(pgn_games(&dir), log_games(&dir));
    assert!(!std::fs::read_to_string(&pgn)
        .unwrap()
        .contains("[Round \"9\"]"));
    // Gone altogether: written again too.
    std::fs::remove_file(&pgn).unwrap();
    run_games(&dir, 2);
    assert_eq!(pgn_games(&dir), log_games(&dir));
    let verify = baraza_ok(["replay", pgn.to_str().unwrap(), "--verify"]);
    assert!(verify.contains("22 games"), "{verify}");
}

/// A league of `versions` random bots whose log holds `games` games: one real game pair
/// played, then its lines copied with the numbers, players and results of later pairs.
fn synthetic_league(name: &str, versions: usize, games: usize) -> TempDir {
    let dir = temp_dir(name);
    let entrants: Vec<String> = (0..versions)
        .map(|i| format!("v{i}=builtin:random"))
        .collect();
    let entrants: Vec<&str> = entrants.iter().map(String::as_str).collect();
    new_league_of(&dir, ("50", "3"), &entrants);
    run_games(&dir, 2);
    let log = dir.join("games.jsonl");
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap().to_string();
    let real: Vec<serde_json::Value> = lines.map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut out = header + "\n";
    for g in 0..games {
        let (pair, leg) = (g / 2 + 1, g % 2);
        let batch = pair / 8 + 1;
        let (a, b) = (pair % versions, (pair * 7 + 1) % versions);
        let b = if a == b { (b + 1) % versions } else { b };
        let (white, black) = if leg == 0 { (a, b) } else { (b, a) };
        let mut v = real[leg].clone();
        v["game_id"] = format!("r{batch}-p{}-{}", pair % 8 + 1, ["a", "b"][leg]).into();
        v["pair"] = (pair as u64).into();
        v["game"] = (g as u64 + 1).into();
        v["round"] = batch.to_string().into();
        v["white"] = format!("v{white}@1").into();
        v["black"] = format!("v{black}@1").into();
        v["result"] = ["1-0", "0-1", "1/2-1/2"][g % 3].into();
        out.push_str(&serde_json::to_string(&v).unwrap());
        out.push('\n');
    }
    std::fs::write(&log, out).unwrap();
    let _ = std::fs::remove_file(dir.join("log-index.json"));
    let _ = std::fs::remove_file(dir.join("games.pgn"));
    dir
}

/// Peak MiB of `baraza ARGS` run in `dir` (a log index built from nothing each time).
fn peak_mib(dir: &Path, args: &[&str]) -> f64 {
    let _ = std::fs::remove_file(dir.join("log-index.json"));
    let _ = std::fs::remove_file(dir.join("batch.json"));
    let measured = dir.join("measured");
    std::fs::create_dir_all(&measured).unwrap();
    let run = run_measured(&measured, args);
    assert_eq!(run.exit_code(), Some(0), "{args:?}: {}", run.stderr);
    run.peak_mib()
}

#[test]
fn planning_and_the_leaderboard_take_the_same_memory_at_5000_games_as_at_500() {
    // Each game line is about 2 KiB of text; held in memory as the games they took ~9 KiB a
    // game, so 4,500 more games cost some 40 MiB. Read line by line, nothing grows with them.
    let small = synthetic_league("league-mem-500", 12, 500);
    let large = synthetic_league("league-mem-5000", 12, 5_000);
    for (what, args) in [
        (
            "plan",
            vec!["league", "run", "DIR", "--plan-only", "--games", "24"],
        ),
        (
            "board",
            vec!["league", "leaderboard", "DIR", "--format", "html"],
        ),
    ] {
        let with = |dir: &Path| -> Vec<String> {
            let d = dir.to_str().unwrap().to_string();
            args.iter()
                .map(|a| {
                    if *a == "DIR" {
                        d.clone()
                    } else {
                        a.to_string()
                    }
                })
                .collect()
        };
        let (s, l) = (with(&small), with(&large));
        let s: Vec<&str> = s.iter().map(String::as_str).collect();
        let l: Vec<&str> = l.iter().map(String::as_str).collect();
        let (at_500, at_5000) = (peak_mib(&small, &s), peak_mib(&large, &l));
        assert!(
            at_5000 - at_500 < 8.0,
            "{what}: {at_500:.1} MiB at 500 games, {at_5000:.1} MiB at 5,000"
        );
    }
    // The synthetic log is a log the other readers take: its table is the board's.
    let board = board(&large);
    assert_eq!(board["games"], 5_000);
    let results: serde_json::Value =
        serde_json::from_str(&baraza_ok(["results", large.to_str().unwrap(), "--json"])).unwrap();
    assert_eq!(results["games"], 5_000);
    for row in board["active"].as_array().unwrap() {
        let bot = (results["bots"].as_array().unwrap().iter())
            .find(|b| b["name"] == row["id"])
            .unwrap();
        assert_eq!(row["games"], bot["games"]);
        assert_eq!(row["points"], bot["points"]);
    }
}
