//! The rating list: Bradley-Terry ratings, placed by `--anchor`, and the floor of a bot that
//! won every game.

use super::*;
use crate::support::baraza;
use predicates::prelude::*;

#[test]
fn results_anchor_places_the_rating_list() {
    let dir = log_dir("results-anchor", &three_bot_log());
    let json = results(&dir, &["--json", "--anchor", "c=1500"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let list = &v["ratings"];
    assert_eq!(
        list["anchor"],
        serde_json::json!({"kind": "bot", "name": "c", "elo": 1500.0})
    );
    // Ordo (see results_text_from_a_hand_written_log): a 246.5875 above c, b as far below.
    let rating = |i: usize| list["ratings"][i]["rating"].as_f64().unwrap();
    assert_eq!(list["ratings"][0]["name"], "a");
    assert!((rating(0) - 1746.5875).abs() < 0.01, "{}", rating(0));
    assert!((rating(2) - 1500.0).abs() < 1e-9);
    assert_eq!(list["ratings"][2]["error95"], 0.0);
    assert!((rating(1) - 1253.4125).abs() < 0.01);
    let text = results(&dir, &["--anchor", "c=1500"]);
    assert!(
        text.contains(
            "Rating: fitted from all games (Bradley-Terry), c = 1500 (errors relative to it)"
        ),
        "{text}"
    );
    baraza()
        .args(["results", dir.to_str().unwrap(), "--anchor", "zed=0"])
        .assert()
        .failure()
        .stderr("baraza: --anchor: no bot named 'zed' has a rating\n");
    baraza()
        .args(["results", dir.to_str().unwrap(), "--anchor", "c"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("'c' is not NAME=ELO"));
}

/// a wins all four of its games; b and c win one each against each other.
fn unbeaten_log() -> String {
    one_round_of_three([
        ("1-0", "normal"),
        ("0-1", "normal"),
        ("1-0", "normal"),
        ("0-1", "normal"),
        ("1-0", "normal"),
        ("1-0", "normal"),
    ])
}

#[test]
fn an_unbeaten_bot_gets_a_floor_and_the_others_keep_their_ratings() {
    // b and c, fitted without a, split 1-1: both 0. a's four straight wins have even odds
    // where E^4 = 1/2 against two bots at 0: E = 2^(−1/4) = 0.840896, a = 400·log10(E/(1 − E))
    // = 400·log10(5.285) = 289.23, a floor. Ordo 1.2.6 on these games (`-a 0 -z 200.2409 -d 0
    // -G`) gives a > 289.2, b 0.0, c 0.0.
    let dir = log_dir("results-unbeaten", &unbeaten_log());
    let text = results(&dir, &[]);
    let words = |l: &str| l.split_whitespace().map(String::from).collect::<Vec<_>>();
    let lines: Vec<&str> = text.lines().collect();
    // Rank, bot, games, points, W-D-L, score, Rating, ±95%.
    assert_eq!(
        words(lines[2])[..8],
        words("1  a  4  4  4-0-0  100.0%  >+289.2  -")
    );
    for l in &lines[3..5] {
        assert_eq!(words(l)[6], "+0.0", "{text}");
        assert!(words(l)[7].parse::<f64>().unwrap() > 0.0, "{text}");
    }
    assert!(
        lines[5].contains(">/<: won/lost every game, rated where that has even odds"),
        "{text}"
    );
    // The JSON list: the bound named, its interval null; the CSV: the bound in its column.
    let v = results_json(&dir);
    let list = v["ratings"]["ratings"].as_array().unwrap();
    let rated = |bot: &str| list.iter().find(|r| r["name"] == bot).unwrap();
    let a = rated("a");
    close(&a["rating"], 289.23, 0.01);
    assert_eq!(a["bound"], "floor");
    assert!(a["error95"].is_null(), "{a}");
    let b = rated("b");
    assert!(
        b.get("bound").is_none() && b["error95"].as_f64().unwrap() > 0.0,
        "{b}"
    );
    let csv = results(&dir, &["--format", "csv"]);
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows[0][23], "rating_bound");
    assert_eq!((rows[1][1], rows[1][9], rows[1][23]), ("a", "", "floor"));
    assert_eq!(rows[2][23], "");
}
