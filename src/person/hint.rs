//! `hint` at the prompt: the built-in search's move for the person's position, found within
//! about a second, with the score of its last completed depth.

use crate::builtin::search::Search;
use crate::builtin::{BotOptions, Clocks, Strategy, Turn};
use crate::game::Position;

/// How long the search may think for a hint, in ms.
pub const HINT_MS: u64 = 1000;

/// `hint: 4A (depth 9, score cp 3)`, or without the parenthesis when the search said nothing.
pub fn hint(pos: &dyn Position, seed: u64) -> String {
    let legal = pos.legal();
    if legal.is_empty() {
        return "hint: the game is over".to_string();
    }
    let me = pos.side_to_move();
    let mut search = Search::new(seed, &BotOptions::default());
    search.new_game(pos.ruleset(), me);
    let turn = Turn {
        pos: Some(pos),
        legal: &legal,
        me,
        last: None,
        clocks: Clocks {
            p1time: 0,
            p2time: 0,
            p1inc: 0,
            p2inc: 0,
            movetime: Some(HINT_MS),
            nodes: None,
            depth: None,
        },
    };
    let k = search.choose(&turn);
    let mv = &legal[k.min(legal.len() - 1)];
    match search.take_info().last().and_then(|l| why(l)) {
        Some(w) => format!("hint: {mv} ({w})"),
        None => format!("hint: {mv}"),
    }
}

/// `depth 9, score cp 3` from an info line `info depth 9 score cp 3 nodes ...`.
fn why(info: &str) -> Option<String> {
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = |key: &str| words.iter().position(|w| *w == key);
    let s = at("score")?;
    let end = words[s + 1..]
        .iter()
        .position(|w| ["nodes", "nps", "pv", "time", "depth"].contains(w))
        .map_or(words.len(), |e| s + 1 + e);
    let score = words[s..end].join(" ");
    Some(match at("depth").and_then(|d| words.get(d + 1)) {
        Some(d) => format!("depth {d}, {score}"),
        None => score,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::parse_position;
    use std::time::{Duration, Instant};

    #[test]
    fn the_score_and_depth_are_read_from_the_last_info_line() {
        let line = "info depth 6 score cp -2 nodes 5224 nps 1084042 pv 5A 2B";
        assert_eq!(why(line).as_deref(), Some("depth 6, score cp -2"));
        assert_eq!(why("info string hello"), None);
    }

    #[test]
    fn a_hint_is_a_legal_move_found_within_about_a_second() {
        let pos = parse_position("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0").unwrap();
        let t = Instant::now();
        let h = hint(pos.as_ref(), 1);
        assert!(
            t.elapsed() < Duration::from_millis(1500),
            "{:?}",
            t.elapsed()
        );
        let mv = h.strip_prefix("hint: ").unwrap().split(' ').next().unwrap();
        assert!(pos.legal().iter().any(|m| m == mv), "{h}");
        assert!(h.contains("score"), "{h}");
    }
}
