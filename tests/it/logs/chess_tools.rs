//! The PGN log as chess tools read it (docs/log-format.md, "What chess tools see"): pgn-extract
//! and python-chess, given the games.pgn of a tournament of each ruleset, count exactly its
//! games, each with its players and result and no move (the movetext is on `%` lines, which
//! PGN readers skip). Before the movetext was escaped they counted 24 games of 12 in Darra,
//! 0 in Bao and 75 in Dara, and python-chess read Bao and Dara moves as pawn moves.
//!
//! Also: a log of the earlier form (movetext on bare lines) still replays and verifies.

use crate::support::{baraza, baraza_ok, bot, need, pgn_extract, temp_dir, tournament, Tool};
use std::collections::BTreeMap;
use std::path::Path;

/// A game as a tool reports it: its `GameIndex`, then White, Black and Result.
type Games = BTreeMap<u64, (String, String, String)>;

/// Play a small tournament of `ruleset` into `out`: two built-in bots, a bot whose moves carry
/// evals (`{0.1ms +0.25/1}` comments), and one that dies at start (games of no move). One
/// random opening ply: every game starts from a `Position`, player 2 to move (`1... 3B`).
fn play(ruleset: &str, out: &Path) {
    let info = format!("i={}", bot("info_bot.sh"));
    let dies = format!("d={}", bot("mistake_dies_at_start.sh"));
    tournament(
        ruleset,
        &["r=builtin:random", "g=builtin:greedy", &info, &dies],
    )
    .args(["--random-opening-plies", "1"])
    .max_plies(150)
    .movetime(50)
    .quiet()
    .out(out)
    .played();
}

/// The games of a run as baraza recorded them: its games.jsonl's game lines.
fn recorded(out: &Path) -> Games {
    let text = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    let mut games = Games::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v.get("baraza").is_some() {
            continue;
        }
        let s = |k: &str| v[k].as_str().unwrap().to_string();
        let old = games.insert(
            v["game"].as_u64().unwrap(),
            (s("white"), s("black"), s("result")),
        );
        assert!(old.is_none(), "game {} twice in games.jsonl", v["game"]);
    }
    games
}

/// Add a game a tool reported, failing on a game number met twice (a phantom game).
fn add(games: &mut Games, tags: &BTreeMap<String, String>, tool: &str) {
    let tag = |k: &str| {
        tags.get(k)
            .unwrap_or_else(|| panic!("{tool}: a game without {k}: {tags:?}"))
            .clone()
    };
    let index: u64 = tag("GameIndex").parse().unwrap();
    let old = games.insert(index, (tag("White"), tag("Black"), tag("Result")));
    assert!(old.is_none(), "{tool}: game {index} twice");
}

/// What `pgn-extract -s` writes back from `pgn`: the games with their tags, each checked to
/// have a movetext of its result alone, and nothing on stderr.
fn pgn_extract_games(pgn: &Path) -> Games {
    let out = std::process::Command::new(pgn_extract().unwrap())
        .arg("-s")
        .arg(pgn)
        .output()
        .unwrap();
    assert!(out.status.success(), "pgn-extract failed: {out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "pgn-extract's stderr"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut games = Games::new();
    let mut tags = BTreeMap::new();
    let mut movetext = String::new();
    let mut finish = |tags: &mut BTreeMap<String, String>, movetext: &mut String| {
        assert_eq!(
            movetext.trim(),
            tags["Result"],
            "pgn-extract: the movetext of game {} is more than its result",
            tags["GameIndex"]
        );
        add(&mut games, tags, "pgn-extract");
        tags.clear();
        movetext.clear();
    };
    for line in text.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            if !movetext.trim().is_empty() {
                finish(&mut tags, &mut movetext);
            }
            let (name, value) = tag.split_once(" \"").unwrap();
            tags.insert(name.to_string(), value.trim_end_matches("\"]").to_string());
        } else {
            movetext.push_str(line);
            movetext.push(' ');
        }
    }
    if !tags.is_empty() {
        finish(&mut tags, &mut movetext);
    }
    games
}

/// Each game python-chess's `chess.pgn.read_game` reads from a PGN file: its headers, its
/// number of moves and of errors.
const READ_GAMES: &str = r#"
import sys, chess.pgn
with open(sys.argv[1]) as f:
    while (game := chess.pgn.read_game(f)) is not None:
        h = game.headers
        moves = len(list(game.mainline_moves()))
        print("\t".join([h.get("GameIndex", "?"), h["White"], h["Black"], h["Result"],
                         str(moves), str(len(game.errors))]))
