//! [`EventInputs`]: the raw settings of an event, every one optional, as the command line of
//! `baraza tournament` (its options and their `--help`) and an event file (its keys) give them;
//! an event file read ([`EventInputs::load`]), and the command line laid over it
//! ([`EventInputs::overlay`]).

use super::bot_entry::BotEntry;
use super::choices::{Format, OnCrash, OpeningOrder};
use super::error::ConfigError;
use super::limits::{help, LimitOverrides};
use super::sprt_spec::SprtSpec;
use crate::bot::hosting::with_hosting_keys;
use crate::record::adjudication::{AdjudicateMode, DrawRule, ResignRule};
use crate::tournament::plan::suites;
use serde::Deserialize;
use std::path::{Path, PathBuf};

with_hosting_keys! {
    // After its own fields, every hosting key (`memory`, ..., `affinity`: see
    // `crate::bot::hosting_keys`), flat, each an event file's key alone: `tournament` takes them
    // on the command line as `HostOptions`, given with
    // [`EventInputs::with_command_line_hosting`] (`hosting_keys.rs`).
    keys: every, #[arg(skip)] #[serde(default)];

    /// The raw settings of an event, every one optional: what an event file or the command line
    /// says. [`EventInputs::overlay`] merges two; [`EventInputs::resolve`] checks and completes them.
    ///
    /// The command line of `baraza tournament` produces it directly (the `arg` attributes and doc
    /// comments here are its options and their `--help`); the event file's keys are the options'
    /// long names. `display_order` keeps `tournament --help` in the order people read it, the
    /// command's own options (`--shard`, `--dry-run`, ...) placed between these.
    #[derive(Clone, Debug, Default, PartialEq, Deserialize, clap::Args)]
    #[serde(rename_all = "kebab-case", deny_unknown_fields)]
    #[group(skip)]
    #[allow(rustdoc::invalid_html_tags)]
    pub struct EventInputs {
        /// Ruleset id (see `baraza games`); optional when the event file names it
        pub ruleset: Option<String>,
        /// A bot: NAME=BOT, where BOT is a command line or builtin:<name> (repeat for each bot)
        #[arg(long = "bot", value_name = "NAME=BOT", display_order = 10)]
        #[serde(rename = "bot", default)]
        pub bots: Vec<BotEntry>,
        /// round-robin: everyone meets everyone; gauntlet: the first bot meets each other [default: round-robin]
        #[arg(long, value_enum, display_order = 20)]
        pub format: Option<Format>,
        /// Rounds; in each round every pairing plays a game pair [default: 1]
        #[arg(long, display_order = 30)]
        pub rounds: Option<u32>,
        /// Event seed: openings order, random openings and every game's seed come from it [default: 1]
        #[arg(long, display_order = 40)]
        pub seed: Option<u64>,
        /// Start positions: one position string per line (# comments), one per round; or
        /// builtin:<ruleset>, the balanced suite shipped for it (baraza openings list)
        #[arg(
            long,
            value_name = "FILE",
            conflicts_with = "random_opening_plies",
            display_order = 50
        )]
        pub openings: Option<PathBuf>,
        /// Use the openings file in order, or shuffled with the seed [default: in-order]
        #[arg(long, value_enum, display_order = 60)]
        pub openings_order: Option<OpeningOrder>,
        /// Start each round from N random legal plies after the ruleset's start (drawn from the seed)
        #[arg(long, value_name = "N", display_order = 70)]
        pub random_opening_plies: Option<u32>,
        /// Games played at once [default: the number of cores; more needs --force]
        #[arg(long, value_name = "K", value_parser = parse_concurrency, display_order = 80)]
        pub concurrency: Option<usize>,
        /// Allow --concurrency above the number of cores
        #[arg(long, display_order = 90)]
        #[serde(skip)]
        pub force: bool,
        /// How long a bot may take to exit after `quit`, in ms, before its process group is killed [default: 1000]
        #[arg(long, value_name = "MS", display_order = 100)]
        pub grace: Option<u64>,
        #[arg(long, help = help::STARTUP_TIMEOUT, display_order = 110)]
        pub startup_timeout: Option<u64>,
        #[arg(long, value_name = "MS", help = help::MOVETIME, display_order = 120)]
        pub movetime: Option<u64>,
        #[arg(long, value_name = "BASE+INC", help = help::TC, display_order = 130)]
        pub tc: Option<crate::clock::GameClock>,
        #[arg(long, help = help::MARGIN, display_order = 140)]
        pub margin: Option<u64>,
        #[arg(long, help = help::MAX_PLIES, display_order = 150)]
        pub max_plies: Option<u64>,
        #[arg(long, value_enum, value_name = "RULE", help = help::ADJUDICATE, display_order = 151)]
        pub adjudicate: Option<AdjudicateMode>,
        #[arg(long, value_name = "movenumber=N,movecount=C,score=SCORE", help = help::ADJUDICATE_DRAW, display_order = 152)]
        pub adjudicate_draw: Option<DrawRule>,
        #[arg(long, value_name = "movecount=C,score=SCORE[,twosided=true]", help = help::ADJUDICATE_RESIGN, display_order = 153)]
        pub adjudicate_resign: Option<ResignRule>,
        /// Output directory: games.jsonl (header + one line per finished game) and the logs
        #[arg(long, value_name = "DIR", display_order = 160)]
        pub out: Option<PathBuf>,
        /// Continue the tournament in --out: play only the games its games.jsonl lacks. With more
        /// --rounds, or bots added after the others, the event grows: only the new games are played
        #[arg(long, display_order = 170)]
        #[serde(skip)]
        pub resume: bool,
        /// Sequential probability ratio test of the first bot against the second (two bots only),
        /// on game pairs, with the exact generalized likelihood ratio; model=logistic (Elo, the
        /// default) or model=normalized (nElo) says which scale elo0 and elo1 are in
        #[arg(
            long,
            value_name = "elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic|normalized]",
            display_order = 180
        )]
        pub sprt: Option<SprtSpec>,
        #[arg(long, value_name = "NAME", help = help::EVENT, display_order = 190)]
        pub event: Option<String>,
        #[arg(long, value_name = "NAME", help = help::SITE, display_order = 200)]
        pub site: Option<String>,
        #[arg(long, value_name = "DIR", help = help::TRANSCRIPT, display_order = 210)]
        pub transcript: Option<PathBuf>,
        // A flag on the command line (`Some(true)` or absent), a boolean in the event file.
        #[arg(long, num_args = 0, default_missing_value = "true", help = help::COMBINED, display_order = 211)]
        pub combined: Option<bool>,
        /// When a bot crashes: forfeit (it loses that game and is started afresh for the next) or
        /// abort (stop after the running games, exit non-zero, print how to resume)
        /// [default: forfeit]
        #[arg(long, value_enum, display_order = 220)]
        pub on_crash: Option<OnCrash>,
        /// Start every bot afresh for every game, instead of keeping a bot's process for its next
        /// game (for bots that cannot play two games in one process)
        // A flag on the command line (`Some(true)` or absent), a boolean in the event file.
        #[arg(
            long,
            num_args = 0,
            default_missing_value = "true",
            display_order = 230
        )]
        pub no_reuse: Option<bool>,
        /// The command line's hosting options, over the hosting keys.
        #[arg(skip)]
        #[serde(skip)]
        pub command_line_host: crate::bot::hosting::HostOverrides,
    }
}

