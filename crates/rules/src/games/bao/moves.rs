//! Legal move generation (spec sections 5, 6 and 9) and the takasia rule (section 8).

use super::board::dir_char;
use super::sowing::{
    any_completion, front_empty, run_from, After, End, Sim, ACW, CW, EQ, HOUSE, NO_HOLE, PLAIN,
    PLUS,
};
use super::Bao;

/// What kind of turn a move is; fixes how it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// N3: a capturing placement.
    NamuaCapture,
    /// N4: place, then sow the hole (takasa).
    NamuaTakasa,
    /// N4: the special house move (one seed out of the nyumba).
    NamuaHouse,
    /// Q2: a capturing sowing move.
    Capture,
    /// Q3: a non-capturing sowing move.
    Takasa,
}

/// A Bao move: the hole (mover's circuit index), the direction (`CW`/`ACW`; for a namua
/// capture the direction of the first capture sowing), and the house decision if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaoMove {
    pub(super) hole: u8,
    pub(super) dir: u8,
    pub(super) kind: Kind,
    /// [`PLAIN`] = no house decision, `PLUS` = `+`, `EQ` = `=`.
    pub(super) house: u8,
    /// Where the move leads: generating a move sows it completely anyway (to rule out
    /// never-ending moves), so playing it is a copy.
    pub(super) after: After,
}

/// Front holes (circuit index) in token order of their names: b1..b8, c1..c8.
const FRONT_ORDER: [[u8; 8]; 2] = [[0, 1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1, 0]];
/// Back holes in token order: a1..a8, d1..d8.
const BACK_ORDER: [[u8; 8]; 2] = [
    [15, 14, 13, 12, 11, 10, 9, 8],
    [8, 9, 10, 11, 12, 13, 14, 15],
];
/// All holes in token order: a < b for player 1, c < d for player 2.
const ALL_ORDER: [[u8; 16]; 2] = [
    [15, 14, 13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5, 6, 7],
    [7, 6, 5, 4, 3, 2, 1, 0, 8, 9, 10, 11, 12, 13, 14, 15],
];

/// The two directions from a hole in token order: the one written `<` first.
#[inline]
fn dirs_in_order(player: usize, hole: u8) -> [u8; 2] {
    if dir_char(player, hole as usize, CW) == b'<' {
        [CW, ACW]
    } else {
        [ACW, CW]
    }
}

/// A kichwa sown towards the back row (b1<, b8>, c1<, c8>).
#[inline]
fn is_kichwa_to_back(hole: u8, dir: u8) -> bool {
    (hole == 0 && dir == ACW) || (hole == 7 && dir == CW)
}

impl BaoMove {
    /// Seeds this move drops (S7): at most [`super::sowing::CAP`].
    pub fn seeds_sown(&self) -> u32 {
        self.after.sown
    }

    /// Whether the move captures (a namua or mtaji capture).
    pub fn is_capture(&self) -> bool {
        matches!(self.kind, Kind::NamuaCapture | Kind::Capture)
    }
}

impl Bao {
    pub(super) fn me(&self) -> usize {
        self.side.index()
    }

    /// Namua stage: some seed is still in hand (P4).
    pub(super) fn namua_stage(&self) -> bool {
        self.hand != [0, 0]
    }

    pub(super) fn sim(&self, capturing: bool) -> Sim {
        Sim::new(
            self.holes,
            self.hand,
            self.houses,
            self.me(),
            capturing,
            self.namua_stage(),
            self.takasia,
        )
    }

