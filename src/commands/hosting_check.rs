//! `baraza hosting-check`: which protections a bot started here gets, under the given hosting
//! options (the survey is `bot::protections`).

use crate::bot::protections::{survey, Level};
use crate::cli::HostingCheckArgs;
use std::io::Write;

pub fn run(out: &mut dyn Write, args: HostingCheckArgs) -> anyhow::Result<()> {
    let opts = args.host.unchecked_spawn_options()?;
    let lines = survey(&opts);
    writeln!(
        out,
        "What a bot started here gets, with these hosting options:"
    )?;
    let width = lines.iter().map(|p| p.what.len()).max().unwrap_or(0);
    for p in &lines {
        writeln!(
            out,
            "  {:<11} {:<width$}  {}",
            p.level.tag(),
            p.what,
            p.detail
        )?;
    }
    let refused: Vec<&str> = lines
        .iter()
        .filter(|p| p.level == Level::Refused)
        .map(|p| p.what)
        .collect();
    if refused.is_empty() {
        // A check that the options would pass before an event (the workdir, the wrapper).
        args.host.spawn_options()?;
        Ok(())
    } else {
        Err(anyhow::anyhow!(
            "refused here: {} (match and tournament would not start with these options)",
            refused.join(", ")
        ))
    }
}
