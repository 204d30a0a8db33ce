//! A second, deliberately naive Bao implementation written from the spec text alone (seed by
//! seed, hole names instead of circuit indices, no repetition shortcut, no stored results), used
//! as an oracle: on random games and random positions of every stage, the engine's legal list,
//! every resulting position (takasia included) and the status must agree with it.

use baraza::games;
use rand::{Rng, SeedableRng};

use super::bao_board::{circuit, facing, Hole, CAP};

#[derive(Clone, Debug)]
struct St {
    cells: [[u32; 8]; 4],
    hands: [u32; 2],
    side: usize,
    houses: [bool; 2],
    takasia: Option<Hole>,
}

fn front(p: usize) -> usize {
    [1, 2][p]
}
fn nyumba(p: usize) -> Hole {
    [(1, 4), (2, 3)][p]
}
fn left_kichwa(p: usize) -> Hole {
    [(1, 0), (2, 7)][p]
}
fn right_kichwa(p: usize) -> Hole {
    [(1, 7), (2, 0)][p]
}
fn left_side(p: usize, h: Hole) -> bool {
    h.0 == front(p) && if p == 0 { h.1 <= 1 } else { h.1 >= 6 }
}
fn right_side(p: usize, h: Hole) -> bool {
    h.0 == front(p) && if p == 0 { h.1 >= 6 } else { h.1 <= 1 }
}
/// The hole after `h` in circuit direction `d` (+1 clockwise).
fn next(p: usize, h: Hole, d: i32) -> Hole {
    let c = circuit(p);
    let i = c.iter().position(|&x| x == h).unwrap() as i32;
    c[(i + d).rem_euclid(16) as usize]
}
fn name(h: Hole) -> String {
    format!("{}{}", (b'a' + h.0 as u8) as char, h.1 + 1)
}
fn dir_char(p: usize, h: Hole, d: i32) -> char {
    let n = next(p, h, d);
    let right = if n.0 == h.0 { n.1 > h.1 } else { h.1 == 7 };
    if right {
        '>'
    } else {
        '<'
    }
}

