//! A Darra position's string rewritten in place after a move ([`Darra::reformat_text`]): the
//! referee rewrites its position text every turn, and a sowing changes a few of the 36 holes,
//! so only the run of holes from the first changed one to the last is written again, with
//! the fields after the board.

use super::{Darra, MAX_HOLES};
use crate::decimal::AsciiLine;
use crate::game::{Game, Player};

/// How many bytes `holes` take in the string, their separators included: two each, and one
/// more for each digit past the first (summed in bytes, which the compiler vectorizes).
fn width(holes: &[u8]) -> usize {
    let more = holes
        .iter()
        .fold(0u8, |n, &h| n + u8::from(h >= 10) + u8::from(h >= 100));
    2 * holes.len() + usize::from(more)
}

/// The first of the first `cells` holes that differ between `a` and `b`, and one past the
/// last one; `None` when none does. Compared four holes at a time.
fn changed_run(a: &[u8; MAX_HOLES], b: &[u8; MAX_HOLES], cells: usize) -> Option<(usize, usize)> {
    let mut run = None;
    for (k, (x, y)) in a.chunks_exact(4).zip(b.chunks_exact(4)).enumerate() {
        let word = |c: &[u8]| u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        let d = word(x) ^ word(y);
        if d != 0 {
            let hi = 4 * k + 4 - d.leading_zeros() as usize / 8;
            let lo = 4 * k + d.trailing_zeros() as usize / 8;
            run = Some((run.map_or(lo, |(f, _)| f), hi));
        }
    }
    run.filter(|&(f, _)| f < cells)
        .map(|(f, l)| (f, l.min(cells)))
}

impl Darra {
    /// Make `text`, which holds `before`'s string as [`Game::format_into`] wrote
    /// it, this position's string (formatted in full when it is not `before`'s).
    pub(super) fn reformat_text(&self, before: &Darra, text: &mut String) {
        let (old, new) = (before.holes(), self.holes());
        let n = self.n as usize;
        let id = self.ruleset_id().len();
        let cells = old.len();
        let (first, last) =
            changed_run(&before.holes, &self.holes, cells).unwrap_or((cells, cells));
        let start = id + width(&old[..first]);
        let end = start + width(&old[first..last]);
        let board_end = end + width(&old[last..]);
        let bytes = text.as_bytes();
        let fits = before.variant == self.variant
            && bytes.get(..id) == Some(self.ruleset_id().as_bytes())
            && bytes
                .get(start)
                .is_some_and(|&b| first == old.len() || b == separator(first, n))
            && bytes.get(board_end) == Some(&b' ');
        if !fits {
            text.clear();
            return self.format_into(text);
        }
        // Everything from the first changed hole on, built on the stack: the changed run (row
        // A's part, then row B's after the `/`), the holes after it as they were, the fields.
        let mut s = AsciiLine::default();
        let mid = n.clamp(first, last);
        s.u8_list(separator(first, n), b',', &new[first..mid]);
        s.u8_list(separator(mid, n), b',', &new[mid..last]);
        s.text(&text[end..board_end]);
        self.push_fields(&mut s);
        text.truncate(start);
        if !s.append_to(text) {
            text.clear();
            self.format_into(text);
        }
    }

    /// The fields after the board, each after a space: side, captures, last capturer and
    /// plies without a capture.
    pub(super) fn push_fields(&self, s: &mut AsciiLine) {
        let side = if self.side == Player::One { 1 } else { 2 };
        let [a, b] = self.captured;
        match (u8::try_from(a), u8::try_from(b)) {
            // Captures fit a byte on every board (2x18 holds 144 seeds).
            (Ok(a), Ok(b)) => s.u8_list(b' ', b' ', &[side, a, b]),
            _ => {
                s.u8_list(b' ', b' ', &[side]);
                for c in self.captured {
                    s.byte(b' ');
                    s.uint(c.into());
                }
            }
        }
        s.text(match self.last {
            None => " - ",
            Some(Player::One) => " 1 ",
            Some(Player::Two) => " 2 ",
        });
        s.uint(self.nocap);
    }
}

/// The byte before hole `i` of a board with `n` holes a row.
fn separator(i: usize, n: usize) -> u8 {
    match i {
        0 => b' ',
        _ if i == n => b'/',
        _ => b',',
    }
}
