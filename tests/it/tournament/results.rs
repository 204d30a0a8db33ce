//! `baraza results` on hand-written games.jsonl files, the log reader's tolerance of a torn
//! last line, the writer's repair of it, and resume: the missing games and the refusal of a
//! log written by another configuration.

use crate::support::{baraza, baraza_ok, refused, temp_dir, tournament};
use baraza::tournament::log::games_jsonl::*;
use baraza::tournament::log::reader::{parse_games_log, read_games_log};
use baraza::tournament::plan::config::{BotEntry, EventInputs, TournamentConfig};
use baraza::tournament::plan::schedule::schedule;
use baraza::tournament::run::resume::plan_run;
use predicates::prelude::*;
use std::path::Path;

const LIMITS: &str = r#"{"startup_timeout_ms":10000,"movetime_ms":100,"tc":null,"margin_ms":50}"#;

fn header(bots: &[&str], scheduled: u64, sprt: &str) -> String {
    let bots: Vec<String> = bots
        .iter()
        .map(|b| format!(r#"{{"name":"{b}","command":"builtin:{b}","limits":{LIMITS}}}"#))
        .collect();
    format!(
        r#"{{"baraza":"tournament","schema":1,"version":"0.1.0","config_hash":"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff","scheduled_games":{scheduled},"event":{{"ruleset":"darra","format":"round-robin","rounds":1,"seed":1,"bots":[{}],"openings":{{"kind":"standard"}},"max_plies":null}},"sprt":{sprt}}}"#,
        bots.join(",")
    )
}

fn game(id: &str, pair: u64, n: u64, white: &str, black: &str, result: &str, term: &str) -> String {
    format!(
        r#"{{"game_id":"{id}","pair":{pair},"game":{n},"ruleset":"darra","white":"{white}","black":"{black}","result":"{result}","termination":"{term}","reason":"-","plies":2,"moves":["6A","1B"],"times_ms":[5,7],"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","seed":{n},"time_control":"movetime=100ms","event":"t","site":"-","date":"2026.11.29","round":"1"}}"#
    )
}

/// One round of a, b, c, every pair complete:
///
/// | pair | leg a (player 1 first)       | leg b                            |
/// |------|------------------------------|----------------------------------|
/// | 1    | a-b 1-0 normal               | b-a 1/2-1/2 normal               |
/// | 2    | a-c 1-0 time forfeit (c)     | c-a 0-1 crash (c)                |
/// | 3    | b-c 0-1 illegal move (b)     | c-b 1-0 normal                   |
///
/// a: W D W W = 3.5 of 4, pairs WD (1.5) and WW (2): penta [0,0,0,1,1].
/// b: L D L L = 0.5 of 4, pairs LD (vs a) and LL (vs c): penta [1,1,0,0,0]; 1 other forfeit.
/// c: L L W W = 2 of 4, pairs LL (vs a) and WW (vs b): penta [1,0,0,0,1]; 1 time forfeit,
///    1 crash.
fn three_bot_log() -> String {
    [
        header(&["a", "b", "c"], 6, "null"),
        game("r1-p1-a", 1, 1, "a", "b", "1-0", "normal"),
        game("r1-p1-b", 1, 2, "b", "a", "1/2-1/2", "normal"),
        game("r1-p2-a", 2, 3, "a", "c", "1-0", "time forfeit"),
        game("r1-p2-b", 2, 4, "c", "a", "0-1", "crash"),
        game("r1-p3-a", 3, 5, "b", "c", "0-1", "illegal move"),
        game("r1-p3-b", 3, 6, "c", "b", "1-0", "normal"),
    ]
    .join("\n")
        + "\n"
}

/// `baraza results PATH --json`, which must succeed.
fn results_json(path: &Path) -> serde_json::Value {
    let out = baraza()
        .args(["results", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn close(actual: &serde_json::Value, expected: f64, tol: f64) {
    let a = actual
        .as_f64()
        .unwrap_or_else(|| panic!("not a number: {actual}"));
    assert!((a - expected).abs() <= tol, "expected {expected}, got {a}");
}

#[test]
fn results_json_from_a_hand_written_log() {
    let dir = temp_dir("results-json");
    std::fs::write(dir.join("games.jsonl"), three_bot_log()).unwrap();
    let v = results_json(&dir);
    assert_eq!(v["games"], 6);
    assert_eq!(v["scheduled_games"], 6);
    assert_eq!(v["complete_pairs"], 3);
    assert_eq!(v["leader"], "a");
    assert_eq!(v["sprt"], serde_json::Value::Null);
    let bots = v["bots"].as_array().unwrap();
    let names: Vec<&str> = bots.iter().map(|b| b["name"].as_str().unwrap()).collect();
    // By score: a 0.875, c 0.5, b 0.125.
    assert_eq!(names, ["a", "c", "b"]);
    let (a, c, b) = (&bots[0], &bots[1], &bots[2]);

    assert_eq!(a["rank"], 1);
    assert_eq!(
        (&a["games"], &a["wins"], &a["draws"], &a["losses"]),
        (&4.into(), &3.into(), &1.into(), &0.into())
    );
    close(&a["points"], 3.5, 0.0);
    close(&a["score"], 0.875, 1e-12);
    assert_eq!(a["penta"], serde_json::json!([0, 0, 0, 1, 1]));
    assert_eq!(a["pairs"], 2);
    // All of a's games are in complete pairs: pentanomial. Pair scores 0.75 and 1: mean
    // 0.875, variance 0.015625, se √(0.015625/2) = 0.0883883; elo(0.875) = 400·log10 7 =
    // 338.04; low elo(0.875 − 1.959964·0.0883883) = elo(0.701762) = 148.65; high bound > 1.
    assert_eq!(a["elo"]["model"], "pentanomial");
    close(&a["elo"]["elo"], 338.0392, 1e-3);
    close(&a["elo"]["low"], 148.6508, 1e-3);
    assert_eq!(a["elo"]["high"], serde_json::Value::Null);
    assert_eq!(a["los_vs_leader"], serde_json::Value::Null);
    assert_eq!(
        (&a["time_forfeits"], &a["crashes"], &a["other_forfeits"]),
        (&0.into(), &0.into(), &0.into())
    );

    // c: 2-0-2; pair scores 0 and 1: mean 0.5 (Elo 0), se √(0.25/2) = 0.354: both bounds
    // leave (0, 1). Against the leader: 0 wins, 2 losses: LOS = Φ(−2/√2) = 0.078650.
    assert_eq!(
        (&c["wins"], &c["draws"], &c["losses"]),
        (&2.into(), &0.into(), &2.into())
    );
    close(&c["elo"]["elo"], 0.0, 1e-9);
    assert_eq!(c["elo"]["low"], serde_json::Value::Null);
    close(&c["los_vs_leader"], 0.078_650, 1e-6);
    assert_eq!(c["penta"], serde_json::json!([1, 0, 0, 0, 1]));
    assert_eq!(
        (&c["time_forfeits"], &c["crashes"], &c["other_forfeits"]),
        (&1.into(), &1.into(), &0.into())
    );

    // b: 0-1-3, 0.5 points; pair scores 0.25 and 0: Elo −338.04, high elo(0.298238) = −148.65.
    // Against the leader: 0 wins, 1 loss (and a draw): LOS = Φ(−1) = 0.158655.
    close(&b["points"], 0.5, 0.0);
    close(&b["elo"]["elo"], -338.0392, 1e-3);
    close(&b["elo"]["high"], -148.6508, 1e-3);
    close(&b["los_vs_leader"], 0.158_655, 1e-6);
    assert_eq!(b["penta"], serde_json::json!([1, 1, 0, 0, 0]));
    assert_eq!(b["other_forfeits"], 1);
}

#[test]
fn results_text_from_a_hand_written_log() {
    let dir = temp_dir("results-text");
    std::fs::write(dir.join("games.jsonl"), three_bot_log()).unwrap();
    let out = baraza()
        .args(["results", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "darra round-robin: 6 of 6 games played, 3 complete pairs (config 001122334455)"
    );
    // The Rating column: Ordo on the same six games (`ordo -p three.pgn -a 0 -z 200.2409 -G`)
    // rates a +246.5875, c 0, b −246.5875. Its ±95% (word 7) is checked to be a positive
    // number only: on four games a bot, the two methods' errors differ (Ordo ±147 by
    // simulation; tests/it/tournament/ratings.rs compares them on a real round-robin).
    let words = |l: &str| l.split_whitespace().map(String::from).collect::<Vec<_>>();
    let without_error = |l: &str| {
        let mut w = words(l);
        let error: f64 = w.remove(7).parse().unwrap();
        assert!(error > 0.0, "{l}");
        w
    };
    assert_eq!(
        without_error(lines[2]),
        words(
            "1  a  4  3.5  3-1-0  87.5%  +246.6  +338.0  [+148.7, +inf]  -  2  0/0/0/1/1  0  0  0"
        )
    );
    assert_eq!(
        without_error(lines[3]),
        words("2  c  4  2  2-0-2  50.0%  +0.0  +0.0  [-inf, +inf]  7.9%  2  1/0/0/0/1  1  1  0")
    );
    assert_eq!(
        without_error(lines[4]),
        words("3  b  4  0.5  0-1-3  12.5%  -246.6  -338.0  [-inf, -148.7]  15.9%  2  1/1/0/0/0  0  0  1")
    );
    assert_eq!(
        lines[5],
        "Rating: fitted from all games (Bradley-Terry), mean 0; Perf: the Elo of the bot's score against the opponents it met"
    );
    // The crosstable, in rank order (a, c, b), from the games in three_bot_log: a scored
    // 2 of 2 against c and 1.5 of 2 against b; c 2 of 2 against b.
    assert_eq!(
        lines[6],
        "Head to head (the row bot's points/games against each column's bot):"
    );
    assert_eq!(words(lines[7]), words("Rank  Bot  1  2  3"));
    assert_eq!(words(lines[8]), words("1  a  -  2/2  1.5/2"));
    assert_eq!(words(lines[9]), words("2  c  0/2  -  2/2"));
    assert_eq!(words(lines[10]), words("3  b  0.5/2  0/2  -"));
    // The faults, from the log: c lost r1-p2-a on time and r1-p2-b by a crash, b lost r1-p3-a
    // by an illegal move; the hand-written lines give every reason as `-`.
    assert_eq!(
        &lines[11..],
        [
            "Faults (games lost to each, with example reasons):",
            "  c lost 2 games: time forfeit 1; crash 1",
            "    time forfeit: -",
            "    crash: -",
            "  b lost 1 game: illegal move 1",
            "    illegal move: -",
        ]
    );
}

#[test]
fn results_as_csv_and_markdown() {
    let dir = temp_dir("results-formats");
    std::fs::write(dir.join("games.jsonl"), three_bot_log()).unwrap();
    let run = |format: &str| {
        let out = baraza()
            .args(["results", dir.to_str().unwrap(), "--format", format])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let csv = run("csv");
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(
        rows[0],
        [
            "rank",
            "bot",
            "games",
            "points",
            "wins",
            "draws",
            "losses",
            "score",
            "rating",
            "rating_error95",
            "perf",
            "perf_low",
            "perf_high",
            "los_vs_leader",
            "pairs",
            "LL",
            "LD",
            "DD",
            "WD",
            "WW",
            "time_forfeits",
            "crashes",
            "other_forfeits",
            "rating_bound",
            "faults",
            "fault_reasons"
        ]
    );
    // a: 4 games, 3.5 points, 3-1-0, score 0.875, Ordo's rating 246.5875, Perf 338.04 (see
    // results_text_from_a_hand_written_log), no LOS (the leader), pairs [0, 0, 0, 1, 1].
    let a = &rows[1];
    assert_eq!(&a[..8], ["1", "a", "4", "3.5", "3", "1", "0", "0.875000"]);
    assert!(
        (a[8].parse::<f64>().unwrap() - 246.5875).abs() < 0.01,
        "{csv}"
    );
    assert!((a[10].parse::<f64>().unwrap() - 338.0392).abs() < 1e-3);
    assert_eq!(a[12], "", "a perfect upper bound is empty");
    assert_eq!(a[13], "");
    assert_eq!(
        &a[14..],
        ["2", "0", "0", "0", "1", "1", "0", "0", "0", "", "", ""]
    );
    assert_eq!(&rows[2][..2], ["2", "c"]);
    assert_eq!(
        &rows[3][20..],
        ["0", "0", "1", "", "illegal move 1", "illegal move: -"]
    );

    let md = run("markdown");
    assert!(md.starts_with("**darra round-robin**: 6 of 6 games played, 3 complete pairs\n"));
    assert!(
        md.contains("| Rank | Bot | Games | Points | W-D-L |"),
        "{md}"
    );
    assert!(
        md.contains("| 1 | a | 4 | 3.5 | 3-1-0 | 87.5% | +246.6 |"),
        "{md}"
    );
    // Head to head, the bot earlier in the event first: a-b 1-1-0, a-c 2-0-0, b-c 0-0-2.
    assert!(
        md.contains("| a | b | 1 | 1 | 0 | 1.5 | 2 | 75.0% |"),
        "{md}"
    );
    assert!(
        md.contains("| a | c | 2 | 0 | 0 | 2 | 2 | 100.0% |"),
        "{md}"
    );
    assert!(md.contains("| b | c | 0 | 0 | 2 | 0 | 2 | 0.0% |"), "{md}");
    // --json and --format json are the same; --format with --json is refused.
    assert_eq!(run("json"), {
        let out = baraza()
            .args(["results", dir.to_str().unwrap(), "--json"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    });
    baraza()
        .args([
            "results",
            dir.to_str().unwrap(),
            "--json",
            "--format",
            "csv",
        ])
        .assert()
        .failure();
}

#[test]
fn results_json_lists_head_to_head() {
    let dir = temp_dir("results-h2h");
    std::fs::write(dir.join("games.jsonl"), three_bot_log()).unwrap();
    let v = results_json(&dir);
    assert_eq!(v["schema"], 2);
    assert_eq!(
        v["pairings"],
        serde_json::json!([
            {"first": "a", "second": "b", "games": 2, "wins": 1, "draws": 1, "losses": 0, "points": 1.5, "score": 0.75},
            {"first": "a", "second": "c", "games": 2, "wins": 2, "draws": 0, "losses": 0, "points": 2.0, "score": 1.0},
            {"first": "b", "second": "c", "games": 2, "wins": 0, "draws": 0, "losses": 2, "points": 0.0, "score": 0.0},
        ])
    );
}

#[test]
fn a_torn_last_line_is_ignored_and_a_bad_middle_line_is_an_error() {
    let dir = temp_dir("results-torn");
    let full = three_bot_log();
    // Cut the file in the middle of the last game's line (SIGKILL mid-write).
    let cut = full.len() - 40;
    std::fs::write(dir.join("games.jsonl"), &full[..cut]).unwrap();
    let v = results_json(&dir.join("games.jsonl"));
    assert_eq!(v["games"], 5);
    assert_eq!(v["complete_pairs"], 2);
    assert_eq!(v["torn_last_line"], 7);
    baraza()
        .args(["results", dir.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "note: line 7 was torn (a write cut short) and is ignored",
        ));

    // The same damage followed by more lines is not a torn tail: an error naming the line.
    let broken = format!(
        "{}\n{}",
        &full[..cut],
        game("r1-p9-a", 9, 9, "a", "b", "1-0", "normal")
    );
    std::fs::write(dir.join("games.jsonl"), broken).unwrap();
    let results = ["results", dir.to_str().unwrap()];
    let err = refused(&results, 1);
    assert!(err.contains("games.jsonl line 7: not a game line"), "{err}");

    // Not a tournament log at all.
    std::fs::write(dir.join("games.jsonl"), "hello\n").unwrap();
    let err = refused(&results, 1);
    assert!(
        err.contains("line 1: not a baraza tournament header"),
        "{err}"
    );
}

#[test]
fn a_game_line_with_an_unknown_result_is_an_error() {
    let dir = temp_dir("results-bad-result");
    let text = three_bot_log() + &game("r1-p9-a", 9, 7, "a", "b", "3-0", "normal") + "\n";
    std::fs::write(dir.join("games.jsonl"), text).unwrap();
    let out = baraza()
        .args(["results", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "stderr: {err}");
    assert!(
        err.contains("games.jsonl line 8: result '3-0'"),
        "stderr: {err}"
    );
}

#[test]
fn duplicate_lines_count_once() {
    let text = three_bot_log() + &game("r1-p1-a", 1, 1, "a", "b", "0-1", "normal") + "\n";
    let log = parse_games_log(&text, "g").unwrap().unwrap();
    assert_eq!(log.games.len(), 6);
    assert_eq!(log.duplicates, vec!["r1-p1-a".to_string()]);
    // The first line wins: a still won game 1.
    assert_eq!(log.games[0].record.result, "1-0");
}

/// A two-bot log with an SPRT: six complete pairs, from "new"'s side LL, LD, DD, WD, WW, WW
/// (penta [1, 1, 1, 1, 2]); plus one half pair that the SPRT ignores.
fn two_bot_sprt_log() -> String {
    let pairs = [
        ("0-1", "1-0"),         // LL for new (new is player 1 in leg a)
        ("0-1", "1/2-1/2"),     // LD
        ("1/2-1/2", "1/2-1/2"), // DD
        ("1-0", "1/2-1/2"),     // WD
        ("1-0", "0-1"),         // WW
        ("1-0", "0-1"),         // WW
    ];
    let mut lines = vec![header(
        &["new", "old"],
        14,
        r#"{"elo0":0.0,"elo1":10.0,"alpha":0.05,"beta":0.05}"#,
    )];
    for (i, (ra, rb)) in pairs.iter().enumerate() {
        let p = i as u64 + 1;
        lines.push(game(
            &format!("r{p}-p1-a"),
            p,
            2 * p - 1,
            "new",
            "old",
            ra,
            "normal",
        ));
        lines.push(game(
            &format!("r{p}-p1-b"),
            p,
            2 * p,
            "old",
            "new",
            rb,
            "normal",
        ));
    }
    lines.push(game("r7-p1-a", 7, 13, "new", "old", "1-0", "normal"));
    lines.join("\n") + "\n"
}

/// [`two_bot_sprt_log`]: the exact GSPRT LLR of [1, 1, 1, 1, 2] for elo 0 against 10 is
/// 0.0455594 (fishtest's `LLR_logistic` on the same counts; see tests/it/tournament/sprt.rs for
/// the method).
#[test]
fn results_sprt_of_a_two_bot_log() {
    let dir = temp_dir("results-sprt");
    std::fs::write(dir.join("games.jsonl"), two_bot_sprt_log()).unwrap();
    let v = results_json(&dir);
    let s = &v["sprt"];
    assert_eq!((&s["first"], &s["second"]), (&"new".into(), &"old".into()));
    assert_eq!(s["units"], 6);
    assert_eq!(s["model"], "pentanomial");
    close(&s["llr"], 0.045_559, 1e-5);
    close(&s["lower"], -2.944_439, 1e-6);
    close(&s["upper"], 2.944_439, 1e-6);
    assert_eq!(s["decision"], "continue");
    // new has an unpaired game, so its interval is trinomial over its 13 games.
    assert_eq!(v["bots"][0]["name"], "new");
    assert_eq!(v["bots"][0]["elo"]["model"], "trinomial");
    assert_eq!(v["bots"][0]["penta"], serde_json::json!([1, 1, 1, 1, 2]));
    baraza()
        .args(["results", dir.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "SPRT new vs old (elo0=0,elo1=10,alpha=0.05,beta=0.05): LLR 0.05 [-2.94, 2.94] over 6 pairs: continue",
        ));
    // The two-bot report, from new's side: LL, LD, DD, WD, WW, WW and one more win are
    // W 0+0+0+1+2+2+1 = 6, D 0+1+2+1 = 4, L 2+1 = 3; 8 points of 13 = 61.54%; the LLR
    // 0.045559 is 1.5% of the way to 2.944.
    let out = baraza()
        .args(["results", dir.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for want in [
        "Results of new vs old:",
        "Games: 13, Wins: 6, Losses: 3, Draws: 4, Points: 8.0 (61.54 %)",
        "Ptnml(0-2): [1, 1, 1, 1, 2]",
        "LLR: 0.05 (1.5%) (-2.94, 2.94) [0.00, 10.00]",
    ] {
        assert!(text.lines().any(|l| l == want), "{want}\n{text}");
    }
    // Elo of 8/13 by games (an unpaired game): −400·log10(13/8 − 1) = 400·log10(1.6) = +81.65;
    // DrawRatio 4/13 = 30.77%.
    assert!(text.contains("Elo: 81.65 +/- "), "{text}");
    assert!(text.contains("DrawRatio: 30.77 %"), "{text}");
}

/// The text table of [`three_bot_log`], whole, as reviewed: its numbers are derived in
/// `results_text_from_a_hand_written_log` and `results_json_from_a_hand_written_log`, but the
/// Rating's ±95%: 1.96·σ, σ² the diagonal of the pseudo-inverse of the Fisher information at
/// the fit (a–b 1 win 1 draw, a–c 2-0, c–b 2-0; ratings ±246.59, 0) times the dispersion
/// φ = 0.48184, recomputed apart from the program when accepting it: a and b 251.7, c 198.9.
#[test]
fn results_text_table_is_as_reviewed() {
    let dir = temp_dir("results-text-snapshot");
    std::fs::write(dir.join("games.jsonl"), three_bot_log()).unwrap();
    let table = baraza_ok(["results", dir.to_str().unwrap()]);
    assert_snapshot!("results-text-table", table);
}

/// The two-bot table, report block and SPRT line of [`two_bot_sprt_log`], whole, as reviewed.
/// From new's side 6-4-3 of 13 (s = 8/13, an unpaired game: games are the units): Elo
/// 400·log10(8/5) = 81.65, the ratings half of it each way (±40.8), their ±95% 79.7
/// (φ = 0.675, as in the table above); σ² = (6(5/13)² + 4(3/26)² + 3(8/13)²)/13, the 95%
/// interval of s mapped to Elo [−71.8, +278.7], half its width 175.28; nElo (s − ½)/σ · 800/ln 10
/// = 100.30 ± 1.96 · 800/ln 10/√13 = 188.86; LOS Φ((s − ½)/(σ/√13)) = 85.10%; old's LOS
/// against the leader Φ((3 − 6)/√9) = 15.9%; draws 4/13 = 30.77%. Recomputed apart from the
/// program when accepting it; the LLR line as in `results_sprt_of_a_two_bot_log`.
#[test]
fn results_report_block_is_as_reviewed() {
    let dir = temp_dir("results-report-snapshot");
    std::fs::write(dir.join("games.jsonl"), two_bot_sprt_log()).unwrap();
    let text = baraza_ok(["results", dir.to_str().unwrap()]);
    assert_snapshot!("results-report-block", text);
}

fn event(rounds: u32) -> EventInputs {
    EventInputs {
        ruleset: Some("darra".into()),
        rounds: Some(rounds),
        bots: ["a", "b", "c"]
            .iter()
            .map(|b| BotEntry {
                name: Some(b.to_string()),
                cmd: format!("builtin:{b}"),
                ..BotEntry::default()
            })
            .collect(),
        ..EventInputs::default()
    }
}

fn config(rounds: u32) -> TournamentConfig {
    event(rounds).resolve(2).unwrap().0
}

/// Write a log of `config` with the games whose ids are `played`, as the runner would.
fn write_log(dir: &Path, config: &TournamentConfig, played: &[&str]) {
    let sched = schedule(config).unwrap();
    let mut w = GamesWriter::create(
        &dir.join(GAMES_FILE),
        &Header::new(config, sched.len() as u64),
    )
    .unwrap();
    for g in sched
        .iter()
        .filter(|g| played.contains(&g.game_id.as_str()))
    {
        let rec: baraza::record::GameRecord = serde_json::from_str::<GameLine>(&game(
            &g.game_id,
            g.pair,
            g.game,
            &g.white_name,
            &g.black_name,
            "1-0",
            "normal",
        ))
        .unwrap()
        .record;
        // The seed and round the setup gives the referee.
        let rec = baraza::record::GameRecord {
            seed: g.seed,
            round: g.round.to_string(),
            ..rec
        };
        w.write(&GameLine::new(g, rec)).unwrap();
    }
}

#[test]
fn resume_plays_only_the_missing_games() {
    let dir = temp_dir("resume-missing");
    let c = config(2);
    // Fresh directory: everything, into a new file.
    let plan = plan_run(&c, &dir, true).unwrap();
    assert_eq!((plan.to_play.len(), plan.start), (12, LogStart::Create));

    write_log(&dir, &c, &["r1-p1-a", "r1-p1-b", "r1-p2-a", "r2-p3-b"]);
    let plan = plan_run(&c, &dir, true).unwrap();
    assert_eq!(plan.start, LogStart::Append);
    assert_eq!(plan.done.len(), 4);
    let ids: Vec<&str> = plan.to_play.iter().map(|g| g.game_id.as_str()).collect();
    // Schedule order, the half-played pair's other game included.
    assert_eq!(
        ids,
        ["r1-p2-b", "r1-p3-a", "r1-p3-b", "r2-p1-a", "r2-p1-b", "r2-p2-a", "r2-p2-b", "r2-p3-a"]
    );
    // The pure function, on its own.
    let all = schedule(&c).unwrap();
    assert_eq!(missing_games(&all, &plan.done), plan.to_play);
    assert_eq!(missing_games(&all, &[]).len(), 12);

    // Without --resume an existing log is not touched.
    let e = plan_run(&c, &dir, false).unwrap_err().to_string();
    assert!(
        e.contains("already holds a tournament (4 games played); pass --resume"),
        "{e}"
    );
}

#[test]
fn resume_refuses_a_log_of_another_configuration() {
    let dir = temp_dir("resume-refused");
    write_log(&dir, &config(2), &["r1-p1-a"]);
    // More rounds grow the event (tests/it/tournament/shards.rs); another seed is another event.
    let other_seed = TournamentConfig {
        seed: 2,
        ..config(2)
    };
    let e = plan_run(&other_seed, &dir, true).unwrap_err();
    let LogError::Resume(refused) = &e else {
        panic!("a ResumeRefused: {e}")
    };
    assert_eq!(refused.differs, "seed (1 in the file, 2 now)");
    assert_eq!(refused.file_hash, config(2).hash()[..16]);
    assert_eq!(refused.now_hash, other_seed.hash()[..16]);
    let msg = e.to_string();
    assert!(msg.starts_with(&format!(
        "refusing to resume {}: it was written by another configuration (config hash {} in the file, {} now; differs in: seed (1 in the file, 2 now))",
        dir.join(GAMES_FILE).display(),
        refused.file_hash,
        refused.now_hash
    )), "{msg}");

    // The same refusal from the command line.
    tournament("darra", &["a=builtin:a", "b=builtin:b", "c=builtin:c"])
        .command()
        .args([
            "--rounds",
            "2",
            "--seed",
            "2",
            "--resume",
            "--dry-run",
            "--out",
            dir.to_str().unwrap(),
        ])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("refusing to resume").and(predicate::str::contains(
                "differs in: seed (1 in the file, 2 now)",
            )),
        );
    // And the matching configuration resumes: the dry run lists what is left.
    tournament("darra", &["a=builtin:a", "b=builtin:b", "c=builtin:c"])
        .command()
        .args([
            "--rounds",
            "2",
            "--resume",
            "--dry-run",
            "--out",
            dir.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("# 1 games already played; 11 to play")
                .and(predicate::str::contains("r1-p1-a").not()),
        );
}

#[test]
fn appending_cuts_a_torn_tail_and_completes_an_unterminated_line() {
    let dir = temp_dir("append-repair");
    let c = config(1);
    write_log(&dir, &c, &["r1-p1-a", "r1-p1-b"]);
    let path = dir.join(GAMES_FILE);
    let intact = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{intact}{{\"game_id\":\"r1-p2-a\",\"pa")).unwrap();
    let plan = plan_run(&c, &dir, true).unwrap();
    assert_eq!(plan.torn_line, Some(4));
    assert_eq!(plan.to_play.len(), 4);
    let mut w = GamesWriter::append(&path).unwrap();
    let g = &plan.to_play[0];
    let rec = serde_json::from_str::<GameLine>(&game(
        &g.game_id,
        g.pair,
        g.game,
        &g.white_name,
        &g.black_name,
        "0-1",
        "normal",
    ))
    .unwrap()
    .record;
    let rec = baraza::record::GameRecord {
        seed: g.seed,
        round: g.round.to_string(),
        ..rec
    };
    w.write(&GameLine::new(g, rec)).unwrap();
    drop(w);
    let log = read_games_log(&dir).unwrap();
    assert_eq!(log.torn_line, None);
    assert_eq!(log.games.len(), 3);
    assert_eq!(log.games[2].game_id, "r1-p2-a");

    // A complete last line without its newline keeps its game and gets the newline.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.trim_end()).unwrap();
    GamesWriter::append(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn tournament_without_out_or_with_a_used_out() {
    let dir = temp_dir("cli-out");
    tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .command()
        .assert()
        .failure()
        .stderr(predicate::str::contains("--out DIR is required"));
    tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .out(dir.as_path())
        .command()
        .arg("--quiet")
        .assert()
        .success()
        .stdout(predicate::str::contains("2 of 2 games played"));
    let log = read_games_log(&dir).unwrap();
    assert_eq!(log.games.len(), 2);
    assert!(log
        .games
        .iter()
        .all(|g| ["1-0", "0-1", "1/2-1/2"].contains(&g.record.result.as_str())));
    write_log(&dir, &config(1), &["r1-p1-a"]);
    tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .out(dir.as_path())
        .command()
        .assert()
        .failure()
        .stderr(predicate::str::contains("pass --resume to continue it"));
}

#[test]
fn dry_run_json_lists_the_schedule() {
    let dry_run = || {
        tournament("dara", &["x=builtin:random", "y=builtin:greedy"])
            .command()
            .args([
                "--rounds",
                "2",
                "--random-opening-plies",
                "3",
                "--seed",
                "9",
                "--dry-run",
                "--json",
            ])
            .output()
            .unwrap()
    };
    let out = dry_run();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["scheduled_games"], 4);
    let ids: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["r1-p1-a", "r1-p1-b", "r2-p1-a", "r2-p1-b"]);
    // Run twice: the same schedule.
    let again = dry_run();
    assert_eq!(out.stdout, again.stdout);
}

#[test]
fn event_file_on_the_command_line() {
    let dir = temp_dir("cli-config");
    std::fs::write(
        dir.join("openings.txt"),
        "darra 5,4,4,4,4,4/4,4,4,4,4,3 1 0 0 - 0\ndarra 4,4,4,4,4,5/3,4,4,4,4,4 1 0 0 - 0\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("event.toml"),
        "ruleset = \"darra\"\nrounds = 2\nopenings = \"openings.txt\"\nmovetime = 100\n\n\
         [[bot]]\nname = \"r\"\ncmd = \"builtin:random\"\n\n\
         [[bot]]\nname = \"g\"\ncmd = \"builtin:greedy\"\ntc = \"5+0.05\"\n",
    )
    .unwrap();
    // Run from another directory: the openings path is the event file's.
    baraza()
        .current_dir(std::env::temp_dir())
        .args(["tournament", "--config"])
        .arg(dir.join("event.toml"))
        .arg("--dry-run")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("# darra round-robin, 2 bots, 2 rounds: 4 games in 2 pairs")
                .and(predicate::str::contains(
                    "    3  r2-p1-a      2     2  r         g         darra 4,4,4,4,4,5/3,4,4,4,4,4 1 0 0 - 0",
                )),
        );
    // A bad line in the openings file is named.
    std::fs::write(
        dir.join("openings.txt"),
        "# ok\ndarra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0\ndarra x\n",
    )
    .unwrap();
    let event = dir.join("event.toml");
    let dry_run = [
        "tournament",
        "--config",
        event.to_str().unwrap(),
        "--dry-run",
    ];
    let err = refused(&dry_run, 1);
    assert!(err.contains("openings.txt line 3: bad position"), "{err}");
    // An unknown key in the event file.
    std::fs::write(&event, "ruleset = \"darra\"\nround = 2\n").unwrap();
    let err = refused(&dry_run, 1);
    assert!(
        err.contains("bad event file") && err.contains("round"),
        "{err}"
    );
}

/// What the table must say, computed the obvious way from the whole list: per bot
/// `[games, half-points, W, D, L, pairs, LL, LD, DD, WD, WW, time, crash, other]`, the complete
/// pairs, and the first bot's pentanomial against the second.
fn reference(
    names: &[&str],
    games: &[(u64, usize, usize, &str, &str)],
) -> (Vec<[u64; 14]>, u64, [u64; 5]) {
    let mut per = vec![[0u64; 14]; names.len()];
    let mut legs: std::collections::BTreeMap<u64, Vec<(usize, usize, u64, u64)>> =
        Default::default();
    for &(pair, w, b, result, term) in games {
        let (hw, hb) = match result {
            "1-0" => (2, 0),
            "0-1" => (0, 2),
            "1/2-1/2" => (1, 1),
            _ => continue,
        };
        for (me, h) in [(w, hw), (b, hb)] {
            per[me][0] += 1;
            per[me][1] += h;
            per[me][2 + (2 - h as usize)] += 1; // W, D, L at 2, 3, 4
        }
        if hw != hb {
            let loser = if hw < hb { w } else { b };
            match term {
                "time forfeit" => per[loser][11] += 1,
                "crash" => per[loser][12] += 1,
                "illegal move" => per[loser][13] += 1,
                _ => {}
            }
        }
        legs.entry(pair).or_default().push((w, b, hw, hb));
    }
    let mut complete = 0;
    let mut sprt = [0u64; 5];
    for l in legs.values() {
        if let [(w1, b1, hw1, hb1), (w2, b2, hw2, hb2)] = l[..] {
            if w1 == b2 && b1 == w2 && w1 != b1 {
                complete += 1;
                // Half-points over the pair, 0..=4, is the bucket.
                let (first, second) = ((hw1 + hb2) as usize, (hb1 + hw2) as usize);
                per[w1][5] += 1;
                per[w1][6 + first] += 1;
                per[b1][5] += 1;
                per[b1][6 + second] += 1;
                if (w1, b1) == (0, 1) {
                    sprt[first] += 1;
                } else if (w1, b1) == (1, 0) {
                    sprt[second] += 1;
                }
            }
        }
    }
    (per, complete, sprt)
}

/// The SPRT's pentanomial as the run counts it (src/tournament/sprt_order.rs): the games of
/// the two header bots against each other, by pair number; pair k counts once pairs 1..=k each
/// have two such games, and only when both of its first two have a result and swap sides. With
/// elo1 = 10 and at most 40 games the test never decides, so nothing freezes here.
fn ordered_reference(games: &[(u64, usize, usize, &str, &str)]) -> [u64; 5] {
    let mut legs: std::collections::BTreeMap<u64, Vec<(bool, Option<u64>)>> = Default::default();
    for &(pair, w, b, result, _) in games {
        let half = match result {
            "1-0" => Some(2),
            "0-1" => Some(0),
            "1/2-1/2" => Some(1),
            _ => None,
        };
        match (w, b) {
            (0, 1) => legs.entry(pair).or_default().push((true, half)),
            (1, 0) => legs
                .entry(pair)
                .or_default()
                .push((false, half.map(|h| 2 - h))),
            _ => {}
        }
    }
    let mut penta = [0u64; 5];
    for k in 1.. {
        match legs.get(&k).map(|l| &l[..]) {
            Some([(w1, Some(h1)), (w2, Some(h2)), ..]) if w1 != w2 => {
                penta[(h1 + h2) as usize] += 1;
            }
            Some([_, _, ..]) => {}
            _ => break,
        }
    }
    penta
}

proptest::proptest! {
    /// The table is built game by game (`Tally`); read after every game, it must agree with the
    /// obvious computation over the games so far: pair numbers repeat (three legs, legs of
    /// other bots), results may be unscored, and a bot may be missing from the header.
    #[test]
    fn the_table_after_every_game_matches_a_recount(
        raw in proptest::collection::vec(
            (1u64..6, 0usize..4, 0usize..4, 0usize..4, 0usize..4),
            0..40,
        )
    ) {
        use baraza::tournament::table::results::Tally;
        use baraza::stats::sprt::{sprt, SprtParams};
        use baraza::stats::elo::{Model, Sample};
        let names = ["a", "b", "c", "x"]; // x is not in the header
        let results = ["1-0", "0-1", "1/2-1/2", "*"];
        let terms = ["normal", "time forfeit", "crash", "illegal move"];
        let games: Vec<(u64, usize, usize, &str, &str)> = raw
            .iter()
            .map(|&(p, w, b, r, t)| (p, w, b, results[r], terms[t]))
            .collect();
        let mut text = header(&["a", "b"], 8, r#"{"elo0":0,"elo1":10,"alpha":0.05,"beta":0.05}"#);
        text.push('\n');
        for (i, (p, w, b, r, t)) in games.iter().enumerate() {
            let id = format!("g{i}");
            text += &game(&id, *p, i as u64 + 1, names[*w], names[*b], r, t);
            text.push('\n');
        }
        let log = parse_games_log(&text, "test").unwrap().unwrap();
        let mut tally = Tally::new(&log.header);
        for k in 0..=games.len() {
            if k > 0 {
                tally.add(&log.games[k - 1]);
            }
            let s = tally.standings();
            let (per, complete, sprt_penta) = reference(&names, &games[..k]);
            proptest::prop_assert_eq!(s.complete_pairs, complete);
            let unscored = games[..k].iter().filter(|g| g.3 == "*").count() as u64;
            proptest::prop_assert_eq!((s.games, s.unscored_games), (k as u64 - unscored, unscored));
            for b in &s.bots {
                let i = names.iter().position(|n| *n == b.name).unwrap();
                let r = per[i];
                let got = [
                    b.games, (b.points * 2.0) as u64, b.wins, b.draws, b.losses, b.pairs,
                    b.penta[0], b.penta[1], b.penta[2], b.penta[3], b.penta[4],
                    b.time_forfeits, b.crashes, b.other_forfeits,
                ];
                proptest::prop_assert_eq!(got, r, "bot {} after {} games", b.name, k);
            }
            proptest::prop_assert_eq!(tally.two_bot_penta(), sprt_penta);
            let ordered = ordered_reference(&games[..k]);
            let want = sprt(SprtParams::default(), &Sample::pentanomial(ordered), Model::Pentanomial);
            proptest::prop_assert_eq!(s.sprt.unwrap().report, want);
        }
    }
}

#[test]
fn results_anchor_places_the_rating_list() {
    let dir = temp_dir("results-anchor");
    std::fs::write(dir.join("games.jsonl"), three_bot_log()).unwrap();
    let out = baraza()
        .args([
            "results",
            dir.to_str().unwrap(),
            "--json",
            "--anchor",
            "c=1500",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = &v["ratings"];
    assert_eq!(
        list["anchor"],
        serde_json::json!({"kind": "bot", "name": "c", "elo": 1500.0})
    );
    // Ordo (see results_text_from_a_hand_written_log): a 246.5875 above c, b as far below.
    let rating = |i: usize| list["ratings"][i]["rating"].as_f64().unwrap();
    assert_eq!(list["ratings"][0]["name"], "a");
    assert!((rating(0) - 1746.5875).abs() < 0.01, "{}", rating(0));
    assert!((rating(2) - 1500.0).abs() < 1e-9);
    assert_eq!(list["ratings"][2]["error95"], 0.0);
    assert!((rating(1) - 1253.4125).abs() < 0.01);
    let text = baraza()
        .args(["results", dir.to_str().unwrap(), "--anchor", "c=1500"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains(
            "Rating: fitted from all games (Bradley-Terry), c = 1500 (errors relative to it)"
        ),
        "{text}"
    );
    baraza()
        .args(["results", dir.to_str().unwrap(), "--anchor", "zed=0"])
        .assert()
        .failure()
        .stderr("baraza: --anchor: no bot named 'zed' has a rating\n");
    baraza()
        .args(["results", dir.to_str().unwrap(), "--anchor", "c"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("'c' is not NAME=ELO"));
}

#[test]
fn results_reads_a_match_jsonl_file() {
    let dir = temp_dir("results-match");
    let jsonl = dir.join("m.jsonl");
    let out = baraza()
        .args([
            "match",
            "darra",
            "builtin:greedy",
            "builtin:random",
            "--games",
            "6",
        ])
        .arg("--jsonl")
        .arg(&jsonl)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // match's own last line: "final: greedy W wins D draws L losses; ..."
    let said = String::from_utf8(out.stdout).unwrap();
    let last = said
        .lines()
        .find(|l| l.starts_with("final: greedy "))
        .unwrap();
    let n: Vec<u64> = last
        .split(';')
        .next()
        .unwrap()
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let v = results_json(&jsonl);
    assert_eq!(v["games"], 6);
    // The sides alternate game by game: three complete pairs.
    assert_eq!(v["complete_pairs"], 3);
    let p = &v["pairings"][0];
    assert_eq!(
        (&p["first"], &p["second"]),
        (&"greedy".into(), &"random".into())
    );
    let got: Vec<u64> = ["wins", "draws", "losses"]
        .iter()
        .map(|k| p[*k].as_u64().unwrap())
        .collect();
    assert_eq!(got, n[..3]);
    let text = baraza().args(["results"]).arg(&jsonl).output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("Results of greedy vs random:"), "{text}");
}

/// A two-bot log of one pair, a-b then b-a, with these results; what `results` prints, and its
/// JSON.
fn one_pair(name: &str, first: &str, second: &str) -> (String, serde_json::Value) {
    let dir = temp_dir(name);
    let log = [
        header(&["a", "b"], 2, "null"),
        game("r1-p1-a", 1, 1, "a", "b", first, "normal"),
        game("r1-p1-b", 1, 2, "b", "a", second, "normal"),
    ]
    .join("\n")
        + "\n";
    std::fs::write(dir.join("games.jsonl"), log).unwrap();
    let text = baraza_ok(["results", dir.to_str().unwrap()]);
    (text, results_json(&dir))
}

/// The row of `bot` in the text table, split in columns.
fn row<'a>(text: &'a str, bot: &str) -> Vec<&'a str> {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .find(|cols| cols.get(1) == Some(&bot) && cols[0].parse::<u32>().is_ok())
        .unwrap_or_else(|| panic!("no row for {bot}: {text}"))
}

/// A zero score is an Elo of minus infinity and a perfect one plus infinity, in the report
/// block, the table's Perf column and the JSON (which has no infinity: `elo` null and
/// `unbounded` the side); all draws are Elo 0 with no interval, nElo and LOS (no spread), and
/// every word that is not a number is explained on the `Note:` line.
#[test]
fn zero_perfect_and_all_drawn_scores_read_the_right_way_everywhere() {
    // a loses both games.
    let (text, json) = one_pair("score-zero", "0-1", "1-0");
    assert!(
        text.contains("Elo: -inf +/- undefined, nElo: undefined +/- undefined\n"),
        "{text}"
    );
    assert!(text.contains("Note: Elo -inf is a zero score; "), "{text}");
    assert!(text.contains("Points: 0.0 (0.00 %)"), "{text}");
    assert_eq!(row(&text, "a")[8], "-inf", "{text}");
    assert!(
        text.contains("; Perf ±inf: a perfect or zero score; "),
        "{text}"
    );
    assert_eq!(row(&text, "b")[8], "+inf", "{text}");
    let elo = |bot: &str| {
        let b = json["bots"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == bot)
            .unwrap();
        b["elo"].clone()
    };
    assert_eq!(elo("a")["elo"], serde_json::Value::Null);
    assert_eq!(elo("a")["unbounded"], "-inf");
    assert_eq!(elo("b")["unbounded"], "+inf");

    // a wins both.
    let (text, json) = one_pair("score-perfect", "1-0", "0-1");
    assert!(
        text.contains("Elo: inf +/- undefined, nElo: undefined +/- undefined\n"),
        "{text}"
    );
    assert!(
        text.contains("Note: Elo +inf is a perfect score; "),
        "{text}"
    );
    assert_eq!(row(&text, "a")[8], "+inf", "{text}");
    let a = &json["bots"][0];
    assert_eq!(
        (&a["name"], &a["elo"]["unbounded"]),
        (&"a".into(), &"+inf".into())
    );

    // Both drawn: a score of exactly ½ with no spread.
    let (text, json) = one_pair("score-draws", "1/2-1/2", "1/2-1/2");
    assert!(
        text.contains("Elo: 0.00 +/- undefined, nElo: undefined +/- undefined\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "LOS: undefined, DrawRatio: 100.00 %\n\
             Games: 2, Wins: 0, Losses: 0, Draws: 2, Points: 1.0 (50.00 %)\n\
             Ptnml(0-2): [0, 0, 1, 0, 0]\n\
             Note: +/-, nElo and LOS undefined: one game pair, no spread to measure\n"
        ),
        "{text}"
    );
    assert_eq!(row(&text, "a")[9], "none", "{text}");
    assert!(text.contains("Perf 95% none: one game or pair"), "{text}");
    assert_eq!(row(&text, "a")[8], "+0.0", "{text}");
    for b in json["bots"].as_array().unwrap() {
        assert_eq!(b["elo"]["elo"], 0.0, "{b}");
        assert!(b["elo"].get("unbounded").is_none(), "{b}");
        assert_eq!(b["elo"]["no_interval"], "one unit", "{b}");
        assert_eq!(b["elo"]["low"], serde_json::Value::Null, "{b}");
    }
}

/// The report block of `a` vs `b` after 1, 2, 4 and 10 games, from a's points game by game
/// (a is player 1 in odd games); every expected number derived by hand in src/stats/elo.rs's
/// table (`s̄ ± 1.96·√(var/N)`, Elo(s) = −400·log10(1/s − 1)). Nothing reads `± 0` or nan, and
/// every word that is not a number is explained on the `Note:` line.
#[test]
fn small_samples_read_honestly_at_1_2_4_and_10_games() {
    let cases: [(&[f64], &str, &str); 4] = [
        // 1 game won: a single game, not a pair.
        (
            &[1.0],
            "Elo: inf +/- undefined, nElo: undefined +/- undefined",
            "Note: Elo +inf is a perfect score; +/-, nElo and LOS undefined: one game, no spread \
             to measure",
        ),
        // A win and a loss: one pair scored ½ (this read `Elo +0.0 ± 0.0`).
        (
            &[1.0, 0.0],
            "Elo: 0.00 +/- undefined, nElo: undefined +/- undefined",
            "Note: +/-, nElo and LOS undefined: one game pair, no spread to measure",
        ),
        // Two pairs, each a win and a draw: ¾ both (this read `Elo +190.8 ± 0.0`).
        (
            &[1.0, 0.5, 0.5, 1.0],
            "Elo: 190.85 +/- undefined, nElo: undefined +/- undefined",
            "Note: +/-, nElo and LOS undefined: every game pair scored the same, no spread to \
             measure",
        ),
        // Pairs LD, DD, WL, WD, WW: s̄ = 0.6, var 0.065: Elo [−87.61, +267.53], ± 177.57; nElo
        // 0.1·800/ln 10/√0.13 = 96.36 ± 1.96·√0.013·963.6 = 215.34.
        (
            &[0.0, 0.5, 0.5, 0.5, 1.0, 0.0, 1.0, 0.5, 1.0, 1.0],
            "Elo: 70.44 +/- 177.57, nElo: 96.36 +/- 215.34\nLOS: 80.98 %",
            "",
        ),
    ];
    for (points, elo_line, note) in cases {
        let dir = temp_dir(&format!("small-{}", points.len()));
        let mut log = vec![header(&["a", "b"], points.len() as u64, "null")];
        for (k, &p) in points.iter().enumerate() {
            let a_white = k % 2 == 0;
            let white_points = if a_white { p } else { 1.0 - p };
            let result = match white_points {
                1.0 => "1-0",
                0.0 => "0-1",
                _ => "1/2-1/2",
            };
            let (w, b, leg) = if a_white {
                ("a", "b", "a")
            } else {
                ("b", "a", "b")
            };
            let pair = k as u64 / 2 + 1;
            let id = format!("r{pair}-p1-{leg}");
            log.push(game(&id, pair, k as u64 + 1, w, b, result, "normal"));
        }
        std::fs::write(dir.join("games.jsonl"), log.join("\n") + "\n").unwrap();
        let text = baraza_ok(["results", dir.to_str().unwrap()]);
        assert!(text.contains(elo_line), "{} games:\n{text}", points.len());
        if note.starts_with("Note:") {
            assert!(
                text.contains(&format!("{note}\n")),
                "{} games:\n{text}",
                points.len()
            );
        } else {
            // Every number is a number: no note.
            assert!(!text.contains("Note:"), "{text}");
        }
        assert!(
            !text.contains("nan") && !text.contains("+/- 0.00"),
            "{text}"
        );
    }
}

/// a wins all four of its games; b and c win one each against each other.
fn unbeaten_log() -> String {
    [
        header(&["a", "b", "c"], 6, "null"),
        game("r1-p1-a", 1, 1, "a", "b", "1-0", "normal"),
        game("r1-p1-b", 1, 2, "b", "a", "0-1", "normal"),
        game("r1-p2-a", 2, 3, "a", "c", "1-0", "normal"),
        game("r1-p2-b", 2, 4, "c", "a", "0-1", "normal"),
        game("r1-p3-a", 3, 5, "b", "c", "1-0", "normal"),
        game("r1-p3-b", 3, 6, "c", "b", "1-0", "normal"),
    ]
    .join("\n")
        + "\n"
}

#[test]
fn an_unbeaten_bot_gets_a_floor_and_the_others_keep_their_ratings() {
    // b and c, fitted without a, split 1-1: both 0. a's four straight wins have even odds
    // where E^4 = 1/2 against two bots at 0: E = 2^(−1/4) = 0.840896, a = 400·log10(E/(1 − E))
    // = 400·log10(5.285) = 289.23, a floor. Ordo 1.2.6 on these games (`-a 0 -z 200.2409 -d 0
    // -G`) gives a > 289.2, b 0.0, c 0.0.
    let dir = temp_dir("results-unbeaten");
    std::fs::write(dir.join("games.jsonl"), unbeaten_log()).unwrap();
    let out = baraza()
        .args(["results", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let words = |l: &str| l.split_whitespace().map(String::from).collect::<Vec<_>>();
    let lines: Vec<&str> = text.lines().collect();
    // Rank, bot, games, points, W-D-L, score, Rating, ±95%.
    assert_eq!(
        words(lines[2])[..8],
        words("1  a  4  4  4-0-0  100.0%  >+289.2  -")
    );
    for l in &lines[3..5] {
        assert_eq!(words(l)[6], "+0.0", "{text}");
        assert!(words(l)[7].parse::<f64>().unwrap() > 0.0, "{text}");
    }
    assert!(
        lines[5].contains(">/<: won/lost every game, rated where that has even odds"),
        "{text}"
    );
    // The JSON list: the bound named, its interval null; the CSV: the bound in its column.
    let v = results_json(&dir);
    let list = &v["ratings"]["ratings"];
    let a = list
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "a")
        .unwrap();
    close(&a["rating"], 289.23, 0.01);
    assert_eq!(a["bound"], "floor");
    assert!(a["error95"].is_null(), "{a}");
    let b = list
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "b")
        .unwrap();
    assert!(
        b.get("bound").is_none() && b["error95"].as_f64().unwrap() > 0.0,
        "{b}"
    );
    let csv = baraza()
        .args(["results", dir.to_str().unwrap(), "--format", "csv"])
        .output()
        .unwrap();
    let csv = String::from_utf8(csv.stdout).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows[0][23], "rating_bound");
    assert_eq!((rows[1][1], rows[1][9], rows[1][23]), ("a", "", "floor"));
    assert_eq!(rows[2][23], "");
}
