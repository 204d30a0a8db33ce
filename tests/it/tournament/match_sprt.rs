//! `match --sprt`: the tournament's GSPRT and report on a match, which stops when the test
//! decides; and the pace line (`played N games in T (R games/s)`) at the end of `match` and
//! `tournament`.

use crate::support::{baraza, temp_dir};

/// Loses every game at once (an illegal move): against it every pair is won twice, so the
/// games and the test are the same in a match and in a tournament whatever the seeds.
const LOSER: &str =
    "sh -c 'while read l; do case $l in baraza*) echo ready;; go*) echo move zz;; esac; done'";
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
    let out = baraza()
        .args([
            "match",
            "darra",
            "builtin:greedy",
            LOSER,
            "--name2",
            "loser",
        ])
        .args(["--sprt", SPRT])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8(out.stderr).unwrap();
    let llr = line(&err, "LLR: ");
    let pairs: usize = llr
        .split(" H1 accepted after ")
        .nth(1)
        .and_then(|r| r.strip_suffix(" pairs"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{llr}"));
    assert!(pairs >= 2, "{llr}");
    // One game at a time: exactly the pairs the test needed, far fewer than the cap.
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("game ")).count(),
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
    let t = baraza()
        .args(["tournament", "darra", "--bot", "builtin:greedy", "--bot"])
        .arg(format!("loser={LOSER}"))
        .args([
            "--rounds",
            "100",
            "--concurrency",
            "1",
            "--quiet",
            "--sprt",
            SPRT,
        ])
        .arg("--out")
        .arg(dir.join("t"))
        .output()
        .unwrap();
    assert!(t.status.success(), "{}", String::from_utf8_lossy(&t.stderr));
    let table = String::from_utf8(t.stdout).unwrap();
    assert_eq!(line(&table, "LLR: "), llr);
    assert_pace(&String::from_utf8(t.stderr).unwrap(), 2 * pairs);
}

#[test]
fn a_match_ends_with_its_pace() {
    let out = baraza()
        .args([
            "match",
            "darra",
            "builtin:random",
            "builtin:greedy",
            "--games",
            "4",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
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
