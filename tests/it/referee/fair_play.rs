//! Fair play with real processes: a bot computes only on its own time (its processes are
//! stopped between its turns unless it may ponder), and no move sent before `go` is taken.

use crate::support::*;
use std::path::Path;

/// What `builtin:search` did in a match: its median think time (µs), its median nodes per
/// second (from the info line before each move), and the games it lost on time.
struct SearchFigures {
    median_us: u64,
    median_nps: u64,
    forfeits: usize,
    games: usize,
    /// Search's think time over all its moves, in seconds.
    think_s: f64,
    /// Its opponent's, in seconds.
    opponent_think_s: f64,
}

fn median(mut v: Vec<u64>) -> u64 {
    assert!(!v.is_empty());
    v.sort_unstable();
    v[v.len() / 2]
}

fn search_figures(jsonl: &[&Path]) -> SearchFigures {
    let (mut times, mut nps, mut forfeits, mut games) = (Vec::new(), Vec::new(), 0, 0);
    let (mut think_us, mut opponent_us) = (0, 0);
    for path in jsonl {
        for g in read_jsonl(path) {
            games += 1;
            let side = usize::from(g["white"] != "search");
            let t = g["times_us"].as_array().unwrap();
            let own = t.iter().skip(side).step_by(2).map(|v| v.as_u64().unwrap());
            let first = times.len();
            times.extend(own);
            think_us += times[first..].iter().sum::<u64>();
            let theirs = t.iter().skip(1 - side).step_by(2);
            opponent_us += theirs.map(|v| v.as_u64().unwrap()).sum::<u64>();
            let infos = g["move_infos"].as_array().cloned().unwrap_or_default();
            for info in infos.iter().skip(side).step_by(2) {
                let n = info.as_str().and_then(|s| s.split(" nps ").nth(1));
                if let Some(n) = n.and_then(|n| n.split(' ').next()) {
                    nps.push(n.parse().unwrap());
                }
            }
            let lost_on_time = g["termination"] == "time forfeit"
                && g["reason"].as_str().unwrap().contains("(search)");
            forfeits += usize::from(lost_on_time);
            if lost_on_time {
                eprintln!("search lost on time: {}", g["reason"]);
            }
        }
    }
    SearchFigures {
        median_us: median(times),
        median_nps: median(nps),
        forfeits,
        games,
        think_s: think_us as f64 / 1e6,
        opponent_think_s: opponent_us as f64 / 1e6,
    }
}

/// How the bots' processes are held: in a PID namespace, or as a process group
/// (`BARAZA_ISOLATION=group`, where namespaces are unavailable); `killpg` stops them either way.
#[derive(Clone, Copy)]
enum Isolation {
    Namespace,
    Group,
}

/// `games` games of search against `opponent` at --movetime 100 (margin 1 s), all the game's
/// bots on one core (--affinity: a busy process there takes search's CPU, not another
/// core's), into `jsonl`.
fn against_search(
    dir: &Path,
    tag: &str,
    opponent: &str,
    (games, isolation): (u32, Isolation),
    extra: &[&str],
    watch: &str,
) -> f64 {
    let mut game = Match::new("darra", "builtin:search", opponent)
        .games(games)
        .movetime(100)
        // A stall of a loaded machine is not the spinner's doing: at load 6 on 2 cores,
        // search lost on time to the quiet bot with the default 50 ms.
        .args(["--margin", "1000"])
        .arg("--affinity")
        .jsonl(dir.join(format!("{tag}.jsonl")))
        .args(extra);
    if let Isolation::Group = isolation {
        game = game.env("BARAZA_ISOLATION", "group");
    }
    let sampler = CpuSampler::holding(watch);
    let out = game.output();
    let cpu_s = sampler.stop();
    assert!(out.status.success(), "{}", text(&out.stderr));
    cpu_s
}

/// What the spinner's processes did: their CPU seconds over all games, stopped between turns
/// and with --ponder.
struct SpinnerCpu {
    stopped_s: f64,
    pondering_s: f64,
}

