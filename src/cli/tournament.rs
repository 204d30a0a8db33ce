//! `baraza tournament`: how one run of an event goes (the event's own settings are
//! [`EventInputs`], declared beside the event file's keys).

pub use crate::tournament::plan::config::EventInputs;
pub use crate::tournament::plan::config::OnCrash;

use super::help::with_habits;
use super::{HostCommand, LiveArgs};
use crate::bot::hosting::HostOptions;
use crate::cli_habits::For;
use clap::Args;

const TOURNAMENT_HELP: &str = "\
Every pairing plays game pairs: the same start, sides swapped. The schedule is a pure function
of the event and --seed. A bot's process plays game after game (each starts with `newgame`); a
bot that lost by a fault (crash, time, illegal move, protocol error, stalled connection) is
killed and started again for its next game, unless --on-crash abort. --no-reuse starts every
game afresh.

--out DIR holds:
  games.jsonl   header (with the config hash) + one line per finished game, flushed at once:
                the single source of truth (`baraza results DIR` recomputes the table from it)
  games.pgn     the same games as a PGN-like log (`baraza replay DIR/games.pgn --verify`)
  stderr/       each bot's stderr, <bot>.log, one section per game (capped)

Event file (--config, TOML): the options above as keys of the same name (ruleset, rounds, tc,
on-crash, ...; not --resume, --force, --dry-run, --quiet, --json) and one [[bot]] table per bot
(name, cmd). `movetime`, `tc`, `margin` and `startup-timeout` under a [[bot]] override the
tournament's for that bot. docs/tournament.md has a complete example and explains every column
of the table.

Ctrl-C once, or a file DIR/stop appearing: no new games; running games may finish (aborted after
30 s, played again on resume); the command to resume is printed. Twice, SIGTERM or SIGHUP: stop
at once. A killed run loses at most the games in play. Exit status 0 when the schedule is played
or the SPRT decided.

Examples:
  baraza tournament darra --bot a=builtin:random --bot b=builtin:greedy --rounds 10 --out runs/t1
  baraza tournament --config event.toml --out runs/t1 --resume
  baraza tournament dara --bot new=./new --bot old=./old --rounds 5000 \\
      --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 --random-opening-plies 4 --out runs/sprt
  baraza tournament --config event.toml --dry-run
  baraza tournament --config event.toml --shard 3/8 --out runs/t1/shard-3   # then: baraza merge";

/// `baraza tournament`: the event's settings ([`EventInputs`], whose fields declare their own
/// options), and how this run of it goes. `display_order` places these options among the
/// event's (see [`EventInputs`]).
#[derive(Args, Debug, Clone, Default)]
#[command(
    after_help = with_habits(TOURNAMENT_HELP, For::Tournament),
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true,
    subcommand_value_name = "HOST_COMMAND",
    subcommand_help_heading = "Host commands (between runs; recorded in DIR/games.jsonl)"
)]
pub struct TournamentArgs {
    #[command(subcommand)]
    pub host_command: Option<HostCommand>,
    /// An event file (TOML) with the same settings; options given here override it
    #[arg(long, value_name = "FILE", display_order = 0)]
    pub config: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub event: EventInputs,
    /// Play only shard K of N: the game pairs numbered K, K+N, K+2N, ... (both games of a pair
    /// together; ids and seeds as in the whole event). `baraza merge` joins the shards' --out
    /// folders. Not with --sprt. docs/cluster.md: Slurm job arrays, GNU parallel, Kubernetes
    #[arg(long, value_name = "K/N", display_order = 175)]
    pub shard: Option<crate::tournament::plan::shard::Shard>,
    /// Print the schedule (and what --resume would still play) without playing
    #[arg(long, display_order = 215)]
    pub dry_run: bool,
    /// No progress bar or progress lines on stderr (the final table is still printed)
    #[arg(long, short, display_order = 225)]
    pub quiet: bool,
    /// Two bots: print the report block (Elo, nElo, LOS, games, W/L/D, points, Ptnml(0-2),
    /// LLR) on stderr every N games; the final table has it at the end
    #[arg(long, value_name = "N", display_order = 235)]
    pub report_every: Option<usize>,
    /// Print JSON instead of text
    #[arg(long, display_order = 240)]
    pub json: bool,
    #[command(flatten)]
    pub live: LiveArgs,
    #[command(flatten)]
    pub host: HostOptions,
}
