//! Command-line definitions only; the work is done in [`crate::commands`].
//!
//! The doc comments here are the `--help` texts, so `<name>` in them is meant literally.
#![allow(rustdoc::invalid_html_tags)]

use crate::bot::hosting::HostOptions;
use crate::cli_habits::{help_section, For};
use crate::tournament::plan::config::help as event_help;
use clap::{Args, Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "baraza",
    version,
    about = "A headless referee and arena for game-playing bots: Darra, Bao and Dara",
    long_about = "baraza starts game-playing bots as ordinary programs, talks to them over \
stdin/stdout,\nenforces time limits, judges every move and records every game.\n\n\
It plays Darra (Hausa two-row mancala), Bao la Kiswahili (four-row mancala) and Dara\n\
(West African three-in-a-row). `baraza games` lists the ruleset ids; `baraza rules` is the\n\
rules authority that every move is judged by.",
    after_help = "Examples:\n  baraza games\n  baraza rules start darra\n  baraza rules legal \"$(baraza rules start dara)\"\n  baraza rules apply 'darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0' 6A 1B"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List every ruleset id with a one-line description
    #[command(after_help = "Examples:\n  baraza games\n  baraza games --json")]
    Games {
        /// Print JSON instead of text
        #[arg(long)]
        json: bool,
    },
    /// The rules authority: start positions, legal moves, moves, results, perft
    #[command(
        subcommand,
        after_help = "A position string is one argument: quote it.\n\nExamples:\n  baraza rules start darra\n  baraza rules legal \"$(baraza rules start dara)\"\n  baraza rules show 'darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0'"
    )]
    Rules(RulesCommand),
    /// Run a built-in bot on stdin/stdout, speaking the bot protocol (see protocol.md)
    Bot(BotArgs),
    /// Play a match between two bots
    #[command(after_help = with_habits(MATCH_HELP, For::Match))]
    Match(Box<MatchArgs>),
    /// Re-judge the games of a log file, show a board at a ply, or verify the whole log
    Replay(ReplayArgs),
    /// Play a round-robin or gauntlet among many bots, in game pairs (same start, sides swapped)
    Tournament(Box<TournamentArgs>),
    /// Recompute a tournament's table (Elo, LOS, pairs, forfeits, SPRT) from its games.jsonl
    Results(ResultsArgs),
    /// Join the run folders of one event's shards (--shard K/N) into one run folder
    Merge(MergeArgs),
    /// Write a self-contained HTML viewer of a log's games (works offline, loads nothing)
    View(ViewArgs),
    /// Play a bot yourself, in the terminal, under the referee and its clocks
    Play(PlayArgs),
    /// The person's side of `baraza play` (started by it; not for direct use)
    #[command(hide = true)]
    Human(HumanArgs),
    /// Walk a bot through the protocol and say, in words, what is wrong with it
    #[command(
        name = "check-bot",
        after_help = CHECK_BOT_HELP
    )]
    CheckBot(CheckBotArgs),
    /// Say which protections a bot started here gets under the given hosting options, before an event
    #[command(name = "hosting-check", after_help = HOSTING_CHECK_HELP)]
    HostingCheck(HostingCheckArgs),
    /// The opening suites shipped for every ruleset (--openings builtin:<ruleset>), and the
    /// command that generates a balanced one
    #[command(
        subcommand,
        after_help = "Examples:\n  baraza openings list\n  baraza match darra ./a ./b --openings builtin:darra --games 100\n  baraza openings generate darra --count 100 > my-darra.txt"
    )]
    Openings(OpeningsCommand),
    /// Write a starter bot for your language into a new folder, and print how to build,
    /// check and play it
    #[command(name = "new-bot", after_help = NEW_BOT_HELP)]
    NewBot(NewBotArgs),
    /// A league that keeps running: entrants submit versions at any time, each run plays a
    /// batch chosen by matchmaking, the leaderboard is always current (docs/league.md)
    #[command(subcommand, after_help = LEAGUE_HELP)]
    League(LeagueCommand),
}