/// Quiet, spinning, quiet, spinning (interleaved, so a machine busy with something else
/// weighs on both alike), then spinning with --ponder; the figures of each, and the CPU the
/// spinners took.
fn spinner_figures(name: &str, isolation: Isolation) -> ([SearchFigures; 3], SpinnerCpu) {
    let dir = temp_dir(name);
    let marker = format!("baraza-spin-{name}-{}", std::process::id());
    let quiet = FIRST_BOT;
    let spinner = format!("{SPINNER_BOT} {marker}");
    let mut stopped_s = 0.0;
    for half in ["a", "b"] {
        let tag = format!("quiet-{half}");
        against_search(&dir, &tag, quiet, (5, isolation), &[], &marker);
        let tag = format!("spin-{half}");
        stopped_s += against_search(&dir, &tag, &spinner, (5, isolation), &[], &marker);
    }
    let ponder = ["--ponder"];
    let pondering_s = against_search(&dir, "ponder", &spinner, (6, isolation), &ponder, &marker);
    let f = |tags: &[&str]| {
        let paths: Vec<_> = tags
            .iter()
            .map(|t| dir.join(format!("{t}.jsonl")))
            .collect();
        search_figures(&paths.iter().map(|p| p.as_path()).collect::<Vec<_>>())
    };
    let figures = [
        f(&["quiet-a", "quiet-b"]),
        f(&["spin-a", "spin-b"]),
        f(&["ponder"]),
    ];
    let cpu = [0.0, stopped_s, pondering_s];
    for ((what, s), cpu) in ["quiet", "spinner", "spinner --ponder"]
        .iter()
        .zip(&figures)
        .zip(cpu)
    {
        eprintln!(
            "search vs {what}: {} games, {} lost on time, median think {} us, median nps {}, \
             search thought {:.2} s, its opponent {:.2} s, the spinners took {cpu:.2} s CPU",
            s.games, s.forfeits, s.median_us, s.median_nps, s.think_s, s.opponent_think_s
        );
    }
    // The spinners died with their games.
    assert!(!process_with(&marker), "a spinner outlived its match");
    let cpu = SpinnerCpu {
        stopped_s,
        pondering_s,
    };
    (figures, cpu)
}

#[test]
fn a_bot_spinning_between_its_turns_takes_no_time_from_its_opponent() {
    search_keeps_its_time_against_the_spinner("spin", Isolation::Namespace);
}

#[test]
fn in_the_process_group_fallback_too_a_spinning_bot_takes_no_time() {
    search_keeps_its_time_against_the_spinner("spin-group", Isolation::Group);
}

fn search_keeps_its_time_against_the_spinner(name: &str, isolation: Isolation) {
    let ([quiet, spin, ponder], cpu) = spinner_figures(name, isolation);
    assert_eq!(spin.games, 10);
    assert_eq!(spin.forfeits, 0, "search lost on time to the spinner");
    let ratio = spin.median_us as f64 / quiet.median_us as f64;
    assert!(
        (0.85..=1.15).contains(&ratio),
        "search's median think time {} us against the spinner, {} us against a quiet bot",
        spin.median_us,
        quiet.median_us
    );
    // What the spinners take, measured on them. All the game's processes share one core
    // (--affinity), so on the spinner's own clock they take at most that clock's time (they
    // are why its moves take milliseconds). Beyond it, they took search's time: left running
    // (--ponder), half the core while search thinks on an idle machine, but only 0.085 in a CI
    // run at load 5 (other processes shared the core); stopped, only the microseconds between
    // the referee reading the spinner's move and stopping them (0.007 idle, below 0 at
    // load 5). So the stopped run is held to a quarter of the pondering one, measured in the
    // same minute, rather than to a figure the load moves. Search's nodes per second would
    // show the same thing, but they move with everything else the machine runs (0.66 of the
    // quiet run's in one CI run), as the spinners' own CPU does less.
    let beyond = |cpu_s: f64, f: &SearchFigures| (cpu_s - f.opponent_think_s) / f.think_s;
    let (stopped, pondering) = (
        beyond(cpu.stopped_s, &spin),
        beyond(cpu.pondering_s, &ponder),
    );
    let figures = format!(
        "stopped, the spinners took {:.2} s CPU (their own clock {:.2} s) in {:.2} s of \
         search's thinking; pondering, {:.2} s (their own clock {:.2} s) in {:.2} s",
        cpu.stopped_s,
        spin.opponent_think_s,
        spin.think_s,
        cpu.pondering_s,
        ponder.opponent_think_s,
        ponder.think_s
    );
    assert!(pondering > 0.01, "the sampler missed them: {figures}");
    assert!(stopped < pondering / 4.0, "{figures}");
}

