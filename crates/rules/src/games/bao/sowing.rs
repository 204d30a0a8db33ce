//! One move sown lap by lap: spec sections 4 (S), 7 (L), 9 (E) and 10 (W1).
//!
//! Each player's 16 holes are kept in that player's own circuit order (rule G4), index 0..15,
//! clockwise = +1: indices 0..7 are the front row from the left kichwa (b1 / c8) to the right
//! kichwa (b8 / c1), 8..15 the back row (a8..a1 / d1..d8). So front index `i` faces the
//! opponent's front index `7 - i`, and the nyumba is index 4 for both players.
//!
//! A lap is sown in bulk: the 16 holes of one player are one `u128` of byte lanes (no count
//! exceeds 64, so lanes never carry), and a lap of `n` seeds adds `n / 16` to every lane plus a
//! precomputed mask for the `n % 16` holes after the start. A lap costs the same for 2 seeds or
//! 60, and no move allocates.

/// Clockwise step (+1 mod 16).
pub const CW: u8 = 1;
/// Anticlockwise step (-1 mod 16).
pub const ACW: u8 = 15;
/// The nyumba's circuit index (b5 / c4).
pub const HOUSE: usize = 4;
/// No hole (no takasia).
pub const NO_HOLE: u8 = u8::MAX;
/// E2: a legal move drops at most this many seeds.
pub const CAP: u32 = 65_536;
/// E4: lap-end states are compared for a repetition only after this many laps, so ordinary
/// moves (a handful of laps) pay nothing for it.
const CYCLE_CHECK_AFTER: u32 = 24;

/// `MASKS[d][from][r]`: one seed in each of the `r` holes that follow `from` in direction `d`
/// (`d` = 0 clockwise, 1 anticlockwise), as byte lanes of a `u128`.
static MASKS: [[[u128; 16]; 16]; 2] = build_masks();

const fn build_masks() -> [[[u128; 16]; 16]; 2] {
    let mut t = [[[0u128; 16]; 16]; 2];
    let mut di = 0;
    while di < 2 {
        let step = if di == 0 { 1 } else { 15 };
        let mut from = 0;
        while from < 16 {
            let mut m = 0u128;
            let mut r = 0;
            while r < 16 {
                t[di][from][r] = m;
                let h = (from + (r + 1) * step) & 15;
                m |= 1u128 << (8 * h);
                r += 1;
            }
            from += 1;
        }
        di += 1;
    }
    t
}

const ONES: u128 = u128::from_le_bytes([1; 16]);

/// True when the front row (indices 0..7) of these 16 holes is empty.
#[inline]
pub fn front_empty(holes: &[u8; 16]) -> bool {
    u128::from_le_bytes(*holes) as u64 == 0
}

/// How a sowing stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The move ended normally.
    Done,
    /// A lap ended in the mover's functional house where the player must choose (L2).
    Decision,
    /// More than [`CAP`] seeds would be dropped (E2), or a lap-end state repeated (E4).
    Never,
    /// The game ended in the middle of the move (W1); the winner's index.
    Win(usize),
}

/// The state of a move being sown.
#[derive(Clone, Copy, Debug)]
pub struct Sim {
    pub b: [[u8; 16]; 2],
    pub hand: [u8; 2],
    pub flags: [bool; 2],
    pub me: usize,
    /// Current lap end (or, before the first lap, the start hole).
    pub pos: u8,
    /// Current direction: [`CW`] or [`ACW`].
    pub dir: u8,
    pub capturing: bool,
    /// Namua stage at the start of the move (L3).
    pub namua: bool,
    /// The mover's takasia hole (T3), or [`NO_HOLE`].
    pub takasia: u8,
    pub sown: u32,
    laps: u32,
    /// Laps after which the E4 repetition test starts.
    check_after: u32,
}

