//! A bounded property-based fuzz run of every parser that reads what strangers write: position
//! strings and move tokens of every ruleset, the lines a bot sends, the `go` arguments and the
//! whole referee transcript a built-in bot reads, the PGN log (and its verifier), games.jsonl
//! (and the standings built from it), the event file (resolved and scheduled), openings files,
//! time controls, SPRT bounds and bot arguments.
//!
//! Inputs are mostly valid texts (starts, positions of random games, the logs of real
//! tournaments of the built-in bots run at test time, the documented event file) under a few
//! mutations, plus random bytes. Every case must: not panic; give `Ok` or a one-line error;
//! keep the parser's own promises (a formatted position parses back to itself; a token plays
//! exactly when it is listed as legal; a written log reads back to the same records); finish
//! within 100 ms of CPU (release); and allocate at most a small multiple of its length plus a
//! constant at once (a counting allocator; see `support::fuzz`).
//!
//! `BARAZA_FUZZ_SCALE=N` runs N times as many cases, `BARAZA_FUZZ_SEED=N` other ones; with
//! `--nocapture` each parser prints its case count, time and peak allocation. docs/fuzzing.md
//! has the commands, and the coverage-guided targets under `fuzz/`.

// The checks take `&String`: they are `fn(&Value)` of strategies whose value is a String.
#![allow(clippy::ptr_arg)]

use crate::support::fuzz::checks::*;
use crate::support::fuzz::corpus::{self, legal_of};
use crate::support::fuzz::mutate::{self, texts, NUMBERS};
use crate::support::fuzz::{fuzz, Bounds};
use crate::support::{baraza, tournament};
use baraza::tournament::plan::config::EventInputs;
use proptest::prelude::*;
use proptest::sample::Index;

fn text_len(s: &String) -> (usize, String) {
    (s.len(), s.clone())
}

// ---------------------------------------------------------------------------------------------
// Positions and moves
// ---------------------------------------------------------------------------------------------

#[test]
fn position_strings() {
    let strategy = texts(corpus::positions(), corpus::POSITION_WORDS);
    let bounds = Bounds {
        cases: 6000,
        bytes_per_input_byte: 64,
        fixed_bytes: 64 << 10,
    };
    fuzz("position", bounds, strategy, text_len, check_position);
}

/// A position of the corpus and a token: a legal one mutated, or a random string.
fn move_case() -> impl Strategy<Value = (String, String)> + Send + 'static {
    let positions = corpus::positions();
    let tokens = (any::<Index>(), prop::collection::vec(mutate::op(), 0..3));
    let token = prop_oneof![4 => tokens.prop_map(Some), 1 => Just(None)];
    (any::<Index>(), token, any::<String>()).prop_map(move |(p, token, random)| {
        let position = p.get(positions.as_slice()).clone();
        let legal = legal_of(&position);
        let token = match (token, legal.is_empty()) {
            (Some((k, ops)), false) => {
                mutate::apply(k.get::<String>(&legal), &ops, corpus::POSITION_WORDS)
            }
            _ => random,
        };
        (position, token)
    })
}

#[test]
fn move_tokens() {
    let bounds = Bounds {
        cases: 10000,
        bytes_per_input_byte: 64,
        fixed_bytes: 64 << 10,
    };
    let describe = |c: &(String, String)| (c.0.len() + c.1.len(), format!("{c:?}"));
    fuzz("move token", bounds, move_case(), describe, check_move);
}

// ---------------------------------------------------------------------------------------------
// The bot protocol
// ---------------------------------------------------------------------------------------------

#[test]
fn bot_lines() {
    let strategy = texts(corpus::bot_lines(), corpus::PROTOCOL_WORDS);
    let bounds = Bounds {
        cases: 3000,
        bytes_per_input_byte: 4,
        fixed_bytes: 1 << 10,
    };
    fuzz("bot line", bounds, strategy, text_len, check_bot_line);
}

#[test]
fn go_arguments() {
    let strategy = texts(corpus::go_args(), NUMBERS);
    let bounds = Bounds {
        cases: 2000,
        bytes_per_input_byte: 4,
        fixed_bytes: 1 << 10,
    };
    fuzz("go arguments", bounds, strategy, text_len, check_go);
}

#[test]
fn referee_transcripts_to_builtin_bots() {
    let strategy = texts(corpus::transcripts(), corpus::PROTOCOL_WORDS);
    let bounds = Bounds {
        cases: 3000,
        bytes_per_input_byte: 64,
        fixed_bytes: 64 << 10,
    };
    fuzz(
        "builtin bot stdin",
        bounds,
        strategy,
        text_len,
        check_transcript,
    );
}

// ---------------------------------------------------------------------------------------------
// Logs
// ---------------------------------------------------------------------------------------------

#[test]
fn pgn_logs() {
    let strategy = texts(corpus::pgn_logs(), corpus::PGN_WORDS);
    let bounds = Bounds {
        cases: 1500,
        bytes_per_input_byte: 64,
        fixed_bytes: 256 << 10,
    };
    fuzz("pgn log", bounds, strategy, text_len, check_pgn);
}