"#;

/// What python-chess reads from `pgn`: the games with their headers, each checked to have no
/// move and no error.
fn python_chess_games(pgn: &Path) -> Games {
    let out = std::process::Command::new("python3")
        .args(["-c", READ_GAMES])
        .arg(pgn)
        .output()
        .unwrap();
    assert!(out.status.success(), "python-chess failed: {out:?}");
    // python-chess logs each error it meets on stderr.
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "python-chess's stderr"
    );
    let mut games = Games::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            &f[4..],
            ["0", "0"],
            "python-chess: moves and errors of {line}"
        );
        let tags = ["GameIndex", "White", "Black", "Result"]
            .iter()
            .zip(&f)
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        add(&mut games, &tags, "python-chess");
    }
    games
}

/// For each ruleset: the tool counts the games of a tournament's games.pgn exactly, with
/// baraza's players and results, and no move.
fn each_ruleset_reads_right(tool: &str, read: fn(&Path) -> Games) {
    let dir = temp_dir(&format!("chess-tools-{tool}"));
    for ruleset in ["darra", "bao", "dara"] {
        let out = dir.0.join(ruleset);
        play(ruleset, &out);
        let want = recorded(&out);
        assert_eq!(want.len(), 12, "{ruleset}: 4 bots, one round");
        let pgn = out.join("games.pgn");
        assert_eq!(read(&pgn), want, "{tool} on {ruleset}'s games.pgn");
        // The escape is what it skips: the file has moves, on `%` lines.
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert!(text.lines().any(|l| l.starts_with("% 1... ")), "{text}");
    }
}

#[test]
#[cfg_attr(not(tool_pgn_extract), ignore = "needs pgn-extract")]
fn pgn_extract_counts_every_game_of_each_ruleset_with_its_result() {
    need(Tool::PgnExtract);
    each_ruleset_reads_right("pgn-extract", pgn_extract_games);
}

#[test]
#[cfg_attr(
    not(tool_python_chess),
    ignore = "needs python-chess (python3 -m pip install chess)"
)]
fn python_chess_counts_every_game_of_each_ruleset_with_its_result() {
    need(Tool::PythonChess);
    each_ruleset_reads_right("python-chess", python_chess_games);
}

/// A Darra game in the form of logs written before the escape: movetext on bare lines, a
/// comment across two of them, the result after the last move.
const OLD_FORM: &str = "[Event \"old\"]
[Site \"?\"]
[Date \"2026.12.01\"]
[Round \"1\"]
[White \"a\"]
[Black \"b\"]
[Result \"1/2-1/2\"]
[Ruleset \"darra\"]
[TimeControl \"-\"]
[Termination \"adjudication\"]
[PlyCount \"4\"]
[Seed \"0\"]
[GameIndex \"1\"]
[Reason \"ply limit\"]

1. 6A {12ms} 1B {34ms
+0.25/3} 2. 1A {0.1ms}
2B {5ms} 1/2-1/2
";

#[test]
fn a_log_of_the_earlier_form_still_replays_and_verifies() {
    let dir = temp_dir("chess-tools-old-form");
    let old = dir.0.join("old.pgn");
    std::fs::write(&old, OLD_FORM).unwrap();
    let old = old.to_str().unwrap();
    baraza()
        .args(["replay", old, "--verify"])
        .assert()
        .success();
    // Written again, it has the escaped form, which reads back as the same game.
    let new_form = baraza_ok(["replay", old, "--export", "pgn"]);
    assert!(
        new_form
            .ends_with("\n\n% 1. 6A {12ms} 1B {34ms +0.25/3} 2. 1A {0.1ms} 2B {5ms}\n1/2-1/2\n\n"),
        "{new_form}"
    );
    let new = dir.0.join("new.pgn");
    std::fs::write(&new, &new_form).unwrap();
    let new = new.to_str().unwrap();
    baraza()
        .args(["replay", new, "--verify"])
        .assert()
        .success();
    assert_eq!(
        baraza_ok(["replay", new, "--json"]),
        baraza_ok(["replay", old, "--json"])
    );
    assert_eq!(
        baraza_ok(["replay", new, "--game", "1"]),
        baraza_ok(["replay", old, "--game", "1"])
    );
}
