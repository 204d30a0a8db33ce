//! `baraza repair`: a games.jsonl damaged in its middle, as a full disk left one before every
//! append was made whole or nothing (the first bytes of a game, then the next game's whole
//! line on the same line), made readable again with nothing dropped silently.

use crate::support::*;
use std::path::Path;

/// Two random bots, 4 games (2 rounds), one at a time: the log's lines in game order.
fn four_games(out: &Path) -> Vec<String> {
    tournament("darra", &["a=builtin:random", "b=builtin:random"])
        .rounds(2)
        .out(out)
        .quiet()
        .command()
        .assert()
        .success();
    let text = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 5, "a header and 4 games");
    lines
}

fn game_id(line: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    v["game_id"].as_str().unwrap().to_string()
}

#[test]
fn a_line_holding_a_cut_game_and_a_whole_one_is_repaired_and_the_cut_game_played_again() {
    let dir = temp_dir("repair");
    let out = dir.join("run");
    let lines = four_games(&out);
    let (header, g1, g2, g3, g4) = (&lines[0], &lines[1], &lines[2], &lines[3], &lines[4]);
    // What the full disk did: 300 bytes of game 2, then game 3's line; and a line of bytes
    // that are no text at all (not UTF-8), which no reader can even split into fields.
    let cut = &g2.as_bytes()[..300];
    let mut damaged = Vec::new();
    for part in [
        header.as_bytes(),
        b"\n",
        g1.as_bytes(),
        b"\n",
        cut,
        g3.as_bytes(),
        b"\n",
    ] {
        damaged.extend_from_slice(part);
    }
    damaged.extend_from_slice(b"\xff\xfe\x00garbage\n");
    damaged.extend_from_slice(g4.as_bytes());
    damaged.push(b'\n');
    std::fs::write(out.join("games.jsonl"), &damaged).unwrap();

    // Every reader stops at line 3, and says how to go on.
    let refusal = refused(&["results", out.to_str().unwrap()], 1);
    assert!(refusal.contains("line 3"), "{refusal}");
    assert!(refusal.contains("baraza repair"), "{refusal}");

    let said = baraza_ok(["repair", out.to_str().unwrap()]);
    let id3 = game_id(g3);
    assert!(
        said.contains(&format!(
            "line 3: set aside 300 bytes: the start of a line cut short; kept the whole line \
             after it (game {id3})"
        )),
        "{said}"
    );
    assert!(
        said.contains("line 4: set aside 10 bytes: no line of the log"),
        "{said}"
    );
    assert!(said.contains("2 damaged lines set aside"), "{said}");

    // The log: every whole line, in its order; the pieces, each on a line of its own.
    let repaired = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(repaired, format!("{header}\n{g1}\n{g3}\n{g4}\n"));
    let mut aside = cut.to_vec();
    aside.extend_from_slice(b"\n\xff\xfe\x00garbage\n");
    assert_eq!(
        std::fs::read(out.join("games.jsonl.damaged")).unwrap(),
        aside
    );
    assert!(!out.join("games.jsonl.repair").exists());

    assert!(said.contains("games.pgn: rewritten from the log"), "{said}");

    // The log reads, and the audit names the one game it lacks (games.pgn agrees with it);
    // the resume plays the game that was cut, and only it.
    let id2 = game_id(g2);
    let verify = baraza()
        .args(["results", out.to_str().unwrap(), "--verify"])
        .output()
        .unwrap();
    assert_eq!(verify.status.code(), Some(1));
    let audit = text(&verify.stderr);
    assert!(audit.contains("1 problem in 3 games"), "{audit}");
    let problems = text(&verify.stdout);
    assert_eq!(
        problems.trim(),
        format!("{id2}: no line: dropped, or not played yet"),
        "{problems}"
    );
    tournament("darra", &["a=builtin:random", "b=builtin:random"])
        .rounds(2)
        .out(&out)
        .arg("--resume")
        .quiet()
        .command()
        .assert()
        .success();
    let after = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    let ids: Vec<String> = after.lines().skip(1).map(game_id).collect();
    assert_eq!(ids, [game_id(g1), id3, game_id(g4), id2.clone()]);
    // Seeded per game: the game played again is the game that was cut, move for move.
    let moves =
        |line: &str| serde_json::from_str::<serde_json::Value>(line).unwrap()["moves"].clone();
    assert_eq!(moves(after.lines().nth(4).unwrap()), moves(g2));
    let verified = baraza_ok(["results", out.to_str().unwrap(), "--verify"]);
    assert!(
        verified.contains("verified 4 games: no problem"),
        "{verified}"
    );

    // Nothing left to repair: the log is left as it is.
    let again = baraza_ok(["repair", out.to_str().unwrap()]);
    assert!(again.contains("nothing changed"), "{again}");
    assert_eq!(
        std::fs::read_to_string(out.join("games.jsonl")).unwrap(),
        after
    );
}

#[test]
fn a_file_that_is_no_log_is_refused_and_left_as_it_is() {
    let dir = temp_dir("repair-foreign");
    let path = dir.join("games.jsonl");
    std::fs::write(&path, "{\"not\":\"a header\"}\n{\"x\":1}\n").unwrap();
    let said = refused(&["repair", dir.to_str().unwrap()], 1);
    assert!(said.contains("not a baraza tournament header"), "{said}");
    assert!(said.contains("nothing was changed"), "{said}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"not\":\"a header\"}\n{\"x\":1}\n"
    );
    assert!(!dir.join("games.jsonl.damaged").exists());
}
