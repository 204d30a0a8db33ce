//! The final score a game's reason states, held against the one its moves reach, for
//! `--verify`: a game that ended by the rules with scores (Darra's stores) says them at the end
//! of its reason (`ended by the rules: end 20-28`), and a game adjudicated as decided says the
//! captures that decided it (`decided by the rules: player 1 has captured 25 of the 48 seeds,
//! more than half`). The result alone does not show a reason edited to another score.

use crate::game::{Position, Status};
use crate::outcome::Termination;
use crate::record::adjudication::DECIDED;
use crate::record::GameRecord;

/// The score a reason states: its last word, when that is `<n>-<m>`.
pub fn stated(reason: &str) -> Option<(u32, u32)> {
    let word = reason.split_whitespace().last()?;
    let (a, b) = word.split_once('-')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// Whether `rec`'s reason states the score of `last`, its final position: the problem, in
/// words, when it does not.
pub fn check_stated_score(rec: &GameRecord, last: &dyn Position) -> Result<(), String> {
    let shown = |s: Option<(u32, u32)>| s.map_or("none".to_string(), |(a, b)| format!("{a}-{b}"));
    match (rec.termination, last.status()) {
        (Termination::Normal, Status::Over { scores, .. }) => {
            // A reason that states no score claims none (a hand-made log's `test`).
            let says = stated(&rec.reason);
            if says.is_none() || says == scores {
                return Ok(());
            }
            Err(format!(
                "the reason states the final score {} but the moves end {}: '{}'",
                shown(says),
                shown(scores),
                rec.reason
            ))
        }
        (Termination::Adjudication, _) if rec.reason.starts_with(DECIDED) => {
            let Some((_, why)) = last.decided() else {
                return Ok(()); // not decided: the adjudication check names it
            };
            let expected = format!("{DECIDED}{why}");
            if rec.reason == expected {
                return Ok(());
            }
            Err(format!(
                "the reason is '{}' but the final position says '{expected}'",
                rec.reason
            ))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reasons_last_word_is_its_score_when_it_is_one() {
        assert_eq!(stated("ended by the rules: end 20-28"), Some((20, 28)));
        assert_eq!(stated("ended by the rules: no-moves"), None);
        assert_eq!(stated("end 20-x"), None);
        assert_eq!(stated(""), None);
    }
}
