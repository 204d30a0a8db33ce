//! Playing a tournament with the referee: the runner ([`crate::tournament::runner`]) drives the
//! schedule, and this module gives it the one thing it lacks, how a game is played, plus what
//! the command does around it:
//!
//! - every game is a future on one current-thread tokio runtime (no thread per bot or game);
//!   `referee_play` is the single call into the referee;
//! - `DIR/games.jsonl` is written by the runner, one line per finished game; `DIR/games.pgn`
//!   gets the same game right after (on `--resume` it is first rewritten from games.jsonl, so
//!   the two always agree after a kill);
//! - each bot's stderr goes to a file of the game's slot, then is appended to
//!   `DIR/stderr/<bot>.log` under a line naming the game (at most [`STDERR_CAP`] per game, [`STDERR_BOT_CAP`] per bot);
//! - first Ctrl-C: no new games, the running ones may finish for [`INTERRUPT_GRACE`], then
//!   they are aborted (not written; a resume plays them again); the resume command is printed.
//!   Second Ctrl-C or SIGTERM: the running games are dropped (their bots killed) at once;
//! - progress: a bar with the live table on a terminal, a plain line every few seconds
//!   otherwise, nothing with `--quiet`; the final table on stdout (text, or JSON with
//!   `--json`), computed from the same lines `baraza results` reads from games.jsonl.

use crate::bot::{become_subreaper, reap_all_children, StderrSink, STDERR_CAP};
use crate::bot_spec::{file_safe, BotSpec};
use crate::cli::TournamentArgs;
use crate::clock::TimeControl;
use crate::game::Position;
use crate::pgn::write_pgn;
use crate::record::{GameRecord, Termination};
use crate::referee::{close_all, play_game_with, GameSetup, Seat};
use crate::tournament::config::{Limits, OnCrash, RunOptions, TournamentConfig};
use crate::tournament::log::{LogStart, RunPlan};
use crate::tournament::render::render_text;
use crate::tournament::results::{Standings, Tally};
use crate::tournament::runner::{
    describe, run_plan, start_tally, Interrupt, Progress, RunOutcome, Stop,
};
use crate::tournament::ScheduledGame;
use anyhow::{anyhow, bail, Context};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::cell::{Cell, RefCell};
use std::fs::{File, OpenOptions};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The PGN log inside `--out DIR`.
pub const PGN_FILE: &str = "games.pgn";
/// The folder of the bots' stderr logs inside `--out DIR`.
pub const STDERR_DIR: &str = "stderr";
/// Cap of one bot's stderr log over the whole tournament, in bytes.
pub const STDERR_BOT_CAP: u64 = 16 << 20;
/// A file that stops the run like a first Ctrl-C when it appears in `--out DIR` (for wrappers
/// that cannot send signals); looked for every second.
pub const STOP_FILE: &str = "stop";
const STOP_FILE_EVERY: Duration = Duration::from_secs(1);
/// How long running games may go on after the first Ctrl-C before they are aborted.
pub const INTERRUPT_GRACE: Duration = Duration::from_secs(30);
/// How often (at most) a plain progress line is printed when stderr is not a terminal.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// Play one game with the referee: the one call into it. Each bot's process is taken from its
/// pool of idle seats (or started afresh) and given back after the game, so a bot plays game
/// after game in one process unless `--no-reuse`; a seat whose bot lost by a fault comes back
/// empty and starts afresh next time. A game dropped part-way takes its seats, and their
/// processes are killed.
async fn referee_play(setup: &GameSetup, event: &Event<'_>, game: &ScheduledGame) -> GameRecord {
    let mut white = event.take_seat(game.white);
    let mut black = event.take_seat(game.black);
    let (record, _) = play_game_with(setup, [&mut white, &mut black]).await;
    let mut pool = event.seats.borrow_mut();
    pool[game.white].push(white);
    pool[game.black].push(black);
    record
}

/// The bots' stderr: a file per side of each game slot (a slot is one of the games played at
/// once, reused game after game: no file is created or removed per game), appended after the
/// game to the bot's own log when the bot wrote anything.
struct StderrLogs {
    dir: PathBuf,
    tmp: PathBuf,
    free: RefCell<Vec<usize>>,
    slots: Cell<usize>,
}