#[test]
fn with_two_games_at_once_a_spinning_bot_takes_nothing_beyond_its_own_clock() {
    // Two games at a time share the referee's thread: the stops must hold all the same,
    // measured as in the test above against the same spinner left to ponder.
    let dir = temp_dir("spin-c2");
    let marker = format!("baraza-spin-c2-{}", std::process::id());
    let spinner = format!("{SPINNER_BOT} {marker}");
    let iso = Isolation::Namespace;
    let c2 = ["--concurrency", "2"];
    let stopped_s = against_search(&dir, "spin", &spinner, (10, iso), &c2, &marker);
    let c2_ponder = ["--concurrency", "2", "--ponder"];
    let pondering_s = against_search(&dir, "ponder", &spinner, (6, iso), &c2_ponder, &marker);
    let spin = search_figures(&[dir.join("spin.jsonl").as_path()]);
    let ponder = search_figures(&[dir.join("ponder.jsonl").as_path()]);
    assert_eq!((spin.games, spin.forfeits), (10, 0));
    let beyond = |cpu_s: f64, f: &SearchFigures| (cpu_s - f.opponent_think_s) / f.think_s;
    let (stopped, pondering) = (beyond(stopped_s, &spin), beyond(pondering_s, &ponder));
    let figures = format!(
        "stopped, the spinners took {stopped_s:.2} s CPU (their own clock {:.2} s) in {:.2} s \
         of search's thinking; pondering, {pondering_s:.2} s (their own clock {:.2} s) in \
         {:.2} s",
        spin.opponent_think_s, spin.think_s, ponder.opponent_think_s, ponder.think_s
    );
    eprintln!("{figures}");
    assert!(pondering > 0.01, "the sampler missed them: {figures}");
    assert!(stopped < pondering / 4.0, "{figures}");
    assert!(!process_with(&marker), "a spinner outlived its match");
}

/// `n` games of the premove bot (`mode`) against an instant opponent: every one is a protocol
/// error of the premove bot that names its premove.
fn every_premove_is_refused(mode: &str, n: u32, extra: &[&str]) {
    let dir = temp_dir(&format!("premove-{mode}-{}", extra.len()));
    let premover = format!("python3 {} {mode}", bot("premove_bot.py"));
    let run = Match::new("darra", premover, "builtin:random")
        .games(n)
        .jsonl(dir.join("games.jsonl"))
        .args(extra)
        .played();
    let games = run.records(n as usize);
    for g in &games {
        let reason = g["reason"].as_str().unwrap();
        assert_eq!(
            g["termination"], "protocol error",
            "game {}: {reason}",
            g["game"]
        );
        assert!(
            reason.contains("(premove_bot) sent 'move ") && reason.contains("before its turn"),
            "game {}: {reason}",
            g["game"]
        );
        // At its first offence: its first move (ply 1 as player 1, 2 as player 2), the
        // opponent's answer, and the premove is found before its second turn.
        let plies = g["plies"].as_u64().unwrap();
        assert!(plies <= 3, "game {}: {plies} plies: {reason}", g["game"]);
    }
}

/// The premove in a second write right after the move: the bot may be stopped between the
/// two, and then writes the premove as soon as it is continued. Found stopped in the middle of
/// its work, it is continued before its turn is written, so the premove is caught anyway.
#[test]
fn a_premove_in_its_own_write_after_the_move_is_a_protocol_error_every_time() {
    every_premove_is_refused("split", 50, &[]);
    every_premove_is_refused("split", 50, &["--concurrency", "2"]);
}

#[test]
fn a_premove_behind_32_kib_of_info_is_a_protocol_error_every_time() {
    every_premove_is_refused("flood", 50, &[]);
}

#[test]
fn a_stray_move_right_after_the_bots_own_is_a_protocol_error_every_time() {
    every_premove_is_refused("stray", 50, &[]);
    // Not stopped, the bot's pipe is still drained before each turn.
    every_premove_is_refused("stray", 10, &["--ponder"]);
}

/// What the ticker bot counted before each of its moves, in the games of `jsonl` where `name`
/// (a ticker) met `opponent`, first moves left out (its ticker starts at its first): the ticks
/// since its previous move, and the most its own turns allow (a tick every 10 ms of its own
/// clock over that move and the previous one, plus one at each end). Stopped between turns, a
/// tick can fall only there; a loaded machine makes its own turns longer, not the bound false.
fn ticks_of(jsonl: &Path, name: &str, opponent: &str) -> Vec<(u64, u64)> {
    let mut ticks = Vec::new();
    // The first line is the event's header: no players.
    for g in read_jsonl(jsonl)
        .into_iter()
        .filter(|g| g["white"].is_string())
    {
        let (w, b) = (g["white"].as_str().unwrap(), g["black"].as_str().unwrap());
        if (w, b) != (name, opponent) && (w, b) != (opponent, name) {
            continue;
        }
        let side = usize::from(w != name);
        let infos = g["move_infos"].as_array().unwrap();
        let times = g["times_us"].as_array().unwrap();
        let mut previous_us: Option<u64> = None;
        for ply in (side..infos.len()).step_by(2) {
            // No info on a forced pass: the referee plays it without asking.
            let Some(info) = infos[ply].as_str() else {
                continue;
            };
            let own_us = times[ply].as_u64().unwrap();
            if let Some(prev) = previous_us {
                let n = info.strip_prefix("ticks ").expect("only tick counts");
                let bound = (prev + own_us) / 10_000 + 2;
                ticks.push((n.parse().unwrap(), bound));
            }
            previous_us = Some(own_us);
        }
    }
    ticks
}

