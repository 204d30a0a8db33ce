//! `baraza rules ...` on Bao positions, through the real binary.

use crate::support::{baraza, refused};
use predicates::prelude::*;

const START: &str =
    "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -";
const X13: &str = "bao 0,0,0,0,0,0,0,0/0,0,3,0,0,0,0,2/3,0,0,1,0,2,0,0/0,0,0,0,0,0,0,53 0 0 1 -- -";

#[test]
fn start_and_legal() {
    baraza()
        .args(["rules", "start", "bao"])
        .assert()
        .success()
        .stdout(format!("{START}\n"));
    baraza()
        .args(["rules", "legal", START])
        .assert()
        .success()
        .stdout("b6<\nb6>\nb7<\nb7>\n");
}

#[test]
fn apply_creates_takasia_then_status() {
    // X13 of the spec.
    baraza()
        .args(["rules", "apply", X13, "b8<"])
        .assert()
        .success()
        .stdout(
            "bao 0,0,0,0,0,0,0,0/0,0,3,0,0,1,1,0/3,0,0,1,0,2,0,0/0,0,0,0,0,0,0,53 0 0 2 -- c6\n",
        );
    baraza()
        .args(["rules", "apply", X13, "b8<", "c1>"])
        .assert()
        .success()
        .stdout(
            "bao 0,0,0,0,0,0,0,0/0,0,3,0,0,1,1,0/0,1,1,0,1,3,0,0/0,0,0,0,0,0,0,53 0 0 1 -- -\n",
        );
    baraza()
        .args(["rules", "status", START])
        .assert()
        .success()
        .stdout("ongoing\n");
    // X9: a win in the middle of a move.
    let x9 = "bao 0,0,0,0,0,0,0,0/1,1,1,2,3,1,2,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,50 3 0 2 -- -";
    baraza()
        .args(["rules", "status", x9])
        .assert()
        .success()
        .stdout("1-0 front-row-empty\n");
    baraza()
        .args(["rules", "legal", x9])
        .assert()
        .success()
        .stdout("");
}

#[test]
fn perft_and_show() {
    baraza()
        .args(["rules", "perft", START, "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("256"));
    baraza()
        .args(["rules", "show", START])
        .assert()
        .success()
        .stdout(predicate::str::contains("[6]").and(predicate::str::contains("player 1")));
}

#[test]
fn malformed_position_is_one_error_line() {
    for bad in [
        "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH",
        "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 23 1 HH -",
        "bao ,,,/ 1 2 3 4 5",
        "bao é é é é é é",
    ] {
        for cmd in ["legal", "status", "show"] {
            refused(&["rules", cmd, bad], 1);
        }
    }
}

#[test]
fn illegal_and_malformed_moves_are_one_error_line() {
    let err = refused(&["rules", "apply", START, "b5>"], 1);
    assert!(err.contains("illegal move 'b5>'"), "{err}");
    let err = refused(&["rules", "apply", START, "b5x"], 1);
    assert!(err.contains("malformed move 'b5x'"), "{err}");
}
