//! Adjudication with real bot processes: `--adjudicate decided` (exact, from the rules),
//! `--adjudicate-draw` and `--adjudicate-resign` over the scores the bots claim, their
//! termination and reason in the JSON and PGN logs, and `replay --verify` / `results --verify`
//! counting the rules again from the log.

use crate::support::*;
use std::path::Path;

/// `score_bot.sh` claiming `score` before every move.
fn scorer(score: &str) -> String {
    format!("{SCORE_BOT} {score}")
}

/// `match darra BOT1 BOT2 --names lo hi ... EXTRA`: its games from --jsonl and the PGN path.
fn adjudicated_match(dir: &Path, bot1: &str, bot2: &str, extra: &[&str]) -> Vec<serde_json::Value> {
    let jsonl = dir.join("games.jsonl");
    let pgn = dir.join("games.pgn");
    Match::new("darra", bot1, bot2)
        .names("lo", "hi")
        .games(2)
        .movetime(2000)
        .args(extra)
        .jsonl(&jsonl)
        .pgn(&pgn)
        .played()
        .all_records()
}

#[test]
fn resign_rule_ends_the_game_when_one_bot_scores_below_the_threshold() {
    let dir = temp_dir("adj-resign");
    let games = adjudicated_match(
        &dir,
        &scorer("cp -600"),
        &scorer("cp 0"),
        &["--adjudicate-resign", "movecount=3,score=500"],
    );
    // Game 1: lo is player 1, its third move is ply 5; game 2: lo is player 2, ply 6.
    let want = [("0-1", 5, "player 1 (lo)"), ("1-0", 6, "player 2 (lo)")];
    for (g, (result, plies, who)) in games.iter().zip(want) {
        assert_eq!(g["termination"], "adjudication", "{g}");
        assert_eq!(g["result"], result, "{g}");
        assert_eq!(g["plies"], plies, "{g}");
        assert_eq!(
            g["reason"],
            format!(
                "resign rule (movecount=3,score=500): {who} scored -500 or less on its last 3 moves"
            )
        );
    }
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert!(pgn.contains("[Termination \"adjudication\"]"), "{pgn}");
    assert!(
        pgn.contains("-6.00/1}"),
        "the scores are in the move comments: {pgn}"
    );
    assert!(verify_log(&dir.join("games.pgn")).contains("OK"));
    verify_jsonl_as_pgn_is_checked_too(&dir);
}

/// The PGN with one recorded score changed no longer calls the rule: `replay --verify` says so.
fn verify_jsonl_as_pgn_is_checked_too(dir: &Path) {
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    let tampered = pgn.replacen("-6.00/1}", "-4.99/1}", 1);
    assert_ne!(tampered, pgn);
    let bad = dir.join("tampered.pgn");
    std::fs::write(&bad, tampered).unwrap();
    let err = refused(&["replay", bad.to_str().unwrap(), "--verify"], 1);
    assert!(
        err.contains("the recorded scores do not call the rule the reason names"),
        "{err}"
    );
}

#[test]
fn two_sided_resign_waits_for_the_winner_to_agree() {
    let dir = temp_dir("adj-resign2");
    let games = adjudicated_match(
        &dir,
        &scorer("cp -600"),
        &scorer("win 9"),
        &["--adjudicate-resign", "movecount=3,score=500,twosided=true"],
    );
    // Game 1: lo (player 1) has three low scores at ply 5, hi's third high one is ply 6.
    let g = &games[0];
    assert_eq!(
        (g["result"].as_str(), g["plies"].as_u64()),
        (Some("0-1"), Some(6))
    );
    assert_eq!(
        g["reason"],
        "resign rule (movecount=3,score=500,twosided=true): player 1 (lo) scored -500 or less on its last 3 moves, and player 2 (hi) 500 or more on its last 3"
    );
    assert!(verify_log(&dir.join("games.pgn")).contains("OK"));
}

#[test]
fn draw_rule_needs_movenumber_moves_and_both_scores_near_zero() {
    // Blanks around '=' and after commas are taken, as a shell user quotes them.
    for (k, rule) in [
        "movenumber=5,movecount=2,score=10",
        "movenumber = 5, movecount = 2, score = 10",
    ]
    .into_iter()
    .enumerate()
    {
        let dir = temp_dir(&format!("adj-draw-{k}"));
        let games = adjudicated_match(
            &dir,
            &scorer("cp 10"),
            &scorer("cp -10"),
            &["--adjudicate-draw", rule],
        );
        for g in &games {
            assert_eq!(g["termination"], "adjudication", "{g}");
            assert_eq!(g["result"], "1/2-1/2");
            // Each side's fifth move: ply 10.
            assert_eq!(g["plies"], 10);
            assert_eq!(
                g["reason"],
                "draw rule (movenumber=5,movecount=2,score=10): both bots scored between -10 and 10 on their last 2 moves"
            );
        }
        assert!(verify_log(&dir.join("games.pgn")).contains("OK"));
    }
    // A bound of 9 is never met: the rules end the games.
    let dir = temp_dir("adj-nodraw");
    let games = adjudicated_match(
        &dir,
        &scorer("cp 10"),
        &scorer("cp -10"),
        &["--adjudicate-draw", "movenumber=5,movecount=2,score=9"],
    );
    assert!(
        games.iter().all(|g| g["termination"] == "normal"),
        "{games:?}"
    );
}

