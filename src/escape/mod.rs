//! Text that a bot (or whoever names one) controls, escaped for where it is read: one module
//! per target. The PGN log escapes in [`crate::record::pgn`], beside its writer; JSON is
//! escaped by serde. [`bidi`]: the characters that turn a line around, written visibly
//! wherever a page or table is published. [`host_paths`]: the host's paths in what a bot wrote,
//! as placeholders. [`shell`]: a word quoted for a POSIX shell.

pub mod bidi;
pub mod csv;
pub mod host_paths;
pub mod html;
pub mod log_file;
pub mod markdown;
pub mod shell;
pub mod terminal;
