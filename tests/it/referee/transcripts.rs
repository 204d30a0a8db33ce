//! `--transcript DIR` with real bot processes: every line both ways, in order, timed from the
//! game's start, capped; for `match`, for `tournament`, and per bot in an event file. Also
//! `--event` and `--site` in the PGN tags.

use crate::support::*;
use std::path::Path;
use std::process::Command;

/// A transcript's lines after its header: (seconds, direction, text).
fn read_transcript(path: &Path) -> (String, Vec<(f64, char, String)>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut lines = text.lines();
    let head = lines.next().unwrap().to_string();
    let body = lines
        .map(|l| {
            let (t, rest) = l.split_once(' ').unwrap();
            let (dir, text) = rest.split_once(' ').unwrap();
            assert_eq!(dir.len(), 1, "{l}");
            (
                t.parse().unwrap(),
                dir.chars().next().unwrap(),
                text.to_string(),
            )
        })
        .collect();
    (head, body)
}

#[test]
fn a_match_transcript_holds_every_line_in_order_with_increasing_times() {
    let dir = temp_dir("transcript-match");
    let t = dir.join("t");
    Match::new("darra", INFO_BOT, FIRST_BOT)
        .games(2)
        .max_plies(4)
        .arg("--no-reuse")
        .movetime(5000)
        .transcript(&t)
        .played();
    assert_eq!(
        file_names(&t),
        [
            "g1-p1-info_bot.transcript",
            "g1-p2-first_bot.transcript",
            "g2-p1-first_bot.transcript",
            "g2-p2-info_bot.transcript"
        ]
    );
    let (head, lines) = read_transcript(&t.join("g1-p1-info_bot.transcript"));
    assert!(
        head.starts_with("# baraza transcript: game 1, player 1, info_bot;"),
        "{head}"
    );
    // Player 1 moves at plies 0 and 2 of the 4; each turn: 4 lines out, 2 infos and a move in.
    let turn = [
        ('>', "position"),
        ('>', "last"),
        ('>', "legal"),
        ('>', "go"),
        ('<', "info"),
        ('<', "info"),
        ('<', "move"),
    ];
    let mut want = vec![
        ('>', "baraza"),
        ('<', "id"),
        ('<', "id"),
        ('<', "ready"),
        ('>', "newgame"),
    ];
    want.extend(turn);
    want.extend(turn);
    want.extend([('>', "gameover"), ('>', "quit")]);
    let got: Vec<(char, &str)> = lines
        .iter()
        .map(|(_, d, text)| (*d, text.split(' ').next().unwrap()))
        .collect();
    assert_eq!(got, want);
    assert_eq!(lines[0].2, "baraza 1 darra");
    assert_eq!(lines[2].2, "id author A. \"Q\" \\\\ W\\x1b[31m", "escaped");
    assert_eq!(
        lines[5].2,
        "position darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0"
    );
    assert_eq!(lines[6].2, "last -");
    assert_eq!(lines[19].2, "gameover 1/2-1/2 adjudication");
    for w in lines.windows(2) {
        assert!(w[0].0 <= w[1].0, "times never go back: {w:?}");
    }
    assert!(lines[0].0 < lines[20].0, "the game took time");
    assert!(lines[20].0 < 10.0);

    // The other side of the same game: it sees player 1's move as `last`.
    let (_, other) = read_transcript(&t.join("g1-p2-first_bot.transcript"));
    let first_move = lines[11].2.strip_prefix("move ").unwrap();
    let last = other.iter().find(|l| l.2.starts_with("last ")).unwrap();
    assert_eq!(last.2, format!("last {first_move}"));
    assert_eq!(other.last().unwrap().2, "quit");
}

#[test]
fn a_transcript_is_capped_at_one_mib_and_says_so() {
    let dir = temp_dir("transcript-cap");
    let t = dir.join("t");
    Match::new("darra", INFO_FLOOD_BOT, FIRST_BOT)
        .max_plies(2)
        .movetime(20000)
        .transcript(&t)
        .played();
    let path = t.join("g1-p1-info_flood.transcript");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.len() as u64 <= 1 << 20, "{}", text.len());
    assert!(text.len() as u64 > (1 << 20) - 1000, "filled up to the cap");
    assert!(
        text.ends_with("[baraza: transcript truncated at 1048576 bytes]\n"),
        "{}",
        &text[text.len() - 200..]
    );
    // The other bot's transcript is whole.
    let (_, other) = read_transcript(&t.join("g1-p2-first_bot.transcript"));
    assert!(other.last().unwrap().2.starts_with("gameover "));
}