    /// Set up the start of a move in `s`; `Some` if the move already stopped.
    pub(super) fn start(s: &mut Sim, kind: Kind, hole: u8, dir: u8) -> Option<End> {
        let me = s.me;
        let h = hole as usize;
        match kind {
            Kind::NamuaCapture => {
                s.hand[me] -= 1;
                s.b[me][h] += 1;
                s.dir = dir;
                s.capture(h, Some(dir))
            }
            Kind::NamuaTakasa => {
                s.hand[me] -= 1;
                s.b[me][h] += 1;
                s.dir = dir;
                let n = s.lift(h);
                s.sow(hole, n)
            }
            Kind::NamuaHouse => {
                s.hand[me] -= 1;
                // The placed seed goes in, one seed comes out into the adjacent hole.
                let next = (hole + dir) & 15;
                s.b[me][next as usize] += 1;
                s.sown = 1;
                Some(End::Done)
            }
            Kind::Capture | Kind::Takasa => {
                s.dir = dir;
                let n = s.lift(h);
                s.sow(hole, n)
            }
        }
    }

    /// Run a started move every legal way and push its completions in token order (no
    /// suffix, or `+` then `=`); returns how many were pushed.
    fn push_run(
        &self,
        out: &mut Vec<BaoMove>,
        s: &mut Sim,
        first: Option<End>,
        kind: Kind,
        hole: u8,
        dir: u8,
    ) -> usize {
        let mv = |house: u8, after: After| BaoMove {
            hole,
            dir,
            kind,
            house,
            after,
        };
        match run_from(s, first) {
            End::Never => 0,
            End::Decision => {
                let eq = After::of(s);
                let mut plus = *s;
                let first = plus.take_house();
                let e2 = run_from(&mut plus, first);
                let mut n = 1;
                if e2 != End::Never {
                    out.push(mv(PLUS, After::of(&plus)));
                    n += 1;
                }
                out.push(mv(EQ, eq));
                n
            }
            End::Done | End::Win(_) => {
                out.push(mv(PLAIN, After::of(s)));
                1
            }
        }
    }

    /// Try one start and push its legal completions; returns how many were pushed.
    fn try_push(
        &self,
        out: &mut Vec<BaoMove>,
        capturing: bool,
        kind: Kind,
        hole: u8,
        dir: u8,
    ) -> usize {
        let mut s = self.sim(capturing);
        let first = Bao::start(&mut s, kind, hole, dir);
        self.push_run(out, &mut s, first, kind, hole, dir)
    }

    /// All legal moves of a position that is not over, generated directly in token order:
    /// rows a < b (player 1) or c < d (player 2), columns 1..8, `<` before `>`.
    pub(super) fn generate(&self, out: &mut Vec<BaoMove>) {
        if self.hand[self.me()] > 0 {
            self.gen_namua(out);
        } else {
            self.gen_sowing(out);
        }
    }

    /// The direction whose character is the M1 convention for a capture that wins at once:
    /// `>` in columns 1-4, `<` in columns 5-8.
    fn win_convention_dir(&self, x: u8) -> u8 {
        // Player 1: b-column = x + 1, `>` = CW. Player 2: c-column = 8 - x, `>` = ACW. Both
        // come out as CW for x < 4 and ACW from x = 4 on.
        if x < 4 {
            CW
        } else {
            ACW
        }
    }

