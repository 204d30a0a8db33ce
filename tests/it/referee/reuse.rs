//! Process reuse: a bot's process plays game after game of a match (tests/bots/reuse_bot.sh
//! records its pid at every `newgame`), is replaced after a fault, and `--no-reuse` starts a
//! fresh process every game. Plus the library API the tournament runner uses.

use crate::support::*;
use std::path::Path;
use std::time::Duration;

fn pids(pidfile: &Path) -> Vec<String> {
    std::fs::read_to_string(pidfile)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

fn distinct(pids: &[String]) -> usize {
    let mut v = pids.to_vec();
    v.sort();
    v.dedup();
    v.len()
}

fn reuse_bot(mode: &str, pidfile: &Path) -> String {
    format!("{REUSE_BOT} {mode} {}", pidfile.display())
}

/// A match of `games` games between reuse_bot MODE (bot 1, "a") and reuse_bot good (bot 2,
/// "b"); returns the run, the games and both pid lists.
fn play(
    test: &str,
    mode: &str,
    games: u32,
    extra: &[&str],
) -> (MatchRun, Vec<serde_json::Value>, Vec<String>, Vec<String>) {
    let dir = temp_dir(test);
    let (pa, pb) = (dir.join("a.pids"), dir.join("b.pids"));
    let jsonl = dir.join("games.jsonl");
    let (a, b) = (reuse_bot(mode, &pa), reuse_bot("good", &pb));
    let run = Match::new("darra", a, b)
        .names("a", "b")
        .games(games)
        .movetime(400)
        .jsonl(&jsonl)
        .args(extra)
        .played();
    let recs = run.all_records();
    let (ids_a, ids_b) = (pids(&pa), pids(&pb));
    assert_eq!(leftover_pids(&pa), Vec::<String>::new(), "processes left");
    assert_eq!(leftover_pids(&pb), Vec::<String>::new(), "processes left");
    (run, recs, ids_a, ids_b)
}

#[test]
fn one_process_per_bot_plays_the_whole_match_and_the_logs_stay_per_game() {
    let dir = temp_dir("reuse-logs");
    let logs = dir.join("logs");
    let logs_arg = logs.to_str().unwrap().to_string();
    let (run, games, a, b) = play("reuse-good", "good", 4, &["--logs", &logs_arg]);
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g["termination"], "normal", "{g}");
    }
    assert_eq!(a.len(), 4, "bot a played 4 games: {a:?}");
    assert_eq!(distinct(&a), 1, "in one process: {a:?}");
    assert_eq!(distinct(&b), 1, "in one process: {b:?}");
    assert_eq!(games[1]["white"], "b", "sides alternate");
    assert!(!run.stderr.contains("note:"), "{}", run.stderr);
    // Each game's stderr and info files hold that game's lines only (the bot counts the games
    // of its process, which here are the games of the match).
    for game in 1..=4 {
        let side_a = if game % 2 == 1 { 1 } else { 2 };
        for ext in ["stderr", "info"] {
            let f = logs.join(format!("g{game}-p{side_a}-a.{ext}"));
            let text = std::fs::read_to_string(&f).unwrap();
            let n = text.lines().count();
            assert!(n > 20, "{}: {n} lines", f.display());
            assert!(
                text.lines()
                    .all(|l| l.contains(&format!("game {game} turn "))),
                "{}:\n{text}",
                f.display()
            );
            assert!(
                text.lines().next().unwrap().ends_with("turn 1"),
                "{}",
                f.display()
            );
        }
    }
}

#[test]
fn no_reuse_starts_fresh_processes_every_game() {
    let (_, games, a, b) = play("reuse-off", "good", 4, &["--no-reuse"]);
    assert_eq!(games.len(), 4);
    assert_eq!(distinct(&a), 4, "{a:?}");
    assert_eq!(distinct(&b), 4, "{b:?}");
}

#[test]
fn a_bot_at_fault_is_replaced_and_its_opponent_kept() {
    // Bot a hangs at its first turn of game 2: it loses on time, its process is killed, and
    // games 3 and 4 are played by one fresh process. Bot b is never at fault: one process.
    let (_, games, a, b) = play("reuse-forfeit", "forfeit2", 4, &[]);
    let terms: Vec<&str> = games
        .iter()
        .map(|g| g["termination"].as_str().unwrap())
        .collect();
    assert_eq!(terms, ["normal", "time forfeit", "normal", "normal"]);
    assert_eq!(games[1]["result"], "1-0", "bot a (player 2) loses game 2");
    assert_eq!(a.len(), 4, "{a:?}");
    assert_eq!(a[0], a[1], "game 2 was played by the process of game 1");
    assert_ne!(a[1], a[2], "a fresh process after the forfeit");
    assert_eq!(a[2], a[3]);
    assert_eq!(distinct(&b), 1, "{b:?}");
}