/// The final position of a recorded game, by `baraza rules apply`.
fn final_position(g: &serde_json::Value) -> String {
    let mut args = vec!["rules".to_string(), "apply".to_string()];
    args.push(g["start"].as_str().unwrap().to_string());
    for m in g["moves"].as_array().unwrap() {
        args.push(m.as_str().unwrap().to_string());
    }
    baraza_ok(&args).trim().to_string()
}

#[test]
fn decided_ends_a_darra_game_once_a_store_holds_more_than_half() {
    let dir = temp_dir("adj-decided");
    let games = adjudicated_match(
        &dir,
        "builtin:greedy",
        "builtin:random",
        &["--adjudicate", "decided", "--seed", "5"],
    );
    for g in &games {
        assert_eq!(g["termination"], "adjudication", "{g}");
        let reason = g["reason"].as_str().unwrap();
        let pos = final_position(g);
        // darra <holes> <side> <captured1> <captured2> <last> <nocap>
        let f: Vec<&str> = pos.split(' ').collect();
        let captured = [f[3].parse::<u32>().unwrap(), f[4].parse::<u32>().unwrap()];
        let winner = if captured[0] > 24 { 0 } else { 1 };
        assert!(captured[winner] > 24, "{pos}");
        assert_eq!(
            reason,
            format!(
                "decided by the rules: player {} has captured {} of the 48 seeds, more than half",
                winner + 1,
                captured[winner]
            )
        );
        assert_eq!(g["result"], ["1-0", "0-1"][winner]);
        // Adjudicated at once: the position before the last move was not decided yet.
        let before = &g["moves"].as_array().unwrap().len() - 1;
        let mut prev = g.clone();
        prev["moves"] = serde_json::Value::Array(g["moves"].as_array().unwrap()[..before].to_vec());
        let f2: Vec<u32> = final_position(&prev)
            .split(' ')
            .skip(3)
            .take(2)
            .map(|x| x.parse().unwrap())
            .collect();
        assert!(f2.iter().all(|&c| c <= 24), "{f2:?}");
        assert_eq!(baraza_ok(["rules", "status", &pos]).trim(), "ongoing");
    }
    assert!(verify_log(&dir.join("games.pgn")).contains("OK"));
    // The same games without the option run on to the rules' end.
    let dir2 = temp_dir("adj-undecided");
    let full = adjudicated_match(&dir2, "builtin:greedy", "builtin:random", &["--seed", "5"]);
    for (a, f) in games.iter().zip(&full) {
        assert_eq!(f["termination"], "normal");
        assert!(f["plies"].as_u64() > a["plies"].as_u64());
        assert_eq!(
            f["result"], a["result"],
            "decided means the result is the same"
        );
    }
    // A result other than the decided one is refused by --verify.
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    let first = &pgn[..pgn[1..].find("[Event ").map_or(pgn.len(), |k| k + 1)];
    let r = games[0]["result"].as_str().unwrap();
    let other = if r == "1-0" { "0-1" } else { "1-0" };
    let tampered = first
        .replace(
            &format!("[Result \"{r}\"]"),
            &format!("[Result \"{other}\"]"),
        )
        .replace(&format!("\n{r}\n"), &format!("\n{other}\n"));
    let bad = dir.join("tampered.pgn");
    std::fs::write(&bad, tampered).unwrap();
    let err = refused(&["replay", bad.to_str().unwrap(), "--verify"], 1);
    assert!(err.contains("but the final position is decided"), "{err}");
}

#[test]
fn bad_rule_values_are_refused_naming_the_key() {
    let randoms = Match::new("darra", "builtin:random", "builtin:random");
    let err = randoms
        .clone()
        .args(["--adjudicate-resign", "movecount=3"])
        .refused(2);
    assert!(
        err.contains("--adjudicate-resign: score=N is missing"),
        "{err}"
    );
    let err = randoms.args(["--adjudicate", "sure"]).refused(2);
    assert!(err.contains("possible values: decided"), "{err}");
}

#[test]
fn tournament_adjudicates_from_the_event_file_and_results_verify_accepts_it() {
    let dir = temp_dir("adj-tournament");
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        format!(
            "ruleset = \"darra\"\nmovetime = 2000\nadjudicate-resign = \"movecount=2,score=300\"\n\
             [[bot]]\nname = \"lo\"\ncmd = \"{}\"\n[[bot]]\nname = \"hi\"\ncmd = \"{}\"\n",
            scorer("cp -300"),
            scorer("cp 50")
        ),
    )
    .unwrap();
    let out = dir.join("run");
    event_tournament(&event)
        .concurrency(1)
        .out(&out)
        .command()
        .assert()
        .success();
    let lines = read_jsonl(&out.join("games.jsonl"));
    assert_eq!(
        lines[0]["event"]["adjudication"]["resign"], "movecount=2,score=300",
        "the header holds the rule: {}",
        lines[0]
    );
    let games: Vec<_> = lines
        .iter()
        .filter(|l| l.get("termination").is_some())
        .collect();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g["termination"], "adjudication", "{g}");
        let lo_white = g["white"] == "lo";
        assert_eq!(g["result"], if lo_white { "0-1" } else { "1-0" });
        assert_eq!(g["plies"], if lo_white { 3 } else { 4 });
    }
    let verified = baraza_ok(["results", out.to_str().unwrap(), "--verify"]);
    assert!(
        verified.contains("verified 2 games: no problem"),
        "{verified}"
    );
}
