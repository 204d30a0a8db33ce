//! Head to head: each pairing's games, wins, draws and losses, from a tournament's log and from
//! a match's.

use super::*;
use crate::support::Match;

#[test]
fn results_json_lists_head_to_head() {
    let dir = log_dir("results-h2h", &three_bot_log());
    let v = results_json(&dir);
    assert_eq!(v["schema"], 2);
    assert_eq!(
        v["pairings"],
        serde_json::json!([
            {"first": "a", "second": "b", "games": 2, "wins": 1, "draws": 1, "losses": 0, "points": 1.5, "score": 0.75},
            {"first": "a", "second": "c", "games": 2, "wins": 2, "draws": 0, "losses": 0, "points": 2.0, "score": 1.0},
            {"first": "b", "second": "c", "games": 2, "wins": 0, "draws": 0, "losses": 2, "points": 0.0, "score": 0.0},
        ])
    );
}

#[test]
fn results_reads_a_match_jsonl_file() {
    let dir = temp_dir("results-match");
    let jsonl = dir.join("m.jsonl");
    let run = Match::new("darra", "builtin:greedy", "builtin:random")
        .games(6)
        .jsonl(&jsonl)
        .played();
    // match's own last line: "final: greedy W wins D draws L losses; ..."
    assert!(run.stdout.iter().any(|l| l.starts_with("final: greedy ")));
    let n = run.tally();
    let v = results_json(&jsonl);
    assert_eq!(v["games"], 6);
    // The sides alternate game by game: three complete pairs.
    assert_eq!(v["complete_pairs"], 3);
    let p = &v["pairings"][0];
    assert_eq!(
        (&p["first"], &p["second"]),
        (&"greedy".into(), &"random".into())
    );
    let got: Vec<u64> = ["wins", "draws", "losses"]
        .iter()
        .map(|k| p[*k].as_u64().unwrap())
        .collect();
    assert_eq!(got, n[..3]);
    let text = results(&jsonl, &[]);
    assert!(text.contains("Results of greedy vs random:"), "{text}");
}
