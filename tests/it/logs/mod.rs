//! The logs: the PGN-like log, the formats other tools read, and `replay`.

mod chess_tools;
mod escaping;
mod formats;
mod host_paths;
mod pgn;
mod reader_rules;
mod repair;
mod replay_of_matches;
mod replay_sources;
mod replay_stepping;
mod replay_verify;
mod verify_edits;
mod verify_results;
