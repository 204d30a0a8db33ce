//! A batch played in shards (Slurm, GNU parallel, several machines): `league run DIR
//! --plan-only` writes the batch, `league run DIR --shard K/N` plays the pairs of shard K
//! (pairs numbered K, K+N, ... as `tournament --shard` splits them, [`Shard`]) into a folder
//! of its own, `DIR/shards/B-K` by default (resumed like a league run when run again), and
//! `league merge DIR` appends the shards' games to the league's log in batch order, each
//! once, and ends the batch.

use super::batch::Batch;
use super::folder::{League, PGN_FILE};
use super::play::{play, PlayChoices, Played, Target};
use super::run::state;
use crate::events::pgn::PgnSink;
use crate::tournament::log::games_jsonl::{GameLine, GamesWriter, GAMES_FILE};
use crate::tournament::log::reader::read_games_log;
use crate::tournament::plan::shard::Shard;
use anyhow::{bail, Context};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The folder of the pending batch's shards.
pub const SHARDS_DIR: &str = "shards";

/// The batch planned and not finished, or a one-line error saying how to plan one.
fn pending(league: &League) -> anyhow::Result<Batch> {
    Batch::load(&league.dir)?.ok_or_else(|| {
        anyhow::anyhow!(
            "{} has no planned batch: plan one with `baraza league run {} --plan-only --games N`",
            league.dir.display(),
            league.dir.display()
        )
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
fn shard_lines(dir: &Path) -> anyhow::Result<Vec<GameLine>> {
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
) -> anyhow::Result<(PathBuf, usize)> {
    let batch = pending(league)?;
    let dir = out.unwrap_or_else(|| shard_dir(league, batch.batch, shard));
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
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
        earlier: &records,
        dir: dir.clone(),
    };
    let Played { played, stopped } = play(league, &entrants, games, &target, choices)?;
    if stopped {
        bail!(
            "stopped: shard {shard} of batch {} is not finished ({played} games played); run the same command again to finish it",
            batch.batch
        );
    }
    Ok((dir, played))
}

/// Append the shards' games of the pending batch to the league's log, in batch order, each
/// once; `dirs` empty: every folder under `DIR/shards/` of this batch. Refused, writing
/// nothing, when a game is missing or two shards hold different lines for one game.
pub fn merge(league: &League, dirs: Vec<PathBuf>) -> anyhow::Result<usize> {
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
                bail!(
                    "{}: game {} is played by {} and {}, but batch {} has {} and {}",
                    dir.display(),
                    line.game_id,
                    r.white,
                    r.black,
                    batch.batch,
                    game.white_name,
                    game.black_name
                );
            }
            if let Some((other, there)) = found.get(&line.game_id) {
                if other != &line {
                    bail!(
                        "game {} is in {} and in {} with different lines: keep one of them",
                        line.game_id,
                        there.display(),
                        dir.display()
                    );
                }
                continue;
            }
            found.insert(line.game_id.clone(), (line, dir));
        }
    }
    let missing: Vec<&str> = wanted
        .iter()
        .filter(|g| !found.contains_key(&g.game_id))
        .map(|g| g.game_id.as_str())
        .collect();
    if !missing.is_empty() {
        bail!(
            "{} of batch {}'s games are in no shard folder: {}; play their shards and merge again",
            missing.len(),
            batch.batch,
            missing.join(", ")
        );
    }
    let mut log = GamesWriter::append(&league.games_path())?;
    let mut pgn = PgnSink::append(&league.dir.join(PGN_FILE))
        .with_context(|| format!("cannot open {}", league.dir.join(PGN_FILE).display()))?;
    for g in &wanted {
        let (line, _) = &found[&g.game_id];
        log.write(line)?;
        pgn.write(&line.record)?;
    }
    Batch::remove(&league.dir)?;
    Ok(wanted.len())
}

/// The folders `DIR/shards/B-*` of batch `batch`.
fn batch_shard_dirs(league: &League, batch: u32) -> anyhow::Result<Vec<PathBuf>> {
    let root = league.dir.join(SHARDS_DIR);
    let prefix = format!("{batch}-");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .with_context(|| format!("cannot read {}", root.display()))?
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
        .collect();
    dirs.sort();
    Ok(dirs)
}
