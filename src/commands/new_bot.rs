//! `baraza new-bot <language> <dir>`: a starter kit of [`crate::kits`] written into a folder,
//! and the three commands that come next.

use crate::cli::NewBotArgs;
use crate::kits::{self, KITS};
use anyhow::anyhow;
use std::io::Write;
use std::path::Path;

pub fn run(out: &mut dyn Write, args: NewBotArgs) -> anyhow::Result<()> {
    let kit = kits::find(&args.language).ok_or_else(|| {
        let names: Vec<_> = KITS.iter().map(|k| k.language).collect();
        anyhow!(
            "no starter kit for '{}': choose one of {}",
            args.language,
            names.join(", ")
        )
    })?;
    // The Rust kit builds against the checkout this binary was built from.
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let written = kit.write(&args.dir, crate_dir)?;
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
    let rules = crate_dir.join(kits::RULES_CRATE);
    if kit.language == "rust" && !rules.join("Cargo.toml").is_file() {
        writeln!(
            out,
            "note: its Cargo.toml takes the rules engines' crate from {}, in the checkout this \
             binary was built from, which is gone: set that path to crates/rules of your \
             baraza checkout",
            rules.display()
        )?;
    }
    let baraza = program_name();
    let command = kit.command_in(&args.dir);
    let quoted = shlex::try_quote(&command).map_or(command.clone(), |q| q.into_owned());
    let dir_word = shlex::try_quote(&dir.to_string()).map_or(dir.to_string(), |q| q.into_owned());
    writeln!(out, "next:")?;
    writeln!(out, "  (cd {dir_word} && {})", kit.build_with(crate_dir))?;
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
