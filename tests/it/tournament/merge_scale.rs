//! `baraza merge` of generated shard logs of a 120,000-game event: the merged folder holds every
//! game once, its table is the whole log's, a shard given twice is kept once, a game met again
//! with other content is refused naming both files (the line met again is the 5,000th of its
//! file, compared after the copy), and no baraza run here grows past 40 MiB (the merge keeps a
//! bit a game, not the lines, measured by `support::run_measured`); and a header that claims 48
//! billion games costs nothing until they come.

use crate::support::{baraza, run_measured, temp_dir};
use baraza::tournament::plan::config::{canonical_hash, CanonicalEvent};
use std::io::Write;
use std::path::{Path, PathBuf};

const BOTS: [&str; 4] = ["a", "b", "c", "d"];
const ROUNDS: u64 = 10_000;
const SHARDS: u64 = 3;

fn event_of(rounds: u64) -> serde_json::Value {
    let limits =
        serde_json::json!({"startup_timeout_ms":10000,"movetime_ms":100,"tc":null,"margin_ms":50});
    let bots: Vec<_> = BOTS
        .iter()
        .map(|n| serde_json::json!({"name": n, "command": "builtin:random", "limits": limits}))
        .collect();
    serde_json::json!({"ruleset":"darra","format":"round-robin","rounds":rounds,"seed":1,"bots":bots,"openings":{"kind":"standard"},"max_plies":null})
}

fn header_of(scheduled: u64, shard: Option<u64>, rounds: u64) -> String {
    let event = event_of(rounds);
    let canonical: CanonicalEvent = serde_json::from_value(event.clone()).unwrap();
    let mut h = serde_json::json!({"baraza":"tournament","schema":2,"version":"0.1.0","config_hash":canonical_hash(&canonical),"scheduled_games":scheduled,"event":event,"sprt":null});
    if let Some(k) = shard {
        h["shard"] = serde_json::json!({"index": k, "count": SHARDS});
    }
    h.to_string()
}

/// The whole log and the shards' logs (shard K: the pairs q with (q − 1) mod 3 = K − 1).
fn write_logs(dir: &Path) -> (PathBuf, Vec<PathBuf>) {
    write_logs_of(dir, ROUNDS)
}

fn write_logs_of(dir: &Path, rounds: u64) -> (PathBuf, Vec<PathBuf>) {
    let pairings: Vec<(usize, usize)> = (0..4)
        .flat_map(|i| (i + 1..4).map(move |j| (i, j)))
        .collect();
    let games = 2 * pairings.len() as u64 * rounds;
    let open = |name: &str, header: String| {
        std::fs::create_dir_all(dir.join(name)).unwrap();
        let mut f = std::io::BufWriter::new(
            std::fs::File::create(dir.join(name).join("games.jsonl")).unwrap(),
        );
        writeln!(f, "{header}").unwrap();
        f
    };
    let mut whole = open("whole", header_of(games, None, rounds));
    let mut shards: Vec<_> = (1..=SHARDS)
        .map(|k| {
            open(
                &format!("shard-{k}"),
                header_of(games / SHARDS, Some(k), rounds),
            )
        })
        .collect();
    let (mut q, mut n) = (0u64, 0u64);
    for r in 1..=rounds {
        for (p, &(i, j)) in pairings.iter().enumerate() {
            q += 1;
            for (leg, w, b) in [("a", i, j), ("b", j, i)] {
                n += 1;
                let result = ["1-0", "0-1", "1/2-1/2"][(n * 7 % 11 % 3) as usize];
                let line = format!(
                    r#"{{"game_id":"r{r}-p{}-{leg}","pair":{q},"game":{n},"ruleset":"darra","white":"{}","black":"{}","result":"{result}","termination":"normal","reason":"-","plies":2,"moves":["6A","1B"],"times_ms":[5,7],"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","seed":{n},"time_control":"movetime=100ms","event":"t","site":"-","date":"2026.12.01","round":"{r}"}}"#,
                    p + 1,
                    BOTS[w],
                    BOTS[b]
                );
                writeln!(whole, "{line}").unwrap();
                writeln!(shards[((q - 1) % SHARDS) as usize], "{line}").unwrap();
            }
        }
    }
    let shard_dirs = (1..=SHARDS)
        .map(|k| dir.join(format!("shard-{k}")))
        .collect();
    (dir.join("whole"), shard_dirs)
}

fn run(args: &[&Path], first: &[&str]) -> std::process::Output {
    baraza().args(first).args(args).output().unwrap()
}

