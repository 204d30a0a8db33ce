//! `baraza bot random|greedy` driven through the real binary with scripted protocol transcripts.

use crate::support::{baraza, builtin_bot_lines, exe, Match};

/// Spec example E2: legal moves 1A 2A 3A 4A 6A; only 4A captures (its last seed makes 4 in 4B).
const E2: &str = "darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3";
/// Spec example E3: player 2 to move, legal 2B 3B 4B 6B.
const E3: &str = "darra 1,0,3,3,5,2/0,8,7,1,0,2 2 8 8 1 2";
/// Spec example E11: player 1 to move, legal 5A 6A; 5A wins the game 28-20.
const E11: &str = "darra 0,0,0,0,1,3/1,0,2,0,1,0 1 20 20 2 3";
const GO: &str = "go p1time 1000 p2time 1000 p1inc 0 p2inc 0";

/// A transcript: hello, newgame, then one turn per (position, legal line), then quit.
fn transcript(ruleset: &str, player: u8, turns: &[(&str, &str)]) -> String {
    let mut s = format!("baraza 1 {ruleset}\nnewgame {player} {}\n", turns[0].0);
    for (pos, legal) in turns {
        s += &format!("position {pos}\nlast -\nlegal {legal}\n{GO}\n");
    }
    s + "gameover 1-0 normal\nquit\n"
}

fn run_bot(args: &[&str], input: &str) -> Vec<String> {
    builtin_bot_lines(args, input, std::time::Duration::from_secs(20))
}

fn moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("move ").map(str::to_string))
        .collect()
}

#[test]
fn handshake_then_one_legal_move_per_go() {
    for name in ["random", "greedy"] {
        let input = transcript("darra", 1, &[(E2, "1A 2A 3A 4A 6A"), (E11, "5A 6A")]);
        let out = run_bot(&[name, "--seed", "3"], &input);
        assert_eq!(out[0], format!("id name {name}"));
        assert_eq!(out[1], "id author baraza");
        assert_eq!(out[2], "ready");
        assert_eq!(out.len(), 5, "{out:?}");
        assert!(["1A", "2A", "3A", "4A", "6A"].contains(&out[3].strip_prefix("move ").unwrap()));
        assert!(["5A", "6A"].contains(&out[4].strip_prefix("move ").unwrap()));
    }
}

#[test]
fn several_games_in_one_process_each_start_afresh() {
    // Game 1 as player 1, game 2 as player 2, in one process: nothing between the games, one
    // legal move per turn, and game 2 played exactly as by a fresh process with seed 5 + 2.
    let game1 = [
        (E2, "1A 2A 3A 4A 6A"),
        (E11, "5A 6A"),
        (E2, "1A 2A 3A 4A 6A"),
    ];
    let game2 = [(E3, "2B 3B 4B 6B"); 6];
    for name in ["random", "greedy"] {
        let t1 = transcript("darra", 1, &game1);
        let t2 = transcript("darra", 2, &game2);
        let hello = "baraza 1 darra\n";
        let both = t1.replace("quit\n", "") + t2.strip_prefix(hello).unwrap();
        let out = run_bot(&[name, "--seed", "5", "--seed-step", "2"], &both);
        assert_eq!(out.len(), 3 + 3 + 6, "{name}: {out:?}");
        assert!(out[3..].iter().all(|l| l.starts_with("move ")), "{out:?}");
        let fresh = run_bot(&[name, "--seed", "7"], &t2);
        assert_eq!(moves(&out)[3..], moves(&fresh)[..], "{name}");
        for (mv, (_, legal)) in moves(&out).iter().zip(game1.iter().chain(&game2)) {
            assert!(
                legal.split(' ').any(|m| m == mv),
                "{name}: {mv} not in {legal}"
            );
        }
    }
}

#[test]
fn a_seed_line_sets_the_next_games_seed() {
    // Game 2 of the process is preceded by `seed 40`: it is played as by a fresh process with
    // --seed 40, whatever the process's own seeds; without the line it would use 5 + 1.
    let game1 = [(E2, "1A 2A 3A 4A 6A"); 3];
    let game2 = [(E3, "2B 3B 4B 6B"); 12];
    let t1 = transcript("darra", 1, &game1);
    let t2 = transcript("darra", 2, &game2);
    let hello = "baraza 1 darra\n";
    let both = t1.replace("quit\n", "") + "seed 40\n" + t2.strip_prefix(hello).unwrap();
    let out = run_bot(&["random", "--seed", "5"], &both);
    let fresh40 = run_bot(&["random", "--seed", "40"], &t2);
    let fresh6 = run_bot(&["random", "--seed", "6"], &t2);
    assert_eq!(moves(&out)[3..], moves(&fresh40)[..]);
    // Seeds 40 and 6 play differently here, so the line did change the game.
    assert_ne!(moves(&fresh40), moves(&fresh6));
}

