//! `baraza merge --out DIR SHARD_DIR...`: one event's shards joined into one run folder
//! ([`crate::tournament::log::merge`]).

use super::write_json;
use crate::cli::MergeArgs;
use crate::tournament::log::merge;
use std::io::Write;

pub fn run(out: &mut dyn Write, args: MergeArgs) -> anyhow::Result<()> {
    let report = merge::merge(&args.inputs, &args.out, args.partial)?;
    if args.json {
        write_json(out, &serde_json::to_value(&report)?)
    } else {
        write!(out, "{}", merge::render_text(&report))?;
        Ok(())
    }
}
