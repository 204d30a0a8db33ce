//! `baraza league run`: finish the batch an earlier run left, then plan and play batches until
//! the games asked for are played (`--games N`: one batch of N games, rounded up to whole
//! pairs) or the time is up (`--for DURATION`: batches of `FOR_BATCH_ROUNDS` pairs per
//! concurrent game; no game starts after the time, and what a batch has left then is the
//! next run's, played first). `--plan-only` writes the next batch
//! without playing it, for shards ([`super::shards`]).

use super::batch::{self, Batch, LogSoFar};
use super::batch_games::{check_programs, play, remove_stop_file, PlayChoices, Played, Target};
use super::entrants::Entrants;
use super::error::LeagueError;
use super::folder::{League, PGN_FILE};
use super::log_index::LogIndex;
use super::pgn_in_step::pgn_in_step;
use crate::tournament::plan::program_digest::keep_digests_in;
use std::time::{Duration, Instant};

/// The programs' digests kept between runs, so that a run from cron hashes only the programs
/// changed since the last.
pub const DIGESTS_FILE: &str = "program-digests.json";

/// How much a run plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amount {
    Games(u64),
    For(Duration),
}

/// What a run did: each batch's number and the games played of it.
#[derive(Clone, Debug, Default)]
pub struct RunReport {
    pub batches: Vec<(u32, usize)>,
    /// The batch an earlier run had left, finished first.
    pub finished: Option<u32>,
    /// A batch whose games were not all started when the time was up: its number and the
    /// games it has left, the next run's first.
    pub left_for_next: Option<(u32, usize)>,
    /// Asked to stop (Ctrl-C, the stop file) after a batch's last game had started: that
    /// batch was finished, and no other started.
    pub stopped: bool,
}

/// Under `--for`, a batch is this many rounds of one pair per concurrent game: the slots
/// stay busy but for the last games of each batch, and matchmaking still sees results often.
const FOR_BATCH_ROUNDS: usize = 4;

/// The league's entrants and log as they are now, and the log's index.
pub fn state(league: &League) -> Result<(Entrants, LogSoFar, LogIndex), LeagueError> {
    keep_digests_in(&league.dir.join(DIGESTS_FILE));
    let entrants = Entrants::load(&league.dir)?;
    let index = LogIndex::current(&league.dir)?;
    let so_far = LogSoFar::of(&index, &entrants);
    Ok((entrants, so_far, index))
}

/// What became of a batch a run played.
struct BatchEnd {
    /// The games it had left, and those played of them.
    left: usize,
    played: usize,
    /// The run is to play no more: asked to stop once every game was played, or its time
    /// was up first (then the rest of the batch is the next run's).
    stop: bool,
}

/// Play `batch`'s remaining games into the league's log; its plan goes once it is done.
fn finish(league: &League, batch: &Batch, choices: &PlayChoices) -> Result<BatchEnd, LeagueError> {
    let (entrants, so_far, index) = state(league)?;
    let games = batch.remaining(&so_far, &entrants);
    let left = games.len();
    let Played {
        played,
        stopped,
        time_up,
        host_faults,
    } = if games.is_empty() {
        Played {
            played: 0,
            stopped: false,
            time_up: false,
            host_faults: None,
        }
    } else {
        let pgn = league.dir.join(PGN_FILE);
        pgn_in_step(&league.dir, &index, &pgn)?;
        let target = Target {
            log: league.games_path(),
            pgn,
            earlier: None,
            dir: league.dir.clone(),
        };
        play(league, &entrants, games, &target, choices)?
    };
    if let Some(why) = host_faults {
        return Err(LeagueError::HostFaults {
            why,
            played,
            batch: batch.batch,
            remaining: left,
            dir: league.dir.clone(),
        });
    }
    if played < left && !time_up {
        return Err(LeagueError::Stopped {
            played,
            batch: batch.batch,
            remaining: left,
            dir: league.dir.clone(),
        });
    }
    if played == left {
        Batch::remove(&league.dir)?;
    }
    Ok(BatchEnd {
        left,
        played,
        stop: stopped || time_up,
    })
}

