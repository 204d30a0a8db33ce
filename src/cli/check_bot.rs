//! `baraza check-bot`: a bot walked through the protocol.

use crate::bot::hosting::HostOptions;
use clap::Args;

pub(super) const CHECK_BOT_HELP: &str = "\
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
