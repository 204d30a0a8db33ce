//! Matchmaking with real games: built-in bots of a known order (random, greedy, search levels
//! 3 and 5, then level 4 submitted late) reach that order on the leaderboard, and the late
//! version its place, within the games docs/league.md states. The levels' node budgets, not
//! the clock, end their searches (2 s a move), so the same seed gives the same games.

use super::*;

/// The active versions' names (`name` of `name@version`), best first, from the JSON
/// leaderboard; None while it has no ratings.
fn standings(dir: &Path) -> Option<Vec<String>> {
    let json: serde_json::Value = serde_json::from_str(&league(&[
        "leaderboard",
        dir.to_str().unwrap(),
        "--format",
        "json",
    ]))
    .unwrap();
    let rows = json["active"].as_array().unwrap();
    let mut rated: Vec<(f64, String)> = rows
        .iter()
        .map(|r| {
            let name = r["name"].as_str().unwrap().to_string();
            r["rating"].as_f64().map(|x| (x, name))
        })
        .collect::<Option<_>>()?;
    rated.sort_by(|a, b| b.0.total_cmp(&a.0));
    Some(rated.into_iter().map(|r| r.1).collect())
}

#[test]
fn a_league_of_known_order_reaches_it_and_a_late_version_its_place() {
    let dir = temp_dir("league-order");
    let entrants = [
        "r=builtin:random",
        "g=builtin:greedy",
        "s3=builtin:search --level 3",
        "s5=builtin:search --level 5",
    ];
    new_league_of(&dir, ("2000", "3"), &entrants);
    // Four versions owe four placement pairs each: 8 pairs, 16 games.
    run_games(&dir, 16);
    submit(&dir, "s4", "builtin:search --level 4");
    // Its four placement pairs (every other version is placed) put s4 within one place of
    // its rank in the known order: second, below level 5.
    run_games(&dir, 8);
    let lines = game_lines(&dir);
    let late: Vec<&GameLine> = lines[16..].iter().collect();
    assert!(
        late.iter()
            .all(|g| g.record.white == "s4@1" || g.record.black == "s4@1"),
        "the late version's placement batch"
    );
    let order = standings(&dir).expect("ratings after 24 games");
    let place = order.iter().position(|n| n == "s4").unwrap();
    assert!(place <= 2, "s4 is {} of {order:?}", place + 1);
    // The known order (docs/search.md's Darra ladder: level 3 over 2 and 1 by 76% and 83%,
    // 4 over 3 by 96%, 5 over 4 by 84%; greedy over random by 84%) within 40 games.
    let known = ["s5", "s4", "s3", "g", "r"];
    let mut games = 24;
    while standings(&dir).is_none_or(|o| o != known) {
        assert!(
            games < 40,
            "not in order after {games} games: {:?}",
            standings(&dir)
        );
        run_games(&dir, 8);
        games += 8;
    }
    assert_eq!(game_lines(&dir).len(), games);
}
