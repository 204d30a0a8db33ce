//! The console line: one line per finished game on stdout, as `baraza match` prints it
//! (`game 3: a vs b: 1-0 normal, 41 plies (no legal move)`), and the final tally of each bot
//! (`final: a 2 wins 0 draws 1 losses; b ...`).

use super::{RunEvent, Sink, SinkError};
use crate::escape::terminal::escape_control;
use crate::record::GameRecord;
use crate::stats::elo::EloEstimate;
use crate::tournament::table::report;
use crate::tournament::table::results::Standings;
use std::io::Write;

/// Win/draw/loss counts of one bot.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

pub struct ConsoleLine<'w> {
    out: &'w mut dyn Write,
    /// The bots counted in the final line, in its order.
    names: Vec<String>,
    wdl: Vec<Wdl>,
    /// Moves played in all games (for `--bench-stats`).
    pub moves: u64,
    /// `--report-every N`.
    report_every: Option<usize>,
}

/// The console line of one game, escaped: the reason may quote what a bot sent (a token with
/// ESC in it would otherwise reach the terminal raw).
pub fn game_line(rec: &GameRecord) -> String {
    let line = format!(
        "game {}: {} vs {}: {} {}, {} plies ({})",
        rec.game, rec.white, rec.black, rec.result, rec.termination, rec.plies, rec.reason
    );
    escape_control(&line).into_owned()
}

/// A report block on stderr, each line escaped (the names in it come from the command line).
fn eprint_block(block: &str) {
    for line in block.lines() {
        eprintln!("{}", escape_control(line));
    }
}

/// The last line of a `match` or `tournament` on stderr: `played 200 games in 3.4 s (58.8
/// games/s)`; a longer run reads `in 1 h 02 min 05 s`.
pub fn pace_line(games: usize, elapsed: std::time::Duration) -> String {
    let secs = elapsed.as_secs_f64();
    let total = elapsed.as_secs();
    let took = match total {
        0..60 => format!("{secs:.1} s"),
        60..3600 => format!("{} min {:02} s", total / 60, total % 60),
        _ => format!(
            "{} h {:02} min {:02} s",
            total / 3600,
            total / 60 % 60,
            total % 60
        ),
    };
    let rate = games as f64 / secs.max(1e-3);
    let s = if games == 1 { "" } else { "s" };
    format!("played {games} game{s} in {took} ({rate:.1} games/s)")
}

/// The Elo of the score line: `Elo +240.8 ± 250.1`; in words where it is not a number or has
/// no interval: `Elo +inf (a perfect score)`, `Elo +190.8, no interval (every game pair scored
/// the same, no spread to measure)`, `Elo +190.8, 95% interval -67.9 to +inf (more games
/// narrow it)`.
pub fn score_elo(e: &EloEstimate) -> String {
    let value = match (e.elo, e.unbounded) {
        (Some(x), _) => format!("Elo {x:+.1}"),
        (None, Some(side)) => format!("Elo {} ({})", side.text(), side.score_words()),
        (None, None) => "Elo unknown".to_string(),
    };
    let bound = |b: Option<f64>, inf: &str| b.map_or(inf.to_string(), |x| format!("{x:+.1}"));
    match (e.no_interval, e.error()) {
        (Some(why), _) => format!("{value}, no interval ({})", why.words(e.model)),
        (None, Some(err)) => format!("{value} ± {err:.1}"),
        (None, None) if e.unbounded.is_some() => value,
        (None, None) => format!(
            "{value}, 95% interval {} to {} (more games narrow it)",
            bound(e.low, "-inf"),
            bound(e.high, "+inf")
        ),
    }
}

impl<'w> ConsoleLine<'w> {
    pub fn new(out: &'w mut dyn Write, names: &[String]) -> ConsoleLine<'w> {
        ConsoleLine {
            out,
            names: names.to_vec(),
            wdl: vec![Wdl::default(); names.len()],
            moves: 0,
            report_every: None,
        }
    }

    /// Print the two-bot report block on stderr every `n` games (`--report-every`).
    pub fn with_report_every(mut self, n: Option<usize>) -> ConsoleLine<'w> {
        self.report_every = n.filter(|&n| n > 0);
        self
    }

    /// The end of a match, on stderr (stdout keeps its one line per game and the final line):
    /// the first bot's score and Elo, then the report block, e.g.
    /// `score: greedy 8/10 (80.0%) against random, Elo +240.8 ± 250.1`.
    pub fn score(&mut self, t: &Standings) -> Result<(), SinkError> {
        let Some(first) = self.names.first() else {
            return Ok(());
        };
        let Some(b) = t.bots.iter().find(|b| &b.name == first) else {
            return Ok(());
        };
        let others: Vec<&str> = self.names[1..].iter().map(String::as_str).collect();
        let elo = b
            .elo
            .as_ref()
            .map_or_else(|| "Elo unknown (no game scored)".to_string(), score_elo);
        let line = format!(
            "score: {first} {}/{} ({:.1}%) against {}, {elo}",
            b.points,
            b.games,
            b.score.unwrap_or(0.0) * 100.0,
            others.join(", ")
        );
        // Names come from the command line: escaped like the game lines.
        eprintln!("{}", escape_control(&line));
        if let Some(block) = report::two_bot_report(t) {
            eprint_block(&block);
        }
        Ok(())
    }

