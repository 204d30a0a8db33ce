//! baraza: a headless referee and arena for game-playing bots.
//!
//! This is the map of the arena crate; each folder's `mod.rs` maps its own modules.
//!
//! The rules engines are the crate `baraza-rules` (`crates/rules/`, no I/O, no processes),
//! re-exported here under the paths the arena has always used: [`game`] (the seam between games
//! and the arena: the `Game` trait and the string-level `Position`), [`games`] (one module per
//! game and the registry of rulesets), [`player`], [`rng`] (the one seeded generator,
//! SplitMix64) and [`decimal`] (integers written without allocation).
//!
//! The command line and what each command does:
//! - [`cli`]: the commands and their options (clap); `src/main.rs` only calls the library and
//!   maps errors to exit codes; [`commands`]: one file per command.
//! - [`count`]: a count of at least one (`--games`, `--concurrency`), checked where it enters;
//!   [`key_values`]: options written `key=value,...`; [`cli_habits`]: cutechess-cli and
//!   fastchess spellings, for `--help` and the hints.
//! - [`rules`]: the answers of `games` and `rules` as typed values (their `--json` forms).
//! - [`person`]: the person's side of `play`: the game against the bot, what the person is
//!   shown (the board from their side, captures, the end), and the process that stands in for
//!   them as a bot (`baraza human`).
//!
//! Bots and games:
//! - [`protocol`]: the bot protocol's messages, both directions, parsed and written in one
//!   place (with the UCI, GTP and CECP habits met at a turn).
//! - [`bot`]: a running bot process, the only process code, and everything about starting one:
//!   its command and its mistakes caught before any game, namespace, limits, environment,
//!   working directory, sandbox, the pauses between its turns, `hosting-check`'s protections.
//! - [`check_bot`]: `baraza check-bot`'s checks and report.
//! - [`clock`]: time controls; [`referee`]: one game between two bots, in named steps.
//! - [`outcome`]: a record's result and termination as typed values.
//! - [`record`]: the game record, the PGN-like log, its checks, the `info` form, adjudication,
//!   replay; [`stepper`]: a game of a log stepped through with the keys on a terminal.
//! - [`builtin`]: the built-in bots (random, greedy, search) and the balanced opening suites
//!   generated from search's scores; [`kits`]: the starter kits of `new-bot`.
//!
//! Many games:
//! - [`tournament`]: one event in four rooms, data flowing plan -> run -> log -> table.
//! - [`run_builder`]: a run assembled in one place (hosting, seats, crash policy, outputs,
//!   signals), for `match`, `tournament` and the league alike.
//! - [`events`]: the sinks of a run's events (JSONL, PGN, match line, progress, live page).
//! - [`league`]: a league that keeps running, on the tournament's runner, log and table.
//! - [`serve`]: the league's site: submissions built, checked and entered; pages and an API.
//! - [`stats`]: pure statistics: Elo and LOS, the GSPRT, Bradley-Terry ratings.
//! - [`signals`]: Ctrl-C, a second Ctrl-C, SIGTERM/SIGHUP and the stop file, as shutdown steps.
//!
//! Output:
//! - [`view`]: the HTML viewer, report and live pages.
//! - [`escape`]: text a bot controls, escaped for each place it is shown.
//! - [`civil_date`]: the UTC date and time of a moment (PGN dates, the league's timestamps).

// The engines, from their own crate, under the paths the arena has always used.
pub use baraza_rules::{decimal, game, games, player, rng};

pub mod bot;
pub mod builtin;
pub mod check_bot;
pub mod civil_date;
pub mod cli;
pub mod cli_habits;
pub mod clock;
pub mod commands;
pub mod count;
pub mod escape;
pub mod events;
pub mod key_values;
pub mod kits;
pub mod league;
pub mod outcome;
pub mod person;
pub mod protocol;
pub mod record;
pub mod referee;
pub mod rules;
pub mod run_builder;
pub mod serve;
pub mod signals;
pub mod stats;
pub mod stepper;

pub mod tournament;
pub mod view;
