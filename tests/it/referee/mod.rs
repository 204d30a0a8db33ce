//! The referee and `baraza match`, with real bot processes.

mod adjudication;
mod bot_io;
mod e2e;
mod fair_play;
mod matches;
mod memory;
mod misbehaving;
mod observer;
mod reuse;
mod same_sinks;
mod search_limits;
mod signals;
mod transcripts;
