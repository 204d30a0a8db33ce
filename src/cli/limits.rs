//! The game limits option group (clocks, startup time, ply cap, draw adjudication) of
//! `match`.

pub use crate::tournament::plan::config::LimitOverrides;

use crate::tournament::plan::config::help as event_help;
use clap::Args;

/// The options `match` shares with `tournament` (whose [`EventInputs`] declares them flat, as
/// the event file's keys, with the same help texts): each bot's clock and startup time, and
/// draw adjudication.
///
/// [`EventInputs`]: crate::tournament::plan::config::EventInputs
#[derive(Args, Debug, Clone, Default)]
pub struct GameLimits {
    #[command(flatten)]
    pub clock: LimitOverrides,
    #[arg(long, help = event_help::MAX_PLIES)]
    pub max_plies: Option<u64>,
    #[command(flatten)]
    pub adjudication: crate::tournament::plan::config::AdjudicationOverrides,
}
