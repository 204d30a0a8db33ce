//! The tournament's configuration: what the command line and an event TOML file say, merged,
//! checked, and turned into one canonical [`TournamentConfig`] whose hash identifies the event.
//!
//! An event file (`--config event.toml`) uses the command line's long option names as keys;
//! paths in it are relative to the file's own directory:
//!
//! ```toml
//! ruleset = "darra"
//! format = "round-robin"        # or "gauntlet": the first bot plays each of the others
//! rounds = 10
//! seed = 42
//! movetime = 100                # ms per move, for every bot unless it says otherwise
//! margin = 50
//! openings = "openings.txt"     # or: random-opening-plies = 4
//! openings-order = "shuffled"   # or "in-order"
//! sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05"   # or a table: [sprt] elo0 = 0 ...
//! event = "Spring Cup"          # the PGN Event and Site tags
//! site = "Arusha"
//! transcript = "transcripts"    # every bot's protocol transcripts (or per bot, below)
//! combined = true               # one transcript of both bots per game
//! adjudicate-resign = "movecount=3,score=600"    # also: adjudicate, adjudicate-draw
//! sandbox = true                # the hosting keys, every bot's (`hosting_keys.rs`)
//! memory = 1024
//!
//! [[bot]]
//! name = "mine"
//! cmd = "python3 bots/python/my_bot.py"
//! movetime = 200                # this bot's own clock
//! transcript = true             # its transcripts, in OUT/transcripts without a directory
//! memory = 512                  # its own hosting, over the event's and the command line's
//!
//! [[bot]]
//! name = "greedy"
//! cmd = "builtin:greedy"
//! ```
//!
//! Command-line options override the file; `--bot`s on the command line are added after the
//! file's bots.
//!
//! The files, one concept each, each using only files listed below it (doc links aside):
//!
//! - `resolve.rs`: [`EventInputs::resolve`], every check in a fixed order and the defaults, into
//!   a [`TournamentConfig`] and [`RunOptions`];
//! - `hosting_keys.rs`: the event file's hosting keys (`memory`, `sandbox`, ...) and the command
//!   line's hosting options over them, methods of [`EventInputs`];
//! - `inputs.rs`: [`EventInputs`], the event as given, every setting optional: the command line
//!   of `tournament` (its options, their `--help`) and the event file (its keys) in one type;
//!   reading a file, and the command line laid over it;
//! - `bot_entry.rs`: [`BotEntry`], a `[[bot]]` table or a `--bot NAME=BOT`;
//! - `sprt_spec.rs`: [`SprtSpec`], `--sprt` or an event file's `sprt`;
//! - `error.rs`: [`ConfigError`], an event that cannot be played as given;
//! - `names.rs`: the checks of a bot's name ([`NameProblem`], [`refuse_quotes`]);
//! - `event.rs`: the event, checked ([`TournamentConfig`]), its canonical form and hash
//!   ([`CanonicalEvent`], [`canonical_hash`]), the bounds every event keeps ([`MAX_SEED`],
//!   [`MAX_SCHEDULED_GAMES`]);
//! - `run_options.rs`: [`RunOptions`], how the event is run, none of it hashed;
//! - `limits.rs`: a bot's clock and search limits, resolved ([`Limits`]) and as given
//!   ([`LimitOverrides`], [`AdjudicationOverrides`]), and the `--help` texts `match` and
//!   `tournament` share ([`help`]);
//! - `choices.rs`: the event's closed choices, [`Format`], [`OnCrash`], [`OpeningOrder`].
//!
//! Every public item is re-exported here: its path is `crate::tournament::plan::config::X`.

mod bot_entry;
mod choices;
mod error;
mod event;
mod hosting_keys;
mod inputs;
mod limits;
mod names;
mod resolve;
mod run_options;
mod sprt_spec;

pub use bot_entry::{parse_bot_arg, BotArgError, BotEntry};
pub use choices::{Format, OnCrash, OpeningOrder};
pub use error::ConfigError;
pub use event::{
    canonical_hash, scheduled_games, sha256_hex, BotConfig, CanonicalEvent, CanonicalOpenings,
    Openings, Stage, TournamentConfig, MAX_SCHEDULED_GAMES, MAX_SEED,
};
pub use inputs::EventInputs;
pub use limits::{
    help, AdjudicationOverrides, LimitOverrides, Limits, DEFAULT_MARGIN_MS,
    DEFAULT_STARTUP_TIMEOUT_MS,
};
pub use names::{refuse_quotes, NameProblem};
pub use run_options::{RunOptions, DEFAULT_GRACE_MS};
pub use sprt_spec::SprtSpec;
