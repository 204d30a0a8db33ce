//! A scheduled game as the referee's [`GameSetup`]: the bots of the event as the referee runs
//! them (command, clock, start-up deadline), the game's start, its seeds, where each side's
//! stderr and info lines go.

use super::stderr_slots::{Slot, StderrSlots};
use crate::bot::spec::{file_safe, BotSpec, BotSpecError};
use crate::bot::{StderrSink, STDERR_CAP};
use crate::clock::{TcError, TimeControl};
use crate::game::{Position, PositionError};
use crate::referee::{GameSetup, PlayerSetup};
use crate::tournament::plan::config::{Limits, TournamentConfig};
use crate::tournament::plan::schedule::ScheduledGame;
use std::cell::RefCell;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("bot '{bot}': {error}")]
    TimeControl { bot: String, error: TcError },
    /// The bot's command cannot be run (as [`BotSpec`] says).
    #[error(transparent)]
    Bot(#[from] BotSpecError),
    #[error("bot '{bot}': {error}")]
    Sandbox {
        bot: String,
        error: Box<crate::bot::sandbox::SpecialFile>,
    },
    #[error("the start position of game {game_id}: {error}")]
    Start {
        game_id: String,
        error: PositionError,
    },
}

/// Which seed a built-in bot gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedRule {
    /// Player 1 the game's seed, player 2 the seed + 1 (`tournament`).
    BySide,
    /// Bot `k` (0 or 1) of game `g`: the seed + 2(g - 1) + k, whichever side it plays
    /// (`match`, as documented there).
    ByBot,
}

/// Where the bots' stderr and info lines go.
pub enum Logs {
    /// Neither is kept.
    Discard,
    /// `tournament`: stderr and info lines to the game's slot files, then to
    /// `DIR/stderr/<bot>.log` and `DIR/info/<bot>.log`.
    Slots(StderrSlots),
    /// `match --logs DIR`: `DIR/g<game>-p<side>-<bot>.stderr` and `.info`.
    PerGame(PathBuf),
}

/// What every game of the event needs: the bots as the referee runs them.
pub struct Setups<'a> {
    config: &'a TournamentConfig,
    specs: Vec<BotSpec>,
    tcs: Vec<TimeControl>,
    startup: Vec<Duration>,
    pub grace: Duration,
    max_plies: Option<u64>,
    pub logs: Logs,
    seeds: SeedRule,
    /// The `Event` tag of the records.
    event: String,
    /// The `Site` tag of the records.
    site: String,
    /// Where the transcripts go, and which bots (by index) get one.
    transcripts: Option<(PathBuf, Vec<bool>)>,
    /// `--combined`: one transcript of both sides per game, `g<game>.transcript`.
    combined: bool,
    /// The last start position parsed (the games of a round share their start).
    start: RefCell<Option<(String, Box<dyn Position>)>>,
    /// Each bot's hosting (limits, environment, sandbox), by bot index; default when empty.
    hosts: Vec<crate::bot::SpawnOptions>,
    /// `--affinity`: a game's bots are pinned to its slot's core.
    affinity: bool,
    /// Bytes of [`Logs::PerGame`] files written for each bot so far (see [`LOGS_BOT_CAP`]).
    logged: RefCell<Vec<u64>>,
}

/// Cap of one bot's `match --logs` files for a whole match (each file is capped per game):
/// over it, its later games are not logged.
pub const LOGS_BOT_CAP: u64 = 16 << 20;

fn time_control(l: &Limits) -> Result<TimeControl, TcError> {
    let tc = TimeControl::from_options(l.tc.as_ref(), l.movetime_ms, l.margin_ms)?;
    Ok(TimeControl {
        nodes: l.nodes,
        depth: l.depth,
        ..tc
    })
}