impl Sim {
    pub fn new(
        b: [[u8; 16]; 2],
        hand: [u8; 2],
        flags: [bool; 2],
        me: usize,
        capturing: bool,
        namua: bool,
        takasia: u8,
    ) -> Sim {
        Sim {
            b,
            hand,
            flags,
            me,
            pos: 0,
            dir: CW,
            capturing,
            namua,
            takasia,
            sown: 0,
            laps: 0,
            check_after: CYCLE_CHECK_AFTER,
        }
    }

    /// Test support: rely on the E2 cap alone.
    #[cfg(test)]
    pub fn disable_repetition_test(&mut self) {
        self.laps = 0;
        self.check_after = u32::MAX;
    }

    /// Take all seeds of one of the mover's holes; emptying the nyumba clears its flag (N1a).
    #[inline]
    pub fn lift(&mut self, h: usize) -> u8 {
        let n = self.b[self.me][h];
        self.b[self.me][h] = 0;
        if h == HOUSE {
            self.flags[self.me] = false;
        }
        n
    }

    /// Sow a lap of `n` seeds into the holes after `from` in the current direction (S1).
    /// `Some` when the move stops inside the lap: cap exceeded, or the mover's front row is
    /// empty after the first drop (W1).
    #[inline]
    pub fn sow(&mut self, from: u8, n: u8) -> Option<End> {
        let me = self.me;
        let first = (from + self.dir) & 15;
        if first >= 8 && front_empty(&self.b[me]) {
            // W1: the first seed falls into the back row while the front row is empty.
            self.b[me][first as usize] += 1;
            self.sown += 1;
            if self.sown > CAP {
                return Some(End::Never);
            }
            self.hand[me] += n - 1;
            return Some(End::Win(1 - me));
        }
        self.sown += n as u32;
        if self.sown > CAP {
            return Some(End::Never);
        }
        let di = (self.dir != CW) as usize;
        let v = u128::from_le_bytes(self.b[me])
            + (n as u128 / 16) * ONES
            + MASKS[di][from as usize][(n % 16) as usize];
        self.b[me] = v.to_le_bytes();
        self.pos = ((from as u32 + n as u32 * self.dir as u32) & 15) as u8;
        self.laps += 1;
        None
    }

    /// Capture the opponent's hole facing the mover's front hole `x` (S4) and sow the seeds
    /// from the kichwa of S5; `choice` is the direction chosen under S5.3. Checks W1.
    pub fn capture(&mut self, x: usize, choice: Option<u8>) -> Option<End> {
        let (me, opp) = (self.me, 1 - self.me);
        let t = 7 - x;
        let k = self.b[opp][t];
        self.b[opp][t] = 0;
        if t == HOUSE {
            self.flags[opp] = false; // N1b
        }
        if !self.namua {
            self.flags = [false; 2]; // N1c
        }
        if front_empty(&self.b[opp]) {
            self.hand[me] += k; // W1, D23
            return Some(End::Win(me));
        }
        self.dir = match x {
            0 | 1 => CW,
            6 | 7 => ACW,
            _ => choice.unwrap_or(self.dir),
        };
        // The first seed goes into the kichwa itself: sow from the hole before it.
        let from = if self.dir == CW { 15 } else { 8 };
        self.sow(from, k)
    }

    /// `+` at a house decision: relay all seeds of the house (L2).
    pub fn take_house(&mut self) -> Option<End> {
        let n = self.lift(HOUSE);
        self.sow(HOUSE as u8, n)
    }

    /// The house of the mover is functional now (N1).
    #[inline]
    pub fn house_functional(&self) -> bool {
        self.flags[self.me] && self.b[self.me][HOUSE] >= 6
    }

    /// Rank of the current lap end for kichwa priority (N5).
    pub fn rank(&self) -> u8 {
        let (me, opp) = (self.me, 1 - self.me);
        let l = self.pos as usize;
        let c = self.b[me][l];
        if l < 8 && c >= 2 && self.b[opp][7 - l] > 0 {
            0
        } else if l == HOUSE && self.house_functional() {
            1
        } else if c >= 2 {
            2
        } else {
            3
        }
    }

