//! `baraza tournament` end to end: the real binary, real bot processes (built-in bots and a
//! shell script), games.jsonl/games.pgn/stderr logs, `baraza results`, SIGKILL and resume,
//! Ctrl-C, a refused resume, gauntlet, `--on-crash`, SPRT and per-bot clocks.

use crate::support::{
    baraza, bot, event_tournament, temp_dir, text, tournament, verify_log, wait_for_exit,
    wait_while_running, Tournament, REUSE_BOT,
};
use baraza::tournament::log::games_jsonl::GameLine;
use baraza::tournament::log::reader::read_games_log;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The game lines of a games.jsonl as written, every one parsed (none torn, none skipped).
fn raw_game_lines(out: &Path) -> Vec<GameLine> {
    let text = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert!(text.ends_with('\n'), "games.jsonl ends with a whole line");
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(header["baraza"], "tournament");
    // The SPRT's decision line (docs/log-format.md) is not a game.
    lines
        .filter(|l| !l.contains(r#""baraza":"sprt""#))
        .map(|l| serde_json::from_str::<GameLine>(l).expect("a complete game line"))
        .collect()
}

/// Game ids of a round-robin or gauntlet schedule: `r{round}-p{pairing}-{a,b}`.
fn ids(rounds: u32, pairings: u32) -> Vec<String> {
    let mut v = Vec::new();
    for r in 1..=rounds {
        for p in 1..=pairings {
            for leg in ['a', 'b'] {
                v.push(format!("r{r}-p{p}-{leg}"));
            }
        }
    }
    v
}

/// Each scheduled game exactly once.
fn assert_each_once(games: &[GameLine], expected: &[String]) {
    let got: Vec<&str> = games.iter().map(|g| g.game_id.as_str()).collect();
    let unique: HashSet<&str> = got.iter().copied().collect();
    assert_eq!(unique.len(), got.len(), "a game id twice: {got:?}");
    let want: HashSet<&str> = expected.iter().map(String::as_str).collect();
    assert_eq!(unique, want);
}

fn verify_pgn(out: &Path, games: usize) {
    let stdout = verify_log(&out.join("games.pgn"));
    assert!(
        stdout.contains(&format!("OK: {games} games")),
        "replay --verify: {stdout}"
    );
}

#[test]
fn round_robin_of_three_builtins_at_concurrency_two() {
    let dir = temp_dir("rr");
    let out = dir.join("run");
    let a = tournament(
        "darra",
        &[
            "random=builtin:random",
            "greedy=builtin:greedy",
            "random2=builtin:random",
        ],
    )
    .args(["--concurrency", "2", "--force", "--movetime", "1000"])
    .rounds(2)
    .out(&out)
    .command()
    .assert()
    .success();
    let live = text(&a.get_output().stdout);
    let games = raw_game_lines(&out);
    assert_each_once(&games, &ids(2, 3));
    for g in &games {
        assert_eq!(g.record.time_control, "movetime=1000ms");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&g.record.result.as_str()));
    }
    verify_pgn(&out, 12);
    assert!(out.join("stderr").is_dir());
    // The live final table is the one `baraza results` recomputes from games.jsonl alone.
    let a = baraza().arg("results").arg(&out).assert().success();
    assert_eq!(text(&a.get_output().stdout), live);
    assert!(live.contains("12 of 12 games played"), "{live}");
    for name in ["random", "greedy", "random2"] {
        assert!(live.contains(name));
    }
}

/// Start a long tournament, wait (bounded) until games.jsonl holds at least `lines` games.
fn start_and_wait(out: &Path, t: Tournament, lines: usize) -> std::process::Child {
    let mut child = t
        .out(out)
        .process()
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let what = format!("{lines} games logged");
    wait_while_running(&mut child, Duration::from_secs(60), &what, || {
        let n = std::fs::read_to_string(out.join("games.jsonl"))
            .map_or(0, |t| t.matches('\n').count().saturating_sub(1));
        n >= lines
    });
    child
}

/// Two random bots, two games at once, for `rounds` rounds: long enough to interrupt.
fn long(rounds: u32) -> Tournament {
    tournament("darra", &["a=builtin:random", "b=builtin:random"])
        .rounds(rounds)
        .args(["--concurrency", "2", "--force"])
        .quiet()
}

