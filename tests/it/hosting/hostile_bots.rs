//! Hosting code from strangers, with real processes (tests/bots/hostile_bot.sh): nothing a bot
//! starts outlives its game, even when the referee is killed; the environment is cleared;
//! every bot process gets a fresh working directory; limits make a bot lose with a reason that
//! names them. The sandbox's tests are in tests/it/hosting/sandbox.rs.

use crate::support::*;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// A marker unique to this test process and `what`, put in the argv of every process a bot
/// leaves lingering.
fn marker(what: &str) -> String {
    format!("baraza-linger-{what}-{}", std::process::id())
}

fn hostile(modes: &str, marker: &str, arg: &str) -> String {
    format!("{HOSTILE_BOT} {modes} {marker} {arg}")
}

/// `baraza match darra BOT builtin:random`: the shape of most tests here.
fn vs_random(bot: &str) -> Match {
    Match::new("darra", bot, "builtin:random")
}

/// A whole match against a lingering bot: when `baraza match` has exited, none of the
/// processes the bot started is running, whichever way it detached them.
fn nothing_outlives(modes: &str) {
    let m = marker(&modes.replace(',', "-"));
    let bad = hostile(modes, &m, "");
    let out = vs_random(&bad).games(2).movetime(2000).output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("game 2:"), "{stdout}");
    assert_eq!(processes_with(&m), Vec::<String>::new(), "left running");
    // No note about a fallback: namespaces work here.
    assert!(
        !text(&out.stderr).contains("not available"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_setsid_grandchild_does_not_outlive_its_game() {
    nothing_outlives("setsid");
}

#[test]
fn a_double_forked_grandchild_does_not_outlive_its_game() {
    nothing_outlives("doublefork");
}

#[test]
fn a_grandchild_holding_the_pipes_does_not_outlive_its_game() {
    nothing_outlives("pipes");
}

#[test]
fn a_bot_that_exits_leaving_a_grandchild_on_its_pipes_crashes_and_leaves_nothing() {
    let m = marker("pipes-exit");
    let out = vs_random(&hostile("pipes,setsid,exit", &m, ""))
        .games(2)
        .movetime(2000)
        .output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // Its namespace dies with it, so its output closes at once: a crash, not a time forfeit.
    assert!(stdout.contains("crash"), "{stdout}");
    assert!(stdout.contains("crashed: exited with status 0"), "{stdout}");
    assert_eq!(processes_with(&m), Vec::<String>::new(), "left running");
}

/// Start `baraza` as `cmd` says (a bot in it lingers with `m` and hangs at its first turn),
/// wait until the lingering process runs, end the referee with `sig`; then nothing with `m`
/// may be left.
fn killed_referee_leaves_nothing(mut cmd: Command, m: &str, sig: i32) -> Output {
    // The bots' directories under the test's own: a SIGKILLed referee can't remove them.
    let workdirs = temp_dir(&format!("hosting-workdirs-{m}"));
    let child = cmd
        .arg("--workdir")
        .arg(&*workdirs)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The bot's lingering process (`sh -c 'while sleep 1; ...' MARKER`): once it runs, the bot
    // has read the hello. Counting every process with the marker would also count the
    // referee and its forks that have not exec'd their bot yet, which carry its command line.
    let lingering = || {
        processes_with(m)
            .iter()
            .any(|p| p.contains("while sleep 1"))
    };
    wait_until(
        Duration::from_secs(20),
        "the lingering process never started",
        lingering,
    );
    send_signal(child.id(), sig);
    let out = child.wait_with_output().unwrap();
    if sig == libc::SIGKILL {
        // Nobody is left to wait for the bots' end: the kernel takes them down (death
        // signals, then the namespace), which takes a moment.
        wait_until(Duration::from_secs(10), "processes left running", || {
            processes_with(m).is_empty()
        });
        let left = std::fs::read_dir(&*workdirs).unwrap().count();
        assert!(left >= 1, "the bots ran elsewhere than --workdir");
    } else {
        let left: Vec<_> = std::fs::read_dir(&*workdirs).unwrap().collect();
        assert!(left.is_empty(), "bot directories left: {left:?}");
        assert_eq!(processes_with(m), Vec::<String>::new(), "left running");
    }
    out
}

#[test]
fn sigkill_of_baraza_match_mid_game_leaves_nothing() {
    let m = marker("kill-match");
    let bad = hostile("setsid,doublefork,pipes,hang", &m, "");
    let cmd = vs_random(&bad).movetime(60000).process();
    killed_referee_leaves_nothing(cmd, &m, libc::SIGKILL);
}

#[test]
fn sigkill_of_baraza_tournament_mid_game_leaves_nothing() {
    let dir = temp_dir("hosting-kill-tournament");
    let m = marker("kill-tournament");
    let a = format!("a={}", hostile("setsid,doublefork,pipes,hang", &m, ""));
    let cmd = tournament("darra", &[&a, "b=builtin:random", "c=builtin:greedy"])
        .movetime(60000)
        .concurrency(2)
        .quiet()
        .out(dir.join("run"))
        .process();
    killed_referee_leaves_nothing(cmd, &m, libc::SIGKILL);
}

#[test]
fn sighup_stops_a_match_like_sigterm_and_leaves_nothing() {
    let m = marker("hup-match");
    let bad = hostile("setsid,hang", &m, "");
    let cmd = vs_random(&bad).movetime(60000).process();
    let out = killed_referee_leaves_nothing(cmd, &m, libc::SIGHUP);
    // Not the shell's 129 for an unhandled SIGHUP: the documented interrupted exit.
    assert_eq!(out.status.code(), Some(1));
    // The stdout too: it names how an earlier game ended, should one have ended.
    assert!(
        text(&out.stderr).contains("interrupted during game 1"),
        "{}{}",
        text(&out.stderr),
        text(&out.stdout)
    );
}

#[test]
fn sighup_stops_a_tournament_like_sigterm_and_leaves_nothing() {
    let dir = temp_dir("hosting-hup-tournament");
    let m = marker("hup-tournament");
    let a = format!("a={}", hostile("setsid,hang", &m, ""));
    let cmd = tournament("darra", &[&a, "b=builtin:random"])
        .movetime(60000)
        .quiet()
        .out(dir.join("run"))
        .process();
    let out = killed_referee_leaves_nothing(cmd, &m, libc::SIGHUP);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("SIGHUP"),
        "{}",
        text(&out.stderr)
    );
}

/// The `KEY=value` lines a bot wrote with mode `env` to its stderr log.
fn logged_env(logs: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    for e in std::fs::read_dir(logs).unwrap().flatten() {
        if e.file_name().to_string_lossy().ends_with(".stderr") {
            lines.extend(
                std::fs::read_to_string(e.path())
                    .unwrap()
                    .lines()
                    .map(String::from),
            );
        }
    }
    lines
}

/// One game of `bot` against builtin:random with `extra` options and the referee's environment
/// plus `env`, its stderr logged in `dir/logs`: it must end with exit status 0. What the bot
/// wrote there ([`logged_env`]).
fn one_logged_game(dir: &Path, bot: &str, extra: &[&str], env: &[(&str, &str)]) -> Vec<String> {
    let logs = dir.join("logs");
    let mut game = vs_random(bot).games(1).logs(&logs).args(extra);
    for (key, value) in env {
        game = game.env(key, value);
    }
    let out = game.output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    logged_env(&logs)
}

#[test]
fn a_secret_in_the_referees_environment_never_reaches_a_bot() {
    let dir = temp_dir("hosting-env");
    let wd = dir.join("wd");
    std::fs::create_dir_all(&wd).unwrap();
    let bad = hostile("env", "-", "");
    let wd_flag = ["--workdir", wd.to_str().unwrap()];
    let env_flags = ["--env", "PASSED_ON", "--env", "SET_HERE=42"];
    let env = one_logged_game(
        &dir,
        &bad,
        &[&wd_flag[..], &env_flags].concat(),
        &[
            ("BARAZA_TEST_SECRET", "hunter2"),
            ("PASSED_ON", "yes"),
            ("AWS_SECRET_ACCESS_KEY", "abc"),
        ],
    );
    let all = env.join("\n");
    assert!(
        !all.contains("hunter2") && !all.contains("AWS_SECRET"),
        "{all}"
    );
    assert!(env.contains(&"PASSED_ON=yes".to_string()), "{all}");
    assert!(env.contains(&"SET_HERE=42".to_string()), "{all}");
    let home = env
        .iter()
        .find_map(|l| l.strip_prefix("HOME="))
        .expect("HOME is set");
    let cwd = env
        .iter()
        .find_map(|l| l.strip_prefix("cwd="))
        .expect("cwd is logged");
    let wd = std::fs::canonicalize(&wd).unwrap();
    assert_eq!(home, cwd);
    assert!(
        Path::new(home).starts_with(&wd),
        "{home} not in {}",
        wd.display()
    );
    assert!(env.iter().any(|l| l.starts_with("PATH=")), "{all}");
    // Removed after the game.
    assert_eq!(std::fs::read_dir(&wd).unwrap().count(), 0);
}

#[test]
fn keep_workdirs_keeps_each_bot_process_directory_with_its_files() {
    let dir = temp_dir("hosting-keep");
    let wd = dir.join("wd");
    std::fs::create_dir_all(&wd).unwrap();
    let out = vs_random(&hostile("secret", "-", "kept-file-content"))
        .games(2)
        .arg("--no-reuse")
        .arg("--workdir")
        .arg(&wd)
        .arg("--keep-workdirs")
        .output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dirs: Vec<_> = std::fs::read_dir(&wd).unwrap().flatten().collect();
    // Two games, a fresh process for each bot for each: four directories, two with a secret.
    assert_eq!(dirs.len(), 4, "{dirs:?}");
    let secrets = dirs
        .iter()
        .filter(|d| {
            std::fs::read_to_string(d.path().join("secret"))
                .is_ok_and(|s| s == "kept-file-content\n")
        })
        .count();
    assert_eq!(secrets, 2);
}

#[test]
fn relative_bot_commands_still_work_from_the_referees_directory() {
    // Run from the repository, with the bot named relative to it: it runs in its own
    // directory, yet its script is found.
    let out = Match::new(
        "darra",
        "sh bots/shell/random_bot.sh",
        "./tests/bots/first_bot.sh",
    )
    .games(2)
    .process()
    .current_dir(env!("CARGO_MANIFEST_DIR"))
    .output()
    .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("normal"), "{stdout}");
    assert!(!stdout.contains("crash"), "{stdout}");
}