impl<'a> Setups<'a> {
    /// Checks every bot's program: call before anything is created for the run.
    pub fn new(
        config: &'a TournamentConfig,
        grace: Duration,
        seeds: SeedRule,
        event: &str,
    ) -> Result<Setups<'a>, SetupError> {
        let mut specs = Vec::new();
        let mut tcs = Vec::new();
        let mut startup = Vec::new();
        for b in &config.bots {
            // Read when the event was resolved; only its program is looked for now.
            specs.push(b.spec()?.preflight(&b.which())?.0);
            tcs.push(
                time_control(&b.limits).map_err(|error| SetupError::TimeControl {
                    bot: b.name.clone(),
                    error,
                })?,
            );
            startup.push(Duration::from_millis(b.limits.startup_timeout_ms));
        }
        Ok(Setups {
            config,
            specs,
            tcs,
            startup,
            grace,
            max_plies: config
                .max_plies
                .or(crate::games::find(&config.ruleset).and_then(|r| r.default_max_plies)),
            logs: Logs::Discard,
            seeds,
            event: event.to_string(),
            site: "?".to_string(),
            transcripts: None,
            combined: false,
            start: RefCell::new(None),
            hosts: Vec::new(),
            affinity: false,
            logged: RefCell::new(vec![0; config.bots.len()]),
        })
    }

    /// Each bot's hosting options (by bot index) and whether `--affinity` pins a game's bots;
    /// a sandboxed bot whose command would hand it a host socket, FIFO or device is refused.
    pub fn with_hosts(
        mut self,
        hosts: Vec<crate::bot::SpawnOptions>,
        affinity: bool,
    ) -> Result<Self, SetupError> {
        for (i, (h, spec)) in hosts.iter().zip(&self.specs).enumerate() {
            if !h.sandbox || spec.is_builtin() {
                continue;
            }
            let argv = spec.argv(&self.config.ruleset, 0)?;
            crate::bot::sandbox::refuse_special_files(&argv, &h.sandbox_read).map_err(|error| {
                SetupError::Sandbox {
                    bot: self.config.bots[i].name.clone(),
                    error: Box::new(error),
                }
            })?;
        }
        self.hosts = hosts;
        self.affinity = affinity;
        Ok(self)
    }

    pub fn with_logs(mut self, logs: Logs) -> Self {
        self.logs = logs;
        self
    }

    /// The `Site` tag of every game.
    pub fn with_site(mut self, site: &str) -> Self {
        self.site = site.to_string();
        self
    }

    /// A protocol transcript of every game in `dir` for the bots `which` says (by index):
    /// `g<game>-p<side>-<bot>.transcript`.
    pub fn with_transcripts(mut self, dir: PathBuf, which: Vec<bool>) -> Self {
        self.transcripts = Some((dir, which));
        self
    }

    /// A tournament's transcripts in `dir`: for the bots `run` names, combined when it says so.
    pub fn with_run_transcripts(
        self,
        dir: PathBuf,
        run: &crate::tournament::plan::config::RunOptions,
    ) -> Self {
        self.with_transcripts(dir, run.transcript_bots.clone())
            .with_combined_transcripts(run.combined_transcript)
    }

    /// With `combined`, one transcript per game of both sides, `g<game>.transcript`, for
    /// every game one of whose bots gets a transcript.
    pub fn with_combined_transcripts(mut self, combined: bool) -> Self {
        self.combined = combined;
        self
    }

    /// A stderr slot for a game about to start (`None` unless [`Logs::Slots`]).
    pub fn slot(&self) -> Option<Slot<'_>> {
        match &self.logs {
            Logs::Slots(s) => Some(s.slot()),
            _ => None,
        }
    }

    /// After the game: its stderr into the bots' logs.
    pub fn collect(&self, slot: Option<&Slot<'_>>, game: &ScheduledGame) {
        match (&self.logs, slot) {
            (Logs::Slots(s), Some(slot)) => s.collect(slot, game),
            (Logs::PerGame(dir), _) => {
                let mut logged = self.logged.borrow_mut();
                for (side, bot, name) in [
                    (1, game.white, &game.white_name),
                    (2, game.black, &game.black_name),
                ] {
                    let before = logged[bot];
                    for ext in ["stderr", "info"] {
                        let f =
                            dir.join(format!("g{}-p{side}-{}.{ext}", game.game, file_safe(name)));
                        logged[bot] += std::fs::metadata(f).map_or(0, |m| m.len());
                    }
                    if before < LOGS_BOT_CAP && logged[bot] >= LOGS_BOT_CAP {
                        eprintln!(
                            "note: {name}'s logs reached {} MiB: its later games' stderr and info \
                             lines are not written",
                            LOGS_BOT_CAP >> 20
                        );
                    }
                }
            }
            _ => {}
        }
    }

    fn start(&self, game: &ScheduledGame) -> Result<Box<dyn Position>, SetupError> {
        let mut last = self.start.borrow_mut();
        match last.as_ref() {
            Some((text, pos)) if *text == game.start => Ok(pos.clone()),
            _ => {
                let pos = crate::games::parse_position(&game.start).map_err(|error| {
                    SetupError::Start {
                        game_id: game.game_id.clone(),
                        error,
                    }
                })?;
                *last = Some((game.start.clone(), pos.clone()));
                Ok(pos)
            }
        }
    }

    /// The seed of the built-in bot at `side` (1 or 2), bot index `bot`.
    fn bot_seed(&self, game: &ScheduledGame, side: usize, bot: usize) -> u64 {
        match self.seeds {
            SeedRule::BySide => game.seed.wrapping_add(side as u64 - 1),
            SeedRule::ByBot => game
                .seed
                .wrapping_add(2 * (game.game - 1))
                .wrapping_add(bot as u64),
        }
    }

    /// The referee's setup of a scheduled game.
    pub fn setup(
        &self,
        game: &ScheduledGame,
        slot: Option<&Slot<'_>>,
    ) -> Result<GameSetup, SetupError> {
        let start = self.start(game)?;
        let player = |side: usize, bot: usize| {
            let name = &self.config.bots[bot].name;
            let (stderr, info) = match (&self.logs, slot) {
                (Logs::Slots(s), Some(slot)) => (s.sink(slot, side), Some(s.info_file(slot, side))),
                (Logs::PerGame(_), _) if self.logged.borrow()[bot] >= LOGS_BOT_CAP => {
                    (StderrSink::Discard, None)
                }
                (Logs::PerGame(dir), _) => {
                    let log = |ext: &str| {
                        dir.join(format!("g{}-p{side}-{}.{ext}", game.game, file_safe(name)))
                    };
                    let stderr = StderrSink::File {
                        path: log("stderr"),
                        cap: STDERR_CAP,
                    };
                    (stderr, Some(log("info")))
                }
                _ => (StderrSink::Discard, None),
            };
            let seed = self.bot_seed(game, side, bot);
            let ruleset = &self.config.ruleset;
            let mut p = PlayerSetup::for_bot(&self.specs[bot], name, ruleset, seed, stderr, info)
                .map_err(SetupError::Bot)?;
            if let Some(h) = self.hosts.get(bot) {
                p.spawn = h.clone();
            }
            if p.spawn.send_seed {
                // Opted in (`--send-seed`): told the game's seed as a built-in bot is.
                p.seed = Some(seed);
            }
            if self.affinity {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                p.spawn.cpus = Some(vec![slot.map_or(0, |s| s.number()) % cores]);
            }
            if let Some((dir, which)) = &self.transcripts {
                let asked = |b: usize| which.get(b).copied().unwrap_or(false);
                if self.combined && (asked(game.white) || asked(game.black)) {
                    p.transcript = Some(dir.join(format!("g{}.transcript", game.game)));
                } else if asked(bot) {
                    let file = format!("g{}-p{side}-{}.transcript", game.game, file_safe(name));
                    p.transcript = Some(dir.join(file));
                }
            }
            Ok::<_, SetupError>(p)
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
            adjudication: self.config.adjudication,
            seed: game.seed,
            event: self.event.clone(),
            site: self.site.clone(),
            round: game.round.to_string(),
        })
    }
}