#[test]
fn sigkill_mid_run_then_resume_plays_each_game_once() {
    let dir = temp_dir("kill");
    let out = dir.join("run");
    // The bots' directories under the test's own: a SIGKILLed referee can't remove them.
    let workdirs = dir.join("workdirs");
    std::fs::create_dir_all(&workdirs).unwrap();
    let t = long(600).arg("--workdir").arg(&workdirs);
    let mut child = start_and_wait(&out, t, 5);
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let left = std::fs::read_dir(&workdirs).unwrap().count();
    assert!((1..=4).contains(&left), "{left} bot directories left");
    let before = read_games_log(&out).unwrap();
    assert!(
        before.games.len() < 1200,
        "killed before the end ({} games)",
        before.games.len()
    );

    let a = long(600)
        .out(&out)
        .arg("--resume")
        .arg("--workdir")
        .arg(&workdirs)
        .command()
        .assert()
        .success();
    let stdout = text(&a.get_output().stdout);
    assert!(stdout.contains("1200 of 1200 games played"), "{stdout}");
    // The resume removed what the killed referee left, and its own.
    let left: Vec<_> = std::fs::read_dir(&workdirs)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let games = raw_game_lines(&out);
    assert_each_once(&games, &ids(600, 1));
    // The games of the first run are kept as they were, first.
    for (old, new) in before.games.iter().zip(&games) {
        assert_eq!(old, new);
    }
    verify_pgn(&out, 1200);
    // And the killed-and-resumed run played the very games of an uninterrupted one.
    let whole = dir.join("whole");
    long(600).out(&whole).command().assert().success();
    assert_eq!(moves_by_id(&out), moves_by_id(&whole));
}

/// Each game's moves, by game id.
fn moves_by_id(out: &Path) -> std::collections::BTreeMap<String, Vec<String>> {
    raw_game_lines(out)
        .into_iter()
        .map(|g| (g.game_id, g.record.moves))
        .collect()
}

#[test]
fn the_same_seed_plays_the_same_games_whatever_the_concurrency_and_reuse() {
    // Built-in bots are seeded per game: which kept process plays a game depends on timing at
    // concurrency 2, yet the games must not.
    let dir = temp_dir("reproducible");
    let run = |name: &str, extra: &[&str]| {
        let out = dir.join(name);
        tournament(
            "darra",
            &["r1=builtin:random", "g=builtin:greedy", "r2=builtin:random"],
        )
        .args(["--seed", "11"])
        .rounds(4)
        .quiet()
        .out(&out)
        .command()
        .args(extra)
        .timeout(Duration::from_secs(120))
        .assert()
        .success();
        moves_by_id(&out)
    };
    let first = run("c2", &["--concurrency", "2", "--force"]);
    assert_eq!(first.len(), 24);
    assert_eq!(first, run("c2-again", &["--concurrency", "2", "--force"]));
    assert_eq!(
        first,
        run("c1-fresh", &["--concurrency", "1", "--no-reuse"])
    );
    // Past two games at once, a wake-up polls only the games whose bots answered.
    assert_eq!(first, run("c6", &["--concurrency", "6", "--force"]));
    // Another seed, other games (random bots do use it).
    let other = {
        let out = dir.join("seed12");
        let bots = ["r1=builtin:random", "g=builtin:greedy", "r2=builtin:random"];
        tournament("darra", &bots)
            .rounds(4)
            .args(["--seed", "12"])
            .quiet()
            .out(&out)
            .command()
            .assert()
            .success();
        moves_by_id(&out)
    };
    assert_ne!(first, other);
}

#[test]
fn first_ctrl_c_finishes_running_games_and_prints_the_resume_command() {
    let dir = temp_dir("sigint");
    let out = dir.join("run");
    let child = start_and_wait(&out, long(600), 3);
    // SAFETY: a signal to the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    let last = stderr.lines().last().unwrap_or_default();
    assert!(last.contains("interrupted: "), "{stderr}");
    assert!(last.contains("resume with: "), "{stderr}");
    let cmd = last.split("resume with: ").nth(1).unwrap();
    assert!(cmd.ends_with("--resume"), "{cmd}");
    let games = raw_game_lines(&out);
    assert!(games.len() < 1200);
    verify_pgn(&out, games.len());

    // The printed command resumes it.
    let words = shlex::split(cmd).unwrap();
    baraza().args(&words[1..]).assert().success();
    assert_each_once(&raw_game_lines(&out), &ids(600, 1));
}

