//! `baraza results` reads its log line by line; it must say exactly what the in-memory reading
//! says (`match_log::read_any_log` then `results::standings`, the library's whole-log path):
//! the same table in every format, the same refusals in the same words, for games.jsonl files
//! with every oddity the reader tolerates, for `match --jsonl` files, and for a log given
//! through a pipe.

use crate::support::{baraza, temp_dir};
use baraza::tournament::{log::match_log, table::results};
use proptest::prelude::*;
use std::path::Path;

const LIMITS: &str = r#"{"startup_timeout_ms":10000,"movetime_ms":100,"tc":null,"margin_ms":50}"#;

fn header(bots: &[&str], rounds: u32, sprt: &str) -> String {
    let bots: Vec<String> = bots
        .iter()
        .map(|b| format!(r#"{{"name":"{b}","command":"builtin:{b}","limits":{LIMITS}}}"#))
        .collect();
    format!(
        r#"{{"baraza":"tournament","schema":2,"version":"0.1.0","config_hash":"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff","scheduled_games":8,"event":{{"ruleset":"darra","format":"round-robin","rounds":{rounds},"seed":1,"bots":[{}],"openings":{{"kind":"standard"}},"max_plies":null}},"sprt":{sprt}}}"#,
        bots.join(",")
    )
}

/// A game record as `match --jsonl` writes it; with `tour = Some((id, pair))` a games.jsonl
/// line.
fn record(
    tour: Option<(&str, u64)>,
    n: u64,
    white: &str,
    black: &str,
    result: &str,
    term: &str,
) -> String {
    let ids = tour.map_or(String::new(), |(id, pair)| {
        format!(r#""game_id":"{id}","pair":{pair},"#)
    });
    format!(
        r#"{{{ids}"game":{n},"ruleset":"darra","white":"{white}","black":"{black}","result":"{result}","termination":"{term}","reason":"-","plies":2,"moves":["6A","1B"],"times_ms":[5,7],"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","seed":{n},"time_control":"movetime=100ms","event":"t","site":"-","date":"2026.11.29","round":"1"}}"#
    )
}

/// What the in-memory path says of `path`: its stdout for `format` or its one stderr line.
fn in_memory(path: &Path, format: &str) -> Result<String, String> {
    let log = match_log::read_any_log(path)
        .map_err(|e| format!("baraza: {:#}\n", anyhow::Error::from(e)))?;
    let t = results::standings(&log);
    use baraza::tournament::table::render;
    Ok(match format {
        "text" => render::render_text(&t),
        "csv" => render::render_csv(&t),
        "markdown" => render::render_markdown(&t),
        _ => {
            let mut v = serde_json::to_string_pretty(&serde_json::to_value(&t).unwrap()).unwrap();
            v.push('\n');
            v
        }
    })
}

/// What the binary says: stdout on success, stderr on failure.
fn streamed(path: &Path, format: &str) -> Result<String, String> {
    let out = baraza()
        .args(["results", path.to_str().unwrap(), "--format", format])
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    if out.status.success() {
        Ok(text(out.stdout))
    } else {
        Err(text(out.stderr))
    }
}

fn assert_same(path: &Path) {
    for format in ["text", "json", "csv", "markdown"] {
        let (a, b) = (streamed(path, format), in_memory(path, format));
        match (&a, &b) {
            // JSON is compared as values (the binary's indentation is its own).
            (Ok(x), Ok(y)) if format == "json" => {
                let v = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
                assert_eq!(v(x), v(y), "{}", std::fs::read_to_string(path).unwrap());
            }
            _ => assert_eq!(a, b, "{format}: {}", std::fs::read_to_string(path).unwrap()),
        }
    }
}

/// One line of a generated log.
#[derive(Clone, Debug)]
enum Line {
    /// (id number, pair, white, black, result, termination)
    Game(u64, u64, usize, usize, usize, usize),
    Blank,
    Sprt,
    Bad,
}

fn line_strategy() -> impl Strategy<Value = Line> {
    prop_oneof![
        // Pair 0: the schedule's pair of the id (a log as a run writes it), mostly.
        12 => (1u64..10, prop_oneof![6 => Just(0u64), 1 => 1u64..5], 0usize..4, 0usize..4, 0usize..4, 0usize..4)
            .prop_map(|(i, p, w, b, r, t)| Line::Game(i, p, w, b, r, t)),
        1 => Just(Line::Blank),
        1 => Just(Line::Sprt),
        1 => Just(Line::Bad),
    ]
}

const NAMES: [&str; 4] = ["a", "b", "c", "x"]; // x is in no header
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
const TERMS: [&str; 4] = ["normal", "time forfeit", "crash", "illegal move"];
const SPRT: &str = r#"{"elo0":0.0,"elo1":10.0,"alpha":0.05,"beta":0.05}"#;

/// The schedule's ids of a two-bot, four-round event (pairs 1-4), and ids it does not have.
fn id(i: u64) -> String {
    match i {
        1..=8 => format!(
            "r{}-p1-{}",
            i.div_ceil(2),
            if i % 2 == 1 { "a" } else { "b" }
        ),
        _ => format!("hand-{i}"),
    }
}

fn render(lines: &[Line], matchlog: bool, crlf: bool, torn: bool) -> String {
    let mut text = String::new();
    if !matchlog {
        text += &header(&["a", "b"], 4, SPRT);
        text.push('\n');
    }
    let end = if crlf { "\r\n" } else { "\n" };
    for l in lines {
        match *l {
            Line::Game(i, p, w, b, r, t) => {
                let p = if p == 0 { i.div_ceil(2) } else { p };
                let tour = (!matchlog).then(|| (id(i), p));
                let tour = tour.as_ref().map(|(s, p)| (s.as_str(), *p));
                text += &record(tour, i, NAMES[w], NAMES[b], RESULTS[r], TERMS[t]);
            }
            Line::Blank => text += "  ",
            Line::Sprt => {
                text += r#"{"baraza":"sprt","first":"a","second":"b","pairs":1,"games":2,"elo0":0.0,"elo1":10.0,"alpha":0.05,"beta":0.05,"model":"pentanomial","units":1,"llr":3.1,"lower":-2.94,"upper":2.94,"decision":"H1"}"#
            }
            Line::Bad => text += r#"{"game_id":"r1-p1-a","pair":1,"white":"a"}"#,
        }
        text += end;
    }
    if torn {
        text += &record(Some(("r9-p9-a", 9)), 9, "a", "b", "1-0", "normal")[..60];
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    /// Logs with repeated ids, pair numbers with one, two or three legs (a pair's legs are
    /// forgotten once both of the schedule's are met, until a line off the schedule comes),
    /// unknown names, unscored games, blank lines, SPRT lines, bad lines, CRLF ends and torn
    /// tails.
    #[test]
    fn the_streamed_table_is_the_in_memory_one(
        lines in proptest::collection::vec(line_strategy(), 0..24),
        matchlog in any::<bool>(),
        crlf in any::<bool>(),
        torn in any::<bool>(),
    ) {
        let dir = temp_dir("results-stream-prop");
        let path = dir.join("games.jsonl");
        std::fs::write(&path, render(&lines, matchlog, crlf, torn)).unwrap();
        assert_same(&path);
    }
}

#[test]
fn refusals_are_the_in_memory_ones() {
    let dir = temp_dir("results-stream-refusals");
    let path = dir.join("games.jsonl");
    let good = record(Some(("r1-p1-a", 1)), 1, "a", "b", "1-0", "normal");
    let cases = [
        String::new(),
        "\n\n".into(),
        "hello\n".into(),
        format!("\n{}\n{good}\n", header(&["a", "b"], 4, "null")),
        format!(
            "{}\n{good}\nnot json\n{good}\n",
            header(&["a", "b"], 4, "null")
        ),
        format!(
            "{}\n{}\n",
            header(&["a", "b"], 4, "null"),
            good.replace("1-0", "3-0")
        ),
        format!(
            "{}\n{}\n",
            header(&["a", "b"], 4, "null").replace("\"schema\":2", "\"schema\":9"),
            good
        ),
        format!(
            "{}\n",
            header(&["a", "b"], 4, "null").replace("tournament", "other")
        ),
        header(&["a", "b"], 4, "null")[..50].to_string(),
        format!("{}\n{}\n", good, good.replace("\"white\"", "\"whyte\"")),
        format!("{}\n{}", good, &good[..70]),
    ];
    for text in cases {
        std::fs::write(&path, &text).unwrap();
        assert_same(&path);
    }
    // A folder without a log, and a path that does not exist.
    assert_same(&dir.join("nothing-here"));
    std::fs::remove_file(&path).unwrap();
    assert_same(&dir);
}

/// `baraza results /dev/stdin`: the file is read once, front to back, so a pipe works, for a
/// games.jsonl and for a `match --jsonl` file alike.
#[test]
fn a_log_through_a_pipe_gives_the_table_of_the_file() {
    let dir = temp_dir("results-stream-pipe");
    let mut tour = header(&["a", "b"], 4, "null") + "\n";
    let mut matchlog = String::new();
    for (n, r) in [(1, "1-0"), (2, "1/2-1/2"), (3, "0-1"), (4, "0-1")] {
        let (w, b) = if n % 2 == 1 { ("a", "b") } else { ("b", "a") };
        tour += &(record(Some((&id(n), n.div_ceil(2))), n, w, b, r, "normal") + "\n");
        matchlog += &(record(None, n, w, b, r, "normal") + "\n");
    }
    for text in [tour, matchlog] {
        let path = dir.join("log.jsonl");
        std::fs::write(&path, &text).unwrap();
        let file = streamed(&path, "text").unwrap();
        let piped = baraza()
            .args(["results", "/dev/stdin"])
            .write_stdin(text.clone())
            .output()
            .unwrap();
        assert!(
            piped.status.success(),
            "{}",
            String::from_utf8_lossy(&piped.stderr)
        );
        let piped = String::from_utf8(piped.stdout).unwrap();
        // The table names no path: the same bytes.
        assert_eq!(piped, file);
        assert!(piped.contains("2 complete pairs"), "{piped}");
    }
}

/// The HTML page holds every game: a log of more games than a page holds is refused with the
/// formats that give its table, and those still do.
#[test]
fn html_refuses_more_games_than_a_page_holds() {
    let dir = temp_dir("results-stream-html");
    let path = dir.join("games.jsonl");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    use std::io::Write;
    // (The header's schedule is the helper's; the table counts the lines.)
    writeln!(f, "{}", header(&["a", "b"], 25_001, "null")).unwrap();
    for n in 1..=50_002u64 {
        let (w, b) = if n % 2 == 1 { ("a", "b") } else { ("b", "a") };
        // One line without a result: the page would show it too.
        let result = if n == 50_002 { "*" } else { "1-0" };
        let leg = if n % 2 == 1 { "a" } else { "b" };
        let id = format!("r{}-p1-{leg}", n.div_ceil(2));
        writeln!(
            f,
            "{}",
            record(Some((&id, n.div_ceil(2))), n, w, b, result, "normal")
        )
        .unwrap();
    }
    drop(f);
    let out = baraza()
        .args(["results", path.to_str().unwrap(), "--format", "html"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "baraza: --format html: 50002 games are more than one page holds (at most 50000: the page has every game in it); --format text, json, csv or markdown give the table of any number\n"
    );
    let table = streamed(&path, "text").unwrap();
    assert!(
        table.contains("50001 of 8 games played, 25000 complete pairs"),
        "{table}"
    );
}
