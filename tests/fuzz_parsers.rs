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
//! constant at once (a counting allocator; see `fuzz_support`).
//!
//! `BARAZA_FUZZ_SCALE=N` runs N times as many cases, `BARAZA_FUZZ_SEED=N` other ones; with
//! `--nocapture` each parser prints its case count, time and peak allocation. docs/fuzzing.md
//! has the commands, and the coverage-guided targets under `fuzz/`.

// The checks take `&String`: they are `fn(&Value)` of strategies whose value is a String.
#![allow(clippy::ptr_arg)]

mod fuzz_support;

use baraza::game::{MoveError, Player, Position};
use baraza::games::{self, RULESETS};
use baraza::protocol::{self, BotMsg};
use baraza::record::{self, parse_pgn, parse_pgn_games, write_pgn};
use baraza::tournament::config::{parse_bot_arg, scheduled_games, EventInputs};
use baraza::tournament::log::{parse_games_log, GameLine};
use baraza::tournament::openings::parse_openings;
use baraza::tournament::stats::SprtParams;
use baraza::tournament::{results, schedule};
use fuzz_support::corpus::{self, legal_of};
use fuzz_support::mutate::{self, texts, NUMBERS};
use fuzz_support::{accepted, fuzz, one_line, Bounds, Counting};
use proptest::prelude::*;
use proptest::sample::Index;

#[global_allocator]
static ALLOC: Counting = Counting;

fn text_len(s: &String) -> (usize, String) {
    (s.len(), s.clone())
}

// ---------------------------------------------------------------------------------------------
// Positions and moves
// ---------------------------------------------------------------------------------------------

/// What every position, however odd, must allow: its status, legal list, drawing and
/// material without a panic; "over" exactly when nothing is legal; the legal list in byte
/// order without repeats; every listed move playable, to a position that formats and parses
/// back to itself.
fn exercise(pos: &dyn Position, from: &str) {
    let status = pos.status();
    let legal = pos.legal();
    assert_eq!(
        status.is_over(),
        legal.is_empty(),
        "'{from}': status {status} but {} legal moves",
        legal.len()
    );
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "'{from}': legal moves not in byte order or repeated: {legal:?}"
    );
    let _ = (pos.show(), pos.side_to_move());
    let _ = (pos.material(Player::One), pos.material(Player::Two));
    for token in legal.iter().take(40) {
        let mut next = pos.clone_box();
        next.play(token)
            .unwrap_or_else(|e| panic!("'{from}': listed move {token} refused: {e}"));
        round_trips(&*next, &format!("'{from}' after {token}"));
        let _ = (next.status(), next.legal());
    }
}

fn round_trips(pos: &dyn Position, what: &str) {
    let text = pos.format();
    let again = games::parse_position(&text)
        .unwrap_or_else(|e| panic!("{what}: its own format '{text}' does not parse: {e}"));
    assert_eq!(again.format(), text, "{what}: format does not round-trip");
}

fn check_position(s: &String) {
    for r in RULESETS {
        let _ = r.parse(s);
        if let Err(e) = games::parse_start(r.id, s) {
            one_line("parse_start", s, &e);
        }
    }
    match games::parse_position(s) {
        Err(e) => one_line("parse_position", s, &e),
        Ok(pos) => {
            accepted();
            round_trips(&*pos, s);
            exercise(&*pos, s);
        }
    }
}