/// `--concurrency K` of `tournament`: a count of at least one (an event file's `concurrency = 0`
/// is refused by [`EventInputs::resolve`], in the same words).
fn parse_concurrency(text: &str) -> Result<usize, crate::count::CountError> {
    text.parse::<crate::count::Count>().map(|c| c.get_usize())
}

impl EventInputs {
    /// Parse an event file's text. `base` is the file's directory: relative paths in the file
    /// are taken from there.
    pub fn from_toml(text: &str, base: &Path) -> Result<EventInputs, ConfigError> {
        let mut inputs: EventInputs = toml::from_str(text).map_err(|e| {
            ConfigError::Toml(match e.span() {
                Some(span) => {
                    let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                    format!("line {line}: {}", e.message())
                }
                None => e.message().to_string(),
            })
        })?;
        for p in [
            &mut inputs.openings,
            &mut inputs.out,
            &mut inputs.transcript,
            &mut inputs.workdir,
        ]
        .into_iter()
        .flatten()
        {
            // A shipped suite's name (`builtin:darra`) is no path.
            let suite = p.to_string_lossy().starts_with(suites::PREFIX);
            if p.is_relative() && !suite {
                *p = base.join(&*p);
            }
        }
        inputs.rebase_host_paths(base);
        Ok(inputs)
    }

