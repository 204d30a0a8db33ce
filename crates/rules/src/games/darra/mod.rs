//! Darra, the Hausa two-row mancala, as `shared/rules/darra.md` specifies it.
//!
//! The board is kept as one array in sowing order (`1A..nA, 1B..nB`), so a sowing is a walk
//! along the array with wrap-around. Seeds on the board are not stored: they are the variant's
//! total minus both captures, which makes the end test O(1).

mod reformat;

use super::Ruleset;
use crate::decimal::{push_uint, AsciiLine};
use crate::game::{
    parse_side, parse_uint, parse_uint_named, push_tokens_each, split_fields, Capture, Game,
    GameKind, MoveError, Outcome, Player, PositionError, Status,
};

/// The Darra rulesets, one per board size.
pub const RULESETS: &[Ruleset] = &[
    Ruleset::new::<Darra>(
        "darra",
        "Darra, Hausa two-row mancala, 2x6 holes, 4 seeds each; a hole reaching 4 is captured",
        "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0",
        None,
    ),
    Ruleset::new::<Darra>(
        "darra-2x12",
        "Darra on 2x12 holes (96 seeds)",
        "darra-2x12 4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 1 0 0 - 0",
        None,
    ),
    Ruleset::new::<Darra>(
        "darra-2x16",
        "Darra on 2x16 holes (128 seeds)",
        "darra-2x16 4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4 1 0 0 - 0",
        None,
    ),
    Ruleset::new::<Darra>(
        "darra-2x18",
        "Darra on 2x18 holes (144 seeds)",
        "darra-2x18 4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4 1 0 0 - 0",
        None,
    ),
];

/// Each variant's hole labels in sowing order, as [`Darra::push_tokens`] writes them: a space,
/// the label (`12A`) padded to four bytes, and its length with the space.
const LABELS: [[([u8; 4], u8); MAX_HOLES]; 4] = {
    let mut t = [[([0u8; 4], 0u8); MAX_HOLES]; 4];
    let mut v = 0;
    while v < 4 {
        let n = VARIANTS[v].1 as usize;
        let mut idx = 0;
        while idx < 2 * n {
            let (k, row) = if idx < n {
                (idx + 1, b'A')
            } else {
                (idx - n + 1, b'B')
            };
            t[v][idx] = match k {
                1..=9 => ([b' ', b'0' + k as u8, row, 0], 3),
                _ => ([b' ', b'0' + (k / 10) as u8, b'0' + (k % 10) as u8, row], 4),
            };
            idx += 1;
        }
        v += 1;
    }
    t
};

/// The largest board: 2x18.
const MAX_HOLES: usize = 36;

/// The variants: (ruleset id, holes per row).
const VARIANTS: [(&str, u8); 4] = [
    ("darra", 6),
    ("darra-2x12", 12),
    ("darra-2x16", 16),
    ("darra-2x18", 18),
];

/// A Darra move: the index (in sowing order) of the hole to sow from, or [`DarraMove::PASS`].
/// One byte, so move lists stay small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DarraMove(u8);

impl DarraMove {
    pub const PASS: DarraMove = DarraMove(u8::MAX);
}

/// A Darra position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Darra {
    variant: u8,
    /// Holes per row.
    n: u8,
    /// Seed counts in sowing order; only the first `2n` are used.
    holes: [u8; MAX_HOLES],
    side: Player,
    captured: [u16; 2],
    last: Option<Player>,
    nocap: u32,
}

impl Darra {
    /// The start position of a variant id.
    pub fn start(id: &str) -> Option<Darra> {
        let variant = VARIANTS.iter().position(|v| v.0 == id)?;
        let n = VARIANTS[variant].1;
        let mut holes = [0; MAX_HOLES];
        holes[..2 * n as usize].fill(4);
        Some(Darra {
            variant: variant as u8,
            n,
            holes,
            side: Player::One,
            captured: [0, 0],
            last: None,
            nocap: 0,
        })
    }

