//! A move token is found in the legal list without building the tokens (`Game::token_is`, which
//! `--verify` relies on at every ply): along random games of every ruleset, each listed token
//! plays exactly the move at its index, and near-miss tokens are refused.

use baraza::games::{parse_position, RULESETS};
use baraza::rng::SplitMix64;

#[test]
fn every_listed_token_plays_its_move_and_near_misses_are_refused() {
    for ruleset in RULESETS {
        let mut rng = SplitMix64::new(11);
        for _game in 0..5 {
            let mut pos = parse_position(ruleset.start).unwrap();
            for _ply in 0..300 {
                let legal = pos.legal();
                if legal.is_empty() {
                    break;
                }
                for (i, token) in legal.iter().enumerate() {
                    let (mut by_token, mut by_index) = (pos.clone(), pos.clone());
                    by_token.play(token).unwrap();
                    assert!(by_index.play_index(i));
                    assert_eq!(by_token.format(), by_index.format(), "{token}");
                    // A leading zero, a lower-case letter, a token cut short or lengthened.
                    let misses = [
                        format!("0{token}"),
                        token.to_lowercase(),
                        token[..token.len() - 1].to_string(),
                        format!("{token}x"),
                    ];
                    for miss in misses.iter().filter(|m| !legal.contains(m)) {
                        assert!(
                            pos.clone().play(miss).is_err(),
                            "{} took '{miss}'",
                            ruleset.id
                        );
                    }
                }
                let k = rng.index(legal.len());
                assert!(pos.play_index(k));
            }
        }
    }
}
