//! A bounded fuzz run of every parser that reads what strangers write: position strings and
//! move tokens of every ruleset, the bot line parser (and the `go` line a built-in reads), the
//! PGN log reader and its verifier, the games.jsonl reader, and the event file. Inputs are valid
//! texts (from the engines and from a real `baraza tournament` run) mutated by byte flips,
//! insertions of random bytes or tricky fragments, deletions and duplications. A panic or an
//! input that takes over a second is a failure. The run is deterministic; BARAZA_FUZZ_CASES
//! multiplies the number of cases and BARAZA_FUZZ_SEED picks another sequence. Each target
//! prints how long it ran (`cargo test --release --test fuzz_parsers -- --nocapture`).
//!
//! Coverage-guided fuzzing (cargo-fuzz) needs a nightly toolchain; see docs/hosting.md.

mod common;

use baraza::games::{self, RULESETS};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use std::time::{Duration, Instant};

/// Fragments that often break parsers: separators, signs, huge numbers, quotes, escapes, NUL,
/// multi-byte characters, TOML and JSON punctuation.
const DICT: &[&str] = &[
    "",
    " ",
    "  ",
    "\n",
    "\r\n",
    "\t",
    "-",
    "+",
    "0",
    "00",
    "1",
    "9",
    "12",
    "255",
    "256",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    ",",
    ",,",
    "/",
    "//",
    ".",
    "x",
    "*",
    "[",
    "]",
    "{",
    "}",
    "{}",
    "[]",
    "\"",
    "\\",
    "\\u{",
    "\\u{110000}",
    "\\\"",
    "=",
    ":",
    "#",
    "1-0",
    "0-1",
    "1/2-1/2",
    "pass",
    "move",
    "info",
    "\0",
    "é",
    "\u{FEFF}",
    "\u{10FFFF}",
    "null",
    "true",
    "-1",
    "1e9",
    "NaN",
    "[[bot]]",
    "cmd = ",
    "name = ",
    "{\"",
    "\"}",
    "\":",
    "ms}",
    "{1ms}",
    ".5",
    "1.",
];

#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
    Duplicate(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let fragment = prop_oneof![
        prop::sample::select(DICT).prop_map(|s| s.as_bytes().to_vec()),
        prop::collection::vec(any::<u8>(), 0..6),
    ];
    prop_oneof![
        1 => (any::<usize>(), any::<u8>()).prop_map(|(p, b)| Mutation::Flip(p, b)),
        3 => (any::<usize>(), fragment).prop_map(|(p, v)| Mutation::Insert(p, v)),
        2 => (any::<usize>(), 0..24usize).prop_map(|(p, n)| Mutation::Delete(p, n)),
        1 => (any::<usize>(), 0..64usize).prop_map(|(p, n)| Mutation::Duplicate(p, n)),
    ]
}

