//! The progress display of a run on stderr: a bar with the live table on a terminal, a plain
//! line every few seconds otherwise, nothing when quiet; and the notices that are always
//! shown (interruption, SPRT), above the bar if any.

use super::{describe, RunEvent, Sink, SinkError};
use crate::tournament::run::interrupt::Cause;
use crate::tournament::table::results::{BotStanding, Standings, Tally};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How often (at most) a plain progress line is printed when stderr is not a terminal.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

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

/// Lines of the live table.
const TABLE_ROWS: usize = 12;
/// Of those, at most this many are kept for faulting bots ranked below the rest shown.
const FAULT_ROWS: usize = 4;

/// A bot's games lost to a fault.
fn faults(b: &BotStanding) -> u64 {
    b.time_forfeits + b.crashes + b.other_forfeits
}

/// The bots the live table shows, in rank order: all of them up to [`TABLE_ROWS`]; beyond,
/// the top ones and, in the last [`FAULT_ROWS`] lines, the bots below them with the most
/// faulted games (a host watches for a bot that crashes or hangs, wherever it ranks).
fn shown_rows(bots: &[BotStanding]) -> Vec<&BotStanding> {
    if bots.len() <= TABLE_ROWS {
        return bots.iter().collect();
    }
    let top = TABLE_ROWS - FAULT_ROWS;
    let mut faulting: Vec<&BotStanding> = bots[top..].iter().filter(|b| faults(b) > 0).collect();
    // Most faults first; a stable sort keeps rank order among equals.
    faulting.sort_by_key(|b| std::cmp::Reverse(faults(b)));
    faulting.truncate(FAULT_ROWS);
    let mut shown: Vec<&BotStanding> = bots[..top].iter().collect();
    shown.extend(&faulting);
    // Lines left over go to the next bots by rank.
    let more = bots[top..].iter().filter(|b| {
        !faulting
            .iter()
            .any(|f| f.rank == b.rank && f.name == b.name)
    });
    shown.extend(more.take(TABLE_ROWS - shown.len()));
    shown.sort_by_key(|b| b.rank);
    shown
}

/// The live table under the bar: one line per bot (at most 12: see [`shown_rows`]), within 80
/// columns: rank, name (cut to 16 characters), games, points, score, Perf ± and the games lost
/// on time, by a crash and by another fault, counted as they happen.
fn compact_table(t: &Standings) -> String {
    let mut s = String::new();
    let shown = shown_rows(&t.bots);
    for b in &shown {
        let elo = match b.elo.as_ref() {
            Some(e) => match (e.elo, e.error()) {
                (Some(x), Some(err)) => format!("{x:+.0}±{err:.0}"),
                (Some(x), None) => format!("{x:+.0}"),
                _ => "-".into(),
            },
            None => "-".into(),
        };
        let name: String = b.name.chars().take(16).collect();
        s.push_str(&format!(
            "\n{:>3}. {name:16} {:>6} g {:>7.1} pts {:>5.1}% {elo:>9}  T{} C{} F{}",
            b.rank,
            b.games,
            b.points,
            b.score.unwrap_or(0.0) * 100.0,
            b.time_forfeits,
            b.crashes,
            b.other_forfeits,
        ));
    }
    let hidden = t.bots.len() - shown.len();
    if hidden > 0 {
        let faulting = t.bots.iter().filter(|b| faults(b) > 0).count()
            - shown.iter().filter(|b| faults(b) > 0).count();
        let faulting = match faulting {
            0 => "none with a fault".to_string(),
            n => format!("{n} with faults"),
        };
        s.push_str(&format!("\n  ... {hidden} more ({faulting})"));
    }
    s
}

/// This run's time to go: the games left at this run's own rate (the games an earlier run
/// left in the log do not count as played now). `None` before a game of this run.
fn eta(left: usize, this_run: usize, elapsed: Duration) -> Option<Duration> {
    (this_run > 0).then(|| elapsed.mul_f64(left as f64 / this_run as f64))
}

/// Prints a notice on stderr, above the progress bar when there is one (`Send`: the signal
/// task uses it).
#[derive(Clone)]
pub struct Notifier(Option<ProgressBar>);