const LEAGUE_HELP: &str = "\
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
    /// Enter a bot, or a new version of an entrant (its previous version stops playing)
    #[command(
        after_help = "Its games name it NAME@VERSION. The program must exist now; the SHA-256 of the files\nthe command names is recorded in entrants.toml.\n\nExamples:\n  baraza league submit runs/ladder --name alice --cmd '/home/alice/bot/run.sh'\n  baraza league submit runs/ladder --name alice --cmd '/home/alice/bot2/run.sh' --version 2.0-beta\n  baraza league submit runs/ladder --name house --cmd 'builtin:search --level 3'"
    )]
    Submit(LeagueSubmitArgs),
    /// Withdraw an entrant: its active version stops playing; its games stay
    #[command(after_help = "Example:\n  baraza league withdraw runs/ladder --name alice")]
    Withdraw(LeagueWithdrawArgs),
    /// Play: first what a stopped run left of its batch, then new batches
    #[command(
        after_help = "A batch is written to DIR/batch.json before it is played: a run that was stopped or\nkilled leaves it, and the next run plays what of it the log lacks first. Ctrl-C or a\nfile DIR/stop stops a run as it stops a tournament.\n\nExamples:\n  baraza league run runs/ladder --games 100\n  baraza league run runs/ladder --for 50m --concurrency 4\n  baraza league run runs/ladder --plan-only --games 1000      (then, on each machine:)\n  baraza league run runs/ladder --shard 3/8                    (then: baraza league merge runs/ladder)"
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

/// `baraza league submit DIR --name N --cmd C`.
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

/// `baraza league run DIR (--games N | --for DURATION)`.
#[derive(Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("amount").args(["games", "for_"])))]
pub struct LeagueRunArgs {
    /// The league folder
    pub dir: std::path::PathBuf,
    /// Play one batch of N games (rounded up to whole game pairs)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Play batches until DURATION has passed (90s, 30m, 2h, 1d); none starts after it
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

const NEW_BOT_HELP: &str = "\
Languages: c, cpp (c++), go, java, javascript (js), python, rust. Each kit is a complete bot
that speaks the protocol correctly (it flushes every line, plays game after game in one
process, sends `info` lines and stops on `quit`) and picks a random legal move, except
Python's and Rust's, which search with the referee's own rules engines (the `baraza` Python
package built from python/, and the `baraza` library crate). The same kits are
in bots/<language>-kit/ (bots/README.md).

Examples:
  baraza new-bot c mybot
  baraza new-bot rust ~/bots/first";

/// `baraza new-bot <language> <dir>`.
#[derive(Args, Debug, Clone)]
pub struct NewBotArgs {
    /// c, cpp, go, java, javascript, python or rust
    pub language: String,
    /// The folder to write the kit into: new, or empty
    pub dir: std::path::PathBuf,
}

const HOSTING_CHECK_HELP: &str = "\
Each line is probed on this machine (a namespace and a sandbox are started): exact (the kernel
enforces it), best effort (the line says what can slip), off, or REFUSED (asked for, but it
cannot work here: `match` and `tournament` would refuse the same options). Exit status 1 when
something asked for is refused.

Examples:
  baraza hosting-check
  baraza hosting-check --sandbox --memory 1024 --cpu-seconds 600 --max-processes 64";

/// `baraza hosting-check`: the hosting options of `match` and `tournament`.
#[derive(Args, Debug, Clone)]
pub struct HostingCheckArgs {
    #[command(flatten)]
    pub host: HostOptions,
}

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

/// A command's help text followed by the other arenas' spellings of its options.
fn with_habits(help: &str, command: For) -> String {
    format!("{help}\n\n{}", help_section(command).trim_end())
}

const MATCH_HELP: &str = "\
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
    /// Append one JSON line per game to this file the moment it ends
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

/// The live page of `match` and `tournament` (docs/viewer.md, "The live page").
#[derive(Args, Debug, Clone, Default)]
pub struct LiveArgs {
    /// While the games run, keep a self-contained HTML page here for spectators (the table so
    /// far, each game being played at its latest ply, the finished games), rewritten every
    /// --live-every seconds by renaming a new file over it; the page reloads itself while the
    /// event runs. Serve it with any static web server
    #[arg(long, value_name = "FILE.html", display_order = 212)]
    pub live: Option<std::path::PathBuf>,
    /// Seconds between two writes of the --live page (and between the spectators' reloads),
    /// from 0.1 to 3600
    #[arg(
        long,
        value_name = "SECONDS",
        default_value = "2",
        requires = "live",
        display_order = 213
    )]
    pub live_every: crate::events::live::LiveEvery,
}

/// The options `match` shares with `tournament` (whose [`EventInputs`] declares them flat, as
/// the event file's keys, with the same help texts): each bot's clock and startup time, and
/// draw adjudication.
#[derive(Args, Debug, Clone, Default)]
pub struct GameLimits {
    #[command(flatten)]
    pub clock: LimitOverrides,
    #[arg(long, help = event_help::MAX_PLIES)]
    pub max_plies: Option<u64>,
    #[command(flatten)]
    pub adjudication: crate::tournament::plan::config::AdjudicationOverrides,
}

