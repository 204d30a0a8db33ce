//! Dara, the West African 5x6 drop-then-move three-in-a-row game, as `shared/rules/dara.md`
//! specifies it (variants `dara` and `dara-niger`).
//!
//! Each colour is a 30-bit board, cell index `rank * 6 + file` (a1 = 0, f5 = 29), kept twice:
//! row-major and transposed (`file * 5 + rank`), so the run through a cell in either direction
//! is one table lookup. Moves are generated in file-major cell order, which is exactly the byte
//! order of the tokens (`a1 < a2 < ... < b1`), so no sorting is needed.

use crate::game::{
    parse_side, parse_uint, split_fields, Game, MoveError, Outcome, Player, PositionError, Status,
};

const FILES: usize = 6;
const RANKS: usize = 5;
const CELLS: usize = 30;
const NO_CELL: u8 = u8::MAX;
/// Pieces per player.
pub const PIECES: u32 = 12;
/// Steps without a removal that draw the game.
pub const LIMIT: u32 = 100;

/// `RUN6[bits][i]`: length of the run of set bits through bit `i` of a 6-bit rank (0 if unset).
const RUN6: [[u8; 6]; 64] = run_table::<6, 64>();
/// The same for a 5-bit file.
const RUN5: [[u8; 5]; 32] = run_table::<5, 32>();

const fn run_table<const W: usize, const N: usize>() -> [[u8; W]; N] {
    let mut t = [[0u8; W]; N];
    let mut bits = 0;
    while bits < N {
        let mut i = 0;
        while i < W {
            if bits >> i & 1 == 1 {
                let mut len = 1;
                let mut j = i;
                while j > 0 && bits >> (j - 1) & 1 == 1 {
                    len += 1;
                    j -= 1;
                }
                let mut j = i + 1;
                while j < W && bits >> j & 1 == 1 {
                    len += 1;
                    j += 1;
                }
                t[bits][i] = len;
            }
            i += 1;
        }
        bits += 1;
    }
    t
}

/// Cells in token order: file-major (`a1 a2 .. a5 b1 ..`).
const TOKEN_ORDER: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut k = 0;
    while k < CELLS {
        let file = k / RANKS;
        let rank = k % RANKS;
        t[k] = (rank * FILES + file) as u8;
        k += 1;
    }
    t
};

/// Neighbours of each cell in token order of their names: left file, rank below, rank above,
/// right file. `NO_CELL` pads.
const NEIGHBOURS: [[u8; 4]; CELLS] = {
    let mut t = [[NO_CELL; 4]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (rank, file) = (c / FILES, c % FILES);
        let mut k = 0;
        if file > 0 {
            t[c][k] = (c - 1) as u8;
            k += 1;
        }
        if rank > 0 {
            t[c][k] = (c - FILES) as u8;
            k += 1;
        }
        if rank + 1 < RANKS {
            t[c][k] = (c + FILES) as u8;
            k += 1;
        }
        if file + 1 < FILES {
            t[c][k] = (c + 1) as u8;
        }
        c += 1;
    }
    t
};

/// Cells where a horizontal run of three can start (file a..d), and a vertical one (rank 1..3).
const H_START: u32 = {
    let mut m = 0u32;
    let mut c = 0;
    while c < CELLS {
        if c % FILES <= FILES - 3 {
            m |= 1 << c;
        }
        c += 1;
    }
    m
};
const V_START: u32 = (1 << (FILES * (RANKS - 2))) - 1;

fn cell_name(c: u8) -> [u8; 2] {
    [b'a' + c % FILES as u8, b'1' + c / FILES as u8]
}

fn parse_cell(s: &[u8]) -> Option<u8> {
    match s {
        [f @ b'a'..=b'f', r @ b'1'..=b'5'] => Some((r - b'1') * FILES as u8 + (f - b'a')),
        _ => None,
    }
}

/// One colour's pieces, in both layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Bits {
    rows: u32,
    cols: u32,
}

