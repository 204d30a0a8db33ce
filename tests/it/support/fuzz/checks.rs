//! The checks of the fuzz run, one per parser: what every input must allow. Shared by the
//! proptest run (`tests/it/fuzz_parsers.rs`) and the coverage-guided targets (`fuzz/`), which
//! include this file by path and provide `super::{accepted, one_line, corpus::event_dir}`.

// The checks take `&String`: they are `fn(&Value)` of strategies whose value is a String.
#![allow(clippy::ptr_arg)]

use super::corpus;
use super::{accepted, one_line};
use baraza::game::{MoveError, Player, Position};
use baraza::games::{self, RULESETS};
use baraza::protocol::{self, BotMsg};
use baraza::record::pgn::{parse_pgn, parse_pgn_games, write_pgn};
use baraza::record::verify;
use baraza::stats::sprt::SprtParams;
use baraza::tournament::log::games_jsonl::GameLine;
use baraza::tournament::log::reader::parse_games_log;
use baraza::tournament::plan::config::{parse_bot_arg, scheduled_games, EventInputs};
use baraza::tournament::plan::openings::parse_openings;
use baraza::tournament::{schedule, table::results};

/// What every position, however odd, must allow: its status, legal list, drawing and
/// material without a panic; "over" exactly when nothing is legal; the legal list in byte
/// order without repeats; every listed move playable, to a position that formats and parses
/// back to itself.
pub fn exercise(pos: &dyn Position, from: &str) {
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

pub fn round_trips(pos: &dyn Position, what: &str) {
    let text = pos.format();
    let again = games::parse_position(&text)
        .unwrap_or_else(|e| panic!("{what}: its own format '{text}' does not parse: {e}"));
    assert_eq!(again.format(), text, "{what}: format does not round-trip");
}

pub fn check_position(s: &String) {
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

pub fn check_move(case: &(String, String)) {
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

pub fn check_bot_line(s: &String) {
    let is_blank = |c: char| c == ' ' || c == '\t';
    let body = s.strip_suffix('\r').unwrap_or(s);
    match protocol::parse_bot_line(s) {
        BotMsg::Blank => assert!(body.trim_matches(is_blank).is_empty(), "{s:?} is not blank"),
        BotMsg::Move(t) => {
            accepted();
            assert!(!t.is_empty() && !t.contains(is_blank), "{s:?}: token {t:?}");
            assert!(body.contains(t), "{s:?}: token {t:?} not in the line");
        }
        BotMsg::Id { key, .. } => assert!(!key.contains(is_blank), "{s:?}: key {key:?}"),
        BotMsg::BadMove(l) | BotMsg::Other(l) => assert!(!l.is_empty()),
        BotMsg::Ready | BotMsg::Resign | BotMsg::Info(_) => {}
    }
}

pub fn check_go(s: &String) {
    if let Some(go) = protocol::parse_go(s) {
        accepted();
        let line = protocol::go(&go);
        assert_eq!(protocol::parse_go(&line["go ".len()..]), Some(go), "{s:?}");
    }
    let _ = protocol::Go::read(s);
    // Any line reads as some referee message, and a `go` line written back reads the same.
    if let protocol::RefereeMsg::Go(go) = protocol::RefereeMsg::parse(s) {
        let line = protocol::go(&go);
        assert_eq!(
            protocol::RefereeMsg::parse(&line),
            protocol::RefereeMsg::Go(go),
            "{s:?}"
        );
    }
}

/// A built-in bot (`baraza bot`) reads whatever is on its stdin: it answers or stops with an
/// error, and every move it sends is one token on one line.
pub fn check_transcript(s: &String) {
    for name in ["random", "greedy"] {
        let spec = baraza::builtin::find(name).unwrap();
        let mut input = std::io::Cursor::new(s.as_bytes());
        let mut out = Vec::new();
        let _ = baraza::builtin::play(spec, &Default::default(), None, 1, 1, &mut input, &mut out);
        let out = String::from_utf8(out).expect("a bot writes UTF-8");
        for l in out.lines() {
            if let Some(mv) = l.strip_prefix("move ") {
                accepted();
                assert!(!mv.is_empty() && !mv.contains(' '), "{name} sent {l:?}");
            }
        }
    }
}

pub fn check_pgn(s: &String) {
    let games = match parse_pgn_games(s) {
        Err(e) => return one_line("parse_pgn", s, &e),
        Ok(g) => g,
    };
    accepted();
    if let Err((_, problem)) = verify::verify(&games) {
        assert!(!problem.message.contains('\n'), "{problem:?}");
    }
    for g in &games {
        let _ = verify::start_position(&g.record);
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

pub fn check_jsonl(s: &String) {
    let log = match parse_games_log(s, "games.jsonl") {
        Err(e) => return one_line("parse_games_log", s, &format!("{e:#}")),
        Ok(None) => return,
        Ok(Some(log)) => log,
    };
    accepted();
    let table = results::standings(&log);
    let _ = baraza::tournament::table::render::render_text(&table);
    let _ = serde_json::to_string(&table).unwrap();
    for g in &log.games {
        let line = serde_json::to_string(g).unwrap();
        let back: GameLine = serde_json::from_str(&line).unwrap();
        assert_eq!(&back, g);
    }
}

pub fn check_event(s: &String) {
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

pub fn check_openings(s: &String) {
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

pub fn check_small_options(s: &String) {
    match baraza::clock::parse_tc(s) {
        Err(e) => one_line("--tc", s, &e),
        Ok((base, _inc)) => {
            accepted();
            assert!(!base.is_zero())
        }
    }
    let gc = s.parse::<baraza::clock::GameClock>().ok();
    if let Some(gc) = &gc {
        assert_eq!(gc.to_string(), *s, "a time control keeps its text");
    }
    for mt in [None, Some(0), Some(1), Some(u64::MAX)] {
        if let Ok(tc) = baraza::clock::TimeControl::from_options(gc.as_ref(), mt, u64::MAX) {
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
    if let Err(e) = baraza::bot::spec::BotSpec::parse("--bot", s) {
        one_line("--bot", s, &e);
    }
}
