//! The PGN-like log: exact written text (worked out by hand from docs/log-format.md), round
//! trips, tag escaping, several games per file, and parse errors that name their line.

use baraza::outcome::Termination;
use baraza::record::pgn::{parse_pgn, parse_pgn_games, write_pgn};
use baraza::record::GameRecord;

const START: &str = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";
/// Spec example E3: player 2 to move.
const E3: &str = "darra 1,0,3,3,5,2/0,8,7,1,0,2 2 8 8 1 2";

fn record() -> GameRecord {
    GameRecord {
        game: 7,
        ruleset: "darra".into(),
        white: "Alice \"the \\ bot\"".into(),
        black: "greedy".into(),
        result: "1/2-1/2".parse().unwrap(),
        termination: Termination::Adjudication,
        reason: "draw by max plies".into(),
        plies: 3,
        moves: vec!["6A".into(), "1B".into(), "1A".into()],
        times_ms: vec![12, 34, 0],
        times_us: vec![12_000, 34_000, 0],
        start: START.into(),
        seed: 42,
        time_control: "10+0.1".into(),
        event: "baraza match".into(),
        site: "here".into(),
        date: "2026.11.29".into(),
        round: "3".into(),
        ..Default::default()
    }
}

fn written(rec: &GameRecord) -> String {
    let mut buf = Vec::new();
    write_pgn(&mut buf, rec).unwrap();
    String::from_utf8(buf).unwrap()
}

#[test]
fn writes_the_documented_text() {
    let want = r#"[Event "baraza match"]
[Site "here"]
[Date "2026.11.29"]
[Round "3"]
[White "Alice \"the \\ bot\""]
[Black "greedy"]
[Result "1/2-1/2"]
[Ruleset "darra"]
[TimeControl "10+0.1"]
[Termination "adjudication"]
[PlyCount "3"]
[Seed "42"]
[GameIndex "7"]
[Reason "draw by max plies"]

% 1. 6A {12ms} 1B {34ms} 2. 1A {0ms}
1/2-1/2

"#;
    assert_eq!(written(&record()), want);
}

#[test]
fn non_standard_start_with_player_two_first() {
    let mut rec = record();
    rec.start = E3.into();
    rec.moves = vec!["3B".into(), "2A".into()];
    rec.times_ms = vec![5, 7];
    rec.times_us = vec![5_000, 7_000];
    rec.plies = 2;
    rec.result = "1-0".parse().unwrap();
    rec.termination = Termination::TimeForfeit;
    let text = written(&rec);
    // No SetUp tag: chess tools take SetUp "1" to promise a chess FEN tag.
    assert!(text.contains(
        "[PlyCount \"2\"]\n[Position \"darra 1,0,3,3,5,2/0,8,7,1,0,2 2 8 8 1 2\"]\n[Seed \"42\"]\n"
    ));
    assert!(!text.contains("SetUp"));
    // A log written before (SetUp "1" and Position) still reads the same.
    let old = text.replace("[Position ", "[SetUp \"1\"]\n[Position ");
    assert_eq!(parse_pgn_games(&old).unwrap()[0].record, rec);
    assert!(
        text.ends_with("\n\n% 1... 3B {5ms} 2. 2A {7ms}\n1-0\n\n"),
        "{text}"
    );
    assert_eq!(parse_pgn(&text).unwrap(), vec![rec]);
}

#[test]
fn round_trip() {
    let rec = record();
    assert_eq!(parse_pgn(&written(&rec)).unwrap(), vec![rec]);
}

