//! Dara, the West African 5x6 drop-then-move three-in-a-row game, as `shared/rules/dara.md`
//! specifies it (variants `dara` and `dara-niger`).
//!
//! Each colour is one file-major 30-bit board, cell index `file * 5 + rank` (a1 = 0, a5 = 4,
//! f5 = 29). Moves are generated in that cell order, which is exactly the byte order of the
//! tokens (`a1 < a2 < ... < b1`), so no sorting is needed.

use super::Ruleset;
use crate::decimal::push_uint;
use crate::game::{
    lost_without_moves, parse_side, parse_uint, split_fields, Capture, Game, GameKind, MoveError,
    Outcome, Player, PositionError, Status,
};

/// Dara, and the variant played in Niger.
pub const RULESETS: &[Ruleset] = &[
    Ruleset::new::<Dara>(
        "dara",
        "Dara, West African 5x6 drop-then-move three-in-a-row game, 12 pieces each",
        "dara ....../....../....../....../...... 1 12 12 0",
        None,
    ),
    Ruleset::new::<Dara>(
        "dara-niger",
        "Dara as played in Niger: no three-in-a-row may be made while dropping",
        "dara-niger ....../....../....../....../...... 1 12 12 0",
        None,
    ),
];

const FILES: usize = 6;
const RANKS: usize = 5;
const CELLS: usize = 30;
const NO_CELL: u8 = u8::MAX;
const ALL: u32 = (1 << CELLS) - 1;
/// Pieces per player.
pub const PIECES: u32 = 12;
/// Steps without a removal that draw the game.
pub const LIMIT: u32 = 100;

/// Cells on rank 1 and on rank 5 (bit `file * 5 + rank`).
const RANK1: u32 = 0b00001_00001_00001_00001_00001_00001;
const RANK5: u32 = RANK1 << 4;
/// Cells where a vertical run of three can start (ranks 1 to 3).
const V_START: u32 = RANK1 | RANK1 << 1 | RANK1 << 2;

fn rank_of(c: u8) -> u8 {
    c % RANKS as u8
}

fn file_of(c: u8) -> u8 {
    c / RANKS as u8
}

fn cell_at(rank: usize, file: usize) -> u8 {
    (file * RANKS + rank) as u8
}

fn cell_name(c: u8) -> [u8; 2] {
    [b'a' + file_of(c), b'1' + rank_of(c)]
}

/// A move's token as bytes: `c3`, `c3-d3`, `c3-d3xe1` (at most 8).
fn token_bytes(mv: DaraMove) -> ([u8; 8], usize) {
    let mut t = [0u8; 8];
    let mut n = 0;
    let mut push = |bytes: &[u8]| {
        t[n..n + bytes.len()].copy_from_slice(bytes);
        n += bytes.len();
    };
    if mv.from != NO_CELL {
        push(&cell_name(mv.from));
        push(b"-");
    }
    push(&cell_name(mv.to));
    if mv.remove != NO_CELL {
        push(b"x");
        push(&cell_name(mv.remove));
    }
    (t, n)
}

fn parse_cell(s: &[u8]) -> Option<u8> {
    match s {
        [f @ b'a'..=b'f', r @ b'1'..=b'5'] => {
            Some(cell_at((r - b'1') as usize, (f - b'a') as usize))
        }
        _ => None,
    }
}

/// Iterate the set bits of a mask in increasing order, which is token order.
fn cells(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let c = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(c)
    })
}

/// Neighbour masks of a set of pieces `m`, for every cell at once: `l[k]` has a cell when the
/// `k + 1` cells to its left (lower files) are all in `m`; `r` right, `d` down (lower ranks), `u`
/// up. A run through a cell is then the pieces on both sides plus the cell itself.
struct Neighbours {
    l: [u32; 3],
    r: [u32; 3],
    d: [u32; 3],
    u: [u32; 3],
}

impl Neighbours {
    fn of(m: u32) -> Neighbours {
        let l1 = (m << 5) & ALL;
        let r1 = m >> 5;
        let d1 = (m << 1) & !RANK1 & ALL;
        let u1 = (m >> 1) & !RANK5;
        let l2 = l1 & (m << 10);
        let r2 = r1 & (m >> 10);
        let d2 = d1 & (d1 << 1);
        let u2 = u1 & (u1 >> 1);
        Neighbours {
            l: [l1, l2, l2 & (m << 15)],
            r: [r1, r2, r2 & (m >> 15)],
            d: [d1, d2, d2 & (d1 << 2)],
            u: [u1, u2, u2 & (u1 >> 2)],
        }
    }

