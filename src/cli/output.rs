//! The output option group shared by the `rules` subcommands: `--json`.

use clap::Args;

#[derive(Args, Debug, Clone, Copy)]
pub struct JsonFlag {
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}
