//! Tournaments: many bots, many games, one event, in four rooms. Data flows one way: the
//! [`plan`] says what is played; [`run`] plays it and emits the run's events to the sinks;
//! [`log`] is games.jsonl, written by one sink and read back by everything after; [`table`]
//! is the results computed from the log alone. (The statistics are in [`crate::stats`].)
//!
//! - [`plan`]: the event (config, openings, schedule, layout, shards, growth, the match plan);
//! - [`run`]: the runner and its interface (run events, the sink trait), the game set, seats,
//!   the crash policy, interruption, one game's setup;
//! - [`log`]: games.jsonl's reader and writer, resume, merge, the SPRT line, `match --jsonl`;
//! - [`table`]: the table, head-to-head, rendering, the report block.
//!
//! A run is put together by [`crate::run_builder`], above this module (it opens the sinks
//! of `crate::events`, which read this one); `baraza tournament` does, in short:
//!
//! ```text
//! let (config, run) = inputs.resolve(cores)?;                    // plan::config
//! let plan = run::resume::plan_run(&config, out_dir, run.resume)?;  // schedule, resume
//! let mut assembled = RunBuilder::from_run(&config, &run, "baraza tournament")
//!     .run_folder(out_dir).games_log().pgn_rewritten(&pgn_path)
//!     .build(&plan, plan.done.iter().map(|g| &g.record))?;
//! let ended = assembled.play(plan, Sinks::new().with(&mut progress))?;
//! // ended.outcome.tally.standings(): the final table
//! ```

pub mod log;
pub mod plan;
pub mod run;
pub mod table;

pub use log::games_jsonl::{GameLine, GamesWriter, Header, LogStart};
pub use log::reader::GamesLog;
pub use plan::config::{EventInputs, Format, RunOptions, TournamentConfig};
pub use plan::schedule::{schedule, ScheduledGame};
pub use run::resume::{plan_run, RunPlan};
pub use table::results::{standings, Standings};
