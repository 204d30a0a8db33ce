//! `baraza league ...`: the league's subcommands and their arguments.

use clap::{Args, Subcommand};

pub(super) const LEAGUE_HELP: &str = "\
Examples:
  baraza league new runs/ladder --ruleset darra --tc 10+0.1 --sandbox --memory 512
  baraza league submit runs/ladder --name alice --cmd './alice/bot'
  baraza league run runs/ladder --games 40
  baraza league run runs/ladder --for 10m          (from cron, or a systemd timer)
  baraza league leaderboard runs/ladder --format html -o runs/ladder/leaderboard.html";

/// `baraza league ...`.
#[derive(Subcommand, Debug, Clone)]
pub enum LeagueCommand {
    /// Create a league folder: league.toml (the games' settings), entrants.toml, games.jsonl
    #[command(
        after_help = "league.toml takes every key of a tournament's event file but bot, rounds, format,\nsprt, out and resume, and a [matchmaking] table; edit it between runs.\n\nExamples:\n  baraza league new runs/ladder --ruleset darra --tc 10+0.1\n  baraza league new runs/ladder --ruleset bao --movetime 200 --sandbox --memory 512 --random-opening-plies 4"
    )]
    New(Box<LeagueNewArgs>),
    /// Enter a bot, or a new version of an entrant (its previous version stops playing), once it
    /// passes check-bot under the league's set-up
    #[command(
        after_help = "Its games name it NAME@VERSION. The program must exist now; the SHA-256 of the files\nthe command names is recorded in entrants.toml, with its own hosting options, which\nare laid over league.toml's in its games (as a [[bot]]'s keys over an event file's).\n\nBefore it is entered, it plays check-bot's checks (2 games against builtin:random) as\nthe league would host it: the league's ruleset, clock, limits and sandbox, with its own\noptions over them. A bot that fails is not entered: the report says why, and the\nstatus is 1. A built-in bot is not checked.\n\nExamples:\n  baraza league submit runs/ladder --name alice --cmd '/home/alice/bot/run.sh'\n  baraza league submit runs/ladder --name alice --cmd '/home/alice/bot2/run.sh' --version 2.0-beta\n  baraza league submit runs/ladder --name nodey --cmd 'node /srv/nodey/bot.js' --memory 1536\n  baraza league submit runs/ladder --name house --cmd 'builtin:search --level 3'"
    )]
    Submit(LeagueSubmitArgs),
    /// Make a participant of `baraza serve`'s site and print its token (shown once)
    #[command(
        after_help = "The token is printed as the last line; only its hash is kept (DIR/serve.sqlite). The\nparticipant signs in with it on the site, or sends it as `Authorization: Bearer TOKEN`,\nand submits versions of the entrant NAME.\n\nExample:\n  baraza league invite runs/ladder alice"
    )]
    Invite(LeagueInviteArgs),
    /// Withdraw an entrant: its active version stops playing; its games stay
    #[command(after_help = "Example:\n  baraza league withdraw runs/ladder --name alice")]
    Withdraw(LeagueWithdrawArgs),
    /// Play: first what a stopped run left of its batch, then new batches
    #[command(
        after_help = "A batch is written to DIR/batch.json before it is played: a run that was stopped or\nkilled leaves it, and the next run plays what of it the log lacks first. Ctrl-C or a\nfile DIR/stop stops a run as it stops a tournament (no new game; a run for a time\nfinishes the batch in play if its last game has started, and plans no other).\n\nExamples:\n  baraza league run runs/ladder --games 100\n  baraza league run runs/ladder --for 50m --concurrency 4\n  baraza league run runs/ladder --plan-only --games 1000      (then, on each machine:)\n  baraza league run runs/ladder --shard 3/8                    (then: baraza league merge runs/ladder)"
    )]
    Run(LeagueRunArgs),
    /// Append the shards' games of the planned batch to the league's log (after `run --shard`)
    #[command(
        after_help = "Every game of the batch must be in one of the folders (a game in two must be the same\nline); nothing is written otherwise.\n\nExamples:\n  baraza league merge runs/ladder\n  baraza league merge runs/ladder /scratch/shard-1 /scratch/shard-2"
    )]
    Merge(LeagueMergeArgs),
    /// The active versions by rating, every entrant's versions, the recent games
    #[command(
        after_help = "The ratings are `baraza results`' (Bradley-Terry, 95% intervals) over the games between\nactive versions.\n\nExamples:\n  baraza league leaderboard runs/ladder\n  baraza league leaderboard runs/ladder --format json\n  baraza league leaderboard runs/ladder --format html -o /var/www/ladder/leaderboard.html"
    )]
    Leaderboard(LeagueLeaderboardArgs),
}

