//! `builtin:search` through the real binary: the protocol and its `info` lines, a won position
//! played out, options checked before any game, reproducible play at fixed node budgets
//! whatever the concurrency, and a cheap strength floor against random and greedy.

use crate::support::{baraza, builtin_bot_lines, temp_dir, Match};
use std::collections::BTreeMap;

/// One turn of `baraza bot search <args>` in `pos`; returns its output lines.
fn one_turn(args: &[&str], pos: &str, go: &str) -> Vec<String> {
    let ruleset = pos.split(' ').next().unwrap();
    let input =
        format!("baraza 1 {ruleset}\nnewgame 1 {pos}\nposition {pos}\nlast -\n{go}\nquit\n");
    let args = [&["search"], args].concat();
    builtin_bot_lines(&args, &input, std::time::Duration::from_secs(30))
}

fn legal(pos: &str) -> Vec<String> {
    let out = baraza().args(["rules", "legal", pos]).assert().success();
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// `info depth N score (cp X|win N|loss N) nodes N nps N pv M...`, each M legal in turn.
fn check_info(line: &str, pos: &str) {
    let w: Vec<&str> = line.split(' ').collect();
    assert!(w.len() >= 12, "{line}");
    assert_eq!(
        [w[0], w[1], w[3], w[6], w[8], w[10]],
        ["info", "depth", "score", "nodes", "nps", "pv"],
        "{line}"
    );
    assert!(w[2].parse::<u32>().unwrap() >= 1, "{line}");
    match w[4] {
        "cp" => drop(w[5].parse::<i32>().unwrap()),
        "win" | "loss" => drop(w[5].parse::<u32>().unwrap()),
        other => panic!("score kind {other}: {line}"),
    }
    w[7].parse::<u64>().unwrap();
    w[9].parse::<u64>().unwrap();
    // The principal variation is a line of legal moves from the position.
    let mut p = pos.to_string();
    for mv in &w[11..] {
        assert!(
            legal(&p).contains(&mv.to_string()),
            "pv move {mv} in {p}: {line}"
        );
        let out = baraza().args(["rules", "apply", &p, mv]).assert().success();
        p = String::from_utf8(out.get_output().stdout.clone())
            .unwrap()
            .trim()
            .to_string();
    }
}

/// `go ... depth 2` (sent to it because it asked): no info line reports a deeper search.
#[test]
fn a_depth_limit_in_go_is_honoured() {
    let go = "go p1time 60000 p2time 60000 p1inc 0 p2inc 0 depth 2";
    let pos = "dara ooo.x./x..o../xx..o./..x..o/.x.... 1 0 0 4";
    let out = one_turn(&["--algo", "ab"], pos, go);
    let depths: Vec<u64> = out
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|r| r.split(' ').next()?.parse().ok())
        .collect();
    assert!(!depths.is_empty(), "{out:?}");
    assert!(depths.iter().all(|&d| d <= 2), "{out:?}");
    assert!(out.last().unwrap().starts_with("move "), "{out:?}");
}

#[test]
fn info_lines_then_a_legal_move_in_every_game() {
    let go = "go p1time 60000 p2time 60000 p1inc 0 p2inc 0";
    for pos in [
        "darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3",
        "dara ....../....../....../....../...... 1 12 12 0",
        // Spec E4 of Dara: steps, and steps that remove.
        "dara ooo.x./x..o../xx..o./..x..o/.x.... 1 0 0 4",
        "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -",
    ] {
        for algo in ["ab", "mcts"] {
            let out = one_turn(&["--nodes", "3000", "--algo", algo], pos, go);
            // It asks for the referee's node and depth limits before `ready`.
            assert_eq!(
                out[..4],
                [
                    "id name search",
                    "id author baraza",
                    "feature nodes depth",
                    "ready"
                ]
            );
            let (mv, infos) = out[4..].split_last().unwrap();
            let mv = mv
                .strip_prefix("move ")
                .unwrap_or_else(|| panic!("{out:?}"));
            assert!(legal(pos).contains(&mv.to_string()), "{mv} in {pos}");
            assert!(!infos.is_empty(), "{algo} {pos}: no info line");
            for l in infos {
                check_info(l, pos);
            }
        }
    }
}

#[test]
fn plays_a_won_position_out_and_says_so() {
    // Darra spec E8: 5A's last seed makes 4 in 6A; 4 seeds remain and go to player 1, 28-20.
    // 6A instead sows 3 seeds into row B and captures nothing.
    let pos = "darra 0,0,0,0,1,3/1,0,2,0,1,0 1 20 20 2 3";
    let out = one_turn(&[], pos, "go p1time 1000 p2time 1000 p1inc 0 p2inc 0");
    assert_eq!(out.last().unwrap(), "move 5A", "{out:?}");
    assert!(out.iter().any(|l| l.contains(" score win 1 ")), "{out:?}");
}

