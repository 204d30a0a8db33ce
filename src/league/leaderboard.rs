//! The leaderboard: the active versions ranked by rating (the same Bradley-Terry fit with
//! 95% intervals as `baraza results`, over the games between active versions only), every
//! entrant's versions with their status and games, and the most recent games. Computed from
//! the log (as [`super::log_index`] sums it up) and entrants.toml alone; [`super::leaderboard_render`] shows it.

use super::entrants::Entrants;
use super::error::LeagueError;
use super::folder::League;
use super::log_index::{LogIndex, PairCount};
use crate::escape::host_paths::HostPaths;
use crate::stats::ratings::{self, PairGames, Rating, RatingList};
use crate::tournament::log::games_jsonl::GameLine;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leaderboard {
    /// Its title: league.toml's `event`, else the folder's name (never its path: a published
    /// page names nothing of the host's).
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

/// The leaderboard of `league` now, and its recent games (oldest first), the host's paths
/// taken out of what their bots wrote ([`crate::escape::host_paths`]).
pub fn leaderboard(league: &League) -> Result<(Leaderboard, Vec<GameLine>), LeagueError> {
    let entrants = Entrants::load(&league.dir)?;
    let index = LogIndex::current(&league.dir)?;
    let active_ids: Vec<String> = entrants
        .active()
        .iter()
        .map(|&i| entrants.versions[i].id())
        .collect();
    let table = ActiveTable::of(&index, &active_ids);
    let mut active: Vec<ActiveRow> = entrants
        .active()
        .iter()
        .map(|&i| {
            let v = &entrants.versions[i];
            let id = v.id();
            let (games, points) = table.games_points(&id);
            let rating = table.rating_of(&id);
            ActiveRow {
                rank: 0,
                name: v.name.clone(),
                version: v.version.clone(),
                rating: rating.map(|r| r.rating),
                error95: rating.map(|r| r.error95).filter(|e| e.is_finite()),
                games,
                points,
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
        let at = index.names.iter().position(|n| n == id);
        at.map_or(0, |i| index.games_of[i])
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
    let mut shown = index.recent_lines(&league.dir)?;
    // The HTML leaderboard shows these games: the host's paths out of what the bots wrote.
    let paths = entrants.versions.iter().fold(
        HostPaths::of_this_process().with_output(&league.dir),
        |paths, v| paths.with_command(&v.command),
    );
    for g in &mut shown {
        g.record.scrub_host_paths(&paths);
    }
    let recent = shown
        .iter()
        .rev()
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
        league: title(league),
        ruleset: index.ruleset.clone(),
        games: index.games,
        active,
        ratings_note: table.note,
        entrants: rows,
        recent,
    };
    Ok((board, shown))
}

/// The league's title: its `event`, else its folder's name.
fn title(league: &League) -> String {
    if let Some(event) = &league.inputs.event {
        return event.clone();
    }
    let dir = std::fs::canonicalize(&league.dir).unwrap_or_else(|_| league.dir.clone());
    dir.file_name().map_or_else(
        || "league".to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The finished games between active versions, and the ratings fitted from them: the table
/// `baraza results` makes of those games alone, from the index's counts.
struct ActiveTable {
    /// The versions that played such a game, in the order the log first names them.
    names: Vec<String>,
    /// Games and points of each of `names`.
    scores: Vec<(u64, f64)>,
    ratings: Option<RatingList>,
    note: Option<String>,
}

impl ActiveTable {
    fn of(index: &LogIndex, active_ids: &[String]) -> ActiveTable {
        let active = |i: usize| active_ids.contains(&index.names[i]);
        let between: Vec<&PairCount> = (index.pairs.iter())
            .filter(|p| p.a != p.b && active(p.a) && active(p.b))
            .collect();
        let mut scores = vec![(0u64, 0f64); index.names.len()];
        for p in &between {
            let games = p.a_wins + p.draws + p.b_wins;
            let half = p.draws as f64 / 2.0;
            scores[p.a].0 += games;
            scores[p.a].1 += p.a_wins as f64 + half;
            scores[p.b].0 += games;
            scores[p.b].1 += p.b_wins as f64 + half;
        }
        let played: Vec<usize> = (0..index.names.len())
            .filter(|&i| scores[i].0 > 0)
            .collect();
        let at = |i: usize| played.iter().position(|&p| p == i);
        let pairs: Vec<PairGames> = between
            .iter()
            .filter_map(|p| {
                Some(PairGames {
                    a: at(p.a)?,
                    b: at(p.b)?,
                    a_wins: p.a_wins,
                    draws: p.draws,
                    b_wins: p.b_wins,
                })
            })
            .collect();
        let names: Vec<String> = played.iter().map(|&i| index.names[i].clone()).collect();
        let (ratings, note) = match ratings::fit(&names, &pairs) {
            Ok(list) => (Some(list), None),
            Err(e) => (None, Some(e.to_string())),
        };
        ActiveTable {
            scores: played.iter().map(|&i| scores[i]).collect(),
            names,
            ratings,
            note,
        }
    }

    fn games_points(&self, id: &str) -> (u64, f64) {
        let at = self.names.iter().position(|n| n == id);
        at.map_or((0, 0.0), |i| self.scores[i])
    }

    fn rating_of(&self, id: &str) -> Option<&Rating> {
        let list = self.ratings.as_ref()?;
        list.ratings.iter().find(|r| r.name == id)
    }
}
