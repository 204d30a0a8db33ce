//! Property tests over random Bao games and random Bao positions: seed conservation, the
//! position string round trip, every listed move applies, the never-ending cap, and the
//! terminal test (W2: over exactly when a front row is empty or the mover has no legal move).

use baraza::game::{Game, Position};
use baraza::games::bao::{sowing::CAP, Bao, START};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

fn seeds(s: &str) -> u64 {
    let f: Vec<&str> = s.split(' ').collect();
    let board: u64 = f[1]
        .split(['/', ','])
        .map(|n| n.parse::<u64>().unwrap())
        .sum();
    board + f[2].parse::<u64>().unwrap() + f[3].parse::<u64>().unwrap()
}

fn front_empty(s: &str, row: usize) -> bool {
    let f: Vec<&str> = s.split(' ').collect();
    f[1].split('/')
        .nth(row)
        .unwrap()
        .split(',')
        .all(|n| n == "0")
}

/// Check every invariant at one position; returns the legal moves.
fn check(pos: &Bao) -> Vec<<Bao as Game>::Move> {
    let text = Game::format(pos);
    assert_eq!(seeds(&text), 64, "{text}");
    let again = Bao::parse(&text).unwrap();
    assert_eq!(again, *pos, "round trip of {text}");
    assert_eq!(Game::format(&again), text);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let tokens: Vec<String> = moves.iter().map(|&m| pos.move_token(m)).collect();
    let mut sorted = tokens.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(tokens, sorted, "sorted and distinct at {text}");
    let status = Game::status(pos);
    let any_front_empty = front_empty(&text, 1) || front_empty(&text, 2);
    assert_eq!(
        status.is_over(),
        moves.is_empty() || any_front_empty,
        "{text}"
    );
    if any_front_empty {
        assert!(moves.is_empty(), "{text}");
        assert_eq!(
            status.to_string().split(' ').nth(1),
            Some("front-row-empty")
        );
    } else if moves.is_empty() {
        assert_eq!(status.to_string().split(' ').nth(1), Some("no-legal-move"));
    }
    for (&m, tok) in moves.iter().zip(&tokens) {
        assert!(m.seeds_sown() <= CAP, "{tok} at {text}");
        // Every listed token is accepted through the referee's string face.
        let mut p: Box<dyn Position> = Box::new(*pos);
        p.play(tok)
            .unwrap_or_else(|e| panic!("{tok} at {text}: {e}"));
        let mut direct = *pos;
        direct.apply(m);
        assert_eq!(p.format(), Game::format(&direct));
    }
    moves
}

fn playout(seed: u64, start: Bao, max_plies: usize) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut pos = start;
    for _ in 0..max_plies {
        let moves = check(&pos);
        if moves.is_empty() {
            return;
        }
        pos.apply(moves[rng.gen_range(0..moves.len())]);
    }
    check(&pos);
}

/// A random mtaji position: 64 seeds scattered over the 32 holes, both hands empty.
fn random_mtaji(seed: u64) -> Bao {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    loop {
        let mut holes = [0u32; 32];
        let spread = rng.gen_range(4..32);
        for _ in 0..64 {
            holes[rng.gen_range(0..spread) * 32 / spread + rng.gen_range(0..32 / spread)] += 1;
        }
        let row = |r: usize| {
            holes[r * 8..r * 8 + 8]
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let side = rng.gen_range(1..=2);
        let houses = ["HH", "H-", "-H", "--"][rng.gen_range(0..4)];
        let s = format!(
            "bao {}/{}/{}/{} 0 0 {side} {houses} -",
            row(0),
            row(1),
            row(2),
            row(3)
        );
        if let Ok(p) = Bao::parse(&s) {
            return p;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>()) {
        playout(seed, Bao::parse(START).unwrap(), 400);
    }

    #[test]
    fn random_mtaji_positions_keep_every_invariant(seed in any::<u64>()) {
        playout(seed, random_mtaji(seed), 60);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Never panic on any input: near-miss position strings either fail to parse with an error
    /// or give a usable position.
    #[test]
    fn arbitrary_position_strings_never_panic(
        s in "bao [0-9,/]{0,40}(0,0,0,0,0,0,0,[0-9]{1,2}/){0,4}[0-9,]{0,20} [0-9]{1,3} [0-9]{1,3} [0-9] [H\\-x]{1,3} [a-e0-9\\-é]{1,3}"
    ) {
        if let Ok(p) = Bao::parse(&s) {
            let _ = Game::status(&p);
            let _ = Game::show(&p);
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
        }
    }

    /// Valid positions with one field character changed.
    #[test]
    fn mutated_positions_never_panic(seed in any::<u64>(), at in 0usize..100, c in any::<char>()) {
        let p = random_mtaji(seed);
        let mut s: Vec<char> = Game::format(&p).chars().collect();
        let at = at % s.len();
        s[at] = c;
        let s: String = s.into_iter().collect();
        if let Ok(p) = Bao::parse(&s) {
            let _ = Game::status(&p);
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            let mut b: Box<dyn Position> = Box::new(p);
            let _ = b.play("b1>");
            let _ = b.play("zz");
        }
    }
}
