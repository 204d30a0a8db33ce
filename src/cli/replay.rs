//! `baraza replay`: re-judging, stepping through and exporting a log.

use clap::Args;

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
Without options: one line per game (players, result, termination, plies, OK or the problem).
The log is the PGN-like log or JSON lines (games.jsonl, `match --jsonl`), read a game at a
time. --game K steps through the game numbered K (its GameIndex) ply by ply, --id r1-p4-a the
game with that schedule id: on a terminal with the keys (Left/Right one ply, Up/Down ten,
Home/End, a ply number then Enter, q to quit), showing the ply, its mover and move, the
clocks, the mover's eval and the board; otherwise (output or input not a terminal, or --json)
every ply at once. --game K --ply P prints what `baraza rules show` prints for the position
after P plies. --verify exits with status 1 naming the game, line and
ply of the first inconsistency; given a run folder, it checks the whole run as `baraza results
DIR --verify` does (games.jsonl against the schedule, and games.pgn). The format and the
checks: docs/log-format.md.

Examples:
  baraza replay games.pgn --verify
  baraza replay games.pgn --game 3 --ply 20
  baraza replay out/ --id r1-p4-a --json
  baraza replay games.jsonl --export pgn > games.pgn")]
pub struct ReplayArgs {
    /// A log written by `baraza match` or `baraza tournament`: the PGN-like log, JSON lines
    /// (games.jsonl, `match --jsonl`), or a run folder
    pub file: std::path::PathBuf,
    /// Only the game numbered K: its GameIndex (a JSON line's `game`), the number the
    /// progress lines and the viewer show, whatever its place in the file
    #[arg(long, value_name = "K")]
    pub game: Option<u64>,
    /// Only the game with this schedule id (`r1-p4-a`, from games.jsonl; a PGN's is found in
    /// the games.jsonl beside it)
    #[arg(long, value_name = "ID", conflicts_with = "game")]
    pub id: Option<String>,
    /// Show the board after this many plies (0 = start)
    #[arg(long)]
    pub ply: Option<usize>,
    /// Check every game; exit non-zero naming the game and ply of the first inconsistency
    #[arg(long)]
    pub verify: bool,
    /// Write the games (all, or --game/--id) to stdout in another form instead: pgn is the
    /// PGN-like log baraza writes (from JSON lines, the games.pgn written beside them);
    /// results-pgn keeps the tags and results and puts the movetext in one comment, for tools
    /// that read PGN as chess (rating tools that parse moves)
    #[arg(long, value_enum, conflicts_with_all = ["ply", "verify", "json"])]
    pub export: Option<ExportFormat>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// `baraza replay --export`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// The PGN-like log, as `match --pgn` and a tournament's games.pgn hold it
    Pgn,
    /// Tags and results, the moves left out (a comment says so)
    ResultsPgn,
}