    fn cells(&self) -> usize {
        2 * self.n as usize
    }

    fn total(&self) -> u32 {
        8 * self.n as u32
    }

    /// The no-capture limit: 100 plies per hole of one row.
    pub fn limit(&self) -> u32 {
        100 * self.n as u32
    }

    fn on_board(&self) -> u32 {
        self.total() - self.captured[0] as u32 - self.captured[1] as u32
    }

    fn owner(&self, idx: usize) -> Player {
        if idx < self.n as usize {
            Player::One
        } else {
            Player::Two
        }
    }

    /// Play `mv` (legal here) by the rules of §6, telling `on_capture` each hole captured
    /// (its sowing index) and by whom, in sowing order; [`Game::apply`] tells nobody.
    #[inline(always)]
    fn sow(&mut self, mv: DarraMove, mut on_capture: impl FnMut(usize, Player)) {
        let mover = self.side;
        self.side = mover.other();
        if mv == DarraMove::PASS {
            self.nocap += 1;
            return;
        }
        let cells = self.cells();
        let mut idx = mv.0 as usize;
        let mut left = self.holes[idx];
        self.holes[idx] = 0;
        let mut captured_any = false;
        while left > 0 {
            left -= 1;
            idx += 1;
            if idx == cells {
                idx = 0;
            }
            self.holes[idx] += 1;
            if self.holes[idx] == 4 {
                let captor = if left == 0 { mover } else { self.owner(idx) };
                self.holes[idx] = 0;
                self.captured[captor.index()] += 4;
                self.last = Some(captor);
                captured_any = true;
                on_capture(idx, captor);
            }
        }
        self.nocap = if captured_any { 0 } else { self.nocap + 1 };
    }

    /// The label of the hole at sowing index `idx`, e.g. `4A`, `12B`.
    fn push_label(&self, idx: usize, out: &mut String) {
        // Built by hand: the referee lists every legal token on every turn.
        let n = self.n as usize;
        let (k, row) = if idx < n {
            (idx + 1, 'A')
        } else {
            (idx - n + 1, 'B')
        };
        push_uint(out, k as u64);
        out.push(row);
    }

    /// The seed counts of the holes, in sowing order.
    pub fn holes(&self) -> &[u8] {
        &self.holes[..self.cells()]
    }

    /// Holes per row.
    pub fn holes_per_row(&self) -> usize {
        self.n as usize
    }

    /// The player who made the most recent capture (the board's seeds go to them at the end).
    pub fn last_capturer(&self) -> Option<Player> {
        self.last
    }

    /// Plies since the most recent capture.
    pub fn nocap(&self) -> u32 {
        self.nocap
    }

    /// Seeds captured by each player.
    pub fn captured(&self) -> [u32; 2] {
        [self.captured[0] as u32, self.captured[1] as u32]
    }

    fn final_scores(&self) -> (u32, u32) {
        let rest = self.on_board();
        let mut s = self.captured();
        if let Some(p) = self.last {
            s[p.index()] += rest;
        }
        (s[0], s[1])
    }

    fn is_terminal(&self) -> bool {
        self.on_board() < 5 || self.nocap >= self.limit()
    }
}

/// Hole numbers 1..=n in byte order of their tokens: `10A 11A .. nA 1A 2A .. 9A` (a digit
/// sorts before the row letter).
#[cfg(test)]
fn numbers_in_token_order(n: u8) -> impl Iterator<Item = u8> {
    (10..=n).chain(1..=n.min(9))
}

/// Row offsets (0-based) in token order, per variant, computed once.
const TOKEN_ORDERS: [[u8; 18]; 4] = {
    let mut t = [[0u8; 18]; 4];
    let mut v = 0;
    while v < 4 {
        let n = VARIANTS[v].1;
        let mut k = 0;
        let mut num = 10;
        while num <= n {
            t[v][k] = num - 1;
            k += 1;
            num += 1;
        }
        let mut num = 1;
        while num <= n && num <= 9 {
            t[v][k] = num - 1;
            k += 1;
            num += 1;
        }
        v += 1;
    }
    t
};

