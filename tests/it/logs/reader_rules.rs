//! The rules of the log reader that docs/log-format.md and docs/json.md state, each held to
//! the reader (an independent parser written from the docs alone must read what baraza
//! reads): the doc says it, and the reader does it.

use baraza::outcome::Termination;
use baraza::record::pgn::{parse_pgn, write_pgn};
use baraza::record::GameRecord;

fn doc(name: &str) -> String {
    let path = format!("{}/docs/{name}", env!("CARGO_MANIFEST_DIR"));
    // One paragraph reads as one line, whatever its wrapping.
    std::fs::read_to_string(path)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The doc `name` states `sentence` (white space compared loosely).
fn states(name: &str, sentence: &str) {
    let words = sentence.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        doc(name).contains(&words),
        "docs/{name} does not say: {sentence}"
    );
}

/// A game of one move, 6A from spec example E10 (it ends the game 0-1), with `tags` (each a
/// whole line) after the usual ones, then `between` and the movetext `6A {comment} 0-1`.
fn game(tags: &str, between: &str, comment: &str) -> String {
    format!(
        "[Event \"t\"]\n[Site \"?\"]\n[Date \"2026.12.06\"]\n[White \"a\"]\n[Black \"b\"]\n\
         [Result \"0-1\"]\n[Ruleset \"darra\"]\n[TimeControl \"-\"]\n[Termination \"normal\"]\n\
         [PlyCount \"1\"]\n[Position \"darra 0,0,0,0,0,2/3,0,0,0,2,1 1 20 20 1 7\"]\n\
         [Seed \"0\"]\n[GameIndex \"1\"]\n[Reason \"r\"]\n{tags}{between}1. 6A {{{comment}}} 0-1\n"
    )
}

