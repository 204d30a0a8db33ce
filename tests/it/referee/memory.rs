//! The referee's memory is bounded whatever a bot writes, in every phase of a match: a real bot
//! process floods its output during the hello (before `ready`), while thinking (`info` lines),
//! between games (after `gameover`) and at shutdown (after `quit`), and the peak resident set
//! of `baraza match`, taken from `wait4` when it exits, stays under [`PEAK_LIMIT_KIB`].
//!
//! `wait4`'s `ru_maxrss` is the largest of the referee's own peak and those of the processes
//! it reaped (the bots: `sh`, `yes`, the built-in random bot), all of them small: under the
//! limit, the referee is too. Each test also checks that the flood reached the referee (a
//! transcript or log cut at its cap, the game's end), so a bot that stopped early cannot pass
//! for a bounded referee.

use crate::support::*;
use std::path::Path;

/// The referee's peak resident set may not reach this (16 MiB, in KiB as `ru_maxrss`); it
/// idles at about 6 MiB.
const PEAK_LIMIT_KIB: i64 = 16 * 1024;

/// The last line of a transcript cut at its cap (docs/log-format.md, "Transcripts").
const TRANSCRIPT_MARK: &str = "[baraza: transcript truncated at 1048576 bytes]\n";

/// Check what every match must show: it ran to its end (exit status 0) and its peak stayed
/// under the limit; `phase` names the run in the messages (and the figure printed with
/// `--nocapture`).
fn check_bounded(phase: &str, run: &Measured) {
    check_bounded_exit(phase, run, 0);
}

/// [`check_bounded`] for a run that ends with exit status `code`.
fn check_bounded_exit(phase: &str, run: &Measured, code: i32) {
    eprintln!("{phase}: peak RSS {} KiB", run.peak_kib);
    assert!(
        libc::WIFEXITED(run.status) && libc::WEXITSTATUS(run.status) == code,
        "{phase}: status {:#x}\n{}\n{}",
        run.status,
        run.stdout,
        run.stderr
    );
    assert!(run.peak_kib > 0, "{phase}: no peak measured");
    assert!(
        run.peak_kib < PEAK_LIMIT_KIB,
        "{phase}: baraza's peak RSS was {} KiB, over {PEAK_LIMIT_KIB} KiB",
        run.peak_kib
    );
}

/// A correct shell bot (the first legal move at every `go`) that runs `on_go`, `on_gameover`
/// or `on_quit` instead when given (a flood, with `exec` so that it never reads again); its
/// command line.
fn sh_bot(dir: &Path, on_go: &str, on_gameover: &str, on_quit: &str) -> String {
    let or = |s: &str, default: &str| {
        if s.is_empty() {
            default.to_string()
        } else {
            s.to_string()
        }
    };
    let script = dir.join("bot.sh");
    std::fs::write(
        &script,
        format!(
            "set -f\n\
             while IFS= read -r line; do\n\
             \x20   set -- $line\n\
             \x20   case $1 in\n\
             \x20   baraza) echo 'id name flood'; echo ready ;;\n\
             \x20   legal) first=$2 ;;\n\
             \x20   go) {} ;;\n\
             \x20   gameover) {} ;;\n\
             \x20   quit) {} ;;\n\
             \x20   esac\n\
             done\n",
            or(on_go, "echo \"move $first\""),
            or(on_gameover, ":"),
            or(on_quit, "exit 0"),
        ),
    )
    .unwrap();
    format!("sh {}", script.display())
}

/// Where a flood match keeps what the bot sent, beside its games: the transcripts in `DIR/t`
/// or the stderr logs in `DIR/logs`.
#[derive(Clone, Copy)]
enum Kept {
    Transcripts,
    Logs,
}

/// `baraza match darra BOT builtin:random --name1 flood --games N --jsonl DIR/games.jsonl`
/// with what `kept` names and `extra`, measured ([`run_measured`]); its games as logged.
fn flood_match(
    dir: &Path,
    bot: &str,
    games: u32,
    kept: Kept,
    extra: &[&str],
) -> (Measured, Vec<serde_json::Value>) {
    let jsonl = dir.join("games.jsonl");
    let (kept_flag, kept_dir) = match kept {
        Kept::Transcripts => ("--transcript", dir.join("t")),
        Kept::Logs => ("--logs", dir.join("logs")),
    };
    let games = games.to_string();
    let mut args = vec!["match", "darra", bot, "builtin:random", "--name1", "flood"];
    args.extend(["--games", &games, "--jsonl", jsonl.to_str().unwrap()]);
    args.extend([kept_flag, kept_dir.to_str().unwrap()]);
    args.extend(extra);
    let run = run_measured(dir, &args);
    let games = read_jsonl(&jsonl);
    (run, games)
}

fn field<'a>(game: &'a serde_json::Value, key: &str) -> &'a str {
    game[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} in {game}"))
}

/// The transcript at `path` ends cut at its cap: at least 1 MiB of the bot's flood reached
/// the referee.
fn assert_flooded_transcript(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    assert!(
        text.len() as u64 > (1 << 20) - 1000,
        "{path:?}: {} bytes",
        text.len()
    );
    assert!(text.ends_with(TRANSCRIPT_MARK), "{path:?}");
}

