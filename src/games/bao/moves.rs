//! Legal move generation (spec sections 5, 6 and 9) and the takasia rule (section 8).

use super::sowing::{
    any_completion, completions, front_empty, After, Completions, End, Sim, ACW, CW, HOUSE, NO_HOLE,
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
    /// The byte order of the token, for sorting.
    pub(super) key: u32,
    /// Where the move leads: generating a move sows it completely anyway (to rule out
    /// never-ending moves), so playing it is a copy.
    pub(super) after: After,
}

impl BaoMove {
    /// Seeds this move drops (S7): at most [`super::sowing::CAP`].
    pub fn seeds_sown(&self) -> u32 {
        self.after.sown
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

    fn push(&self, out: &mut Vec<BaoMove>, kind: Kind, hole: u8, dir: u8, comps: &Completions) {
        for (house, after) in comps.iter().enumerate() {
            if let Some(after) = *after {
                let mut mv = BaoMove {
                    hole,
                    dir,
                    kind,
                    house: house as u8,
                    key: 0,
                    after,
                };
                mv.key = self.sort_key(mv);
                out.push(mv);
            }
        }
    }

    /// Try one start and push its legal completions; returns whether any was pushed.
    fn try_push(
        &self,
        out: &mut Vec<BaoMove>,
        capturing: bool,
        kind: Kind,
        hole: u8,
        dir: u8,
    ) -> bool {
        let mut s = self.sim(capturing);
        let first = Bao::start(&mut s, kind, hole, dir);
        let comps = completions(s, first);
        self.push(out, kind, hole, dir, &comps);
        comps.iter().any(Option::is_some)
    }

    /// All legal moves, unsorted, of a position that is not over.
    pub(super) fn generate(&self, out: &mut Vec<BaoMove>) {
        if self.hand[self.me()] > 0 {
            self.gen_namua(out);
        } else {
            self.gen_sowing(out);
        }
        out.sort_unstable_by_key(|m| m.key);
    }

    /// The direction whose character is the M1 convention for a capture that wins at once:
    /// `>` in columns 1-4, `<` in columns 5-8.
    fn win_convention_dir(&self, x: u8) -> u8 {
        // Player 1: b-column = x + 1, `>` = CW. Player 2: c-column = 8 - x, `>` = ACW.
        if self.me() == 0 {
            if x < 4 {
                CW
            } else {
                ACW
            }
        } else if x >= 4 {
            ACW
        } else {
            CW
        }
    }

    fn gen_namua(&self, out: &mut Vec<BaoMove>) {
        let (me, opp) = (self.me(), 1 - self.me());
        let mine = &self.holes[me];
        let theirs = &self.holes[opp];
        // N3: capturing placements.
        for x in 0..8u8 {
            let xi = x as usize;
            if mine[xi] == 0 || theirs[7 - xi] == 0 {
                continue;
            }
            let forced = match x {
                0 | 1 => Some(CW),
                6 | 7 => Some(ACW),
                _ => None,
            };
            let dirs: &[u8] = match forced {
                Some(CW) => &[CW],
                Some(_) => &[ACW],
                None => &[CW, ACW],
            };
            let mut best = u8::MAX;
            let mut opts: [(u8, u8, Completions); 2] = [(0, 0, [None; 3]); 2]; // (dir, rank, ..)
            let mut won_at_once = false;
            for (i, &d) in dirs.iter().enumerate() {
                let mut s = self.sim(true);
                let first = Bao::start(&mut s, Kind::NamuaCapture, x, d);
                if let Some(End::Win(_)) = first {
                    // W1 at once: no sowing, one move, direction by convention (M1, D27).
                    let comps = completions(s, first);
                    self.push(
                        out,
                        Kind::NamuaCapture,
                        x,
                        self.win_convention_dir(x),
                        &comps,
                    );
                    won_at_once = true;
                    break;
                }
                let rank = if first.is_none() { s.rank() } else { 3 };
                let comps = completions(s, first);
                if comps.iter().any(Option::is_some) {
                    best = best.min(rank);
                }
                opts[i] = (d, rank, comps);
            }
            if won_at_once {
                continue;
            }
            // N5: among options with a legal completion, only the best rank.
            for (d, rank, comps) in opts.iter().take(dirs.len()) {
                if *rank == best {
                    self.push(out, Kind::NamuaCapture, x, *d, comps);
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
                for d in [CW, ACW] {
                    let mut s = self.sim(false);
                    let first = Bao::start(&mut s, Kind::NamuaHouse, HOUSE as u8, d);
                    let comps = completions(s, first);
                    self.push(out, Kind::NamuaHouse, HOUSE as u8, d, &comps);
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
        for x in 0..8u8 {
            if !allowed[x as usize] {
                continue;
            }
            for d in [CW, ACW] {
                if lone && ((x == 0 && d == ACW) || (x == 7 && d == CW)) {
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
        for h in 0..16u8 {
            for d in [CW, ACW] {
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
        for h in 0..8u8 {
            if mine[h as usize] < 2 || h == self.takasia {
                continue;
            }
            for d in [CW, ACW] {
                if lone && ((h == 0 && d == ACW) || (h == 7 && d == CW)) {
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
        for h in 8..16u8 {
            if mine[h as usize] < 2 {
                continue;
            }
            for d in [CW, ACW] {
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
        let over = a.won || front_empty(&self.holes[0]) || front_empty(&self.holes[1]);
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