    /// Cells where a piece would have a horizontal run of at least 3, and of at least 4.
    fn horizontal(&self) -> (u32, u32) {
        let (l, r) = (&self.l, &self.r);
        let three = l[1] | (l[0] & r[0]) | r[1];
        let four = l[2] | (l[1] & r[0]) | (l[0] & r[1]) | r[2];
        (three, four)
    }

    /// The same vertically.
    fn vertical(&self) -> (u32, u32) {
        let (d, u) = (&self.d, &self.u);
        let three = d[1] | (d[0] & u[0]) | u[1];
        let four = d[2] | (d[1] & u[0]) | (d[0] & u[1]) | u[2];
        (three, four)
    }
}

/// For every cell at once: does a piece placed there (on top of `m`) make a run of at least 3,
/// and of at least 4?
fn run_masks(m: u32) -> (u32, u32) {
    let n = Neighbours::of(m);
    let (h3, h4) = n.horizontal();
    let (v3, v4) = n.vertical();
    (h3 | v3, h4 | v4)
}

/// The pieces of `m` that are in a line: part of a horizontal or vertical run of 3 or more.
fn in_lines(m: u32) -> u32 {
    let h = m & (m >> 5) & (m >> 10);
    let v = m & (m >> 1) & (m >> 2) & V_START;
    h | h << 5 | h << 10 | v | v << 1 | v << 2
}

/// A Dara move: a drop, or a step with an optional removal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DaraMove {
    /// `NO_CELL` for a drop.
    from: u8,
    to: u8,
    /// `NO_CELL` when nothing is removed.
    remove: u8,
}

/// A Dara position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dara {
    niger: bool,
    /// Each player's pieces, bit `file * 5 + rank`.
    pieces: [u32; 2],
    side: Player,
    hand: [u8; 2],
    nocap: u32,
}

impl Dara {
    pub fn start(niger: bool) -> Dara {
        Dara {
            niger,
            pieces: [0; 2],
            side: Player::One,
            hand: [PIECES as u8; 2],
            nocap: 0,
        }
    }

    /// The pieces of `p` on the board, bit `file * 5 + rank`.
    pub fn pieces(&self, p: Player) -> u32 {
        self.pieces[p.index()]
    }

    /// Pieces `p` has not dropped yet.
    pub fn hand(&self, p: Player) -> u32 {
        self.hand[p.index()] as u32
    }

    /// Whether this is `dara-niger` (no three-in-a-row while dropping).
    pub fn is_niger(&self) -> bool {
        self.niger
    }

    /// The empty cells where `p` may drop (whoever is to move): those where its piece would
    /// not make a run the variant forbids. They only shrink during the drop phase: `p`'s
    /// pieces only grow and the empty cells only fill.
    pub fn drop_cells(&self, p: Player) -> u32 {
        let empty = !(self.pieces[0] | self.pieces[1]) & ALL;
        let (three, four) = run_masks(self.pieces[p.index()]);
        empty & !if self.niger { three } else { four }
    }

    /// Steps in a row without a removal.
    pub fn nocap(&self) -> u32 {
        self.nocap
    }

    fn count(&self, p: Player) -> u32 {
        self.pieces[p.index()].count_ones() + self.hand[p.index()] as u32
    }

    /// The terminal checks that need no move generation (rules 1 and 2 of §7).
    fn static_status(&self) -> Status {
        let short = [self.count(Player::One) < 3, self.count(Player::Two) < 3];
        let outcome = match short {
            [true, true] => Some(Outcome::Draw),
            [true, false] => Some(Outcome::Win(Player::Two)),
            [false, true] => Some(Outcome::Win(Player::One)),
            [false, false] => None,
        };
        if let Some(outcome) = outcome {
            return Status::Over {
                outcome,
                reason: "pieces",
                scores: None,
            };
        }
        if self.nocap >= LIMIT {
            return Status::Over {
                outcome: Outcome::Draw,
                reason: "limit",
                scores: None,
            };
        }
        Status::Ongoing
    }

