//! `baraza tournament withdraw|replace|rerun`: a host's changes between runs.

use clap::{Args, Subcommand};

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
