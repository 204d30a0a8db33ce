//! A position where the side to move has exactly one legal move (not a forced `pass`, which the
//! referee plays itself): a bot must still answer, with that move.

use crate::game::Position;

/// Walks tried, and plies per walk.
const WALKS: u64 = 64;
const PLIES: usize = 400;

/// Dara's walks rarely meet one: a board where `x` can only step `e1-e2` (the other two are
/// walled in by `o`), checked by the test below for both Dara rulesets.
const DARA_BOARD: &str = "....../....../....../o.o.../xoxoxo 1 0 0 0";

/// The first such position met on a few fixed walks through the game from `start` (walk `w`
/// takes move `(ply * (2w + 1) + w) mod n` at each ply: deterministic, no generator needed),
/// or the hand-made one of Dara, with its only move; `None` when none was met.
pub fn find(start: &dyn Position) -> Option<(Box<dyn Position>, String)> {
    walk(start).or_else(|| {
        let text = format!("{} {DARA_BOARD}", start.ruleset());
        let pos = crate::games::parse_position(&text).ok()?;
        let legal = pos.legal();
        (legal.len() == 1).then(|| (pos, legal[0].clone()))
    })
}

fn walk(start: &dyn Position) -> Option<(Box<dyn Position>, String)> {
    for w in 0..WALKS {
        let mut pos = start.clone_box();
        for ply in 0..PLIES {
            if pos.status().is_over() {
                break;
            }
            let legal = pos.legal();
            if legal.len() == 1 && legal[0] != "pass" {
                let only = legal[0].clone();
                return Some((pos, only));
            }
            let pick = (ply as u64 * (2 * w + 1) + w) % legal.len() as u64;
            if !pos.play_index(pick as usize) {
                break;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::find;

    #[test]
    fn every_ruleset_has_a_found_position_with_one_non_pass_move() {
        for r in crate::games::RULESETS {
            let start = r.start_position();
            let Some((pos, only)) = find(start.as_ref()) else {
                panic!("{}: no position with one legal move found", r.id);
            };
            // Checked again from the position's own text, as the bot will see it.
            let again = crate::games::parse_position(&pos.format()).unwrap();
            assert_eq!(again.legal(), vec![only.clone()], "{}", r.id);
            assert_ne!(only, "pass");
            assert!(!again.status().is_over());
        }
    }
}