/// A game slot, given back when dropped.
struct Slot<'a> {
    logs: &'a StderrLogs,
    n: usize,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.logs.free.borrow_mut().push(self.n);
    }
}

impl StderrLogs {
    fn new(out_dir: &Path) -> anyhow::Result<StderrLogs> {
        let dir = out_dir.join(STDERR_DIR);
        let tmp = dir.join("in-play");
        std::fs::create_dir_all(&tmp)
            .with_context(|| format!("cannot create {}", tmp.display()))?;
        // Left by a killed run: those games are played again.
        if let Ok(entries) = std::fs::read_dir(&tmp) {
            for e in entries.flatten() {
                let _ = std::fs::remove_file(e.path());
            }
        }
        Ok(StderrLogs {
            dir,
            tmp,
            free: RefCell::new(Vec::new()),
            slots: Cell::new(0),
        })
    }

    fn slot(&self) -> Slot<'_> {
        let n = self.free.borrow_mut().pop().unwrap_or_else(|| {
            self.slots.set(self.slots.get() + 1);
            self.slots.get()
        });
        Slot { logs: self, n }
    }

    fn slot_file(&self, slot: &Slot<'_>, side: usize) -> PathBuf {
        self.tmp.join(format!("slot{}-p{side}.log", slot.n))
    }

    /// Where a side's stderr goes during the game (the file is truncated when the bot starts).
    fn sink(&self, slot: &Slot<'_>, side: usize) -> StderrSink {
        StderrSink::File {
            path: self.slot_file(slot, side),
            cap: STDERR_CAP,
        }
    }

    /// Move a finished game's stderr into the bots' logs (best effort: a log that cannot be
    /// written does not stop the tournament).
    fn collect(&self, slot: &Slot<'_>, game: &ScheduledGame) {
        for (side, name) in [(1, &game.white_name), (2, &game.black_name)] {
            let path = self.slot_file(slot, side);
            if std::fs::metadata(&path).map_or(true, |m| m.len() == 0) {
                continue;
            }
            let text = std::fs::read(&path).unwrap_or_default();
            // Removed, so that a bot that could not even be started next time in this slot
            // is not given this one's text (and a quiet bot's file is never created).
            let _ = std::fs::remove_file(&path);
            let log = self.dir.join(format!("{}.log", file_safe(name)));
            let Ok(mut f) = OpenOptions::new().create(true).append(true).open(&log) else {
                continue;
            };
            let len = f.metadata().map_or(0, |m| m.len());
            if len >= STDERR_BOT_CAP {
                continue;
            }
            let mut buf = format!(
                "--- game {} {}: {} vs {}, {name} is player {side} ---\n",
                game.game, game.game_id, game.white_name, game.black_name
            )
            .into_bytes();
            let room = (STDERR_BOT_CAP - len).saturating_sub(buf.len() as u64) as usize;
            if text.len() > room {
                buf.extend_from_slice(&text[..room]);
                buf.extend_from_slice(
                    format!("\n[baraza: stderr log full at {STDERR_BOT_CAP} bytes; later games' stderr is dropped]\n")
                        .as_bytes(),
                );
            } else {
                buf.extend_from_slice(&text);
                if !text.ends_with(b"\n") {
                    buf.push(b'\n');
                }
            }
            let _ = f.write_all(&buf);
        }
    }
}

/// What every game of the event needs: the bots as the referee runs them.
struct Event<'a> {
    config: &'a TournamentConfig,
    specs: Vec<BotSpec>,
    tcs: Vec<TimeControl>,
    startup: Vec<Duration>,
    grace: Duration,
    max_plies: Option<u64>,
    stderr: StderrLogs,
    /// The last start position parsed.
    start: RefCell<Option<(String, Box<dyn Position>)>>,
    /// Idle seats (kept bot processes) of each bot, by bot index.
    seats: RefCell<Vec<Vec<Seat>>>,
    reuse: bool,
}

fn time_control(l: &Limits) -> anyhow::Result<TimeControl> {
    Ok(TimeControl::from_options(
        l.tc.as_deref(),
        l.movetime_ms,
        l.margin_ms,
    )?)
}