#[test]
fn tag_escaping_round_trips_quotes_backslashes_and_control_characters() {
    let mut rec = record();
    rec.reason = "player 2 said \"hi\\\"\nthen\ttab\r\u{1b}[0m".into();
    rec.event = "]\"[".into();
    let text = written(&rec);
    assert!(
        text.contains(r#"[Reason "player 2 said \"hi\\\"\nthen\ttab\r\u{1b}[0m"]"#),
        "{text}"
    );
    assert!(text.contains(r#"[Event "]\"["]"#));
    // Every tag is one line: 14 tags, a blank line, one movetext line, the result, a blank
    // line.
    assert_eq!(text.lines().count(), 18);
    assert_eq!(parse_pgn(&text).unwrap(), vec![rec]);
}

#[test]
fn several_games_per_file() {
    let a = record();
    let mut b = record();
    b.game = 8;
    b.white = "greedy".into();
    b.black = "random".into();
    b.result = "0-1".parse().unwrap();
    b.termination = Termination::Crash;
    b.moves.clear();
    b.times_ms.clear();
    b.times_us.clear();
    b.plies = 0;
    let mut c = record();
    c.game = 9;
    c.start = E3.into();
    let text = format!("{}{}{}", written(&a), written(&b), written(&c));
    // A game with no move is just its result.
    assert!(text.contains("[Reason \"draw by max plies\"]\n\n0-1\n\n"));
    let games = parse_pgn_games(&text).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].line, 1);
    // Game 1: 14 tag lines, a blank line, the movetext line, the result, a blank line.
    assert_eq!(games[1].line, 19);
    // Game 2: 14 tags, blank, "0-1" (no movetext line), blank.
    assert_eq!(games[2].line, 36);
    // Game 3's moves are after its 15 tags (Position, no SetUp) and a blank line:
    // line 36 + 16 = 52, its result on line 53.
    assert_eq!(games[2].move_lines, vec![52, 52, 52]);
    assert_eq!(games[2].end_line, 53);
    let records: Vec<GameRecord> = games.into_iter().map(|g| g.record).collect();
    assert_eq!(records, vec![a, b, c]);
}

#[test]
fn long_games_wrap_below_80_columns_and_round_trip() {
    let mut rec = record();
    rec.ruleset = "dara".into();
    rec.start = "dara ....../....../....../....../...... 1 12 12 0".into();
    rec.moves = (0..301)
        .map(|i| format!("c{}-d{}x{}", i % 7, i % 5, i))
        .collect();
    rec.times_ms = (0..301).map(|i| i * 1000 + 7).collect();
    rec.times_us = rec.times_ms.iter().map(|ms| ms * 1000).collect();
    rec.plies = 301;
    let text = written(&rec);
    assert!(
        !text.contains("[Position"),
        "the standard Dara start is not written"
    );
    let movetext: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
    assert!(movetext.len() > 20);
    assert!(movetext.iter().all(|l| l.len() <= 79), "{movetext:?}");
    // Every line of moves is escaped for chess readers; the result stands alone after them.
    let (result, moves) = movetext.split_last().unwrap();
    assert_eq!(*result, "1/2-1/2");
    assert!(moves.iter().all(|l| l.starts_with("% ")), "{movetext:?}");
    // The last move is number 300 (0-based): c{300 % 7}-d{300 % 5}x300, full move 151.
    assert!(text.contains("151. c6-d0x300 {300007ms}"), "{text}");
    assert!(text.ends_with(" {300007ms}\n1/2-1/2\n\n"));
    assert_eq!(parse_pgn(&text).unwrap(), vec![rec]);
}

#[test]
fn think_times_are_written_to_a_tenth_of_a_ms_and_read_back() {
    let mut rec = record();
    // 12.345 ms, 0.999 ms, 100.05 ms: written to the tenth below, the tenth left out when 0.
    rec.times_us = vec![12_345, 999, 100_050];
    let text = written(&rec);
    assert!(
        text.contains("% 1. 6A {12.3ms} 1B {0.9ms} 2. 1A {100ms}\n1/2-1/2"),
        "{text}"
    );
    let back = &parse_pgn(&text).unwrap()[0];
    assert_eq!(back.times_us, [12_300, 900, 100_000]);
    assert_eq!(back.times_ms, [12, 0, 100]);
    // A record without µs (an older JSONL line) is written from its ms.
    rec.times_us.clear();
    assert!(written(&rec).contains("1. 6A {12ms} 1B {34ms} 2. 1A {0ms}"));
    // Old and new comments read alike, to the writer's 0.1 ms (so a read game writes back
    // the same comments): 7.25 ms reads as 7.2 ms.
    let r = &parse_pgn("[Ruleset \"darra\"]\n\n1. 6A {7ms} 1B {7.25ms} 2. 1A {0.001s} 0-1\n")
        .unwrap()[0];
    assert_eq!(r.times_us, [7_000, 7_200, 1_000]);
    for bad in ["{7.ms}", "{.5ms}", "{1.2345ms}", "{07ms}", "{1.x}"] {
        let t = format!("[Ruleset \"darra\"]\n\n1. 6A {bad} 0-1\n");
        assert!(parse_pgn(&t).is_err(), "{bad}");
    }
}

#[test]
fn reads_seconds_extra_comment_text_and_missing_times() {
    let text = "[Ruleset \"darra\"]\n\n1. 6A {0.012s, depth 3} 1B {1.5s} 2. 1A 2A {3ms} 0-1\n";
    let r = &parse_pgn(text).unwrap()[0];
    assert_eq!(r.moves, ["6A", "1B", "1A", "2A"]);
    assert_eq!(r.times_ms, [12, 1500, 0, 3]);
    assert_eq!(r.plies, 4, "PlyCount defaults to the number of moves");
    assert_eq!(r.start, START, "no Position tag: the ruleset's start");
    assert_eq!(r.white, "?");
    assert_eq!(
        r.game, 1,
        "GameIndex defaults to the game's number in the file"
    );
}

#[test]
fn a_moves_last_info_with_a_score_goes_into_its_comment_after_the_time() {
    let mut rec = record();
    rec.move_infos = vec![
        Some("depth 12 score cp 25 nodes 4000 nps 200000 pv 1B 1A".into()),
        Some("thinking, no score".into()),
        None,
    ];
    rec.black_id_name = Some("greedy \"v2\"".into());
    rec.black_id_author = Some("the baraza team".into());
    let text = written(&rec);
    // The eval in units with two decimals and a sign, then the depth (cutechess style).
    assert!(
        text.contains(
            "[Reason \"draw by max plies\"]\n[BlackIdName \"greedy \\\"v2\\\"\"]\n\
             [BlackIdAuthor \"the baraza team\"]\n\n\
             % 1. 6A {12ms +0.25/12} 1B {34ms} 2. 1A {0ms}\n1/2-1/2\n"
        ),
        "{text}"
    );
    let back = &parse_pgn(&text).unwrap()[0];
    // The PGN keeps the score and depth only: read back in the structured form.
    assert_eq!(
        back.move_infos,
        [Some("depth 12 score cp 25".to_string()), None, None]
    );
    assert_eq!(back.black_id_name.as_deref(), Some("greedy \"v2\""));
    assert_eq!(back.black_id_author.as_deref(), Some("the baraza team"));
    assert_eq!(back.white_id_name, None);
    let again = GameRecord {
        move_infos: back.move_infos.clone(),
        ..rec
    };
    assert_eq!(back, &again);
}

#[test]
fn evals_are_read_from_the_second_word_of_a_comment() {
    let text = "[Ruleset \"darra\"]\n\n1. 6A {3ms -M4/9} 1B {0.5s 0.00} 2. 1A {1ms, depth 3} \
                2A {2ms +1.5/3} 3A {4ms -12.07/1 more words} 0-1\n";
    let r = &parse_pgn(text).unwrap()[0];
    assert_eq!(r.times_ms, [3, 500, 1, 2, 4]);
    let want = [
        Some("depth 9 score loss 4"),
        Some("score cp 0"),
        None,
        None, // one decimal: not an eval, ignored like any other word
        Some("depth 1 score cp -1207"),
    ];
    assert_eq!(r.move_infos, want.map(|w| w.map(String::from)));
    // A score first is not a think time: still an error, as in older versions.
    let (_, msg) = parse_error("[Ruleset \"darra\"]\n\n1. 6A {+0.25/12 0.103s} 0-1\n");
    assert!(msg.contains("think time"), "{msg}");
}

#[test]
fn an_old_json_line_without_the_new_fields_reads_with_them_empty() {
    let old = r#"{"game":1,"ruleset":"darra","white":"a","black":"b","result":"1-0","termination":"normal","reason":"r","plies":1,"moves":["6A"],"times_ms":[5],"start":"x","seed":1,"time_control":"-","event":"e","site":"?","date":"2026.11.29","round":"1"}"#;
    let rec: GameRecord = serde_json::from_str(old).unwrap();
    assert!(rec.move_infos.is_empty());
    assert_eq!(rec.ids(1), (None, None));
    assert_eq!(rec.ids(2), (None, None));
    // And a record without them writes the same line again: no new key appears.
    assert_eq!(serde_json::to_string(&rec).unwrap(), old);
}

fn parse_error(text: &str) -> (usize, String) {
    let e = parse_pgn(text).expect_err("must not parse");
    assert!(e.to_string().starts_with(&format!("line {}: ", e.line)));
    (e.line, e.message)
}

#[test]
fn a_comment_that_is_not_a_time_is_an_error() {
    let text = "[Ruleset \"darra\"]\n\n1. 6A {0.012s} 1B\n{oops} 0-1\n";
    let (line, msg) = parse_error(text);
    assert_eq!(line, 4);
    assert!(msg.contains("think time"), "{msg}");
}

#[test]
fn parse_errors_name_the_line() {
    // An unterminated tag on line 2.
    assert_eq!(parse_error("[Event \"x\"]\n[Site \"y\"\n\n1-0\n").0, 2);
    // A tag value without quotes.
    assert_eq!(parse_error("[Event x]\n\n1-0\n").0, 1);
    // A bad escape on line 3.
    let (line, msg) = parse_error("[Event \"x\"]\n[Site \"y\"]\n[Round \"\\q\"]\n\n1-0\n");
    assert_eq!(line, 3);
    assert!(msg.contains("escape"), "{msg}");
    // A duplicate tag on line 3.
    let (line, msg) = parse_error("[Event \"x\"]\n[Site \"y\"]\n[Event \"z\"]\n\n1-0\n");
    assert_eq!((line, msg.as_str()), (3, "duplicate tag Event"));
    // An unknown termination on line 2.
    let (line, msg) = parse_error("[Event \"x\"]\n[Termination \"resigned\"]\n\n1-0\n");
    assert_eq!(line, 2);
    assert!(msg.contains("resigned"), "{msg}");
    // A PlyCount that is not a number, on line 2.
    assert_eq!(
        parse_error("[Event \"x\"]\n[PlyCount \"1O\"]\n\n1. 6A 1-0\n").0,
        2
    );
    // A comment opened on line 4 and never closed.
    let (line, msg) = parse_error("[Event \"x\"]\n\n1. 6A {1ms}\n1B {2ms\n2. 1A 1-0\n");
    assert_eq!(line, 4);
    assert!(msg.contains("never closed"), "{msg}");
    // Game 1 has no result: the next game's first tag (line 5) is inside its movetext.
    let (line, msg) = parse_error("[Event \"a\"]\n\n1. 6A {1ms}\n\n[Event \"b\"]\n\n1-0\n");
    assert_eq!(line, 5);
    assert!(msg.contains("no result"), "{msg}");
    // The file ends (line 3) inside a movetext.
    let (line, msg) = parse_error("[Event \"a\"]\n\n1. 6A {1ms} 1B\n");
    assert_eq!(line, 3);
    assert!(msg.contains("no result"), "{msg}");
    // Text after the result, line 3.
    assert_eq!(parse_error("[Event \"a\"]\n\n1. 6A 1-0 2. 1B\n").0, 3);
    // The movetext (line 4) ends 0-1, the Result tag (line 2) says 1-0.
    let (line, msg) = parse_error("[Event \"a\"]\n[Result \"1-0\"]\n\n1. 6A 0-1\n");
    assert_eq!(line, 4);
    assert!(msg.contains("line 2"), "{msg}");
    // A Result tag that is not a result.
    assert_eq!(parse_error("[Event \"a\"]\n[Result \"2-0\"]\n\n1-0\n").0, 2);
}

#[test]
fn missing_tags_are_not_a_parse_error() {
    let games = parse_pgn_games("[Event \"a\"]\n\n1. 6A 1-0\n\n1/2-1/2\n").unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].line, 5);
    assert!(games[1].tags.is_empty());
    assert_eq!(games[0].missing_tags().len(), 13);
    assert_eq!(games[0].missing_tags()[0], "Site");
    assert_eq!(games[0].record.termination, Termination::Normal);
    assert_eq!(games[0].record.result, "1-0");
}

