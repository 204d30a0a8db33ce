//! The two-bot report block (`Results of a vs b:`) and the SPRT line of a two-bot log; scores
//! of zero, one and a half read the right way everywhere, and small samples read honestly.

use super::*;

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
    log(&lines)
}

/// [`two_bot_sprt_log`]: the exact GSPRT LLR of [1, 1, 1, 1, 2] for elo 0 against 10 is
/// 0.0455594 (fishtest's `LLR_logistic` on the same counts; see tests/it/tournament/sprt.rs for
/// the method).
#[test]
fn results_sprt_of_a_two_bot_log() {
    let dir = log_dir("results-sprt", &two_bot_sprt_log());
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
    let text = results(&dir, &[]);
    assert!(
        text.contains(
            "SPRT new vs old (elo0=0,elo1=10,alpha=0.05,beta=0.05): LLR 0.05 [-2.94, 2.94] over 6 pairs: continue"
        ),
        "{text}"
    );
    // The two-bot report, from new's side: LL, LD, DD, WD, WW, WW and one more win are
    // W 0+0+0+1+2+2+1 = 6, D 0+1+2+1 = 4, L 2+1 = 3; 8 points of 13 = 61.54%; the LLR
    // 0.045559 is 1.5% of the way to 2.944.
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
    let dir = log_dir("results-report-snapshot", &two_bot_sprt_log());
    let text = results(&dir, &[]);
    assert_snapshot!("results-report-block", text);
}

/// A two-bot log of one pair, a-b then b-a, with these results; what `results` prints, and its
/// JSON.
fn one_pair(name: &str, first: &str, second: &str) -> (String, serde_json::Value) {
    let dir = log_dir(
        name,
        &log(&[
            header(&["a", "b"], 2, "null"),
            game("r1-p1-a", 1, 1, "a", "b", first, "normal"),
            game("r1-p1-b", 1, 2, "b", "a", second, "normal"),
        ]),
    );
    let text = results(&dir, &[]);
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
        let mut lines = vec![header(&["a", "b"], points.len() as u64, "null")];
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
            lines.push(game(&id, pair, k as u64 + 1, w, b, result, "normal"));
        }
        let dir = log_dir(&format!("small-{}", points.len()), &log(&lines));
        let text = results(&dir, &[]);
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
