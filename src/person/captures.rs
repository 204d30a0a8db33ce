//! What a move took, and for whom: in Darra a sowing can make fours in the opponent's row,
//! which go to that row's owner, so one move may feed both stores.

use crate::game::{GameKind, Player, Position};

/// Seeds or pieces taken by the mover and by the other player between `before` and `after`
/// (one move, or a move and a forced pass).
pub fn taken(before: &dyn Position, after: &dyn Position, mover: Player) -> (i64, i64) {
    if let (Some(b), Some(a)) = (before.stores(), after.stores()) {
        let gain = |p: Player| i64::from(a[p.index()]) - i64::from(b[p.index()]);
        return (gain(mover), gain(mover.other()));
    }
    // Dara's material is the pieces left, so a capture moves it by one per piece; Bao's seeds
    // never leave the board, they change sides, which moves the difference twice.
    let gain = after.material(mover) - before.material(mover);
    let gain = match before.kind() {
        GameKind::Bao => gain / 2,
        GameKind::Dara | GameKind::Darra => gain,
    };
    (gain.max(0), 0)
}

/// `4A`, `4A: captured 8`, or `5B: captured 12 (and 4 for you)`: `other` names who got the
/// rest.
pub fn describe(mv: &str, (mine, theirs): (i64, i64), other: &str) -> String {
    match (mine > 0, theirs > 0) {
        (false, false) => mv.to_string(),
        (true, false) => format!("{mv}: captured {mine}"),
        (false, true) => format!("{mv}: captured nothing ({theirs} for {other})"),
        (true, true) => format!("{mv}: captured {mine} (and {theirs} for {other})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::parse_position;

    fn took(pos: &str, mv: &str) -> (i64, i64) {
        let before = parse_position(pos).unwrap();
        let mover = before.side_to_move();
        let mut after = before.clone_box();
        after.play(mv).unwrap();
        taken(before.as_ref(), after.as_ref(), mover)
    }

    // The positions are worked examples of the Darra rules (darra-examples.tsv).
    #[test]
    fn a_darra_sowing_that_makes_a_four_captures_it() {
        let t = took("darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3", "4A");
        assert_eq!(t, (4, 0));
        assert_eq!(describe("4A", t, "the bot"), "4A: captured 4");
    }

    #[test]
    fn fours_made_in_the_other_row_go_to_its_owner() {
        // Stores 8 8 become 12 20: player 2 sowed 5B and took 12, player 1 got 4.
        let t = took("darra 2,0,3,1,0,2/1,3,1,2,14,3 2 8 8 1 0", "5B");
        assert_eq!(t, (12, 4));
        assert_eq!(describe("5B", t, "you"), "5B: captured 12 (and 4 for you)");
    }

    #[test]
    fn a_quiet_move_captures_nothing() {
        let t = took("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0", "6A");
        assert_eq!(t, (0, 0));
        assert_eq!(describe("6A", t, "the bot"), "6A");
    }

    #[test]
    fn a_dara_capture_takes_one_piece() {
        // dara-examples.tsv: c2-c3 makes a three and takes the piece on d4.
        let t = took(
            "dara ooo.x./x..o../xx..o./..x..o/.x.... 1 0 0 4",
            "c2-c3xd4",
        );
        assert_eq!(t, (1, 0));
    }
}