pub use crate::tournament::plan::config::LimitOverrides;

/// `match`'s habits from the fastchess tester: the SPRT that stops the match, and each bot's
/// own limits (fastchess's `-engine cmd=... tc=...`).
#[derive(Args, Debug, Clone, Default)]
pub struct TesterOptions {
    /// Sequential probability ratio test of bot1 against bot2, the same as `tournament --sprt`
    /// (game pairs, the exact generalized likelihood ratio; model=normalized for nElo): the
    /// match stops when it decides, and the report block ends with the LLR line
    #[arg(
        long,
        value_name = "elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic|normalized]"
    )]
    pub sprt: Option<crate::tournament::plan::config::SprtSpec>,
    /// bot1's own limits, over the options above: tc=BASE+INC, movetime=MS, margin=MS,
    /// startup-timeout=MS, nodes=N, depth=N, joined by commas (the keys of a tournament's
    /// `[[bot]]` table). A tc or movetime here is bot1's whole clock
    #[arg(long, value_name = "KEY=VALUE,...")]
    pub limits1: Option<crate::tournament::plan::bot_limits::BotLimits>,
    /// bot2's own limits, as --limits1
    #[arg(long, value_name = "KEY=VALUE,...")]
    pub limits2: Option<crate::tournament::plan::bot_limits::BotLimits>,
}

/// What `match` records of a run besides the games (`tournament`: the same options, with the
/// same help texts, in [`EventInputs`]): the PGN `Event` and `Site` tags, and the protocol
/// transcripts.
#[derive(Args, Debug, Clone, Default)]
pub struct RecordOptions {
    #[arg(long, value_name = "NAME", help = event_help::EVENT)]
    pub event: Option<String>,
    #[arg(long, value_name = "NAME", help = event_help::SITE)]
    pub site: Option<String>,
    #[arg(long, value_name = "DIR", help = event_help::TRANSCRIPT)]
    pub transcript: Option<std::path::PathBuf>,
    #[arg(long, requires = "transcript", help = event_help::COMBINED)]
    pub combined: bool,
}

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
Without options: one line per game (players, result, termination, plies, OK or the problem).
--game K steps through game K ply by ply; --game K --ply P prints what `baraza rules show`
prints for the position after P plies. --verify exits with status 1 naming the game, line and
ply of the first inconsistency; given a run folder, it checks the whole run as `baraza results
DIR --verify` does (games.jsonl against the schedule, and games.pgn). The format and the
checks: docs/log-format.md.

Examples:
  baraza replay games.pgn --verify
  baraza replay games.pgn --game 3 --ply 20")]
pub struct ReplayArgs {
    /// A PGN-like log written by `baraza match` or `baraza tournament`, or a run folder
    pub file: std::path::PathBuf,
    /// Only this game (1-based, in file order)
    #[arg(long)]
    pub game: Option<usize>,
    /// Show the board after this many plies (0 = start)
    #[arg(long)]
    pub ply: Option<usize>,
    /// Check every game; exit non-zero naming the game and ply of the first inconsistency
    #[arg(long)]
    pub verify: bool,
    /// Write the games (all, or --game) to stdout in another form instead: results-pgn keeps
    /// the tags and results and puts the movetext in one comment, for tools that read PGN as
    /// chess (rating tools that parse moves)
    #[arg(long, value_enum, conflicts_with_all = ["ply", "verify", "json"])]
    pub export: Option<ExportFormat>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

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

#[derive(Args, Debug, Clone, Copy)]
pub struct JsonFlag {
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

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

/// `baraza tournament withdraw|replace|rerun`: a host's changes to an event between runs,
/// each one line appended to its games.jsonl (docs/hosting.md, "Changing the field").
#[derive(Subcommand, Debug, Clone)]
pub enum HostCommand {
    /// A bot leaves the event (its remaining games are not played)
    ///
    /// Its played games stay in the table, or are left out of it with --exclude-played.
    #[command(
        after_help = "Examples:\n  baraza tournament withdraw runs/t1 slowbot\n  baraza tournament withdraw runs/t1 cheater --exclude-played"
    )]
    Withdraw(WithdrawArgs),
    /// A new version of a bot plays under the same name from its next game on
    ///
    /// The games it played stay as they are; `results --versions` shows the versions apart.
    /// The new command's files are digested (SHA-256) and recorded: a resume refuses a bot
    /// whose files differ from the last recorded ones.
    #[command(
        after_help = "Examples:\n  baraza tournament replace runs/t1 mybot --cmd './mybot-v2'\n  baraza tournament replace runs/t1 mybot --cmd './mybot'   (rebuilt in place: record its new digest)"
    )]
    Replace(ReplaceArgs),
    /// Play chosen games again on the next run (their old lines stay, superseded)
    ///
    /// Their lines stay in games.jsonl, marked superseded by the rerun line; only the newest
    /// line of a game counts. games.pgn keeps the counted games.
    #[command(
        after_help = "A game is chosen when it matches every kind of option given, and any of the values\nof a kind (two --reason values: either wording).\n\nExamples:\n  baraza tournament rerun runs/t1 --id r3-p2-a --id r3-p2-b\n  baraza tournament rerun runs/t1 --termination time --reason 'load' --dry-run\n  baraza tournament rerun runs/t1 --bot mybot --termination crash\n  baraza tournament --config event.toml --out runs/t1 --resume   (plays them)"
    )]
    Rerun(RerunArgs),
}

