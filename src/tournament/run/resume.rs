//! The plan of a run into a games.jsonl: which games of the schedule are still to play, how
//! the log is to be written, and the table of the games already there (resume).

use crate::tournament::log::games_jsonl::*;
use crate::tournament::log::host_state::HostState;
use crate::tournament::log::reader::parse_games_log;
use crate::tournament::plan::config::TournamentConfig;
use crate::tournament::plan::schedule::{schedule, ScheduledGame};
use crate::tournament::plan::shard::{self, Shard};
use crate::tournament::run::roster;
use crate::tournament::table::results::Tally;
use crate::tournament::table::table_view::TableView;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

/// What a run must do: the runner plays `to_play` and writes each finished game's line.
#[derive(Debug)]
pub struct RunPlan {
    pub path: PathBuf,
    /// Its `scheduled_games` is the schedule's length.
    pub header: Header,
    /// Lines already in the log for games of this schedule (resume).
    pub done: Vec<GameLine>,
    pub to_play: Vec<ScheduledGame>,
    pub start: LogStart,
    /// A torn last line that [`GamesWriter::append`] will cut off.
    pub torn_line: Option<usize>,
    /// The table of `done`, with the run's SPRT parameters whatever an earlier run's header
    /// says: the runner counts on from it, and the progress shows it first.
    pub tally: Tally,
    /// The replaced bots' versions, recorded in each of their games' lines.
    pub versions: BTreeMap<String, u32>,
    /// The event as it is played when the log's host lines replaced a bot (its latest
    /// command); `None`: the caller's, as given.
    pub play_config: Option<TournamentConfig>,
    /// No game is started after this (`league run --for`); the games left are the next
    /// run's.
    pub start_until: Option<std::time::Instant>,
}

impl RunPlan {
    /// The games the log holds once the plan is played: those in it and those to play. Less
    /// than the schedule when a withdrawn bot's games are not to be played.
    pub fn games_expected(&self) -> usize {
        self.done.len() + self.to_play.len()
    }

    /// The plan of `to_play` into a new log under `header` (nothing done yet).
    pub fn create(path: PathBuf, header: Header, to_play: Vec<ScheduledGame>) -> RunPlan {
        RunPlan {
            path,
            tally: Tally::new(&header),
            header,
            done: vec![],
            to_play,
            start: LogStart::Create,
            torn_line: None,
            versions: BTreeMap::new(),
            play_config: None,
            start_until: None,
        }
    }
}

/// Plan a run into `out_dir`: recompute the schedule, read an existing games.jsonl, refuse a
/// foreign one, and list the games still to play. Reads only; writes nothing.
///
/// - no games.jsonl (or one without a complete header): play everything, create the file;
/// - one with a header and `resume == false`: refused, naming `--resume`;
/// - `resume == true`: refused when the config hash differs ([`ResumeRefused`]); otherwise
///   the missing games are played and appended.
pub fn plan_run(
    config: &TournamentConfig,
    out_dir: &Path,
    resume: bool,
) -> Result<RunPlan, LogError> {
    let games = schedule(config).map_err(LogError::Schedule)?;
    plan_shard_run(config, games, out_dir, resume, None)
}

/// [`plan_run`] for one shard of the event (`None`: the whole event), given `config`'s whole
/// schedule (made once, by the caller; made again here only for an event that grew, or that
/// the log's growth changes). A log is resumed only as the share it was started for, and with
/// [`crate::tournament::plan::grow::resume_config`]: the same event, or one that grew.
pub fn plan_shard_run(
    config: &TournamentConfig,
    all: Vec<ScheduledGame>,
    out_dir: &Path,
    resume: bool,
    shard: Option<Shard>,
) -> Result<RunPlan, LogError> {
    let share = |all: Vec<ScheduledGame>| match shard {
        Some(s) => s.games(all),
        None => all,
    };
    let path = out_dir.join(GAMES_FILE);
    let existing = match std::fs::read_to_string(&path) {
        Ok(text) => parse_games_log(&text, &path.display().to_string())?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io_error("read", &path)(e)),
    };
    let Some(log) = existing else {
        let games = share(all);
        let header = Header {
            shard,
            programs: roster::all_programs(config),
            ..Header::new(config, games.len() as u64)
        };
        return Ok(RunPlan::create(path, header, games));
    };
    if !resume {
        return Err(LogError::AlreadyHeld {
            path,
            games: log.games.len(),
        });
    }
    if log.header.shard != shard {
        return Err(LogError::OtherShard {
            path,
            held: shard::describe(log.header.shard),
            asked: shard::describe(shard),
            flag: match log.header.shard {
                Some(s) => format!("--shard {s}"),
                None => "no --shard".to_string(),
            },
        });
    }
    let host = &log.host;
    // The log's own words: a refusal of its host lines or recorded digests.
    let (played, hashed) = roster::under_host_lines(config, &log.header, host, &path)
        .map_err(|e| LogError::Refused(e.to_string()))?;
    let (resumed, grown) = crate::tournament::plan::grow::resume_config(
        &log.header.event,
        &log.header.config_hash,
        &hashed,
    )
    .map_err(|refused| {
        let short = |h: &str| h.chars().take(16).collect::<String>();
        ResumeRefused {
            path: path.display().to_string(),
            file_hash: short(&log.header.config_hash),
            now_hash: short(&refused.now_hash),
            differs: refused.differs.join("; "),
        }
    })?;
    let games = share(if resumed.hash() == hashed.hash() {
        all
    } else {
        schedule(&resumed).map_err(LogError::Schedule)?
    });
    let ids: HashSet<&str> = games.iter().map(|g| g.game_id.as_str()).collect();
    let done: Vec<GameLine> = log
        .games
        .into_iter()
        .filter(|g| ids.contains(g.game_id.as_str()))
        .collect();
    // The count of the schedule recomputed now (the same as the file's for the same
    // configuration); a grown event's header describes the event as it is now.
    let header = Header {
        scheduled_games: games.len() as u64,
        config_hash: resumed.hash(),
        event: resumed.canonical(),
        // Bots added as the event grew get their digests in the header written now.
        programs: roster::with_new_bots(&log.header.programs, &played),
        ..log.header
    };
    let tally = tally_of(config, &header, host, &done);
    // A withdrawn bot's games without a line are not played.
    let mut to_play = missing_games(&games, &done);
    to_play.retain(|g| host.plays(&g.white_name, &g.black_name));
    Ok(RunPlan {
        path,
        to_play,
        header,
        tally,
        done,
        start: [LogStart::Append, LogStart::Extend][usize::from(grown)],
        versions: roster::versions(host),
        play_config: (!roster::versions(host).is_empty()).then_some(played),
        torn_line: log.torn_line,
        start_until: None,
    })
}

/// The table of the games already in the log, as its host lines say, with the run's SPRT.
fn tally_of(
    config: &TournamentConfig,
    header: &Header,
    host: &HostState,
    done: &[GameLine],
) -> Tally {
    let mut tally = Tally::new(&Header {
        sprt: config.sprt,
        ..header.clone()
    });
    let view = TableView::of(host);
    tally.hide_all(view.hidden_bots(header));
    for g in done {
        tally.add_viewed(&view, g.pair, &g.versions, &g.record);
    }
    tally
}
