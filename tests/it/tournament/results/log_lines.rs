//! The log reader: a torn last line is ignored (a write cut short), a bad line elsewhere and
//! an unknown result are errors naming the line, a repeated game counts once.

use super::*;
use crate::support::{baraza, refused};
use baraza::tournament::log::reader::parse_games_log;

#[test]
fn a_torn_last_line_is_ignored_and_a_bad_middle_line_is_an_error() {
    let full = three_bot_log();
    // Cut the file in the middle of the last game's line (SIGKILL mid-write).
    let cut = full.len() - 40;
    let dir = log_dir("results-torn", &full[..cut]);
    let v = results_json(&dir.join("games.jsonl"));
    assert_eq!(v["games"], 5);
    assert_eq!(v["complete_pairs"], 2);
    assert_eq!(v["torn_last_line"], 7);
    let text = results(&dir, &[]);
    assert!(
        text.contains("note: line 7 was torn (a write cut short) and is ignored"),
        "{text}"
    );

    // The same damage followed by more lines is not a torn tail: an error naming the line.
    let broken = format!(
        "{}\n{}",
        &full[..cut],
        game("r1-p9-a", 9, 9, "a", "b", "1-0", "normal")
    );
    std::fs::write(dir.join("games.jsonl"), broken).unwrap();
    let results = ["results", dir.to_str().unwrap()];
    let err = refused(&results, 1);
    assert!(err.contains("games.jsonl line 7: not a game line"), "{err}");

    // Not a tournament log at all.
    std::fs::write(dir.join("games.jsonl"), "hello\n").unwrap();
    let err = refused(&results, 1);
    assert!(
        err.contains("line 1: not a baraza tournament header"),
        "{err}"
    );
}

#[test]
fn a_game_line_with_an_unknown_result_is_an_error() {
    let text = three_bot_log() + &game("r1-p9-a", 9, 7, "a", "b", "3-0", "normal") + "\n";
    let dir = log_dir("results-bad-result", &text);
    let out = baraza()
        .args(["results", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "stderr: {err}");
    assert!(
        err.contains("games.jsonl line 8: result '3-0'"),
        "stderr: {err}"
    );
}

#[test]
fn duplicate_lines_count_once() {
    let text = three_bot_log() + &game("r1-p1-a", 1, 1, "a", "b", "0-1", "normal") + "\n";
    let log = parse_games_log(&text, "g").unwrap().unwrap();
    assert_eq!(log.games.len(), 6);
    assert_eq!(log.duplicates, vec!["r1-p1-a".to_string()]);
    // The first line wins: a still won game 1.
    assert_eq!(log.games[0].record.result, "1-0");
}
