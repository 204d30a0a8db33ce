//! `games.jsonl`, the run's source of truth, and the logs read as one.
//!
//! - [`games_jsonl`]: its header and game lines, the reader, the writer, and the resume plan
//!   (which games are missing, refusal of a foreign log);
//! - [`reader`]: the one reader of games.jsonl, line by line: the header, then game lines
//!   (their fields borrowed, the record refilled in place), SPRT lines and a torn last line;
//! - [`seen`]: which game ids were met, a bit a game;
//! - [`match_log`]: a `match --jsonl` file read as a games log; [`match_header`]: its first
//!   line, what the match planned;
//! - [`sprt_order`]: the run's SPRT, pairs in schedule order, and its line in games.jsonl;
//! - [`audit`]: `--verify`, every game line re-judged and the log held against its schedule
//!   ([`audit_expect`]: what each line must be; [`audit_pgn`]: games.pgn compared;
//!   [`par_chunks`]: the chunks of lines judged on every core);
//! - [`host_line`]: a host's withdraw, replace or rerun, a line of its own; [`host_state`]:
//!   what those lines say together (which lines are superseded, who left, versions);
//!   [`host_edit`]: the host's commands that append them; [`host_digest`]: the digest of the
//!   log up to each, which `--verify` checks;
//! - [`merge`]: the shards of one event joined into one run folder ([`merge_twice`]: the lines
//!   it meets twice, compared after the copy; [`merge_out`]: the output folder, an earlier
//!   merge there extended);
//! - [`repair`]: a log damaged in its middle by a write cut short, its whole lines kept and the
//!   rest set aside;
//! - [`whole_append`]: every append to a log, a record whole or not at all (a full disk);
//!   [`file_tail`]: a log's end read from the end (its last line, its last game);
//! - [`published_paths`]: the host's paths a published table or page takes out.

pub mod audit;
pub mod audit_expect;
pub mod audit_pgn;
pub mod file_tail;
pub mod games_jsonl;
pub mod host_digest;
pub mod host_edit;
pub mod host_line;
pub mod host_state;
pub mod match_header;
pub mod match_log;
pub mod merge;
pub mod merge_out;
pub mod merge_twice;
pub mod par_chunks;
pub mod published_paths;
pub mod reader;
pub mod repair;
pub mod seen;
pub mod sink_error;
pub mod sprt_order;
pub mod whole_append;
