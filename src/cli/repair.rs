//! `baraza repair`: a games.jsonl damaged in its middle made readable again.

use clap::Args;

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
For a log written before baraza cut every failed write back (a full disk could leave part of a
game on a line, with the next game's line after it): `results`, `--resume` and `league run`
then stop at that line. The repair keeps every line that reads whole, the header first; of a
damaged line it keeps the whole line that ends it, if one does. Every byte it does not keep is
appended to games.jsonl.damaged beside the log, one piece a line, and each is named on stdout
with its line number; games.pgn beside it is rewritten from the log. A game set aside is
played again by the next `tournament --resume` or `league run`. A log with nothing damaged is
left as it is.

Exit status 0 when the log reads whole afterwards (repaired or not); 1 when it cannot be read
or its first line is no tournament header (then nothing is changed).

Examples:
  baraza repair runs/t1
  baraza repair my-league && baraza results my-league --verify")]
pub struct RepairArgs {
    /// The run or league folder (or its games.jsonl)
    #[arg(value_name = "DIR")]
    pub dir: std::path::PathBuf,
}
