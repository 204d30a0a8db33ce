//! The leaderboard: the active versions ranked by rating (the same Bradley-Terry fit with
//! 95% intervals as `baraza results`, over the games between active versions only), every
//! entrant's versions with their status and games, and the most recent games. Computed from
//! the log and entrants.toml alone; [`super::leaderboard_render`] shows it.

use super::entrants::Entrants;
use super::error::LeagueError;
use super::folder::League;
use crate::tournament::log::games_jsonl::GameLine;
use crate::tournament::log::reader::read_games_log;
use crate::tournament::table::results::standings_from;
use serde::Serialize;

/// How many recent games it lists.
pub const RECENT_GAMES: usize = 20;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leaderboard {
    pub league: String,
    pub ruleset: String,
    /// Games in the log, all versions.
    pub games: u64,
    pub active: Vec<ActiveRow>,
    /// Why there are no ratings (too few games, a version that won every game, ...).
    pub ratings_note: Option<String>,
    pub entrants: Vec<EntrantRow>,
    /// The last games of the log, newest first.
    pub recent: Vec<RecentGame>,
}

/// An active version's line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActiveRow {
    pub rank: usize,
    pub name: String,
    pub version: String,
    /// `name@version`, as its games call it.
    pub id: String,
    pub rating: Option<f64>,
    /// Half the 95% interval.
    pub error95: Option<f64>,
    /// Games against active versions (those the rating is fitted from).
    pub games: u64,
    pub points: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntrantRow {
    pub name: String,
    pub versions: Vec<VersionRow>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VersionRow {
    pub version: String,
    pub id: String,
    /// `active`, `superseded` or `withdrawn`.
    pub status: String,
    pub submitted: String,
    pub superseded: Option<String>,
    pub withdrawn: Option<String>,
    /// All its games in the log, against any version.
    pub games: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecentGame {
    pub game: u64,
    pub game_id: String,
    pub white: String,
    pub black: String,
    pub result: String,
    pub termination: String,
    pub plies: usize,
    /// The game in the HTML leaderboard's viewer: `#g<game>`.
    pub view: String,
}

/// The leaderboard of `league` now.
pub fn leaderboard(league: &League) -> Result<(Leaderboard, Vec<GameLine>), LeagueError> {
    let entrants = Entrants::load(&league.dir)?;
    let log = read_games_log(&league.games_path())?;
    let active_ids: Vec<String> = entrants
        .active()
        .iter()
        .map(|&i| entrants.versions[i].id())
        .collect();
    let is_active = |name: &str| active_ids.iter().any(|a| a == name);
    let between_active: Vec<GameLine> = log
        .games
        .iter()
        .filter(|g| is_active(&g.record.white) && is_active(&g.record.black))
        .cloned()
        .collect();
    let table = standings_from(&log.header, &between_active);
    let rating_of = |id: &str| {
        let list = table.ratings.as_ref()?;
        list.ratings.iter().find(|r| r.name == id)
    };
    let mut active: Vec<ActiveRow> = entrants
        .active()
        .iter()
        .map(|&i| {
            let v = &entrants.versions[i];
            let id = v.id();
            let bot = table.bots.iter().find(|b| b.name == id);
            let rating = rating_of(&id);
            ActiveRow {
                rank: 0,
                name: v.name.clone(),
                version: v.version.clone(),
                rating: rating.map(|r| r.rating),
                error95: rating.map(|r| r.error95).filter(|e| e.is_finite()),
                games: bot.map_or(0, |b| b.games),
                points: bot.map_or(0.0, |b| b.points),
                id,
            }
        })
        .collect();
    // Highest rating first; versions without one after, in submission order.
    active.sort_by(|a, b| {
        let key = |r: &ActiveRow| r.rating.unwrap_or(f64::NEG_INFINITY);
        key(b).total_cmp(&key(a))
    });
    for (k, row) in active.iter_mut().enumerate() {
        row.rank = k + 1;
    }
    let count = |id: &str| {
        let plays = |g: &&GameLine| g.record.white == id || g.record.black == id;
        log.games.iter().filter(plays).count() as u64
    };
    let mut rows: Vec<EntrantRow> = Vec::new();
    for v in &entrants.versions {
        let row = VersionRow {
            version: v.version.clone(),
            id: v.id(),
            status: v.status().to_string(),
            submitted: v.submitted.clone(),
            superseded: v.superseded.clone(),
            withdrawn: v.withdrawn.clone(),
            games: count(&v.id()),
        };
        match rows.iter_mut().find(|e| e.name == v.name) {
            Some(e) => e.versions.push(row),
            None => rows.push(EntrantRow {
                name: v.name.clone(),
                versions: vec![row],
            }),
        }
    }
    let recent = log
        .games
        .iter()
        .rev()
        .take(RECENT_GAMES)
        .map(|g| RecentGame {
            game: g.record.game,
            game_id: g.game_id.clone(),
            white: g.record.white.clone(),
            black: g.record.black.clone(),
            result: g.record.result.to_string(),
            termination: g.record.termination.to_string(),
            plies: g.record.moves.len(),
            view: format!("#g{}", g.record.game),
        })
        .collect();
    let board = Leaderboard {
        league: league.dir.display().to_string(),
        ruleset: log.header.event.ruleset.clone(),
        games: log.games.len() as u64,
        active,
        ratings_note: table.ratings_note.clone(),
        entrants: rows,
        recent,
    };
    let shown = log.games.len().saturating_sub(RECENT_GAMES);
    Ok((board, log.games.into_iter().skip(shown).collect()))
}
