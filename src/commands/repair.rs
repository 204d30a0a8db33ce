//! `baraza repair DIR`: the damaged lines of a games.jsonl set aside
//! ([`crate::tournament::log::repair`]), each named on stdout, and the games.pgn beside it
//! made the log's twin again.

use crate::cli::RepairArgs;
use crate::events::pgn::PgnSink;
use crate::tournament::log::host_edit::counted_records;
use crate::tournament::log::repair::{render_text, repair};
use std::io::Write;

pub fn run(out: &mut dyn Write, args: RepairArgs) -> anyhow::Result<()> {
    let done = repair(&args.dir)?;
    write!(out, "{}", render_text(&done))?;
    // games.pgn holds the log's counted games: a game set aside leaves it now, as the next
    // run would rewrite it anyway.
    let dir = done.log.parent().unwrap_or(std::path::Path::new("."));
    let pgn = dir.join("games.pgn");
    if !done.set_aside.is_empty() && pgn.is_file() {
        PgnSink::rewrite(&pgn, &counted_records(dir)?)?;
        writeln!(out, "{}: rewritten from the log", pgn.display())?;
    }
    Ok(())
}