/// The next batch of `pairs` pairs, planned from the log and written down.
pub fn plan_next(league: &League, pairs: usize) -> Result<Batch, LeagueError> {
    if let Some(b) = Batch::load(&league.dir)? {
        return Err(LeagueError::Unfinished {
            batch: b.batch,
            dir: league.dir.clone(),
        });
    }
    let (entrants, so_far, _) = state(league)?;
    let active = entrants.active().len();
    if active < 2 {
        return Err(LeagueError::TooFewVersions {
            active,
            dir: league.dir.clone(),
        });
    }
    // A program rebuilt in place is refused before anything is planned for it.
    let active: Vec<_> = entrants
        .active()
        .into_iter()
        .map(|i| &entrants.versions[i])
        .collect();
    check_programs(&active)?;
    let batch = batch::plan(league, &entrants, &so_far, pairs)?;
    batch.save(&league.dir)?;
    Ok(batch)
}

/// Run the league for `amount`.
pub fn run(
    league: &League,
    amount: Amount,
    choices: &PlayChoices,
) -> Result<RunReport, LeagueError> {
    let started = Instant::now();
    remove_stop_file(&league.dir)?;
    let choices = &PlayChoices {
        start_until: match amount {
            Amount::For(limit) => Some(started + limit),
            Amount::Games(_) => None,
        },
        ..choices.clone()
    };
    let mut report = RunReport::default();
    if let Some(pending) = Batch::load(&league.dir)? {
        let end = finish(league, &pending, choices)?;
        // A batch whose remaining games all left with their versions played nothing.
        if end.left > 0 {
            report.finished = Some(pending.batch);
            report.batches.push((pending.batch, end.played));
        }
        report.note_end(pending.batch, &end);
        // `--games N` asked for one batch: the one that was left is it.
        if end.stop || (end.left > 0 && matches!(amount, Amount::Games(_))) {
            return Ok(report);
        }
    }
    let concurrency = choices
        .concurrency
        .or(league.inputs.concurrency)
        .unwrap_or(choices.cores)
        .max(1);
    loop {
        let pairs = match amount {
            Amount::Games(n) => n.div_ceil(2) as usize,
            Amount::For(limit) if started.elapsed() >= limit => break,
            Amount::For(_) => FOR_BATCH_ROUNDS * concurrency,
        };
        let batch = plan_next(league, pairs)?;
        let end = finish(league, &batch, choices)?;
        report.batches.push((batch.batch, end.played));
        report.note_end(batch.batch, &end);
        if end.stop || matches!(amount, Amount::Games(_)) {
            break;
        }
    }
    Ok(report)
}

impl RunReport {
    fn note_end(&mut self, batch: u32, end: &BatchEnd) {
        if end.played < end.left {
            self.left_for_next = Some((batch, end.left - end.played));
        } else if end.stop {
            self.stopped = true;
        }
    }
}

/// A `--for` value that is no duration of a run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    #[error("'{0}': expected a duration such as 90s, 30m, 2h or 1d")]
    NotADuration(String),
    #[error("'{0}': a run needs some time")]
    Zero(String),
}

/// `--for` values: `90s`, `30m`, `2h`, `1d`, or plain seconds.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let t = text.trim();
    let (digits, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let not_a_duration = || DurationError::NotADuration(text.to_string());
    let n: u64 = digits.parse().map_err(|_| not_a_duration())?;
    let secs = match unit {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(not_a_duration()),
    };
    if n == 0 {
        return Err(DurationError::Zero(text.to_string()));
    }
    Ok(Duration::from_secs(n * secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_their_unit() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("30m"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
        assert_eq!(parse_duration("1d"), Ok(Duration::from_secs(86_400)));
        for bad in ["", "m", "3x", "0s", "-1s", "1.5h"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