impl Bits {
    fn toggle(&mut self, c: u8) {
        let (rank, file) = (c as usize / FILES, c as usize % FILES);
        self.rows ^= 1 << c;
        self.cols ^= 1 << (file * RANKS + rank);
    }

    fn has(&self, c: u8) -> bool {
        self.rows >> c & 1 == 1
    }

    /// The longest run (horizontal or vertical) through cell `c`, which must be set.
    fn longest_run(&self, c: u8) -> u8 {
        let (rank, file) = (c as usize / FILES, c as usize % FILES);
        let h = RUN6[(self.rows >> (rank * FILES)) as usize & 63][file];
        let v = RUN5[(self.cols >> (file * RANKS)) as usize & 31][rank];
        h.max(v)
    }

    /// The pieces that are in a line: part of a horizontal or vertical run of 3 or more.
    fn in_lines(&self) -> u32 {
        let b = self.rows;
        let h = b & (b >> 1) & (b >> 2) & H_START;
        let v = b & (b >> FILES) & (b >> (2 * FILES)) & V_START;
        h | h << 1 | h << 2 | v | v << FILES | v << (2 * FILES)
    }
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dara {
    niger: bool,
    pieces: [Bits; 2],
    side: Player,
    hand: [u8; 2],
    nocap: u32,
}

impl Dara {
    pub fn start(niger: bool) -> Dara {
        Dara {
            niger,
            pieces: [Bits::default(); 2],
            side: Player::One,
            hand: [PIECES as u8; 2],
            nocap: 0,
        }
    }

    fn occupied(&self) -> u32 {
        self.pieces[0].rows | self.pieces[1].rows
    }

