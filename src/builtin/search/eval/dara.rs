//! Dara: pieces decide the game (down to two loses, and so does having no step). Beyond
//! material: pieces in a line cannot be removed and can be stepped out and back in to remove
//! again; an empty cell where one more piece makes exactly three is a threat when a piece of
//! ours stands next to it; free steps keep us from being blocked. While dropping, the cells
//! we may still drop on only shrink: fewer of them than pieces in hand is a lost game (no
//! legal drop, before long), and a few spare ones keep the opponent from squeezing us.

use super::SearchGame;
use crate::game::{Game, Player};
use crate::games::dara::Dara;

const PIECE: i32 = 100;
const IN_LINE: i32 = 12;
const THREAT: i32 = 30;
const STEP: i32 = 3;
/// Holding more pieces than cells left to drop them on: the game is lost.
const SQUEEZED: i32 = 20 * PIECE;
/// Each drop cell beyond those the pieces in hand need, up to [`SPARE_MAX`].
const SPARE: i32 = 6;
const SPARE_MAX: u32 = 4;

const ALL: u32 = (1 << 30) - 1;
const RANK1: u32 = 0b00001_00001_00001_00001_00001_00001;
const RANK5: u32 = RANK1 << 4;

/// Cells whose neighbour on the given side is in `m` (bit `file * 5 + rank`).
fn left(m: u32) -> u32 {
    (m << 5) & ALL
}
fn right(m: u32) -> u32 {
    m >> 5
}
fn below(m: u32) -> u32 {
    (m << 1) & !RANK1 & ALL
}
fn above(m: u32) -> u32 {
    (m >> 1) & !RANK5
}

/// Cells where one more piece of `m` makes a run of exactly three.
fn exact_three(m: u32) -> u32 {
    let (l1, r1, d1, u1) = (left(m), right(m), below(m), above(m));
    let (l2, r2, d2, u2) = (
        l1 & left(l1),
        r1 & right(r1),
        d1 & below(d1),
        u1 & above(u1),
    );
    let (l3, r3, d3, u3) = (
        l2 & left(l2),
        r2 & right(r2),
        d2 & below(d2),
        u2 & above(u2),
    );
    let h3 = l2 | r2 | (l1 & r1);
    let h4 = l3 | r3 | (l2 & r1) | (l1 & r2);
    let v3 = d2 | u2 | (d1 & u1);
    let v4 = d3 | u3 | (d2 & u1) | (d1 & u2);
    (h3 & !h4) | (v3 & !v4)
}

/// Pieces of `m` in a horizontal or vertical run of three or more.
fn in_lines(m: u32) -> u32 {
    let h = m & (m >> 5) & (m >> 10);
    let v = m & (m >> 1) & (m >> 2) & (RANK1 | RANK1 << 1 | RANK1 << 2);
    h | h << 5 | h << 10 | v | v << 1 | v << 2
}

fn side(pos: &Dara, p: Player) -> i32 {
    let mine = pos.pieces(p);
    let empty = !(mine | pos.pieces(p.other())) & ALL;
    let count = (mine.count_ones() + pos.hand(p)) as i32;
    let next_to_mine = left(mine) | right(mine) | below(mine) | above(mine);
    let threats = (exact_three(mine) & empty & next_to_mine).count_ones() as i32;
    let lines = in_lines(mine).count_ones() as i32;
    // Free steps: (piece, empty neighbour) pairs, one direction at a time.
    let steps = [left(mine), right(mine), below(mine), above(mine)]
        .iter()
        .map(|d| (d & empty).count_ones() as i32)
        .sum::<i32>();
    PIECE * count + IN_LINE * lines + THREAT * threats + STEP * steps + drops(pos, p)
}

/// The drop phase's room: see the module doc.
fn drops(pos: &Dara, p: Player) -> i32 {
    let hand = pos.hand(p);
    if hand == 0 {
        return 0;
    }
    let free = pos.drop_cells(p).count_ones();
    if free < hand {
        -SQUEEZED
    } else {
        SPARE * (free - hand).min(SPARE_MAX) as i32
    }
}

impl SearchGame for Dara {
    const WIN_SCALE: f32 = 150.0;

    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        side(self, me) - side(self, me.other())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(names: &[&str]) -> u32 {
        names
            .iter()
            .map(|n| {
                let b = n.as_bytes();
                1u32 << ((b[0] - b'a') as u32 * 5 + (b[1] - b'1') as u32)
            })
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn exact_three_sees_both_sides_and_refuses_four() {
        // a1 b1 on rank 1: c1 makes three; a1 b1 d1: c1 would make four.
        assert_eq!(exact_three(cells(&["a1", "b1"])), cells(&["c1"]));
        assert_eq!(exact_three(cells(&["a1", "b1", "d1"])) & cells(&["c1"]), 0);
        // a1 a2 vertically: a3 makes three; a gap (a1 a3): a2 fills it.
        assert_eq!(exact_three(cells(&["a1", "a2"])), cells(&["a3"]));
        assert_eq!(exact_three(cells(&["a1", "a3"])), cells(&["a2"]));
        // No wrap from rank 5 to the next file's rank 1.
        assert_eq!(exact_three(cells(&["a4", "a5"])), cells(&["a3"]));
    }

    #[test]
    fn lines_and_the_start() {
        assert_eq!(
            in_lines(cells(&["a1", "b1", "c1", "f5"])),
            cells(&["a1", "b1", "c1"])
        );
        let p = Dara::parse("dara ....../....../....../....../...... 1 12 12 0").unwrap();
        assert_eq!(p.evaluate(), 0);
    }

    /// The rules' example E12 (x to drop, no legal drop), with o to move instead.
    const E12_O_TO_MOVE: &str = "dara-niger oxx..o/o.ooxo/xx..xx/oxoxoo/o..xx. 2 1 1 0";

    #[test]
    fn drop_cells_and_the_squeeze() {
        let p = Dara::parse(E12_O_TO_MOVE).unwrap();
        // By hand (empty: d5 e5 b4 c3 d3 b1 c1 f1): every one makes three x in a row; for o,
        // b4 makes four (a4-d4) and c3 three (c2-c4), the other six are free.
        assert_eq!(p.drop_cells(Player::One), 0);
        assert_eq!(
            p.drop_cells(Player::Two),
            cells(&["d5", "e5", "d3", "b1", "c1", "f1"])
        );
        // x holds a piece it can never drop: o is winning whatever else the board says; o has
        // 5 spare cells, counted up to 4.
        assert_eq!(drops(&p, Player::One), -SQUEEZED);
        assert_eq!(drops(&p, Player::Two), SPARE * 4);
        assert!(p.evaluate() > SQUEEZED / 2, "{}", p.evaluate());
        // Plain dara forbids only runs of four: b4 would make four x (b2-b5), the other seven
        // cells are free; 6 spare, counted up to 4.
        let basic = Dara::parse(&E12_O_TO_MOVE.replace("dara-niger", "dara")).unwrap();
        assert_eq!(
            basic.drop_cells(Player::One),
            cells(&["d5", "e5", "c3", "d3", "b1", "c1", "f1"])
        );
        assert_eq!(drops(&basic, Player::One), SPARE * 4);
    }
}