#[test]
fn a_stop_file_in_the_output_directory_stops_like_ctrl_c() {
    let dir = temp_dir("stopfile");
    let out = dir.join("run");
    // Long enough not to end within the second it may take to see the file.
    let child = start_and_wait(&out, long(4000), 3);
    std::fs::write(out.join("stop"), "").unwrap();
    // Looked for every second: bounded by the test's own wait, no sleep.
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("stop found: no new games are started"),
        "{stderr}"
    );
    assert!(stderr.contains("resume with: "), "{stderr}");
    let played = raw_game_lines(&out).len();
    assert!(played < 8000, "stopped early ({played} games)");

    // The resume removes the file (it would stop this run too) and plays the rest.
    let a = long(4000)
        .out(&out)
        .arg("--resume")
        .command()
        .timeout(Duration::from_secs(120))
        .assert()
        .success();
    assert!(!out.join("stop").exists());
    let stdout = text(&a.get_output().stdout);
    assert!(stdout.contains("8000 of 8000 games played"), "{stdout}");
    assert_each_once(&raw_game_lines(&out), &ids(4000, 1));
}

#[test]
fn resume_with_another_configuration_is_refused() {
    let dir = temp_dir("refuse");
    let out = dir.join("run");
    let t = tournament("darra", &["a=builtin:random", "b=builtin:greedy"])
        .quiet()
        .out(&out);
    t.command().assert().success();
    let before = std::fs::read(out.join("games.jsonl")).unwrap();
    let a = t
        .args(["--resume", "--seed", "2"])
        .command()
        .assert()
        .failure();
    let stderr = text(&a.get_output().stderr);
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains("refusing to resume"), "{stderr}");
    // More rounds would grow the event; another seed is another event.
    assert!(
        stderr.contains("differs in: seed (1 in the file, 2 now)"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(out.join("games.jsonl")).unwrap(), before);
}

