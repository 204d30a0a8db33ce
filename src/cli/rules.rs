//! `baraza rules ...`: the rules authority's subcommands.

use super::JsonFlag;
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum RulesCommand {
    /// Print the start position of a ruleset
    #[command(after_help = "Example:\n  baraza rules start darra-2x12")]
    Start {
        /// Ruleset id (see `baraza games`)
        ruleset: String,
        #[command(flatten)]
        out: JsonFlag,
    },
    /// Print the legal moves of a position, one per line, in byte order (none if the game is over)
    #[command(
        after_help = "Example:\n  baraza rules legal 'dara ....../....../....../....../...... 1 12 12 0'"
    )]
    Legal {
        /// Position string (quoted)
        position: String,
        #[command(flatten)]
        out: JsonFlag,
    },
    /// Apply moves in order and print the final position
    #[command(
        after_help = "Example:\n  baraza rules apply 'darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0' 6A 1B 2A"
    )]
    Apply {
        /// Position string (quoted)
        position: String,
        /// Move tokens, played one after the other
        #[arg(required = true)]
        moves: Vec<String>,
        #[command(flatten)]
        out: JsonFlag,
    },
    /// Print `ongoing`, or `<result> <reason>` (Darra adds the final scores `<s1>-<s2>`)
    #[command(
        after_help = "Example:\n  baraza rules status 'darra 0,0,0,0,0,0/0,1,0,0,2,1 2 20 24 2 0'   # 0-1 end 20-28"
    )]
    Status {
        /// Position string (quoted)
        position: String,
        #[command(flatten)]
        out: JsonFlag,
    },
    /// Count the move sequences of a given length (perft), for checking move generators
    #[command(
        after_help = "Example:\n  baraza rules perft \"$(baraza rules start dara)\" 5   # 17100720"
    )]
    Perft {
        /// Position string (quoted)
        position: String,
        /// Number of plies
        depth: u32,
        /// Also print the count below each legal move ("divide"), to locate a difference
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        out: JsonFlag,
    },
    /// Draw the board for a person, with coordinates and whose turn it is
    #[command(after_help = "Example:\n  baraza rules show \"$(baraza rules start bao)\"")]
    Show {
        /// Position string (quoted)
        position: String,
    },
    /// Measure engine speed: single-thread uniform random playouts from the start position
    #[command(after_help = "Example:\n  baraza rules bench dara --seconds 3 --seed 7")]
    Bench {
        /// Ruleset id (see `baraza games`)
        ruleset: String,
        /// How long to run
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        /// Play exactly this many playouts instead of running for --seconds (repeatable work,
        /// e.g. for instruction counts under valgrind)
        #[arg(long)]
        playouts: Option<u64>,
        /// Random seed (the same seed plays the same games)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        out: JsonFlag,
    },
}
