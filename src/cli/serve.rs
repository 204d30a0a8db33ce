//! `baraza serve DIR`: the league's site, where participants submit bots and watch them play.

use clap::Args;

pub(super) const SERVE_HELP: &str = "\
The league folder must sandbox its bots (`sandbox = true` in league.toml, `league new
--sandbox`) and bubblewrap must be installed: submissions are strangers' code, built and
played in the sandbox. The first line on stdout is `listening on http://HOST:PORT`. One
line on stderr for each request, submission step and batch. Ctrl-C or SIGTERM stops it
(the games in play are finished or left to the next start; a build in progress starts again).

--slurm sends each batch to Slurm as a job array of its shards, each task running
`baraza league run DIR --shard K/N` with --concurrency CPUs, and merges them when the job
ends; a job left running by a stopped server is waited for at the next start.

Participants need a token: `baraza league invite DIR NAME` prints one (or give
--open-registration). docs/serve.md puts it behind a TLS proxy with systemd.

Examples:
  baraza league new runs/ladder --ruleset darra --tc 10+0.1 --sandbox --memory 1024
  baraza league invite runs/ladder alice
  baraza serve runs/ladder --listen 127.0.0.1:8080 --concurrency 2";

/// `baraza serve DIR ...`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The league folder (from `baraza league new`)
    pub dir: std::path::PathBuf,
    /// Address and port to listen on (port 0: any free port)
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
    pub listen: std::net::SocketAddr,
    /// Games played at once [default: league.toml's, else one per CPU core]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub concurrency: Option<u32>,
    /// Games in each batch of the league (matchmaking chooses again after each)
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u64).range(2..=10_000))]
    pub batch_games: u64,
    /// Let anyone register a name and get a token from the sign-in page
    #[arg(long)]
    pub open_registration: bool,
    /// Registrations allowed a minute, all together, under --open-registration
    #[arg(
        long,
        value_name = "N",
        default_value_t = 10,
        requires = "open_registration"
    )]
    pub registrations_per_minute: usize,
    /// Play each batch on Slurm: a job array of `league run --shard` tasks, merged when it ends
    /// (the league folder and baraza on a file system every node mounts)
    #[arg(long)]
    pub slurm: bool,
    /// Tasks in each batch's job array, at most one per game pair [default: one per pair]
    #[arg(long, value_name = "N", requires = "slurm", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub slurm_shards: Option<u32>,
    /// Slurm partition of the batches' jobs [default: the cluster's]
    #[arg(long, value_name = "NAME", requires = "slurm")]
    pub slurm_partition: Option<String>,
}