/// `baraza league new DIR ...`.
#[derive(Args, Debug, Clone)]
pub struct LeagueNewArgs {
    /// The league folder to create
    pub dir: std::path::PathBuf,
    /// Ruleset id (see `baraza games`)
    #[arg(long)]
    pub ruleset: String,
    /// The league's seed: matchmaking, openings and game seeds come from it [default: drawn
    /// from the clock, and written to league.toml]
    #[arg(long)]
    pub seed: Option<u64>,
    #[arg(long, value_name = "BASE+INC", help = crate::tournament::plan::config::help::TC)]
    pub tc: Option<crate::clock::GameClock>,
    #[arg(long, value_name = "MS", help = crate::tournament::plan::config::help::MOVETIME)]
    pub movetime: Option<u64>,
    #[arg(long, help = crate::tournament::plan::config::help::MARGIN)]
    pub margin: Option<u64>,
    #[arg(long, help = crate::tournament::plan::config::help::STARTUP_TIMEOUT)]
    pub startup_timeout: Option<u64>,
    #[arg(long, help = crate::tournament::plan::config::help::MAX_PLIES)]
    pub max_plies: Option<u64>,
    /// Start positions, one per line; each game pair takes the next (or builtin:<ruleset>)
    #[arg(long, value_name = "FILE", conflicts_with = "random_opening_plies")]
    pub openings: Option<std::path::PathBuf>,
    /// Start each game pair from N random legal plies (drawn from the seed)
    #[arg(long, value_name = "N")]
    pub random_opening_plies: Option<u32>,
    /// Game pairs a new version plays before matchmaking's own choice [default: 4]
    #[arg(long, value_name = "N")]
    pub placement_pairs: Option<u32>,
    #[command(flatten)]
    pub host: crate::bot::hosting::HostOptions,
}

/// `baraza league submit DIR --name N --cmd C [--memory MB ...] [--no-check]`.
#[derive(Args, Debug, Clone)]
pub struct LeagueSubmitArgs {
    /// The league folder
    pub dir: std::path::PathBuf,
    /// The entrant's name (no whitespace, '@', quote or backslash)
    #[arg(long)]
    pub name: String,
    /// The bot: a command line or builtin:<name>
    #[arg(long, value_name = "COMMAND")]
    pub cmd: String,
    /// The version's label [default: the next number: 1, 2, ...]
    #[arg(long = "version", value_name = "V")]
    pub version_label: Option<String>,
    /// Enter it without check-bot's checks (its hosting is still checked)
    #[arg(long)]
    pub no_check: bool,
    #[command(flatten)]
    pub host: crate::bot::hosting::BotHostOptions,
}

/// `baraza league withdraw DIR --name N`.
#[derive(Args, Debug, Clone)]
pub struct LeagueWithdrawArgs {
    /// The league folder
    pub dir: std::path::PathBuf,
    /// The entrant to withdraw
    #[arg(long)]
    pub name: String,
}

/// `baraza league invite DIR NAME`.
#[derive(Args, Debug, Clone)]
pub struct LeagueInviteArgs {
    /// The league folder
    pub dir: std::path::PathBuf,
    /// The participant's name, which its entrant takes (letters, digits, '_' and '-')
    pub name: String,
}

/// `baraza league run DIR (--games N | --for DURATION)`.
#[derive(Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("amount").args(["games", "for_"])))]
pub struct LeagueRunArgs {
    /// The league folder
    pub dir: std::path::PathBuf,
    /// Play one batch of N games (rounded up to whole game pairs)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Play until DURATION has passed (90s, 30m, 2h, 1d): no game starts after it, and what its batch has left is the next run's
    #[arg(long = "for", value_name = "DURATION", value_parser = crate::league::run::parse_duration)]
    pub for_: Option<std::time::Duration>,
    /// Write the next batch (batch.json) and play nothing: for `--shard K/N` on other machines
    #[arg(long, requires = "games", conflicts_with_all = ["shard", "for_"])]
    pub plan_only: bool,
    /// Play shard K of N of the planned batch (its pairs K, K+N, ...) into --out
    #[arg(long, value_name = "K/N", conflicts_with = "for_")]
    pub shard: Option<crate::tournament::plan::shard::Shard>,
    /// The shard's folder [default: DIR/shards/<batch>-K]
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub out: Option<std::path::PathBuf>,
    /// Games played at once [default: league.toml's concurrency, or the number of cores]
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub concurrency: Option<u64>,
    /// Allow --concurrency above the number of cores
    #[arg(long)]
    pub force: bool,
    /// No progress on stderr
    #[arg(long, short)]
    pub quiet: bool,
}

/// `baraza league merge DIR [SHARD_DIR...]`.
#[derive(Args, Debug, Clone)]
pub struct LeagueMergeArgs {
    /// The league folder
    pub dir: std::path::PathBuf,
    /// The shards' folders [default: DIR/shards/<batch>-*]
    pub shards: Vec<std::path::PathBuf>,
}

/// `baraza league leaderboard DIR`.
#[derive(Args, Debug, Clone)]
pub struct LeagueLeaderboardArgs {
    /// The league folder
    pub dir: std::path::PathBuf,
    /// text, json, markdown, or html: one self-contained page with a viewer of the recent
    /// games [default: text]
    #[arg(long, value_enum, default_value = "text", hide_default_value = true)]
    pub format: LeaderboardFormat,
    /// Write the output to FILE instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
}

/// The forms of the leaderboard.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeaderboardFormat {
    Text,
    Json,
    Markdown,
    Html,
}
