//! A run of games assembled in one place. `match`, `tournament` and the league describe their
//! run to a [`RunBuilder`] (the bots' hosting, the records' tags, transcripts and stderr logs,
//! seats, crash policy, signals, the games log and the PGN file) and add their own sinks (a
//! console line, a progress display, a live page) when they play it. [`RunBuilder::build`]
//! checks every bot before it creates anything, then opens the outputs in one order.
//!
//! It sits above `tournament/` and `events/` rather than in `tournament/run/`: it opens the
//! games and PGN sinks, which live in `events/`, and `events/` imports `tournament/`.

use crate::bot::hosting::{HostOptions, HostingError};
use crate::events::jsonl::JsonlSink;
use crate::events::pgn::PgnSink;
use crate::events::{SinkError, Sinks};
use crate::record::GameRecord;
use crate::signals::SignalPolicy;
use crate::tournament::log::games_jsonl::{GamesWriter, LogError, LogStart};
use crate::tournament::log::match_header::MatchHeader;
use crate::tournament::plan::config::{OnCrash, RunOptions, TournamentConfig};
use crate::tournament::run::arena::{Arena, ArenaError, Ended};
use crate::tournament::run::crash::CrashPolicy;
use crate::tournament::run::resume::RunPlan;
use crate::tournament::run::seats::SeatPool;
use crate::tournament::run::setup::{Logs, SeedRule, SetupError, Setups};
use crate::tournament::run::stderr_slots::{SlotsError, StderrSlots};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A file that stops a run like a first Ctrl-C when it appears in the run's folder (for
/// wrappers that cannot send signals); looked for every second.
pub const STOP_FILE: &str = "stop";
/// How long running games may go on after the first Ctrl-C before they are aborted.
pub const INTERRUPT_GRACE: Duration = Duration::from_secs(30);

/// Where each bot's stderr and info lines go.
#[derive(Clone, Debug)]
enum StderrTo {
    Nowhere,
    /// `match --logs DIR`: a file per game and bot.
    PerGame(PathBuf),
    /// `DIR/stderr/<bot>.log` and `DIR/info/<bot>.log` (tournament, league).
    Slots(PathBuf),
}

/// What becomes of each finished game's line.
#[derive(Clone, Debug)]
enum GamesTo {
    Nowhere,
    /// The run's games.jsonl (its header first), created, appended to or extended as the
    /// run's plan says.
    Log,
    /// `match --jsonl FILE`: the match's header, then one record a line, appended.
    Records(PathBuf, Box<MatchHeader>),
}

/// What becomes of each finished game in PGN.
#[derive(Clone, Debug)]
enum PgnTo {
    Nowhere,
    /// Rewritten from the games already played (so it agrees with games.jsonl after a kill),
    /// then appended to.
    Rewrite(PathBuf),
    /// Appended to (`match --pgn FILE`).
    Append(PathBuf),
}

/// A transcript folder, the bots (by index) that get one, and whether both sides of a game
/// go in one file.
#[derive(Clone, Debug)]
struct Transcripts {
    dir: PathBuf,
    bots: Vec<bool>,
    combined: bool,
}

/// What a run is made of, before anything is checked or created.
pub struct RunBuilder<'a> {
    config: &'a TournamentConfig,
    hosting: HostOptions,
    hidden: Vec<PathBuf>,
    grace: Duration,
    seeds: SeedRule,
    event: String,
    site: String,
    affinity: bool,
    transcripts: Option<Transcripts>,
    stderr: StderrTo,
    reuse: bool,
    exits_noted: Option<Vec<String>>,
    crash: CrashPolicy,
    signals: SignalPolicy,
    concurrency: usize,
    games: GamesTo,
    pgn: PgnTo,
}

