//! Tournaments: the schedule, the runner, the statistics, `results`, shards and `merge`, and
//! clusters.

mod e2e;
mod event_hosting;
mod gnu_parallel;
mod host_changes;
mod hosting_keys;
pub mod live;
mod match_sprt;
mod merge_scale;
mod properties;
mod published_report;
mod ratings;
mod reports;
mod results;
mod results_scale;
mod results_stream;
mod run_events;
mod runner;
mod schedule;
mod shards;
mod slurm_cluster;
mod sprt;
mod stats;
