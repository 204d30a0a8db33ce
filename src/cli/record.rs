//! The record option group of `match`: PGN tags and protocol transcripts.

use crate::tournament::plan::config::help as event_help;
use clap::Args;

/// What `match` records of a run besides the games (`tournament`: the same options, with the
/// same help texts, in [`EventInputs`]): the PGN `Event` and `Site` tags, and the protocol
/// transcripts.
///
/// [`EventInputs`]: crate::tournament::plan::config::EventInputs
#[derive(Args, Debug, Clone, Default)]
pub struct RecordOptions {
    #[arg(long, value_name = "NAME", help = event_help::EVENT)]
    pub event: Option<String>,
    #[arg(long, value_name = "NAME", help = event_help::SITE)]
    pub site: Option<String>,
    #[arg(long, value_name = "DIR", help = event_help::TRANSCRIPT)]
    pub transcript: Option<std::path::PathBuf>,
    #[arg(long, requires = "transcript", help = event_help::COMBINED)]
    pub combined: bool,
}