impl Game for Darra {
    type Move = DarraMove;
    const KIND: GameKind = GameKind::Darra;

    fn ruleset_id(&self) -> &'static str {
        VARIANTS[self.variant as usize].0
    }

    fn parse(s: &str) -> Result<Self, PositionError> {
        let layout = "<ruleset> <row A>/<row B> <side> <captured1> <captured2> <last> <nocap>";
        let f = split_fields(s, 7, layout)?;
        let mut pos = Darra::start(f[0])
            .ok_or_else(|| PositionError::malformed(format!("unknown Darra ruleset '{}'", f[0])))?;
        let n = pos.n as usize;
        let rows: Vec<&str> = f[1].split('/').collect();
        if rows.len() != 2 {
            return Err(PositionError::malformed(format!(
                "board: '{}' must be two rows separated by '/'",
                f[1]
            )));
        }
        let mut seeds = 0u32;
        for (r, row) in rows.iter().enumerate() {
            let letter = if r == 0 { 'A' } else { 'B' };
            let counts: Vec<&str> = row.split(',').collect();
            if counts.len() != n {
                return Err(PositionError::malformed(format!(
                    "board: row {letter} has {} holes, {} needs {n}",
                    counts.len(),
                    f[0]
                )));
            }
            for (k, c) in counts.iter().enumerate() {
                let v = parse_uint_named(c, || format!("board: hole {}{letter}", k + 1))?;
                if v > pos.total() {
                    return Err(PositionError::impossible(format!(
                        "board: hole {}{letter} holds {v} seeds, more than the {} in the game",
                        k + 1,
                        pos.total()
                    )));
                }
                pos.holes[r * n + k] = v as u8;
                seeds += v;
            }
        }
        pos.side = parse_side(f[2])?;
        let c1 = parse_uint(f[3], "captured1")?;
        let c2 = parse_uint(f[4], "captured2")?;
        if seeds as u64 + c1 as u64 + c2 as u64 != pos.total() as u64 {
            return Err(PositionError::impossible(format!(
                "seed count: {seeds} on the board + {c1} + {c2} captured = {}, {} has {}",
                seeds as u64 + c1 as u64 + c2 as u64,
                f[0],
                pos.total()
            )));
        }
        pos.captured = [c1 as u16, c2 as u16];
        pos.last = match f[5] {
            "-" => None,
            "1" => Some(Player::One),
            "2" => Some(Player::Two),
            other => {
                return Err(PositionError::malformed(format!(
                    "last: '{other}' must be 1, 2 or -"
                )))
            }
        };
        pos.nocap = parse_uint(f[6], "nocap")?;
        Ok(pos)
    }

    fn format_into(&self, out: &mut String) {
        // On the stack first, appended at once: the referee formats a position every turn.
        // 36 holes of at most 3 digits (4 bytes of room each) and the other fields stay well
        // under its room.
        let mut s = AsciiLine::default();
        let n = self.n as usize;
        s.text(self.ruleset_id());
        let (a, b) = self.holes().split_at(n);
        s.u8_list(b' ', b',', a);
        s.u8_list(b'/', b',', b);
        self.push_fields(&mut s);
        let fitted = s.append_to(out);
        debug_assert!(fitted, "a Darra position fits an AsciiLine");
    }

    fn reformat(&self, before: &Darra, text: &mut String) {
        self.reformat_text(before, text);
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<DarraMove>) {
        out.clear();
        if self.is_terminal() {
            return;
        }
        let base = if self.side == Player::One { 0 } else { self.n };
        let order = &TOKEN_ORDERS[self.variant as usize][..self.n as usize];
        let holes = &self.holes;
        out.extend(
            order
                .iter()
                .map(|&k| base + k)
                .filter(|&i| holes[i as usize] > 0)
                .map(DarraMove),
        );
        if out.is_empty() {
            out.push(DarraMove::PASS);
        }
    }

    fn apply(&mut self, mv: DarraMove) {
        self.sow(mv, |_, _| {});
    }

    fn captures(&self, mv: DarraMove) -> Vec<Capture> {
        let mut out = Vec::new();
        self.clone().sow(mv, |idx, by| {
            let mut cell = String::with_capacity(3);
            self.push_label(idx, &mut cell);
            out.push(Capture { cell, by })
        });
        out
    }

    fn status(&self) -> Status {
        let reason = if self.on_board() < 5 {
            "end"
        } else if self.nocap >= self.limit() {
            "limit"
        } else {
            return Status::Ongoing;
        };
        let scores = self.final_scores();
        let outcome = match scores.0.cmp(&scores.1) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::One),
            std::cmp::Ordering::Less => Outcome::Win(Player::Two),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        Status::Over {
            outcome,
            reason,
            scores: Some(scores),
        }
    }

    fn push_token(&self, mv: DarraMove, out: &mut String) {
        if mv == DarraMove::PASS {
            out.push_str("pass");
        } else {
            self.push_label(mv.0 as usize, out);
        }
    }

    fn push_tokens(&self, moves: &[DarraMove], line: &mut String, ends: &mut Vec<u32>) {
        // On the stack first, each token after a space, copied from a table, then appended at
        // once (without the first space when `line` is empty): the referee lists every
        // turn's tokens.
        let mut s = AsciiLine::default();
        let skip = usize::from(line.is_empty());
        let at = line.len() + usize::from(!line.is_empty());
        let labels = &LABELS[self.variant as usize];
        let listed = ends.len();
        for &mv in moves {
            match labels.get(mv.0 as usize) {
                Some(&(word, len)) => s.word(word, len as usize),
                None => s.text(" pass"),
            }
            ends.push((at + s.len() - 1) as u32);
        }
        match s.as_str() {
            Some(text) => line.push_str(text.get(skip..).unwrap_or("")),
            None => {
                // More than an AsciiLine holds (no Darra position lists that many).
                ends.truncate(listed);
                push_tokens_each(self, moves, line, ends);
            }
        }
    }

    fn token_is(&self, mv: DarraMove, token: &str) -> bool {
        if mv == DarraMove::PASS {
            return token == "pass";
        }
        let (n, idx) = (self.n as usize, mv.0 as usize);
        let (k, row) = if idx < n {
            (idx + 1, b'A')
        } else {
            (idx - n + 1, b'B')
        };
        let Some((&last, digits)) = token.as_bytes().split_last() else {
            return false;
        };
        last == row && decimal_is(digits, k)
    }

    fn classify_bad_token(&self, token: &str) -> MoveError {
        // The row letter is ASCII: strip it rather than split at a byte index, which may fall
        // inside a multi-byte character of a stranger's token.
        let well_formed = token == "pass"
            || token.strip_suffix(['A', 'B']).is_some_and(|num| {
                parse_uint(num, "hole")
                    .map(|k| k >= 1 && k <= self.n as u32)
                    .unwrap_or(false)
            });
        if well_formed {
            MoveError::Illegal(token.to_string())
        } else {
            MoveError::Malformed(token.to_string())
        }
    }

    fn show(&self) -> String {
        self.draw(Player::Two)
    }

    fn show_from(&self, viewer: Player) -> String {
        self.draw(viewer)
    }

    fn stores(&self) -> Option<[u32; 2]> {
        Some(self.captured())
    }

    fn material(&self, player: Player) -> i64 {
        let c = self.captured();
        c[player.index()] as i64 - c[player.other().index()] as i64
    }

    /// A player who has captured more than half of all seeds has won: captures are never
    /// given back, and the most the other can end with is every seed not yet in that store
    /// (rules section 8), which is fewer.
    fn decided(&self) -> Option<(Outcome, String)> {
        let total = self.total();
        let c = self.captured();
        let p = [Player::One, Player::Two]
            .into_iter()
            .find(|p| 2 * c[p.index()] > total)?;
        let why = format!(
            "player {} has captured {} of the {total} seeds, more than half",
            p.number(),
            c[p.index()]
        );
        Some((Outcome::Win(p), why))
    }
}

