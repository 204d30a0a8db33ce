//! Properties of the schedule, the resume computation and the statistics over many random
//! events and samples.

use baraza::stats::elo::{self, Model, Sample};
use baraza::stats::sprt::{self, SprtParams};
use baraza::tournament::log::games_jsonl::{missing_games, GameLine};
use baraza::tournament::plan::config::{BotEntry, EventInputs, Format};
use baraza::tournament::plan::schedule::schedule;
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

fn event(bots: usize, rounds: u32, format: Format, seed: u64) -> EventInputs {
    EventInputs {
        ruleset: Some("darra".into()),
        rounds: Some(rounds),
        format: Some(format),
        seed: Some(seed),
        bots: (0..bots)
            .map(|i| BotEntry {
                name: Some(format!("bot{i}")),
                cmd: "builtin:random".into(),
                ..BotEntry::default()
            })
            .collect(),
        ..EventInputs::default()
    }
}

fn format() -> impl Strategy<Value = Format> {
    prop_oneof![Just(Format::RoundRobin), Just(Format::Gauntlet)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn schedule_shape(bots in 2usize..8, rounds in 1u32..5, fmt in format(), seed in 0u64..=(1u64 << 53) - 1) {
        let config = event(bots, rounds, fmt, seed).resolve(2).unwrap().0;
        let games = schedule(&config).unwrap();
        let pairings = match fmt {
            Format::RoundRobin => bots * (bots - 1) / 2,
            Format::Gauntlet => bots - 1,
        };
        prop_assert_eq!(games.len(), 2 * pairings * rounds as usize);
        // Numbers 1..=N in order, ids unique.
        for (i, g) in games.iter().enumerate() {
            prop_assert_eq!(g.game, i as u64 + 1);
        }
        let ids: HashSet<&str> = games.iter().map(|g| g.game_id.as_str()).collect();
        prop_assert_eq!(ids.len(), games.len());
        // Each ordered (player 1, player 2) meets once per round: every pairing plays both sides.
        let mut sides: HashMap<(usize, usize), u32> = HashMap::new();
        for g in &games {
            prop_assert_ne!(g.white, g.black);
            if fmt == Format::Gauntlet {
                prop_assert!(g.white == 0 || g.black == 0);
            }
            *sides.entry((g.white, g.black)).or_default() += 1;
        }
        prop_assert_eq!(sides.len(), 2 * pairings);
        prop_assert!(sides.values().all(|&n| n == rounds));
        // Pairs: two consecutive games, same start, sides swapped.
        for p in games.chunks(2) {
            prop_assert_eq!(p[0].pair, p[1].pair);
            prop_assert_eq!(&p[0].start, &p[1].start);
            prop_assert_eq!((p[0].white, p[0].black), (p[1].black, p[1].white));
        }
    }

    #[test]
    fn missing_games_are_the_complement_in_order(
        bots in 2usize..5, rounds in 1u32..4, played in proptest::collection::vec(any::<bool>(), 0..40)
    ) {
        let config = event(bots, rounds, Format::RoundRobin, 1).resolve(2).unwrap().0;
        let games = schedule(&config).unwrap();
        let done: Vec<GameLine> = games
            .iter()
            .zip(played.iter().chain(std::iter::repeat(&false)))
            .filter(|(_, &p)| p)
            .map(|(g, _)| {
                let rec = serde_json::from_value(serde_json::json!({
                    "game": g.game, "ruleset": "darra", "white": g.white_name, "black": g.black_name,
                    "result": "1-0", "termination": "normal", "reason": "", "plies": 0,
                    "moves": [], "times_ms": [], "start": g.start, "seed": g.seed,
                    "time_control": "-", "event": "", "site": "", "date": "", "round": g.round.to_string()
                }))
                .unwrap();
                GameLine::new(g, rec)
            })
            .collect();
        let missing = missing_games(&games, &done);
        prop_assert_eq!(missing.len() + done.len(), games.len());
        let done_ids: HashSet<&str> = done.iter().map(|g| g.game_id.as_str()).collect();
        prop_assert!(missing.iter().all(|g| !done_ids.contains(g.game_id.as_str())));
        prop_assert!(missing.windows(2).all(|w| w[0].game < w[1].game));
    }

    #[test]
    fn elo_score_round_trip(score in 0.001f64..0.999) {
        let elo = elo::score_to_elo(score).unwrap();
        prop_assert!((elo::elo_to_score(elo) - score).abs() < 1e-12);
    }

    #[test]
    fn interval_contains_the_estimate(w in 0u64..50, d in 0u64..50, l in 0u64..50) {
        prop_assume!(w + l > 0);
        let e = elo::elo_trinomial(w, d, l).unwrap();
        if let (Some(lo), Some(x)) = (e.low, e.elo) {
            prop_assert!(lo <= x);
        }
        if let (Some(hi), Some(x)) = (e.high, e.elo) {
            prop_assert!(x <= hi);
        }
    }

    /// The LLR is positive when the sample mean is at or above s1 and negative at or below s0
    /// (the profile likelihood is concave in the mean, with its top at the sample's mean;
    /// between s0 and s1 the sign depends on more than the mean), and it grows linearly with
    /// the sample when the proportions stay the same.
    #[test]
    fn llr_sign_and_scaling(penta in proptest::array::uniform5(1u64..30), k in 2u64..5) {
        let p = SprtParams::default();
        let sample = Sample::pentanomial(penta);
        let (mean, _) = sample.mean_var().unwrap();
        let (s0, s1) = (elo::elo_to_score(p.elo0), elo::elo_to_score(p.elo1));
        let llr = sprt::sprt(p, &sample, Model::Pentanomial).llr;
        if mean >= s1 {
            prop_assert!(llr > 0.0);
        }
        if mean <= s0 {
            prop_assert!(llr < 0.0);
        }
        let scaled = Sample::pentanomial(penta.map(|c| c * k));
        let llr_k = sprt::sprt(p, &scaled, Model::Pentanomial).llr;
        prop_assert!((llr_k - k as f64 * llr).abs() < 1e-9 * (1.0 + llr.abs() * k as f64));
    }
}
