//! `baraza results DIR [--json]`: the tournament table, recomputed from games.jsonl alone.

use super::write_json;
use crate::cli::ResultsArgs;
use crate::tournament::{log, results};
use std::io::Write;

pub fn run(out: &mut dyn Write, args: ResultsArgs) -> anyhow::Result<()> {
    let games = log::read_games_log(&args.dir)?;
    let table = results::standings(&games);
    if args.json {
        write_json(out, &serde_json::to_value(&table)?)
    } else {
        write!(out, "{}", results::render_text(&table))?;
        Ok(())
    }
}
