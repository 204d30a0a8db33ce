//! A batch played in shards (Slurm, GNU parallel, several machines): `league run DIR
//! --plan-only` writes the batch, `league run DIR --shard K/N` plays the pairs of shard K
//! (pairs numbered K, K+N, ... as `tournament --shard` splits them, [`Shard`]) into a folder
//! of its own, `DIR/shards/B-K` by default (resumed like a league run when run again), and
//! `league merge DIR` appends the shards' games to the league's log in batch order, each
//! once, and ends the batch.

use super::batch::Batch;
use super::batch_games::{play, remove_stop_file, PlayChoices, Played, Target};
use super::error::{LeagueError, OtherPlayers};
use super::folder::{League, PGN_FILE};
use super::run::state;
use crate::events::pgn::PgnSink;
use crate::tournament::log::games_jsonl::{GameLine, GamesWriter, GAMES_FILE};
use crate::tournament::log::reader::read_games_log;
use crate::tournament::plan::shard::Shard;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The folder of the pending batch's shards.
pub const SHARDS_DIR: &str = "shards";

/// The batch planned and not finished, or a one-line error saying how to plan one.
fn pending(league: &League) -> Result<Batch, LeagueError> {
    Batch::load(&league.dir)?.ok_or_else(|| LeagueError::NoBatch {
        dir: league.dir.clone(),
    })
}

/// Shard `shard`'s default folder: `DIR/shards/B-K`.
pub fn shard_dir(league: &League, batch: u32, shard: Shard) -> PathBuf {
    league
        .dir
        .join(SHARDS_DIR)
        .join(format!("{batch}-{}", shard.index))
}

/// The game lines of a shard folder (none when it has no log yet).
fn shard_lines(dir: &Path) -> Result<Vec<GameLine>, LeagueError> {
    if !dir.join(GAMES_FILE).exists() {
        return Ok(vec![]);
    }
    Ok(read_games_log(dir)?.games)
}

/// Play shard `shard` of the pending batch into `out` (default [`shard_dir`]).
pub fn play_shard(
    league: &League,
    shard: Shard,
    out: Option<PathBuf>,
    choices: &PlayChoices,
) -> Result<(PathBuf, usize), LeagueError> {
    let batch = pending(league)?;
    let dir = out.unwrap_or_else(|| shard_dir(league, batch.batch, shard));
    if let Err(source) = std::fs::create_dir_all(&dir) {
        return Err(LeagueError::Create { dir, source });
    }
    remove_stop_file(&dir)?;
    let (entrants, mut so_far, _) = state(league)?;
    let mine = shard_lines(&dir)?;
    so_far.ids.extend(mine.iter().map(|g| g.game_id.clone()));
    let games: Vec<_> = batch
        .remaining(&so_far, &entrants)
        .into_iter()
        .filter(|g| shard.has_pair(g.pair))
        .collect();
    if games.is_empty() {
        return Ok((dir, 0));
    }
    let records: Vec<_> = mine.into_iter().map(|g| g.record).collect();
    let target = Target {
        log: dir.join(GAMES_FILE),
        pgn: dir.join(PGN_FILE),
        earlier: Some(&records),
        dir: dir.clone(),
    };
    let n = games.len();
    let Played { played, .. } = play(league, &entrants, games, &target, choices)?;
    if played < n {
        return Err(LeagueError::ShardStopped {
            shard,
            batch: batch.batch,
            played,
        });
    }
    Ok((dir, played))
}

/// Append the shards' games of the pending batch to the league's log, in batch order, each
/// once; `dirs` empty: every folder under `DIR/shards/` of this batch. Refused, writing
/// nothing, when a game is missing or two shards hold different lines for one game.
pub fn merge(league: &League, dirs: Vec<PathBuf>) -> Result<usize, LeagueError> {
    let batch = pending(league)?;
    let dirs = if dirs.is_empty() {
        batch_shard_dirs(league, batch.batch)?
    } else {
        dirs
    };
    let (entrants, so_far, _) = state(league)?;
    let wanted = batch.remaining(&so_far, &entrants);
    let mut found: BTreeMap<String, (GameLine, &Path)> = BTreeMap::new();
    for dir in &dirs {
        for line in shard_lines(dir)? {
            let Some(game) = wanted.iter().find(|g| g.game_id == line.game_id) else {
                continue;
            };
            let r = &line.record;
            if (r.white.as_str(), r.black.as_str()) != (&game.white_name, &game.black_name) {
                return Err(LeagueError::OtherPlayers(Box::new(OtherPlayers {
                    dir: dir.clone(),
                    game_id: line.game_id.clone(),
                    white: r.white.clone(),
                    black: r.black.clone(),
                    batch: batch.batch,
                    batch_white: game.white_name.clone(),
                    batch_black: game.black_name.clone(),
                })));
            }
            if let Some((other, there)) = found.get(&line.game_id) {
                if other != &line {
                    return Err(LeagueError::PlayedTwice {
                        game_id: line.game_id.clone(),
                        first: there.to_path_buf(),
                        second: dir.clone(),
                    });
                }
                continue;
            }
            found.insert(line.game_id.clone(), (line, dir));
        }
    }
    let missing: Vec<String> = wanted
        .iter()
        .filter(|g| !found.contains_key(&g.game_id))
        .map(|g| g.game_id.clone())
        .collect();
    if !missing.is_empty() {
        return Err(LeagueError::MissingGames {
            batch: batch.batch,
            missing,
        });
    }
    let mut log = GamesWriter::append(&league.games_path())?;
    let pgn_path = league.dir.join(PGN_FILE);
    let mut pgn = match PgnSink::append(&pgn_path) {
        Ok(pgn) => pgn,
        Err(source) => {
            return Err(LeagueError::Open {
                path: pgn_path,
                source,
            })
        }
    };
    for g in &wanted {
        let (line, _) = &found[&g.game_id];
        log.write(line)?;
        pgn.write(&line.record)?;
    }
    Batch::remove(&league.dir)?;
    Ok(wanted.len())
}

/// The folders `DIR/shards/B-*` of batch `batch`.
fn batch_shard_dirs(league: &League, batch: u32) -> Result<Vec<PathBuf>, LeagueError> {
    let root = league.dir.join(SHARDS_DIR);
    let prefix = format!("{batch}-");
    let entries = match std::fs::read_dir(&root) {
        Ok(entries) => entries,
        Err(source) => return Err(LeagueError::Read { path: root, source }),
    };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
        .collect();
    dirs.sort();
    Ok(dirs)
}