fn limit_case(modes: &str, limit: &[&str], reason: &str) {
    let out = vs_random(&hostile(modes, "-", ""))
        .args(limit)
        .games(2)
        .movetime(20000)
        .output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // Both games are played (the event goes on), and the bot loses each with the reason.
    for g in [
        "game 1: hostile_bot vs random: 0-1 crash",
        "game 2: random vs hostile_bot: 1-0 crash",
    ] {
        assert!(stdout.contains(g), "{stdout}");
    }
    assert_eq!(stdout.matches(reason).count(), 2, "{stdout}");
}

#[test]
fn over_its_cpu_seconds_a_bot_loses_naming_the_limit() {
    limit_case("spin", &["--cpu-seconds", "1"], "exceeded --cpu-seconds 1");
}

#[test]
fn over_its_max_file_size_a_bot_loses_naming_the_limit() {
    limit_case(
        "bigfile",
        &["--max-file-size", "1"],
        "exceeded --max-file-size 1 MB",
    );
}

/// A Python bot (its command) that says `ready` and then, at every `go`, runs `statement`
/// instead of moving: the bot a limit must stop. The directory holding its script goes with
/// the returned guard.
fn python_bot_that_on_go(dir_name: &str, statement: &str) -> (TempDir, String) {
    let dir = temp_dir(dir_name);
    let script = dir.join("bot.py");
    std::fs::write(
        &script,
        format!(
            "import sys\n\
             for line in sys.stdin:\n\
             \x20   w = line.split()\n\
             \x20   if w and w[0] == 'baraza': print('ready', flush=True)\n\
             \x20   elif w and w[0] == 'go': {statement}\n"
        ),
    )
    .unwrap();
    let cmd = format!("python3 {}", script.display());
    (dir, cmd)
}

