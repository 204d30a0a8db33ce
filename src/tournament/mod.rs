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
//! - [`layout`]: how the game pairs are numbered, append-only as an event grows;
//! - [`shard`]: `--shard K/N`, one deterministic share of the schedule;
//! - [`grow`]: resuming with more rounds or bots, and naming any other change;
//! - [`stream`]: games.jsonl read line by line (`baraza merge`); [`seen`]: which game ids were
//!   met, a bit a game;
//! - [`results_stream`]: the table of a log read line by line, each line checked by
//!   [`game_check`] as the full reader checks it;
//! - [`merge`]: the shards of one event joined into one run folder ([`merge_twice`]: the lines
//!   it meets twice, compared after the copy);
//! - [`pair_book`]: the legs of each pair, packed, for the table.
//!
//! How a game of a run is played, for `tournament` and `match` alike:
//!
//! - [`setup`]: a [`ScheduledGame`] as the referee's setup (bots, clocks, start, seeds, logs);
//! - [`seats`]: the pool of kept bot processes;
//! - [`crash`]: `--on-crash abort`;
//! - [`stderr_slots`]: the per-game stderr files and the bots' stderr logs;
//! - [`play`]: one game with the referee, and a whole run (runtime, signals, goodbye, reaping);
//! - [`match_plan`]: `baraza match` as a two-bot plan;
//! - [`interrupt`]: how a run is told to stop, and why;
//! - [`runner`]: the loop, generic over how one game is played: concurrency, the events of
//!   [`crate::events`] to the sinks (games.jsonl, PGN, console, progress), the SPRT stop.
//!
//! ```text
//! let (config, run) = commands::tournament::inputs(&args)?.resolve(cores)?;
//! let plan = log::plan_run(&config, &out_dir, run.resume)?;   // schedule, resume, refusal
//! let arena = play::Arena { setups, seats, crash };
//! let mut sinks = Sinks::new().with(&mut jsonl).with(&mut pgn).with(&mut progress);
//! let ended = arena.run(&config, run.concurrency, plan, &mut sinks, signal_policy)?;
//! // ended.outcome.tally.standings(): the final table
//! ```

pub mod config;
pub mod crash;
pub mod game_check;
pub mod game_set;
pub mod grow;
pub mod interrupt;
pub mod layout;
pub mod log;
pub mod match_log;
pub mod match_plan;
pub mod merge;
pub mod merge_twice;
pub mod openings;
pub mod pair_book;
pub mod play;
pub mod ratings;
pub mod render;
pub mod report;
pub mod results;
pub mod results_stream;
pub mod runner;
pub mod schedule;
pub mod seats;
pub mod seen;
pub mod setup;
pub mod shard;
pub mod sprt;
pub mod sprt_order;
pub mod stats;
pub mod stderr_slots;
pub mod stream;

pub use config::{EventInputs, Format, RunOptions, TournamentConfig};
pub use log::{plan_run, GameLine, GamesLog, GamesWriter, Header, LogStart, RunPlan};
pub use results::{standings, Standings};
pub use schedule::{schedule, ScheduledGame};
