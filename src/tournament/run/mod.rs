//! Playing the games of a run, for `tournament` and `match` alike.
//!
//! - [`setup`]: a scheduled game as the referee's setup (bots, clocks, start, seeds, logs);
//! - [`seats`]: the pool of kept bot processes;
//! - [`crash`]: `--on-crash abort`;
//! - [`stderr_slots`]: the per-game stderr files and the bots' stderr logs;
//! - [`arena`]: one game with the referee, and a whole run (runtime, signals, goodbye, reaping);
//! - [`resume`]: the plan of a run into games.jsonl (what is still to play, the table so far);
//! - [`roster`]: a resumed run under the log's host lines (replaced bots' commands, withdrawn
//!   bots, the programs' digests held to the log's);
//! - [`game_set`]: the games of a run still to play and those in play;
//! - [`interrupt`]: how a run is told to stop, and why;
//! - [`events`]: the run's events and the sink trait, the runner's interface to every output;
//! - [`feed`]: the moves of the games in play, for a sink that follows them (the live page);
//! - [`runner`]: the loop, generic over how one game is played: concurrency, the run events
//!   to the sinks (games.jsonl, PGN, console, progress), the SPRT stop.

pub mod arena;
pub mod crash;
pub mod events;
pub mod feed;
pub mod game_set;
pub mod interrupt;
pub mod resume;
pub mod roster;
pub mod runner;
pub mod seats;
pub mod setup;
pub mod stderr_slots;