#[test]
fn position_strings() {
    let strategy = texts(corpus::positions(), corpus::POSITION_WORDS);
    let bounds = Bounds {
        cases: 6000,
        bytes_per_input_byte: 16,
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

fn check_move(case: &(String, String)) {
    let (position, token) = case;
    let mut pos = games::parse_position(position).unwrap();
    let legal = pos.legal();
    let before = pos.format();
    match pos.play(token) {
        Ok(()) => {
            accepted();
            assert!(
                legal.contains(token),
                "'{position}': unlisted {token:?} played"
            );
            round_trips(&*pos, &format!("'{position}' after {token}"));
        }
        Err(e) => {
            assert!(
                !legal.contains(token),
                "'{position}': listed {token:?} refused: {e}"
            );
            assert_eq!(pos.format(), before, "a refused move changed the position");
            if legal.is_empty() {
                assert!(matches!(e, MoveError::GameOver(_)), "{e}");
            }
            // The message quotes the token, which may hold a line break: the referee writes
            // it into a reason that is escaped where logged (checked with the PGN below).
        }
    }
}

#[test]
fn move_tokens() {
    let bounds = Bounds {
        cases: 10000,
        bytes_per_input_byte: 16,
        fixed_bytes: 64 << 10,
    };
    let describe = |c: &(String, String)| (c.0.len() + c.1.len(), format!("{c:?}"));
    fuzz("move token", bounds, move_case(), describe, check_move);
}

// ---------------------------------------------------------------------------------------------
// The bot protocol
// ---------------------------------------------------------------------------------------------

fn check_bot_line(s: &String) {
    let is_blank = |c: char| c == ' ' || c == '\t';
    let body = s.strip_suffix('\r').unwrap_or(s);
    match protocol::parse_bot_line(s) {
        BotMsg::Blank => assert!(body.trim_matches(is_blank).is_empty(), "{s:?} is not blank"),
        BotMsg::Move(t) => {
            accepted();
            assert!(!t.is_empty() && !t.contains(is_blank), "{s:?}: token {t:?}");
            assert!(body.contains(&t), "{s:?}: token {t:?} not in the line");
        }
        BotMsg::Id { key, .. } => assert!(!key.contains(is_blank), "{s:?}: key {key:?}"),
        BotMsg::BadMove(l) | BotMsg::Other(l) => assert!(!l.is_empty()),
        BotMsg::Ready | BotMsg::Info(_) => {}
    }
}

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

fn check_go(s: &String) {
    if let Some(go) = protocol::parse_go(s) {
        accepted();
        let line = protocol::go(&go);
        assert_eq!(protocol::parse_go(&line["go ".len()..]), Some(go), "{s:?}");
    }
    let _ = baraza::builtin::Clocks::parse(s);
    let _ = protocol::split_word(s);
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

/// A built-in bot (`baraza bot`) reads whatever is on its stdin: it answers or stops with an
/// error, and every move it sends is one token on one line.
fn check_transcript(s: &String) {
    for name in ["random", "greedy"] {
        let spec = baraza::builtin::find(name).unwrap();
        let mut input = std::io::Cursor::new(s.as_bytes());
        let mut out = Vec::new();
        let _ = baraza::builtin::play(spec, None, 1, 1, &mut input, &mut out);
        let out = String::from_utf8(out).expect("a bot writes UTF-8");
        for l in out.lines() {
            if let Some(mv) = l.strip_prefix("move ") {
                accepted();
                assert!(!mv.is_empty() && !mv.contains(' '), "{name} sent {l:?}");
            }
        }
    }
}

#[test]
fn referee_transcripts_to_builtin_bots() {
    let strategy = texts(corpus::transcripts(), corpus::PROTOCOL_WORDS);
    let bounds = Bounds {
        cases: 3000,
        bytes_per_input_byte: 16,
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

fn check_pgn(s: &String) {
    let games = match parse_pgn_games(s) {
        Err(e) => return one_line("parse_pgn", s, &e),
        Ok(g) => g,
    };
    accepted();
    if let Err((_, problem)) = record::verify(&games) {
        assert!(!problem.message.contains('\n'), "{problem:?}");
    }
    for g in &games {
        let _ = record::start_position(&g.record);
        let mut out = Vec::new();
        write_pgn(&mut out, &g.record).unwrap();
        let text = String::from_utf8(out).unwrap();
        let back = parse_pgn(&text).unwrap_or_else(|e| {
            panic!("the log written for a read game does not read: {e}\n{text}")
        });
        assert_eq!(
            back,
            std::slice::from_ref(&g.record),
            "written and read again:\n{text}"
        );
    }
}

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

fn check_jsonl(s: &String) {
    let log = match parse_games_log(s, "games.jsonl") {
        Err(e) => return one_line("parse_games_log", s, &format!("{e:#}")),
        Ok(None) => return,
        Ok(Some(log)) => log,
    };
    accepted();
    let table = results::standings(&log);
    let _ = results::render_text(&table);
    let _ = serde_json::to_string(&table).unwrap();
    for g in &log.games {
        let line = serde_json::to_string(g).unwrap();
        let back: GameLine = serde_json::from_str(&line).unwrap();
        assert_eq!(&back, g);
    }
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

fn check_event(s: &String) {
    let dir = corpus::event_dir();
    let inputs = match EventInputs::from_toml(s, &dir) {
        Err(e) => return one_line("event file", s, &e),
        Ok(i) => i,
    };
    let (config, _run) = match inputs.resolve(2) {
        Err(e) => return one_line("event file (resolve)", s, &e),
        Ok(c) => c,
    };
    accepted();
    let _ = (config.hash(), config.canonical());
    // The schedule is as long as the event: drawn here only for small events, so that each
    // case stays fast (`resolve` bounds it: see `a_huge_rounds_count_is_refused` below).
    if scheduled_games(config.format, config.bots.len() as u64, config.rounds) <= 2_000 {
        match schedule(&config) {
            Err(e) => one_line("schedule", s, &e),
            Ok(games) => assert!(!games.is_empty()),
        }
    }
}

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

fn check_openings(s: &String) {
    for ruleset in ["darra", "bao", "dara", "nope"] {
        match parse_openings(s, ruleset, "openings.txt") {
            Err(e) => one_line("openings", s, &e),
            Ok(positions) => {
                accepted();
                for p in positions {
                    let pos = games::parse_start(ruleset, &p).expect("a checked opening");
                    assert_eq!(pos.format(), p);
                }
            }
        }
    }
}

#[test]
fn openings_files() {
    let strategy = texts(corpus::openings_files(), corpus::POSITION_WORDS);
    let bounds = Bounds {
        cases: 3000,
        bytes_per_input_byte: 16,
        fixed_bytes: 64 << 10,
    };
    fuzz("openings file", bounds, strategy, text_len, check_openings);
}

fn check_small_options(s: &String) {
    match baraza::clock::parse_tc(s) {
        Err(e) => one_line("--tc", s, &e),
        Ok((base, _inc)) => {
            accepted();
            assert!(!base.is_zero())
        }
    }
    for mt in [None, Some(0), Some(1), Some(u64::MAX)] {
        if let Ok(tc) = baraza::clock::TimeControl::from_options(Some(s), mt, u64::MAX) {
            let mut clock = baraza::clock::Clock::new(tc);
            let _ = (clock.go(0), clock.deadline(1), tc.pgn());
            let _ = clock.charge(0, std::time::Duration::MAX);
            let _ = clock.charge(1, std::time::Duration::ZERO);
        }
    }
    if let Err(e) = s.parse::<SprtParams>() {
        one_line("--sprt", s, &e);
    }
    let _ = parse_bot_arg(s);
    let _ = baraza::bot::split_command(s);
    if let Err(e) = baraza::bot_spec::BotSpec::parse("--bot", s) {
        one_line("--bot", s, &e);
    }
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
        bytes_per_input_byte: 16,
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
    let err = inputs.resolve(2).err().expect("refused").to_string();
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
    let out = assert_cmd::Command::cargo_bin("baraza")
        .unwrap()
        .args(["tournament", "darra", "--bot", "a=builtin:random", "--bot"])
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
    let out = assert_cmd::Command::cargo_bin("baraza")
        .unwrap()
        .args(["match", "darra", "builtin:random", "builtin:greedy", "--tc"])
        .arg("1\r\u{1b}[2J+0\nsecond line")
        .assert()
        .failure();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    let line = stderr.trim_end_matches('\n');
    assert!(!line.contains(|c: char| c.is_control()), "{stderr:?}");
    assert!(line.contains("\\u{d}\\u{1b}[2J"), "{stderr:?}");
}