#[test]
fn over_its_memory_a_bot_loses_naming_the_limit() {
    let (_dir, cmd) = python_bot_that_on_go("hosting-memory", "hog = bytearray(1 << 30)");
    let out = vs_random(&cmd).args(["--memory", "256"]).games(2).output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.matches("exceeded --memory 256 MB").count(),
        2,
        "{stdout}"
    );
}

#[test]
fn over_its_open_files_a_bot_loses_naming_the_limit() {
    let (_dir, cmd) = python_bot_that_on_go(
        "hosting-nofile",
        "fs = [open('/dev/null') for _ in range(100)]",
    );
    let out = vs_random(&cmd)
        .args(["--open-files", "32"])
        .games(1)
        .output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("exceeded --open-files 32"), "{stdout}");
}

/// A bot that forks without end, against builtin:random.
fn forking_bot() -> Match {
    vs_random(&hostile("forks", "-", ""))
}

/// The match of [`over_its_max_processes_a_bot_loses_naming_the_limit`]: the forking bot,
/// `--max-processes 8`, two games.
fn forking_bot_under_max_processes_8() -> Match {
    forking_bot().args(["--max-processes", "8"]).games(2)
}

/// `--max-processes` as root is refused (the kernel exempts root), before any game; the same
/// bot without the limit plays on.
#[test]
fn max_processes_is_refused_as_root_and_the_bot_plays_on_without_it() {
    // SAFETY: plain system call.
    let root = unsafe { libc::geteuid() } == 0;
    if root {
        let out = forking_bot_under_max_processes_8().output();
        assert_eq!(out.status.code(), Some(1));
        let err = text(&out.stderr);
        assert!(err.contains("--max-processes cannot be enforced"), "{err}");
        assert!(out.stdout.is_empty(), "no game is played");
    }
    // The same bot without the limit plays on.
    let out = forking_bot().games(1).command().output().unwrap();
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("crash"), "{stdout}");
}

