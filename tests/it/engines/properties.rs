//! Properties of whole random games, checked on the position strings (so they do not lean on
//! the engines' internals): round trip, every listed move applies, conservation of seeds and
//! pieces, terminal exactly when the spec says, and every game ends within the spec's bound.

use baraza::game::Status;
use baraza::games;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

fn fields(pos: &str) -> Vec<String> {
    pos.split(' ').map(str::to_string).collect()
}

/// Darra: (seeds on the board, captured1 + captured2, nocap, holes per row).
fn darra_counts(pos: &str) -> (u32, u32, u32, u32) {
    let f = fields(pos);
    let holes: Vec<u32> = f[1].split(['/', ',']).map(|h| h.parse().unwrap()).collect();
    let n = holes.len() as u32 / 2;
    let captured = f[3].parse::<u32>().unwrap() + f[4].parse::<u32>().unwrap();
    (holes.iter().sum(), captured, f[6].parse().unwrap(), n)
}

/// Dara: (pieces of player 1, of player 2 (board + hand), nocap).
fn dara_counts(pos: &str) -> (u32, u32, u32) {
    let f = fields(pos);
    let on = |c: char| f[1].chars().filter(|&x| x == c).count() as u32;
    let h1: u32 = f[3].parse().unwrap();
    let h2: u32 = f[4].parse().unwrap();
    (on('x') + h1, on('o') + h2, f[5].parse().unwrap())
}

/// Play one uniform random game from the start of `id`, checking every ply with `check`
/// (position before, move, position after). Returns the number of plies.
fn play(id: &str, seed: u64, mut check: impl FnMut(&str, &str, &str)) -> usize {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut pos = games::find(id).unwrap().start_position();
    let mut plies = 0;
    loop {
        let text = pos.format();
        assert_eq!(
            games::parse_position(&text).unwrap().format(),
            text,
            "round trip"
        );
        let legal = pos.legal();
        assert_eq!(
            legal.is_empty(),
            pos.status().is_over(),
            "{text}: terminal iff no move"
        );
        if legal.is_empty() {
            return plies;
        }
        let mut sorted = legal.clone();
        sorted.sort();
        assert_eq!(legal, sorted, "{text}: legal list in byte order");
        // Every listed move applies (checked on a sample to keep the test quick).
        for m in legal.iter().step_by(legal.len() / 4 + 1) {
            pos.clone()
                .play(m)
                .unwrap_or_else(|e| panic!("{text}: listed {m}: {e}"));
        }
        let m = legal[rng.gen_range(0..legal.len())].clone();
        pos.play(&m).unwrap();
        check(&text, &m, &pos.format());
        plies += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn darra_games(seed in any::<u64>(), variant in 0usize..4) {
        let id = ["darra", "darra-2x12", "darra-2x16", "darra-2x18"][variant];
        let plies = play(id, seed, |before, mv, after| {
            let (b0, c0, nocap0, n) = darra_counts(before);
            let (b1, c1, nocap1, _) = darra_counts(after);
            assert_eq!(b0 + c0, 8 * n, "{before}: seeds conserved");
            assert_eq!(b1 + c1, 8 * n, "{before} {mv}: seeds conserved");
            // Captures come in fours and reset nocap; otherwise nocap counts up by one.
            assert_eq!((c1 - c0) % 4, 0);
            assert_eq!(nocap1, if c1 > c0 { 0 } else { nocap0 + 1 }, "{before} {mv}");
            if mv == "pass" {
                assert_eq!(b0, b1);
            }
            let pos = games::parse_position(after).unwrap();
            let spec_terminal = b1 < 5 || nocap1 >= 100 * n;
            assert_eq!(pos.status().is_over(), spec_terminal, "{after}");
            if let Status::Over { reason, scores: Some((s1, s2)), .. } = pos.status() {
                assert_eq!(reason, if b1 < 5 { "end" } else { "limit" });
                // Every seed is scored once the last capturer takes the rest.
                assert_eq!(s1 + s2, 8 * n, "{after}: final scores");
            }
        });
        // (captures possible + 1) x limit: spec §9.
        let n = [6, 12, 16, 18][variant];
        prop_assert!(plies <= (2 * n + 1) * 100 * n, "{id}: {plies} plies");
    }

    #[test]
    fn dara_games(seed in any::<u64>(), niger in any::<bool>()) {
        let id = if niger { "dara-niger" } else { "dara" };
        let plies = play(id, seed, |before, mv, after| {
            let (p1, p2, nocap0) = dara_counts(before);
            let (q1, q2, nocap1) = dara_counts(after);
            let removal = mv.contains('x');
            let drop = mv.len() == 2;
            // Pieces leave the game only by a removal, one at a time, from the opponent.
            let lost = (p1 - q1) + (p2 - q2);
            assert_eq!(lost, removal as u32, "{before} {mv}");
            let mover_is_1 = fields(before)[2] == "1";
            if removal {
                assert_eq!(if mover_is_1 { p2 - q2 } else { p1 - q1 }, 1);
            }
            assert_eq!(nocap1, if removal || drop { 0 } else { nocap0 + 1 }, "{before} {mv}");
            let pos = games::parse_position(after).unwrap();
            let short = q1 < 3 || q2 < 3;
            if short || nocap1 >= 100 {
                assert!(pos.status().is_over(), "{after}");
            } else {
                assert_eq!(pos.status().is_over(), pos.legal().is_empty(), "{after}");
            }
        });
        // Spec §7: at most 24 + 20 x 100 plies.
        prop_assert!(plies <= 2024, "{id}: {plies} plies");
    }
}