fn read(text: &str) -> GameRecord {
    let mut games = parse_pgn(text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    assert_eq!(games.len(), 1);
    games.remove(0)
}

fn refused(text: &str) -> String {
    parse_pgn(text).expect_err(text).to_string()
}

/// The words in backquotes of the row of `table_row_start` in docs/log-format.md.
fn quoted_words(line: &str) -> Vec<String> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn the_termination_words_are_the_eight_of_the_tag_table() {
    let text =
        std::fs::read_to_string(format!("{}/docs/log-format.md", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
    let row = text
        .lines()
        .find(|l| l.starts_with("| `Termination` |"))
        .unwrap();
    let mut words = quoted_words(row);
    words.remove(0);
    let all: Vec<&str> = Termination::ALL.iter().map(|t| t.as_str()).collect();
    assert_eq!(words, all);
    states(
        "log-format.md",
        "a `Termination` that is not one of the eight words of the tag table",
    );
    let listed = doc("json.md");
    let listed = listed.split("(the eight words:").nth(1).unwrap();
    let listed = quoted_words(&listed[..listed.find(')').unwrap()]);
    assert_eq!(listed.len(), 8);
    assert!(
        all.iter().all(|t| listed.iter().any(|l| l == t)),
        "{listed:?}"
    );
    for t in all {
        let text = game("", "\n", "1ms").replace("\"normal\"", &format!("\"{t}\""));
        assert_eq!(read(&text).termination.as_str(), t);
    }
    let e = refused(&game("", "\n", "1ms").replace("\"normal\"", "\"forfeit\""));
    assert!(e.contains("Termination 'forfeit' is not one of"), "{e}");
}

#[test]
fn a_comments_words_are_split_at_white_space_or_commas() {
    states(
        "log-format.md",
        "A comment's words are separated by white space or commas (`{12ms, depth 5}` is the \
         words `12ms`, `depth`, `5`).",
    );
    let r = read(&game("", "\n", "12ms, depth 5"));
    assert_eq!(
        (r.times_us.clone(), r.move_infos.clone()),
        (vec![12_000], vec![])
    );
    let r = read(&game("", "\n", "12ms,+0.25/3"));
    assert_eq!(r.move_infos, vec![Some("depth 3 score cp 25".to_string())]);
    let r = read(&game("", "\n", "12ms\t-1.50 whatever else"));
    assert_eq!(r.move_infos, vec![Some("score cp -150".to_string())]);
}

#[test]
fn a_think_time_is_a_plain_number_kept_to_a_tenth_of_a_millisecond() {
    states(
        "log-format.md",
        "with no sign and no leading zero (`{0.5ms}`, not `{00.5ms}`; `{0012ms}` is refused)",
    );
    states(
        "log-format.md",
        "keeps it to the tenth of a millisecond, rounded down",
    );
    for (comment, us) in [
        ("12ms", 12_000),
        ("12.3ms", 12_300),
        ("7.25ms", 7_200),
        ("0.5ms", 500),
        ("0.012s", 12_000),
        ("2s", 2_000_000),
        ("0ms", 0),
    ] {
        assert_eq!(
            read(&game("", "\n", comment)).times_us,
            vec![us],
            "{comment}"
        );
    }
    for bad in [
        "0012ms", "00.5ms", "+12ms", "-1ms", "7.2555ms", "12.ms", "fast", "12",
    ] {
        let e = refused(&game("", "\n", bad));
        assert!(e.contains("must start with its think time"), "{bad}: {e}");
    }
}

#[test]
fn white_space_in_tags_and_the_blank_line_after_them_are_free() {
    states(
        "log-format.md",
        "White space between the name and the quoted value may be any number of spaces or tabs, \
         and white space after `[`, before `]` and around the line is ignored",
    );
    states(
        "log-format.md",
        "Blank lines between the tags, and the blank line after them, are optional",
    );
    let plain = read(&game("[Round \"3\"]\n", "\n", "1ms"));
    assert_eq!(plain.round, "3");
    for spaced in [
        "[Round   \"3\"]\n",
        "[Round\t\"3\"]\n",
        "[ Round \"3\" ]\n",
        "  [Round \"3\"]  \n",
    ] {
        assert_eq!(read(&game(spaced, "\n", "1ms")), plain, "{spaced:?}");
    }
    // No blank line after the tags, and blank lines between them.
    assert_eq!(read(&game("[Round \"3\"]\n", "", "1ms")), plain);
    let text = game("\n[Round \"3\"]\n\n", "", "1ms");
    assert_eq!(read(&text), plain);
    let e = refused(&game("[Round\"3\"]\n", "\n", "1ms"));
    assert!(e.contains("must be [Name \"value\"]"), "{e}");
}

#[test]
fn number_tags_have_no_leading_zero() {
    states("log-format.md", "`[Seed \"007\"]` is refused");
    let e = refused(&game("", "\n", "1ms").replace("[Seed \"0\"]", "[Seed \"007\"]"));
    assert!(
        e.contains("Seed '007' is not a non-negative decimal integer"),
        "{e}"
    );
    let r = read(&game("", "\n", "1ms").replace("[Seed \"0\"]", "[Seed \"70\"]"));
    assert_eq!(r.seed, 70);
}

#[test]
fn a_zero_score_has_no_sign() {
    states(
        "log-format.md",
        "A score of zero is written `0.00`, without a sign; a reader takes `-0.00` and `+0.00` \
         as `0.00`",
    );
    states(
        "log-format.md",
        "The score is the mover's, as its bot gave it",
    );
    for zero in ["-0.00/3", "+0.00/3", "0.00/3"] {
        let r = read(&game("", "\n", &format!("5ms {zero}")));
        assert_eq!(r.move_infos, vec![Some("depth 3 score cp 0".to_string())]);
        let mut out = Vec::new();
        write_pgn(&mut out, &r).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("6A {5ms 0.00/3}\n0-1"), "{zero}: {out}");
    }
}

#[test]
fn the_json_lines_fields_are_all_named() {
    use baraza::tournament::log::games_jsonl::GameLine;
    let record = GameRecord {
        moves: vec!["6A".into()],
        times_ms: vec![1],
        times_us: vec![1000],
        move_infos: vec![Some("score cp 1".into())],
        white_id_name: Some("a".into()),
        white_id_author: Some("a".into()),
        black_id_name: Some("b".into()),
        black_id_author: Some("b".into()),
        ..Default::default()
    };
    let line = GameLine {
        game_id: "r1-p1-a".into(),
        pair: 1,
        opening: Some(0),
        versions: [("a".to_string(), 2)].into(),
        record,
    };
    let value = serde_json::to_value(&line).unwrap();
    let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 27, "{keys:?}");
    let format = doc("log-format.md");
    let section = &format[format.find("## JSON lines").unwrap()..];
    let section = &section[..section.find("### Adding a field").unwrap()];
    let json = doc("json.md");
    let game_line = &json[json.find("**Game line**").unwrap()..];
    let game_line = &game_line[..game_line.find("**SPRT line**").unwrap()];
    for key in keys {
        let named = format!("`{key}`");
        assert!(
            section.contains(&named),
            "log-format.md's JSON lines lack {named}"
        );
        assert!(
            game_line.contains(&named),
            "json.md's game line lacks {named}"
        );
    }
}