#[test]
fn a_tournament_keeps_transcripts_of_the_bots_its_event_file_names() {
    let dir = temp_dir("transcript-event");
    let out = dir.join("run");
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        format!(
            "ruleset = \"darra\"\nmax-plies = 4\nevent = \"Spring Cup\"\nsite = \"Arusha\"\n\
             [[bot]]\nname = \"info\"\ncmd = \"{}\"\ntranscript = true\n\
             [[bot]]\nname = \"first\"\ncmd = \"{}\"\n",
            INFO_BOT, FIRST_BOT
        ),
    )
    .unwrap();
    let status = event_tournament(&event)
        .quiet()
        .out(&out)
        .process()
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    assert_eq!(
        file_names(&out.join("transcripts")),
        ["g1-p1-info.transcript", "g2-p2-info.transcript"],
        "only the bot that asked"
    );
    let (_, lines) = read_transcript(&out.join("transcripts/g2-p2-info.transcript"));
    assert!(lines
        .iter()
        .any(|l| l.2 == "newgame 2 darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0"));
    let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
    assert_eq!(
        pgn.matches("[Event \"Spring Cup\"]\n[Site \"Arusha\"]\n")
            .count(),
        2
    );

    // On the command line: every bot, into the given directory; --event/--site win over the
    // file's.
    let out2 = dir.join("run2");
    let t = dir.join("all");
    let status = event_tournament(&event)
        .quiet()
        .out(&out2)
        .arg("--transcript")
        .arg(&t)
        .args(["--event", "Final", "--site", "Moshi"])
        .process()
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    assert_eq!(std::fs::read_dir(&t).unwrap().count(), 4);
    let pgn = std::fs::read_to_string(out2.join("games.pgn")).unwrap();
    assert_eq!(
        pgn.matches("[Event \"Final\"]\n[Site \"Moshi\"]\n").count(),
        2
    );
}

#[test]
fn match_event_and_site_name_the_pgn_tags_and_the_json_fields() {
    let dir = temp_dir("event-site");
    let (pgn, jsonl) = (dir.join("g.pgn"), dir.join("g.jsonl"));
    let two_plies = Match::new("darra", FIRST_BOT, FIRST_BOT).max_plies(2);
    let run = two_plies
        .clone()
        .args(["--event", "Club \"night\"", "--site", "Zanzibar"])
        .pgn(&pgn)
        .jsonl(&jsonl)
        .played();
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        text.starts_with("[Event \"Club \\\"night\\\"\"]\n[Site \"Zanzibar\"]\n"),
        "{text}"
    );
    let rec = &run.all_records()[0];
    assert_eq!(rec["event"], "Club \"night\"");
    assert_eq!(rec["site"], "Zanzibar");
    // Without them: the defaults, as before.
    let pgn2 = dir.join("g2.pgn");
    two_plies.pgn(&pgn2).played();
    let text = std::fs::read_to_string(&pgn2).unwrap();
    assert!(text.starts_with("[Event \"baraza match\"]\n[Site \"?\"]\n"));
}

#[test]
fn help_names_the_new_options() {
    for cmd in ["match", "tournament"] {
        let out = Command::new(exe()).args([cmd, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        for opt in ["--transcript <DIR>", "--event <NAME>", "--site <NAME>"] {
            assert!(help.contains(opt), "{cmd} --help lacks {opt}");
        }
    }
}

#[test]
fn a_combined_transcript_holds_both_sides_in_time_order() {
    let dir = temp_dir("transcript-combined");
    let t = dir.join("t");
    Match::new("darra", INFO_BOT, FIRST_BOT)
        .games(1)
        .max_plies(4)
        .movetime(5000)
        .transcript(&t)
        .arg("--combined")
        .played();
    assert_eq!(file_names(&t), ["g1.transcript"]);
    let text = std::fs::read_to_string(t.join("g1.transcript")).unwrap();
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    assert!(
        head.starts_with("# baraza transcript: game 1, p1 info_bot, p2 first_bot;"),
        "{head}"
    );
    // (seconds, bot, direction, first word)
    let body: Vec<(f64, String, String, String)> = lines
        .map(|l| {
            let w: Vec<&str> = l.splitn(4, ' ').collect();
            let first = w[3].split(' ').next().unwrap().to_string();
            (w[0].parse().unwrap(), w[1].into(), w[2].into(), first)
        })
        .collect();
    // The two hellos run at the same time and are written bot after bot once both are done;
    // from the first `newgame` on, the lines are in time order.
    let from = body.iter().position(|l| l.3 == "newgame").unwrap();
    assert_eq!(
        body[..from]
            .iter()
            .map(|l| (l.1.as_str(), l.3.as_str()))
            .collect::<Vec<_>>(),
        [
            ("p1", "baraza"),
            ("p1", "id"),
            ("p1", "id"),
            ("p1", "ready"),
            ("p2", "baraza"),
            ("p2", "id"),
            ("p2", "ready")
        ]
    );
    let played = &body[from..];
    assert!(
        played.windows(2).all(|w| w[0].0 <= w[1].0),
        "time order: {text}"
    );
    let turns: Vec<(&str, &str)> = body
        .iter()
        .filter(|(_, _, d, w)| d == "<" && w == "move")
        .map(|(_, p, d, _)| (p.as_str(), d.as_str()))
        .collect();
    // Four plies, the sides alternating: p1's move, then p2's, ...
    assert_eq!(turns, [("p1", "<"), ("p2", "<"), ("p1", "<"), ("p2", "<")]);
    // Each move is answered to the other side as its next `last`.
    let lasts: Vec<&str> = body
        .iter()
        .filter(|(_, _, d, w)| d == ">" && w == "last")
        .map(|(_, p, _, _)| p.as_str())
        .collect();
    assert_eq!(lasts, ["p1", "p2", "p1", "p2"]);
    assert!(body.iter().any(|(_, p, _, w)| p == "p1" && w == "gameover"));
    assert!(body.iter().any(|(_, p, _, w)| p == "p2" && w == "gameover"));
    let err = Match::new("darra", "builtin:random", "builtin:random")
        .arg("--combined")
        .refused(2);
    assert!(err.contains("--transcript"), "{err}");
}
