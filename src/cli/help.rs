//! What several commands' help texts share.

use crate::cli_habits::{help_section, For};

/// A command's help text followed by the other arenas' spellings of its options.
pub(super) fn with_habits(help: &str, command: For) -> String {
    format!("{help}\n\n{}", help_section(command).trim_end())
}
