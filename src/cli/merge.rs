//! `baraza merge`: the shards of one event joined into one run folder.

use clap::Args;

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
Every input must be of the same event (the config hash in its header); the first that is not is
named. Each game is taken once: the same line in two inputs is kept once, two different lines
for one game id are an error naming both files. Games of the schedule that no input has are
listed by id, and nothing is written unless --partial. The merge can be run again (e.g. once a
failed shard is resumed): it replaces DIR's games.jsonl and games.pgn when an earlier merge
wrote them (a run's own folder is refused: give it as an input). The inputs are read line by
line; the bots' stderr logs stay in the shards' folders. docs/cluster.md shows it with Slurm,
GNU parallel and Kubernetes.

Exit status 0 when merged; 1 on another event, a conflict, or missing games without --partial.

Examples:
  baraza merge --out runs/t1 runs/t1/shard-*
  baraza merge --out runs/t1 --partial runs/t1/shard-1 runs/t1/shard-2
  baraza results runs/t1 && baraza replay runs/t1/games.pgn --verify")]
pub struct MergeArgs {
    /// The merged run folder: games.jsonl and games.pgn are written there
    #[arg(long, value_name = "DIR")]
    pub out: std::path::PathBuf,
    /// The shards' run folders (or their games.jsonl)
    #[arg(value_name = "SHARD_DIR", required = true)]
    pub inputs: Vec<std::path::PathBuf>,
    /// Merge even when games are missing (listed by id on stdout)
    #[arg(long)]
    pub partial: bool,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}
