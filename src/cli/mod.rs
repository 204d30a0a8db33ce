//! Command-line definitions only; the work is done in [`crate::commands`].
//!
//! The doc comments here are the `--help` texts, so `<name>` in them is meant literally.
//!
//! One concept a file: this one holds the program ([`Cli`]) and its list of commands
//! ([`Command`]); each command's arguments have a file named after it (`match_cmd.rs`,
//! `league.rs`, ...), and each option group that several commands flatten in has its own
//! (`limits.rs`, `tester.rs`, `record.rs`, `live.rs`, `output.rs`). Everything is re-exported
//! here, so a command names its arguments `crate::cli::X` whatever file declares them.
#![allow(rustdoc::invalid_html_tags)]

mod bot;
mod check_bot;
mod completions;
mod help;
mod hosting_check;
mod league;
mod limits;
mod live;
mod man;
mod match_cmd;
mod merge;
mod new_bot;
mod openings;
mod output;
mod play;
mod record;
mod repair;
mod replay;
mod results;
mod rules;
mod serve;
mod tester;
mod tournament;
mod tournament_host;
mod view;

pub use bot::BotArgs;
pub use check_bot::CheckBotArgs;
pub use completions::CompletionsArgs;
pub use hosting_check::HostingCheckArgs;
pub use league::{
    LeaderboardFormat, LeagueCommand, LeagueInviteArgs, LeagueLeaderboardArgs, LeagueMergeArgs,
    LeagueNewArgs, LeagueRunArgs, LeagueSubmitArgs, LeagueWithdrawArgs,
};
pub use limits::{GameLimits, LimitOverrides};
pub use live::LiveArgs;
pub use man::ManArgs;
pub use match_cmd::MatchArgs;
pub use merge::MergeArgs;
pub use new_bot::NewBotArgs;
pub use openings::OpeningsCommand;
pub use output::JsonFlag;
pub use play::{HumanArgs, PlayArgs};
pub use record::RecordOptions;
pub use repair::RepairArgs;
pub use replay::{ExportFormat, ReplayArgs};
pub use results::{ResultsArgs, ResultsFormat};
pub use rules::RulesCommand;
pub use serve::ServeArgs;
pub use tester::TesterOptions;
pub use tournament::{EventInputs, OnCrash, TournamentArgs};
pub use tournament_host::{HostCommand, ReplaceArgs, RerunArgs, WithdrawArgs};
pub use view::ViewArgs;

use crate::cli_habits::For;
use check_bot::CHECK_BOT_HELP;
use clap::{Parser, Subcommand};
use completions::COMPLETIONS_HELP;
use help::with_habits;
use hosting_check::HOSTING_CHECK_HELP;
use league::LEAGUE_HELP;
use man::MAN_HELP;
use match_cmd::MATCH_HELP;
use new_bot::NEW_BOT_HELP;
use serve::SERVE_HELP;

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
    /// Set aside the damaged lines of a games.jsonl (a write cut short in its middle), keeping
    /// every whole line
    Repair(RepairArgs),
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
    /// The league's site: participants submit bots, see them built and checked, and watch
    /// them play (docs/serve.md)
    #[command(after_help = SERVE_HELP)]
    Serve(ServeArgs),
    /// Print the completion script for your shell: bash, zsh, fish, elvish or powershell
    #[command(after_help = COMPLETIONS_HELP)]
    Completions(CompletionsArgs),
    /// Print baraza's man pages (roff), or write one per command into a folder
    #[command(after_help = MAN_HELP)]
    Man(ManArgs),
}