impl<'a> Event<'a> {
    fn new(
        config: &'a TournamentConfig,
        run: &RunOptions,
        out_dir: &Path,
        reuse: bool,
    ) -> anyhow::Result<Event<'a>> {
        let mut specs = Vec::new();
        let mut tcs = Vec::new();
        let mut startup = Vec::new();
        for b in &config.bots {
            let which = format!("bot '{}'", b.name);
            specs.push(BotSpec::parse(&which, &b.command)?);
            tcs.push(time_control(&b.limits).context(which)?);
            startup.push(Duration::from_millis(b.limits.startup_timeout_ms));
        }
        Ok(Event {
            config,
            specs,
            tcs,
            startup,
            grace: Duration::from_millis(run.grace_ms),
            max_plies: config
                .max_plies
                .or(crate::games::find(&config.ruleset).and_then(|r| r.default_max_plies)),
            stderr: StderrLogs::new(out_dir)?,
            start: RefCell::new(None),
            seats: RefCell::new((0..config.bots.len()).map(|_| Vec::new()).collect()),
            reuse,
        })
    }

    fn take_seat(&self, bot: usize) -> Seat {
        self.seats.borrow_mut()[bot]
            .pop()
            .unwrap_or_else(|| Seat::new(self.reuse))
    }

    /// Tell every kept bot process `quit`, give it the grace, kill its group.
    async fn close_seats(&self) {
        let seats: Vec<Seat> = self.seats.borrow_mut().drain(..).flatten().collect();
        close_all(seats, self.grace).await;
    }

    /// The referee's setup of a scheduled game. A built-in bot gets the game's seed as
    /// player 1, the seed + 1 as player 2.
    fn setup(&self, game: &ScheduledGame, slot: &Slot<'_>) -> anyhow::Result<GameSetup> {
        let start = {
            // The games of a round share their start: parsed once.
            let mut last = self.start.borrow_mut();
            match last.as_ref() {
                Some((text, pos)) if *text == game.start => pos.clone(),
                _ => {
                    let pos = crate::games::parse_position(&game.start)
                        .with_context(|| format!("the start position of game {}", game.game_id))?;
                    *last = Some((game.start.clone(), pos.clone()));
                    pos
                }
            }
        };
        let player = |side: usize, bot: usize| {
            self.specs[bot].player(
                &self.config.bots[bot].name,
                &self.config.ruleset,
                game.seed.wrapping_add(side as u64 - 1),
                self.stderr.sink(slot, side),
                None,
            )
        };
        let (w, b) = (game.white, game.black);
        Ok(GameSetup {
            game: game.game,
            players: [player(1, w)?, player(2, b)?],
            start,
            tc: [self.tcs[w], self.tcs[b]],
            startup_timeout: [self.startup[w], self.startup[b]],
            grace: self.grace,
            max_plies: self.max_plies,
            seed: game.seed,
            event: "baraza tournament".to_string(),
            site: "?".to_string(),
            round: game.round.to_string(),
        })
    }
}

/// A line about the games lost by a fault, when there were any: `games lost by a fault:
/// mine 3 crashes, 1 time forfeit; greedy 1 other forfeit (see DIR/stderr/)`.
fn fault_note(table: &Standings, stderr_dir: &Path) -> Option<String> {
    let count = |n: u64, what: &str| match n {
        1 => format!("1 {what}"),
        _ if what.ends_with("sh") => format!("{n} {what}es"),
        _ => format!("{n} {what}s"),
    };
    let per_bot: Vec<String> = table
        .bots
        .iter()
        .filter_map(|b| {
            let parts: Vec<String> = [
                (b.crashes, "crash"),
                (b.time_forfeits, "time forfeit"),
                (b.other_forfeits, "other forfeit"),
            ]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|&(n, what)| count(n, what))
            .collect();
            (!parts.is_empty()).then(|| format!("{} {}", b.name, parts.join(", ")))
        })
        .collect();
    (!per_bot.is_empty()).then(|| {
        format!(
            "games lost by a fault: {} (the bots' stderr is in {}/)",
            per_bot.join("; "),
            stderr_dir.display()
        )
    })
}

/// The games.pgn of a run: new, or rewritten from the games already in games.jsonl.
fn start_pgn(path: &Path, plan: &RunPlan) -> anyhow::Result<File> {
    let open = || {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))
    };
    if plan.start == LogStart::Create {
        File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
        return open();
    }
    let mut buf = Vec::new();
    for g in &plan.done {
        write_pgn(&mut buf, &g.record)?;
    }
    let tmp = path.with_extension("pgn.tmp");
    std::fs::write(&tmp, &buf).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))?;
    open()
}

