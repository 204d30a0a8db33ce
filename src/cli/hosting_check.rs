//! `baraza hosting-check`: the hosting options, probed on this machine.

use crate::bot::hosting::HostOptions;
use clap::Args;

pub(super) const HOSTING_CHECK_HELP: &str = "\
Each line is probed on this machine (a namespace and a sandbox are started): exact (the kernel
enforces it), best effort (the line says what can slip), off, or REFUSED (asked for, but it
cannot work here: `match` and `tournament` would refuse the same options). Exit status 1 when
something asked for is refused.

Examples:
  baraza hosting-check
  baraza hosting-check --sandbox --memory 1024 --cpu-seconds 600 --max-processes 64
  baraza hosting-check --config event.toml          (each bot as the event hosts it)";

/// `baraza hosting-check`: the hosting options of `match` and `tournament`.
#[derive(Args, Debug, Clone)]
pub struct HostingCheckArgs {
    /// Check the hosting of every bot of this event file (TOML, as `tournament --config`):
    /// the event's keys, each bot's own over them, and these options over both
    #[arg(long, value_name = "EVENT")]
    pub config: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub host: HostOptions,
}
