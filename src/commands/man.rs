//! `baraza man [COMMAND...] | --out DIR`: clap_mangen's roff pages, made from the
//! command-line definitions ([`crate::cli`]) as they are in this binary.

use crate::cli::{Cli, ManArgs};
use anyhow::{anyhow, Context};
use clap::CommandFactory;
use clap_mangen::Man;
use std::io::Write;
use std::path::Path;

pub fn run(out: &mut dyn Write, args: ManArgs) -> anyhow::Result<()> {
    let root = built();
    match &args.out {
        Some(dir) => write_all(out, &root, dir),
        None => {
            let cmd = find(&root, &args.command)?;
            page(cmd).render(out)?;
            Ok(())
        }
    }
}

/// The whole command tree, built: each subcommand knows its display name (`baraza-match`),
/// which is its page's title and file name. No `help` subcommand: it has no page.
fn built() -> clap::Command {
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
    root
}

/// The page of `cmd`, every one saying which program and version it documents
/// (`baraza 0.1.0`; clap_mangen's own would be `match ` for a subcommand).
fn page(cmd: &clap::Command) -> Man {
    Man::new(cmd.clone()).source(concat!("baraza ", env!("CARGO_PKG_VERSION")))
}

/// The command that `words` name (`league run`), among those that have a page: not the
/// hidden ones (`human`).
fn find<'a>(root: &'a clap::Command, words: &[String]) -> anyhow::Result<&'a clap::Command> {
    let mut cmd = root;
    for (i, word) in words.iter().enumerate() {
        let Some(sub) = pages(cmd).find(|c| c.get_name() == word) else {
            let said = words[..=i].join(" ");
            let parent = ["baraza"]
                .into_iter()
                .chain(words[..i].iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            let names: Vec<&str> = pages(cmd).map(|c| c.get_name()).collect();
            if names.is_empty() {
                return Err(anyhow!(
                    "no command '{said}': `{parent}` has no subcommands"
                ));
            }
            return Err(anyhow!(
                "no command '{said}' (the commands of `{parent}`: {})",
                names.join(", ")
            ));
        };
        cmd = sub;
    }
    Ok(cmd)
}

/// The subcommands of `cmd` that get a page.
fn pages(cmd: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    cmd.get_subcommands().filter(|c| !c.is_hide_set())
}

/// Write the page of `root` and of each of its subcommands, depth first, into `dir`, printing
/// each file's path.
fn write_all(out: &mut dyn Write, root: &clap::Command, dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("--out {}: cannot make the folder", dir.display()))?;
    let mut stack = vec![root];
    while let Some(cmd) = stack.pop() {
        let man = page(cmd);
        let path = man.generate_to(dir).with_context(|| {
            format!(
                "--out {}: cannot write {}",
                dir.display(),
                man.get_filename()
            )
        })?;
        writeln!(out, "{}", path.display())?;
        let subs: Vec<_> = pages(cmd).collect();
        stack.extend(subs.into_iter().rev());
    }
    Ok(())
}
