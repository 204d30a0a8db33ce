//! `baraza completions`: the shell whose completion script to print.

use clap::Args;

pub(super) const COMPLETIONS_HELP: &str = "\
The script completes the commands, their options, and the values of the options that take one
of a fixed set (--format, --on-crash, ...). It is made from the same definitions as --help, so
it knows every option of this version: write it again after an upgrade. Installed where the
shell looks for completions, it is loaded by every new shell (docs/shell.md has the details,
elvish's and PowerShell's too).

Examples:
  baraza completions bash > ~/.local/share/bash-completion/completions/baraza
  baraza completions zsh > ~/.zfunc/_baraza    (with fpath+=(~/.zfunc) before compinit in ~/.zshrc)
  baraza completions fish > ~/.config/fish/completions/baraza.fish
  source <(baraza completions bash)            (this bash only)";

/// `baraza completions <shell>`.
#[derive(Args, Debug, Clone)]
pub struct CompletionsArgs {
    /// The shell to write the script for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}