#[test]
fn random_plays_only_legal_moves_of_the_position() {
    // Player 2 in E3; the referee's legal line is wrong (5B is empty there, 1A is player 1's):
    // the bot computes the moves itself.
    let turns = vec![(E3, "5B 1A"); 40];
    let out = run_bot(&["random", "--seed", "9"], &transcript("darra", 2, &turns));
    let got = moves(&out);
    assert_eq!(got.len(), 40);
    assert!(
        got.iter()
            .all(|m| ["2B", "3B", "4B", "6B"].contains(&m.as_str())),
        "{got:?}"
    );
    // Uniform over 4 moves: over 40 turns every move shows up (probability of missing one
    // is below 4 * (3/4)^40 = 4e-5 for a fair generator).
    for m in ["2B", "3B", "4B", "6B"] {
        assert!(got.iter().any(|g| g == m), "{m} never played: {got:?}");
    }
}

#[test]
fn random_is_deterministic_per_seed() {
    let turns = vec![(E2, "1A 2A 3A 4A 6A"); 30];
    let input = transcript("darra", 1, &turns);
    let a = run_bot(&["random", "--seed", "17"], &input);
    let b = run_bot(&["random", "--seed", "17"], &input);
    assert_eq!(a, b);
    let c = run_bot(&["random", "--seed", "18"], &input);
    assert_ne!(
        moves(&a),
        moves(&c),
        "30 choices out of 5 equal for two seeds"
    );
}

#[test]
fn greedy_takes_the_capture() {
    for seed in 0..8 {
        let seed = seed.to_string();
        let out = run_bot(
            &["greedy", "--seed", &seed, "--ruleset", "darra"],
            &transcript("darra", 1, &[(E2, "1A 2A 3A 4A 6A")]),
        );
        assert_eq!(moves(&out), ["4A"], "seed {seed}");
    }
}

#[test]
fn greedy_takes_the_win() {
    let out = run_bot(&["greedy"], &transcript("darra", 1, &[(E11, "5A 6A")]));
    assert_eq!(moves(&out), ["5A"]);
}

#[test]
fn greedy_captures_in_dara() {
    // From dara.md: player 1 can make a row with c2-b2 or c2-c3 and remove one of three
    // pieces (d4, e3, f2); every other move captures nothing.
    let pos = "dara ooo.x./x..o../xx..o./..x..o/.x.... 1 0 0 4";
    for seed in 0..6 {
        let seed = seed.to_string();
        let out = run_bot(
            &["greedy", "--seed", &seed],
            &transcript("dara", 1, &[(pos, "")]),
        );
        let m = moves(&out);
        assert_eq!(m.len(), 1);
        assert!(
            m[0].starts_with("c2-b2x") || m[0].starts_with("c2-c3x"),
            "{m:?}"
        );
    }
}

#[test]
fn greedy_ties_are_broken_by_the_seed() {
    // In the start position no move captures: all six tie, so seeds must pick different ones.
    let start = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";
    let picks: std::collections::BTreeSet<String> = (0..12)
        .map(|s| {
            let out = run_bot(
                &["greedy", "--seed", &s.to_string()],
                &transcript("darra", 1, &[(start, "")]),
            );
            moves(&out).remove(0)
        })
        .collect();
    assert!(picks.len() >= 2, "{picks:?}");
    assert!(picks.iter().all(|m| m.ends_with('A')), "{picks:?}");
}

#[test]
fn exits_on_quit_and_on_end_of_input() {
    // After quit, nothing more is answered even though another turn follows.
    let mut input = transcript("darra", 1, &[(E2, "")]);
    input += &format!("position {E2}\nlegal 1A\n{GO}\n");
    let out = run_bot(&["random"], &input);
    assert_eq!(moves(&out).len(), 1);
    // End of input without quit: a clean exit.
    let out = run_bot(
        &["random"],
        &format!("baraza 1 darra\nposition {E2}\n{GO}\n"),
    );
    assert_eq!(out.len(), 4);
}

#[test]
fn unknown_messages_blank_lines_and_crlf_are_tolerated() {
    let input = format!(
        "baraza 1 darra\r\n\r\nhello there\r\nposition {E11}\r\nping 3\r\n{GO}\r\nquit\r\n"
    );
    let out = run_bot(&["greedy"], &input);
    assert_eq!(
        out,
        ["id name greedy", "id author baraza", "ready", "move 5A"]
    );
}

