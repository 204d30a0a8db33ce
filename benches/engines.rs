//! Criterion benches of the Darra and Dara engines: legal-move generation, apply, one random
//! playout and perft. `cargo bench --bench engines`; medians are what the issue notes quote.

use baraza::game::{perft, random_playout, Game};
use baraza::games::dara::Dara;
use baraza::games::darra::Darra;
use baraza::rng::SplitMix64;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn bench_game<G: Game>(c: &mut Criterion, name: &str, positions: &[&str], perft_depth: u32) {
    let start = G::parse(positions[0]).unwrap();
    let mut moves = Vec::with_capacity(256);
    for (i, p) in positions.iter().enumerate() {
        let pos = G::parse(p).unwrap();
        c.bench_function(&format!("{name}/legal_moves/{i}"), |b| {
            b.iter(|| {
                black_box(&pos).legal_moves(&mut moves);
                moves.len()
            })
        });
    }
    let mut rng = SplitMix64::new(1);
    c.bench_function(&format!("{name}/random_playout"), |b| {
        b.iter(|| random_playout(black_box(&start), &mut rng, &mut moves))
    });
    c.bench_function(&format!("{name}/perft{perft_depth}"), |b| {
        b.iter(|| perft(black_box(&start), perft_depth))
    });
}

fn engines(c: &mut Criterion) {
    bench_game::<Darra>(
        c,
        "darra",
        &[
            "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0",
            "darra 13,3,0,2,3,1/3,0,3,1,2,1 1 8 8 2 5",
        ],
        5,
    );
    bench_game::<Dara>(
        c,
        "dara",
        &[
            "dara ....../....../....../....../...... 1 12 12 0",
            "dara oxxoox/..xxxo/oxoo.o/.oxoxo/o..xxx 1 0 0 0",
            "dara ooo.x./x..o../xx..o./..x..o/.x.... 1 0 0 4",
        ],
        3,
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(2));
    targets = engines
}
criterion_main!(benches);