/// A run's outputs or bots that cannot be had: nothing is played.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Hosting(#[from] HostingError),
    #[error("cannot create transcript directory {}: {error}", dir.display())]
    TranscriptDir { dir: PathBuf, error: std::io::Error },
    #[error("cannot create log directory {}: {error}", dir.display())]
    LogDir { dir: PathBuf, error: std::io::Error },
    #[error("cannot open {} for appending: {error}", path.display())]
    Append {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error(transparent)]
    GamesLog(#[from] LogError),
    #[error(transparent)]
    Pgn(#[from] SinkError),
    #[error(transparent)]
    Slots(#[from] SlotsError),
}

impl<'a> RunBuilder<'a> {
    /// A run of `config`'s bots with the defaults of a two-bot match: no outputs, processes
    /// kept from game to game, a crash forfeits its game, Ctrl-C drops the games in play.
    pub fn new(config: &'a TournamentConfig, grace: Duration, seeds: SeedRule) -> Self {
        RunBuilder {
            config,
            hosting: HostOptions::default(),
            hidden: Vec::new(),
            grace,
            seeds,
            event: "?".to_string(),
            site: "?".to_string(),
            affinity: false,
            transcripts: None,
            stderr: StderrTo::Nowhere,
            reuse: true,
            exits_noted: None,
            crash: CrashPolicy::new(OnCrash::Forfeit),
            signals: SignalPolicy {
                grace: None,
                stop_file: None,
            },
            concurrency: 1,
            games: GamesTo::Nowhere,
            pgn: PgnTo::Nowhere,
        }
    }

    /// A run as an event's options say (tournament, league): its tags, transcripts,
    /// concurrency, seats and crash policy; `event` when it names none. A first Ctrl-C lets
    /// the games in play finish for [`INTERRUPT_GRACE`].
    pub fn from_run(config: &'a TournamentConfig, run: &RunOptions, event: &str) -> Self {
        let mut b = RunBuilder::new(
            config,
            Duration::from_millis(run.grace_ms),
            SeedRule::BySide,
        )
        .event(run.event.as_deref().unwrap_or(event))
        .site(run.site.as_deref().unwrap_or("?"))
        .affinity(run.affinity)
        .seats(run.reuse, None)
        .crash(CrashPolicy::new(run.on_crash))
        .concurrency(run.concurrency);
        b.signals.grace = Some(INTERRUPT_GRACE);
        if let Some(dir) = &run.transcript {
            b = b.transcripts(dir, run.transcript_bots.clone(), run.combined_transcript);
        }
        b
    }

    /// The command line's hosting options (each bot's own event-file settings go on top);
    /// `hidden`: the run's outputs, kept from the bots' sight under `--sandbox`.
    pub fn hosting(mut self, hosting: HostOptions, hidden: Vec<PathBuf>) -> Self {
        self.hosting = hosting;
        self.hidden = hidden;
        self
    }

    /// The `Event` tag of every record.
    pub fn event(mut self, event: &str) -> Self {
        self.event = event.to_string();
        self
    }

    /// The `Site` tag of every record.
    pub fn site(mut self, site: &str) -> Self {
        self.site = site.to_string();
        self
    }

    /// `--affinity`: a game's bots pinned to its slot's core.
    pub fn affinity(mut self, on: bool) -> Self {
        self.affinity = on;
        self
    }

    /// A protocol transcript of every game of the bots `bots` marks (by index) in `dir`, both
    /// sides in one file with `combined`.
    pub fn transcripts(mut self, dir: &Path, bots: Vec<bool>, combined: bool) -> Self {
        self.transcripts = Some(Transcripts {
            dir: dir.to_path_buf(),
            bots,
            combined,
        });
        self
    }

    /// `match --logs DIR`: each game's stderr and info lines in files of their own.
    pub fn logs_per_game(mut self, dir: &Path) -> Self {
        self.stderr = StderrTo::PerGame(dir.to_path_buf());
        self
    }

    /// The bots' stderr and info lines in `dir/stderr/` and `dir/info/`, a file per bot; and
    /// `dir/stop` stops the run like a first Ctrl-C.
    pub fn run_folder(mut self, dir: &Path) -> Self {
        self.stderr = StderrTo::Slots(dir.to_path_buf());
        self.signals.stop_file = Some(dir.join(STOP_FILE));
        self
    }

    /// Whether a bot's process plays its next game too; with `names`, an exit between games
    /// is noted under the bot's name (`match`).
    pub fn seats(mut self, reuse: bool, names: Option<Vec<String>>) -> Self {
        self.reuse = reuse;
        self.exits_noted = names;
        self
    }

    pub fn crash(mut self, policy: CrashPolicy) -> Self {
        self.crash = policy;
        self
    }

    /// At most `n` games at a time.
    pub fn concurrency(mut self, n: usize) -> Self {
        self.concurrency = n;
        self
    }

    /// The run's games.jsonl: at the run plan's path, as its start says.
    pub fn games_log(mut self) -> Self {
        self.games = GamesTo::Log;
        self
    }

    /// `header`, then every game's record appended to `path`, one JSON line each.
    pub fn records_to(mut self, path: &Path, header: MatchHeader) -> Self {
        self.games = GamesTo::Records(path.to_path_buf(), Box::new(header));
        self
    }

    /// `path` rewritten from the games already played, then each game appended.
    pub fn pgn_rewritten(mut self, path: &Path) -> Self {
        self.pgn = PgnTo::Rewrite(path.to_path_buf());
        self
    }

    /// Each game appended to `path` in PGN.
    pub fn pgn_appended(mut self, path: &Path) -> Self {
        self.pgn = PgnTo::Append(path.to_path_buf());
        self
    }

    /// Check every bot's program and hosting, then open the outputs ([`Checked::open`]).
    pub fn build<'g>(
        self,
        plan: &RunPlan,
        earlier: impl IntoIterator<Item = &'g GameRecord>,
    ) -> Result<Run<'a>, BuildError> {
        self.check()?.open(plan, earlier)
    }

    /// Check every bot's program and hosting; nothing is created yet, so a command can still
    /// refuse an output of its own (a live page) before the run's are made.
    pub fn check(self) -> Result<Checked<'a>, BuildError> {
        let hosts = self
            .hosting
            .bot_hosts(self.config.bot_hostings(), &self.hidden)?;
        let setups = Setups::new(self.config, self.grace, self.seeds, &self.event)?
            .with_site(&self.site)
            .with_hosts(hosts, self.affinity)?;
        Ok(Checked { setups, rest: self })
    }
}