    /// Apply rule L1 at one lap end: `None` when sowing goes on (capture or relay).
    #[inline(always)]
    fn lap_end(&mut self) -> Option<End> {
        let (me, opp) = (self.me, 1 - self.me);
        let l = self.pos as usize;
        let c = self.b[me][l];
        if l < 8 {
            if self.capturing && c >= 2 && self.b[opp][7 - l] > 0 {
                return self.capture(l, None);
            }
            if l == HOUSE && self.flags[me] && c >= 6 {
                return Some(if !self.capturing && self.namua {
                    End::Done
                } else {
                    End::Decision
                });
            }
            if l as u8 == self.takasia {
                return Some(End::Done);
            }
        }
        if c < 2 {
            return Some(End::Done);
        }
        let n = self.lift(l);
        self.sow(l as u8, n)
    }

    /// Apply rule L1 at each lap end until the move stops.
    pub fn run(&mut self) -> End {
        loop {
            if self.laps >= self.check_after {
                return self.run_long();
            }
            if let Some(e) = self.lap_end() {
                return e;
            }
        }
    }

    /// A move with many laps: go on with the E4 repetition test (Brent's cycle detection,
    /// constant memory). Kept off the hot path of ordinary moves.
    #[cold]
    #[inline(never)]
    fn run_long(&mut self) -> End {
        let mut seen = (self.b, self.pos, self.dir, self.flags);
        let (mut power, mut lam) = (1u32, 0u32);
        loop {
            if let Some(e) = self.lap_end() {
                return e;
            }
            let now = (self.b, self.pos, self.dir, self.flags);
            if now == seen {
                return End::Never;
            }
            lam += 1;
            if lam == power {
                seen = now;
                power *= 2;
                lam = 0;
            }
        }
    }
}

/// House suffix of a move: none, `+` or `=`.
pub const PLAIN: u8 = 0;
pub const PLUS: u8 = 1;
pub const EQ: u8 = 2;

/// The board, hands and flags after a finished move. (A game that ended inside the move shows
/// as an empty front row.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct After {
    pub b: [[u8; 16]; 2],
    pub hand: [u8; 2],
    pub flags: [bool; 2],
    /// Seeds dropped by the move (S7).
    pub sown: u32,
}

impl After {
    pub fn of(s: &Sim) -> After {
        After {
            b: s.b,
            hand: s.hand,
            flags: s.flags,
            sown: s.sown,
        }
    }
}

/// Run a started move to its end (or its house decision).
#[inline]
pub fn run_from(s: &mut Sim, first: Option<End>) -> End {
    match first {
        Some(e) => e,
        None => s.run(),
    }
}

/// Does a started move have any legal completion (E3)? `=` at a house decision always has.
pub fn any_completion(mut s: Sim, first: Option<End>) -> bool {
    run_from(&mut s, first) != End::Never
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn w1_own_front_row_empty_after_a_drop_loses() {
        // Not reachable by a legal move (lone-kichwa rule), but W1 says: b1 (3) the only
        // front seeds, lifted and sown anticlockwise: the first seed falls into a1 while row
        // b is empty -> player 1 loses at once, the 2 seeds in transit go to player 1's hand.
        let mut b = [[0u8; 16]; 2];
        b[0][0] = 3;
        b[1][0] = 1;
        let mut s = Sim::new(b, [0, 0], [false; 2], 0, false, false, NO_HOLE);
        s.dir = ACW;
        let n = s.lift(0);
        assert_eq!(s.sow(0, n), Some(End::Win(1)));
        assert_eq!(s.b[0][15], 1);
        assert_eq!(s.hand, [2, 0]);
        assert_eq!(s.sown, 1);
    }

    #[test]
    fn masks() {
        assert_eq!(MASKS[0][15][2], 1 | 1 << 8);
        assert_eq!(MASKS[1][8][1], 1u128 << 56);
        assert_eq!(MASKS[0][3][0], 0);
    }
}
