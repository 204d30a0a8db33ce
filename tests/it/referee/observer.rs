//! The referee's per-move events (`GameObserver`), seen in order for real games between bot
//! processes: the moves equal the record's, with the record's times; every move follows the
//! bot's `move` line; handshakes, reuse and the end of the game are reported as they happen.

use super::{builtin, player, setup};
use crate::support::*;
use baraza::game::Player;
use baraza::record::GameRecord;
use baraza::referee::{close_all, play_game_observed, GameExtras, GameObserver, Seat};
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
enum Event {
    Ready(Player, Vec<(String, String)>, bool),
    Info(Player, usize, String),
    Moved(usize, Player, String, u64),
    Sent(Player, String),
    Received(Player, String),
}

#[derive(Default)]
struct Recorder(Vec<Event>);

impl GameObserver for Recorder {
    fn ready(&mut self, player: Player, ids: &[(String, String)], reused: bool) {
        self.0.push(Event::Ready(player, ids.to_vec(), reused));
    }
    fn info(&mut self, player: Player, ply: usize, text: &str) {
        self.0.push(Event::Info(player, ply, text.to_string()));
    }
    fn moved(&mut self, ply: usize, player: Player, token: &str, time_ms: u64) {
        self.0
            .push(Event::Moved(ply, player, token.to_string(), time_ms));
    }
    fn sent(&mut self, player: Player, text: &str) {
        self.0.push(Event::Sent(player, text.to_string()));
    }
    fn received(&mut self, player: Player, line: &str) {
        self.0.push(Event::Received(player, line.to_string()));
    }
}

fn run<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

/// The moves the observer saw, as (ply, player, token, time).
fn moves(events: &[Event]) -> Vec<(usize, Player, String, u64)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Moved(ply, p, t, ms) => Some((*ply, *p, t.clone(), *ms)),
            _ => None,
        })
        .collect()
}

/// What every game's events must show, whoever played: the record's moves with its times, by
/// the player to move in the record's positions; each move right after its `move` line; the
/// `gameover` last.
fn check_game(events: &[Event], rec: &GameRecord, extras: &GameExtras, kept: [bool; 2]) {
    let seen = moves(events);
    assert_eq!(seen.len(), rec.plies, "one moved event per ply");
    let mut pos = baraza::games::parse_position(&rec.start).unwrap();
    for (i, (ply, p, token, ms)) in seen.iter().enumerate() {
        assert_eq!(*ply, i);
        assert_eq!(token, &rec.moves[i]);
        assert_eq!(*ms, rec.times_ms[i]);
        assert_eq!(*p, pos.side_to_move(), "ply {i} by the player to move");
        pos.play(token).unwrap();
    }
    // Each move the bot chose comes right after the line that carried it (a forced pass,
    // played by the referee, has no line).
    for (k, e) in events.iter().enumerate() {
        if let Event::Moved(_, p, token, _) = e {
            let before = &events[k - 1];
            let by_line = Event::Received(*p, format!("move {token}"));
            assert!(
                *before == by_line || token == "pass",
                "move {token} after {before:?}"
            );
        }
    }
    for p in [Player::One, Player::Two] {
        let i = p.index();
        // Ready before the first move of that side, with the ids of the extras.
        let ready = events
            .iter()
            .position(|e| matches!(e, Event::Ready(q, ..) if *q == p))
            .expect("a ready event per side");
        let Event::Ready(_, ids, _) = &events[ready] else {
            unreachable!()
        };
        assert_eq!(ids, &extras.ids[i]);
        let first_move = events
            .iter()
            .position(|e| matches!(e, Event::Moved(_, q, ..) if *q == p));
        assert!(first_move.is_none_or(|m| ready < m));
        // The last thing written to each bot ends the game.
        let last_sent = events
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::Sent(q, text) if *q == p => Some(text.clone()),
                _ => None,
            })
            .unwrap();
        let gameover = format!("gameover {} {}\n", rec.result, rec.termination);
        let expected = if kept[i] {
            gameover
        } else {
            format!("{gameover}quit\n")
        };
        assert_eq!(last_sent, expected, "player {p}");
    }
}

