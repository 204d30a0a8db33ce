//! `baraza new-bot <language> <dir>`: a starter kit of [`crate::kits`] written into a folder,
//! and the three commands that come next.

use crate::cli::NewBotArgs;
use crate::kits::{self, KITS};
use anyhow::anyhow;
use std::io::Write;

pub fn run(out: &mut dyn Write, args: NewBotArgs) -> anyhow::Result<()> {
    let kit = kits::find(&args.language).ok_or_else(|| {
        let names: Vec<_> = KITS.iter().map(|k| k.language).collect();
        anyhow!(
            "no starter kit for '{}': choose one of {}",
            args.language,
            names.join(", ")
        )
    })?;
    let written = kit.write(&args.dir)?;
    let dir = args.dir.display();
    let names: Vec<_> = written
        .iter()
        .filter_map(|p| p.strip_prefix(&args.dir).ok())
        .map(|p| p.display().to_string())
        .collect();
    writeln!(
        out,
        "wrote a {} starter bot into {dir}: {}",
        kit.title,
        names.join(", ")
    )?;
    match kit.vendor {
        kits::Vendor::Nothing => {}
        kits::Vendor::RulesCrate => writeln!(
            out,
            "  and the rules engines' crate it builds against, in {}/",
            kits::RULES_FOLDER
        )?,
        kits::Vendor::PythonPackage => writeln!(
            out,
            "  and the source of the `baraza` Python package it imports, in {}/ (the build \
             step installs it into .venv/: Rust and an internet connection to PyPI and \
             crates.io needed, the first time about a minute)",
            kits::PYTHON_FOLDER
        )?,
    }
    let baraza = program_name();
    let command = kit.command_in(&args.dir);
    let quoted = shlex::try_quote(&command).map_or(command.clone(), |q| q.into_owned());
    let dir_word = shlex::try_quote(&dir.to_string()).map_or(dir.to_string(), |q| q.into_owned());
    writeln!(out, "next:")?;
    writeln!(out, "  (cd {dir_word} && {})", kit.build)?;
    writeln!(out, "  {baraza} check-bot darra bao dara {quoted}")?;
    writeln!(
        out,
        "  {baraza} match darra {quoted} builtin:greedy --games 10"
    )?;
    Ok(())
}

/// How to call this program again: as it was called when that was a path
/// (`target/release/baraza`), else `baraza`.
fn program_name() -> String {
    std::env::args()
        .next()
        .filter(|p| p.contains('/'))
        .unwrap_or_else(|| "baraza".to_string())
}
