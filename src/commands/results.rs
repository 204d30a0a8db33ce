//! `baraza results DIR [--format text|json|csv|markdown] [--anchor NAME=ELO]`: the tournament
//! table, recomputed from games.jsonl alone (or from a `match --jsonl` file).

use super::write_json;
use crate::cli::{ResultsArgs, ResultsFormat};
use crate::tournament::{match_log, ratings, render, results};
use std::io::Write;

pub fn run(out: &mut dyn Write, args: ResultsArgs) -> anyhow::Result<()> {
    let games = match_log::read_any_log(&args.dir)?;
    let mut table = results::standings(&games);
    if let Some(a) = &args.anchor {
        let (name, elo) = ratings::parse_anchor(a).map_err(anyhow::Error::msg)?;
        results::anchor_ratings(&mut table, &name, elo)?;
    }
    let format = if args.json {
        ResultsFormat::Json
    } else {
        args.format
    };
    match format {
        ResultsFormat::Json => return write_json(out, &serde_json::to_value(&table)?),
        ResultsFormat::Text => write!(out, "{}", render::render_text(&table))?,
        ResultsFormat::Csv => write!(out, "{}", render::render_csv(&table))?,
        ResultsFormat::Markdown => write!(out, "{}", render::render_markdown(&table))?,
    }
    Ok(())
}