mod property {
    use super::*;
    use proptest::prelude::*;

    fn any_record() -> impl Strategy<Value = GameRecord> {
        let text = ".{0,12}"; // any characters, control characters and quotes included
        let token = "[1-9][0-9]?[AB]|[a-f][1-6]-[a-f][1-6](x[a-f][1-6])?|[a-d][1-8][<>][=+]?|pass";
        let results = prop::sample::select(vec!["1-0", "0-1", "1/2-1/2", "*"]);
        let terms = prop::sample::select(Termination::ALL.to_vec());
        let starts = prop::sample::select(vec![
            START.to_string(),
            E3.to_string(),
            "bao something unusual".to_string(),
            String::new(),
        ]);
        (
            (
                any::<u64>(),
                text,
                text,
                results,
                terms,
                text,
                any::<usize>(),
            ),
            // Think times whose µs fit in a u64 (the log holds µs to 0.1 ms).
            prop::collection::vec((token, 0..u64::MAX / 1000), 0..60),
            (starts, any::<u64>(), text, text, text, text, text),
        )
            .prop_map(
                |(
                    (game, white, black, result, termination, reason, plies),
                    moves,
                    (start, seed, time_control, event, site, date, round),
                )| GameRecord {
                    game,
                    ruleset: "darra".into(),
                    white,
                    black,
                    result: result.parse().unwrap(),
                    termination,
                    reason,
                    plies,
                    moves: moves.iter().map(|m| m.0.clone()).collect(),
                    times_ms: moves.iter().map(|m| m.1).collect(),
                    times_us: moves.iter().map(|m| m.1 * 1000).collect(),
                    start,
                    seed,
                    time_control,
                    event,
                    site,
                    date,
                    round,
                    ..Default::default()
                },
            )
    }

