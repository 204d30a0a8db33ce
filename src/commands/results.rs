//! `baraza results DIR [--json]`: the tournament table, recomputed from games.jsonl alone.

use super::write_json;
use crate::cli::ResultsArgs;
use crate::tournament::{results, stream};
use std::io::Write;

pub fn run(out: &mut dyn Write, args: ResultsArgs) -> anyhow::Result<()> {
    // Line by line: a log of millions of games is not held in memory.
    let table = stream::standings_of_file(&args.dir)?;
    if args.json {
        write_json(out, &serde_json::to_value(&table)?)
    } else {
        write!(out, "{}", results::render_text(&table))?;
        Ok(())
    }
}