/// The command line that resumes this run: this one with `--resume`.
fn resume_command() -> String {
    let mut args: Vec<String> = std::env::args().collect();
    if !args.iter().any(|a| a == "--resume") {
        args.push("--resume".into());
    }
    shlex::try_join(args.iter().map(String::as_str)).unwrap_or_else(|_| args.join(" "))
}

fn short_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

/// A compact line about the leader: `greedy 75.0% (+191 Elo)`.
fn leader_text(t: &Standings) -> String {
    let Some(b) = t.bots.first().filter(|b| b.games > 0) else {
        return "no game yet".to_string();
    };
    let elo = b
        .elo
        .as_ref()
        .and_then(|e| e.elo)
        .map_or(String::new(), |e| format!(" ({e:+.0} Elo)"));
    format!(
        "leader {} {:.1}%{elo}",
        b.name,
        b.score.unwrap_or(0.0) * 100.0
    )
}

/// The live table under the bar: one short line per bot (at most 12).
fn compact_table(t: &Standings) -> String {
    let w = t
        .bots
        .iter()
        .map(|b| b.name.len())
        .max()
        .unwrap_or(3)
        .max(3);
    let mut s = String::new();
    for b in t.bots.iter().take(12) {
        let elo = match b.elo.as_ref() {
            Some(e) => match (e.elo, e.error()) {
                (Some(x), Some(err)) => format!("{x:+.0} ± {err:.0}"),
                (Some(x), None) => format!("{x:+.0}"),
                _ => "-".into(),
            },
            None => "-".into(),
        };
        s.push_str(&format!(
            "\n  {:>2}. {:w$}  {:>5} games  {:>6.1} pts  {}-{}-{}  {:>5.1}%  Elo {elo}",
            b.rank,
            b.name,
            b.games,
            b.points,
            b.wins,
            b.draws,
            b.losses,
            b.score.unwrap_or(0.0) * 100.0,
        ));
    }
    if t.bots.len() > 12 {
        s.push_str(&format!("\n  ... {} more", t.bots.len() - 12));
    }
    s
}

/// Prints a notice on stderr, above the progress bar when there is one (`Send`: the signal
/// task uses it).
#[derive(Clone)]
struct Notifier(Option<ProgressBar>);

impl Notifier {
    fn say(&self, msg: &str) {
        match &self.0 {
            Some(bar) => bar.println(format!("baraza: {msg}")),
            None => eprintln!("baraza: {msg}"),
        }
    }
}

enum Mode {
    Bar(ProgressBar),
    Lines,
    Quiet,
}

/// Progress as the games end: a bar, plain lines, or nothing.
struct Display {
    mode: Mode,
    /// Games in the log.
    games: usize,
    scheduled: usize,
    already: usize,
    started: Instant,
    last_table: Option<Instant>,
    last_line: Instant,
}

impl Display {
    /// `start`: the games already in the log, for the first table.
    fn new(quiet: bool, start: &Tally, scheduled: usize) -> Display {
        let already = start.lines() as usize;
        let mode = if quiet {
            Mode::Quiet
        } else if std::io::stderr().is_terminal() {
            let bar =
                ProgressBar::with_draw_target(Some(scheduled as u64), ProgressDrawTarget::stderr())
                    .with_position(already as u64);
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:30.cyan/blue} {pos}/{len} games  ETA {eta}  {prefix}{msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.reset_eta();
            bar.enable_steady_tick(Duration::from_millis(500));
            Mode::Bar(bar)
        } else {
            Mode::Lines
        };
        let mut d = Display {
            mode,
            games: already,
            scheduled,
            already,
            started: Instant::now(),
            last_table: None,
            last_line: Instant::now(),
        };
        d.refresh(start, true);
        d
    }

    /// Prints the messages that are always shown (interruption, SPRT), above the bar if any.
    fn notifier(&self) -> Notifier {
        Notifier(match &self.mode {
            Mode::Bar(bar) => Some(bar.clone()),
            _ => None,
        })
    }

    fn notice(&self, msg: &str) {
        self.notifier().say(msg);
    }