fn apply(seed: &str, muts: &[Mutation]) -> String {
    let mut b = seed.as_bytes().to_vec();
    for m in muts {
        let at = |p: usize, len: usize| p % (len + 1);
        match m {
            Mutation::Flip(p, x) if !b.is_empty() => {
                let i = p % b.len();
                b[i] ^= x;
            }
            Mutation::Flip(..) => {}
            Mutation::Insert(p, v) => {
                let i = at(*p, b.len());
                b.splice(i..i, v.iter().copied());
            }
            Mutation::Delete(p, n) => {
                let i = at(*p, b.len());
                let j = (i + n).min(b.len());
                b.drain(i..j);
            }
            Mutation::Duplicate(p, n) => {
                let i = at(*p, b.len());
                let j = (i + n).min(b.len());
                let piece = b[i..j].to_vec();
                b.splice(j..j, piece);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Mutated versions of `seeds`.
fn mutated(seeds: Vec<String>) -> impl Strategy<Value = String> {
    (
        prop::sample::select(seeds),
        prop::collection::vec(mutation(), 0..6),
    )
        .prop_map(|(s, m)| apply(&s, &m))
}

/// Run `check` on `cases` inputs of `strategy` (times BARAZA_FUZZ_CASES); print the duration.
fn fuzz<S: Strategy>(
    name: &str,
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    let factor: u32 = std::env::var("BARAZA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let seed: u64 = std::env::var("BARAZA_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config {
        cases: cases.saturating_mul(factor),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &key));
    let start = Instant::now();
    let result = runner.run(&strategy, |input| {
        let t = Instant::now();
        check(input)?;
        prop_assert!(
            t.elapsed() < Duration::from_secs(1),
            "one input took {:?}",
            t.elapsed()
        );
        Ok(())
    });
    eprintln!(
        "fuzz {name}: {} cases in {:.2} s",
        cases.saturating_mul(factor),
        start.elapsed().as_secs_f64()
    );
    result.unwrap();
}

/// Positions of every ruleset: the start and the positions along a fixed playout.
fn position_seeds() -> Vec<String> {
    let mut seeds = Vec::new();
    for r in RULESETS {
        let mut pos = r.start_position();
        for k in 0..40usize {
            seeds.push(pos.format());
            let legal = pos.legal();
            if legal.is_empty() || !pos.play_index((k * 7 + 3) % legal.len()) {
                break;
            }
        }
    }
    seeds
}

#[test]
fn fuzz_positions_and_moves_of_every_ruleset() {
    let seeds = position_seeds();
    let moves: Vec<String> = {
        let mut m: Vec<String> = Vec::new();
        for s in &seeds {
            m.extend(games::parse_position(s).unwrap().legal());
        }
        m.sort();
        m.dedup();
        m
    };
    let strategy = (mutated(seeds), mutated(moves));
    fuzz("positions+moves", 40000, strategy, |(text, token)| {
        let Ok(mut pos) = games::parse_position(&text) else {
            return Ok(());
        };
        // What parses formats to a canonical text that parses back to itself.
        let canonical = pos.format();
        let again = games::parse_position(&canonical);
        prop_assert!(
            again.is_ok(),
            "{text:?} -> {canonical:?}: {:?}",
            again.err()
        );
        prop_assert_eq!(again.unwrap().format(), canonical.clone());
        // An empty legal list is exactly a finished game.
        let legal = pos.legal();
        prop_assert_eq!(legal.is_empty(), pos.status().is_over(), "{}", canonical);
        let _ = pos.show();
        let mut other = pos.clone();
        let _ = other.play(&token);
        if !legal.is_empty() {
            prop_assert!(pos.play(&legal[0]).is_ok(), "{} {}", canonical, legal[0]);
            let _ = pos.status();
        }
        Ok(())
    });
}

#[test]
fn fuzz_bot_lines_and_go_lines() {
    let seeds: Vec<String> = [
        "move 6A",
        "move c1-d2x3",
        "  move   pass  ",
        "info depth 3 score 12",
        "info",
        "ready",
        "id name bot",
        "id author someone with spaces",
        "",
        "move",
        "go p1time 1000 p2time 2000 p1inc 100 p2inc 100 movetime 50",
        "go p1time 0 p2time 0 p1inc 0 p2inc 0",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    fuzz("bot lines", 100000, mutated(seeds), |line| {
        let _ = baraza::protocol::parse_bot_line(&line);
        let _ = baraza::protocol::parse_go(line.strip_prefix("go ").unwrap_or(&line));
        let _ = baraza::builtin::Clocks::parse(&line);
        Ok(())
    });
}

/// games.pgn and games.jsonl of a real tournament (one run, shared by the two tests below).
fn tournament_logs() -> (String, String) {
    static LOGS: std::sync::OnceLock<(String, String)> = std::sync::OnceLock::new();
    LOGS.get_or_init(|| {
        let dir = common::temp_dir("fuzz-logs");
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("baraza"))
            .args([
                "tournament",
                "dara",
                "--bot",
                "a=builtin:random",
                "--bot",
                "b=builtin:greedy",
            ])
            .args(["--rounds", "1", "--quiet", "--max-plies", "30", "--out"])
            .arg(dir.join("run"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let read = |f: &str| std::fs::read_to_string(dir.join("run").join(f)).unwrap();
        (read("games.pgn"), read("games.jsonl"))
    })
    .clone()
}

#[test]
fn fuzz_the_pgn_reader_and_verifier() {
    let (pgn, _) = tournament_logs();
    let games: Vec<String> = pgn.split("\n\n[").map(String::from).collect();
    let mut seeds = vec![pgn.clone()];
    seeds.extend(
        games
            .iter()
            .map(|g| format!("[{}", g.trim_start_matches('['))),
    );
    fuzz("pgn", 20000, mutated(seeds), |text| {
        if let Ok(games) = baraza::pgn::parse_pgn_games(&text) {
            for g in &games {
                let _ = baraza::verify::verify_game(g);
                let _ = g.missing_tags();
            }
        }
        Ok(())
    });
}

#[test]
fn fuzz_the_games_jsonl_reader() {
    let (_, jsonl) = tournament_logs();
    let lines: Vec<&str> = jsonl.lines().collect();
    let seeds = vec![
        jsonl.clone(),
        format!("{}\n{}\n", lines[0], lines[1]),
        format!("{}\n", lines[0]),
    ];
    fuzz("games.jsonl", 20000, mutated(seeds), |text| {
        if let Ok(Some(log)) = baraza::tournament::log::parse_games_log(&text, "fuzz") {
            let _ = log.header.bot_names();
        }
        Ok(())
    });
}

#[test]
fn fuzz_the_event_file() {
    let seed = r#"ruleset = "darra"
format = "gauntlet"
rounds = 2
seed = 42
movetime = 100
margin = 50
random-opening-plies = 2
concurrency = 1
on-crash = "forfeit"
sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05"

[[bot]]
name = "mine"
cmd = "python3 bots/python/random_bot.py"
movetime = 200
memory = 256
sandbox = true
env = ["A=1", "B"]

[[bot]]
name = "greedy"
cmd = "builtin:greedy"
tc = "10+0.1"
"#;
    let table = seed.replace(
        "sprt = \"elo0=0,elo1=10,alpha=0.05,beta=0.05\"",
        "[sprt]\nelo0 = 0\nelo1 = 5.5\nalpha = 0.05",
    );
    let base = std::env::temp_dir();
    fuzz(
        "event file",
        30000,
        mutated(vec![seed.to_string(), table]),
        |text| {
            if let Ok(inputs) = baraza::tournament::config::EventInputs::from_toml(&text, &base) {
                let _ = inputs.resolve(2);
            }
            Ok(())
        },
    );
}
