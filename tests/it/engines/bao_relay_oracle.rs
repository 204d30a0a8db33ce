//! An independent oracle for the never-ending rule (E2) and for plain takasa generation (Q3):
//! a deliberately naive simulator, written from the spec text alone, that sows seed by seed and
//! counts every drop up to the 65,536 cap, with no repetition shortcut. It covers mtaji
//! positions where no capture can start (so every move is a plain relay sowing), without house
//! flags or takasia, and compares the engine's legal list and resulting boards with it.

use baraza::games;
use rand::{Rng, SeedableRng};

use super::bao_board::{circuit, facing, Hole, CAP};

fn is_front(player: usize, h: Hole) -> bool {
    h.0 == if player == 0 { 1 } else { 2 }
}

fn front_row(player: usize) -> usize {
    if player == 0 {
        1
    } else {
        2
    }
}

#[derive(Clone)]
struct Board {
    cells: [[u32; 8]; 4],
    hands: [u32; 2],
}

impl Board {
    fn get(&self, h: Hole) -> u32 {
        self.cells[h.0][h.1]
    }
    fn front_empty(&self, player: usize) -> bool {
        self.cells[front_row(player)].iter().all(|&c| c == 0)
    }
    fn text(&self, side_after: usize) -> String {
        let rows: Vec<String> = self
            .cells
            .iter()
            .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
            .collect();
        format!(
            "bao {} {} {} {} --",
            rows.join("/"),
            self.hands[0],
            self.hands[1],
            side_after + 1
        )
    }
}

/// Step `k` holes from `i` in circuit direction `d` (+1 clockwise, -1 anticlockwise).
fn step(i: usize, d: i32) -> usize {
    (i as i32 + d).rem_euclid(16) as usize
}

/// Sow a plain (non-capturing, no house, no takasia) move seed by seed. `None` = never-ending.
fn relay_move(board: &Board, player: usize, start: usize, d: i32) -> Option<Board> {
    let circ = circuit(player);
    let mut b = board.clone();
    let mut drops = 0u32;
    let mut at = start;
    let mut hand = std::mem::take(&mut b.cells[circ[at].0][circ[at].1]);
    loop {
        while hand > 0 {
            at = step(at, d);
            b.cells[circ[at].0][circ[at].1] += 1;
            hand -= 1;
            drops += 1;
            if drops > CAP {
                return None;
            }
            if b.front_empty(player) {
                b.hands[player] += hand; // W1: the mover loses at once
                return Some(b);
            }
        }
        if b.get(circ[at]) >= 2 {
            hand = std::mem::take(&mut b.cells[circ[at].0][circ[at].1]);
        } else {
            return Some(b);
        }
    }
}

/// Could any (hole, direction) start a capture (Q2)?
fn any_capture_start(b: &Board, player: usize) -> bool {
    let circ = circuit(player);
    for i in 0..16 {
        let n = b.get(circ[i]);
        if !(2..=15).contains(&n) {
            continue;
        }
        for d in [1, -1] {
            let end = circ[(i as i32 + d * n as i32).rem_euclid(16) as usize];
            if is_front(player, end) && b.get(end) >= 1 && b.get(facing(end)) > 0 {
                return true;
            }
        }
    }
    false
}

fn token(player: usize, i: usize, d: i32) -> String {
    let circ = circuit(player);
    let h = circ[i];
    let next = circ[step(i, d)];
    // `>` = towards column 8 in the hole's row; at the row ends the step leaves the row:
    // b8/c8/a8/d8-side steps count as `>` only when they move away from column 1 (G5).
    let right = if next.0 == h.0 {
        next.1 > h.1
    } else {
        h.1 == 7
    };
    format!(
        "{}{}{}",
        (b'a' + h.0 as u8) as char,
        h.1 + 1,
        if right { '>' } else { '<' }
    )
}

