//! `baraza replay`: re-judging, stepping through and exporting a log.

use clap::Args;

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
Without options: one line per game (players, result, termination, plies, OK or the problem).
--game K steps through game K ply by ply; --game K --ply P prints what `baraza rules show`
prints for the position after P plies. --verify exits with status 1 naming the game, line and
ply of the first inconsistency; given a run folder, it checks the whole run as `baraza results
DIR --verify` does (games.jsonl against the schedule, and games.pgn). The format and the
checks: docs/log-format.md.

Examples:
  baraza replay games.pgn --verify
  baraza replay games.pgn --game 3 --ply 20")]
pub struct ReplayArgs {
    /// A PGN-like log written by `baraza match` or `baraza tournament`, or a run folder
    pub file: std::path::PathBuf,
    /// Only this game (1-based, in file order)
    #[arg(long)]
    pub game: Option<usize>,
    /// Show the board after this many plies (0 = start)
    #[arg(long)]
    pub ply: Option<usize>,
    /// Check every game; exit non-zero naming the game and ply of the first inconsistency
    #[arg(long)]
    pub verify: bool,
    /// Write the games (all, or --game) to stdout in another form instead: results-pgn keeps
    /// the tags and results and puts the movetext in one comment, for tools that read PGN as
    /// chess (rating tools that parse moves)
    #[arg(long, value_enum, conflicts_with_all = ["ply", "verify", "json"])]
    pub export: Option<ExportFormat>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// `baraza replay --export`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// Tags and results, the moves left out (a comment says so)
    ResultsPgn,
}
