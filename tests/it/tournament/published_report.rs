//! The report a competition site publishes (`results --format html`) and the fault summary of
//! every `results` format, from a small event with two misbehaving bots: `seg` dies of SIGSEGV
//! at its first turn, `ill` sends `move z9` at its first turn.
//!
//! Expected by hand: 4 bots, one round, each pair plays twice with sides swapped (12 games).
//! Player 1 moves first, so when `seg` meets `ill` the one that is player 1 faults first and
//! loses; every other game of theirs they lose at their first turn. So `seg` loses 5 games by
//! `crash`, `ill` 5 by `illegal move`, and nobody else loses by a fault.

use crate::support::{
    baraza_ok, bot, read_jsonl, refused, temp_dir, tournament, write_report, write_view, BAD_BOT,
    INFO_BOT,
};
use serde_json::Value;
use std::path::Path;

/// The event, played into `dir/run`.
fn misbehaving_event(dir: &Path) -> std::path::PathBuf {
    let run = dir.join("run");
    tournament(
        "darra",
        &[
            &format!("info=sh {INFO_BOT}"),
            &format!("seg=sh {}", bot("mistake_segfault.sh")),
            &format!("ill=sh {BAD_BOT} illegal"),
            "g=builtin:greedy",
        ],
    )
    .rounds(1)
    .args(["--movetime", "100", "--event", "Spring Cup", "--seed", "5"])
    .quiet()
    .out(&run)
    .command()
    .assert()
    .success();
    run
}

/// The games' data the page carries.
fn page_data(html: &str) -> Value {
    let open = r#"<script type="application/json" id="data">"#;
    let start = html.find(open).expect("data element") + open.len();
    let len = html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..start + len]).unwrap()
}

/// The loser of a game line, if a bot lost.
fn loser(g: &Value) -> Option<&str> {
    match g["result"].as_str().unwrap() {
        "1-0" => g["black"].as_str(),
        "0-1" => g["white"].as_str(),
        _ => None,
    }
}

/// The nearest-rank percentile of sorted values (the value at rank ⌈p·n⌉).
fn percentile(sorted: &[u64], p: f64) -> u64 {
    let rank = ((p * sorted.len() as f64).ceil() as usize).max(1);
    sorted[rank - 1]
}

/// The fields of a CSV line (RFC 4180: a quoted field may hold commas and doubled quotes).
fn csv_fields(line: &str) -> Vec<String> {
    let (mut fields, mut field, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    fields.push(field);
    fields
}

#[test]
fn every_results_format_has_the_fault_summary() {
    let dir = temp_dir("report-faults");
    let run = misbehaving_event(&dir);
    let run_s = run.to_str().unwrap();

    let text = baraza_ok(["results", run_s]);
    assert!(
        text.contains("\nFaults (games lost to each, with example reasons):\n"),
        "{text}"
    );
    assert!(text.contains("\n  seg lost 5 games: crash 5\n"), "{text}");
    assert!(
        text.contains("\n  ill lost 5 games: illegal move 5\n"),
        "{text}"
    );
    assert!(!text.contains("  info lost") && !text.contains("  g lost"));
    // Example reasons, one a line, in the referee's words.
    let seg_examples: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("    crash: "))
        .collect();
    assert!((1..=3).contains(&seg_examples.len()), "{text}");
    for l in &seg_examples {
        assert!(
            l.contains("(seg) crashed: killed by signal 11 (SIGSEGV)"),
            "{l}"
        );
    }

    let json: Value = serde_json::from_str(&baraza_ok(["results", run_s, "--json"])).unwrap();
    let faults = json["faults"].as_array().unwrap();
    assert_eq!(faults.len(), 2, "{faults:?}");
    for (name, termination, words) in [
        ("seg", "crash", "crashed"),
        ("ill", "illegal move", "sent illegal move 'z9'"),
    ] {
        let f = faults.iter().find(|f| f["name"] == name).unwrap();
        assert_eq!(f["games"], 5, "{f}");
        let lost = f["lost"].as_array().unwrap();
        assert_eq!(lost.len(), 1, "{f}");
        assert_eq!(lost[0]["termination"], termination);
        assert_eq!(lost[0]["games"], 5);
        let examples = lost[0]["examples"].as_array().unwrap();
        assert!((1..=3).contains(&examples.len()), "{f}");
        for e in examples {
            assert!(e.as_str().unwrap().contains(words), "{e}");
        }
    }

    let csv = baraza_ok(["results", run_s, "--format", "csv"]);
    let rows: Vec<Vec<String>> = csv.lines().map(csv_fields).collect();
    let col = |n: &str| rows[0].iter().position(|h| h == n).unwrap();
    let row = |name: &str| rows.iter().find(|r| r[col("bot")] == name).unwrap();
    assert_eq!(&row("seg")[col("faults")], "crash 5");
    assert_eq!(&row("ill")[col("faults")], "illegal move 5");
    assert_eq!(&row("g")[col("faults")], "");
    assert!(row("ill")[col("fault_reasons")].starts_with("illegal move: player "));

    let md = baraza_ok(["results", run_s, "--format", "markdown"]);
    assert!(md.contains("| seg | crash 5 | crash: player "), "{md}");
}