#[test]
fn options_are_checked_before_any_game() {
    for (args, msg) in [
        (
            vec!["bot", "search", "--level", "0"],
            "--level must be 1 to 5",
        ),
        (
            vec!["bot", "search", "--nodes", "0"],
            "--nodes must be at least 1",
        ),
        (
            vec!["bot", "search", "--algo", "minimax"],
            "--algo must be ab or mcts",
        ),
        (vec!["bot", "greedy", "--level", "2"], "takes no options"),
    ] {
        let out = baraza().args(&args).write_stdin("").assert().failure();
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(
            err.contains(msg) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    for (bot, msg) in [
        ("builtin:search --level 7", "--level must be 1 to 5"),
        ("builtin:search --depth 3", "--depth"),
        ("builtin:search --seed 3", "the referee sets the seed"),
        ("builtin:random --nodes 5", "takes no options"),
    ] {
        let out = Match::new("darra", bot, "builtin:random")
            .games(1)
            .command()
            .assert()
            .failure();
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(
            err.contains(msg) && err.lines().count() == 1,
            "{bot}: {err}"
        );
        assert!(
            out.get_output().stdout.is_empty(),
            "{bot}: a game was played"
        );
    }
}

/// The moves of every game of a PGN log, by (round, player 1's name), comments dropped.
fn games_by_key(pgn: &str) -> BTreeMap<(String, String), String> {
    let mut games = BTreeMap::new();
    for g in pgn.split("[Event ").skip(1) {
        let tag = |name: &str| {
            g.lines()
                .find_map(|l| l.strip_prefix(&format!("[{name} \"")))
                .map(|v| v.trim_end_matches("\"]").to_string())
                .unwrap_or_default()
        };
        let mut moves = String::new();
        let mut depth = 0;
        for c in g
            .lines()
            .filter(|l| !l.starts_with('['))
            // A line of moves starts with the `%` that chess readers skip.
            .flat_map(|l| l.strip_prefix('%').unwrap_or(l).chars().chain([' ']))
        {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => moves.push(c),
                _ => {}
            }
        }
        let moves = moves.split_whitespace().collect::<Vec<_>>().join(" ");
        games.insert((tag("Round"), tag("White")), moves);
    }
    games
}

#[test]
fn fixed_levels_replay_the_same_games_at_any_concurrency() {
    let dir = temp_dir("search-repro");
    let run = |ruleset: &str, concurrency: &str, seed: &str| {
        let out = dir.join(format!("{ruleset}-{concurrency}-{seed}"));
        baraza()
            .args(["tournament", ruleset, "--rounds", "2", "--seed", seed])
            .args(["--bot", "a=builtin:search --level 3"])
            .args(["--bot", "b=builtin:search --nodes 3000 --algo mcts"])
            .args([
                "--movetime",
                "10000",
                "--concurrency",
                concurrency,
                "--force",
            ])
            .arg("--out")
            .arg(&out)
            .assert()
            .success();
        let games = games_by_key(&std::fs::read_to_string(out.join("games.pgn")).unwrap());
        // The game lines carry each game's reason, for the message if the games differ.
        (
            games,
            std::fs::read_to_string(out.join("games.jsonl")).unwrap(),
        )
    };
    for ruleset in ["darra", "dara", "bao"] {
        let (one, one_lines) = run(ruleset, "1", "5");
        assert_eq!(one.len(), 4, "{ruleset}: {one:?}");
        assert!(one.values().all(|m| m.split(' ').count() > 4), "{one:?}");
        let (two, two_lines) = run(ruleset, "2", "5");
        assert_eq!(
            one, two,
            "{ruleset}: concurrency changed the games\n{one_lines}\n{two_lines}"
        );
        assert_ne!(
            one,
            run(ruleset, "1", "6").0,
            "{ruleset}: the seed changed nothing"
        );
    }
}

/// Player 1's score in a match, from its `final:` line (`final: A w wins d draws l losses; ...`).
fn score(ruleset: &str, bot1: &str, bot2: &str, games: u32, time: &[&str]) -> (f64, String) {
    let run = Match::new(ruleset, bot1, bot2)
        .games(games)
        .args(time)
        .played();
    let fin = run
        .stdout
        .iter()
        .find(|l| l.starts_with("final:"))
        .unwrap()
        .to_string();
    let text = run.stdout_text;
    let w: Vec<&str> = fin.split_whitespace().collect();
    let (wins, draws): (f64, f64) = (w[2].parse().unwrap(), w[4].parse().unwrap());
    ((wins + draws / 2.0) / games as f64, text)
}

#[test]
fn a_fixed_budget_beats_random_and_greedy() {
    // 10,000 nodes (level 4) a move: far above the one-ply greedy bot. The bars are below the
    // issue's (95% / 80% at 100 ms) because 10 games are few.
    let slow = ["--movetime", "10000"];
    for ruleset in ["darra", "dara", "bao"] {
        let (s, text) = score(
            ruleset,
            "builtin:search --level 4",
            "builtin:random",
            6,
            &slow,
        );
        assert!(s >= 5.0 / 6.0, "{ruleset} vs random: {s}\n{text}");
        let (s, text) = score(
            ruleset,
            "builtin:search --level 4",
            "builtin:greedy",
            6,
            &slow,
        );
        assert!(s >= 4.0 / 6.0, "{ruleset} vs greedy: {s}\n{text}");
    }
}

#[test]
fn answers_well_within_ten_ms_a_move() {
    // The bot aims at 1.7 ms of a 10 ms movetime. The margin is raised to 200 ms so that a
    // busy test machine (a process can wait tens of ms to be scheduled) cannot fail the test;
    // the median think time, as the referee recorded it, must still be within the movetime.
    let dir = temp_dir("search-movetime");
    for ruleset in ["darra", "bao"] {
        let pgn = dir.join(format!("{ruleset}.pgn"));
        let time = [
            "--movetime",
            "10",
            "--margin",
            "200",
            "--pgn",
            pgn.to_str().unwrap(),
        ];
        let (_, text) = score(ruleset, "builtin:search", "builtin:random", 4, &time);
        assert!(!text.contains("time forfeit"), "{ruleset}:\n{text}");
        let times = think_times(&pgn, "search");
        assert!(times.len() > 10, "{ruleset}: {times:?}");
        assert!(
            times[times.len() / 2] < 10.0,
            "{ruleset}: think times {times:?}"
        );
    }
}

#[test]
fn uses_most_of_a_long_movetime() {
    // At 400 ms the search stops at 400 - 58.333 * 2 = 283.3 ms (docs/search.md, Time): the
    // median move, as the referee timed it, lies between that and the movetime, whatever the
    // moves answered at once (one legal move, a proved result). The margin keeps a stall of
    // a busy machine from ending a game early.
    let dir = temp_dir("search-long-movetime");
    let pgn = dir.join("darra.pgn");
    let time = ["--movetime", "400", "--margin", "1000", "--pgn"];
    let time: Vec<&str> = time.into_iter().chain([pgn.to_str().unwrap()]).collect();
    let (_, text) = score("darra", "builtin:search", "builtin:random", 2, &time);
    assert!(!text.contains("time forfeit"), "{text}");
    let times = think_times(&pgn, "search");
    assert!(times.len() >= 8, "{times:?}");
    let median = times[times.len() / 2];
    assert!((283.0..400.0).contains(&median), "think times {times:?}");
}

/// `bot`'s think times in ms, sorted, from a match's PGN: player 1's moves in the games where
/// it is White, player 2's in the others.
fn think_times(pgn: &std::path::Path, bot: &str) -> Vec<f64> {
    let log = std::fs::read_to_string(pgn).unwrap();
    let mut times: Vec<f64> = Vec::new();
    for game in log.split("[Event ").skip(1) {
        let second = game.contains(&format!("[Black \"{bot}\"]"));
        let body: String = game.lines().filter(|l| !l.starts_with('[')).collect();
        // `{1.7ms}` or, with the bot's info line, `{1.7ms +0.04/5}`.
        let ms: Vec<f64> = body
            .split('{')
            .skip(1)
            .filter_map(|c| c.split("ms").next()?.parse().ok())
            .collect();
        times.extend(ms.iter().skip(usize::from(second)).step_by(2));
    }
    times.sort_by(f64::total_cmp);
    times
}

#[test]
fn a_low_clock_gets_a_quick_shallow_answer() {
    // A 2x18 game at 1 s + 10 ms: the first move sees 1000 ms (the base), the next 300 ms,
    // below the reserve (60% of the base): the bot answers from a depth-2 search at most.
    let pos = "darra-2x18 4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4 1 0 0 - 0";
    let input = format!(
        "baraza 1 darra-2x18\nnewgame 1 {pos}\nposition {pos}\nlast -\n\
         go p1time 1000 p2time 1000 p1inc 10 p2inc 10\n\
         go p1time 300 p2time 1000 p1inc 10 p2inc 10\nquit\n"
    );
    let out = baraza()
        .args(["bot", "search"])
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(30))
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("move ")).unwrap();
    let second: Vec<&str> = lines[first + 1..].to_vec();
    assert!(
        second.last().is_some_and(|l| l.starts_with("move ")),
        "{text}"
    );
    let depths: Vec<u32> = second
        .iter()
        .filter_map(|l| {
            l.strip_prefix("info depth ")?
                .split(' ')
                .next()?
                .parse()
                .ok()
        })
        .collect();
    assert!(!depths.is_empty(), "{text}");
    assert!(depths.iter().all(|&d| d <= 2), "{text}");
    let legal = legal(pos);
    let token = second.last().unwrap().strip_prefix("move ").unwrap();
    assert!(legal.iter().any(|m| m == token), "{token} not in {legal:?}");
}