#[test]
fn an_observer_sees_a_game_between_builtin_bots_in_order() {
    run(async {
        let mut x = Seat::new(true);
        let mut y = Seat::new(true);
        let players = || {
            [
                player("r", builtin("random"), None),
                player("g", builtin("greedy"), None),
            ]
        };
        // Game 1: fresh processes, each greeted with the hello.
        let s1 = setup("bao", 1, players());
        let mut first = Recorder::default();
        let (r1, e1) = play_game_observed(&s1, [&mut x, &mut y], &mut first).await;
        assert_eq!(r1.termination.as_str(), "normal", "{}", r1.reason);
        assert!(r1.plies > 0);
        check_game(&first.0, &r1, &e1, [true, true]);
        for p in [Player::One, Player::Two] {
            let to_p: Vec<&Event> = first
                .0
                .iter()
                .filter(|e| matches!(e, Event::Sent(q, _) if *q == p))
                .collect();
            assert_eq!(*to_p[0], Event::Sent(p, "baraza 1 bao\n".to_string()));
            assert!(matches!(to_p[1], Event::Sent(_, t) if t.starts_with("newgame ")));
            // A ready, not reused, after the bot's own `ready` line.
            let ready = first
                .0
                .iter()
                .position(|e| matches!(e, Event::Ready(q, _, false) if *q == p))
                .unwrap();
            let ready_line = first
                .0
                .iter()
                .position(|e| *e == Event::Received(p, "ready".to_string()))
                .unwrap();
            assert!(ready_line < ready);
        }
        // Game 2, sides swapped, the same processes: ready is reported as reused with the ids
        // of the first handshake, and no hello is sent.
        let s2 = setup("bao", 2, players());
        let mut second = Recorder::default();
        let (r2, e2) = play_game_observed(&s2, [&mut y, &mut x], &mut second).await;
        assert_eq!(e2.games_before, [1, 1]);
        check_game(&second.0, &r2, &e2, [true, true]);
        assert!(second
            .0
            .iter()
            .any(|e| *e == Event::Ready(Player::One, e1.ids[1].clone(), true)));
        assert!(!second
            .0
            .iter()
            .any(|e| matches!(e, Event::Sent(_, t) if t.starts_with("baraza "))));
        close_all([x, y], Duration::from_secs(1)).await;
    });
}

#[test]
fn info_lines_reach_the_observer_and_the_info_log() {
    let dir = temp_dir("observer-info");
    // Two info lines before each move: ply and a fixed text.
    let script = dir.join("info_bot.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nset -f\nn=0\nwhile IFS= read -r line; do\n set -- $line\n case $1 in\n \
         baraza) echo 'id name talker'; echo ready ;;\n legal) first=$2 ;;\n \
         go) n=$((n+1)); echo \"info turn $n\"; echo 'info thinking'; echo \"move $first\" ;;\n \
         quit) exit 0 ;;\n esac\ndone\n",
    )
    .unwrap();
    let log = dir.join("p1.info");
    let argv = vec!["sh".to_string(), script.to_string_lossy().into_owned()];
    let s = setup(
        "darra",
        1,
        [
            player("talker", argv, Some(log.clone())),
            player("r", builtin("random"), None),
        ],
    );
    let mut seen = Recorder::default();
    let (rec, extras) = run(async {
        let (mut a, mut b) = (Seat::new(false), Seat::new(false));
        play_game_observed(&s, [&mut a, &mut b], &mut seen).await
    });
    check_game(&seen.0, &rec, &extras, [false, false]);
    let infos: Vec<(usize, String)> = seen
        .0
        .iter()
        .filter_map(|e| match e {
            Event::Info(Player::One, ply, t) => Some((*ply, t.clone())),
            Event::Info(Player::Two, ..) => panic!("the random bot sends no info"),
            _ => None,
        })
        .collect();
    // Each turn player 1 was asked (a forced pass is not asked) gave two info lines, reported
    // at the ply of that turn.
    let p1_plies: Vec<usize> = moves(&seen.0)
        .into_iter()
        .filter(|m| m.1 == Player::One && m.2 != "pass")
        .map(|m| m.0)
        .collect();
    let expected: Vec<(usize, String)> = p1_plies
        .iter()
        .enumerate()
        .flat_map(|(k, &ply)| [(ply, format!("turn {}", k + 1)), (ply, "thinking".into())])
        .collect();
    assert_eq!(infos, expected);
    assert_eq!(extras.info_lines, [expected.len() as u64, 0]);
    // The info log file is still written, one `<ply> <text>` line each.
    let file = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<String> = expected.iter().map(|(p, t)| format!("{p} {t}")).collect();
    assert_eq!(file.lines().collect::<Vec<_>>(), lines);
}
