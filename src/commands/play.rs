//! `baraza play <ruleset> <bot> [--as 1|2]`: a person against a bot ([`crate::person`]).

use crate::bot::spec::BotSpec;
use crate::cli::PlayArgs;
use crate::game::Player;
use crate::games;
use crate::person::{self, PersonGame};
use std::io::{IsTerminal, Write};

pub fn run(out: &mut dyn Write, args: PlayArgs) -> anyhow::Result<()> {
    let ruleset = games::ruleset(&args.ruleset)?;
    let start = match &args.start {
        None => ruleset.start_position(),
        Some(s) => {
            games::parse_start(ruleset.id, s).map_err(|e| anyhow::anyhow!("--start: {e}"))?
        }
    };
    let game = PersonGame {
        ruleset,
        start,
        bot: BotSpec::parse("bot", &args.bot)?,
        person: Player::from_index(usize::from(args.side) - 1),
        name: args.name,
        tc: args.tc,
        movetime_ms: args.movetime,
        seed: args.seed,
        verbose: args.verbose,
        color: std::io::stdout().is_terminal(),
    };
    let rec = person::play(out, game)?;
    person::append_to_logs(&rec, args.pgn.as_deref(), args.jsonl.as_deref())?;
    Ok(())
}
