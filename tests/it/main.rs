//! The integration tests: one test binary (so a change in `src/` links one binary, not one per
//! file), one module per area, and the helpers they share in `support`.
//!
//! Run one area or test by its path: `cargo test --release --test it referee::`,
//! `cargo test --release --test it -- --exact cli::rules::games_lists_every_ruleset`.

#[macro_use]
mod support;

mod bots;
mod cli;
mod engines;
mod fuzz_parsers;
mod hosting;
mod league;
mod logs;
mod referee;
mod serve;
mod tournament;

/// Counts what each thread allocates, for the fuzz run's memory bound (`support::fuzz`). Per
/// thread, so the other tests running beside it neither see nor disturb its figures.
#[global_allocator]
static ALLOC: support::fuzz::Counting = support::fuzz::Counting;