    fn count(&self, p: Player) -> u32 {
        self.pieces[p.index()].rows.count_ones() + self.hand[p.index()] as u32
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
        let mine = self.pieces[me];
        let empty = !self.occupied() & ((1 << CELLS) - 1);
        if self.hand[me] > 0 {
            let max_run = if self.niger { 2 } else { 3 };
            for &c in &TOKEN_ORDER {
                if empty >> c & 1 == 1 {
                    let mut after = mine;
                    after.toggle(c);
                    if after.longest_run(c) <= max_run {
                        out.push(DaraMove {
                            from: NO_CELL,
                            to: c,
                            remove: NO_CELL,
                        });
                    }
                }
            }
            return;
        }
        let theirs = self.pieces[1 - me].rows;
        // The opponent's lines cannot change by our step, so the removable set is fixed.
        let removable = theirs & !self.pieces[1 - me].in_lines();
        for &from in &TOKEN_ORDER {
            if !mine.has(from) {
                continue;
            }
            for &to in &NEIGHBOURS[from as usize] {
                if to == NO_CELL || empty >> to & 1 == 0 {
                    continue;
                }
                let mut after = mine;
                after.toggle(from);
                after.toggle(to);
                let run = after.longest_run(to);
                if run >= 4 {
                    continue;
                }
                if run == 3 && removable != 0 {
                    for &e in &TOKEN_ORDER {
                        if removable >> e & 1 == 1 {
                            out.push(DaraMove {
                                from,
                                to,
                                remove: e,
                            });
                        }
                    }
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
        if self.pieces[0].has(c) {
            'x'
        } else if self.pieces[1].has(c) {
            'o'
        } else {
            '.'
        }
    }
}

impl Game for Dara {
    type Move = DaraMove;

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
                return Err(PositionError::new(format!(
                    "unknown Dara ruleset '{other}'"
                )))
            }
        };
        let ranks: Vec<&str> = f[1].split('/').collect();
        if ranks.len() != RANKS {
            return Err(PositionError::new(format!(
                "board: '{}' has {} ranks separated by '/', expected {RANKS}",
                f[1],
                ranks.len()
            )));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = RANKS - 1 - i;
            if rank_text.len() != FILES {
                return Err(PositionError::new(format!(
                    "board: rank {} '{rank_text}' must be exactly {FILES} characters",
                    rank + 1
                )));
            }
            for (file, ch) in rank_text.bytes().enumerate() {
                let c = (rank * FILES + file) as u8;
                match ch {
                    b'x' => pos.pieces[0].toggle(c),
                    b'o' => pos.pieces[1].toggle(c),
                    b'.' => {}
                    _ => {
                        return Err(PositionError::new(format!(
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
            let on_board = pos.pieces[p].rows.count_ones();
            if h > PIECES || on_board + h > PIECES {
                return Err(PositionError::new(format!(
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

    fn format(&self) -> String {
        let mut board = String::with_capacity(35);
        for rank in (0..RANKS).rev() {
            for file in 0..FILES {
                board.push(self.char_at((rank * FILES + file) as u8));
            }
            if rank > 0 {
                board.push('/');
            }
        }
        format!(
            "{} {board} {} {} {} {}",
            self.ruleset_id(),
            self.side,
            self.hand[0],
            self.hand[1],
            self.nocap
        )
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
            self.pieces[me].toggle(mv.to);
            self.nocap = 0;
        } else {
            self.pieces[me].toggle(mv.from);
            self.pieces[me].toggle(mv.to);
            if mv.remove == NO_CELL {
                self.nocap += 1;
            } else {
                self.pieces[1 - me].toggle(mv.remove);
                self.nocap = 0;
            }
        }
        self.side = self.side.other();
    }

    fn status(&self) -> Status {
        let s = self.static_status();
        if s.is_over() {
            return s;
        }
        let mut moves = Vec::with_capacity(32);
        self.generate(&mut moves);
        if moves.is_empty() {
            Status::Over {
                outcome: Outcome::Win(self.side.other()),
                reason: "no-moves",
                scores: None,
            }
        } else {
            Status::Ongoing
        }
    }

    fn move_token(&self, mv: DaraMove) -> String {
        let mut t = Vec::with_capacity(8);
        if mv.from != NO_CELL {
            t.extend_from_slice(&cell_name(mv.from));
            t.push(b'-');
        }
        t.extend_from_slice(&cell_name(mv.to));
        if mv.remove != NO_CELL {
            t.push(b'x');
            t.extend_from_slice(&cell_name(mv.remove));
        }
        String::from_utf8(t).expect("cell names are ASCII")
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
                s.push(self.char_at((rank * FILES + file) as u8));
            }
            s.push('\n');
        }
        s.push_str("     a b c d e f\n");
        let marker = |p: Player| if self.side == p { "  <- to move" } else { "" };
        for p in [Player::One, Player::Two] {
            s.push_str(&format!(
                "player {p} ({}): {} on board, {} in hand{}\n",
                if p == Player::One { 'x' } else { 'o' },
                self.pieces[p.index()].rows.count_ones(),
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

    #[test]
    fn run_tables() {
        assert_eq!(RUN6[0b000111][1], 3);
        assert_eq!(RUN6[0b011110][0], 0);
        assert_eq!(RUN6[0b011110][4], 4);
        assert_eq!(RUN5[0b10111][4], 1);
        assert_eq!(RUN5[0b10111][0], 3);
    }

    #[test]
    fn token_order_is_byte_order() {
        let names: Vec<[u8; 2]> = TOKEN_ORDER.iter().map(|&c| cell_name(c)).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        for c in 0..CELLS as u8 {
            let ns: Vec<[u8; 2]> = NEIGHBOURS[c as usize]
                .iter()
                .filter(|&&n| n != NO_CELL)
                .map(|&n| cell_name(n))
                .collect();
            let mut sorted = ns.clone();
            sorted.sort();
            assert_eq!(ns, sorted);
        }
    }

    #[test]
    fn in_lines_masks() {
        // a1 b1 c1 in a line, d2 alone, f1..f3 vertical line.
        let p = Dara::parse("dara ....../.....x/.....x/...x.x/xxx... 1 0 0 0").unwrap();
        let lines = p.pieces[0].in_lines();
        let names: Vec<String> = (0..CELLS as u8)
            .filter(|c| lines >> c & 1 == 1)
            .map(|c| String::from_utf8(cell_name(c).to_vec()).unwrap())
            .collect();
        assert_eq!(names, ["a1", "b1", "c1", "f2", "f3", "f4"]);
    }
}
