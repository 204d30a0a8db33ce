//! `baraza games` and every `baraza rules` subcommand, driving the real binary. Expected
//! values come from the specs' worked examples (darra.md E1-E12, dara.md E1-E14).

use crate::support::{baraza, exe, refused, RULESET_IDS};
use predicates::prelude::*;

const DARRA_START: &str = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";
const DARA_START: &str = "dara ....../....../....../....../...... 1 12 12 0";

/// Run, expect success, and return stdout.
fn succeeds(args: &[&str]) -> String {
    let out = baraza()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// Run, expect success, and parse stdout as JSON.
fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&succeeds(args)).unwrap()
}

#[test]
fn games_lists_every_ruleset() {
    let text = succeeds(&["games"]);
    let ids: Vec<&str> = text.lines().map(|l| l.split(' ').next().unwrap()).collect();
    for id in RULESET_IDS {
        assert!(ids.contains(&id), "{id} missing from {text}");
    }
    let v = json(&["games", "--json"]);
    assert!(v
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == "dara-niger"));
}

#[test]
fn start_prints_the_spec_start_positions() {
    for (id, want) in [
        ("darra", DARRA_START),
        ("dara", DARA_START),
        (
            "dara-niger",
            "dara-niger ....../....../....../....../...... 1 12 12 0",
        ),
        (
            "darra-2x12",
            "darra-2x12 4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 1 0 0 - 0",
        ),
    ] {
        assert_eq!(succeeds(&["rules", "start", id]), format!("{want}\n"));
    }
    assert_eq!(
        succeeds(&["rules", "start", "dara", "--json"]),
        format!("{{\"position\":\"{DARA_START}\"}}\n")
    );
}

#[test]
fn legal_one_per_line_in_byte_order() {
    assert_eq!(
        succeeds(&["rules", "legal", DARRA_START]),
        "1A\n2A\n3A\n4A\n5A\n6A\n"
    );
    // darra.md E6: a starved player may only pass.
    assert_eq!(
        succeeds(&[
            "rules",
            "legal",
            "darra 0,0,0,0,0,8/0,0,0,0,0,0 2 20 20 1 0"
        ]),
        "pass\n"
    );
    // darra.md E12: terminal input has no moves, not even pass; exit 0.
    assert_eq!(
        succeeds(&[
            "rules",
            "legal",
            "darra 0,0,0,0,0,0/0,0,0,0,0,0 1 24 24 2 0"
        ]),
        ""
    );
    // dara.md E6, as JSON.
    let v = json(&[
        "rules",
        "legal",
        "dara ooo.../....../xx..../..x.../...ooo 1 0 0 7",
        "--json",
    ]);
    let moves: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        ["a3-a2", "a3-a4", "b3-b2", "b3-b4", "b3-c3", "c2-b2", "c2-c1", "c2-c3", "c2-d2"]
    );
}

#[test]
fn apply_plays_moves_in_order() {
    // darra.md E6: 5A, then pass, then 6A.
    assert_eq!(
        succeeds(&[
            "rules",
            "apply",
            "darra 0,0,0,0,2,7/3,0,0,0,0,0 1 16 20 2 4",
            "5A",
            "pass",
            "6A",
        ]),
        "darra 1,1,0,0,0,0/1,1,1,1,1,1 2 20 20 1 2\n"
    );
    // dara.md E9: three plies.
    let v = json(&[
        "rules",
        "apply",
        "dara ....../....../xxx.o./....o./.o...o 1 0 0 0",
        "c3-c4",
        "f1-f2",
        "c4-c3xb1",
        "--json",
    ]);
    assert_eq!(
        v["position"],
        "dara ....../....../xxx.o./....oo/...... 2 0 0 0"
    );
    assert_eq!(v["status"]["status"], "ongoing");
}

