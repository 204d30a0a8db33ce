//! `baraza view` and `baraza results --format html` without a browser: what the page holds.
//! The positions in it must be `baraza rules apply`'s, the clocks the referee's booking, the
//! info lines those `--logs` kept; and the page must name nothing outside itself.

use crate::support::{baraza, baraza_ok, read_jsonl, temp_dir, tournament, Match};
use serde_json::Value;
use std::path::Path;

/// The games' data the page carries, read back to the plain form (every position listed).
fn page_data(html: &str) -> Value {
    let open = r#"<script type="application/json" id="data">"#;
    let start = html.find(open).expect("data element") + open.len();
    let len = html[start..].find("</script>").unwrap();
    let mut data: Value = serde_json::from_str(&html[start..start + len]).unwrap();
    for g in data["games"].as_array_mut().unwrap() {
        baraza::view::wire::expand(g);
    }
    data
}

/// Nothing the browser would fetch: no src, no external link, no CSS import or url().
fn self_contained(html: &str) {
    for bad in [
        "src=",
        "href=\"http",
        "href=\"//",
        "@import",
        "url(",
        "<link",
    ] {
        assert!(!html.contains(bad), "the page has {bad}");
    }
}

#[test]
fn the_page_holds_the_engines_positions_clocks_and_info() {
    let dir = temp_dir("view-cli");
    let bot = dir.join("talker.sh");
    std::fs::write(
        &bot,
        "#!/bin/sh\nset -f\nn=0\nwhile IFS= read -r line; do set -- $line; case $1 in\n\
         baraza) echo ready ;; legal) first=$2 ;;\n\
         go) n=$((n+1)); echo \"info turn $n\"; echo \"move $first\" ;; quit) exit 0 ;; esac; done\n",
    )
    .unwrap();
    let pgn = dir.join("m.pgn");
    let logs = dir.join("logs");
    Match::new("dara", format!("sh {}", bot.display()), "builtin:random")
        .games(2)
        .tc("20+0.5")
        .arg("--no-reuse")
        .pgn(&pgn)
        .logs(&logs)
        .played();
    let said = baraza_ok([
        "view",
        pgn.to_str().unwrap(),
        "--logs",
        logs.to_str().unwrap(),
    ]);
    let html_path = dir.join("m.html");
    assert!(
        said.starts_with(&format!("wrote {} (2 games, ", html_path.display())),
        "{said}"
    );
    let html = std::fs::read_to_string(&html_path).unwrap();
    self_contained(&html);
    let data = page_data(&html);
    let records = baraza::record::pgn::parse_pgn(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    assert_eq!(data["games"].as_array().unwrap().len(), 2);
    for (g, rec) in data["games"].as_array().unwrap().iter().zip(&records) {
        let p = g["p"].as_array().unwrap();
        assert_eq!(p.len(), rec.moves.len() + 1);
        // Every position is the ruleset id plus p[k], as `rules apply` gives it.
        assert_eq!(format!("dara {}", p[0].as_str().unwrap()), rec.start);
        for k in [1, rec.moves.len() / 2, rec.moves.len()] {
            let mut args = vec!["rules", "apply", rec.start.as_str()];
            args.extend(rec.moves[..k].iter().map(String::as_str));
            let want = baraza_ok(args);
            assert_eq!(
                format!("dara {}", p[k].as_str().unwrap()),
                want.trim_end(),
                "ply {k}"
            );
        }
        // Clocks: 20 s each at the start; after a ply the mover has lost its think time and
        // gained 0.5 s (Dara has no passes: players alternate from player 1).
        let c: Vec<u64> = g["c"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(c.len(), 2 * (rec.moves.len() + 1));
        assert_eq!(&c[..2], &[20_000, 20_000]);
        let mut left = [20_000u64, 20_000];
        for (i, ms) in rec.times_ms.iter().enumerate() {
            left[i % 2] = left[i % 2] - ms + 500;
            assert_eq!(&c[2 * (i + 1)..2 * (i + 2)], &left, "ply {}", i + 1);
        }
        // The talker's info: `turn n` while thinking about its n-th move.
        let talker = if rec.white == "talker" { 1 } else { 2 };
        let info = g["i"].as_array().unwrap();
        let first = info.iter().find(|x| x[1] == talker).unwrap();
        assert_eq!(first[0], talker, "its first move is ply {talker}");
        assert_eq!(first[2], "turn 1");
        assert_eq!(g["by"].as_str().unwrap().len(), rec.moves.len());
        assert_eq!(
            g["st"].as_str().unwrap().split(' ').next(),
            Some(rec.result.as_str())
        );
    }
}

#[test]
fn logs_of_every_kind_and_standard_output() {
    let dir = temp_dir("view-kinds");
    let run = dir.join("run");
    tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .command()
        .args(["--rounds", "1", "--movetime", "50", "--quiet", "--out"])
        .arg(&run)
        .assert()
        .success();
    // A run folder: its games.jsonl, the page beside it.
    let said = baraza_ok(["view", run.to_str().unwrap()]);
    assert!(said.contains("view.html (2 games"), "{said}");
    let from_dir = page_data(&std::fs::read_to_string(run.join("view.html")).unwrap());
    // Its games.pgn, to standard output: the same games and positions.
    let page = baraza_ok(["view", run.join("games.pgn").to_str().unwrap(), "-o", "-"]);
    let from_pgn = page_data(&page);
    assert_eq!(from_dir["games"][1]["p"], from_pgn["games"][1]["p"]);
    assert_eq!(from_dir["games"][0]["m"], from_pgn["games"][0]["m"]);
    // `match --jsonl` lines, no header.
    let jsonl = dir.join("m.jsonl");
    Match::new("bao", "builtin:random", "builtin:random")
        .games(1)
        .movetime(50)
        .max_plies(30)
        .jsonl(&jsonl)
        .played();
    let out = dir.join("bao.html");
    baraza_ok([
        "view",
        jsonl.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--title",
        "<b>",
    ]);
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.contains("<title>&lt;b&gt;</title>"));
    let g = &page_data(&html)["games"][0];
    let rec = read_jsonl(&jsonl).remove(0);
    assert_eq!(g["t"], rec["termination"]);
    assert_eq!(g["m"], rec["moves"]);
    let plies = rec["moves"].as_array().unwrap().len();
    assert!(plies <= 30);
    assert_eq!(g["p"].as_array().unwrap().len(), plies + 1);
}

#[test]
fn results_as_html_and_the_other_formats() {
    let dir = temp_dir("results-html");
    let run = dir.join("run");
    tournament("dara", &["a=builtin:random", "b=builtin:greedy"])
        .command()
        .args([
            "--bot",
            "c=builtin:random",
            "--rounds",
            "1",
            "--movetime",
            "50",
            "--quiet",
        ])
        .arg("--out")
        .arg(&run)
        .assert()
        .success();
    let r = run.to_str().unwrap();
    let html = baraza_ok(["results", r, "--format", "html"]);
    self_contained(&html);
    // Three bots: the table's three rows, a 3x3 crosstable with 6 links into the viewer, a
    // score line per bot; no SPRT section without an SPRT.
    let crosstable = &html[html.find(r#"<table id="crosstable">"#).unwrap()..];
    let crosstable = &crosstable[..crosstable.find("</table>").unwrap()];
    assert_eq!(
        crosstable.matches(r##"<a href="#g"##).count(),
        6,
        "crosstable links"
    );
    assert_eq!(html.matches("<polyline").count(), 3);
    assert!(!html.contains(r#"id="sprt""#));
    assert_eq!(page_data(&html)["games"].as_array().unwrap().len(), 6);
    // The table's cells are the text table's.
    let text = baraza_ok(["results", r]);
    let leader = text
        .lines()
        .nth(2)
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    // Its name links to its section, `#bot-<k>` by its rank: the sections come in rank order.
    assert!(
        html.contains(&format!(
            r##"<tr><td class="num">1</td><td><a href="#bot-1">{leader}</a></td>"##
        )),
        "{leader}"
    );
    assert_eq!(
        baraza_ok(["results", r, "--format", "json"]),
        baraza_ok(["results", r, "--json"])
    );
    assert_eq!(baraza_ok(["results", r, "--format", "text"]), text);
    let file = dir.join("r.html");
    let said = baraza_ok([
        "results",
        r,
        "--format",
        "html",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(said.contains("(6 games"), "{said}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), html);
    baraza()
        .args(["results", r, "--json", "--format", "text"])
        .assert()
        .code(1);
}

#[test]
fn unreadable_logs_are_one_line_errors() {
    let dir = temp_dir("view-errors");
    let refuse = |path: &Path, want: &str| {
        let out = baraza().arg("view").arg(path).assert().code(1);
        let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(err.contains(want) && err.lines().count() == 1, "{err}");
    };
    refuse(&dir.join("missing.pgn"), "cannot read");
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "\n").unwrap();
    refuse(&empty, "no game in it");
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, "{\"game\": 1}\n{}\n").unwrap();
    refuse(&bad, "line 1: not a game record");
}

/// The figure of issue 41: 10,000 games of `bench/synth_log.py` (Darra, 73 plies a game on
/// average) made a 37.7 MB page; the bound is 15 MB.
#[test]
#[cfg_attr(not(tool_python3), ignore = "needs python3")]
fn ten_thousand_games_make_a_page_under_15_mb() {
    crate::support::need(crate::support::Tool::Python3);
    let dir = temp_dir("view-10k");
    let synth = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/synth_log.py");
    let made = std::process::Command::new("python3")
        .arg(&synth)
        .arg(&*dir)
        .args(["5", "500", "1"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let page = dir.join("view.html");
    baraza_ok([
        "view",
        dir.join("whole").to_str().unwrap(),
        "-o",
        page.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(&page).unwrap();
    let size = html.len();
    assert!(size < 15_000_000, "{size} bytes");
    // Every position is still there: the last game's, read back, are the engine's.
    let data = page_data(&html);
    let games = data["games"].as_array().unwrap();
    assert_eq!(games.len(), 10_000);
    let last = &games[9_999];
    let p = last["p"].as_array().unwrap();
    let moves: Vec<&str> = last["m"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(p.len(), moves.len() + 1);
    let start = format!("darra {}", p[0].as_str().unwrap());
    let mut args = vec!["rules", "apply", start.as_str()];
    args.extend(&moves);
    assert_eq!(
        format!("darra {}", p[moves.len()].as_str().unwrap()),
        baraza_ok(args).trim_end()
    );
}
