//! Text a bot controls reaches people and programs escaped, whatever the target: its stderr
//! and info lines in the log files read with `tail -f` (match `--logs`, a tournament's
//! `stderr/` and `info/`), and names in CSV (formula prefixes) and Markdown (HTML).

use crate::support::*;

/// A bot that plays its first legal move and writes, at every turn, an info line and a stderr
/// line holding ESC sequences, a right-to-left override and a line separator.
fn noisy_bot(dir: &std::path::Path) -> String {
    let script = dir.join("noisy.sh");
    std::fs::write(
        &script,
        "set -f\n\
         while IFS= read -r line; do set -- $line; case $1 in\n\
         baraza) echo ready ;; legal) first=$2 ;;\n\
         go) printf 'info depth 1 pv \\033[2J\\342\\200\\256x\\n'; \
             printf 'err \\033]0;title\\007 \\342\\200\\250 end\\n' >&2; echo \"move $first\" ;;\n\
         quit) exit 0 ;; esac; done\n",
    )
    .unwrap();
    format!("sh {}", script.display())
}

/// Every file under `dir`, read as bytes.
fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files(&p));
        } else {
            out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
    out
}

/// The bot's text is in the logs, escaped: no ESC, BEL, U+202E or U+2028 byte in any file.
fn assert_escaped(logs: &[(String, Vec<u8>)]) {
    let all: Vec<u8> = logs.iter().flat_map(|(_, b)| b.clone()).collect();
    let text = String::from_utf8_lossy(&all);
    assert!(text.contains("pv \\x1b[2J\\u{202e}x"), "{text}");
    assert!(
        text.contains("err \\x1b]0;title\\x07 \\u{2028} end"),
        "{text}"
    );
    for (name, bytes) in logs {
        let t = String::from_utf8_lossy(bytes);
        assert!(
            !bytes.contains(&0x1b) && !bytes.contains(&0x07),
            "{name}: {t}"
        );
        assert!(
            !t.contains('\u{202e}') && !t.contains('\u{2028}'),
            "{name}: {t}"
        );
    }
}

#[test]
fn a_match_logs_what_a_bot_wrote_escaped() {
    let dir = temp_dir("escape-match-logs");
    let logs = dir.join("logs");
    let bot = noisy_bot(&dir);
    Match::new("darra", &bot, "builtin:random")
        .games(1)
        .logs(&logs)
        .played();
    let written = files(&logs);
    assert!(
        written.iter().any(|(n, _)| n.ends_with(".info")),
        "{written:?}"
    );
    assert!(
        written.iter().any(|(n, _)| n.ends_with(".stderr")),
        "{written:?}"
    );
    assert_escaped(&written);
}

#[test]
fn a_tournament_logs_what_a_bot_wrote_escaped() {
    let dir = temp_dir("escape-tournament-logs");
    let bot = noisy_bot(&dir);
    let out = dir.join("t");
    tournament("darra", &[&format!("noisy={bot}"), "r=builtin:random"])
        .out(&out)
        .quiet()
        .command()
        .assert()
        .success();
    let mut written = files(&out.join("stderr"));
    written.extend(files(&out.join("info")));
    assert!(written.len() >= 2, "{written:?}");
    assert_escaped(&written);
}

/// A hand-written two-bot log whose bots are named by `names`.
fn log_of(names: [&str; 2]) -> String {
    let bots: Vec<String> = names
        .iter()
        .map(|n| {
            format!(
                r#"{{"name":{},"command":"builtin:random","limits":{{"startup_timeout_ms":10000,"movetime_ms":100,"tc":null,"margin_ms":50}}}}"#,
                serde_json::to_string(n).unwrap()
            )
        })
        .collect();
    let header = format!(
        r#"{{"baraza":"tournament","schema":1,"version":"0.1.0","config_hash":"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff","scheduled_games":2,"event":{{"ruleset":"darra","format":"round-robin","rounds":1,"seed":1,"bots":[{}],"openings":{{"kind":"standard"}},"max_plies":null}},"sprt":null}}"#,
        bots.join(",")
    );
    let game = |id: &str, n: u64, w: &str, b: &str, r: &str| {
        format!(
            r#"{{"game_id":"{id}","pair":1,"game":{n},"ruleset":"darra","white":{},"black":{},"result":"{r}","termination":"normal","reason":"-","plies":2,"moves":["6A","1B"],"times_ms":[5,7],"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","seed":{n},"time_control":"movetime=100ms","event":"t","site":"-","date":"2026.11.29","round":"1"}}"#,
            serde_json::to_string(w).unwrap(),
            serde_json::to_string(b).unwrap()
        )
    };
    [
        header,
        game("r1-p1-a", 1, names[0], names[1], "1-0"),
        game("r1-p1-b", 2, names[1], names[0], "1/2-1/2"),
    ]
    .join("\n")
        + "\n"
}

