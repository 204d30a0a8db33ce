//! `baraza bot`: a built-in bot on stdin/stdout.

use clap::Args;

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
The bot reads the referee's lines on stdin and answers on stdout (protocol.md); it computes the
legal moves itself from each position. The same seed and the same positions give the same moves.

Examples:
  baraza match darra builtin:random builtin:greedy
  baraza match darra builtin:search 'builtin:search --level 2 --algo mcts' --movetime 100
  printf 'baraza 1 darra\\nposition darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0\\ngo\\nquit\\n' | baraza bot greedy")]
pub struct BotArgs {
    /// Built-in bot name: random, greedy, search
    pub name: String,
    /// Ruleset id; optional, the referee's hello names it too
    #[arg(long)]
    pub ruleset: Option<String>,
    /// Random seed (ties and random choices) of the first game this process plays
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The n-th game of the process (from 0) uses seed + n * STEP (a process may play several
    /// games in a row), unless a `seed <N>` line before its `newgame` gives the game's seed,
    /// as baraza's referee does
    #[arg(long, default_value_t = 1, value_name = "STEP")]
    pub seed_step: u64,
    #[command(flatten)]
    pub options: crate::builtin::BotOptions,
}
