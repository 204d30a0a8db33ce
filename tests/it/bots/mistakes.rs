//! A newcomer's first mistakes, caught before the first game: each mistaken bot in
//! `tests/bots/mistake_*` (and a few mistaken command lines) gets one error line naming the cause
//! and the fix, from `match` and `tournament` alike, and no game is played. Shell syntax in a
//! command gets a warning with the `sh -c` form, and the match is played.

use crate::support::{baraza, bot, exe, read_jsonl, root, temp_dir, text, Match, TempDir, BAD_BOT};
use std::path::Path;
use std::process::Command;

/// `baraza match darra BOT builtin:random`.
fn vs_random(bot_command: &str) -> Match {
    Match::new("darra", bot_command, "builtin:random")
}

/// `baraza match darra BOT builtin:random` fails before any game with one line holding every
/// one of `words`.
fn refused(bot_command: &str, words: &[&str]) {
    let out = vs_random(bot_command)
        .games(2)
        .command()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{bot_command} should be refused"
    );
    assert!(out.stdout.is_empty(), "no game is played for {bot_command}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("baraza: bot1: "), "{err}");
    for w in words {
        assert!(err.contains(w), "'{err}' should contain '{w}'");
    }
}

#[test]
fn a_script_without_a_shebang_line_is_refused_with_the_fix() {
    refused(
        &bot("mistake_no_shebang.py"),
        &["without a '#!' line", "#!/usr/bin/env python3"],
    );
}

#[test]
fn crlf_line_endings_are_refused_with_the_fix() {
    // The #! line then names 'python3\r'.
    refused(&bot("mistake_crlf.py"), &["CRLF", "sed -i"]);
    // A shell script with CRLF fails on every line.
    refused(
        &format!("sh {}", bot("mistake_crlf.sh")),
        &["CRLF", "sed -i"],
    );
}

#[test]
fn a_file_that_is_not_executable_gets_chmod() {
    let path = bot("mistake_not_executable.py");
    refused(&path, &["is not executable", &format!("chmod +x {path}")]);
}

#[test]
fn source_code_given_as_the_bot_is_told_to_compile_it() {
    let path = bot("mistake_source.c");
    let out = path.strip_suffix(".c").unwrap();
    refused(
        &path,
        &[&format!(
            "bot1: '{path}' is C source code, not a program: compile it first ('cc -O2 -o \
             {out} {path}'), then give the program ('{out}') (command: {path})"
        )],
    );
}

#[test]
fn a_script_is_told_the_interpreter_its_shebang_line_names() {
    // A Perl script is told perl, not python3.
    let path = bot("mistake_perl_not_executable");
    refused(
        &path,
        &[&format!(
            "bot1: '{path}' is not executable: run 'chmod +x {path}', or start it through its \
             interpreter (e.g. 'perl {path}') (command: {path})"
        )],
    );
}

#[test]
fn a_tilde_in_the_program_gets_the_shell_syntax_hint_with_the_full_path() {
    let out = vs_random("~/no-such-bot")
        .env("HOME", "/home/someone")
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "baraza: bot1: program '~/no-such-bot' not found ('~' is shell syntax, and bot commands \
         run without a shell, so nothing expands it: write the path in full: \
         '/home/someone/no-such-bot') (command: ~/no-such-bot)\n"
    );
}

#[test]
fn a_directory_and_a_missing_script_are_named() {
    refused("tests/bots", &["'tests/bots' is a directory"]);
    refused(
        "python3 no/such/bot.py",
        &["python3's script 'no/such/bot.py' not found"],
    );
}

#[test]
fn a_program_needing_a_shell_or_a_dot_slash_gets_a_hint() {
    refused(
        "cd bots && ./bot",
        &["'cd' not found on PATH", "needs a shell"],
    );
    // Cargo.toml is in the working directory, but a name without '/' is looked up on PATH.
    refused(
        "Cargo.toml",
        &[
            "not found on PATH",
            "for the file here, write './Cargo.toml'",
        ],
    );
}

