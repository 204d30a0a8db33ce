//! `baraza play`: a person against a bot, and the hidden `human` side it starts.

use clap::Args;

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
The board is drawn with your own row at the bottom, then the legal moves, numbered: answer with
a move token in any case (`4a` for `4A`) or its number, `hint` (the built-in search's move after
about a second, with its score), or `resign`. After each move, yours and the bot's, you see the
position it left and what it captured; before each of yours, the bot's last info line (all of
them with --verbose) and both clocks. At the end: the final board and the result with the score.
With --tc on a terminal your clock ticks above the prompt. Without a terminal the moves are read
from standard input, one per line (the end of the input resigns). The game is judged and timed
by the referee like any other, and recorded with --pgn / --jsonl.

Examples:
  baraza play darra builtin:greedy
  baraza play dara ./mybot --as 2 --pgn me.pgn
  printf '1\\n1\\n1\\n' | baraza play darra builtin:random --movetime 200")]
pub struct PlayArgs {
    /// Ruleset id (see `baraza games`)
    pub ruleset: String,
    /// Your opponent: a command line or builtin:<name>
    pub bot: String,
    /// Which player you are: 1 (moves first) or 2
    #[arg(long = "as", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub side: u8,
    /// Your name in the record
    #[arg(long, default_value = "you")]
    pub name: String,
    /// Game clock BASE+INC in seconds for both players [default: no clock for you; the bot
    /// gets --movetime]
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<crate::clock::GameClock>,
    /// Fixed time per move in ms for the bot (and for you when --tc is not given, no limit)
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub movetime: u64,
    /// Start position (default: the ruleset's start)
    #[arg(long)]
    pub start: Option<String>,
    /// Seed of a built-in bot
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append the game to this PGN-like log when it ends
    #[arg(long)]
    pub pgn: Option<std::path::PathBuf>,
    /// Append the game as one JSON line to this file when it ends
    #[arg(long)]
    pub jsonl: Option<std::path::PathBuf>,
    /// Show every info line the bot sends (a searching bot sends one per depth), not only the
    /// last before each of its moves
    #[arg(long)]
    pub verbose: bool,
}

#[derive(Args, Debug, Clone)]
pub struct HumanArgs {
    /// The Unix socket `baraza play` listens on for the person's console
    #[arg(long)]
    pub console: std::path::PathBuf,
    /// The opponent's info log, shown as it grows
    #[arg(long)]
    pub info: Option<std::path::PathBuf>,
    /// Draw in colour
    #[arg(long)]
    pub color: bool,
    /// Show every info line of the bot, not only its last before each move
    #[arg(long)]
    pub verbose: bool,
}
