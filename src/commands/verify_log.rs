//! `baraza results --verify` and `baraza replay --verify` of a run folder: every problem the
//! audit of the log found ([`crate::tournament::log::audit`]) on a line of its own, escaped for
//! the terminal, then a one-line failure counting them (exit status 1); or
//! `verified N games: no problem`.

use crate::escape::terminal::escape_control;
use crate::tournament::log::audit::audit_path;
use std::io::Write;
use std::path::Path;

pub fn run(out: &mut dyn Write, path: &Path) -> anyhow::Result<()> {
    let audit = audit_path(path)?;
    for p in &audit.problems {
        writeln!(out, "{}", escape_control(p))?;
    }
    let n = audit.problems.len();
    if n == 0 {
        writeln!(out, "verified {} games: no problem", audit.games)?;
        return Ok(());
    }
    out.flush()?;
    anyhow::bail!(
        "{}: {n} problem{} in {} games",
        escape_control(&audit.source),
        if n == 1 { "" } else { "s" },
        audit.games
    )
}