/// A run whose bots have been checked, its outputs not yet made.
pub struct Checked<'a> {
    setups: Setups<'a>,
    rest: RunBuilder<'a>,
}

impl<'a> Checked<'a> {
    /// Open the outputs: transcripts and logs folders, the games log for `plan`, the PGN
    /// file (rewritten from `earlier` when asked), the stderr logs.
    pub fn open<'g>(
        self,
        plan: &RunPlan,
        earlier: impl IntoIterator<Item = &'g GameRecord>,
    ) -> Result<Run<'a>, BuildError> {
        let (mut setups, b) = (self.setups, self.rest);
        if let Some(t) = b.transcripts {
            create_dir(&t.dir, |dir, error| BuildError::TranscriptDir {
                dir,
                error,
            })?;
            setups = setups
                .with_transcripts(t.dir, t.bots)
                .with_combined_transcripts(t.combined);
        }
        let games = match b.games {
            GamesTo::Nowhere => None,
            GamesTo::Log => Some(JsonlSink::GamesLog(match plan.start {
                LogStart::Create => GamesWriter::create(&plan.path, &plan.header)?,
                LogStart::Append => GamesWriter::append(&plan.path)?,
                LogStart::Extend => GamesWriter::extend(&plan.path, &plan.header)?,
            })),
            GamesTo::Records(path, header) => {
                Some(JsonlSink::records(&path, &header).map_err(append(&path))?)
            }
        };
        let pgn = match b.pgn {
            PgnTo::Nowhere => None,
            PgnTo::Rewrite(path) => Some(PgnSink::rewrite(&path, earlier)?),
            PgnTo::Append(path) => Some(PgnSink::append(&path).map_err(append(&path))?),
        };
        let logs = match b.stderr {
            StderrTo::Nowhere => Logs::Discard,
            StderrTo::PerGame(dir) => {
                create_dir(&dir, |dir, error| BuildError::LogDir { dir, error })?;
                Logs::PerGame(dir)
            }
            StderrTo::Slots(dir) => Logs::Slots(StderrSlots::new(&dir)?),
        };
        let players = b.config.bots.len();
        Ok(Run {
            config: b.config,
            arena: Arena {
                setups: setups.with_logs(logs),
                seats: SeatPool::new(players, b.reuse, b.exits_noted),
                crash: b.crash,
            },
            games,
            pgn,
            signals: b.signals,
            concurrency: b.concurrency,
        })
    }
}

fn create_dir(
    dir: &Path,
    error: impl FnOnce(PathBuf, std::io::Error) -> BuildError,
) -> Result<(), BuildError> {
    std::fs::create_dir_all(dir).map_err(|e| error(dir.to_path_buf(), e))
}

fn append(path: &Path) -> impl FnOnce(std::io::Error) -> BuildError + '_ {
    move |error| BuildError::Append {
        path: path.to_path_buf(),
        error,
    }
}

/// A run ready to play: its arena (setups, seats, crash policy) and its own outputs.
pub struct Run<'a> {
    config: &'a TournamentConfig,
    pub arena: Arena<'a>,
    games: Option<JsonlSink>,
    pgn: Option<PgnSink>,
    signals: SignalPolicy,
    concurrency: usize,
}

impl<'s> Run<'_> {
    /// Play `plan`: every game to the run's own outputs (games log first, then PGN), then to
    /// `sinks`, the caller's.
    pub fn play(&'s mut self, plan: RunPlan, sinks: Sinks<'s>) -> Result<Ended, ArenaError> {
        let mut all = Sinks::new()
            .with_some(self.games.as_mut())
            .with_some(self.pgn.as_mut());
        all.extend(sinks);
        let signals = self.signals.clone();
        self.arena
            .run(self.config, self.concurrency, plan, &mut all, signals)
    }
}
