//! `match` and `tournament` write through the same sinks: the same two games (the same
//! deterministic bot on both sides, the same start, sides swapped in the second game) played
//! by both commands give the same PGN games and JSONL game lines, byte for byte, apart from
//! what is documented to differ between the commands:
//!
//! - `Event` / `event`: `baraza match` or `baraza tournament`;
//! - `Round` / `round`: a match numbers its games as rounds (1, 2); a tournament's game pair
//!   shares its round (1, 1);
//! - `Seed` / `seed`: a match records its `--seed`; a tournament each game's derived seed;
//! - the tournament's own fields in front of each JSONL line: `game_id`, `pair` (and
//!   `opening` with an openings file, not here);
//!
//! and what no two runs share: each move's think time (`{0ms}` in the PGN, `times_ms`, which
//! also moves the PGN's line breaks) and the date (a run across midnight).

use crate::support::{baraza, baraza_ok, need, temp_dir, tournament, Match, Tool, FIRST_BOT};

/// `text` with the value after each `start` (up to the next `end`) replaced by `_`.
fn blank(text: &str, start: &str, end: char) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(start) {
        out.push_str(&rest[..i + start.len()]);
        rest = &rest[i + start.len()..];
        let j = rest.find(end).expect("a closed value");
        out.push('_');
        rest = &rest[j..];
    }
    out.push_str(rest);
    out
}