    fn gen_namua(&self, out: &mut Vec<BaoMove>) {
        let (me, opp) = (self.me(), 1 - self.me());
        let mine = &self.holes[me];
        let theirs = &self.holes[opp];
        // N3: capturing placements.
        for &x in &FRONT_ORDER[me] {
            let xi = x as usize;
            if mine[xi] == 0 || theirs[7 - xi] == 0 {
                continue;
            }
            let both = dirs_in_order(me, x);
            let dirs: &[u8] = match x {
                0 | 1 => &[CW],
                6 | 7 => &[ACW],
                _ => &both,
            };
            let base = out.len();
            let mut ranks = [u8::MAX; 2];
            let mut ends = [base; 2];
            for (i, &d) in dirs.iter().enumerate() {
                let mut s = self.sim(true);
                let first = Bao::start(&mut s, Kind::NamuaCapture, x, d);
                if let Some(End::Win(_)) = first {
                    // W1 at once: no sowing, one move, direction by convention (M1, D27).
                    let dir = self.win_convention_dir(x);
                    self.push_run(out, &mut s, first, Kind::NamuaCapture, x, dir);
                    ranks = [0; 2];
                    ends = [out.len(); 2];
                    break;
                }
                let rank = if first.is_none() { s.rank() } else { 3 };
                if self.push_run(out, &mut s, first, Kind::NamuaCapture, x, d) > 0 {
                    ranks[i] = rank;
                }
                ends[i] = out.len();
            }
            // N5: among options with a legal completion, only the best rank.
            if dirs.len() == 2 && ranks[0] != ranks[1] {
                if ranks[0] < ranks[1] {
                    out.truncate(ends[0]);
                } else {
                    out.drain(base..ends[0]);
                }
            }
        }
        if !out.is_empty() {
            return;
        }
        // N4: takasa.
        let occupied = mine[..8].iter().filter(|&&c| c > 0).count();
        let lone = occupied == 1;
        let functional = self.houses[me] && mine[HOUSE] >= 6;
        let mut allowed = [false; 8];
        if functional {
            if occupied == 1 {
                // The nyumba is the only occupied front hole: the special house moves.
                for d in dirs_in_order(me, HOUSE as u8) {
                    self.try_push(out, false, Kind::NamuaHouse, HOUSE as u8, d);
                }
                return;
            }
            for (x, a) in allowed.iter_mut().enumerate() {
                *a = x != HOUSE && mine[x] > 0;
            }
        } else {
            let any_big = mine[..8].iter().any(|&c| c >= 2);
            for (x, a) in allowed.iter_mut().enumerate() {
                *a = if any_big { mine[x] >= 2 } else { mine[x] > 0 };
            }
        }
        for &x in &FRONT_ORDER[me] {
            if !allowed[x as usize] {
                continue;
            }
            for d in dirs_in_order(me, x) {
                if lone && is_kichwa_to_back(x, d) {
                    continue; // lone-kichwa rule (D1)
                }
                self.try_push(out, false, Kind::NamuaTakasa, x, d);
            }
        }
    }

    /// Q2: is (h, d) a capturing start: 2..15 seeds and the first lap ends in a capture
    /// configuration? Returns the first lap end.
    fn capture_start(&self, h: usize, d: u8) -> Option<usize> {
        let (me, opp) = (self.me(), 1 - self.me());
        let n = self.holes[me][h];
        if !(2..=15).contains(&n) {
            return None;
        }
        let l = (h + n as usize * d as usize) & 15;
        // n < 16, so l != h and l receives exactly one seed.
        (l < 8 && self.holes[me][l] >= 1 && self.holes[opp][7 - l] > 0).then_some(l)
    }

    fn gen_sowing(&self, out: &mut Vec<BaoMove>) {
        let me = self.me();
        for &h in &ALL_ORDER[me] {
            for d in dirs_in_order(me, h) {
                if self.capture_start(h as usize, d).is_some() {
                    self.try_push(out, true, Kind::Capture, h, d);
                }
            }
        }
        if !out.is_empty() {
            return;
        }
        // Q3: takasa, front row first.
        let mine = &self.holes[me];
        let lone = mine[..8].iter().filter(|&&c| c > 0).count() == 1;
        for &h in &FRONT_ORDER[me] {
            if mine[h as usize] < 2 || h == self.takasia {
                continue;
            }
            for d in dirs_in_order(me, h) {
                if lone && is_kichwa_to_back(h, d) {
                    continue;
                }
                if self.capture_start(h as usize, d).is_some() {
                    continue;
                }
                self.try_push(out, false, Kind::Takasa, h, d);
            }
        }
        if !out.is_empty() {
            return;
        }
        for &h in &BACK_ORDER[me] {
            if mine[h as usize] < 2 {
                continue;
            }
            for d in dirs_in_order(me, h) {
                if self.capture_start(h as usize, d).is_some() {
                    continue;
                }
                self.try_push(out, false, Kind::Takasa, h, d);
            }
        }
    }