    /// A move's info as a record read from a PGN log holds it: `depth D score ...` or
    /// `score ...`, or none.
    fn any_info() -> impl Strategy<Value = Option<String>> {
        let score = prop_oneof![
            any::<i64>().prop_map(|cp| format!("score cp {cp}")),
            any::<u64>().prop_map(|n| format!("score win {n}")),
            any::<u64>().prop_map(|n| format!("score loss {n}")),
        ];
        prop::option::of((prop::option::of(any::<u64>()), score)).prop_map(|i| {
            i.map(|(depth, score)| match depth {
                Some(d) => format!("depth {d} {score}"),
                None => score,
            })
        })
    }

    fn any_record_with_words() -> impl Strategy<Value = GameRecord> {
        let id = prop::option::of(".{0,12}");
        (
            any_record(),
            prop::collection::vec(any_info(), 60),
            (id.clone(), id.clone(), id.clone(), id),
        )
            .prop_map(|(mut r, infos, ids)| {
                r.move_infos = infos[..r.moves.len()].to_vec();
                if r.move_infos.iter().all(Option::is_none) {
                    r.move_infos.clear();
                }
                (
                    r.white_id_name,
                    r.white_id_author,
                    r.black_id_name,
                    r.black_id_author,
                ) = ids;
                r
            })
    }

