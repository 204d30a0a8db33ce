//! `baraza completions <shell>`: clap_complete's script for the shell, made from the
//! command-line definitions ([`crate::cli`]) as they are in this binary.

use crate::cli::{Cli, CompletionsArgs};
use clap::CommandFactory;
use clap_complete::Generator;
use std::io::Write;

pub fn run(out: &mut dyn Write, args: CompletionsArgs) -> anyhow::Result<()> {
    // What clap_complete::generate does, but with the write's error returned: that one
    // panics on a closed pipe (`baraza completions bash | head`) or a full disk.
    let mut cmd = Cli::command().bin_name("baraza");
    cmd.build();
    args.shell.try_generate(&cmd, out)?;
    Ok(())
}