#[test]
fn the_report_names_the_event_and_its_entrants_and_counts_by_hand() {
    let dir = temp_dir("report-content");
    let run = misbehaving_event(&dir);
    let html_path = dir.join("report.html");
    write_report(&run, &html_path);
    let html = std::fs::read_to_string(&html_path).unwrap();
    let lines = read_jsonl(&run.join("games.jsonl"));
    let games: Vec<&Value> = lines.iter().filter(|l| l.get("baraza").is_none()).collect();
    assert_eq!(games.len(), 12);

    // The event's name is the title, not a path; its date, ruleset, clock and entrants.
    assert!(html.contains("<title>Spring Cup</title>"), "title");
    assert!(html.contains("<h1>Spring Cup</h1>"));
    assert!(!html.contains("games.jsonl") && !html.contains(run.to_str().unwrap()));
    let date = games[0]["date"].as_str().unwrap();
    assert!(html.contains(&format!("<dt>Date</dt><dd>{date}")), "{date}");
    assert!(html.contains("<dt>Ruleset</dt><dd>darra</dd>"));
    assert!(html.contains("<dt>Time control</dt><dd>movetime=100ms</dd>"));
    assert!(html.contains("<dt>Seed</dt><dd>5</dd>"));
    assert!(html.contains("<h3>Entrants (4)</h3>"));
    // Each entrant links to its section, `#bot-<rank>`: the sections come in rank order.
    let table: Value =
        serde_json::from_str(&baraza_ok(["results", run.to_str().unwrap(), "--json"])).unwrap();
    let rank = |name: &str| {
        let bots = table["bots"].as_array().unwrap();
        bots.iter().position(|b| b["name"] == name).unwrap() + 1
    };
    for name in ["info", "seg", "ill", "g"] {
        let k = rank(name);
        assert!(
            html.contains(&format!(
                r##"<td><a href="#bot-{k}">{name}</a></td><td>100 ms a move</td>"##
            )),
            "entrant {name}"
        );
        let section = format!(r#"<article class="bot" id="bot-{k}"><h3>{k}. {name}</h3>"#);
        assert!(html.contains(&section), "{section}");
    }
    // The versions the bots announced (info_bot.sh's `id name info-bot`); no command line.
    // Its author line holds ESC: shown as an escape, not sent raw.
    assert!(html.contains(r"info-bot by A. &quot;Q&quot; \\ W\x1b[31m"));
    assert!(!html.contains('\u{1b}'));
    assert!(!html.contains("info_bot.sh") && !html.contains("builtin:greedy"));

    // The fault table: counts, and links to the first games lost that way, by number, as
    // games.jsonl has them in file order.
    for (name, termination) in [("seg", "crash"), ("ill", "illegal move")] {
        let lost: Vec<u64> = games
            .iter()
            .filter(|g| loser(g) == Some(name) && g["termination"] == termination)
            .map(|g| g["game"].as_u64().unwrap())
            .collect();
        assert_eq!(lost.len(), 5, "{name}");
        let links: Vec<String> = lost
            .iter()
            .map(|n| format!(r##"<a href="#g{n}">{n}</a>"##))
            .collect();
        let row = format!(r#"<td>{termination}</td><td class="num">5</td>"#);
        assert!(html.contains(&row), "{row}");
        assert!(html.contains(&links.join(", ")), "{name}: {links:?}");
    }

    // Viewer numbers are the log's game numbers, and the schedule's ids are shown.
    let data = page_data(&html);
    let views = data["games"].as_array().unwrap();
    for (v, g) in views.iter().zip(&games) {
        assert_eq!(v["n"], g["game"]);
        assert_eq!(v["id"], g["game_id"]);
    }

    // Think time of `info`: its plies are player 1's (even plies from 0) when it is white;
    // a forced pass (move `pass`, 0 ms) is the referee's and left out.
    let mut times: Vec<u64> = Vec::new();
    for g in &games {
        let side = if g["white"] == "info" {
            0
        } else if g["black"] == "info" {
            1
        } else {
            continue;
        };
        let moves = g["moves"].as_array().unwrap();
        for (i, t) in g["times_ms"].as_array().unwrap().iter().enumerate() {
            let t = t.as_u64().unwrap();
            if i % 2 == side && !(moves[i] == "pass" && t == 0) {
                times.push(t);
            }
        }
    }
    times.sort_unstable();
    let line = format!(
        "Think time: median <b>{}</b> ms, p99 <b>{}</b> ms, max <b>{}</b> ms over {} moves",
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().unwrap(),
        times.len()
    );
    assert!(html.contains(&line), "{line}");

    // Its evaluations (move_infos in games.jsonl) are in the viewer's data.
    let g = games
        .iter()
        .position(|g| g["white"] == "info" && g["black"] == "g")
        .unwrap();
    let recorded = games[g]["move_infos"].as_array().unwrap();
    let first = recorded.iter().position(|x| !x.is_null()).unwrap();
    let info = views[g]["i"].as_array().unwrap();
    assert_eq!(info[0][0], first + 1, "the ply it was sent for");
    assert_eq!(info[0][1], 1, "info is player 1");
    assert_eq!(info[0][2], recorded[first]);
}

#[test]
fn view_shows_the_recorded_info_and_refuses_logs_it_cannot_use() {
    let dir = temp_dir("report-view-logs");
    let run = misbehaving_event(&dir);
    let page = dir.join("view.html");
    write_view(&run, &page);
    let data = page_data(&std::fs::read_to_string(&page).unwrap());
    let with_info = data["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g.get("i").is_some())
        .count();
    // Every game with an info line recorded (info_bot.sh's, before each of its moves) has
    // them on the page.
    let lines = read_jsonl(&run.join("games.jsonl"));
    let info_moved = lines
        .iter()
        .filter(|g| {
            g["move_infos"]
                .as_array()
                .is_some_and(|m| m.iter().any(|x| !x.is_null()))
        })
        .count();
    assert!(info_moved > 0);
    assert_eq!(with_info, info_moved);

    // A tournament's info folder is not a `--logs DIR`: refused, saying where the lines are.
    let info_dir = run.join("info");
    assert!(info_dir.is_dir());
    let err = refused(
        &[
            "view",
            run.to_str().unwrap(),
            "--logs",
            info_dir.to_str().unwrap(),
        ],
        1,
    );
    assert!(
        err.contains("no g<game>-p<player>-<bot>.info file in it"),
        "{err}"
    );
    assert!(err.contains("games.jsonl"), "{err}");
    let err = refused(
        &[
            "view",
            run.to_str().unwrap(),
            "--logs",
            dir.join("nowhere").to_str().unwrap(),
        ],
        1,
    );
    assert!(err.contains("cannot read it"), "{err}");
    // Info files of games the log does not have (another run's): refused too.
    let other = dir.join("other-logs");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("g999-p1-x.info"), "0 depth 1 score cp 5\n").unwrap();
    let err = refused(
        &[
            "view",
            run.to_str().unwrap(),
            "--logs",
            other.to_str().unwrap(),
        ],
        1,
    );
    assert!(
        err.contains("its info files are of games 999, none of the 12 games of "),
        "{err}"
    );
}