#[test]
fn output_between_games_loses_the_next_game_by_protocol_error() {
    // Bot a writes a line when it reads gameover. Game 1 is normal; game 2, where bot a is
    // player 2, is lost by it; game 3 is played by a fresh process.
    let (_, games, a, b) = play("reuse-stray", "stray", 3, &[]);
    assert_eq!(games[0]["termination"], "normal");
    let g = &games[1];
    assert_eq!(g["termination"], "protocol error", "{g}");
    assert_eq!(g["result"], "1-0", "{g}");
    let reason = g["reason"].as_str().unwrap();
    // Found before `newgame`, before its first turn (while player 1 thinks), or (on a busy
    // machine, once `go` is sent) as its answer to its first turn: the same words.
    assert_eq!(
        reason,
        "player 2 (a) sent 'hello between games' between games (after 'gameover', before its \
         first move of the next game: a bot writes nothing but 'info' lines then)"
    );
    assert!(g["plies"].as_u64().unwrap() <= 1, "{g}");
    assert_eq!(games[2]["termination"], "normal");
    // Found before `newgame`, the process never got game 2's newgame (so no pid line).
    assert!((2..=3).contains(&a.len()), "{a:?}");
    assert_eq!(distinct(&a), 2, "a fresh process for game 3: {a:?}");
    assert_eq!(distinct(&b), 1, "{b:?}");
}

#[test]
fn info_lines_between_games_are_logged_with_the_next_game() {
    let dir = temp_dir("reuse-info-logs");
    let logs = dir.join("logs");
    let logs_arg = logs.to_str().unwrap().to_string();
    let (_, games, a, _) = play("reuse-info", "infogameover", 3, &["--logs", &logs_arg]);
    for g in &games {
        assert_eq!(g["termination"], "normal", "{g}");
    }
    assert_eq!(distinct(&a), 1, "{a:?}");
    let g1 = std::fs::read_to_string(logs.join("g1-p1-a.info")).unwrap();
    assert!(!g1.contains("between games"), "{g1}");
    for (game, side) in [(2, 2), (3, 1)] {
        let text = std::fs::read_to_string(logs.join(format!("g{game}-p{side}-a.info"))).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.ends_with("between games"))
                .count(),
            1,
            "game {game}: {text}"
        );
        // First, before the game's own lines: found before newgame (ply 0) or at the bot's
        // first turn (the ply of that turn).
        assert!(lines[0].ends_with(" between games"), "{text}");
        assert!(lines[1].ends_with(&format!("game {game} turn 1")), "{text}");
    }
}

#[test]
fn a_process_that_exits_between_games_is_replaced_without_penalty() {
    // exitgameover: exits as soon as it reads gameover (found gone before the next game, or
    // when the next game's first write or read fails); exitnewgame: exits on reading the next
    // newgame, so the referee finds out only at its first turn.
    for mode in ["exitgameover", "exitnewgame"] {
        let (run, games, a, b) = play(&format!("reuse-{mode}"), mode, 4, &[]);
        for g in &games {
            assert_eq!(g["termination"], "normal", "{mode}: {g}");
        }
        assert_eq!(distinct(&b), 1, "{mode}: {b:?}");
        // Each recorded pid played one game (exitnewgame records only the games it played).
        assert_eq!(a.len(), 4, "{mode}: {a:?}");
        assert_eq!(distinct(&a), 4, "{mode}: {a:?}");
        assert_eq!(
            run.stderr
                .matches("note: a's process exited between games")
                .count(),
            1,
            "{mode}: {}",
            run.stderr
        );
    }
}

/// A kept process that crashes (status 1) at its first turn of its second game lost that game:
/// it had been given the game. Its last stderr line is in the reason; it is not replaced, and
/// the next game gets a fresh process (a fault ends a process's run).
#[test]
fn a_kept_process_that_crashes_on_its_first_move_of_a_game_loses_that_game() {
    let (_run, games, a, _b) = play("reuse-crash2", "crash2", 3, &[]);
    assert_eq!(games.len(), 3);
    assert_eq!(games[0]["termination"], "normal", "{}", games[0]);
    // Game 2: a is player 2 (sides alternate), so it loses 1-0.
    let g = &games[1];
    assert_eq!(
        (&g["termination"], &g["result"]),
        (&"crash".into(), &"1-0".into()),
        "{g}"
    );
    let reason = g["reason"].as_str().unwrap();
    assert!(reason.contains("exited with status 1"), "{reason}");
    assert!(
        reason.contains("TypeError: cannot read properties of undefined (game 2)"),
        "{reason}"
    );
    assert_eq!(games[2]["termination"], "normal", "{}", games[2]);
    // Process 1 played games 1 and 2; game 3 is a fresh process's first.
    assert_eq!(a.len(), 3, "{a:?}");
    assert_eq!((a[0] == a[1], a[1] != a[2]), (true, true), "{a:?}");
}

