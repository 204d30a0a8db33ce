//! `baraza league run`: finish the batch a killed run left, then plan and play batches until
//! the games asked for are played (`--games N`: one batch of N games, rounded up to whole
//! pairs) or the time is up (`--for DURATION`: batches of one pair per concurrent game, none
//! started after the time; the last may end after it). `--plan-only` writes the next batch
//! without playing it, for shards ([`super::shards`]).

use super::batch::{self, Batch, LogSoFar};
use super::batch_games::{check_programs, play, PlayChoices, Played, Target};
use super::entrants::Entrants;
use super::error::LeagueError;
use super::folder::{League, PGN_FILE};
use crate::tournament::log::reader::read_games_log;
use std::time::{Duration, Instant};

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
    /// The batch a killed run had left, finished first.
    pub finished: Option<u32>,
}

/// The league's entrants and log as they are now.
pub fn state(
    league: &League,
) -> Result<(Entrants, LogSoFar, Vec<crate::record::GameRecord>), LeagueError> {
    let entrants = Entrants::load(&league.dir)?;
    let log = read_games_log(&league.games_path())?;
    let so_far = LogSoFar::of(&log.games, &entrants);
    let records = log.games.into_iter().map(|g| g.record).collect();
    Ok((entrants, so_far, records))
}

/// Play `batch`'s remaining games into the league's log; its plan goes once it is done.
/// Returns the games it had left and the games played.
fn finish(
    league: &League,
    batch: &Batch,
    choices: &PlayChoices,
) -> Result<(usize, usize), LeagueError> {
    let (entrants, so_far, records) = state(league)?;
    let games = batch.remaining(&so_far, &entrants);
    let n = games.len();
    let Played { played, stopped } = if games.is_empty() {
        Played {
            played: 0,
            stopped: false,
        }
    } else {
        let target = Target {
            log: league.games_path(),
            pgn: league.dir.join(PGN_FILE),
            earlier: &records,
            dir: league.dir.clone(),
        };
        play(league, &entrants, games, &target, choices)?
    };
    if stopped {
        return Err(LeagueError::Stopped {
            played,
            batch: batch.batch,
            remaining: n,
            dir: league.dir.clone(),
        });
    }
    Batch::remove(&league.dir)?;
    Ok((n, played))
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
    let mut report = RunReport::default();
    if let Some(pending) = Batch::load(&league.dir)? {
        let (left, played) = finish(league, &pending, choices)?;
        // A batch whose remaining games all left with their versions played nothing.
        if left > 0 {
            report.finished = Some(pending.batch);
            report.batches.push((pending.batch, played));
            // `--games N` asked for one batch: the one that was left is it.
            if matches!(amount, Amount::Games(_)) {
                return Ok(report);
            }
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
            Amount::For(_) => concurrency,
        };
        let batch = plan_next(league, pairs)?;
        let (_, played) = finish(league, &batch, choices)?;
        report.batches.push((batch.batch, played));
        if matches!(amount, Amount::Games(_)) {
            break;
        }
    }
    Ok(report)
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
