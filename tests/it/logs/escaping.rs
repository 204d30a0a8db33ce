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