fn stdout(o: std::process::Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_large_event_merges_in_little_memory() {
    let dir = temp_dir("merge-scale");
    let (whole, shards) = write_logs(&dir);
    let inputs: Vec<&Path> = shards.iter().map(|p| p.as_path()).collect();
    let merged = dir.join("merged");
    let m = merged.to_str().unwrap();
    // Each run measured: the largest peak of them.
    let peak_kib = std::cell::Cell::new(0);
    let measured = |args: &[&Path], first: &[&str]| -> String {
        let args: Vec<&str> = first
            .iter()
            .copied()
            .chain(args.iter().map(|p| p.to_str().unwrap()))
            .collect();
        let run = run_measured(&dir, &args);
        assert_eq!(run.exit_code(), Some(0), "{}", run.stderr);
        peak_kib.set(peak_kib.get().max(run.peak_kib));
        run.stdout
    };
    let said = measured(&inputs, &["merge", "--out", m]);
    assert!(said.contains("120000 of 120000 games\n"), "{said}");
    let table = |p: &Path| measured(&[p], &["results"]);
    assert_eq!(table(&merged), table(&whole));
    let pgn = std::fs::read_to_string(merged.join("games.pgn")).unwrap();
    assert_eq!(pgn.matches("[Event ").count(), 120_000);

    // Shard 2 given twice: its 40,000 lines are met again, the same, and kept once.
    let mut twice = inputs.clone();
    twice.push(&shards[1]);
    let said = measured(&twice, &["merge", "--out", m]);
    assert!(
        said.contains(
            "120000 of 120000 games (40000 lines found twice with the same content, kept once)"
        ),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(merged.join("games.pgn")).unwrap(),
        pgn
    );
    drop(pgn);
    let rss_mib = peak_kib.get() as f64 / 1024.0;
    assert!(
        rss_mib < 40.0,
        "a baraza merge or results took {rss_mib:.1} MiB"
    );

    // The merged lines are the shards' lines, shard after shard.
    let lines = |p: &Path| -> Vec<String> {
        let text = std::fs::read_to_string(p.join("games.jsonl")).unwrap();
        text.lines().skip(1).map(String::from).collect()
    };
    let concat: Vec<String> = shards.iter().flat_map(|s| lines(s)).collect();
    assert_eq!(lines(&merged), concat);

    // A copy of shard 1 whose 5,000th game has another reason: refused, naming both files.
    let copy = dir.join("copy");
    std::fs::create_dir_all(&copy).unwrap();
    let text = std::fs::read_to_string(shards[0].join("games.jsonl")).unwrap();
    let mut copy_lines: Vec<String> = text.lines().map(String::from).collect();
    let changed = &mut copy_lines[5000];
    let v: serde_json::Value = serde_json::from_str(changed).unwrap();
    let id = v["game_id"].as_str().unwrap().to_string();
    *changed = changed.replace(r#""reason":"-""#, r#""reason":"again""#);
    std::fs::write(copy.join("games.jsonl"), copy_lines.join("\n") + "\n").unwrap();
    let out = dir.join("out");
    let r = run(
        &[&shards[0], &shards[1], &copy, &shards[2]],
        &["merge", "--out", out.to_str().unwrap()],
    );
    assert!(!r.status.success());
    assert_eq!(
        String::from_utf8(r.stderr).unwrap(),
        format!(
            "baraza: game {id} is in {} and in {} with different contents (played twice?); keep one of them\n",
            shards[0].join("games.jsonl").display(),
            copy.join("games.jsonl").display()
        )
    );
    assert!(!out.join("games.jsonl").exists());
}

/// A header may claim any schedule (four billion rounds: 48 billion games); what is kept of it is
/// made only as its games come, so results and merge of its three games are instant and small.
#[test]
fn a_vast_schedule_costs_nothing_until_its_games_come() {
    let dir = temp_dir("merge-vast");
    let event = event_of(4_000_000_000);
    let canonical: CanonicalEvent = serde_json::from_value(event.clone()).unwrap();
    let h = serde_json::json!({"baraza":"tournament","schema":2,"version":"0.1.0","config_hash":canonical_hash(&canonical),"scheduled_games":48_000_000_000u64,"event":event,"sprt":null});
    let mut text = h.to_string() + "\n";
    for (n, id, w, b) in [
        (1, "r1-p1-a", "a", "b"),
        (2, "r1-p1-b", "b", "a"),
        (3, "r1-p2-a", "a", "c"),
    ] {
        text += &format!(
            r#"{{"game_id":"{id}","pair":{},"game":{n},"ruleset":"darra","white":"{w}","black":"{b}","result":"1-0","termination":"normal","reason":"-","plies":2,"moves":["6A","1B"],"times_ms":[5,7],"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","seed":{n},"time_control":"movetime=100ms","event":"t","site":"-","date":"2026.12.01","round":"1"}}"#,
            (n + 1) / 2
        );
        text.push('\n');
    }
    let run_dir = dir.join("run");
    std::fs::create_dir_all(&run_dir).unwrap();
    std::fs::write(run_dir.join("games.jsonl"), text).unwrap();
    let table = stdout(run(&[&run_dir], &["results"]));
    assert!(
        table.starts_with("darra round-robin: 3 of 48000000000 games played, 1 complete pairs"),
        "{table}"
    );
    let out = dir.join("merged");
    let said = stdout(run(
        &[&run_dir],
        &["merge", "--partial", "--out", out.to_str().unwrap()],
    ));
    assert!(
        said.contains(": 3 of 48000000000 games\nmissing 47999999997 games: r1-p2-b, r1-p3-a,"),
        "{said}"
    );
    assert!(
        said.contains(" and 47999999987 more; merge again"),
        "{said}"
    );
}

/// Shard 2 of a 2-round event (8 lines after its header) with line `n` (1-based, the header is
/// 1) replaced by `with`, or cut short at the end when `with` is `None`.
fn damaged(dir: &Path, n: usize, with: Option<&str>) -> (Vec<PathBuf>, PathBuf) {
    let (_, shards) = write_logs_of(dir, 2);
    let path = shards[1].join("games.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let out = match with {
        Some(w) => {
            lines[n - 1] = w.to_string();
            lines.join("\n") + "\n"
        }
        None => {
            let all = lines.join("\n");
            all[..all.len() - 30].to_string()
        }
    };
    std::fs::write(&path, out).unwrap();
    (shards, path)
}

fn merge_err(inputs: &[PathBuf], out: &Path) -> String {
    let r = baraza()
        .arg("merge")
        .arg("--out")
        .arg(out)
        .args(inputs)
        .output()
        .unwrap();
    assert!(!r.status.success());
    assert!(!out.join("games.jsonl").exists());
    let err = String::from_utf8(r.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// What the merge refuses in a line and what it ignores, wherever in the line the damage is.
#[test]
fn damaged_lines_are_refused_by_line_and_a_torn_tail_is_ignored() {
    let dir = temp_dir("merge-damage");
    let out = dir.join("out");
    // Line 3 of shard 2 is r1-p2-b: its id and pair come first, the damage after them.
    let good = std::fs::read_to_string({
        let (shards, _) = damaged(&dir.join("probe"), 2, None);
        shards[1].join("games.jsonl")
    })
    .unwrap();
    let line3 = good.lines().nth(2).unwrap().to_string();
    assert!(
        line3.starts_with(r#"{"game_id":"r1-p2-b","pair":2,"#),
        "{line3}"
    );
    let cases = [
        // Not JSON after the id and pair.
        (line3[..40].to_string(), "not a game line: "),
        // A field missing.
        (
            line3.replace(r#""plies":2,"#, ""),
            "not a game line: missing field `plies`",
        ),
        // A field of the wrong type.
        (
            line3.replace(r#""moves":["6A","1B"]"#, r#""moves":"6A""#),
            "not a game line: invalid type: string \"6A\", expected a sequence",
        ),
        // A result the record cannot hold.
        (
            line3.replace(r#""result":"#, r#""result":"3-0","was":"#),
            "result '3-0'",
        ),
    ];
    for (i, (line, says)) in cases.iter().enumerate() {
        let (shards, path) = damaged(&dir.join(format!("c{i}")), 3, Some(line));
        let err = merge_err(&shards, &out);
        let want = format!("baraza: {} line 3: {says}", path.display());
        assert!(err.starts_with(&want), "{err}\nwanted: {want}");
    }

    // The same damage in a line met twice (shard 2 given again, damaged): refused too.
    let copy = dir.join("copy");
    std::fs::create_dir_all(&copy).unwrap();
    let text = std::fs::read_to_string(dir.join("c0").join("shard-2").join("games.jsonl")).unwrap();
    std::fs::write(copy.join("games.jsonl"), text).unwrap();
    let (_, mut inputs) = write_logs_of(&dir.join("fine"), 2);
    inputs.push(copy.clone());
    let err = merge_err(&inputs, &out);
    let want = format!(
        "baraza: {} line 3: not a game line: ",
        copy.join("games.jsonl").display()
    );
    assert!(err.starts_with(&want), "{err}\nwanted: {want}");

    // A last line cut short (a shard killed mid-write) is ignored and named; its game is missing.
    // Shard 2's pairs are 2, 5, 8 and 11 (q − 1 = 1 mod 3): r1-p2, r1-p5, r2-p2, r2-p5, so its
    // line 9 is r2-p5-b.
    let (shards, path) = damaged(&dir.join("torn"), 0, None);
    let r = baraza()
        .arg("merge")
        .arg("--partial")
        .arg("--out")
        .arg(&out)
        .args(&shards)
        .output()
        .unwrap();
    let said = String::from_utf8(r.stdout).unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(
        said.contains(": 23 of 24 games\nmissing 1 games: r2-p5-b (of shard 2/3)"),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "note: {} line 9 was torn (a write cut short) and is ignored",
            path.display()
        )),
        "{said}"
    );
}
