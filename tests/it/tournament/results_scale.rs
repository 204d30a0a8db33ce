//! `baraza results` on a large log: the table is the hand-checked table of one round times the
//! number of rounds, and the process stays small (it reads the log line by line; holding the
//! games would take hundreds of MiB here), measured by `support::run_measured`.

use crate::support::{run_measured, temp_dir};
use std::io::Write;

const LIMITS: &str = r#"{"startup_timeout_ms":10000,"movetime_ms":100,"tc":null,"margin_ms":50}"#;
const ROUNDS: u64 = 25_000;

/// One round of a, b, c as in tests/it/tournament/results.rs (`three_bot_log`, hand-checked there):
/// (pairing, white, black, result, termination) of each leg.
const ROUND: [(u64, &str, &str, &str, &str); 6] = [
    (1, "a", "b", "1-0", "normal"),
    (1, "b", "a", "1/2-1/2", "normal"),
    (2, "a", "c", "1-0", "time forfeit"),
    (2, "c", "a", "0-1", "crash"),
    (3, "b", "c", "0-1", "illegal move"),
    (3, "c", "b", "1-0", "normal"),
];

#[test]
fn a_large_log_gives_the_scaled_table_in_little_memory() {
    let dir = temp_dir("results-scale");
    let path = dir.join("games.jsonl");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let bots: Vec<String> = ["a", "b", "c"]
        .iter()
        .map(|b| format!(r#"{{"name":"{b}","command":"builtin:random","limits":{LIMITS}}}"#))
        .collect();
    writeln!(
        f,
        r#"{{"baraza":"tournament","schema":2,"version":"0.1.0","config_hash":"00","scheduled_games":{},"event":{{"ruleset":"darra","format":"round-robin","rounds":{ROUNDS},"seed":1,"bots":[{}],"openings":{{"kind":"standard"}},"max_plies":null}},"sprt":null}}"#,
        6 * ROUNDS,
        bots.join(",")
    )
    .unwrap();
    let mut n = 0;
    for r in 1..=ROUNDS {
        for (i, (p, white, black, result, term)) in ROUND.iter().enumerate() {
            n += 1;
            let leg = if i % 2 == 0 { "a" } else { "b" };
            let pair = (r - 1) * 3 + p;
            writeln!(
                f,
                r#"{{"game_id":"r{r}-p{p}-{leg}","pair":{pair},"game":{n},"ruleset":"darra","white":"{white}","black":"{black}","result":"{result}","termination":"{term}","reason":"-","plies":2,"moves":["6A","1B"],"times_ms":[5,7],"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","seed":{n},"time_control":"movetime=100ms","event":"t","site":"-","date":"2026.11.29","round":"{r}"}}"#
            )
            .unwrap();
        }
    }
    drop(f);

    let out = run_measured(&dir, &["results", path.to_str().unwrap(), "--json"]);
    assert_eq!(out.exit_code(), Some(0), "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let r = ROUNDS;
    assert_eq!(v["games"], 6 * r);
    assert_eq!(v["complete_pairs"], 3 * r);
    // Per round (see ROUND): a W D W W, b L D L L, c L L W W; pairs as in three_bot_log;
    // in score order: a 87.5%, c 50%, b 12.5%.
    let want = [
        (
            "a",
            [4 * r, 7 * r, 3 * r, r, 0, 2 * r],
            [0, 0, 0, r, r],
            [0, 0, 0],
        ),
        (
            "c",
            [4 * r, 4 * r, 2 * r, 0, 2 * r, 2 * r],
            [r, 0, 0, 0, r],
            [r, r, 0],
        ),
        (
            "b",
            [4 * r, r, 0, r, 3 * r, 2 * r],
            [r, r, 0, 0, 0],
            [0, 0, r],
        ),
    ];
    for (b, (name, counts, penta, forfeits)) in v["bots"].as_array().unwrap().iter().zip(want) {
        assert_eq!(b["name"], name);
        let u = |k: &str| b[k].as_u64().unwrap();
        let half_points = (b["points"].as_f64().unwrap() * 2.0) as u64;
        let got = [
            u("games"),
            half_points,
            u("wins"),
            u("draws"),
            u("losses"),
            u("pairs"),
        ];
        assert_eq!(got, counts, "{name}");
        assert_eq!(b["penta"], serde_json::json!(penta), "{name}");
        let got = [u("time_forfeits"), u("crashes"), u("other_forfeits")];
        assert_eq!(got, forfeits, "{name}");
    }

    let size = std::fs::metadata(&path).unwrap().len();
    let rss_mib = out.peak_mib();
    assert!(
        rss_mib < 40.0,
        "results of a {} MB log took {rss_mib:.1} MiB",
        size / 1_000_000
    );
}
