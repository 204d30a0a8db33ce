//! `baraza match`: two bots, their games and what is recorded of them.

use super::{GameLimits, LiveArgs, RecordOptions, TesterOptions};
use crate::bot::hosting::HostOptions;
use clap::Args;

pub(super) const MATCH_HELP: &str = "\
A bot is a command line, split like a shell would (no shell is run), or builtin:<name> [options]
('builtin:search --level 3': the options of `baraza bot <name>`). A program that cannot be
found, or a built-in's bad option, is an error before any game.

A bot's process is kept from game to game (sides alternate) until it loses by a fault (crash,
time forfeit, illegal move, protocol error, stalled connection); --no-reuse starts both bots
afresh for every game. --concurrency N plays N games at once, each with the sides and bot seeds
it has one at a time. The bot protocol is in protocol.md.

Terminations: normal, time forfeit, illegal move, protocol error, crash, stalled connection,
adjudication, resignation (a bot may answer `resign`).

Exit status 0 when the match was played, whatever the bots did; 1 on a bad value (one line on
stderr: a missing program, a bad --tc, ...) or when interrupted (Ctrl-C, SIGTERM, SIGHUP: the
games in play are dropped and their bots killed; finished games stay logged); 2 on a malformed
command line.

Examples:
  baraza match darra builtin:random builtin:greedy --games 10
  baraza match bao builtin:search 'builtin:search --level 3' --movetime 100 --games 10
  baraza match dara 'python3 bots/python/random_bot.py' ./mybot --tc 5+0.05 --pgn games.pgn
  baraza match darra ./a ./b --movetime 100 --jsonl games.jsonl --logs botlogs";

#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// Ruleset id (see `baraza games`)
    pub ruleset: String,
    /// Player 1 of game 1: a command line ("python3 bots/python/random_bot.py") or builtin:<name>
    pub bot1: String,
    /// Player 2 of game 1
    pub bot2: String,
    /// Display name of bot1 (default: the built-in's name or the program's file stem)
    #[arg(long)]
    pub name1: Option<String>,
    /// Display name of bot2
    #[arg(long)]
    pub name2: Option<String>,
    /// Number of games; sides alternate (bot1 is player 1 in games 1, 3, ...) [default: 2;
    /// with --sprt, at most 10000: the test usually decides first]
    #[arg(long)]
    pub games: Option<crate::count::Count>,
    /// Match seed: recorded in every game; built-in bot k (0 = bot1, 1 = bot2) gets
    /// seed + 2*(game-1) + k. At most 2^53 - 1, so that JSON readers read it exactly
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(..=(1u64 << 53) - 1))]
    pub seed: u64,
    #[command(flatten)]
    pub limits: GameLimits,
    #[command(flatten)]
    pub tester: TesterOptions,
    /// Append each game to this PGN-like log the moment it ends
    #[arg(long)]
    pub pgn: Option<std::path::PathBuf>,
    /// Append a header line (what the match plans: `results FILE --verify` names a game it
    /// lacks), then one JSON line per game the moment it ends, to this file
    #[arg(long)]
    pub jsonl: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub live: LiveArgs,
    /// Start position (default: the ruleset's start)
    #[arg(long)]
    pub start: Option<String>,
    /// Start positions: one position string per line (# comments, as for `tournament`), or
    /// builtin:<ruleset>, the balanced suite shipped for it (baraza openings list); each game
    /// pair (games 1 and 2, 3 and 4, ...) plays the next line, from the first again after the
    /// last
    #[arg(long, value_name = "FILE", conflicts_with = "start")]
    pub openings: Option<std::path::PathBuf>,
    /// How long a bot may take to exit after `quit`, in ms, before its process group is killed
    #[arg(long, default_value_t = 1_000)]
    pub grace: u64,
    /// Write each bot's stderr and info lines here, one file each per game (capped at 1 MiB
    /// each, and at 16 MiB per bot for the whole match: later games are not logged)
    #[arg(long, value_name = "DIR")]
    pub logs: Option<std::path::PathBuf>,
    /// Start both bots afresh for every game (default: a bot's process plays game after game
    /// until it loses by a fault; for bots that cannot play two games in one process)
    #[arg(long)]
    pub no_reuse: bool,
    /// Play every game even when a bot fails to start in two games in a row (by default the
    /// match stops then, with the reason, instead of waiting the startup deadline every game)
    #[arg(long)]
    pub keep_going: bool,
    /// Games played at once (each game's line is printed and logged as it ends, so with more
    /// than one the lines may come out of game order); the bots' seeds and sides per game stay
    /// the same
    #[arg(long, default_value = "1", value_name = "N")]
    pub concurrency: crate::count::Count,
    /// Print the report block (Elo, nElo, LOS, games, W/L/D, points, Ptnml(0-2)) on stderr
    /// every N games; it is printed at the end in any case, after the score line
    #[arg(long, value_name = "N")]
    pub report_every: Option<usize>,
    #[command(flatten)]
    pub record: RecordOptions,
    /// Print the referee's own CPU time per move and peak memory to stderr at the end
    #[arg(long, hide = true)]
    pub bench_stats: bool,
    #[command(flatten)]
    pub host: HostOptions,
}
