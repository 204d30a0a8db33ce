//! Self-contained HTML pages of games: the viewer (`baraza view`), the event report
//! (`baraza results --format html`) and the live page of a running event (`--live`).
//!
//! Every position a page shows is computed here, by the engines, when the page is written: the
//! page's script only draws position strings and steps through them, it knows no rule. They
//! travel as each position's changes from the one before ([`wire`]), read back by the script
//! when a game is first shown. The page loads nothing (no script, font or image from
//! anywhere): the template, the script and the style sheet are compiled into baraza and
//! written inline.

pub mod bot_anchors;
pub mod bots;
pub mod evals;
pub mod event;
pub mod faults;
pub mod game_view;
pub mod live;
pub mod load;
pub mod page;
pub mod report;
pub mod svg;
pub mod think_time;
pub mod wire;

pub use game_view::{build_games, GameView};
pub use load::{load, Loaded};

/// Why a page cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum ViewError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {error}")]
    Pgn {
        path: String,
        error: crate::record::pgn::PgnError,
    },
    #[error("{path}: {error}")]
    Jsonl {
        path: String,
        error: load::JsonlError,
    },
    #[error("--logs {path}: {why}")]
    Logs { path: String, why: String },
    /// `--logs` files that name none of the games shown.
    #[error(
        "--logs {path}: its info files are of games {found}, none of the {games} games of {log}"
    )]
    LogsOfOtherGames {
        path: String,
        found: String,
        games: usize,
        log: String,
    },
    #[error("{0}: no game in it")]
    Empty(String),
}
