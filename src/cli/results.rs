//! `baraza results`: the table recomputed from a run's games.

use clap::Args;

#[derive(Args, Debug, Clone)]
#[command(
    after_help = "Examples:\n  baraza results runs/t1\n  baraza results runs/t1/games.jsonl --json\n  baraza results runs/t1 --format csv --anchor mine=1500\n  baraza results match.jsonl              (a `baraza match --jsonl` file)\n  baraza results runs/t1 --verify         (re-judge every game; exit 1 naming each problem)"
)]
pub struct ResultsArgs {
    /// A tournament's --out directory, or its games.jsonl
    pub dir: std::path::PathBuf,
    /// Place the rating list so that bot NAME has rating ELO (default: the ratings' mean is 0)
    #[arg(long, value_name = "NAME=ELO")]
    pub anchor: Option<crate::stats::ratings::AnchorSpec>,
    /// Print JSON instead of text (the same as --format json)
    #[arg(long)]
    pub json: bool,
    /// text (the table), json, csv (one row per bot), markdown, or html: one self-contained
    /// page with the table, the crosstable, the score and SPRT plots, and a viewer of every
    /// game (at most 50,000 games) [default: text]
    #[arg(long, value_enum)]
    pub format: Option<ResultsFormat>,
    /// Write the output to FILE instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Check the log instead of printing the table: re-judge every game from its start
    /// position and moves, hold each line against the event's schedule, find games met twice
    /// or missing, and compare the folder's games.pgn game for game. Prints each problem on
    /// a line (game id and line number) and exits with status 1, or prints `verified N games:
    /// no problem`
    #[arg(long, conflicts_with_all = ["anchor", "json", "format", "out", "exclude", "versions"])]
    pub verify: bool,
    /// Leave bot NAME and its games out of the table (for a look only: nothing is written),
    /// repeatable
    #[arg(long, value_name = "NAME")]
    pub exclude: Vec<String>,
    /// Show a replaced bot's versions as rows of their own: NAME (as first entered), NAME@2, ...
    #[arg(long)]
    pub versions: bool,
}

/// The forms `baraza results` prints.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultsFormat {
    Text,
    Json,
    /// One row per bot, plain numbers
    Csv,
    /// The table and the head-to-head results as GitHub tables
    Markdown,
    Html,
}