#[derive(Args, Debug, Clone)]
pub struct WithdrawArgs {
    /// The tournament's --out directory
    pub dir: std::path::PathBuf,
    /// The bot's name in the event
    pub bot: String,
    /// Leave the games it played out of the table (and of its opponents' scores); they stay
    /// in games.jsonl
    #[arg(long)]
    pub exclude_played: bool,
}

#[derive(Args, Debug, Clone)]
pub struct ReplaceArgs {
    /// The tournament's --out directory
    pub dir: std::path::PathBuf,
    /// The bot's name in the event
    pub bot: String,
    /// The new version's command line (one word: quote it) or builtin:<name>
    #[arg(long, value_name = "COMMAND")]
    pub cmd: String,
}

#[derive(Args, Debug, Clone)]
pub struct RerunArgs {
    /// The tournament's --out directory
    pub dir: std::path::PathBuf,
    /// A game id (r3-p2-a), repeatable
    #[arg(long = "id", value_name = "GAME_ID")]
    pub ids: Vec<String>,
    /// The games a bot played, repeatable
    #[arg(long = "bot", value_name = "NAME")]
    pub bots: Vec<String>,
    /// The games that ended so: a termination word (`time forfeit`, `crash`, ...) or its first
    /// word (`time`), repeatable
    #[arg(long = "termination", value_name = "WORD")]
    pub terminations: Vec<String>,
    /// The games whose reason contains TEXT, repeatable
    #[arg(long = "reason", value_name = "TEXT")]
    pub reasons: Vec<String>,
    /// Say which games would be re-run, and write nothing
    #[arg(long)]
    pub dry_run: bool,
}

pub use crate::tournament::plan::config::EventInputs;
pub use crate::tournament::plan::config::OnCrash;

/// `baraza replay --export`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// Tags and results, the moves left out (a comment says so)
    ResultsPgn,
}

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

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
LOG is a PGN-like log, a games.jsonl (a tournament's or `match --jsonl`'s), or a run folder
(its games.jsonl, else its games.pgn). The page holds every game's positions, computed by
baraza's engines now: it needs no network and no other file. In the page: the game list (filter
by bot and result), the board, both clocks, the move list with think times and info lines;
keys Left/Right step, Home/End jump, space plays; the address #g3p40 opens game 3 at ply 40.
docs/viewer.md has the details.

Examples:
  baraza view games.pgn -o games.html
  baraza view runs/t1                      # writes runs/t1/view.html
  baraza match darra builtin:random builtin:greedy --pgn g.pgn --logs logs && baraza view g.pgn --logs logs")]
pub struct ViewArgs {
    /// A PGN-like log, a games.jsonl, or a tournament's --out folder
    pub log: std::path::PathBuf,
    /// The page to write (`-` for standard output) [default: LOG with .html, or DIR/view.html]
    #[arg(long, short = 'o', value_name = "FILE.html")]
    pub out: Option<std::path::PathBuf>,
    /// A `match --logs DIR` of the same games: show every info line in the move list [default:
    /// each move's last one, as the log records it]
    #[arg(long, value_name = "DIR")]
    pub logs: Option<std::path::PathBuf>,
    /// The page's title [default: the log's file name]
    #[arg(long)]
    pub title: Option<String>,
}

#[derive(Args, Debug, Clone)]
#[command(after_help = "\
The board is drawn with your own row at the bottom, then the legal moves, numbered: answer with
a move token in any case (`4a` for `4A`) or its number, `hint` (the built-in search's move after
about a second, with its score), or `resign`. After each move, yours and the bot's, you see the
position it left and what it captured; before each of yours, the bot's last info line (all of
them with --verbose) and both clocks. At the end: the final board and the result with the score.
With --tc on a terminal your clock ticks above the prompt. Without a terminal the moves are read
from standard input, one per line (the end of the input resigns). The game is judged and timed
by the referee like any other, and recorded with --pgn / --jsonl.