    /// `recs` written as PGN and parsed back.
    fn round_trip(recs: &[GameRecord]) -> Vec<GameRecord> {
        let mut buf = Vec::new();
        for r in recs {
            write_pgn(&mut buf, r).unwrap();
        }
        let text = String::from_utf8(buf).unwrap();
        parse_pgn(&text).unwrap()
    }

    proptest! {
        #[test]
        fn parse_inverts_write_with_infos_and_ids(
            recs in prop::collection::vec(any_record_with_words(), 1..4)
        ) {
            prop_assert_eq!(round_trip(&recs), recs);
        }

        #[test]
        fn parse_inverts_write(recs in prop::collection::vec(any_record(), 1..4)) {
            prop_assert_eq!(round_trip(&recs), recs);
        }
    }
}

#[test]
fn windows_line_ends_and_a_byte_order_mark_are_read() {
    let rec = record();
    let text = format!("\u{feff}{}", written(&rec).replace('\n', "\r\n"));
    assert_eq!(parse_pgn(&text).unwrap(), vec![rec]);
}

#[test]
fn every_standard_start_has_player_one_to_move() {
    // The PGN writer numbers the moves of a standard start without parsing it, as player 1's
    // first: true of every ruleset's start (each spec's start position).
    for r in baraza::games::RULESETS {
        let p = baraza::games::parse_position(r.start).unwrap();
        assert_eq!(p.side_to_move(), baraza::game::Player::One, "{}", r.id);
    }
}
