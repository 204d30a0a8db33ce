//! `match --sprt`: the tournament's GSPRT and report on a match, which stops when the test
//! decides; and the pace line (`played N games in T (R games/s)`) at the end of `match` and
//! `tournament`.

use crate::support::{temp_dir, tournament, Match, ILLEGAL_MOVER as LOSER};

const SPRT: &str = "elo0=0,elo1=100,alpha=0.1,beta=0.1";

/// The line of `text` that starts with `prefix`.
fn line<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' line: {text}"))
}

/// `played 12 games in 0.4 s (30.0 games/s)`: the count, and a rate that is a number.
fn assert_pace(text: &str, games: usize) {
    let l = line(text, "played ");
    assert!(l.starts_with(&format!("played {games} games in ")), "{l}");
    let rate = l
        .rsplit_once(" (")
        .and_then(|(_, r)| r.strip_suffix(" games/s)"))
        .and_then(|r| r.parse::<f64>().ok());
    assert!(rate.is_some_and(|r| r > 0.0), "{l}");
}

#[test]
fn match_sprt_stops_when_it_decides_with_the_tournaments_report() {
    let run = Match::new("darra", "builtin:greedy", LOSER)
        .args(["--name2", "loser", "--sprt", SPRT])
        .played();
    let err = run.stderr;
    let llr = line(&err, "LLR: ");
    let pairs: usize = llr
        .split(" H1 accepted after ")
        .nth(1)
        .and_then(|r| r.strip_suffix(" pairs"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{llr}"));
    assert!(pairs >= 2, "{llr}");
    // One game at a time: exactly the pairs the test needed, far fewer than the cap.
    assert_eq!(
        run.stdout.iter().filter(|l| l.starts_with("game ")).count(),
        2 * pairs
    );
    assert_eq!(
        line(&err, "SPRT stopped"),
        format!(
            "SPRT stopped the match after {} of 10000 scheduled games: H1 accepted (decided by pairs 1 to {pairs}: {} games)",
            2 * pairs,
            2 * pairs
        )
    );
    assert_pace(&err, 2 * pairs);

    // The same bots in a tournament: the same LLR line, word for word.
    let dir = temp_dir("match-sprt");
    let t = tournament("darra", &["builtin:greedy", &format!("loser={LOSER}")])
        .rounds(100)
        .concurrency(1)
        .quiet()
        .args(["--sprt", SPRT])
        .out(dir.join("t"))
        .played();
    let table = String::from_utf8(t.stdout).unwrap();
    assert_eq!(line(&table, "LLR: "), llr);
    assert_pace(&String::from_utf8(t.stderr).unwrap(), 2 * pairs);
}

#[test]
fn a_match_ends_with_its_pace() {
    let err = Match::new("darra", "builtin:random", "builtin:greedy")
        .games(4)
        .played()
        .stderr;
    assert_pace(&err, 4);
    assert!(
        err.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("played 4 games in "),
        "{err}"
    );
}
