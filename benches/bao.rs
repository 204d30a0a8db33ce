//! Bao legal-move generation on a namua position and an mtaji position.

use baraza::game::Game;
use baraza::games::bao::{Bao, START};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// An mtaji position of the spec's perft figures.
const MTAJI: &str =
    "bao 2,0,2,0,2,2,0,4/0,0,1,1,1,1,0,4/3,2,1,2,1,14,0,1/8,3,0,1,5,1,1,1 0 0 1 -- -";
/// A namua position with captures (spec X4).
const NAMUA: &str =
    "bao 0,0,0,0,0,0,0,0/0,0,0,1,6,2,2,0/0,2,2,2,0,0,0,0/0,0,0,0,0,0,0,7 20 20 1 HH -";

fn legal_moves(c: &mut Criterion) {
    let mut moves = Vec::with_capacity(64);
    for (name, text) in [("start", START), ("namua", NAMUA), ("mtaji", MTAJI)] {
        let pos = Bao::parse(text).unwrap();
        c.bench_function(&format!("bao legal {name}"), |b| {
            b.iter(|| {
                black_box(&pos).legal_moves(&mut moves);
                moves.len()
            })
        });
    }
    let pos = Bao::parse(MTAJI).unwrap();
    c.bench_function("bao perft 3 mtaji", |b| {
        b.iter(|| baraza::game::perft(black_box(&pos), 3))
    });
}

criterion_group!(benches, legal_moves);
criterion_main!(benches);