#[test]
fn status_prints_result_reason_and_darra_scores() {
    assert_eq!(
        succeeds(&[
            "rules",
            "status",
            "darra 0,0,0,0,0,0/0,1,0,0,2,1 2 20 24 2 0"
        ]),
        "0-1 end 20-28\n"
    );
    assert_eq!(
        succeeds(&[
            "rules",
            "status",
            "dara ...o../....../xxx.../....../...o.. 2 0 0 0"
        ]),
        "1-0 pieces\n"
    );
    assert_eq!(succeeds(&["rules", "status", DARA_START]), "ongoing\n");
    // dara.md E11: blocked, the side to move loses.
    let v = json(&[
        "rules",
        "status",
        "dara ....../....../o..o../xo..o./xxo... 1 0 0 5",
        "--json",
    ]);
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["reason"], "no-moves");
    let v = json(&[
        "rules",
        "status",
        "darra 0,1,1,0,2,0/0,0,0,0,0,0 1 24 20 2 0",
        "--json",
    ]);
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["scores"], serde_json::json!([24, 24]));
}

#[test]
fn perft_counts_and_divides() {
    assert_eq!(succeeds(&["rules", "perft", DARRA_START, "4"]), "1014\n");
    assert_eq!(succeeds(&["rules", "perft", DARA_START, "0"]), "1\n");
    // Divide: one line per root move, then the total; the Dara start has 30 drops, each
    // followed by 29 replies.
    let text = succeeds(&["rules", "perft", DARA_START, "2", "--divide"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 31);
    assert_eq!(lines[0], "a1 29");
    assert_eq!(lines[30], "870");
    let v = json(&["rules", "perft", DARRA_START, "3", "--json"]);
    assert_eq!(v["nodes"], 190);
}

#[test]
fn show_draws_the_board() {
    let out = succeeds(&["rules", "show", "darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3"]);
    // Row A right to left as seen from above (darra.md E2 picture), labels, turn marker.
    for want in [
        "6A  5A  4A  3A  2A  1A",
        "2   0   6   5   1   2",
        "1   5   0   3   2   1",
        "captured 8  <- to move",
    ] {
        assert!(out.contains(want), "'{want}' missing from:\n{out}");
    }
    let out = succeeds(&[
        "rules",
        "show",
        "dara ooo.x./x..o../xx..o./..x..o/.x.... 1 0 0 4",
    ]);
    for want in [
        "  5  o o o . x .",
        "  1  . x . . . .",
        "     a b c d e f",
        "player 1 (x): 6 on board, 0 in hand  <- to move",
    ] {
        assert!(out.contains(want), "'{want}' missing from:\n{out}");
    }
}

#[test]
fn bench_reports_rates() {
    let out = succeeds(&["rules", "bench", "darra", "--playouts", "50", "--seed", "3"]);
    assert!(
        predicate::str::is_match(r"^playouts/s=\d+ plies/s=\d+ playouts=50 plies=\d+")
            .unwrap()
            .eval(&out),
        "{out}"
    );
    let v = json(&["rules", "bench", "dara", "--seconds", "0.2", "--json"]);
    assert!(v["playouts"].as_u64().unwrap() > 0);
    // The same seed plays the same games.
    let run = || {
        let o = baraza()
            .args([
                "rules",
                "bench",
                "dara",
                "--playouts",
                "20",
                "--seed",
                "9",
                "--json",
            ])
            .output()
            .unwrap();
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()["plies"].clone()
    };
    assert_eq!(run(), run());
    refused(&["rules", "bench", "dara", "--seconds", "0"], 1);
}

#[test]
fn bad_positions_name_the_field() {
    let cases = [
        ("chess 1 2 3", "unknown ruleset 'chess'"),
        ("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 -", "expected 7 fields"),
        ("darra 4,4,4,4,4,4/4,4,4,4,4 1 0 0 - 0", "row B has 5 holes"),
        ("darra 4,4,4,4,4,4/4,4,4,4,4,5 1 0 0 - 0", "seed count"),
        ("darra 4,4,4,4,4,4/4,4,4,4,4,04 1 0 0 - 0", "leading zero"),
        ("darra 4,4,4,4,4,4/4,4,4,4,4,x 1 0 0 - 0", "hole 6B"),
        ("darra 4,4,4,4,4,4/4,4,4,4,4,4 3 0 0 - 0", "side: '3'"),
        ("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 x 0", "last: 'x'"),
        ("darra  4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0", "single spaces"),
        ("dara ....../....../....../....../..... 1 12 12 0", "rank 1"),
        (
            "dara ....../....../....../....../.....z 1 12 12 0",
            "cell f1 holds 'z'",
        ),
        (
            "dara ....../....../....../....../...... 0 12 12 0",
            "side: '0'",
        ),
        ("dara ....../....../....../....../xxx... 1 12 12 0", "hand1"),
        (
            "dara ....../....../....../....../...... 1 12 12 -1",
            "nocap",
        ),
        ("dara ....../....../....../...... 1 12 12 0", "4 ranks"),
        ("", "empty position"),
    ];
    for (pos, needle) in cases {
        for sub in ["legal", "status", "show"] {
            let err = refused(&["rules", sub, pos], 1);
            assert!(
                err.contains(needle),
                "{sub} '{pos}': expected '{needle}' in: {err}"
            );
        }
    }
    let err = refused(&["rules", "start", "bao-x"], 1);
    assert!(err.contains("unknown ruleset 'bao-x'"), "{err}");
}

#[test]
fn bad_moves_are_refused_with_the_token() {
    // (position, moves, what stderr must say)
    let cases: [(&str, &[&str], &str); 6] = [
        // darra.md E12: 1B by player 1 at the start is illegal.
        (DARRA_START, &["1B"], "illegal move '1B'"),
        (DARRA_START, &["7A"], "malformed move '7A'"),
        (DARRA_START, &["6A", "zz"], "move 2 of 2"),
        // dara.md E2: d1 would make four in a row.
        (
            "dara ....../....../ooo.../....../xxx... 1 9 9 0",
            &["d1"],
            "illegal move 'd1'",
        ),
        // dara.md E4: the step that makes a line must name its removal.
        (
            "dara ooo.x./x..o../xx..o./..x..o/.x.... 1 0 0 4",
            &["c2-c3"],
            "illegal move 'c2-c3'",
        ),
        // A move on a finished game (darra.md E7's final position).
        (
            "darra 0,0,0,0,0,0/0,1,0,0,2,1 2 20 24 2 0",
            &["2B"],
            "game is over",
        ),
    ];
    for (pos, moves, needle) in cases {
        let mut args = vec!["rules", "apply", pos];
        args.extend_from_slice(moves);
        let err = refused(&args, 1);
        assert!(
            err.contains(needle),
            "{moves:?}: expected '{needle}' in: {err}"
        );
        assert!(
            err.contains(&format!("'{}'", moves.last().unwrap())),
            "{err}"
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    refused(&["rules", "apply", DARRA_START], 2);
    refused(&["rules", "perft", DARRA_START, "-1"], 2);
    refused(&["rules", "frobnicate"], 2);
    refused(&[], 2);
}

#[test]
fn closed_stdout_is_not_a_crash() {
    // `baraza rules legal ... | head -0`: the reader is gone; no panic, no error message.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{} rules perft '{DARA_START}' 2 --divide | head -1",
            exe().display()
        ))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a1 29\n");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn a_move_token_with_a_multibyte_character_is_an_error_not_a_panic() {
    // Found by tests/it/fuzz_parsers.rs: Darra split such a token at a byte index.
    for token in ["1€", "€A", "1é", "a3-a3-a€"] {
        let out = std::process::Command::new(exe())
            .args([
                "rules",
                "apply",
                "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0",
                token,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{token}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{token}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{token}: {err}");
    }
}