/// Whether `digits` is `k` written in decimal as [`Darra::label`] writes it: no sign, no
/// leading zero.
fn decimal_is(digits: &[u8], k: usize) -> bool {
    if digits.is_empty() || digits.len() > 4 || (digits.len() > 1 && digits[0] == b'0') {
        return false;
    }
    let mut v = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return false;
        }
        v = v * 10 + (d - b'0') as usize;
    }
    v == k
}

impl Darra {
    /// The board as `viewer` sits, their row at the bottom. Player 2's view is the spec's
    /// drawing (row A on top, 6A at the left); player 1's turns it half a turn, so each row
    /// reads the other way and the sowing directions, as seen, swap.
    fn draw(&self, viewer: Player) -> String {
        let n = self.n as usize;
        let from_one = viewer == Player::One;
        let cell = |idx: usize| format!("{:>4}", self.holes[idx]);
        let label = |i: usize, row: char| format!("{:>4}", format!("{}{row}", i + 1));
        let order = |range: Vec<usize>, reverse: bool| -> Vec<usize> {
            if reverse {
                range.into_iter().rev().collect()
            } else {
                range
            }
        };
        // Row A is drawn 6A..1A from player 2's side, 1A..6A from player 1's; row B the
        // other way.
        let a = order((0..n).collect(), !from_one);
        let b = order((0..n).collect(), from_one);
        let labels_a: String = a.iter().map(|&i| label(i, 'A')).collect();
        let labels_b: String = b.iter().map(|&i| label(i, 'B')).collect();
        let row_a: String = a.iter().map(|&i| cell(i)).collect();
        let row_b: String = b.iter().map(|&i| cell(n + i)).collect();
        let marker = |p: Player| if self.side == p { "  <- to move" } else { "" };
        let (a_dir, b_dir) = if from_one {
            ("left to right", "right to left")
        } else {
            ("right to left", "left to right")
        };
        let one = format!(
            "player 1 (row A, sows {a_dir}), captured {}{}\n",
            self.captured[0],
            marker(Player::One)
        );
        let two = format!(
            "player 2 (row B, sows {b_dir}), captured {}{}\n",
            self.captured[1],
            marker(Player::Two)
        );
        let mut s = String::new();
        if from_one {
            s.push_str(&two);
            s.push_str(&format!(
                "    {labels_b}\n    {row_b}\n    {row_a}\n    {labels_a}\n"
            ));
            s.push_str(&one);
        } else {
            s.push_str(&one);
            s.push_str(&format!(
                "    {labels_a}\n    {row_a}\n    {row_b}\n    {labels_b}\n"
            ));
            s.push_str(&two);
        }
        let last = self
            .last
            .map_or("nobody yet".to_string(), |p| format!("player {p}"));
        s.push_str(&format!(
            "seeds on board {}, last capture by {last}, plies without capture {}/{}\n",
            self.on_board(),
            self.nocap,
            self.limit()
        ));
        s.push_str(&format!("status: {}\n", self.status()));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-derived: 2x6 holds 48 seeds, so 25 captured is more than half and 24 is not (the
    /// other could still reach 24: a draw). Captures 25-16 leave 7 on the board.
    /// Spec example E2 seen from each side. The position's rows list 1A..6A = 2,1,5,6,0,2 and
    /// 1B..6B = 1,5,0,3,2,1; player 2's view (the spec's) draws row A from 6A to 1A on top;
    /// player 1's turns the board: row B from 6B to 1B on top, row A from 1A to 6A below.
    #[test]
    fn the_board_turns_to_put_the_viewers_row_at_the_bottom() {
        let pos = Darra::parse("darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3").unwrap();
        let lines = |v| {
            Game::show_from(&pos, v)
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        };
        let two = lines(Player::Two);
        assert_eq!(
            two[1].split_whitespace().collect::<Vec<_>>(),
            ["6A", "5A", "4A", "3A", "2A", "1A"]
        );
        assert_eq!(two[2].split_whitespace().collect::<String>(), "206512");
        assert_eq!(two[3].split_whitespace().collect::<String>(), "150321");
        assert_eq!(Game::show(&pos), Game::show_from(&pos, Player::Two));
        let one = lines(Player::One);
        assert!(
            one[0].starts_with("player 2 (row B, sows right to left), captured 12"),
            "{}",
            one[0]
        );
        assert_eq!(
            one[1].split_whitespace().collect::<Vec<_>>(),
            ["6B", "5B", "4B", "3B", "2B", "1B"]
        );
        assert_eq!(one[2].split_whitespace().collect::<String>(), "123051");
        assert_eq!(one[3].split_whitespace().collect::<String>(), "215602");
        assert_eq!(
            one[4].split_whitespace().collect::<Vec<_>>(),
            ["1A", "2A", "3A", "4A", "5A", "6A"]
        );
        assert!(
            one[5].starts_with("player 1 (row A, sows left to right), captured 8  <- to move"),
            "{}",
            one[5]
        );
        assert_eq!(one[6..], two[6..]);
    }

    #[test]
    fn decided_when_a_store_holds_more_than_half_the_seeds() {
        let at = |s: &str| Darra::parse(s).unwrap().decided();
        assert_eq!(
            at("darra 0,0,0,0,0,3/0,0,0,0,0,4 1 25 16 1 0"),
            Some((
                Outcome::Win(Player::One),
                "player 1 has captured 25 of the 48 seeds, more than half".to_string()
            ))
        );
        assert_eq!(
            at("darra 0,0,0,0,0,4/0,0,0,0,0,4 2 16 24 2 3").map(|d| d.0),
            None,
            "24 of 48 is half: player 1 could still draw"
        );
        assert_eq!(
            at("darra 0,0,0,0,0,3/0,0,0,0,0,0 2 12 33 2 0").map(|d| d.0),
            Some(Outcome::Win(Player::Two))
        );
        // 2x12: 96 seeds, 49 needed.
        let n = "0,0,0,0,0,0,0,0,0,0,0,4";
        assert_eq!(at(&format!("darra-2x12 {n}/{n} 1 48 40 1 0")), None);
        let m = "0,0,0,0,0,0,0,0,0,0,0,3";
        assert_eq!(
            at(&format!("darra-2x12 {m}/{m} 1 49 41 1 0")).map(|d| d.0),
            Some(Outcome::Win(Player::One))
        );
        assert_eq!(Darra::start("darra").unwrap().decided(), None);
    }

    #[test]
    fn token_order_is_byte_order() {
        for (_, n) in VARIANTS {
            let got: Vec<String> = numbers_in_token_order(n).map(|k| format!("{k}A")).collect();
            let mut sorted = got.clone();
            sorted.sort();
            assert_eq!(got, sorted);
            assert_eq!(got.len(), n as usize);
        }
        for (v, (_, n)) in VARIANTS.iter().enumerate() {
            let table: Vec<u8> = TOKEN_ORDERS[v][..*n as usize]
                .iter()
                .map(|k| k + 1)
                .collect();
            let iter: Vec<u8> = numbers_in_token_order(*n).collect();
            assert_eq!(table, iter);
        }
    }

    #[test]
    fn the_label_table_is_push_label() {
        for (v, (id, n)) in VARIANTS.iter().enumerate() {
            let pos = Darra::start(id).unwrap();
            for (idx, &(word, len)) in LABELS[v][..2 * *n as usize].iter().enumerate() {
                let mut want = String::from(" ");
                pos.push_label(idx, &mut want);
                assert_eq!(&word[..len as usize], want.as_bytes(), "{id} hole {idx}");
            }
        }
    }

    #[test]
    fn tokens_are_pushed_after_what_the_line_holds() {
        let pos = Darra::parse("darra 0,1,0,0,0,2/1,5,0,3,2,1 1 20 13 1 0").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let (mut line, mut ends) = (String::new(), Vec::new());
        pos.push_tokens(&moves, &mut line, &mut ends);
        assert_eq!((line.as_str(), ends.as_slice()), ("2A 6A", &[2, 5][..]));
        pos.push_tokens(&[DarraMove::PASS, DarraMove(11)], &mut line, &mut ends);
        assert_eq!(line, "2A 6A pass 6B");
        assert_eq!(ends, [2, 5, 10, 13]);
        let (mut line, mut ends) = (String::from("x"), Vec::new());
        pos.push_tokens(&[], &mut line, &mut ends);
        assert_eq!((line.as_str(), ends.len()), ("x", 0));
    }

    /// A position string built the plain way, with `format!` (what `format_into` wrote
    /// before it copied from tables).
    fn plain_format(p: &Darra) -> String {
        let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        let (a, b) = p.holes().split_at(p.n as usize);
        let side = if p.side == Player::One { 1 } else { 2 };
        let last = p
            .last
            .map_or("-".to_string(), |l| (l.index() + 1).to_string());
        let [c1, c2] = p.captured;
        let (id, nocap) = (p.ruleset_id(), p.nocap);
        format!("{id} {}/{} {side} {c1} {c2} {last} {nocap}", row(a), row(b))
    }

    #[test]
    fn the_table_driven_texts_are_the_plain_ones_along_whole_games() {
        for (id, _) in VARIANTS {
            let mut pos = Darra::start(id).unwrap();
            let mut moves = Vec::new();
            for ply in 0.. {
                let mut text = String::from("kept ");
                pos.format_into(&mut text);
                assert_eq!(
                    text,
                    format!("kept {}", plain_format(&pos)),
                    "{id} ply {ply}"
                );
                pos.legal_moves(&mut moves);
                let (mut line, mut ends) = (String::new(), Vec::new());
                pos.push_tokens(&moves, &mut line, &mut ends);
                let (mut plain, mut plain_ends) = (String::new(), Vec::new());
                push_tokens_each(&pos, &moves, &mut plain, &mut plain_ends);
                assert_eq!((line, ends), (plain, plain_ends), "{id} ply {ply}");
                let Some(&mv) = moves.get((ply * 7 + 3) % moves.len().max(1)) else {
                    break;
                };
                pos.apply(mv);
            }
        }
    }

    #[test]
    fn a_text_rewritten_from_an_earlier_position_is_the_plain_one() {
        // From one, two or three plies back (the referee formats no forced pass), along
        // whole games of every board; and in full from a text that is not the earlier one's.
        for (id, _) in VARIANTS {
            for back in 1..=3 {
                let mut seen = vec![Darra::start(id).unwrap()];
                let mut moves = Vec::new();
                for ply in 0.. {
                    let pos = *seen.last().unwrap();
                    let before = seen[seen.len().saturating_sub(back + 1)];
                    let mut text = before.format();
                    pos.reformat(&before, &mut text);
                    assert_eq!(text, plain_format(&pos), "{id} ply {ply}, {back} back");
                    pos.legal_moves(&mut moves);
                    let Some(&mv) = moves.get((ply * 5 + back) % moves.len().max(1)) else {
                        break;
                    };
                    let mut next = pos;
                    next.apply(mv);
                    seen.push(next);
                }
            }
            let (start, mut text) = (Darra::start(id).unwrap(), String::from("x"));
            let mut pos = start;
            pos.apply(DarraMove(0));
            pos.reformat(&start, &mut text);
            assert_eq!(text, plain_format(&pos), "{id}: not the earlier text");
        }
    }
}
