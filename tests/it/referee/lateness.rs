//! A busy machine named as such: when the referee itself wakes late by a good part of the
//! margin, a time forfeit says so and suggests `--margin`, and `baraza match` and `baraza
//! tournament` end with how late the referee was at worst (src/referee/lateness.rs; its threshold is unit-tested there
//! from hand derivations).

use crate::support::{bot, send_signal, temp_dir, tournament, Match};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// The number before `ms late` in `text`, if any.
fn late_ms(text: &str) -> Option<u64> {
    let before = text
        .split(" ms late")
        .next()
        .filter(|b| b.len() < text.len())?;
    before.rsplit(' ').next()?.parse().ok()
}

fn mkfifo(path: &std::path::Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a NUL-ended path of ours.
    assert_eq!(
        unsafe { libc::mkfifo(c.as_ptr(), 0o600) },
        0,
        "mkfifo {path:?}"
    );
}

/// The referee kept off the CPU (stopped) from just after its bot's first `go` until 400 ms
/// later, well past the 200 ms (+20 ms) deadline, while the bot answers at once: the move is
/// read 400 ms late, a forfeit the referee's lateness caused, and its reason names it. The
/// referee's watching thread, stopped with it, wakes at least 400 - 25 ms (its period) later
/// than it asked.
#[test]
fn a_forfeit_caused_by_the_referee_waking_late_names_its_lateness() {
    let dir = temp_dir("lateness-stopped");
    let command = format!("{} {}", bot("stalls_referee.sh"), dir.display());
    let referee = Match::new("darra", &command, "builtin:random")
        .games(1)
        .movetime(200)
        .args(["--margin", "20"])
        .jsonl(dir.join("g.jsonl"))
        .process();
    forfeit_named(
        referee,
        &dir,
        &dir.join("g.jsonl"),
        "fewer programs beside the match",
    );
}

/// The same stall in a tournament (one round: two games, the first of which stalls): the
/// forfeit names it, and the tournament ends with the same line, naming its concurrency.
#[test]
fn a_tournament_ends_with_how_late_the_referee_woke() {
    let dir = temp_dir("lateness-tournament");
    let command = format!("stall={} {}", bot("stalls_referee.sh"), dir.display());
    let referee = tournament("darra", &[&command, "random=builtin:random"])
        .rounds(1)
        .concurrency(1)
        .movetime(200)
        .args(["--margin", "20"])
        .out(dir.join("out"))
        .process();
    let games = dir.join("out/games.jsonl");
    let fewer = "fewer programs beside the tournament or a lower --concurrency";
    forfeit_named(referee, &dir, &games, fewer);
}

/// Run `referee`, a match or tournament whose first game has `stalls_referee.sh` FIFOs in
/// `dir`, stopping it as the bot answers its first turn; its first game in `games` is a time
/// forfeit whose reason names the lateness, and its stderr ends with the worst lateness and
/// `fewer`.
fn forfeit_named(mut referee: Command, dir: &Path, games: &Path, fewer: &str) {
    for f in ["turn", "stopped", "moved"] {
        mkfifo(&dir.join(f));
    }
    let referee = referee
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let referee = Referee(Some(referee));
    unblock_later(dir);
    // Each open blocks until the bot opens the other end: no sleeping on a race.
    assert_eq!(line_of(&dir.join("turn")), "go\n");
    send_signal(referee.pid(), libc::SIGSTOP);
    writeln!(std::fs::File::create(dir.join("stopped")).unwrap(), "go on").unwrap();
    assert_eq!(line_of(&dir.join("moved")), "moved\n");
    // The stall itself: what a loaded machine does to the referee, made long and certain.
    std::thread::sleep(std::time::Duration::from_millis(400));
    send_signal(referee.pid(), libc::SIGCONT);
    let err = referee.stderr();
    // The first game (a tournament's log starts with its header).
    let g = crate::support::read_jsonl(games)
        .into_iter()
        .find(|g| g.get("termination").is_some())
        .unwrap();
    assert_eq!(g["termination"], "time forfeit", "{g}");
    let reason = g["reason"].as_str().unwrap();
    assert!(
        reason.contains(
            " ms, over its 200 ms (+20 ms margin); the machine was overloaded (the referee \
             itself woke "
        ),
        "{reason}"
    );
    assert!(
        reason.ends_with("ms late during this turn): a larger --margin allows for that"),
        "{reason}"
    );
    let late = late_ms(reason).unwrap();
    let took: u64 = reason
        .split("took ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (375..=took).contains(&late),
        "late {late}, took {took}: {reason}"
    );
    // The match's last words: at worst at least as late as that turn.
    let end = err
        .lines()
        .find(|l| l.contains("the referee woke up to"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(end.contains("ms late (the margin is 20 ms)"), "{end}");
    assert!(end.ends_with(&format!("{fewer}, allows for that")), "{end}");
    assert!(late_ms(end).unwrap() >= late, "{end} / {reason}");
}

/// The first line read from the FIFO at `path`.
fn line_of(path: &std::path::Path) -> String {
    let mut line = String::new();
    BufReader::new(std::fs::File::open(path).unwrap())
        .read_line(&mut line)
        .unwrap();
    line
}

/// Should the bot never come to a FIFO (it failed to start, say), the test's open of it would
/// wait for ever: after 60 s a line is written to each that the test reads, so that it fails.
fn unblock_later(dir: &std::path::Path) {
    let dir = dir.to_path_buf();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(60));
        for f in ["turn", "moved"] {
            use std::os::unix::fs::OpenOptionsExt;
            let fifo = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(dir.join(f));
            if let Ok(mut fifo) = fifo {
                let _ = writeln!(fifo, "the bot never came here");
            }
        }
    });
}

