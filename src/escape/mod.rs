//! Text that a bot (or whoever names one) controls, escaped for where it is read: one module
//! per target. HTML pages escape in [`crate::view`] and the PGN log in [`crate::record::pgn`],
//! beside their writers; JSON is escaped by serde.

pub mod csv;
pub mod log_file;
pub mod markdown;
pub mod terminal;
