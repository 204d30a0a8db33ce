//! What the pages show, made once per batch by the league loop and shared by every request:
//! the leaderboard and the games. A page is then a read of memory, however many are asked for
//! at once, and the league's files have one reader inside the server.

use crate::league::error::LeagueError;
use crate::league::folder::League;
use crate::league::leaderboard::{self, Leaderboard};
use crate::record::GameRecord;
use std::sync::{Arc, RwLock};

pub struct Snapshot {
    pub board: Leaderboard,
    /// Every game of the log, in log order.
    pub records: Vec<GameRecord>,
}

/// The current snapshot, replaced whole.
#[derive(Clone)]
pub struct Shared(Arc<RwLock<Arc<Snapshot>>>);

impl Shared {
    pub fn new(league: &League) -> Result<Shared, LeagueError> {
        Ok(Shared(Arc::new(RwLock::new(Arc::new(make(league)?)))))
    }

    pub fn get(&self) -> Arc<Snapshot> {
        self.0.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Make it again from the league's files; the new leaderboard.
    pub fn refresh(&self, league: &League) -> Result<Leaderboard, LeagueError> {
        let snap = Arc::new(make(league)?);
        let board = snap.board.clone();
        *self.0.write().unwrap_or_else(|p| p.into_inner()) = snap;
        Ok(board)
    }
}

fn make(league: &League) -> Result<Snapshot, LeagueError> {
    let (board, _) = leaderboard::leaderboard(league)?;
    let path = league.games_path();
    let records = match crate::view::load::load(&path) {
        Ok(loaded) => loaded.records,
        // No game yet: an empty log, or none at all.
        Err(_) if board.games == 0 => Vec::new(),
        Err(e) => {
            eprintln!("serve: games: {e}");
            Vec::new()
        }
    };
    Ok(Snapshot { board, records })
}
