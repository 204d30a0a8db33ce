//! `baraza view`: the offline HTML viewer of a log.

use clap::Args;

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
LOG is a PGN-like log, a games.jsonl (a tournament's or `match --jsonl`'s), or a run folder
(its games.jsonl, else its games.pgn). The page holds every game's positions, computed by
baraza's engines now: it needs no network and no other file. In the page: the game list (filter
by bot and result), the board, both clocks, the move list with think times and info lines;
keys Left/Right step, Home/End jump, space plays; the address #g3p40 opens game 3 at ply 40.
docs/viewer.md has the details.

Examples:
  baraza view games.pgn -o games.html
  baraza view runs/t1                      # writes runs/t1/view.html
  baraza match darra builtin:random builtin:greedy --pgn g.pgn --logs logs && baraza view g.pgn --logs logs")]
pub struct ViewArgs {
    /// A PGN-like log, a games.jsonl, or a tournament's --out folder
    pub log: std::path::PathBuf,
    /// The page to write (`-` for standard output) [default: LOG with .html, or DIR/view.html]
    #[arg(long, short = 'o', value_name = "FILE.html")]
    pub out: Option<std::path::PathBuf>,
    /// A `match --logs DIR` of the same games: show every info line in the move list [default:
    /// each move's last one, as the log records it]
    #[arg(long, value_name = "DIR")]
    pub logs: Option<std::path::PathBuf>,
    /// The page's title [default: the log's file name]
    #[arg(long)]
    pub title: Option<String>,
}