    fn event(&mut self, p: &Progress<'_>) {
        match p {
            Progress::Started { .. } => {}
            Progress::Finished { done, tally, .. } => {
                self.games = *done;
                if matches!(self.mode, Mode::Quiet) {
                    return;
                }
                if let Mode::Bar(bar) = &self.mode {
                    bar.set_position(self.games as u64);
                }
                self.refresh(tally, false);
                if matches!(self.mode, Mode::Lines) && self.last_line.elapsed() >= PROGRESS_EVERY {
                    self.last_line = Instant::now();
                    self.tick(tally);
                }
            }
            Progress::SprtDecided { .. } => self.notice(&describe(p)),
        }
    }

    /// Games per second in this run.
    fn rate(&self) -> f64 {
        let secs = self.started.elapsed().as_secs_f64();
        (self.games - self.already) as f64 / secs.max(1e-9)
    }

    /// Redraw the bar's live table (at most twice a second unless `force`).
    fn refresh(&mut self, tally: &Tally, force: bool) {
        let Mode::Bar(bar) = &self.mode else { return };
        if !force
            && self
                .last_table
                .is_some_and(|t| t.elapsed() < Duration::from_millis(500))
        {
            return;
        }
        self.last_table = Some(Instant::now());
        let t = tally.standings();
        bar.set_prefix(format!("{:.1} games/s  {}", self.rate(), leader_text(&t)));
        bar.set_message(compact_table(&t));
    }

    /// The plain progress line (not on a terminal), at most every few seconds as games end.
    fn tick(&mut self, tally: &Tally) {
        match self.mode {
            Mode::Bar(_) => self.refresh(tally, true),
            Mode::Quiet => {}
            Mode::Lines => {
                let done = self.games;
                let this_run = done - self.already;
                let rate = self.rate();
                let eta = if rate > 0.0 {
                    short_duration(Duration::from_secs_f64(
                        (self.scheduled - done) as f64 / rate,
                    ))
                } else {
                    "?".into()
                };
                let t = tally.standings();
                eprintln!(
                    "baraza: {done}/{} games ({this_run} this run, {rate:.1} games/s), ETA {eta}, {}",
                    self.scheduled,
                    leader_text(&t)
                );
            }
        }
    }

    fn finish(&self) {
        if let Mode::Bar(bar) = &self.mode {
            bar.finish_and_clear();
        }
    }
}

/// How the run ended, as far as the loop knows.
enum Ended {
    Run(RunOutcome),
    /// Second Ctrl-C or SIGTERM: the running games were dropped.
    Killed(RunOutcome),
}

/// Shared state of the running tournament.
struct Shared {
    interrupt: Interrupt,
    /// The first crash, with `--on-crash abort`.
    crashed: RefCell<Option<String>>,
    /// The first error writing games.pgn.
    pgn_error: RefCell<Option<anyhow::Error>>,
    running: Arc<AtomicUsize>,
}

/// Counts a game as running while it lives.
struct RunningGuard<'a>(&'a AtomicUsize);

impl<'a> RunningGuard<'a> {
    fn new(c: &'a AtomicUsize) -> Self {
        c.fetch_add(1, Ordering::SeqCst);
        RunningGuard(c)
    }
}