#[test]
fn a_bot_flooding_its_hello_until_the_startup_deadline_costs_no_memory() {
    let dir = temp_dir("memory-hello");
    // No `--startup-timeout`: the default deadline, 10 s, during which `yes` writes gigabytes.
    let (run, games) = flood_match(&dir, "yes garbage", 1, Kept::Transcripts, &[]);
    check_bounded("hello", &run);
    assert_eq!(games.len(), 1, "{}", run.stdout);
    assert_eq!(field(&games[0], "termination"), "stalled connection");
    let reason = field(&games[0], "reason");
    assert!(
        reason.contains("did not send 'ready' within the startup deadline of 10000 ms")
            && reason.contains("'garbage'"),
        "{reason}"
    );
    // The transcript is what it always was: the hello, then the flood up to the cap.
    let path = dir.join("t/g1-p1-flood.transcript");
    assert_flooded_transcript(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    let body: Vec<&str> = text.lines().skip(1).take(3).collect();
    assert!(body[0].ends_with(" > baraza 1 darra"), "{body:?}");
    assert!(
        body[1..].iter().all(|l| l.ends_with(" < garbage")),
        "{body:?}"
    );
}

/// The floods before `ready` that cost the referee most per byte: empty lines (the most lines
/// in a transcript's worth) and `id` lines (which the handshake takes, the first few of them).
#[test]
fn a_bot_flooding_empty_or_id_lines_in_its_hello_costs_no_memory() {
    for (phase, name, flood) in [
        ("hello, empty lines", "empty", "yes ''"),
        ("hello, id lines", "ids", "yes 'id name x'"),
    ] {
        let dir = temp_dir(&format!("memory-hello-{name}"));
        let extra = ["--startup-timeout", "3000"];
        let (run, games) = flood_match(&dir, flood, 1, Kept::Transcripts, &extra);
        check_bounded(phase, &run);
        assert_eq!(games.len(), 1, "{}", run.stdout);
        let reason = field(&games[0], "reason");
        assert!(
            reason.contains("did not send 'ready' within the startup deadline of 3000 ms"),
            "{phase}: {reason}"
        );
    }
}

#[test]
fn a_bot_flooding_info_lines_while_it_thinks_costs_no_memory() {
    let dir = temp_dir("memory-think");
    let bot = sh_bot(&dir, "exec yes 'info depth 1 flood'", "", "");
    let (run, games) = flood_match(&dir, &bot, 1, Kept::Transcripts, &[]);
    check_bounded("game", &run);
    assert_eq!(games.len(), 1, "{}", run.stdout);
    assert_eq!(field(&games[0], "termination"), "time forfeit");
    let reason = field(&games[0], "reason");
    assert!(reason.contains("sent info lines but no move"), "{reason}");
    assert_flooded_transcript(&dir.join("t/g1-p1-flood.transcript"));
}

#[test]
fn a_bot_flooding_after_gameover_between_games_costs_no_memory() {
    let dir = temp_dir("memory-between");
    // Kept after game 1, it writes info lines from its `gameover` on, through game 2.
    let bot = sh_bot(&dir, "", "exec yes 'info depth 1 flood'", "");
    let (run, games) = flood_match(&dir, &bot, 2, Kept::Transcripts, &[]);
    check_bounded("between games", &run);
    assert_eq!(games.len(), 2, "{}", run.stdout);
    assert_eq!(
        field(&games[0], "termination"),
        "normal",
        "{}",
        field(&games[0], "reason")
    );
    // Game 2 in the same process (the sides alternate: it is player 2), which never moves
    // again.
    assert_eq!(field(&games[1], "termination"), "time forfeit");
    let reason = field(&games[1], "reason");
    assert!(
        reason.contains("flood") && reason.contains("sent info lines but no move"),
        "{reason}"
    );
    let path = dir.join("t/g2-p2-flood.transcript");
    assert_flooded_transcript(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        !text.contains("> baraza 1 darra"),
        "the same process: no hello"
    );
}

#[test]
fn a_bot_flooding_after_quit_at_shutdown_costs_no_memory() {
    let dir = temp_dir("memory-quit");
    // After `quit` it writes without pause on stdout, which is no longer read, and on stderr,
    // which is drained to the end: until it is killed after the grace period.
    let bot = sh_bot(
        &dir,
        "",
        "",
        "yes 'stderr flood' >&2 & exec yes 'info depth 1 flood'",
    );
    let (run, games) = flood_match(&dir, &bot, 1, Kept::Logs, &[]);
    check_bounded("shutdown", &run);
    let logs = dir.join("logs");
    assert_eq!(games.len(), 1, "{}", run.stdout);
    assert_eq!(
        field(&games[0], "termination"),
        "normal",
        "{}",
        field(&games[0], "reason")
    );
    // The stderr flood after `quit` reached the log of the bot's last game, up to its cap.
    let stderr_logs: Vec<String> = std::fs::read_dir(&logs)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("flood"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter(|text| text.contains("stderr flood"))
        .collect();
    assert_eq!(stderr_logs.len(), 1, "{:?}", std::fs::read_dir(&logs));
    assert!(
        stderr_logs[0].contains("[baraza: stderr truncated at"),
        "{} bytes",
        stderr_logs[0].len()
    );
}

/// `baraza check-bot` reads the hello like the referee: a bot flooding `id` lines (which it
/// quotes) or other lines before the startup deadline costs it no memory either.
#[test]
fn check_bot_probing_a_bot_that_floods_its_hello_costs_no_memory() {
    for (phase, name, flood, said) in [
        (
            "check-bot, id lines",
            "ids",
            "yes 'id name x'",
            "did not send 'ready' within the startup deadline of 3000 ms",
        ),
        ("check-bot, garbage", "garbage", "yes garbage", "'garbage'"),
    ] {
        let dir = temp_dir(&format!("memory-check-bot-{name}"));
        let run = run_measured(
            &dir,
            &["check-bot", "darra", flood, "--startup-timeout", "3000"],
        );
        // Exit status 1: the bot failed its checks.
        check_bounded_exit(phase, &run, 1);
        assert!(
            run.stdout.contains(said),
            "{phase}: {}\n{}",
            run.stdout,
            run.stderr
        );
    }
}