/// A PGN game with the differing tags blanked, the time comments blanked and the movetext's
/// line breaks made spaces (with the `%` that starts each line: where lines break depends on
/// the times).
fn pgn_normal(game: &str) -> String {
    let (tags, moves) = game.split_once("\n\n").expect("tags, then movetext");
    let mut tags = tags.to_string();
    for tag in ["[Event \"", "[Round \"", "[Seed \"", "[Date \""] {
        tags = blank(&tags, tag, '"');
    }
    let moves: String = moves
        .lines()
        .map(|l| l.strip_prefix('%').unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    let moves = blank(&moves, "{", '}');
    format!(
        "{tags}\n\n{}",
        moves.split_whitespace().collect::<Vec<_>>().join(" ")
    )
}

fn jsonl_normal(line: &str) -> String {
    let mut line = line.to_string();
    for key in ["\"event\":\"", "\"round\":\"", "\"date\":\""] {
        line = blank(&line, key, '"');
    }
    line = blank(&line, "\"seed\":", ',');
    line = blank(&line, "\"times_ms\":[", ']');
    blank(&line, "\"times_us\":[", ']')
}

/// The games of a PGN log, each from its `[Event` line.
fn pgn_games(text: &str) -> Vec<String> {
    text.split("[Event ")
        .filter(|g| !g.trim().is_empty())
        .map(|g| format!("[Event {}", g.trim_end()))
        .collect()
}

#[test]
fn match_and_tournament_write_the_same_games() {
    let dir = temp_dir("same-sinks");
    let (m_pgn, m_jsonl, t_dir) = (dir.join("m.pgn"), dir.join("m.jsonl"), dir.join("t"));
    let m = Match::new("darra", FIRST_BOT, FIRST_BOT)
        .names("a", "b")
        .games(2)
        .seed(5)
        .pgn(&m_pgn)
        .jsonl(&m_jsonl)
        .played();
    let (a, b) = (format!("a={FIRST_BOT}"), format!("b={FIRST_BOT}"));
    tournament("darra", &[&a, &b])
        .rounds(1)
        .args(["--seed", "5"])
        .concurrency(1)
        .quiet()
        .out(&t_dir)
        .played();

    // PGN: two games each, the same once normalized; and the Event tags say which command.
    let mp = std::fs::read_to_string(&m_pgn).unwrap();
    let tp = std::fs::read_to_string(t_dir.join("games.pgn")).unwrap();
    let (mg, tg) = (pgn_games(&mp), pgn_games(&tp));
    assert_eq!((mg.len(), tg.len()), (2, 2));
    for (a, b) in mg.iter().zip(&tg) {
        assert!(a.starts_with("[Event \"baraza match\"]\n"), "{a}");
        assert!(b.starts_with("[Event \"baraza tournament\"]\n"), "{b}");
        assert_eq!(pgn_normal(a), pgn_normal(b));
    }
    // Sides swapped in game 2 in both, and the match's seed recorded as given.
    assert!(
        mg[1].contains("[White \"b\"]\n[Black \"a\"]\n"),
        "{}",
        mg[1]
    );
    assert!(mg[1].contains("[Round \"2\"]") && tg[1].contains("[Round \"1\"]"));
    assert!(mg[0].contains("[Seed \"5\"]"), "{}", mg[0]);

    // JSONL: the match's lines are records after its header; the tournament's have its ids
    // in front, after its header line.
    let mj = std::fs::read_to_string(&m_jsonl).unwrap();
    let tj = std::fs::read_to_string(t_dir.join("games.jsonl")).unwrap();
    assert!(mj.starts_with(r#"{"baraza":"match","#), "{mj}");
    let ml: Vec<&str> = mj.lines().skip(1).collect();
    let tl: Vec<&str> = tj.lines().skip(1).collect();
    assert_eq!((ml.len(), tl.len()), (2, 2));
    for (k, (a, b)) in ml.iter().zip(&tl).enumerate() {
        let ids = format!("{{\"game_id\":\"r1-p1-{}\",\"pair\":1,", ["a", "b"][k]);
        let rest = b
            .strip_prefix(ids.as_str())
            .unwrap_or_else(|| panic!("{b}"));
        assert_eq!(jsonl_normal(a), jsonl_normal(&format!("{{{rest}")));
        assert!(a.contains("\"event\":\"baraza match\""), "{a}");
    }
    // The console line of each game on the match's stdout, from the same record.
    let out = &m.stdout_text;
    assert!(out.starts_with("game 1: a vs b: "), "{out}");
    assert!(out.contains("\ngame 2: b vs a: "), "{out}");
}

/// `match --concurrency 2` plays the very games of `--concurrency 1` (each built-in bot's
/// seed follows from the match seed, its bot and the game number, whatever runs beside it),
/// each logged as it ends.
#[test]
fn match_concurrency_plays_the_same_games() {
    let dir = temp_dir("match-concurrency");
    let games = |concurrency: &str| {
        let path = dir.join(format!("c{concurrency}.jsonl"));
        let run = Match::new("dara", "builtin:random", "builtin:greedy")
            .games(4)
            .seed(9)
            .args(["--concurrency", concurrency])
            .jsonl(&path)
            .played();
        let stdout = &run.stdout_text;
        assert_eq!(stdout.lines().filter(|l| l.starts_with("game ")).count(), 4);
        assert!(
            stdout.lines().last().unwrap().starts_with("final: random "),
            "{stdout}"
        );
        let mut lines = run.all_records();
        lines.sort_by_key(|v| v["game"].as_u64());
        lines
            .iter()
            .map(|v| (v["game"].clone(), v["white"].clone(), v["moves"].clone()))
            .collect::<Vec<_>>()
    };
    let help = baraza().args(["match", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("--concurrency <N>"), "{help}");
    let one = games("1");
    assert_eq!(one.len(), 4);
    assert_eq!(one[1].1, "greedy", "sides alternate");
    assert_eq!(games("2"), one);
}

/// A log that cannot be written stops the run through the one path of sink errors: no game
/// starts after it, the error names the file, the other logs keep the finished game.
#[test]
#[cfg_attr(not(tool_dev_full), ignore = "needs /dev/full")]
fn a_log_that_cannot_be_written_stops_the_match() {
    need(Tool::DevFull);
    let dir = temp_dir("sink-error");
    let jsonl = dir.join("m.jsonl");
    let out = Match::new("darra", "builtin:random", "builtin:random")
        .games(5)
        .pgn("/dev/full")
        .jsonl(&jsonl)
        .output();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("baraza: cannot write /dev/full (its disk is full: "),
        "{stderr}"
    );
    // The match's header and its first game.
    assert_eq!(std::fs::read_to_string(&jsonl).unwrap().lines().count(), 2);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !stdout.contains("game 2:") && !stdout.contains("final:"),
        "{stdout}"
    );
}

/// `match --openings FILE`: each game pair starts from the next line of the file (both games
/// of a pair from the same one, sides swapped), from the first line again after the last.
#[test]
fn match_openings_give_each_pair_its_line() {
    let dir = temp_dir("match-openings");
    let start = baraza_ok(["rules", "start", "darra"]).trim().to_string();
    let after = |mv: &str| baraza_ok(["rules", "apply", &start, mv]).trim().to_string();
    let (x, y) = (after("1A"), after("2A"));
    assert_ne!(x, y);
    let file = dir.join("openings.txt");
    std::fs::write(&file, format!("# two openings\n{x}\n{y}\n")).unwrap();
    let jsonl = dir.join("m.jsonl");
    let randoms = Match::new("darra", "builtin:random", "builtin:random");
    let run = randoms
        .clone()
        .games(5)
        .arg("--openings")
        .arg(&file)
        .jsonl(&jsonl)
        .played();
    let starts: Vec<String> = run
        .all_records()
        .iter()
        .map(|v| v["start"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(starts, [&x, &x, &y, &y, &x].map(String::clone));
    // --start and --openings exclude each other.
    let both = randoms.start(&start).arg("--openings").arg(&file).output();
    assert_eq!(both.status.code(), Some(2));
}