/// The legal moves and their boards, from the spec's Q3 alone.
fn expected(b: &Board, player: usize) -> Vec<(String, String)> {
    let circ = circuit(player);
    let front: Vec<usize> = (0..16).filter(|&i| is_front(player, circ[i])).collect();
    let occupied_front = front.iter().filter(|&&i| b.get(circ[i]) > 0).count();
    let mut list = Vec::new();
    for back in [false, true] {
        for i in 0..16 {
            if is_front(player, circ[i]) == back || b.get(circ[i]) < 2 {
                continue;
            }
            for d in [1, -1] {
                let to_back = !is_front(player, circ[step(i, d)]);
                let kichwa = !back && (circ[i].1 == 0 || circ[i].1 == 7);
                if kichwa && to_back && occupied_front == 1 {
                    continue;
                }
                if let Some(after) = relay_move(b, player, i, d) {
                    list.push((token(player, i, d), after.text(1 - player)));
                }
            }
        }
        if !list.is_empty() {
            break;
        }
    }
    list.sort();
    list
}

#[test]
fn plain_relay_moves_match_a_naive_seed_by_seed_oracle() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(2026);
    let (mut checked, mut never_seen) = (0, 0);
    let mut tries = 0;
    while checked < 3000 {
        tries += 1;
        assert!(tries < 200_000, "too few usable positions");
        let player = rng.gen_range(0..2usize);
        let mut b = Board {
            cells: [[0; 8]; 4],
            hands: [0, 0],
        };
        // Mover: either random seeds over its 16 holes, or the side of the spec's X15 (a known
        // never-ending relay) with a few seeds moved, so never-ending candidates are common.
        let circ = circuit(player);
        let mine = if rng.gen_bool(0.5) {
            let n = rng.gen_range(12..40);
            for _ in 0..n {
                let h = circ[rng.gen_range(0..16)];
                b.cells[h.0][h.1] += 1;
            }
            n
        } else {
            // X15, player 1 circuit order b1..b8, a8..a1.
            let x15 = [0, 2, 1, 2, 0, 1, 0, 1, 0, 1, 0, 2, 1, 0, 2, 1];
            for (i, &n) in x15.iter().enumerate() {
                b.cells[circ[i].0][circ[i].1] = n;
            }
            for _ in 0..rng.gen_range(0..3) {
                let from = circ[rng.gen_range(0..16)];
                if b.get(from) > 0 {
                    b.cells[from.0][from.1] -= 1;
                    let to = circ[rng.gen_range(0..16)];
                    b.cells[to.0][to.1] += 1;
                }
            }
            x15.iter().sum()
        };
        // Opponent: one front seed facing a column that lets no capture start, rest behind.
        let (opp_front, opp_back) = if player == 0 { (2, 3) } else { (1, 0) };
        let col = rng.gen_range(0..8);
        b.cells[opp_front][col] = 1;
        b.cells[opp_back][rng.gen_range(0..8)] = 64 - mine - 1;
        if b.front_empty(player) || any_capture_start(&b, player) {
            continue;
        }
        let text = format!("{} -", b.text(player));
        let pos = games::parse_position(&text).unwrap();
        let want = expected(&b, player);
        let got = pos.legal();
        let want_tokens: Vec<&str> = want.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(got, want_tokens, "{text}");
        for (tok, board) in &want {
            let mut next = pos.clone();
            next.play(tok).unwrap();
            let fin = next.format();
            assert_eq!(&fin[..fin.rfind(' ').unwrap()], board, "{text} {tok}");
        }
        never_seen += (0..16)
            .filter(|&i| b.get(circ[i]) >= 2)
            .flat_map(|i| [(i, 1), (i, -1)])
            .filter(|&(i, d)| relay_move(&b, player, i, d).is_none())
            .count();
        checked += 1;
    }
    // The sample must actually contain never-ending candidates for the test to mean much.
    assert!(
        never_seen >= 20,
        "only {never_seen} never-ending candidates"
    );
    eprintln!("{checked} positions, {never_seen} never-ending candidates, {tries} tries");
}
