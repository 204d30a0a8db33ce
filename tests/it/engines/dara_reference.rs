//! A deliberately naive second implementation of the Dara move rules (spec §5), written straight
//! from the text with a 2-D array and loops, compared with the engine's legal lists on positions
//! reached by random play. Any difference in content or order is a bug in one of the two.

use baraza::games;
use rand::{Rng, SeedableRng};

type Board = [[u8; 6]; 5]; // [rank][file], b'x' b'o' b'.'

fn parse(pos: &str) -> (Board, u8, [u32; 2], bool) {
    let f: Vec<&str> = pos.split(' ').collect();
    let mut b = [[b'.'; 6]; 5];
    for (i, rank) in f[1].split('/').enumerate() {
        b[4 - i].copy_from_slice(rank.as_bytes());
    }
    let me = if f[2] == "1" { b'x' } else { b'o' };
    let hands = [f[3].parse().unwrap(), f[4].parse().unwrap()];
    (b, me, hands, f[0] == "dara-niger")
}

/// Length of the run of `b[r][c]`'s colour through (r, c) along (dr, dc).
fn run(b: &Board, r: usize, c: usize, dr: i32, dc: i32) -> usize {
    let who = b[r][c];
    let mut n = 1;
    for sign in [-1, 1] {
        let (mut rr, mut cc) = (r as i32 + sign * dr, c as i32 + sign * dc);
        while (0..5).contains(&rr) && (0..6).contains(&cc) && b[rr as usize][cc as usize] == who {
            n += 1;
            rr += sign * dr;
            cc += sign * dc;
        }
    }
    n
}

fn longest(b: &Board, r: usize, c: usize) -> usize {
    run(b, r, c, 0, 1).max(run(b, r, c, 1, 0))
}

fn name(r: usize, c: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

fn reference_legal(pos: &str) -> Vec<String> {
    let (b, me, hands, niger) = parse(pos);
    let opp = if me == b'x' { b'o' } else { b'x' };
    let mut out = Vec::new();
    let hand = hands[if me == b'x' { 0 } else { 1 }];
    if hand > 0 {
        let max_run = if niger { 2 } else { 3 };
        for r in 0..5 {
            for c in 0..6 {
                if b[r][c] == b'.' {
                    let mut a = b;
                    a[r][c] = me;
                    if longest(&a, r, c) <= max_run {
                        out.push(name(r, c));
                    }
                }
            }
        }
    } else {
        for r in 0..5 {
            for c in 0..6 {
                if b[r][c] != me {
                    continue;
                }
                for (dr, dc) in [(0i32, -1i32), (-1, 0), (1, 0), (0, 1)] {
                    let (tr, tc) = (r as i32 + dr, c as i32 + dc);
                    if !(0..5).contains(&tr) || !(0..6).contains(&tc) {
                        continue;
                    }
                    let (tr, tc) = (tr as usize, tc as usize);
                    if b[tr][tc] != b'.' {
                        continue;
                    }
                    let mut a = b;
                    a[r][c] = b'.';
                    a[tr][tc] = me;
                    let l = longest(&a, tr, tc);
                    if l >= 4 {
                        continue;
                    }
                    let step = format!("{}-{}", name(r, c), name(tr, tc));
                    let mut removals = Vec::new();
                    if l == 3 {
                        for er in 0..5 {
                            for ec in 0..6 {
                                if a[er][ec] == opp && longest(&a, er, ec) < 3 {
                                    removals.push(format!("{step}x{}", name(er, ec)));
                                }
                            }
                        }
                    }
                    if removals.is_empty() {
                        out.push(step);
                    } else {
                        out.extend(removals);
                    }
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn engine_matches_naive_reference_on_random_games() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261129);
    let mut positions = 0;
    for game in 0..400 {
        let id = if game % 4 == 3 { "dara-niger" } else { "dara" };
        let mut pos = games::find(id).unwrap().start_position();
        loop {
            let legal = pos.legal();
            if legal.is_empty() {
                break;
            }
            let text = pos.format();
            assert_eq!(legal, reference_legal(&text), "legal list of {text}");
            positions += 1;
            let m = &legal[rng.gen_range(0..legal.len())];
            pos.play(m).unwrap();
        }
    }
    assert!(positions > 10_000, "only {positions} positions compared");
}