impl Drop for RunningGuard<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Ctrl-C, SIGTERM and the stop file, in a task of their own (so the games' wake-ups do not
/// poll them). First Ctrl-C or the stop file: stop, then abort after [`INTERRUPT_GRACE`].
/// Second Ctrl-C or SIGTERM: kill (the running games are dropped at once).
async fn watch_signals(
    mut interrupt: tokio::signal::unix::Signal,
    mut terminate: tokio::signal::unix::Signal,
    stop_file: PathBuf,
    run: Interrupt,
    running: Arc<AtomicUsize>,
    say: Notifier,
) {
    let mut abort_at: Option<tokio::time::Instant> = None;
    let mut interrupted = false;
    let mut look = tokio::time::interval(STOP_FILE_EVERY);
    look.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The first stop: no new games, the abort after the grace.
    let stop = |why: &str| {
        run.stop();
        say.say(&format!(
            "{why}: no new games are started; the {} running games may finish within {} s, then they are aborted (Ctrl-C to stop now)",
            running.load(Ordering::SeqCst),
            INTERRUPT_GRACE.as_secs()
        ));
        Some(tokio::time::Instant::now() + INTERRUPT_GRACE)
    };
    loop {
        tokio::select! {
            _ = interrupt.recv() => {
                if interrupted {
                    say.say("second Ctrl-C: stopping now; the running games are dropped");
                    run.kill();
                    return;
                }
                interrupted = true;
                abort_at = stop("Ctrl-C");
            }
            _ = look.tick(), if !interrupted => {
                if stop_file.exists() {
                    interrupted = true;
                    abort_at = stop(&format!("{} found", stop_file.display()));
                }
            }
            _ = terminate.recv() => {
                say.say("SIGTERM: stopping now; the running games are dropped");
                run.kill();
                return;
            }
            () = tokio::time::sleep_until(abort_at.unwrap_or_else(tokio::time::Instant::now)), if abort_at.is_some() => {
                abort_at = None;
                say.say(&format!(
                    "aborting the {} games still running (they are played again on resume)",
                    running.load(Ordering::SeqCst)
                ));
                run.abort();
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn drive(
    config: &TournamentConfig,
    concurrency: usize,
    plan: RunPlan,
    event: &Event<'_>,
    on_crash: OnCrash,
    shared: &Shared,
    display: &RefCell<Display>,
    pgn: &RefCell<File>,
    stop_file: &Path,
) -> anyhow::Result<Ended> {
    use tokio::signal::unix::{signal, SignalKind};
    let interrupt = signal(SignalKind::interrupt()).context("cannot install signal handlers")?;
    let terminate = signal(SignalKind::terminate()).context("cannot install signal handlers")?;
    let signals = tokio::spawn(watch_signals(
        interrupt,
        terminate,
        stop_file.to_path_buf(),
        shared.interrupt.clone(),
        shared.running.clone(),
        display.borrow().notifier(),
    ));

    // An aborted game is dropped by the runner (with its seats: their processes are killed).
    let play = |game: ScheduledGame| async move {
        let slot = event.stderr.slot();
        let setup = event.setup(&game, &slot)?;
        let _running = RunningGuard::new(&shared.running);
        let record = referee_play(&setup, event, &game).await;
        event.stderr.collect(&slot, &game);
        if record.termination == Termination::Crash && on_crash == OnCrash::Abort {
            shared.crashed.borrow_mut().get_or_insert_with(|| {
                format!("game {} ({}): {}", game.game, game.game_id, record.reason)
            });
            shared.interrupt.stop();
        }
        Ok(record)
    };
    let progress = |p: Progress<'_>| {
        if let Progress::Finished { line, .. } = &p {
            let mut buf = Vec::with_capacity(2048);
            let written = write_pgn(&mut buf, &line.record).and_then(|()| {
                let mut f = pgn.borrow_mut();
                f.write_all(&buf)?;
                f.flush()
            });
            if let Err(e) = written {
                let mut first = shared.pgn_error.borrow_mut();
                if first.is_none() {
                    *first = Some(anyhow!(e).context(format!("cannot write {PGN_FILE}")));
                    shared.interrupt.stop();
                }
            }
        }
        display.borrow_mut().event(&p);
    };

    let ended = run_plan(config, concurrency, plan, play, &shared.interrupt, progress)
        .await
        .map(|outcome| {
            if shared.interrupt.killed() {
                Ended::Killed(outcome)
            } else {
                Ended::Run(outcome)
            }
        });
    if matches!(ended, Ok(Ended::Run(_))) {
        // The kept processes: `quit`, their grace, then their groups are killed.
        event.close_seats().await;
    }
    signals.abort();
    ended
}

/// `SPRT stopped the tournament after 49 of 1000 scheduled games: H1 accepted (decided by
/// pairs 1 to 23: 46 games)`.
fn sprt_stopped(
    table: &Standings,
    in_log: usize,
    scheduled: usize,
    decision: crate::tournament::sprt::Decision,
) -> String {
    let took = table.sprt.as_ref().map_or(String::new(), |s| {
        format!(
            " (decided by pairs 1 to {}: {} games)",
            s.report.units, s.games
        )
    });
    format!("SPRT stopped the tournament after {in_log} of {scheduled} scheduled games: {decision}{took}")
}

/// Play the planned games into `out_dir` and print the final table.
pub fn play(
    out: &mut dyn Write,
    config: &TournamentConfig,
    run: &RunOptions,
    plan: RunPlan,
    out_dir: &Path,
    args: &TournamentArgs,
) -> anyhow::Result<()> {
    // Checks every bot's program before anything is created in `out_dir`.
    let event = Event::new(config, run, out_dir, run.reuse)?;
    let pgn = RefCell::new(start_pgn(&out_dir.join(PGN_FILE), &plan)?);
    let games_path = plan.path.clone();
    let scheduled = plan.header.scheduled_games as usize;
    let resume = resume_command();

    let display = RefCell::new(Display::new(
        args.quiet,
        &start_tally(config, &plan),
        scheduled,
    ));
    if !args.quiet {
        let d = display.borrow();
        if plan.done.is_empty() {
            d.notice(&format!(
                "{} games, {} at a time, into {}",
                scheduled,
                run.concurrency,
                out_dir.display()
            ));
        } else {
            d.notice(&format!(
                "resuming: {} of {} games already played; {} to play, {} at a time",
                plan.done.len(),
                scheduled,
                plan.to_play.len(),
                run.concurrency
            ));
        }
    }

    // A stop file left by an earlier run (it stopped that one) must not stop this one.
    let stop_file = out_dir.join(STOP_FILE);
    if stop_file.exists() {
        std::fs::remove_file(&stop_file)
            .with_context(|| format!("cannot remove {}", stop_file.display()))?;
        if !args.quiet {
            display.borrow().notice(&format!(
                "removed {} (it stopped an earlier run)",
                stop_file.display()
            ));
        }
    }

    become_subreaper();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let shared = Shared {
        interrupt: Interrupt::new(),
        crashed: RefCell::new(None),
        pgn_error: RefCell::new(None),
        running: Arc::new(AtomicUsize::new(0)),
    };
    let ended = rt.block_on(drive(
        config,
        run.concurrency,
        plan,
        &event,
        run.on_crash,
        &shared,
        &display,
        &pgn,
        &stop_file,
    ));
    display.borrow().finish();
    // The slots' files are empty or copied into the bots' logs by now.
    let _ = std::fs::remove_dir_all(&event.stderr.tmp);
    // Dropped games' bots were killed; reap them before anything else.
    if matches!(ended, Ok(Ended::Killed(_))) {
        // Kept processes between games too (killed at once), or the reaping would wait on them.
        event.seats.borrow_mut().clear();
        drop(rt);
        reap_all_children();
    }
    let ended = ended?;
    if let Some(e) = shared.pgn_error.take() {
        return Err(e);
    }

    let (killed, outcome) = match ended {
        Ended::Killed(outcome) => (true, outcome),
        Ended::Run(outcome) => (false, outcome),
    };
    // The final table: the runner's tally of the lines of games.jsonl as they were read at
    // the start and written since (not re-read: that cost a few percent of a run); `baraza
    // results` computes the same from the file.
    let table = outcome.tally.standings();
    if args.json {
        super::write_json(out, &serde_json::to_value(&table)?)?;
    } else {
        write!(out, "{}", render_text(&table))?;
    }
    out.flush()?;
    // Faults must not go unnoticed in a table nobody reads closely.
    if let Some(note) = fault_note(&table, &out_dir.join(STDERR_DIR)) {
        eprintln!("baraza: {note}");
    }
    let n = outcome.in_log;
    let where_ = games_path.display();
    if killed {
        bail!("stopped: {n} of {scheduled} games are in {where_}; resume with: {resume}")
    }
    let stop = outcome.stop;
    if let Some(crash) = shared.crashed.take() {
        bail!(
            "a bot crashed in {crash}; stopped (--on-crash abort): {n} of {scheduled} games are in {where_}; resume with: {resume}"
        );
    }
    match stop {
        Stop::Completed => Ok(()),
        Stop::Sprt(decision) => {
            let msg = sprt_stopped(&table, n, scheduled, decision);
            // With --json, stdout stays one JSON value (the table carries the SPRT report).
            if args.json {
                eprintln!("{msg}");
            } else {
                writeln!(out, "{msg}")?;
            }
            Ok(())
        }
        Stop::Interrupted => {
            bail!("interrupted: {n} of {scheduled} games are in {where_}; resume with: {resume}")
        }
    }
}