/// A bot that writes to stderr and exits at once.
fn crashing_bot(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("crasher.sh");
    std::fs::write(
        &path,
        "#!/bin/sh\necho 'crasher: out of luck' >&2\nexit 3\n",
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Two rounds of a dara gauntlet of greedy against random and a crashing bot, into `out`.
fn gauntlet_with_a_crasher(dir: &Path, out: &Path) -> Tournament {
    let crasher = format!("crasher={}", crashing_bot(dir).display());
    let bots = ["greedy=builtin:greedy", "random=builtin:random", &crasher];
    tournament("dara", &bots)
        .args(["--format", "gauntlet"])
        .rounds(2)
        .quiet()
        .out(out)
}

#[test]
fn the_fault_summary_sends_to_the_reasons_when_the_bot_wrote_nothing_on_stderr() {
    // Its moves stay in its buffer: every game it plays is lost on time, and it writes nothing
    // on stderr, so no stderr log is named (the flush hint is in each game's reason).
    let dir = temp_dir("fault-summary");
    let out = dir.join("run");
    let unflushed = format!("unflushed={}", bot("mistake_move_unflushed.py"));
    let a = tournament("darra", &[&unflushed, "random=builtin:random"])
        .args(["--tc", "0.3+0"])
        .rounds(1)
        .quiet()
        .out(&out)
        .command()
        .assert()
        .success();
    let stderr = text(&a.get_output().stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert_eq!(
        lines[0],
        format!(
            "baraza: games lost by a fault: unflushed 2 time forfeits (each game's reason is in \
             {}; it wrote nothing on stderr)",
            out.join("games.jsonl").display()
        )
    );
    // Then the run's pace, last.
    assert!(lines[1].starts_with("played 2 games in "), "{stderr}");
    assert!(!out.join("stderr/unflushed.log").exists());
    for g in raw_game_lines(&out) {
        assert_eq!(g.record.termination.as_str(), "time forfeit");
    }
}

#[test]
fn gauntlet_with_a_crashing_bot_forfeits_it_and_logs_its_stderr() {
    let dir = temp_dir("gauntlet");
    let out = dir.join("run");
    let a = gauntlet_with_a_crasher(&dir, &out)
        .command()
        .assert()
        .success();
    // Even with --quiet, the crashes are pointed out.
    let stderr = text(&a.get_output().stderr);
    // It wrote on stderr: its log is named, after the reasons.
    assert!(
        stderr.contains(&format!(
            "baraza: games lost by a fault: crasher 4 crashes (each game's reason is in {}; \
             crasher's stderr is in {})\n",
            out.join("games.jsonl").display(),
            out.join("stderr/crasher.log").display()
        )),
        "{stderr}"
    );
    let games = raw_game_lines(&out);
    assert_each_once(&games, &ids(2, 2));
    for g in &games {
        let (w, b) = (&g.record.white, &g.record.black);
        assert!(
            w == "greedy" || b == "greedy",
            "a gauntlet game without greedy"
        );
        if w == "crasher" || b == "crasher" {
            assert_eq!(g.record.termination.as_str(), "crash");
            assert_eq!(g.record.result, if w == "crasher" { "0-1" } else { "1-0" });
        }
    }
    let a = baraza()
        .args(["results", "--json"])
        .arg(&out)
        .assert()
        .success();
    let table: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
    let crasher_row = table["bots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "crasher")
        .unwrap();
    assert_eq!(crasher_row["games"], 4);
    assert_eq!(crasher_row["crashes"], 4);
    let log = std::fs::read_to_string(out.join("stderr").join("crasher.log")).unwrap();
    assert_eq!(log.matches("crasher: out of luck").count(), 4, "{log}");
    assert!(log.contains("--- game "), "{log}");
    verify_pgn(&out, 8);
}

#[test]
fn on_crash_abort_stops_after_the_crash_and_says_how_to_resume() {
    let dir = temp_dir("abort");
    let out = dir.join("run");
    let a = gauntlet_with_a_crasher(&dir, &out)
        .concurrency(1)
        .args(["--on-crash", "abort"])
        .command()
        .assert()
        .failure();
    let stderr = text(&a.get_output().stderr);
    assert!(
        stderr.contains("a bot crashed in game 3 (r1-p2-a)"),
        "{stderr}"
    );
    assert!(stderr.contains("--on-crash abort"), "{stderr}");
    assert!(stderr.contains("resume with: "), "{stderr}");
    assert!(stderr.trim_end().ends_with("--resume"), "{stderr}");
    // Games 1 and 2, then the crash game, and nothing after it.
    let games = raw_game_lines(&out);
    let got: Vec<&str> = games.iter().map(|g| g.game_id.as_str()).collect();
    assert_eq!(got, ["r1-p1-a", "r1-p1-b", "r1-p2-a"]);
    assert_eq!(games[2].record.termination.as_str(), "crash");
}

#[test]
fn sprt_stops_a_clear_match_early_and_reports_llr_and_bounds() {
    let dir = temp_dir("sprt");
    let out = dir.join("run");
    let a = tournament("dara", &["greedy=builtin:greedy", "random=builtin:random"])
        .args([
            "--concurrency",
            "2",
            "--force",
            "--random-opening-plies",
            "2",
            "--sprt",
            "elo0=0, elo1=100, alpha=0.1, beta=0.1",
        ])
        .rounds(100)
        .quiet()
        .out(&out)
        .command()
        .assert()
        .success();
    let stdout = text(&a.get_output().stdout);
    let games = raw_game_lines(&out);
    assert!(games.len() < 200, "stopped early: {} games", games.len());
    assert!(
        stdout.contains(&format!(
            "SPRT stopped the tournament after {} of 200 scheduled games: H1 accepted",
            games.len()
        )),
        "{stdout}"
    );
    let sprt_line = stdout
        .lines()
        .find(|l| l.starts_with("SPRT greedy vs random"))
        .unwrap();
    assert!(sprt_line.contains("LLR "), "{sprt_line}");
    assert!(sprt_line.contains("[-2.20, 2.20]"), "{sprt_line}");
}

#[test]
fn per_bot_clocks_and_startup_from_the_event_file() {
    let dir = temp_dir("perbot");
    let out = dir.join("run");
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        r#"
ruleset = "darra"
movetime = 500

[[bot]]
name = "fast"
cmd = "builtin:random"
movetime = 200
startup-timeout = 3000

[[bot]]
name = "slow"
cmd = "builtin:greedy"
tc = "5+0.5"
"#,
    )
    .unwrap();
    event_tournament(&event)
        .quiet()
        .out(&out)
        .command()
        .assert()
        .success();
    let games = raw_game_lines(&out);
    assert_eq!(games.len(), 2);
    for g in &games {
        let want = if g.record.white == "fast" {
            "movetime=200ms / 5+0.5"
        } else {
            "5+0.5 / movetime=200ms"
        };
        assert_eq!(g.record.time_control, want);
    }
    verify_pgn(&out, 2);
}

#[test]
fn sigterm_stops_at_once_and_keeps_every_finished_game() {
    let dir = temp_dir("sigterm");
    let out = dir.join("run");
    // Three bots one game at a time: a bot's kept process waits idle while the others play,
    // and must not keep the stopped referee waiting for it.
    let bots = ["a=builtin:random", "b=builtin:random", "c=builtin:greedy"];
    let t = tournament("darra", &bots)
        .rounds(300)
        .args(["--concurrency", "1"])
        .quiet();
    let mut child = start_and_wait(&out, t, 3);
    // SAFETY: a signal to the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    wait_for_exit(&mut child, Duration::from_secs(20), "after SIGTERM");
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(stderr.contains("SIGTERM: stopping now"), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(last.starts_with("baraza: stopped: "), "{stderr}");
    assert!(last.ends_with("--resume"), "{stderr}");
    let games = raw_game_lines(&out);
    assert!(games.len() >= 3 && games.len() < 1800);
    verify_pgn(&out, games.len());
}

#[test]
fn a_bot_program_that_is_missing_is_refused_before_anything_is_written() {
    let dir = temp_dir("missing");
    let out = dir.join("run");
    let a = tournament("darra", &["a=builtin:random", "b=./no-such-bot --fast"])
        .out(&out)
        .command()
        .assert()
        .failure();
    let stderr = text(&a.get_output().stderr);
    assert!(stderr.contains("bot 'b'"), "{stderr}");
    assert!(stderr.contains("not found"), "{stderr}");
    assert!(!out.exists());
}

/// The pids a reuse_bot wrote, one line per game it was told about.
fn pid_lines(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_bot_keeps_its_process_across_tournament_games_unless_no_reuse() {
    for (no_reuse, want_distinct) in [(false, 1), (true, 8)] {
        let dir = temp_dir(&format!("reuse-{no_reuse}"));
        let (pa, pb) = (dir.join("a.pids"), dir.join("b.pids"));
        let a = format!("a=sh {REUSE_BOT} good {}", pa.display());
        let b = format!("b=sh {REUSE_BOT} good {}", pb.display());
        let mut t = tournament("darra", &[&a, &b])
            .rounds(4)
            .concurrency(1)
            .quiet()
            .out(dir.join("out"));
        if no_reuse {
            t = t.arg("--no-reuse");
        }
        t.command().assert().success();
        // 4 rounds of one game pair: each bot plays 8 games, told `newgame` 8 times.
        for file in [&pa, &pb] {
            let pids = pid_lines(file);
            assert_eq!(pids.len(), 8, "{}: {pids:?}", file.display());
            let distinct: HashSet<&String> = pids.iter().collect();
            assert_eq!(
                distinct.len(),
                want_distinct,
                "no_reuse={no_reuse}: {pids:?}"
            );
        }
        verify_pgn(&dir.join("out"), 8);
    }
}

#[test]
fn json_prints_the_final_table_as_results_does() {
    let dir = temp_dir("json");
    let out = dir.join("out");
    let run = tournament("darra", &["r=builtin:random", "g=builtin:greedy"])
        .command()
        .args(["--rounds", "2", "--quiet", "--json", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success(), "{run:?}");
    let live: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let again = baraza()
        .arg("results")
        .arg(&out)
        .arg("--json")
        .output()
        .unwrap();
    let recomputed: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(live, recomputed);
    assert_eq!(live["games"], 4, "{live}");
}