/// The `baraza match` under test: continued and killed if the test ends early.
struct Referee(Option<Child>);

impl Referee {
    fn pid(&self) -> u32 {
        self.0.as_ref().unwrap().id()
    }

    /// Its stderr once it has ended.
    fn stderr(mut self) -> String {
        let out = self.0.take().unwrap().wait_with_output().unwrap();
        String::from_utf8_lossy(&out.stderr).into_owned()
    }
}

impl Drop for Referee {
    fn drop(&mut self) {
        if let Some(c) = &mut self.0 {
            send_signal(c.id(), libc::SIGCONT);
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Two programs spinning beside the test, killed (by pid) when dropped.
struct Hogs(Vec<Child>);

impl Hogs {
    fn start() -> Hogs {
        Hogs(
            (0..2)
                .map(|_| {
                    Command::new("sh")
                        .args(["-c", "while :; do :; done"])
                        .spawn()
                        .unwrap()
                })
                .collect(),
        )
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// With two CPU hogs beside it and no margin, a match of very short moves may see forfeits
/// and a late referee, or not: whatever happened, the words agree with what was measured. A
/// forfeit naming a lateness names one the end of the match (and `--bench-stats`) counts; the
/// end's note is there exactly when the worst lateness reaches the floor of 5 ms (with no
/// margin, any lateness from the floor on matters).
#[test]
fn beside_two_cpu_hogs_the_words_on_lateness_agree_with_what_was_measured() {
    let dir = temp_dir("lateness-hogs");
    let hogs = Hogs::start();
    let out = Match::new("darra", "builtin:random", "builtin:random")
        .games(20)
        .movetime(2)
        .args(["--margin", "0", "--bench-stats"])
        .jsonl(dir.join("g.jsonl"))
        .output();
    drop(hogs);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{err}");
    let worst: u64 = err
        .split("referee_late_ms_max=")
        .nth(1)
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no referee_late_ms_max in {err}"));
    let end = err.lines().find(|l| l.contains("the referee woke up to"));
    match end {
        Some(end) => {
            assert!(worst >= 5, "{end} with a worst of {worst} ms");
            assert_eq!(late_ms(end), Some(worst), "{end}");
            assert!(end.contains("(the margin is 0 ms)"), "{end}");
        }
        None => assert!(worst < 5, "a worst of {worst} ms and no note:\n{err}"),
    }
    for g in crate::support::read_jsonl(&dir.join("g.jsonl")) {
        let reason = g["reason"].as_str().unwrap_or("");
        if let Some(late) = late_ms(reason) {
            assert_eq!(g["termination"], "time forfeit", "{g}");
            assert!(
                (5..=worst).contains(&late),
                "{reason} with a worst of {worst} ms"
            );
            assert!(reason.contains("--margin"), "{reason}");
        }
    }
}