/// As an unprivileged user `--max-processes` is enforced inside the bot's namespace. Run as
/// root, this test runs the referee as `nobody` through setpriv.
#[test]
#[cfg_attr(
    not(tool_setpriv),
    ignore = "needs setpriv (util-linux) to run baraza unprivileged as root"
)]
fn over_its_max_processes_a_bot_loses_naming_the_limit() {
    let out = baraza_unprivileged()
        .args(forking_bot_under_max_processes_8().argv())
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    // In a namespace of its own, not the process-group fallback (whose count is the user's).
    assert!(
        !text(&out.stderr).contains("not available"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        stdout.matches("exceeded --max-processes 8").count(),
        2,
        "{stdout}"
    );
}

#[test]
fn a_wrapper_runs_around_every_bot() {
    let dir = temp_dir("hosting-wrapper");
    let wrapper = ["--wrapper", "env WRAPPED_BY=env-wrapper"];
    let env = one_logged_game(&dir, &hostile("env", "-", ""), &wrapper, &[]);
    assert!(
        env.contains(&"WRAPPED_BY=env-wrapper".to_string()),
        "{env:?}"
    );
    let out = vs_random("builtin:random")
        .args(["--wrapper", "no-such-wrapper-x"])
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--wrapper: program 'no-such-wrapper-x' not found"));
}

#[test]
fn bad_hosting_values_are_one_line_errors_before_any_game() {
    for (args, msg) in [
        (vec!["--env", "1BAD"], "bad --env '1BAD'"),
        (
            vec!["--workdir", "/no/such/dir"],
            "--workdir /no/such/dir: not a directory",
        ),
        (vec!["--wrapper", "'unbalanced"], "--wrapper: cannot split"),
    ] {
        let out = vs_random("builtin:random").args(args).output();
        assert_eq!(out.status.code(), Some(1));
        let err = text(&out.stderr);
        assert!(err.contains(msg), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn the_process_group_fallback_still_kills_what_stays_in_the_group() {
    // BARAZA_ISOLATION=group: what baraza does where namespaces are unavailable. A process
    // that stays in the bot's group (double fork, pipes) is killed with it; only setsid can
    // escape there (docs/hosting.md), so it is not tried here.
    let m = marker("group-fallback");
    let out = vs_random(&hostile("doublefork,pipes", &m, ""))
        .games(2)
        .env("BARAZA_ISOLATION", "group")
        .output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("game 2:"));
    assert_eq!(processes_with(&m), Vec::<String>::new(), "left running");
}

#[test]
fn think_times_are_in_microseconds_and_never_less_than_the_bot_took() {
    // A bot that sleeps 20 ms after reading each `go` (its clock started before the line was
    // written, so it can only be charged more).
    let dir = temp_dir("hosting-clock");
    let script = dir.join("sleepy.sh");
    std::fs::write(
        &script,
        "while IFS= read -r line; do set -- $line; case $1 in\n\
         baraza) echo ready ;; legal) first=$2 ;;\n\
         go) sleep 0.02; echo \"move $first\" ;; quit) exit 0 ;; esac; done\n",
    )
    .unwrap();
    let cmd = format!("sh {}", script.display());
    let run = vs_random(&cmd)
        .games(1)
        .jsonl(dir.join("games.jsonl"))
        .played();
    let g = &run.all_records()[0];
    let us: Vec<u64> = g["times_us"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let ms: Vec<u64> = g["times_ms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(us.len(), g["plies"].as_u64().unwrap() as usize);
    assert_eq!(ms, us.iter().map(|u| u / 1000).collect::<Vec<_>>());
    // The sleepy bot is player 1: plies 1, 3, 5, ... (no forced passes at the Darra start).
    let sleepy: Vec<u64> = us.iter().step_by(2).copied().collect();
    assert!(!sleepy.is_empty());
    assert!(sleepy.iter().all(|&t| t >= 20_000), "{sleepy:?}");
}

#[test]
fn a_bot_cannot_read_the_referees_environment_through_proc() {
    let dir = temp_dir("hosting-environ");
    let m = marker("environ");
    let secret = [("BARAZA_TEST_SECRET", "hunter2-environ")];
    let all = one_logged_game(&dir, &hostile("environ", &m, ""), &[], &secret).join("\n");
    assert!(
        all.contains("environ denied"),
        "the bot found no referee: {all}"
    );
    assert!(!all.contains("hunter2-environ"), "{all}");
}

#[test]
fn affinity_pins_a_games_bots_to_one_core() {
    let dir = temp_dir("hosting-affinity");
    let all = one_logged_game(&dir, &hostile("cpus", "-", ""), &["--affinity"], &[]).join("\n");
    // Slot 0 of a match: core 0.
    assert!(
        all.contains("Cpus_allowed_list:\t0\n") || all.ends_with("Cpus_allowed_list:\t0"),
        "{all}"
    );
}

#[test]
fn a_bots_match_logs_are_capped_for_the_whole_match() {
    // bad_bot.sh flood writes 256 KiB to stderr every turn: 1 MiB (the per-game cap) per game.
    let dir = temp_dir("hosting-logcap");
    let logs = dir.join("logs");
    let flood = format!("{BAD_BOT} flood");
    let out = vs_random(&flood)
        .games(20)
        .logs(&logs)
        .args(["--name1", "flood"])
        .output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("note: flood's logs reached 16 MiB"), "{err}");
    let total: u64 = std::fs::read_dir(&logs)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("-flood."))
        .map(|e| e.metadata().unwrap().len())
        .sum();
    // Logging stops after the game that reached the cap: at most one game's 1 MiB (+ its info
    // lines and the truncation note) past 16 MiB.
    assert!(total >= 16 << 20, "{total}");
    assert!(total < (16 << 20) + (1 << 20) + (64 << 10), "{total}");
    // All 20 games were played and the later ones have no stderr file of the flood bot.
    assert!(text(&out.stdout).contains("game 20:"));
    assert!(!logs.join("g20-p2-flood.stderr").exists());
}