    /// Read an event file.
    pub fn load(path: &Path) -> Result<EventInputs, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError::ReadFile {
            path: path.display().to_string(),
            error,
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        EventInputs::from_toml(&text, base).map_err(|error| ConfigError::BadFile {
            path: path.display().to_string(),
            error: Box::new(error),
        })
    }

    /// `other` (the command line) on top of `self` (the file): `other`'s settings win, its bots
    /// come after `self`'s.
    pub fn overlay(self, other: EventInputs) -> EventInputs {
        let self_limits = self.limit_overrides();
        let limits = self_limits.overlay(&other.limit_overrides());
        let mut bots = self.bots;
        bots.extend(other.bots);
        let cli_openings = other.openings.is_some();
        EventInputs {
            ruleset: other.ruleset.or(self.ruleset),
            format: other.format.or(self.format),
            rounds: other.rounds.or(self.rounds),
            seed: other.seed.or(self.seed),
            // An openings source on the command line replaces the file's, whichever kind.
            openings: if other.random_opening_plies.is_some() {
                other.openings
            } else {
                other.openings.or(self.openings)
            },
            // Random plies on the command line: the file's openings order goes with its file.
            openings_order: if other.random_opening_plies.is_some() {
                other.openings_order
            } else {
                other.openings_order.or(self.openings_order)
            },
            random_opening_plies: if cli_openings {
                other.random_opening_plies
            } else {
                other.random_opening_plies.or(self.random_opening_plies)
            },
            concurrency: other.concurrency.or(self.concurrency),
            on_crash: other.on_crash.or(self.on_crash),
            no_reuse: other.no_reuse.or(self.no_reuse),
            grace: other.grace.or(self.grace),
            force: other.force || self.force,
            out: other.out.or(self.out),
            resume: other.resume || self.resume,
            max_plies: other.max_plies.or(self.max_plies),
            adjudicate: other.adjudicate.or(self.adjudicate),
            adjudicate_draw: other.adjudicate_draw.or(self.adjudicate_draw),
            adjudicate_resign: other.adjudicate_resign.or(self.adjudicate_resign),
            sprt: other.sprt.or(self.sprt),
            startup_timeout: limits.startup_timeout,
            movetime: limits.movetime,
            tc: limits.tc,
            margin: limits.margin,
            event: other.event.or(self.event),
            site: other.site.or(self.site),
            transcript: other.transcript.or(self.transcript),
            combined: other.combined.or(self.combined),
            bots,
            // The hosting keys come from the file alone (the command line's are
            // `command_line_host`, given after this overlay).
            ..self
        }
    }

    pub(super) fn limit_overrides(&self) -> LimitOverrides {
        LimitOverrides {
            startup_timeout: self.startup_timeout,
            movetime: self.movetime,
            tc: self.tc.clone(),
            margin: self.margin,
            // Per bot only ([[bot]] nodes, depth; `match` --nodes, --depth).
            nodes: None,
            depth: None,
        }
    }
}
