//! `baraza match` as a plan for the runner: `games` games between two bots, sides alternating
//! (bot 1 is player 1 in odd games), each game its own round. Games 1 and 2 are a pair, both
//! from the same start: the one start, or with an openings file the pair's line of it (pair
//! k plays line k, from the first line again after the last).
//!
//! The game ids (`g1`, `g2`, ...) and pairs (games 1 and 2 are pair 1) exist for the runner
//! only: `match --jsonl` writes the records without them.

use super::schedule::ScheduledGame;

/// The games of a match. Every game carries the match's `seed` (it is recorded as is); the
/// built-in bots' seeds follow from it ([`crate::tournament::run::setup::SeedRule::ByBot`]).
///
/// `starts`: one start for every game, or the lines of an openings file (`from_file`).
pub fn match_games(
    names: &[String; 2],
    starts: &[String],
    from_file: bool,
    games: u64,
    seed: u64,
) -> Vec<ScheduledGame> {
    (1..=games)
        .map(|game| {
            let (white, black) = if game % 2 == 1 { (0, 1) } else { (1, 0) };
            let pair = game.div_ceil(2);
            let line = ((pair - 1) % starts.len().max(1) as u64) as usize;
            ScheduledGame {
                game,
                game_id: format!("g{game}"),
                round: u32::try_from(game).unwrap_or(u32::MAX),
                pair,
                pairing: 1,
                leg: if game % 2 == 1 { 'a' } else { 'b' },
                white,
                black,
                white_name: names[white].clone(),
                black_name: names[black].clone(),
                start: starts[line].clone(),
                opening: from_file.then_some(line),
                seed,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_alternate_and_pairs_join_two_games() {
        let names = ["a".to_string(), "b".to_string()];
        let g = match_games(&names, &["darra x".to_string()], false, 3, 7);
        let sides: Vec<(&str, &str, u64, u32)> = g
            .iter()
            .map(|g| {
                (
                    g.white_name.as_str(),
                    g.black_name.as_str(),
                    g.pair,
                    g.round,
                )
            })
            .collect();
        assert_eq!(
            sides,
            [("a", "b", 1, 1), ("b", "a", 1, 2), ("a", "b", 2, 3)]
        );
        assert!(g
            .iter()
            .all(|g| g.seed == 7 && g.start == "darra x" && g.opening.is_none()));
    }

    #[test]
    fn each_pair_plays_its_line_of_the_openings() {
        let names = ["a".to_string(), "b".to_string()];
        let lines = ["x".to_string(), "y".to_string()];
        let g = match_games(&names, &lines, true, 6, 1);
        let starts: Vec<(&str, Option<usize>)> =
            g.iter().map(|g| (g.start.as_str(), g.opening)).collect();
        assert_eq!(
            starts,
            [
                ("x", Some(0)),
                ("x", Some(0)),
                ("y", Some(1)),
                ("y", Some(1)),
                ("x", Some(0)),
                ("x", Some(0))
            ]
        );
    }
}
