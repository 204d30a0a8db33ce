//! The two-bot report block: every `--report-every N` games in `match` and `tournament` (on
//! stderr), and `match`'s score line at the end (stderr: stdout keeps its form).

use crate::support::{temp_dir, tournament, Match, ILLEGAL_MOVER};

#[test]
fn match_reports_every_n_games_and_ends_with_a_score_line() {
    let run = Match::new("darra", "builtin:greedy", "builtin:random")
        .games(6)
        .args(["--report-every", "2"])
        .played();
    // stdout keeps its form: a line per game, then the final line.
    let stdout = &run.stdout_text;
    assert_eq!(stdout.lines().count(), 7, "{stdout}");
    let fin = stdout.lines().last().unwrap();
    assert!(fin.starts_with("final: greedy "), "{stdout}");
    // On stderr: the block after games 2 and 4, then the score line and the block of all six
    // (once: not also as the block after game 6).
    let text = &run.stderr;
    let lines: Vec<&str> = text.lines().collect();
    let blocks: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| **l == "Results of greedy vs random:")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(blocks.len(), 3, "{text}");
    assert!(lines[blocks[2] - 1].starts_with("score: greedy "), "{text}");
    for (k, &i) in blocks.iter().enumerate() {
        let games = 2 * (k + 1);
        assert!(
            lines[i + 3].starts_with(&format!("Games: {games}, Wins: ")),
            "{}",
            lines[i + 3]
        );
        assert!(
            lines[i + 4].starts_with("Ptnml(0-2): ["),
            "{}",
            lines[i + 4]
        );
    }
    // The final line's counts and the score line agree: points = wins + draws/2.
    let [wins, draws, _] = run.tally();
    let points = wins as f64 + draws as f64 / 2.0;
    let score = lines[blocks[2] - 1];
    assert!(
        score.starts_with(&format!("score: greedy {points}/6 (")),
        "{score}"
    );
    assert!(score.contains(" against random, Elo "), "{score}");
}

/// `--report-every 100` over 200 games: the block after game 100, and the final one once.
#[test]
fn the_last_block_is_printed_once() {
    let err = Match::new("darra", "builtin:random", "builtin:random")
        .games(200)
        .args(["--report-every", "100", "--concurrency", "2"])
        .played()
        .stderr;
    assert_eq!(
        err.matches("Results of random vs random-2:").count(),
        2,
        "{err}"
    );
    assert_eq!(err.matches("Games: 100, ").count(), 1, "{err}");
    assert_eq!(err.matches("Games: 200, ").count(), 1, "{err}");
}

#[test]
fn tournament_reports_every_n_games_on_stderr() {
    let dir = temp_dir("report-every");
    let out = tournament("darra", &["g=builtin:greedy", "r=builtin:random"])
        .rounds(5)
        .args(["--report-every", "4"])
        .concurrency(1)
        .quiet()
        .out(dir.0.join("t"))
        .played();
    let err = String::from_utf8(out.stderr).unwrap();
    // 10 games: after the 4th and the 8th.
    assert_eq!(err.matches("Results of g vs r:").count(), 2, "{err}");
    assert!(err.contains("Games: 4, Wins: "), "{err}");
    assert!(err.contains("Games: 8, Wins: "), "{err}");
    // And the final table has the block for all ten.
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("Games: 10, Wins: "), "{table}");
}

/// A bot that loses every game (an illegal move at each turn) scores zero: its score line and
/// report say minus infinity and "a zero score", never `inf` or "a perfect score".
#[test]
fn a_match_lost_every_game_reads_minus_infinity() {
    let run = Match::new("darra", ILLEGAL_MOVER, "builtin:random")
        .args(["--name1", "loser"])
        .games(2)
        .played();
    let stdout = run.stdout_text;
    assert_eq!(stdout.matches(" illegal move, ").count(), 2, "{stdout}");
    let err = run.stderr;
    assert!(
        err.contains(
            "score: loser 0/2 (0.0%) against random, Elo -inf (a zero score), \
             no interval (one game pair, no spread to measure)\n"
        ),
        "{err}"
    );
    assert!(
        err.contains("Elo: -inf +/- undefined, nElo: undefined +/- undefined\n"),
        "{err}"
    );
    assert!(
        err.contains(
            "Note: Elo -inf is a zero score; +/-, nElo and LOS undefined: one game pair, \
             no spread to measure\n"
        ),
        "{err}"
    );
    assert!(!err.contains("nan") && !err.contains("± 0.0"), "{err}");
    assert!(!err.contains("perfect"), "{err}");
}
