//! `baraza results` on hand-written games.jsonl files, by what it shows: the table in every
//! format (`table`), head to head (`head_to_head`), the rating list (`ratings`), the two-bot
//! report block and its SPRT (`report_block`); the log reader's tolerance of a torn last line
//! and of repeated lines (`log_lines`); resume, the writer's repair of a torn tail and the
//! refusal of a log written by another configuration (`resume`); the tournament's command
//! line around its log (`command_line`).
//!
//! The logs are written here, line by line ([`header`], [`game`]), so that every figure a test
//! expects can be derived by hand from the games.

mod command_line;
mod head_to_head;
mod log_lines;
mod ratings;
mod report_block;
mod resume;
mod table;

use crate::support::{baraza_ok, temp_dir, TempDir};
use std::path::Path;

const LIMITS: &str = r#"{"startup_timeout_ms":10000,"movetime_ms":100,"tc":null,"margin_ms":50}"#;

/// The header line of a log of `bots` (each `builtin:NAME`), one round of darra, with
/// `scheduled` games and the SPRT `sprt` (JSON, `null` for none).
fn header(bots: &[&str], scheduled: u64, sprt: &str) -> String {
    let bots: Vec<String> = bots
        .iter()
        .map(|b| format!(r#"{{"name":"{b}","command":"builtin:{b}","limits":{LIMITS}}}"#))
        .collect();
    format!(
        r#"{{"baraza":"tournament","schema":1,"version":"0.1.0","config_hash":"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff","scheduled_games":{scheduled},"event":{{"ruleset":"darra","format":"round-robin","rounds":1,"seed":1,"bots":[{}],"openings":{{"kind":"standard"}},"max_plies":null}},"sprt":{sprt}}}"#,
        bots.join(",")
    )
}

/// A game line: game `n` of pair `pair`, `white` against `black`.
fn game(id: &str, pair: u64, n: u64, white: &str, black: &str, result: &str, term: &str) -> String {
    format!(
        r#"{{"game_id":"{id}","pair":{pair},"game":{n},"ruleset":"darra","white":"{white}","black":"{black}","result":"{result}","termination":"{term}","reason":"-","plies":2,"moves":["6A","1B"],"times_ms":[5,7],"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","seed":{n},"time_control":"movetime=100ms","event":"t","site":"-","date":"2026.11.29","round":"1"}}"#
    )
}

/// The lines of a log, each ended.
fn log(lines: &[String]) -> String {
    lines.join("\n") + "\n"
}

/// One round of a, b and c, every pair complete, with the six games' (result, termination) in
/// schedule order: a-b, b-a, a-c, c-a, b-c, c-b.
fn one_round_of_three(games: [(&str, &str); 6]) -> String {
    let legs = [
        ("r1-p1-a", 1, "a", "b"),
        ("r1-p1-b", 1, "b", "a"),
        ("r1-p2-a", 2, "a", "c"),
        ("r1-p2-b", 2, "c", "a"),
        ("r1-p3-a", 3, "b", "c"),
        ("r1-p3-b", 3, "c", "b"),
    ];
    let mut lines = vec![header(&["a", "b", "c"], 6, "null")];
    for (n, ((id, pair, white, black), (result, term))) in legs.into_iter().zip(games).enumerate() {
        lines.push(game(id, pair, n as u64 + 1, white, black, result, term));
    }
    log(&lines)
}

/// One round of a, b, c, every pair complete:
///
/// | pair | leg a (player 1 first)       | leg b                            |
/// |------|------------------------------|----------------------------------|
/// | 1    | a-b 1-0 normal               | b-a 1/2-1/2 normal               |
/// | 2    | a-c 1-0 time forfeit (c)     | c-a 0-1 crash (c)                |
/// | 3    | b-c 0-1 illegal move (b)     | c-b 1-0 normal                   |
///
/// a: W D W W = 3.5 of 4, pairs WD (1.5) and WW (2): penta [0,0,0,1,1].
/// b: L D L L = 0.5 of 4, pairs LD (vs a) and LL (vs c): penta [1,1,0,0,0]; 1 other forfeit.
/// c: L L W W = 2 of 4, pairs LL (vs a) and WW (vs b): penta [1,0,0,0,1]; 1 time forfeit,
///    1 crash.
fn three_bot_log() -> String {
    one_round_of_three([
        ("1-0", "normal"),
        ("1/2-1/2", "normal"),
        ("1-0", "time forfeit"),
        ("0-1", "crash"),
        ("0-1", "illegal move"),
        ("1-0", "normal"),
    ])
}

/// A scratch directory `name` holding `log` as its games.jsonl.
fn log_dir(name: &str, log: &str) -> TempDir {
    let dir = temp_dir(name);
    std::fs::write(dir.join("games.jsonl"), log).unwrap();
    dir
}

/// `baraza results PATH ARGS...`, which must succeed: what it printed.
fn results(path: &Path, args: &[&str]) -> String {
    let path = path.to_str().unwrap();
    baraza_ok([&["results", path], args].concat())
}

/// `baraza results PATH --json`, which must succeed.
fn results_json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&results(path, &["--json"])).unwrap()
}

fn close(actual: &serde_json::Value, expected: f64, tol: f64) {
    let a = actual
        .as_f64()
        .unwrap_or_else(|| panic!("not a number: {actual}"));
    assert!((a - expected).abs() <= tol, "expected {expected}, got {a}");
}