    fn generate(&self, out: &mut Vec<DaraMove>) {
        let me = self.side.index();
        if self.hand[me] > 0 {
            out.extend(cells(self.drop_cells(self.side)).map(|to| DaraMove {
                from: NO_CELL,
                to,
                remove: NO_CELL,
            }));
            return;
        }
        let mine = self.pieces[me];
        let empty = !(self.pieces[0] | self.pieces[1]) & ALL;
        let theirs = self.pieces[1 - me];
        // The opponent's lines cannot change by our step, so the removable set is fixed.
        let removable = theirs & !in_lines(theirs);
        // All steps at once, one direction at a time, as masks over the destination cells.
        // The vacated origin only shortens the run along the direction of the step: stepping
        // left, the run through the destination is its left side only (plus itself); across
        // the step, the origin is not on the destination's line.
        let n = Neighbours::of(mine);
        let (h3, h4) = n.horizontal();
        let (v3, v4) = n.vertical();
        // (destinations, makes >= 3, makes >= 4, origin = destination + offset)
        let dirs: [(u32, u32, u32, i8); 4] = [
            (empty & (mine >> 5), n.l[1] | v3, n.l[2] | v4, 5),
            (empty & (mine >> 1) & !RANK5, n.d[1] | h3, n.d[2] | h4, 1),
            (
                empty & (mine << 1) & !RANK1 & ALL,
                n.u[1] | h3,
                n.u[2] | h4,
                -1,
            ),
            (empty & (mine << 5) & ALL, n.r[1] | v3, n.r[2] | v4, -5),
        ];
        // Per direction, as masks over origins: legal steps, and those that make a line.
        let mut legal = [0u32; 4];
        let mut lines = [0u32; 4];
        let mut any = 0;
        for (k, &(to, three, four, off)) in dirs.iter().enumerate() {
            let ok = to & !four;
            let shift = |x: u32| if off > 0 { x << off } else { x >> -off };
            legal[k] = shift(ok);
            lines[k] = shift(ok & three);
            any |= legal[k];
        }
        // Origins ascending, then directions in token order of the destination (left file,
        // rank below, rank above, right file): exactly byte order of the tokens.
        for from in cells(any) {
            for k in 0..4 {
                if legal[k] >> from & 1 == 0 {
                    continue;
                }
                let to = (from as i8 - dirs[k].3) as u8;
                if lines[k] >> from & 1 == 1 && removable != 0 {
                    out.extend(cells(removable).map(|e| DaraMove {
                        from,
                        to,
                        remove: e,
                    }));
                } else {
                    out.push(DaraMove {
                        from,
                        to,
                        remove: NO_CELL,
                    });
                }
            }
        }
    }

    fn char_at(&self, c: u8) -> char {
        if self.pieces[0] >> c & 1 == 1 {
            'x'
        } else if self.pieces[1] >> c & 1 == 1 {
            'o'
        } else {
            '.'
        }
    }
}

impl Game for Dara {
    type Move = DaraMove;
    const KIND: GameKind = GameKind::Dara;

