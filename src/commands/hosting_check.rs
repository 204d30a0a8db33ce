//! `baraza hosting-check`: which protections a bot started here gets, under the given hosting
//! options, or under an event file's for each of its bots (the survey is `bot::protections`).

use crate::bot::protections::{survey, Level, Protection};
use crate::bot::SpawnOptions;
use crate::cli::HostingCheckArgs;
use crate::tournament::plan::config::EventInputs;
use std::io::Write;

pub fn run(out: &mut dyn Write, args: HostingCheckArgs) -> anyhow::Result<()> {
    let Some(event) = &args.config else {
        let opts = args.host.unchecked_spawn_options()?;
        let lines = survey(&opts);
        writeln!(
            out,
            "What a bot started here gets, with these hosting options:"
        )?;
        write_lines(out, &lines)?;
        let refused = refused(&lines);
        if refused.is_empty() {
            // A check that the options would pass before an event (the workdir, the wrapper).
            args.host.spawn_options()?;
            return Ok(());
        }
        anyhow::bail!(
            "refused here: {} (match and tournament would not start with these options)",
            refused.join(", ")
        );
    };
    let inputs = EventInputs::load(event)?.with_command_line_hosting(&args.host);
    let (config, _) = inputs.resolve(usize::MAX)?;
    // Bots hosted alike are surveyed once, named together.
    let mut groups: Vec<(Vec<&str>, SpawnOptions, String)> = Vec::new();
    for (name, own) in config.bot_hostings() {
        let key = format!("{own:?}");
        match groups.iter_mut().find(|(_, _, k)| *k == key) {
            Some((names, _, _)) => names.push(name),
            None => groups.push((vec![name], own.unchecked_spawn_options()?, key)),
        }
    }
    let mut refusals = Vec::new();
    for (names, opts, _) in &groups {
        let lines = survey(opts);
        let (who, verb) = match names.as_slice() {
            [one] => (one.to_string(), "gets"),
            [init @ .., last] => (format!("{} and {last}", init.join(", ")), "get"),
            [] => continue,
        };
        writeln!(
            out,
            "What {who} {verb} here, as {} hosts it:",
            event.display()
        )?;
        write_lines(out, &lines)?;
        let refused = refused(&lines);
        if !refused.is_empty() {
            refusals.push(format!("{} ({})", names.join(", "), refused.join(", ")));
        }
    }
    if refusals.is_empty() {
        // As `tournament --config` would check them before its first game.
        let hidden: Vec<std::path::PathBuf> = Vec::new();
        crate::bot::hosting::HostOptions::default().bot_hosts(config.bot_hostings(), &hidden)?;
        return Ok(());
    }
    anyhow::bail!(
        "refused here for {} (the tournament would not start)",
        refusals.join("; ")
    )
}

fn write_lines(out: &mut dyn Write, lines: &[Protection]) -> std::io::Result<()> {
    let width = lines.iter().map(|p| p.what.len()).max().unwrap_or(0);
    for p in lines {
        writeln!(
            out,
            "  {:<11} {:<width$}  {}",
            p.level.tag(),
            p.what,
            p.detail
        )?;
    }
    Ok(())
}

fn refused(lines: &[Protection]) -> Vec<&'static str> {
    lines
        .iter()
        .filter(|p| p.level == Level::Refused)
        .map(|p| p.what)
        .collect()
}