Examples:
  baraza play darra builtin:greedy
  baraza play dara ./mybot --as 2 --pgn me.pgn
  printf '1\\n1\\n1\\n' | baraza play darra builtin:random --movetime 200")]
pub struct PlayArgs {
    /// Ruleset id (see `baraza games`)
    pub ruleset: String,
    /// Your opponent: a command line or builtin:<name>
    pub bot: String,
    /// Which player you are: 1 (moves first) or 2
    #[arg(long = "as", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub side: u8,
    /// Your name in the record
    #[arg(long, default_value = "you")]
    pub name: String,
    /// Game clock BASE+INC in seconds for both players [default: no clock for you; the bot
    /// gets --movetime]
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<crate::clock::GameClock>,
    /// Fixed time per move in ms for the bot (and for you when --tc is not given, no limit)
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub movetime: u64,
    /// Start position (default: the ruleset's start)
    #[arg(long)]
    pub start: Option<String>,
    /// Seed of a built-in bot
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append the game to this PGN-like log when it ends
    #[arg(long)]
    pub pgn: Option<std::path::PathBuf>,
    /// Append the game as one JSON line to this file when it ends
    #[arg(long)]
    pub jsonl: Option<std::path::PathBuf>,
    /// Show every info line the bot sends (a searching bot sends one per depth), not only the
    /// last before each of its moves
    #[arg(long)]
    pub verbose: bool,
}

#[derive(Args, Debug, Clone)]
pub struct HumanArgs {
    /// The Unix socket `baraza play` listens on for the person's console
    #[arg(long)]
    pub console: std::path::PathBuf,
    /// The opponent's info log, shown as it grows
    #[arg(long)]
    pub info: Option<std::path::PathBuf>,
    /// Draw in colour
    #[arg(long)]
    pub color: bool,
    /// Show every info line of the bot, not only its last before each move
    #[arg(long)]
    pub verbose: bool,
}

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

const CHECK_BOT_HELP: &str = "\
Checks, one line each: the command can be run (no '#!' missing, no CRLF line endings, executable,
no shell syntax); the hello is answered with 'ready' within the startup deadline; full games
against builtin:random on both sides of every ruleset given; game after game in one process
('gameover', then 'newgame'); a position with a single legal move; exit after 'quit'. Then the
bot's response latency (every turn, the forfeited ones too) and a verdict. One fault is one FAIL
line: the checks it spoils are not run and say 'skipped because ... failed'. A bot that exits
with status 0 on the hello of a ruleset it does not play gets one line, 'does not play <ruleset>'.
Exit status 0 only when no check failed.

With --config EVENT every bot of the event file is checked under the event's ruleset, the bot's
clock (--tc is not used) and its hosting keys: one line per bot and a summary, exit status 0 only
when every bot passed. The hosting options (--sandbox, --memory, ...) apply in both forms.

Examples:
  baraza check-bot darra 'python3 bots/python/random_bot.py'
  baraza check-bot darra bao dara ./mybot --json
  baraza check-bot darra ./mybot --sandbox --memory 512
  baraza check-bot --config event.toml";

#[derive(Args, Debug, Clone)]
pub struct CheckBotArgs {
    /// One or more ruleset ids (see `baraza games`), then the bot: a command line (one word:
    /// quote it) or builtin:<name>. Not with --config
    #[arg(value_name = "RULESET... BOT", required_unless_present = "config")]
    pub words: Vec<String>,
    /// Check every bot of this event file (TOML, as `tournament --config`) under the event's
    /// ruleset, its clocks and its hosting keys (with the hosting options given here over
    /// them): one verdict line per bot and a summary
    #[arg(long, value_name = "FILE", conflicts_with = "words")]
    pub config: Option<std::path::PathBuf>,
    /// Full games per ruleset against builtin:random (sides alternate)
    #[arg(long, default_value_t = 2)]
    pub games: u64,
    /// Game clock BASE+INC in seconds for those games (short, so that a bot that never
    /// answers costs a few seconds)
    #[arg(long, value_name = "BASE+INC", default_value = "2+0.1")]
    pub tc: crate::clock::GameClock,
    /// How long the bot may take to answer the hello with `ready`, in ms
    #[arg(long, default_value_t = 10_000)]
    pub startup_timeout: u64,
    /// How long the bot may take to exit after `quit`, in ms
    #[arg(long, default_value_t = 1_000)]
    pub grace: u64,
    /// Seed of the games (and of a built-in bot under test)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub host: HostOptions,
}

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
