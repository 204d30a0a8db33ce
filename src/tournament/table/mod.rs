//! The results of a run: the table, computed from games.jsonl alone.
//!
//! - [`results`]: the table and its tally; [`results_stream`]: the same of a log read line by
//!   line; [`pair_book`]: the legs of each pair, packed;
//! - [`table_view`]: which lines count, under which names (host lines, `--exclude`,
//!   `--versions`);
//! - [`field_changes`]: who was withdrawn, left out or replaced, and the games the table
//!   will count (its "N of M");
//! - [`faults`]: the games each bot lost to a fault, with example reasons;
//! - [`render`]: the table as text, CSV or Markdown; [`report`]: a two-bot run's report block.

pub mod faults;
pub mod field_changes;
pub mod pair_book;
pub mod render;
pub mod report;
pub mod results;
pub mod results_stream;
pub mod table_view;