#[test]
fn bad_names_are_a_clear_error() {
    let out = baraza()
        .args(["bot", "smart"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("unknown built-in bot 'smart' (known: random, greedy, search)"),
        "{err}"
    );
    let out = baraza()
        .args(["bot", "random", "--ruleset", "chess"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("unknown ruleset 'chess'"));
}

#[test]
fn a_ruleset_this_build_does_not_know_falls_back_to_the_legal_line() {
    for name in ["random", "greedy"] {
        let input =
            format!("baraza 1 chess\nposition chess startpos\nlegal d2d4 e2e4\n{GO}\nquit\n");
        let got = moves(&run_bot(&[name], &input));
        assert_eq!(got.len(), 1);
        assert!(["d2d4", "e2e4"].contains(&got[0].as_str()), "{got:?}");
    }
}

#[test]
fn no_legal_move_at_all_is_an_error_not_a_hang() {
    let out = baraza()
        .args(["bot", "random"])
        .write_stdin(format!("baraza 1 chess\nposition chess startpos\n{GO}\n"))
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.ends_with("info no legal move in position 'chess startpos'\n"),
        "{stdout}"
    );
}

#[test]
fn a_malformed_position_of_a_known_ruleset_names_the_parse_problem() {
    let out = baraza()
        .args(["bot", "random"])
        .write_stdin(format!(
            "baraza 1 darra\nposition darra 1,2,3 1 0 0 0 0\n{GO}\n"
        ))
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let info = stdout.lines().last().unwrap();
    assert!(info.starts_with("info bad position: "), "{stdout}");
    assert!(info.contains("'1,2,3' must be two rows"), "{stdout}");
    assert!(info.ends_with(" in 'darra 1,2,3 1 0 0 0 0'"), "{stdout}");
    assert!(!stdout.contains("no legal move"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("bad position: "), "{stderr}");
}

/// Turn by turn, as the referee drives it: each answer must come before the next message is
/// written (a bot that waits for more input before answering would stall here).
#[test]
fn answers_each_turn_before_the_next_is_sent() {
    use std::io::{BufRead, BufReader, Write};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = std::process::Command::new(exe())
        .args(["bot", "random", "--seed", "4"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let next = || {
        rx.recv_timeout(Duration::from_secs(10))
            .expect("an answer in time")
    };
    stdin.write_all(b"baraza 1 darra\n").unwrap();
    stdin.flush().unwrap();
    assert_eq!(next(), "id name random");
    assert_eq!(next(), "id author baraza");
    assert_eq!(next(), "ready");
    for _ in 0..50 {
        write!(stdin, "position {E3}\nlast 1A\nlegal 2B 3B 4B 6B\n{GO}\n").unwrap();
        stdin.flush().unwrap();
        let line = next();
        let mv = line.strip_prefix("move ").unwrap();
        assert!(["2B", "3B", "4B", "6B"].contains(&mv), "{line}");
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn greedy_plays_for_the_side_to_move() {
    // A confused newgame (player 2) before a position where player 1 is to move: the bot is
    // asked to move, so it plays for player 1 and still takes the capture.
    let out = run_bot(&["greedy"], &transcript("darra", 2, &[(E2, "")]));
    assert_eq!(moves(&out), ["4A"]);
}

#[test]
fn greedy_prefers_a_win_to_more_material() {
    // Worked by hand: 6A's first seed makes 1B exactly 4, which player 2 (its owner) captures;
    // 4 seeds remain, the game ends and they go to player 2: 26-22, player 1 wins although
    // player 2 gained 4. 1A captures nothing: material stays +12, more than 6A's +8.
    let pos = "darra 1,0,0,0,0,2/3,0,0,2,0,0 1 26 14 2 5";
    for seed in 0..6 {
        let seed = seed.to_string();
        let out = run_bot(
            &["greedy", "--seed", &seed],
            &transcript("darra", 1, &[(pos, "")]),
        );
        assert_eq!(moves(&out), ["6A"], "seed {seed}");
    }
}

/// A built-in bot runs as `baraza bot NAME WORDS...`; a file in the current directory named
/// like one of those words (`bot`, `search`, an option's value) must not replace it, as a
/// command's relative paths are replaced (a command runs in a working directory of its own).
#[test]
fn a_builtin_bot_plays_beside_files_named_like_its_words() {
    let dir = crate::support::temp_dir("builtin-beside-files");
    for name in ["bot", "search", "greedy", "mcts"] {
        std::fs::write(dir.join(name), "#!/bin/sh\necho not-a-bot >&2\nexit 3\n").unwrap();
    }
    let out = Match::new(
        "darra",
        "builtin:greedy",
        "builtin:search --algo mcts --nodes 50",
    )
    .games(2)
    .movetime(100)
    .command()
    .current_dir(&*dir)
    .timeout(std::time::Duration::from_secs(60))
    .assert()
    .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.matches(" normal, ").count(), 2, "{text}");
    assert!(!text.contains("crash"), "{text}");
}
