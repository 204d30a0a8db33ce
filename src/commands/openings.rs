//! `baraza openings list` and `baraza openings generate`: the shipped opening suites, and the
//! command that made them.

use crate::builtin::suite::{generate, SuiteSpec};
use crate::cli::OpeningsCommand;
use crate::tournament::plan::suites::{PREFIX, SUITES};
use std::io::Write;

pub fn run(out: &mut dyn Write, cmd: OpeningsCommand) -> anyhow::Result<()> {
    match cmd {
        OpeningsCommand::List => {
            for (ruleset, text) in SUITES {
                let count = text
                    .lines()
                    .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                    .count();
                let command = text.lines().nth(1).unwrap_or("").trim_start_matches("# ");
                writeln!(out, "{PREFIX}{ruleset:<11} {count:>4} positions  {command}")?;
            }
            Ok(())
        }
        OpeningsCommand::Generate {
            ruleset,
            count,
            plies,
            nodes,
            max_score,
            seed,
        } => {
            let spec = SuiteSpec {
                ruleset: crate::games::ruleset(&ruleset)?.id.to_string(),
                count: count.get_usize(),
                plies,
                nodes: nodes.max(1),
                max_score: max_score.max(0),
                seed,
            };
            // One progress line, rewritten whenever a position is kept.
            let (mut err, mut shown) = (std::io::stderr(), 0);
            let suite = generate(&spec, &mut |tried, kept| {
                if kept > shown {
                    shown = kept;
                    let _ = write!(err, "\rbaraza: {kept}/{count} kept of {tried} drawn");
                }
            })?;
            eprintln!();
            let count = spec.count;
            if suite.len() < count {
                eprintln!(
                    "baraza: only {} balanced positions found in {} draws; allow a larger --max-score or fewer --plies",
                    suite.len(),
                    count * crate::builtin::suite::TRIES_PER_POSITION
                );
            }
            out.write_all(spec.file_text(&suite).as_bytes())?;
            Ok(())
        }
    }
}
