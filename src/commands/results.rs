//! `baraza results DIR [--json]`: the tournament table, recomputed from games.jsonl alone.

use super::write_json;
use crate::cli::ResultsArgs;
use crate::tournament::{log, ratings, results};
use std::io::Write;

pub fn run(out: &mut dyn Write, args: ResultsArgs) -> anyhow::Result<()> {
    let games = log::read_games_log(&args.dir)?;
    let mut table = results::standings(&games);
    if let Some(a) = &args.anchor {
        let (name, elo) = ratings::parse_anchor(a).map_err(anyhow::Error::msg)?;
        results::anchor_ratings(&mut table, &name, elo)?;
    }
    if args.json {
        write_json(out, &serde_json::to_value(&table)?)
    } else {
        write!(out, "{}", results::render_text(&table))?;
        Ok(())
    }
}