    fn count(&mut self, rec: &GameRecord) {
        self.moves += rec.times_ms.len() as u64;
        // A game without a result counts as a draw here (as `match` always counted it).
        let (p1, p2) = rec.result.points().unwrap_or((0.5, 0.5));
        for (name, points) in [(&rec.white, p1), (&rec.black, p2)] {
            let Some(k) = self.names.iter().position(|n| n == name) else {
                continue;
            };
            let w = &mut self.wdl[k];
            match points {
                p if p > 0.5 => w.wins += 1,
                p if p < 0.5 => w.losses += 1,
                _ => w.draws += 1,
            }
        }
    }

    /// `final: a 1 wins 0 draws 1 losses; b 1 wins 0 draws 1 losses`.
    pub fn final_line(&self) -> String {
        let parts: Vec<String> = self
            .names
            .iter()
            .zip(&self.wdl)
            .map(|(n, w)| format!("{n} {} wins {} draws {} losses", w.wins, w.draws, w.losses))
            .collect();
        format!("final: {}", parts.join("; "))
    }

    /// Print the final line.
    pub fn finish(&mut self) -> Result<(), SinkError> {
        let line = self.final_line();
        self.say(&line)
    }

    fn say(&mut self, line: &str) -> Result<(), SinkError> {
        writeln!(self.out, "{line}")
            .and_then(|()| self.out.flush())
            .map_err(|e| SinkError::new("stdout", e))
    }
}

impl Sink for ConsoleLine<'_> {
    fn event(&mut self, event: &RunEvent<'_>) -> Result<(), SinkError> {
        if let RunEvent::NotPlayed { .. } = event {
            eprintln!("baraza: {}", super::describe(event));
        }
        let RunEvent::GameFinished { line, .. } = event else {
            return Ok(());
        };
        self.count(&line.record);
        self.say(&game_line(&line.record))?;
        if let RunEvent::GameFinished {
            done,
            scheduled,
            tally,
            ..
        } = event
        {
            if report::due(self.report_every, *done, *scheduled) {
                if let Some(block) = report::two_bot_report(&tally.standings()) {
                    eprint_block(&block);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo::{elo_pentanomial, elo_trinomial};

    #[test]
    fn the_pace_line_reads_in_seconds_minutes_or_hours() {
        use std::time::Duration;
        let ms = Duration::from_millis;
        assert_eq!(
            pace_line(200, ms(3_400)),
            "played 200 games in 3.4 s (58.8 games/s)"
        );
        assert_eq!(
            pace_line(1, ms(500)),
            "played 1 game in 0.5 s (2.0 games/s)"
        );
        assert_eq!(
            pace_line(100, ms(125_000)),
            "played 100 games in 2 min 05 s (0.8 games/s)"
        );
        assert_eq!(
            pace_line(7250, ms(3_725_000)),
            "played 7250 games in 1 h 02 min 05 s (1.9 games/s)"
        );
    }

    #[test]
    fn the_score_line_never_reads_plus_or_minus_zero() {
        let cases = [
            // 2 games, one pair WL: was `Elo +0.0 ± 0.0`.
            (
                elo_pentanomial([0, 0, 1, 0, 0]),
                "Elo +0.0, no interval (one game pair, no spread to measure)",
            ),
            // 4 games, two pairs WD: was `Elo +190.8 ± 0.0`.
            (
                elo_pentanomial([0, 0, 0, 2, 0]),
                "Elo +190.8, no interval (every game pair scored the same, no spread to measure)",
            ),
            (
                elo_trinomial(1, 0, 0),
                "Elo +inf (a perfect score), no interval (one game, no spread to measure)",
            ),
            // 3 wins, 1 loss: 0.75 ± 1.96·0.433/2 = [0.326, 1.174].
            (
                elo_trinomial(3, 0, 1),
                "Elo +190.8, 95% interval -126.4 to +inf (more games narrow it)",
            ),
            // 6 wins, 2 draws, 2 losses: [-33.4, +504.0], half-width 268.7.
            (elo_trinomial(6, 2, 2), "Elo +147.2 ± 268.7"),
        ];
        for (e, want) in cases {
            assert_eq!(score_elo(&e.unwrap()), want);
        }
    }
}
