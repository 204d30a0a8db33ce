//! One `FAIL` line per cause: a bot that never flushes its moves fails the games of every
//! ruleset it is checked on, with the same reason but for the game, side and position. The
//! later ones are listed as skipped because of the first.

use super::{Check, CheckStatus};

/// `checks`, each failed check whose cause an earlier failed check had turned into a skip
/// naming that one.
pub fn one_fail_per_cause(mut checks: Vec<Check>) -> Vec<Check> {
    let mut seen: Vec<(String, String)> = Vec::new();
    for check in &mut checks {
        if !check.is_failed() {
            continue;
        }
        let key = cause(&check.detail);
        match seen.iter().find(|(k, _)| *k == key) {
            Some((_, first)) => {
                check.status = CheckStatus::Skip;
                check.passed = false;
                check.detail = format!("skipped because '{first}' failed: the same cause");
            }
            None => seen.push((key, check.name.clone())),
        }
    }
    checks
}

/// What a failed check's detail says without what differs from ruleset to ruleset: the game
/// and side (`game 3 (as player 1) `), the position (`from '...': `), and every quoted text
/// and digit (positions, moves, times, line numbers).
fn cause(detail: &str) -> String {
    let rest = if detail.starts_with("game ") {
        detail.split_once(") ").map_or(detail, |(_, r)| r)
    } else if detail.starts_with("from '") {
        detail.split_once("': ").map_or(detail, |(_, r)| r)
    } else {
        detail
    };
    let mut out = String::with_capacity(rest.len());
    let mut quoted = false;
    for c in rest.chars() {
        match c {
            '\'' => quoted = !quoted,
            _ if quoted || c.is_ascii_digit() => {}
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LATE: &str = "time forfeit: player 1 (bot) did not move within 2000 ms (+50 ms \
                        margin): it wrote nothing this turn and was waiting, not computing";

    #[test]
    fn the_same_reason_in_another_game_side_or_position_is_one_cause() {
        let later = LATE.replace("player 1", "player 2").replace("2000", "1990");
        assert_eq!(
            cause(&format!("game 1 (as player 1) {LATE}")),
            cause(&format!("game 2 (as player 2) {later}"))
        );
        assert_eq!(
            cause(&format!("game 1 (as player 1) {LATE}")),
            cause(&format!("from 'dara ....../o.o... 1 0 0 0': {later}"))
        );
        let crash = |pos: &str, line: u32| {
            format!(
                "game 1 (as player 1) crash: player 1 (bot) crashed: exited with status 1 (its \
                 turn in '{pos}'); its stderr ended: File \"bot.py\", line {line} | \
                 ZeroDivisionError: division by zero"
            )
        };
        assert_eq!(cause(&crash("darra 4,4", 30)), cause(&crash("bao x", 31)));
        // Other words are another cause.
        assert_ne!(
            cause(&crash("darra 4,4", 30)),
            cause(&crash("darra 4,4", 30).replace("ZeroDivision", "Index"))
        );
        assert_ne!(
            cause(&format!("game 1 (as player 1) {LATE}")),
            cause("still running 300 ms after 'quit' (then killed): leave the loop on 'quit'")
        );
    }

    #[test]
    fn a_cause_met_again_is_skipped_because_of_the_first() {
        let c = one_fail_per_cause(vec![
            Check::passed("hello", "3 ms".into()),
            Check::failed("darra: plays", format!("game 1 (as player 1) {LATE}")),
            Check::failed("darra: exits", "still running 300 ms after 'quit'".into()),
            Check::failed("bao: plays", format!("game 2 (as player 2) {LATE}")),
            Check::failed("bao: exits", "still running 300 ms after 'quit'".into()),
        ]);
        let status: Vec<CheckStatus> = c.iter().map(|c| c.status).collect();
        use CheckStatus::*;
        assert_eq!(status, [Ok, Fail, Fail, Skip, Skip]);
        assert_eq!(
            c[3].detail,
            "skipped because 'darra: plays' failed: the same cause"
        );
        assert_eq!(
            c[4].detail,
            "skipped because 'darra: exits' failed: the same cause"
        );
        assert!(c[3].is_skipped_for_a_failure() && !c[3].passed);
    }
}