#[test]
fn the_same_checks_run_in_a_tournament() {
    let dir = temp_dir("mistakes-tournament");
    let out = baraza()
        .args(["tournament", "darra", "--rounds", "1", "--quiet"])
        .arg("--bot")
        .arg(format!("nosh={}", bot("mistake_no_shebang.py")))
        .args(["--bot", "r=builtin:random", "--out"])
        .arg(dir.join("run"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains("bot 'nosh'"), "{err}");
    assert!(err.contains("without a '#!' line"), "{err}");
    assert!(
        !dir.join("run").join("games.jsonl").exists() || {
            let log = std::fs::read_to_string(dir.join("run").join("games.jsonl")).unwrap();
            log.lines().count() <= 1
        },
        "no game is played"
    );
}

#[test]
fn shell_syntax_is_warned_about_and_the_match_is_played() {
    let cmd = "sh bots/shell/random_bot.sh 2>/dev/null";
    let out = vs_random(cmd)
        .games(1)
        .process()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    let expected = "baraza: warning: bot1: '2>/dev/null' is shell syntax, but bot commands run \
                    without a shell, so it reaches the program as an argument; for a shell, \
                    write: sh -c 'sh bots/shell/random_bot.sh 2>/dev/null'";
    assert_eq!(err.lines().next(), Some(expected), "{err}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("game 1:"), "{stdout}");
}

/// Play one game of `bot_command` against builtin:random; the game's JSONL line.
fn one_game(bot_command: &str, unbuffered: bool) -> serde_json::Value {
    let file = bot_command.rsplit('/').next().unwrap_or("bot");
    let dir = temp_dir(&format!("mistakes-{file}"));
    let mut game = vs_random(bot_command)
        .games(1)
        .args(["--startup-timeout", "1500"])
        .jsonl(dir.join("g.jsonl"));
    if !unbuffered {
        // This machine sets PYTHONUNBUFFERED=1; a bot that forgets to flush needs it unset.
        game = game.env_remove("PYTHONUNBUFFERED");
    }
    game.played().all_records().remove(0)
}

#[test]
fn a_crash_reason_ends_with_the_bots_stderr() {
    let g = one_game(&bot("mistake_raises.py"), true);
    assert_eq!(g["termination"], "crash");
    let reason = g["reason"].as_str().unwrap();
    assert!(reason.contains("crashed: exited with status 1"), "{reason}");
    assert!(
        reason.ends_with("ZeroDivisionError: division by zero"),
        "{reason}"
    );
    // The traceback's last lines (TAIL_LINES = 4 of them): where, and what.
    assert!(reason.contains("; its stderr ended: "), "{reason}");
    assert!(reason.contains("mistake_raises.py\", line 10"), "{reason}");
}

#[test]
fn a_startup_timeout_says_what_the_bot_sent() {
    let g = one_game(&bot("mistake_readyok.sh"), true);
    assert_eq!(g["termination"], "stalled connection");
    let reason = g["reason"].as_str().unwrap();
    assert!(
        reason.ends_with(
            "did not send 'ready' within the startup deadline of 1500 ms: it sent 'readyok' \
             (UCI's answer to 'isready', ignored; a baraza bot answers the hello with 'ready')"
        ),
        "{reason}"
    );
    let g = one_game(&bot("mistake_debug_print.sh"), true);
    let reason = g["reason"].as_str().unwrap();
    assert!(
        reason.contains(
            "it sent 'Loading weights from net.bin', 'DEBUG: hello received?' on stdout instead"
        ),
        "{reason}"
    );
}

#[test]
fn a_uci_bestmove_gets_the_uci_hint_as_readyok_does() {
    let g = one_game(&bot("mistake_bestmove.sh"), true);
    assert_eq!(g["termination"], "protocol error");
    assert_eq!(
        g["reason"],
        "player 1 (mistake_bestmove) answered 'bestmove 1A ponder 1A' instead of 'move <token>' \
         (UCI's answer to 'go'; a baraza bot answers 'go' with 'move 1A')"
    );
}

#[test]
fn an_unflushed_bot_is_asked_about_flushing() {
    let g = one_game(&bot("mistake_no_flush.py"), false);
    assert_eq!(g["termination"], "stalled connection");
    let reason = g["reason"].as_str().unwrap();
    assert!(
        reason.contains("it wrote nothing on stdout: is its output flushed"),
        "{reason}"
    );
}

#[test]
fn a_bot_asleep_at_its_deadline_is_told_so_not_asked_about_flushing() {
    // It sleeps 3 s at its first turn (a pause left in from debugging) with a 300 ms turn.
    let dir = temp_dir("mistakes-sleeps");
    let g = vs_random(&format!("{} 3", bot("sleepy_bot.sh")))
        .games(1)
        .movetime(300)
        .jsonl(dir.join("g.jsonl"))
        .played()
        .all_records()
        .remove(0);
    assert_eq!(g["termination"], "time forfeit", "{g}");
    let reason = g["reason"].as_str().unwrap();
    assert!(
        reason.contains("it was asleep (in a sleep call) when it was stopped"),
        "{reason}"
    );
    assert!(
        reason.ends_with("its clock runs while it sleeps"),
        "{reason}"
    );
    assert!(!reason.contains("flush"), "{reason}");
}

#[test]
fn an_illegal_move_reason_names_the_position_and_the_legal_moves() {
    let g = one_game(&format!("{BAD_BOT} illegal"), true);
    assert_eq!(g["termination"], "illegal move");
    // The position and the list, as `baraza rules` gives them for Darra's start.
    let start = String::from_utf8(
        baraza()
            .args(["rules", "start", "darra"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let legal = baraza()
        .args(["rules", "legal", start.trim()])
        .output()
        .unwrap()
        .stdout;
    let legal = String::from_utf8(legal)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        legal, "1A 2A 3A 4A 5A 6A",
        "Darra's start: every hole of row A"
    );
    assert_eq!(
        g["reason"],
        format!(
            "player 1 (bad_bot) sent illegal move 'z9' in '{}' (legal: {legal})",
            start.trim()
        )
    );
}

/// Bytes a terminal obeys: ESC, and the C1 range's CSI.
fn has_raw_escape(text: &str) -> bool {
    text.contains('\x1b') || text.contains('\u{9b}')
}

#[test]
fn a_token_with_escape_sequences_is_shown_escaped() {
    let dir = temp_dir("mistakes-escape");
    let pgn = dir.join("g.pgn");
    let console = vs_random(&bot("mistake_escape.sh"))
        .games(1)
        .pgn(&pgn)
        .played()
        .stdout_text;
    assert!(
        console.contains("illegal move 'z\\x1b[2J\\x1b[31mred'"),
        "{console}"
    );
    assert!(!has_raw_escape(&console), "{console:?}");
    // replay shows the game's reason escaped, never raw.
    for args in [vec!["--game", "1"], vec![]] {
        let out = baraza()
            .arg("replay")
            .arg(&pgn)
            .args(&args)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!has_raw_escape(&text), "{args:?}: {text:?}");
        if !args.is_empty() {
            assert!(
                text.contains("illegal move 'z\\x1b[2J\\x1b[31mred'"),
                "{text}"
            );
        }
    }
    // A run folder is read through its games.pgn; a damaged JSONL log is named as such.
    std::fs::rename(&pgn, dir.join("games.pgn")).unwrap();
    let out = baraza().arg("replay").arg(&*dir).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(dir.join("g.jsonl"), "{\"game\":1}\n").unwrap();
    let out = baraza()
        .arg("replay")
        .arg(dir.join("g.jsonl"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    // JSON lines are read as the PGN is, and a line that is no game record is named.
    assert!(
        err.contains("g.jsonl: line 1: not a game record (missing field"),
        "{err}"
    );
}

/// What `log_input.sh` was told in a match of one game against a bot that never sends `ready`.
fn told_when_the_opponent_never_starts(extra: &[&str]) -> Vec<String> {
    let dir = temp_dir(&format!("never-ready{}", extra.len()));
    let log = dir.join("told");
    let never = format!("{BAD_BOT} noready");
    let console = Match::new(
        "darra",
        never,
        format!("{} {}", bot("log_input.sh"), log.display()),
    )
    .games(1)
    .args(["--startup-timeout", "300"])
    .args(extra)
    .played()
    .stdout_text;
    assert!(console.contains("stalled connection"), "{console}");
    let text = std::fs::read_to_string(&log).unwrap();
    text.lines().map(str::to_string).collect()
}

#[test]
fn a_bot_whose_opponent_never_starts_hears_nothing_of_that_game_in_every_mode() {
    // protocol.md: `gameover` only for a game the bot was sent `newgame` for.
    for extra in [&[][..], &["--no-reuse"][..]] {
        let told = told_when_the_opponent_never_starts(extra);
        assert_eq!(told, ["baraza 1 darra", "quit"], "{extra:?}");
    }
}

#[test]
fn a_bot_that_fails_to_start_twice_stops_the_match_unless_keep_going() {
    let never = format!("{BAD_BOT} noready");
    let run = |extra: &[&str]| {
        vs_random(&never)
            .games(6)
            .args(["--startup-timeout", "200"])
            .args(extra)
            .output()
    };
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(1));
    let console = String::from_utf8(out.stdout).unwrap();
    // Two games, each lost by the startup deadline, then no more.
    assert_eq!(
        console.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{console}"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("bad_bot failed to start in 2 games in a row (game 2: "),
        "{err}"
    );
    assert!(err.contains("did not send 'ready'"), "{err}");
    assert!(err.contains("--keep-going plays them anyway"), "{err}");
    let out = run(&["--keep-going"]);
    assert!(out.status.success());
    let console = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        console.lines().filter(|l| l.starts_with("game ")).count(),
        6,
        "{console}"
    );
}

#[test]
fn a_closed_stdout_stops_the_match_with_a_non_zero_status() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = temp_dir("closed-stdout");
    let jsonl = dir.join("g.jsonl");
    let mut child = vs_random("builtin:random")
        .games(200)
        .jsonl(&jsonl)
        .process()
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // `| head -1`: read one line, then close the pipe.
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("game 1:"), "{first}");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("stdout was closed"), "{err}");
    // The game whose line could not be printed is logged; no game after it was started.
    let logged = read_jsonl(&jsonl).len();
    assert!((1..=3).contains(&logged), "{logged} games logged");
}

/// A folder holding copies of test bots of `tests/bots/` (from, to, executable), for the
/// cases of docs/troubleshooting.md: run from there, the messages name `./bot.py` as that page
/// does.
fn bot_folder(name: &str, files: &[(&str, &str, bool)]) -> TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir(&format!("troubleshooting-{name}"));
    for (from, to, executable) in files {
        let path = dir.join(to);
        std::fs::copy(bot(from), &path).unwrap();
        let mode = if *executable { 0o755 } else { 0o644 };
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    dir
}

/// `baraza ARGS...` run in `dir`; its stderr, the folder's path written `[dir]`.
fn stderr_in<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(
    dir: &Path,
    args: &[S],
    code: i32,
) -> String {
    let out = Command::new(exe())
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
    text(&out.stderr).replace(dir.to_str().unwrap(), "[dir]")
}

/// docs/troubleshooting.md's table of the messages a newcomer can meet, "Mistakes in the
/// command": each refused before any game with one line (the shell syntax only warned about,
/// the match played), and the other arenas' spellings a usage error. Snapshot
/// `troubleshooting-errors-of-the-command`, checked row by row against docs/troubleshooting.md.
#[test]
fn troubleshooting_errors_of_the_command_are_as_reviewed() {
    let mut said = String::new();
    let mut row = |mistake: &str, stderr: String| {
        said += &format!("{mistake}:\n{}\n\n", stderr.trim_end());
    };
    let refused_in = |dir: &TempDir, bot: &str| {
        let err = stderr_in(dir, vs_random(bot).argv(), 1);
        assert_eq!(err.lines().count(), 1, "{err}");
        err
    };
    let d = bot_folder("no-shebang", &[("mistake_no_shebang.py", "bot.py", true)]);
    row("a script without #!", refused_in(&d, "./bot.py"));
    let d = bot_folder(
        "crlf",
        &[
            ("mistake_crlf.py", "bot.py", true),
            ("mistake_crlf.sh", "bot.sh", false),
        ],
    );
    // As printed: the fix's backslash is kept single, so the sed command can be pasted.
    row("Windows line endings", refused_in(&d, "./bot.py"));
    row("Windows line endings, sh", refused_in(&d, "sh ./bot.sh"));
    let d = bot_folder(
        "not-executable",
        &[("mistake_not_executable.py", "bot.py", false)],
    );
    std::fs::create_dir(d.join("bots")).unwrap();
    row("not executable", refused_in(&d, "./bot.py"));
    row("a directory", refused_in(&d, "./bots"));
    let d = bot_folder("missing", &[("first_bot.sh", "bot", true)]);
    row("a missing program", refused_in(&d, "./no-such-bot"));
    row("a missing script", refused_in(&d, "python3 no-such-bot.py"));
    row("a program here, not on PATH", refused_in(&d, "bot"));
    let d = bot_folder(
        "languages",
        &[
            ("mistake_source.c", "bot.c", false),
            ("mistake_perl_not_executable", "bot.pl", false),
        ],
    );
    row("C source given as the bot", refused_in(&d, "./bot.c"));
    row("a Perl script, not executable", refused_in(&d, "./bot.pl"));
    let d = bot_folder(
        "split",
        &[
            ("first_bot.sh", "cbot", true),
            ("first_bot.sh", "my bot", true),
        ],
    );
    row("a backslash in the program", refused_in(&d, ".\\cbot"));
    row("a path with a space, unquoted", refused_in(&d, "./my bot"));
    row("the same, quoted", refused_in(&d, "'./my bot'"));
    row(
        "match --rounds",
        stderr_in(&d, &["match", "darra", "a", "b", "--rounds", "4"], 2),
    );
    let tilde = vs_random("~/bot").env("HOME", "/home/me").output();
    row("~ in the program", text(&tilde.stderr));
    // Warned about, then played: the warning is the first line.
    let d = temp_dir("troubleshooting-shell");
    std::fs::copy(
        root().join("bots/shell/random_bot.sh"),
        d.join("random_bot.sh"),
    )
    .unwrap();
    let args = [
        "match",
        "darra",
        "sh random_bot.sh 2>/dev/null",
        "builtin:random",
        "--games",
        "1",
    ];
    let err = stderr_in(&d, &args, 0);
    row("shell syntax", err.lines().next().unwrap().to_string());
    let args = ["tournament", "darra", "-engine", "cmd=./a", "name=a"];
    row(
        "cutechess-cli or fastchess options",
        stderr_in(&d, &args, 2),
    );
    assert_snapshot!("troubleshooting-errors-of-the-command", said);
}

/// docs/troubleshooting.md's table "Mistakes of a running bot": the reason its game is lost in
/// a `match` (the JSONL log's `reason`), or `check-bot`'s verdict where the page quotes
/// `check-bot`. A startup deadline of 1000 ms (the page quotes the default, 10000). Snapshot
/// `troubleshooting-errors-of-a-running-bot`, checked row by row against
/// docs/troubleshooting.md.
#[test]
fn troubleshooting_errors_of_a_running_bot_are_as_reviewed() {
    let mut said = String::new();
    let mut row = |mistake: &str, text: String| {
        said += &format!("{mistake}:\n{text}\n\n");
    };
    // The last game's reason, with `extra` options (a movetime for the turn's mistakes).
    let reason_with = |name: &str, from: &str, arg: &str, unbuffered: bool, extra: &[&str]| {
        let d = bot_folder(name, &[(from, "mybot", true)]);
        // 3 s: a Python bot on a loaded machine may take over 1 s only to start, and would
        // then read as still starting rather than unflushed.
        let mut game = vs_random(format!("./mybot {arg}").trim_end())
            .args(["--startup-timeout", "3000"])
            .args(if extra.is_empty() {
                &["--games", "1"]
            } else {
                extra
            })
            .args(["--jsonl", "g.jsonl"]);
        game = if unbuffered {
            game.env("PYTHONUNBUFFERED", "1")
        } else {
            // This machine sets PYTHONUNBUFFERED=1; the reason names it when it is set.
            game.env_remove("PYTHONUNBUFFERED")
        };
        let out = game.process().current_dir(&d).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        let games = read_jsonl(&d.join("g.jsonl"));
        let game = games.last().unwrap();
        let reason = game["reason"].as_str().unwrap();
        let said = format!("{}: {reason}", game["termination"].as_str().unwrap())
            .replace(d.to_str().unwrap(), "[dir]");
        // A bot's working directory has a random part: written `[workdir]`.
        match said.split_once("working directory (") {
            Some((head, rest)) => {
                let (_, tail) = rest.split_once(')').unwrap();
                format!("{head}working directory ([workdir]){tail}")
            }
            None => said,
        }
    };
    let reason = |name: &str, from: &str, arg: &str, unbuffered: bool| {
        reason_with(name, from, arg, unbuffered, &[])
    };
    row(
        "output not flushed",
        reason("no-flush", "mistake_no_flush.py", "", false),
    );
    row(
        "output not flushed, PYTHONUNBUFFERED set for baraza",
        reason("no-flush-env", "mistake_no_flush.py", "", true),
    );
    let turn = ["--games", "1", "--movetime", "200"];
    row(
        "a move not flushed",
        reason_with(
            "move-no-flush",
            "mistake_unflushed_move.py",
            "",
            false,
            &turn,
        ),
    );
    row(
        "a move without its line end",
        reason_with("no-newline", "mistake_no_newline.sh", "", false, &turn),
    );
    row(
        "a slow move",
        reason_with("slow-move", "mistake_slow_move.sh", "", false, &turn),
    );
    row(
        "a slow start",
        reason("slow-start", "mistake_slow_start.sh", "compute", false),
    );
    // The traceback's last line only (the lines before it change with Python's version).
    let missing = reason("relative-file", "mistake_relative_file.py", "", false);
    let (first, _) = missing.split_once("its stderr ended: ").unwrap();
    let last = missing.rsplit(" | ").next().unwrap();
    row(
        "a file opened relative to the folder baraza runs in",
        format!("{first}its stderr ended: ... | {last}"),
    );
    row(
        "dies at start-up",
        reason("dies", "mistake_dies_at_start.sh", "", false),
    );
    row(
        "a signal",
        reason("segfault", "mistake_segfault.sh", "", false),
    );
    row(
        "'ready' again after 'gameover'",
        reason_with(
            "ready-again",
            "mistake_ready_again.sh",
            "",
            false,
            &["--games", "2"],
        ),
    );
    row(
        "a UCI or GTP habit",
        reason("readyok", "mistake_readyok.sh", "", true),
    );
    row(
        "debug prints on stdout",
        reason("debug-print", "mistake_debug_print.sh", "", true),
    );
    row(
        "a UCI habit at its turn",
        reason("bestmove", "mistake_bestmove.sh", "", true),
    );
    row(
        "debug prints on stdout at its turn",
        reason("debug-at-turn", "mistake_debug_at_turn.sh", "", true),
    );
    // Written on 'gameover': the second game, of the kept process, is lost.
    row(
        "a UCI habit between games",
        reason_with(
            "habit-between",
            "mistake_habit.sh",
            "gameover 'bestmove 1A'",
            true,
            &["--games", "2"],
        ),
    );
    // The traceback's first and last line of the four kept, as the page shows it: the lines
    // between are Python's own and change with its version.
    let crash = reason("raises", "mistake_raises.py", "", true);
    let parts: Vec<&str> = crash.split(" | ").collect();
    assert_eq!(parts.len(), 4, "{crash}");
    let (first, _) = parts[0].split_once("its stderr ended: ").unwrap();
    row(
        "an exception",
        format!("{first}its stderr ended: ... | {}", parts[3]),
    );
    row(
        "an illegal move",
        reason("illegal", "bad_bot.sh", "illegal", true),
    );
    // check-bot's verdict: its last line, quoting the first failed check.
    let verdict = |name: &str, from: &str, arg: &str| {
        let d = bot_folder(name, &[(from, "mybot", true)]);
        let cmd = format!("./mybot {arg}").trim_end().to_string();
        let out = Command::new(exe())
            .args(["check-bot", "darra", &cmd])
            .current_dir(&d)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
        let stdout = text(&out.stdout);
        let verdict = stdout.lines().last().unwrap();
        assert!(verdict.starts_with("verdict: "), "{stdout}");
        verdict.replace(d.to_str().unwrap(), "[dir]")
    };
    row(
        "exits after one game",
        verdict("exits", "reuse_bot.sh", "exitgameover pids"),
    );
    row(
        "ignores quit",
        verdict("ignores-quit", "mistake_ignores_quit.sh", ""),
    );
    // The traceback's last line only (the lines before it change with Python's version).
    let eof = verdict("eof-after-quit", "mistake_eof_after_quit.py", "");
    let (first, _) = eof.split_once("its stderr ended: ").unwrap();
    row(
        "reads on after quit",
        format!(
            "{first}its stderr ended: ... | {}",
            eof.rsplit(" | ").next().unwrap()
        ),
    );
    // The second game of a kept process, in which it crashes at its first turn.
    let d = bot_folder("crashes-later", &[("reuse_bot.sh", "mybot", true)]);
    vs_random("./mybot crash2 pids")
        .games(2)
        .args(["--jsonl", "g.jsonl"])
        .command()
        .current_dir(&d)
        .assert()
        .success();
    let game = &read_jsonl(&d.join("g.jsonl"))[1];
    row(
        "crashes in a later game of its process",
        format!(
            "{}: {}",
            game["termination"].as_str().unwrap(),
            game["reason"].as_str().unwrap()
        ),
    );
    assert_snapshot!("troubleshooting-errors-of-a-running-bot", said);
}
