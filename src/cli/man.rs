//! `baraza man`: which man page to print, or the folder to write them all into.

use clap::Args;

pub(super) const MAN_HELP: &str = "\
Without COMMAND: the page of baraza itself, baraza(1). With one, that command's page:
`baraza man match` is baraza-match(1), `baraza man league run` is baraza-league-run(1). The
pages are made from the same definitions as --help: the options with their defaults, and the
examples.

With --out DIR: every page, one file per command (baraza.1, baraza-match.1, ...), written into
DIR (made if missing), and their paths printed one per line. `man` finds pages in
~/.local/share/man when ~/.local/bin is on the PATH (docs/shell.md).

Examples:
  baraza man match | man -l -
  baraza man --out ~/.local/share/man/man1
  man baraza-tournament";

/// `baraza man [COMMAND...] | --out DIR`.
#[derive(Args, Debug, Clone)]
pub struct ManArgs {
    /// A command (match), or a command and its subcommand (league run) [default: baraza's own
    /// page]
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
    /// Write every command's page into DIR instead, and print their paths
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub out: Option<std::path::PathBuf>,
}