    fn ruleset_id(&self) -> &'static str {
        if self.niger {
            "dara-niger"
        } else {
            "dara"
        }
    }

    fn parse(s: &str) -> Result<Self, PositionError> {
        let layout = "<ruleset> <board> <side> <hand1> <hand2> <nocap>";
        let f = split_fields(s, 6, layout)?;
        let mut pos = match f[0] {
            "dara" => Dara::start(false),
            "dara-niger" => Dara::start(true),
            other => {
                return Err(PositionError::malformed(format!(
                    "unknown Dara ruleset '{other}'"
                )))
            }
        };
        let ranks: Vec<&str> = f[1].split('/').collect();
        if ranks.len() != RANKS {
            return Err(PositionError::malformed(format!(
                "board: '{}' has {} ranks separated by '/', expected {RANKS}",
                f[1],
                ranks.len()
            )));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = RANKS - 1 - i;
            if rank_text.len() != FILES {
                return Err(PositionError::malformed(format!(
                    "board: rank {} '{rank_text}' must be exactly {FILES} characters",
                    rank + 1
                )));
            }
            for (file, ch) in rank_text.bytes().enumerate() {
                let c = cell_at(rank, file);
                match ch {
                    b'x' => pos.pieces[0] |= 1 << c,
                    b'o' => pos.pieces[1] |= 1 << c,
                    b'.' => {}
                    _ => {
                        return Err(PositionError::malformed(format!(
                            "board: cell {} holds '{}', expected x, o or .",
                            String::from_utf8_lossy(&cell_name(c)),
                            ch as char
                        )))
                    }
                }
            }
        }
        pos.side = parse_side(f[2])?;
        for (p, text) in [(0, f[3]), (1, f[4])] {
            let what = format!("hand{}", p + 1);
            let h = parse_uint(text, &what)?;
            let on_board = pos.pieces[p].count_ones();
            if h > PIECES || on_board + h > PIECES {
                return Err(PositionError::impossible(format!(
                    "{what}: player {} would have {} pieces ({on_board} on the board + {h} in hand), at most {PIECES}",
                    p + 1,
                    on_board as u64 + h as u64
                )));
            }
            pos.hand[p] = h as u8;
        }
        pos.nocap = parse_uint(f[5], "nocap")?;
        Ok(pos)
    }

    fn format_into(&self, s: &mut String) {
        s.push_str(self.ruleset_id());
        s.push(' ');
        for rank in (0..RANKS).rev() {
            for file in 0..FILES {
                s.push(self.char_at(cell_at(rank, file)));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if self.side == Player::One { '1' } else { '2' });
        for n in [self.hand[0] as u32, self.hand[1] as u32, self.nocap] {
            s.push(' ');
            push_uint(s, n);
        }
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<DaraMove>) {
        out.clear();
        if self.static_status().is_over() {
            return;
        }
        self.generate(out);
    }

    fn apply(&mut self, mv: DaraMove) {
        let me = self.side.index();
        if mv.from == NO_CELL {
            self.hand[me] -= 1;
            self.pieces[me] |= 1 << mv.to;
            self.nocap = 0;
        } else {
            self.pieces[me] ^= (1 << mv.from) | (1 << mv.to);
            if mv.remove == NO_CELL {
                self.nocap += 1;
            } else {
                self.pieces[1 - me] &= !(1 << mv.remove);
                self.nocap = 0;
            }
        }
        self.side = self.side.other();
    }

    fn captures(&self, mv: DaraMove) -> Vec<Capture> {
        if mv.remove == NO_CELL {
            return Vec::new();
        }
        let name = cell_name(mv.remove);
        vec![Capture {
            cell: String::from_utf8_lossy(&name).into_owned(),
            by: self.side,
        }]
    }

    fn status(&self) -> Status {
        let s = self.static_status();
        if s.is_over() {
            return s;
        }
        let mut moves = Vec::with_capacity(32);
        self.generate(&mut moves);
        lost_without_moves(self.side, !moves.is_empty(), "no-moves")
    }

    fn push_token(&self, mv: DaraMove, out: &mut String) {
        let (t, n) = token_bytes(mv);
        out.push_str(std::str::from_utf8(&t[..n]).expect("cell names are ASCII"));
    }

    fn token_is(&self, mv: DaraMove, token: &str) -> bool {
        let (t, n) = token_bytes(mv);
        &t[..n] == token.as_bytes()
    }

    fn classify_bad_token(&self, token: &str) -> MoveError {
        let b = token.as_bytes();
        let well_formed = match b.len() {
            2 => parse_cell(b).is_some(),
            5 => parse_cell(&b[..2]).is_some() && b[2] == b'-' && parse_cell(&b[3..]).is_some(),
            8 => {
                parse_cell(&b[..2]).is_some()
                    && b[2] == b'-'
                    && parse_cell(&b[3..5]).is_some()
                    && b[5] == b'x'
                    && parse_cell(&b[6..]).is_some()
            }
            _ => false,
        };
        if well_formed {
            MoveError::Illegal(token.to_string())
        } else {
            MoveError::Malformed(token.to_string())
        }
    }

    fn show(&self) -> String {
        let mut s = String::new();
        for rank in (0..RANKS).rev() {
            s.push_str(&format!("  {} ", rank + 1));
            for file in 0..FILES {
                s.push(' ');
                s.push(self.char_at(cell_at(rank, file)));
            }
            s.push('\n');
        }
        s.push_str("     a b c d e f\n");
        let marker = |p: Player| if self.side == p { "  <- to move" } else { "" };
        for p in [Player::One, Player::Two] {
            s.push_str(&format!(
                "player {p} ({}): {} on board, {} in hand{}\n",
                if p == Player::One { 'x' } else { 'o' },
                self.pieces[p.index()].count_ones(),
                self.hand[p.index()],
                marker(p)
            ));
        }
        s.push_str(&format!("steps without removal {}/{LIMIT}\n", self.nocap));
        s.push_str(&format!("status: {}\n", self.status()));
        s
    }

    fn material(&self, player: Player) -> i64 {
        self.count(player) as i64 - self.count(player.other()) as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(mask: u32) -> Vec<String> {
        cells(mask)
            .map(|c| String::from_utf8(cell_name(c).to_vec()).unwrap())
            .collect()
    }

    #[test]
    fn bit_order_is_token_order() {
        let all = names(ALL);
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(all, sorted);
        assert_eq!(all.len(), 30);
        for n in &all {
            assert_eq!(cell_name(parse_cell(n.as_bytes()).unwrap()), n.as_bytes());
        }
    }

    #[test]
    fn lines_and_runs() {
        // a1 b1 c1 in a line; d2 alone; f2 f3 f4 a vertical line.
        let p = Dara::parse("dara ....../.....x/.....x/...x.x/xxx... 1 0 0 0").unwrap();
        let m = p.pieces[0];
        assert_eq!(names(in_lines(m)), ["a1", "b1", "c1", "f2", "f3", "f4"]);
        let (three, four) = run_masks(m);
        // d1 would extend a1-c1 to 4; f1 and f5 would extend f2-f4 to 4; e2 joins d2-e2-f2.
        assert_eq!(names(four & !m), ["d1", "f1", "f5"]);
        assert_eq!(names(three & !m & !four), ["e2"]);
    }
}