impl Notifier {
    pub fn say(&self, msg: &str) {
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
pub struct Progress {
    mode: Mode,
    /// Games in the log.
    games: usize,
    scheduled: usize,
    already: usize,
    started: Instant,
    last_table: Option<Instant>,
    last_line: Instant,
    /// `--report-every N`: the two-bot report block every N games in the log.
    report_every: Option<usize>,
}

impl Progress {
    /// Print the two-bot report block every `n` games (`--report-every`), even when quiet.
    pub fn with_report_every(mut self, n: Option<usize>) -> Progress {
        self.report_every = n.filter(|&n| n > 0);
        self
    }

    /// `start`: the table of the games already in the log, `already` of them (its lines may
    /// be fewer: a bot left out of the table takes its games along); `scheduled`: the games the
    /// log will hold.
    pub fn new(quiet: bool, start: &Tally, already: usize, scheduled: usize) -> Progress {
        let mode = if quiet {
            Mode::Quiet
        } else if std::io::stderr().is_terminal() {
            let bar =
                ProgressBar::with_draw_target(Some(scheduled as u64), ProgressDrawTarget::stderr())
                    .with_position(already as u64);
            bar.set_style(
                // The ETA is this run's (in the prefix), not indicatif's: after --resume the
                // bar starts at the games already played, which indicatif would count as fast.
                ProgressStyle::with_template("{bar:20.cyan/blue} {pos}/{len}  {prefix}{msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.reset_eta();
            bar.enable_steady_tick(Duration::from_millis(500));
            Mode::Bar(bar)
        } else {
            Mode::Lines
        };
        let mut d = Progress {
            mode,
            games: already,
            scheduled,
            already,
            started: Instant::now(),
            last_table: None,
            last_line: Instant::now(),
            report_every: None,
        };
        d.refresh(start, true);
        d
    }

    /// Prints the messages that are always shown (interruption, SPRT), above the bar if any.
    pub fn notifier(&self) -> Notifier {
        Notifier(match &self.mode {
            Mode::Bar(bar) => Some(bar.clone()),
            _ => None,
        })
    }

    pub fn notice(&self, msg: &str) {
        self.notifier().say(msg);
    }

    fn game_finished(&mut self, done: usize, scheduled: usize, tally: &Tally) {
        self.games = done;
        if crate::tournament::table::report::due(self.report_every, done, scheduled) {
            if let Some(block) =
                crate::tournament::table::report::two_bot_report(&tally.standings())
            {
                let text = block.trim_end().to_string();
                match &self.mode {
                    Mode::Bar(bar) => bar.println(text),
                    _ => eprintln!("{text}"),
                }
            }
        }
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
        let eta = eta(
            self.scheduled.saturating_sub(self.games),
            self.games - self.already,
            self.started.elapsed(),
        )
        .map_or("?".into(), short_duration);
        bar.set_prefix(format!("{:.1} games/s  ETA {eta}", self.rate()));
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
                let eta = eta(
                    self.scheduled.saturating_sub(done),
                    this_run,
                    self.started.elapsed(),
                )
                .map_or("?".into(), short_duration);
                let t = tally.standings();
                eprintln!(
                    "baraza: {done}/{} games ({this_run} this run, {rate:.1} games/s), ETA {eta}, {}",
                    self.scheduled,
                    leader_text(&t)
                );
            }
        }
    }

    pub fn finish(&self) {
        if let Mode::Bar(bar) = &self.mode {
            bar.finish_and_clear();
        }
    }
}

impl Sink for Progress {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        match event {
            RunEvent::GameStarted { .. } | RunEvent::Opened { .. } | RunEvent::Moved { .. } => {}
            RunEvent::GameFinished {
                done,
                scheduled,
                tally,
                ..
            } => self.game_finished(*done, *scheduled, tally),
            // Said at once, even with --quiet: the host has something to fix.
            RunEvent::NotPlayed { .. } => self.notice(&format!(
                "{} (recorded as not played; a resume plays it)",
                describe(event)
            )),
            RunEvent::SprtDecided { .. } => self.notice(&describe(event)),
            // A crash or a failing log is told by the command's final message.
            RunEvent::Stopping { cause, .. } => {
                if matches!(cause, Cause::CtrlC { .. } | Cause::StopFile { .. }) {
                    self.notice(&describe(event));
                }
            }
            RunEvent::Aborting { .. } => self.notice(&describe(event)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::log::reader::parse_games_log;

    #[test]
    fn the_eta_counts_this_runs_games_only() {
        // Resumed with 900 of 1000 games in the log: 10 played by this run in 10 s leave 90
        // games, 90 s at this run's rate (not 0.1 s at "910 games in 10 s").
        assert_eq!(
            eta(90, 10, Duration::from_secs(10)),
            Some(Duration::from_secs(90))
        );
        assert_eq!(eta(90, 0, Duration::from_secs(10)), None);
    }

    #[test]
    fn the_live_table_fits_80_columns_and_counts_faults() {
        let header = r#"{"baraza":"tournament","schema":2,"version":"0","config_hash":"0","scheduled_games":4,"event":{"ruleset":"darra","format":"round-robin","rounds":1,"seed":1,"bots":[{"name":"a-very-long-bot-name-indeed","command":"x","limits":{"startup_timeout_ms":1,"movetime_ms":null,"tc":null,"margin_ms":1}},{"name":"b","command":"x","limits":{"startup_timeout_ms":1,"movetime_ms":null,"tc":null,"margin_ms":1}}],"openings":{"kind":"standard"},"max_plies":null},"sprt":null}"#;
        let game = |id: &str, n: u64, w: &str, b: &str, result: &str, term: &str| {
            format!(
                r#"{{"game_id":"{id}","pair":1,"game":{n},"ruleset":"darra","white":"{w}","black":"{b}","result":"{result}","termination":"{term}","reason":"-","plies":2,"moves":["6A","1B"],"times_ms":[5,7],"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0","seed":{n},"time_control":"-","event":"t","site":"-","date":"2026.11.29","round":"1"}}"#
            )
        };
        let long = "a-very-long-bot-name-indeed";
        let text = [
            header.to_string(),
            game("g1", 1, long, "b", "0-1", "time forfeit"),
            game("g2", 2, "b", long, "1-0", "crash"),
            game("g3", 3, long, "b", "1-0", "illegal move"),
        ]
        .join("\n")
            + "\n";
        let log = parse_games_log(&text, "t").unwrap().unwrap();
        let mut tally = Tally::new(&log.header);
        for g in &log.games {
            tally.add(g);
        }
        let table = compact_table(&tally.standings());
        let lines: Vec<&str> = table.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(lines.len(), 2);
        for l in &lines {
            assert!(
                l.chars().count() <= 80,
                "{} columns: {l}",
                l.chars().count()
            );
        }
        // The long name lost on time and by a crash; b by an illegal move.
        let row = |name: &str| *lines.iter().find(|l| l.contains(name)).unwrap();
        assert!(row("a-very-long-bot-").ends_with("T1 C1 F0"), "{table}");
        assert!(row(" b ").ends_with("T0 C0 F1"), "{table}");
    }

    fn standing(rank: usize, crashes: u64) -> BotStanding {
        BotStanding {
            rank,
            name: format!("bot{rank}"),
            games: 28,
            points: 14.0,
            wins: 14,
            draws: 0,
            losses: 14,
            score: Some(0.5),
            elo: None,
            los_vs_leader: None,
            pairs: 14,
            penta: [0; 5],
            time_forfeits: 0,
            crashes,
            other_forfeits: 0,
        }
    }

    #[test]
    fn the_live_table_keeps_lines_for_faulting_bots_ranked_below() {
        // 15 bots; 13 and 15 crashed (15 more often), 10 once: the top 8, then 15, 13, 10
        // (most faults first, then rank), and 9 to fill the 12th line; 11, 12, 14 hidden.
        let crashes = |r: usize| match r {
            15 => 5,
            13 => 2,
            10 => 1,
            _ => 0,
        };
        let bots: Vec<BotStanding> = (1..=15).map(|r| standing(r, crashes(r))).collect();
        let ranks: Vec<usize> = shown_rows(&bots).iter().map(|b| b.rank).collect();
        assert_eq!(ranks, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 15]);
        // No faults: the top 12. Twelve bots or fewer: all of them.
        let quiet: Vec<BotStanding> = (1..=15).map(|r| standing(r, 0)).collect();
        let ranks: Vec<usize> = shown_rows(&quiet).iter().map(|b| b.rank).collect();
        assert_eq!(ranks, (1..=12).collect::<Vec<_>>());
        assert_eq!(shown_rows(&quiet[..12]).len(), 12);
        // Six faulting bots below the top 8: the four with the most faults.
        let many: Vec<BotStanding> = (1..=15)
            .map(|r| standing(r, if r > 9 { r as u64 } else { 0 }))
            .collect();
        let ranks: Vec<usize> = shown_rows(&many).iter().map(|b| b.rank).collect();
        assert_eq!(ranks, [1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15]);
    }
}
