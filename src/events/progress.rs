//! The progress display of a run on stderr: a bar with the live table on a terminal, a plain
//! line every few seconds otherwise, nothing when quiet; and the notices that are always
//! shown (interruption, SPRT), above the bar if any.

use super::{describe, RunEvent, Sink, SinkError};
use crate::tournament::interrupt::Cause;
use crate::tournament::results::{Standings, Tally};
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
}

impl Progress {
    /// `start`: the games already in the log, for the first table.
    pub fn new(quiet: bool, start: &Tally, scheduled: usize) -> Progress {
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
        let mut d = Progress {
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
    pub fn notifier(&self) -> Notifier {
        Notifier(match &self.mode {
            Mode::Bar(bar) => Some(bar.clone()),
            _ => None,
        })
    }

    pub fn notice(&self, msg: &str) {
        self.notifier().say(msg);
    }

    fn game_finished(&mut self, done: usize, tally: &Tally) {
        self.games = done;
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

    pub fn finish(&self) {
        if let Mode::Bar(bar) = &self.mode {
            bar.finish_and_clear();
        }
    }
}

impl Sink for Progress {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        match event {
            RunEvent::GameStarted { .. } => {}
            RunEvent::GameFinished { done, tally, .. } => self.game_finished(*done, tally),
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