    /// The bitmask of opponent front holes (their circuit index) that the side to move's
    /// legal capturing sowing moves capture first; stops at the first one if `any`.
    fn capture_targets(&self, any: bool) -> u8 {
        let mut mask = 0u8;
        for h in 0..16 {
            for d in [CW, ACW] {
                if let Some(l) = self.capture_start(h, d) {
                    let t = 7 - l;
                    if mask >> t & 1 == 1 {
                        continue;
                    }
                    let mut s = self.sim(true);
                    s.takasia = NO_HOLE;
                    let first = Bao::start(&mut s, Kind::Capture, h as u8, d);
                    if any_completion(s, first) {
                        mask |= 1 << t;
                        if any {
                            return mask;
                        }
                    }
                }
            }
        }
        mask
    }

    /// T1/T2: the takasia hole of the side to move after a non-capturing, non-game-ending
    /// mtaji move by the other side, or `NO_HOLE`.
    pub(super) fn compute_takasia(&self) -> u8 {
        // (i) the side to move (Y) has no legal capturing move.
        if self.capture_targets(true) != 0 {
            return NO_HOLE;
        }
        // (ii) X, moving again here, would capture exactly one Y front hole first.
        let mut x = *self;
        x.side = self.side.other();
        x.takasia = NO_HOLE;
        let mask = x.capture_targets(false);
        if mask.count_ones() != 1 {
            return NO_HOLE;
        }
        let t = mask.trailing_zeros() as usize;
        let ys = &self.holes[self.me()];
        let occupied = ys[..8].iter().filter(|&&c| c > 0).count();
        let big = ys[..8].iter().filter(|&&c| c > 1).count();
        // T2 exceptions.
        if t == HOUSE || occupied == 1 || (ys[t] > 1 && big == 1) {
            return NO_HOLE;
        }
        t as u8
    }

    /// Play a move generated for this position.
    pub(super) fn play(&mut self, mv: BaoMove) {
        let capturing = matches!(mv.kind, Kind::NamuaCapture | Kind::Capture);
        let mtaji = !self.namua_stage();
        let a = mv.after;
        self.holes = a.b;
        self.hand = a.hand;
        self.houses = a.flags;
        self.side = self.side.other();
        self.takasia = NO_HOLE;
        let over = front_empty(&self.holes[0]) || front_empty(&self.holes[1]);
        if mtaji && !capturing && !over {
            self.takasia = self.compute_takasia();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn e4_repetition_shortcut_stops_a_never_ending_move_early() {
        // X15: b4> (player 1 circuit index 3, clockwise) repeats its lap-end state after a
        // cycle of 112 laps / 272 seeds; the repetition test must stop it long before the
        // 65,536-seed cap.
        let p = Bao::parse(
            "bao 1,2,0,1,2,0,1,0/0,2,1,2,0,1,0,1/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,49 0 0 1 -- -",
        )
        .unwrap();
        let mut s = p.sim(false);
        let first = Bao::start(&mut s, Kind::Takasa, 3, CW);
        assert_eq!(first, None);
        assert_eq!(s.run(), End::Never);
        assert!(s.sown < 2_000, "sowed {} seeds", s.sown);
    }

    #[test]
    fn e2_cap_alone_also_rejects_it() {
        // Without the shortcut (laps counted, no repetition test) the cap still decides: the
        // same move sown seed-count-only stops with more than CAP seeds.
        let p = Bao::parse(
            "bao 1,2,0,1,2,0,1,0/0,2,1,2,0,1,0,1/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,49 0 0 1 -- -",
        )
        .unwrap();
        let mut s = p.sim(false);
        s.disable_repetition_test();
        let first = Bao::start(&mut s, Kind::Takasa, 3, CW);
        assert_eq!(first, None);
        assert_eq!(s.run(), End::Never);
        assert!(s.sown > super::super::sowing::CAP);
    }
}