#[test]
fn ponder_true_in_the_event_file_lets_that_bot_alone_think_on_the_opponents_time() {
    only_the_ponderer_ticks_on_the_opponents_time("ponder-event", &[]);
}

#[test]
fn with_two_games_at_once_the_stopped_bot_still_ticks_only_in_its_turns() {
    // Two games share the referee's thread: each bot's stops must hold all the same.
    only_the_ponderer_ticks_on_the_opponents_time("ponder-event-c2", &["--concurrency", "2"]);
}

#[test]
fn with_two_games_at_once_a_stray_move_after_the_bots_own_is_still_a_protocol_error() {
    every_premove_is_refused("stray", 50, &["--concurrency", "2"]);
}

/// Two tickers against a bot that thinks 100 ms a move: the one with `ponder = true` ticks
/// about 10 times a turn (one every 10 ms of the opponent's time); the other is stopped from
/// its move to its next turn, so its ticker gains nothing but what its own brief turn allows.
fn only_the_ponderer_ticks_on_the_opponents_time(tag: &str, extra: &[&str]) {
    let dir = temp_dir(tag);
    let out = dir.join("run");
    let event = dir.join("event.toml");
    let ticker = TICKER_BOT;
    std::fs::write(
        &event,
        format!(
            "ruleset = \"darra\"\nmovetime = 2000\n\n\
             [[bot]]\nname = \"ponders\"\ncmd = \"{ticker}\"\nponder = true\n\n\
             [[bot]]\nname = \"stopped\"\ncmd = \"{ticker}\"\n\n\
             [[bot]]\nname = \"sleepy\"\ncmd = \"{}\"\n",
            SLEEPY_BOT
        ),
    )
    .unwrap();
    event_tournament(&event)
        .quiet()
        .out(&out)
        .args(extra)
        .command()
        .assert()
        .success();
    let jsonl = out.join("games.jsonl");
    let ponders = ticks_of(&jsonl, "ponders", "sleepy");
    let stopped = ticks_of(&jsonl, "stopped", "sleepy");
    assert!(
        ponders.len() >= 10 && stopped.len() >= 10,
        "{ponders:?} {stopped:?}"
    );
    // Stopped, every count within what its own turns allow, at any load (counts against its
    // own clock, not a fixed figure: at load 7-12 a turn's `wc` took over 100 ms).
    assert!(
        stopped.iter().all(|&(t, bound)| t <= bound),
        "the stopped bot ticked beyond its own turns (ticks, bound): {stopped:?}"
    );
    // Pondering, it ticks on the opponent's 100 ms sleeps too (10 a turn on an idle machine):
    // beyond its own turns' bound in most of its moves.
    let beyond = ponders.iter().filter(|&&(t, bound)| t > bound).count();
    assert!(
        beyond * 2 > ponders.len(),
        "the ponderer ticked only in its own turns (ticks, bound): {ponders:?}"
    );
}

/// Stopping and continuing a bot wakes nothing but the bot: its parent, the namespace's init,
/// sleeps through every stop (a parent waiting in `wait4` is woken by each stop and continue
/// of its child, two wake-ups a ply, which on one core cost a quarter of a stopped ply). Counts
/// from /proc, so the machine's load cannot change them.
#[test]
fn freezing_a_bot_never_wakes_its_namespaces_init() {
    let dir = temp_dir("init-wakeups");
    let logs = dir.0.join("logs");
    let bot = bot("parent_wakeups.py");
    let logs_arg = logs.to_str().unwrap();
    let out = Match::new("darra-2x18", &bot, "builtin:random")
        .games(1)
        .args(["--logs", logs_arg])
        .output();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said: String = std::fs::read_dir(&logs)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".stderr"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .collect();
    // "turn N wakeups W" at each of its turns.
    let counts: Vec<(u64, u64)> = said
        .lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w.len() == 4 && w[0] == "turn").then(|| (w[1].parse().unwrap(), w[3].parse().unwrap()))
        })
        .collect();
    let (&(first_turn, first), &(last_turn, last)) =
        (counts.first().unwrap(), counts.last().unwrap());
    // Stopped and continued once between each two of these turns.
    assert!(last_turn - first_turn >= 20, "{said}");
    assert!(
        last - first <= 2,
        "init woke {} times in {} of the bot's turns: {said}",
        last - first,
        last_turn - first_turn
    );
}
