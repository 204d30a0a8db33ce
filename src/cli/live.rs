//! The live page option group, shared by `match` and `tournament`.

use clap::Args;

/// The live page of `match` and `tournament` (docs/viewer.md, "The live page").
#[derive(Args, Debug, Clone, Default)]
pub struct LiveArgs {
    /// While the games run, keep a self-contained HTML page here for spectators (the table so
    /// far, each game being played at its latest ply, the finished games), rewritten every
    /// --live-every seconds by renaming a new file over it; the page reloads itself while the
    /// event runs. Serve it with any static web server
    #[arg(long, value_name = "FILE.html", display_order = 212)]
    pub live: Option<std::path::PathBuf>,
    /// Seconds between two writes of the --live page (and between the spectators' reloads),
    /// from 0.1 to 3600
    #[arg(
        long,
        value_name = "SECONDS",
        default_value = "2",
        requires = "live",
        display_order = 213
    )]
    pub live_every: crate::events::live::LiveEvery,
}
