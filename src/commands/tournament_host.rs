//! `baraza tournament withdraw|replace|rerun DIR ...`: the host's changes between runs, each
//! appended to DIR/games.jsonl as a host line ([`crate::tournament::log::host_edit`]).

use crate::cli::HostCommand;
use crate::events::pgn::PgnSink;
use crate::tournament::log::host_edit::{self, RerunChoice};
use crate::tournament::log::host_line::Played;
use crate::tournament::log::merge::PGN_FILE;
use std::io::Write;

pub fn run(out: &mut dyn Write, command: HostCommand) -> anyhow::Result<()> {
    let said = match command {
        HostCommand::Withdraw(a) => {
            let played = if a.exclude_played {
                Played::Excluded
            } else {
                Played::Kept
            };
            host_edit::withdraw(&a.dir, &a.bot, played)?
        }
        HostCommand::Replace(a) => host_edit::replace(&a.dir, &a.bot, &a.cmd)?,
        HostCommand::Rerun(a) => {
            let choice = RerunChoice {
                ids: a.ids,
                bots: a.bots,
                terminations: a.terminations,
                reasons: a.reasons,
            };
            let (_, said) = host_edit::rerun(&a.dir, &choice, a.dry_run)?;
            // games.pgn holds the counted games: the superseded ones leave it now.
            let pgn = a.dir.join(PGN_FILE);
            if !a.dry_run && pgn.is_file() {
                PgnSink::rewrite(&pgn, &host_edit::counted_records(&a.dir)?)?;
            }
            said
        }
    };
    writeln!(out, "{said}")?;
    Ok(())
}
