//! The board's geometry: where each player's circuit index sits on the 4x8 board (rows
//! `a..d`, columns `1..8`), the hole names and which way a sowing direction points. Shared by
//! move generation (token order) and the text forms.

use super::sowing::CW;

/// Row letters `a..d` as indices 0..3.
pub const ROWS: [u8; 4] = *b"abcd";

/// The (player index, circuit index) of the hole in row `row` (0..3 = a..d), column `col0`
/// (0..7 = columns 1..8).
pub fn hole_at(row: usize, col0: usize) -> (usize, usize) {
    match row {
        0 => (0, 15 - col0),
        1 => (0, col0),
        2 => (1, 7 - col0),
        _ => (1, 8 + col0),
    }
}

/// The (row 0..3, column 0..7) of a player's circuit index.
pub fn place_of(player: usize, idx: usize) -> (usize, usize) {
    match (player, idx < 8) {
        (0, true) => (1, idx),
        (0, false) => (0, 15 - idx),
        (_, true) => (2, 7 - idx),
        (_, false) => (3, idx - 8),
    }
}

/// The hole name, e.g. `b5`.
pub fn hole_name(player: usize, idx: usize) -> [u8; 2] {
    let (row, col) = place_of(player, idx);
    [ROWS[row], b'1' + col as u8]
}

/// The direction character (G5) of a step `dir` from a hole: `>` = towards column 8 in the
/// hole's row.
pub fn dir_char(player: usize, idx: usize, dir: u8) -> u8 {
    // Column grows clockwise in rows b and d, anticlockwise in rows a and c.
    let cw_is_right = (player == 0) == (idx < 8);
    if (dir == CW) == cw_is_right {
        b'>'
    } else {
        b'<'
    }
}