#[test]
fn games_jsonl() {
    let strategy = texts(corpus::jsonl_logs(), corpus::JSON_WORDS);
    let bounds = Bounds {
        cases: 2000,
        bytes_per_input_byte: 64,
        fixed_bytes: 256 << 10,
    };
    fuzz("games.jsonl", bounds, strategy, text_len, check_jsonl);
}

// ---------------------------------------------------------------------------------------------
// Event files, openings, time controls, bot arguments
// ---------------------------------------------------------------------------------------------

#[test]
fn event_files() {
    let strategy = texts(corpus::event_files(), corpus::TOML_WORDS);
    let bounds = Bounds {
        cases: 4000,
        bytes_per_input_byte: 96,
        fixed_bytes: 1 << 20,
    };
    fuzz("event file", bounds, strategy, text_len, check_event);
}

#[test]
fn openings_files() {
    let strategy = texts(corpus::openings_files(), corpus::POSITION_WORDS);
    let bounds = Bounds {
        cases: 3000,
        bytes_per_input_byte: 64,
        fixed_bytes: 64 << 10,
    };
    fuzz("openings file", bounds, strategy, text_len, check_openings);
}

#[test]
fn time_controls_sprt_and_bot_arguments() {
    let mut seeds = (*corpus::time_controls()).clone();
    seeds.extend(
        [
            "elo0=0,elo1=10,alpha=0.05,beta=0.05",
            "builtin:random",
            "a=builtin:greedy",
        ]
        .map(String::from),
    );
    let strategy = texts(std::sync::Arc::new(seeds), NUMBERS);
    let bounds = Bounds {
        cases: 2000,
        bytes_per_input_byte: 64,
        fixed_bytes: 16 << 10,
    };
    fuzz(
        "tc/sprt/bot",
        bounds,
        strategy,
        text_len,
        check_small_options,
    );
}

// ---------------------------------------------------------------------------------------------
// Inputs that broke a parser before its fix, minimized.
// ---------------------------------------------------------------------------------------------

/// `rounds = 4000000000` in an event file (or `--rounds`) made the schedule ask for 160 GB at
/// once: `memory allocation of 160000000000 bytes failed`, an abort. Now it is a one-line error
/// before any game.
#[test]
fn a_huge_rounds_count_is_refused() {
    let event = "ruleset = \"darra\"\nrounds = 4000000000\n[[bot]]\ncmd = \"builtin:random\"\n\
                 [[bot]]\ncmd = \"builtin:greedy\"\n";
    let inputs = EventInputs::from_toml(event, &corpus::event_dir()).unwrap();
    let err = inputs.resolve(2).expect_err("refused").to_string();
    assert_eq!(
        err,
        "--rounds 4000000000 with these bots schedules 8000000000 games; one event holds at most 1000000"
    );
    // The largest event allowed: 500,000 rounds of two bots.
    let mut ok = inputs.clone();
    ok.rounds = Some(500_000);
    assert!(ok.resolve(2).is_ok());
    ok.rounds = Some(500_001);
    assert!(ok.resolve(2).is_err());
    let out = tournament("darra", &["a=builtin:random"])
        .args(["--bot"])
        .command()
        .args(["b=builtin:greedy", "--rounds", "4000000000", "--dry-run"])
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("at most 1000000"), "{stderr}");
}

/// A time control holding a carriage return and a terminal escape: the error quoted them
/// raw, so `\r` rewrote the terminal line and ESC drove the terminal. The binary's error line
/// escapes every control character.
#[test]
fn control_characters_in_an_error_are_escaped() {
    let out = baraza()
        .args(["match", "darra", "builtin:random", "builtin:greedy", "--tc"])
        .arg("1\r\u{1b}[2J+0\nsecond line")
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    let line = stderr.trim_end_matches('\n');
    assert!(!line.contains(|c: char| c.is_control()), "{stderr:?}");
    assert!(line.contains("\\x0d\\x1b[2J"), "{stderr:?}");
}

/// `openings = "/dev/zero"` in an event file: the openings file was read whole, so the event
/// took memory until there was none (`cannot read openings file /dev/zero: out of memory`
/// under a 2 GB limit; the OOM killer without one). The read stops past 16 MiB.
#[test]
fn an_endless_openings_file_is_refused_at_its_size_limit() {
    let event =
        "ruleset = \"darra\"\nopenings = \"/dev/zero\"\n[[bot]]\ncmd = \"builtin:random\"\n\
                 [[bot]]\ncmd = \"builtin:greedy\"\n";
    let inputs = EventInputs::from_toml(event, &corpus::event_dir()).unwrap();
    let (result, peak) = crate::support::fuzz::peak_during(|| inputs.resolve(2));
    let err = result.expect_err("refused").to_string();
    assert_eq!(err, "openings file /dev/zero is larger than 16 MiB");
    assert!(peak < 64 << 20, "peak allocation {peak} bytes");
}