impl St {
    fn get(&self, h: Hole) -> u32 {
        self.cells[h.0][h.1]
    }
    fn front_empty(&self, p: usize) -> bool {
        self.cells[front(p)].iter().all(|&c| c == 0)
    }
    fn occupied_front(&self, p: usize) -> usize {
        self.cells[front(p)].iter().filter(|&&c| c > 0).count()
    }
    fn functional(&self, p: usize) -> bool {
        self.houses[p] && self.get(nyumba(p)) >= 6
    }
    fn namua_stage(&self) -> bool {
        self.hands[0] > 0 || self.hands[1] > 0
    }
    fn text(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .iter()
            .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
            .collect();
        let houses: String = self
            .houses
            .iter()
            .map(|&h| if h { 'H' } else { '-' })
            .collect();
        format!(
            "bao {} {} {} {} {houses} {}",
            rows.join("/"),
            self.hands[0],
            self.hands[1],
            self.side + 1,
            self.takasia.map_or("-".to_string(), name)
        )
    }
    fn parse(s: &str) -> St {
        let f: Vec<&str> = s.split(' ').collect();
        let mut cells = [[0; 8]; 4];
        for (r, row) in f[1].split('/').enumerate() {
            for (c, n) in row.split(',').enumerate() {
                cells[r][c] = n.parse().unwrap();
            }
        }
        let tk = f[6].as_bytes();
        St {
            cells,
            hands: [f[2].parse().unwrap(), f[3].parse().unwrap()],
            side: f[4].parse::<usize>().unwrap() - 1,
            houses: [&f[5][..1] == "H", &f[5][1..] == "H"],
            takasia: (f[6] != "-").then(|| ((tk[0] - b'a') as usize, (tk[1] - b'1') as usize)),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Stop {
    Ended,
    Never,
    Over,
}

/// One move being sown, seed by seed.
struct Mv {
    st: St,
    p: usize,
    capturing: bool,
    namua: bool,
    takasia: Option<Hole>,
    drops: u32,
    dir: i32,
    at: Hole,
    decision_seen: bool,
    plus: bool,
    /// Lap end right after the first capture's sowing (for kichwa priority).
    first_capture_end: Option<Hole>,
}

impl Mv {
    fn new(st: &St, capturing: bool, plus: bool) -> Mv {
        Mv {
            st: st.clone(),
            p: st.side,
            capturing,
            namua: st.namua_stage(),
            takasia: st.takasia,
            drops: 0,
            dir: 1,
            at: (0, 0),
            decision_seen: false,
            plus,
            first_capture_end: None,
        }
    }

    fn take(&mut self, h: Hole) -> u32 {
        let n = self.st.get(h);
        self.st.cells[h.0][h.1] = 0;
        if h == nyumba(self.p) {
            self.st.houses[self.p] = false;
        }
        n
    }

    /// Drop `n` seeds one by one after hole `from`. Err when the move stops inside.
    fn lap(&mut self, from: Hole, mut n: u32) -> Result<(), Stop> {
        let mut h = from;
        while n > 0 {
            h = next(self.p, h, self.dir);
            self.st.cells[h.0][h.1] += 1;
            n -= 1;
            self.drops += 1;
            if self.drops > CAP {
                return Err(Stop::Never);
            }
            if self.st.front_empty(self.p) {
                self.st.hands[self.p] += n;
                return Err(Stop::Over);
            }
        }
        self.at = h;
        Ok(())
    }

    fn capture(&mut self, x: Hole, choice: Option<i32>) -> Result<(), Stop> {
        let p = self.p;
        let t = facing(x);
        let k = self.st.get(t);
        self.st.cells[t.0][t.1] = 0;
        if t == nyumba(1 - p) {
            self.st.houses[1 - p] = false;
        }
        if !self.namua {
            self.st.houses = [false, false];
        }
        if self.st.front_empty(1 - p) {
            self.st.hands[p] += k;
            return Err(Stop::Over);
        }
        let kichwa = if left_side(p, x) {
            left_kichwa(p)
        } else if right_side(p, x) {
            right_kichwa(p)
        } else if let Some(d) = choice {
            if d == 1 {
                left_kichwa(p)
            } else {
                right_kichwa(p)
            }
        } else if self.dir == 1 {
            left_kichwa(p)
        } else {
            right_kichwa(p)
        };
        self.dir = if kichwa == left_kichwa(p) { 1 } else { -1 };
        let before = next(p, kichwa, -self.dir);
        self.lap(before, k)?;
        if self.first_capture_end.is_none() {
            self.first_capture_end = Some(self.at);
        }
        Ok(())
    }

    /// Rule L1 until the move ends.
    fn finish(&mut self) -> Stop {
        loop {
            let (p, l) = (self.p, self.at);
            let c = self.st.get(l);
            let r = if self.capturing && l.0 == front(p) && c >= 2 && self.st.get(facing(l)) > 0 {
                self.capture(l, None)
            } else if l == nyumba(p) && self.st.functional(p) {
                if !self.capturing && self.namua {
                    return Stop::Ended;
                }
                self.decision_seen = true;
                if !self.plus {
                    return Stop::Ended;
                }
                let n = self.take(l);
                self.lap(l, n)
            } else if Some(l) == self.takasia {
                return Stop::Ended;
            } else if c >= 2 {
                let n = self.take(l);
                self.lap(l, n)
            } else {
                return Stop::Ended;
            };
            if let Err(s) = r {
                return s;
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Start {
    NamuaCapture(Hole, i32),
    NamuaTakasa(Hole, i32),
    House(i32),
    Sow(Hole, i32, bool),
}

/// Play a start with a house policy: (stop, decision reached, state after, rank, immediate win).
fn play(st: &St, start: Start, plus: bool) -> (Stop, bool, St, u8, bool) {
    let capturing = matches!(start, Start::NamuaCapture(..) | Start::Sow(_, _, true));
    let mut m = Mv::new(st, capturing, plus);
    let p = st.side;
    let mut won_at_once = false;
    let first = match start {
        Start::NamuaCapture(x, d) => {
            m.st.hands[p] -= 1;
            m.st.cells[x.0][x.1] += 1;
            m.dir = d;
            let r = m.capture(x, Some(d));
            won_at_once = r == Err(Stop::Over);
            r
        }
        Start::NamuaTakasa(x, d) => {
            m.st.hands[p] -= 1;
            m.st.cells[x.0][x.1] += 1;
            m.dir = d;
            let n = m.take(x);
            m.lap(x, n)
        }
        Start::House(d) => {
            m.st.hands[p] -= 1;
            let h = nyumba(p);
            let to = next(p, h, d);
            m.st.cells[to.0][to.1] += 1;
            m.drops = 1;
            Err(Stop::Ended)
        }
        Start::Sow(h, d, _) => {
            m.dir = d;
            let n = m.take(h);
            m.lap(h, n)
        }
    };
    let mut rank = 3;
    if let Some(l) = m.first_capture_end {
        let c = m.st.get(l);
        rank = if l.0 == front(p) && c >= 2 && m.st.get(facing(l)) > 0 {
            0
        } else if l == nyumba(p) && m.st.functional(p) {
            1
        } else if c >= 2 {
            2
        } else {
            3
        };
    }
    let stop = match first {
        Err(s) => s,
        Ok(()) => m.finish(),
    };
    (stop, m.decision_seen, m.st, rank, won_at_once)
}

/// Every legal completion of a start: (suffix, state after).
fn completions(st: &St, start: Start) -> Vec<(&'static str, St)> {
    let (stop, decided, after, _, _) = play(st, start, false);
    if stop == Stop::Never {
        return vec![];
    }
    if !decided {
        return vec![("", after)];
    }
    let mut v = vec![];
    let (stop2, _, after2, _, _) = play(st, start, true);
    if stop2 != Stop::Never {
        v.push(("+", after2));
    }
    v.push(("=", after));
    v
}

fn sow_is_capture(st: &St, h: Hole, d: i32) -> bool {
    let p = st.side;
    let n = st.get(h);
    if !(2..=15).contains(&n) {
        return false;
    }
    let mut l = h;
    for _ in 0..n {
        l = next(p, l, d);
    }
    l.0 == front(p) && st.get(l) >= 1 && st.get(facing(l)) > 0
}

fn own_holes(p: usize) -> Vec<Hole> {
    circuit(p)
}

/// The legal moves: (token, state after the move, before side switch/takasia).
fn legal(st: &St) -> Vec<(String, St, bool)> {
    let p = st.side;
    if st.front_empty(p) || st.front_empty(1 - p) {
        return vec![];
    }
    let mut out: Vec<(String, St, bool)> = vec![];
    let push = |out: &mut Vec<(String, St, bool)>, tok: String, st: &St, start: Start, cap| {
        for (suffix, after) in completions(st, start) {
            out.push((format!("{tok}{suffix}"), after, cap));
        }
    };
    if st.hands[p] > 0 {
        for x in (0..8).map(|c| (front(p), c)) {
            if st.get(x) == 0 || st.get(facing(x)) == 0 {
                continue;
            }
            let opts: Vec<i32> = if left_side(p, x) {
                vec![1]
            } else if right_side(p, x) {
                vec![-1]
            } else {
                vec![1, -1]
            };
            let mut ranked = vec![];
            for &d in &opts {
                let (_, _, _, rank, won) = play(st, Start::NamuaCapture(x, d), false);
                if won {
                    let c = if x.1 <= 3 { '>' } else { '<' };
                    push(
                        &mut out,
                        format!("{}{c}", name(x)),
                        st,
                        Start::NamuaCapture(x, d),
                        true,
                    );
                    ranked.clear();
                    break;
                }
                let comps = completions(st, Start::NamuaCapture(x, d));
                if !comps.is_empty() {
                    ranked.push((rank, d, comps));
                }
            }
            if let Some(best) = ranked.iter().map(|r| r.0).min() {
                for (rank, d, comps) in ranked {
                    if rank == best {
                        for (suffix, after) in comps {
                            let tok = format!("{}{}{suffix}", name(x), dir_char(p, x, d));
                            out.push((tok, after, true));
                        }
                    }
                }
            }
        }
        if out.is_empty() {
            let fronts: Vec<Hole> = (0..8).map(|c| (front(p), c)).collect();
            let allowed: Vec<Hole> = if st.functional(p) {
                if st.occupied_front(p) == 1 {
                    for d in [1, -1] {
                        let h = nyumba(p);
                        push(
                            &mut out,
                            format!("{}{}", name(h), dir_char(p, h, d)),
                            st,
                            Start::House(d),
                            false,
                        );
                    }
                    vec![]
                } else {
                    fronts
                        .iter()
                        .copied()
                        .filter(|&h| st.get(h) > 0 && h != nyumba(p))
                        .collect()
                }
            } else if fronts.iter().any(|&h| st.get(h) >= 2) {
                fronts.iter().copied().filter(|&h| st.get(h) >= 2).collect()
            } else {
                fronts.iter().copied().filter(|&h| st.get(h) > 0).collect()
            };
            for x in allowed {
                for d in [1, -1] {
                    let lone = st.occupied_front(p) == 1
                        && (x == left_kichwa(p) || x == right_kichwa(p))
                        && next(p, x, d).0 != front(p);
                    if !lone {
                        push(
                            &mut out,
                            format!("{}{}", name(x), dir_char(p, x, d)),
                            st,
                            Start::NamuaTakasa(x, d),
                            false,
                        );
                    }
                }
            }
        }
    } else {
        for h in own_holes(p) {
            for d in [1, -1] {
                if sow_is_capture(st, h, d) {
                    push(
                        &mut out,
                        format!("{}{}", name(h), dir_char(p, h, d)),
                        st,
                        Start::Sow(h, d, true),
                        true,
                    );
                }
            }
        }
        if out.is_empty() {
            for back in [false, true] {
                for h in own_holes(p) {
                    if (h.0 == front(p)) == back || st.get(h) < 2 || Some(h) == st.takasia {
                        continue;
                    }
                    for d in [1, -1] {
                        let lone = !back
                            && st.occupied_front(p) == 1
                            && (h == left_kichwa(p) || h == right_kichwa(p))
                            && next(p, h, d).0 != front(p);
                        if lone || sow_is_capture(st, h, d) {
                            continue;
                        }
                        push(
                            &mut out,
                            format!("{}{}", name(h), dir_char(p, h, d)),
                            st,
                            Start::Sow(h, d, false),
                            false,
                        );
                    }
                }
                if !out.is_empty() {
                    break;
                }
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Front holes of the side to move's opponent that its legal captures would take first.
fn capture_targets(st: &St) -> Vec<Hole> {
    let p = st.side;
    let mut t = vec![];
    for h in own_holes(p) {
        for d in [1, -1] {
            if sow_is_capture(st, h, d) && !completions(st, Start::Sow(h, d, true)).is_empty() {
                let mut l = h;
                for _ in 0..st.get(h) {
                    l = next(p, l, d);
                }
                if !t.contains(&facing(l)) {
                    t.push(facing(l));
                }
            }
        }
    }
    t
}

/// The position after a legal move (side switched, takasia per T1/T2).
fn after_move(st: &St, after: &St, capturing: bool) -> St {
    let mut n = after.clone();
    n.side = 1 - st.side;
    n.takasia = None;
    let over = n.front_empty(0) || n.front_empty(1);
    if !st.namua_stage() && !capturing && !over {
        let y = n.side;
        if capture_targets(&n).is_empty() {
            let mut x = n.clone();
            x.side = 1 - y;
            let t = capture_targets(&x);
            if t.len() == 1 {
                let t = t[0];
                let occ = n.occupied_front(y);
                let big = n.cells[front(y)].iter().filter(|&&c| c > 1).count();
                if t != nyumba(y) && occ != 1 && !(n.get(t) > 1 && big == 1) {
                    n.takasia = Some(t);
                }
            }
        }
    }
    n
}

fn status(st: &St) -> String {
    let p = st.side;
    let win = |w: usize| if w == 0 { "1-0" } else { "0-1" };
    if st.front_empty(p) {
        format!("{} front-row-empty", win(1 - p))
    } else if st.front_empty(1 - p) {
        format!("{} front-row-empty", win(p))
    } else if legal(st).is_empty() {
        format!("{} no-legal-move", win(1 - p))
    } else {
        "ongoing".to_string()
    }
}

/// Compare engine and oracle at one position; returns the oracle's successors.
fn compare(text: &str) -> Vec<String> {
    let st = St::parse(text);
    assert_eq!(st.text(), text);
    let pos = games::parse_position(text).unwrap();
    let want = legal(&st);
    let want_tokens: Vec<&str> = want.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(pos.legal(), want_tokens, "legal list of {text}");
    assert_eq!(pos.status().to_string(), status(&st), "status of {text}");
    let mut succ = vec![];
    for (tok, after, cap) in &want {
        let mut next = pos.clone();
        next.play(tok).unwrap();
        let expect = after_move(&st, after, *cap).text();
        assert_eq!(next.format(), expect, "{text} {tok}");
        succ.push(expect);
    }
    succ
}

fn random_position(rng: &mut impl Rng) -> String {
    loop {
        let mut st = St {
            cells: [[0; 8]; 4],
            hands: [0, 0],
            side: rng.gen_range(0..2),
            houses: [rng.gen_bool(0.5), rng.gen_bool(0.5)],
            takasia: None,
        };
        match rng.gen_range(0..4) {
            0 => {}
            1 => st.hands = [rng.gen_range(0..12), rng.gen_range(0..12)],
            2 => st.hands[st.side] = rng.gen_range(1..6),
            _ => st.hands[1 - st.side] = rng.gen_range(1..6), // D26
        }
        let rest = 64 - st.hands[0] - st.hands[1];
        let spread = rng.gen_range(3..32);
        let holes: Vec<usize> = (0..spread).map(|_| rng.gen_range(0..32)).collect();
        for _ in 0..rest {
            let h = holes[rng.gen_range(0..holes.len())];
            st.cells[h / 8][h % 8] += 1;
        }
        if st.hands == [0, 0] && rng.gen_bool(0.3) {
            let c = rng.gen_range(0..8);
            st.takasia = Some((front(st.side), c));
        }
        if st.front_empty(0) && st.front_empty(1) {
            continue;
        }
        return st.text();
    }
}

#[test]
fn engine_agrees_with_the_naive_oracle_on_random_games() {
    let start = games::find("bao").unwrap().start.to_string();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let mut plies = 0;
    for _ in 0..60 {
        let mut text = start.clone();
        for _ in 0..300 {
            let succ = compare(&text);
            plies += 1;
            if succ.is_empty() {
                break;
            }
            text = succ[rng.gen_range(0..succ.len())].clone();
        }
    }
    assert!(plies > 1000);
}

#[test]
fn engine_agrees_with_the_naive_oracle_on_random_positions() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(12);
    for _ in 0..1500 {
        let mut text = random_position(&mut rng);
        for _ in 0..4 {
            let succ = compare(&text);
            if succ.is_empty() {
                break;
            }
            text = succ[rng.gen_range(0..succ.len())].clone();
        }
    }
}
