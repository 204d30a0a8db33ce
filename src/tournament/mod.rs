//! Tournaments: many bots, many games, one event.
//!
//! The pure parts, independent of the referee:
//!
//! - [`config`]: the event from the command line and/or a TOML file, checked, with its hash;
//! - [`openings`]: start positions from a file or from random plies;
//! - [`schedule`]: every game, in order, as a pure function of the configuration and seed;
//! - [`log`]: `games.jsonl` (header + one line per finished game), its reader, its writer,
//!   and the resume plan (which games are missing, refusal of a foreign log);
//! - [`stats`]: Elo with intervals, LOS, pentanomial buckets, SPRT;
//! - [`results`]: the table computed from games.jsonl alone.
//!
//! A runner does, in order:
//!
//! ```text
//! let (config, run) = inputs.resolve(cores)?;               // config::EventInputs
//! let plan = log::plan_run(&config, out_dir, run.resume)?;  // schedule + what is missing
//! let mut w = match plan.start {
//!     LogStart::Create => GamesWriter::create(&plan.path, &plan.header)?,
//!     LogStart::Append => GamesWriter::append(&plan.path)?,
//! };
//! for game in plan.to_play (run.concurrency at a time) {
//!     let record = referee plays game.white vs game.black from game.start with game.seed;
//!     w.write(&GameLine::new(&game, record))?;
//!     // with --sprt: stop when results::standings_from(&plan.header, &lines).sprt decides
//! }
//! ```

pub mod config;
pub mod log;
pub mod openings;
pub mod results;
pub mod schedule;
pub mod stats;

pub use config::{EventInputs, Format, RunOptions, TournamentConfig};
pub use log::{plan_run, GameLine, GamesLog, GamesWriter, Header, LogStart, RunPlan};
pub use results::{standings, Standings};
pub use schedule::{schedule, ScheduledGame};
