//! `baraza openings ...`: the shipped opening suites and their generator.

use clap::Subcommand;

/// `baraza openings ...`: the shipped suites and their generator.
#[derive(Subcommand, Debug)]
pub enum OpeningsCommand {
    /// List the shipped suites: name, number of positions, the command that made each
    #[command(
        after_help = "Example:\n  baraza openings list\n  baraza match darra ./a ./b --openings builtin:darra --games 100"
    )]
    List,
    /// Print a balanced suite: random plies from the start, each position kept when
    /// builtin:search at a fixed node budget scores it near zero (the same options give the same
    /// suite on any machine)
    #[command(
        after_help = "Examples:\n  baraza openings generate darra > openings/darra.txt\n  baraza openings generate bao --count 20 --nodes 5000"
    )]
    Generate {
        /// Ruleset id (see `baraza games`)
        ruleset: String,
        /// Positions wanted
        #[arg(long, default_value = "100")]
        count: crate::count::Count,
        /// Random legal plies from the ruleset's start
        #[arg(long, default_value_t = 6)]
        plies: u32,
        /// The search's node budget per position
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        /// Keep a position when its score lies within this many centi-units of zero
        #[arg(long, value_name = "CP", default_value_t = 50)]
        max_score: i64,
        /// Seed of the random plies and the searches
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}