#[test]
fn interrupt_between_kept_processes_leaves_nothing_behind() {
    let dir = temp_dir("reuse-interrupt");
    let (pa, pb) = (dir.join("a.pids"), dir.join("b.pids"));
    let child = Match::new("darra", reuse_bot("forfeit2", &pa), reuse_bot("good", &pb))
        .movetime(30000)
        .games(4)
        .process()
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Game 2 has started (both kept processes got their second newgame): bot a hangs in it.
    wait_until(Duration::from_secs(20), "game 2 never started", || {
        pid_count(&pa) >= 2 && pid_count(&pb) >= 2
    });
    send_signal(child.id(), libc::SIGINT);
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("interrupted during game 2: 1 of 4"), "{err}");
    assert_eq!(distinct(&pids(&pa)), 1);
    assert_eq!(leftover_pids(&pa), Vec::<String>::new());
    assert_eq!(leftover_pids(&pb), Vec::<String>::new());
}

#[test]
fn builtin_bots_play_the_same_games_with_and_without_reuse() {
    let dir = temp_dir("reuse-same");
    let mut logs = Vec::new();
    for flag in [None, Some("--no-reuse")] {
        let jsonl = dir.join(format!("{}.jsonl", flag.unwrap_or("reuse")));
        let run = Match::new("dara", "builtin:random", "builtin:greedy")
            .games(6)
            .seed(7)
            .jsonl(&jsonl)
            .args(flag)
            .played();
        let games: Vec<serde_json::Value> = run
            .all_records()
            .into_iter()
            .map(|mut g| {
                // Everything but the date and the think times (which vary with the load).
                let o = g.as_object_mut().unwrap();
                o.remove("date");
                o.remove("times_ms");
                o.remove("times_us");
                g
            })
            .collect();
        logs.push(games);
    }
    assert_eq!(logs[0].len(), 6);
    assert_eq!(logs[0], logs[1]);
}

/// The library API, as a tournament runner uses it: seats that keep processes between games,
/// `play_game_with`, the extras that tell which process played, and `close_all`.
#[test]
fn seats_keep_processes_between_games_of_the_library_api() {
    use baraza::referee::{close_all, play_game_with, Seat};

    let setup = |ruleset: &str, game: u64, names: [&str; 2]| {
        let player = |name: &str| super::player(name, super::builtin("random"), None);
        super::setup(ruleset, game, [player(names[0]), player(names[1])])
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut x = Seat::new(true);
        let mut y = Seat::new(true);
        // A runner on a multi-threaded runtime can spawn games: the future and seats are Send.
        fn send<T: Send>(t: T) -> T {
            t
        }
        let s1 = setup("darra", 1, ["x", "y"]);
        let (_, e1) = send(play_game_with(&s1, [&mut x, &mut y])).await;
        assert_eq!(e1.games_before, [0, 0]);
        let (px, py) = (x.pid().unwrap(), y.pid().unwrap());
        assert_eq!(e1.pids, [Some(px), Some(py)]);
        assert_eq!(e1.ids[0][0], ("name".to_string(), "random".to_string()));
        // Sides swapped: the same processes, the ids of their handshake kept.
        let (r2, e2) = play_game_with(&setup("darra", 2, ["y", "x"]), [&mut y, &mut x]).await;
        assert_eq!(r2.termination.as_str(), "normal");
        assert_eq!(e2.pids, [Some(py), Some(px)]);
        assert_eq!(e2.games_before, [1, 1]);
        assert_eq!(e2.ids, e1.ids);
        assert_eq!(x.games_in_process(), 2);
        // Another ruleset: the hello names it, so fresh processes.
        let (r3, e3) = play_game_with(&setup("dara", 3, ["x", "y"]), [&mut x, &mut y]).await;
        assert_eq!(r3.ruleset, "dara");
        assert_eq!(e3.games_before, [0, 0]);
        assert_ne!(e3.pids[0], Some(px));
        assert_eq!(e3.replaced, [false, false]);
        // A seat that does not reuse holds nothing after a game.
        let mut z = Seat::new(false);
        let (_, e4) = play_game_with(&setup("dara", 4, ["x", "z"]), [&mut x, &mut z]).await;
        assert_eq!(e4.games_before, [1, 0]);
        assert_eq!(z.pid(), None);
        let last = x.pid().unwrap();
        close_all(send([x, y, z]), Duration::from_secs(1)).await;
        // Reaped: the pid is gone.
        assert!(!Path::new(&format!("/proc/{last}")).exists());
    });
}

#[test]
fn a_kept_process_that_thinks_then_exits_is_charged_the_time_it_spent() {
    // thinkexit2: at its first turn of game 2 the kept process thinks 250 ms and exits; a
    // fresh process plays that turn at once. The turn costs the 250 ms all the same.
    let (_run, games, a, _b) = play("reuse-thinkexit", "thinkexit2", 2, &[]);
    assert_eq!(
        a.len(),
        3,
        "two games of the kept process, one of the fresh: {a:?}"
    );
    let g2 = &games[1];
    assert_eq!(g2["termination"], "normal", "{g2}");
    assert_eq!(g2["black"], "a");
    // Bot a is player 2 in game 2: its first move is ply 2.
    let charged = g2["times_us"][1].as_u64().unwrap();
    assert!(charged >= 250_000, "charged {charged} µs: {g2}");
    assert!(g2["times_ms"][1].as_u64().unwrap() >= 250, "{g2}");
}
