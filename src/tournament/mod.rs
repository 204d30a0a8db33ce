//! Tournaments: many bots, many games, one event.
//!
//! The pure parts, independent of the referee:
//!
//! - [`config`]: the event from the command line and/or a TOML file, checked, with its hash;
//! - [`openings`]: start positions from a file or from random plies;
//! - [`schedule`](mod@schedule): every game, in order, as a pure function of the configuration and seed;
//! - [`log`]: `games.jsonl` (header + one line per finished game), its reader, its writer,
//!   and the resume plan (which games are missing, refusal of a foreign log);
//! - [`match_log`]: a `match --jsonl` file read as a games log (for `baraza results`);
//! - [`stats`]: Elo with intervals, LOS, pentanomial buckets;
//! - [`sprt`](mod@sprt): the exact GSPRT (logistic or normalized Elo) and its decision;
//! - [`sprt_order`]: the run's SPRT, pairs in schedule order, and its line in games.jsonl;
//! - [`ratings`]: one rating per bot fitted from all games (Bradley-Terry, as Ordo);
//! - [`results`]: the table computed from games.jsonl alone;
//! - [`render`]: the table as text, CSV or Markdown; [`report`]: a two-bot run's report block.
//!
//! - [`runner`]: the loop, generic over how one game is played: concurrency, writing each
//!   finished game, SPRT stop, and [`runner::Interrupt`] (stop starting games, or drop the
//!   running ones) for Ctrl-C.
//!
//! `baraza tournament` (`commands::tournament_play`) gives the runner its one missing piece, a
//! closure that plays a [`ScheduledGame`] with the referee:
//!
//! ```text
//! let (config, run) = commands::tournament::inputs(&args)?.resolve(cores)?;
//! let plan = log::plan_run(&config, &out_dir, run.resume)?;   // schedule, resume, refusal
//! let outcome = runner::run_plan(&config, run.concurrency, plan,
//!     |game: ScheduledGame| { /* referee setup from config.bots[game.white], [game.black],
//!                                game.start, game.seed, bot limits; play it */ },
//!     &interrupt /* raised by the signal handlers */, |progress| eprintln!(...)).await?;
//! // the table: results::standings(&log::read_games_log(&out_dir)?), or a results::Tally
//! // fed the lines as they are written
//! ```

pub mod config;
pub mod game_set;
pub mod log;
pub mod match_log;
pub mod openings;
pub mod ratings;
pub mod render;
pub mod report;
pub mod results;
pub mod runner;
pub mod schedule;
pub mod sprt;
pub mod sprt_order;
pub mod stats;

pub use config::{EventInputs, Format, RunOptions, TournamentConfig};
pub use log::{plan_run, GameLine, GamesLog, GamesWriter, Header, LogStart, RunPlan};
pub use results::{standings, Standings};
pub use schedule::{schedule, ScheduledGame};