#[test]
fn names_are_defused_in_csv_and_markdown_and_escaped_on_the_terminal() {
    let dir = temp_dir("escape-results");
    let names = [
        "+HYPERLINK(\"http://x\",\"y\")",
        "<img src=x onerror=alert(1)>\u{202e}",
    ];
    std::fs::write(dir.join("games.jsonl"), log_of(names)).unwrap();
    let run = |format: &str| baraza_ok(["results", dir.to_str().unwrap(), "--format", format]);
    // CSV: the formula is text (a leading '), quoted for its commas and quotes (RFC 4180).
    let csv = run("csv");
    assert!(
        csv.contains(r#","'+HYPERLINK(""http://x"",""y"")","#),
        "{csv}"
    );
    // Markdown: the tag is shown, not rendered.
    let md = run("markdown");
    assert!(md.contains("&lt;img src=x onerror=alert(1)&gt;"), "{md}");
    assert!(!md.contains("<img"), "{md}");
    // The text table on a terminal: the override is a visible escape.
    let text = run("text");
    assert!(text.contains("\\u{202e}"), "{text}");
    assert!(!text.contains('\u{202e}'), "{text}");
}

#[test]
fn names_ids_and_info_that_turn_a_line_around_reach_no_published_file_raw() {
    // A bot named with a right-to-left override, whose `id name` holds a line separator and
    // whose info lines both: every page, table and log the host publishes shows them as
    // `\u{202e}` and `\u{2028}`, never the characters themselves.
    let dir = temp_dir("escape-bidi-published");
    let script = dir.join("bidi.sh");
    std::fs::write(
        &script,
        "set -f\n\
         while IFS= read -r line; do set -- $line; case $1 in\n\
         baraza) printf 'id name two\\342\\200\\250lines\\n'; echo ready ;; legal) first=$2 ;;\n\
         go) printf 'info depth 1 score cp 5 pv \\342\\200\\256x\\342\\200\\250\\n'; echo \"move $first\" ;;\n\
         quit) exit 0 ;; esac; done\n",
    )
    .unwrap();
    let out = dir.join("t");
    let evil = format!("evil\u{202e}gpj=sh {}", script.display());
    tournament("darra", &[&evil, "r=builtin:random"])
        .out(&out)
        .quiet()
        .command()
        .assert()
        .success();
    let t = out.to_str().unwrap();
    let report = dir.join("report.html");
    baraza_ok([
        "results",
        t,
        "--format",
        "html",
        "-o",
        report.to_str().unwrap(),
    ]);
    let page = dir.join("view.html");
    baraza_ok(["view", t, "-o", page.to_str().unwrap()]);
    let mut published = vec![
        (
            "games.pgn".to_string(),
            std::fs::read(out.join("games.pgn")).unwrap(),
        ),
        ("report.html".to_string(), std::fs::read(&report).unwrap()),
        ("view.html".to_string(), std::fs::read(&page).unwrap()),
    ];
    for format in ["markdown", "csv", "text"] {
        let text = baraza_ok(["results", t, "--format", format]);
        published.push((format.to_string(), text.into_bytes()));
    }
    for (name, bytes) in &published {
        let text = String::from_utf8_lossy(bytes);
        for c in ['\u{202e}', '\u{2028}'] {
            assert!(!text.contains(c), "{name} holds U+{:04X} raw", c as u32);
        }
    }
    // Shown, visibly: the name in every table, the id in the PGN's tags.
    for (name, bytes) in &published {
        let text = String::from_utf8_lossy(bytes);
        assert!(
            text.contains("evil\\u{202e}gpj") || name == "view.html",
            "{name}: {text}"
        );
    }
    let pgn = String::from_utf8_lossy(&published[0].1);
    assert!(pgn.contains("IdName \"two\\u{2028}lines\"]"), "{pgn}");
    // The viewer's data holds them as JSON escapes, which its script shows visibly.
    let view = String::from_utf8_lossy(&published[2].1);
    assert!(view.contains("evil\\u202egpj"), "the viewer's data");
    // The PGN reads back to the same names (the escape is PGN's own).
    let verified = baraza_ok([
        "replay",
        out.join("games.pgn").to_str().unwrap(),
        "--verify",
    ]);
    assert!(verified.contains("OK"), "{verified}");
}
