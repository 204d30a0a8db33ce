//! Another arena's habits (UCI, GTP, CECP) get their hint at every point of the protocol where
//! a bot can show one: in place of `ready`, in place of its move, after its move (read before
//! its next turn, or as its answer), and between games, read before its first move of the next
//! game, always in the same words.

use super::reasons::{kept_processes_lose_with, play};
use crate::support::bot;

/// `mistake_habit.sh WHEN LINE` as a command.
fn habit(when: &str, line: &str) -> String {
    format!("{} {when} '{line}'", bot("mistake_habit.sh"))
}

/// The hint of a line sent where `move 1A` (or another first move) belongs.
fn move_hint(what: &str, token: &str) -> String {
    format!(" ({what}; a baraza bot answers 'go' with 'move {token}')")
}

#[test]
fn a_habit_in_place_of_ready_is_named() {
    for (line, what) in [
        ("readyok", "UCI's answer to 'isready'"),
        ("bestmove 1A", "UCI's answer to 'go'"),
        ("= 1A", "a GTP answer"),
        ("pong 1", "a CECP (xboard) answer to 'ping'"),
    ] {
        let games = play(
            &habit("hello", line),
            &["--games", "1", "--startup-timeout", "300"],
            &[],
        );
        assert_eq!(
            games[0].1,
            (
                "stalled connection".to_string(),
                format!(
                    "player N (mistake_habit) did not send 'ready' within the startup deadline \
                     of 300 ms: it sent '{line}' ({what}, ignored; a baraza bot answers the \
                     hello with 'ready')"
                )
            ),
            "{line}"
        );
    }
}

#[test]
fn a_habit_in_place_of_a_move_is_named() {
    for (line, hint) in [
        ("bestmove 1A", move_hint("UCI's answer to 'go'", "1A")),
        ("=3 1A", move_hint("a GTP answer", "1A")),
        (
            "readyok",
            move_hint(
                "UCI's answer to 'isready', which baraza never sends",
                "<token>",
            ),
        ),
    ] {
        let games = play(&habit("answer", line), &["--games", "1"], &[]);
        assert_eq!(
            games[0].1,
            (
                "protocol error".to_string(),
                format!(
                    "player N (mistake_habit) answered '{line}' instead of 'move <token>'{hint}"
                )
            ),
            "{line}"
        );
    }
}

#[test]
fn a_habit_after_a_move_is_named_wherever_it_is_read() {
    // Read before its next turn if it came before the bot was stopped, else as its answer to
    // that turn: the hint either way.
    let hint = move_hint("UCI's answer to 'go'", "1A");
    let games = play(
        &habit("after", "bestmove 1A"),
        &["--games", "4", "--concurrency", "2"],
        &[],
    );
    for (n, (term, reason)) in &games {
        assert_eq!(term, "protocol error", "player {n}: {reason}");
        let before =
            format!("player N (mistake_habit) sent 'bestmove 1A' when it was not its turn{hint}");
        let answer = format!(
            "player N (mistake_habit) answered 'bestmove 1A' instead of 'move <token>'{hint}"
        );
        assert!(*reason == before || *reason == answer, "{reason}");
    }
}

#[test]
fn a_habit_between_games_is_named_in_the_same_words_every_time() {
    // Written on `gameover`, it is read before the next `newgame`, before the kept process's
    // first turn, or as its answer to it: one wording, with the hint.
    let words = format!(
        "player N (mistake_habit) sent 'bestmove 1A' between games (after 'gameover', before \
         its first move of the next game: a bot writes nothing but 'info' lines then){}",
        move_hint("UCI's answer to 'go'", "1A")
    );
    kept_processes_lose_with(&habit("gameover", "bestmove 1A"), &words);
}
