//! `baraza replay <log>`: re-judge the games of a log (the PGN-like log or JSON lines) with
//! the engines; summarise, step through a game (with the keys on a terminal,
//! [`crate::stepper`]), show the board at a ply, export, or verify the whole log. The log is read a game at a time ([`crate::record::log_games`]).

use crate::cli::{ExportFormat, ReplayArgs};
use crate::record::log_games::{LogGame, LogGames, LogKind};
use crate::record::replay_pick::{pick_game, Pick, PickError};
use crate::record::replay_text::{describe, show_ply, step_through, summary};
use crate::tournament::log::games_jsonl::GAMES_FILE;
use anyhow::{anyhow, bail, Context};
use std::io::{BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};

type Log = LogGames<BufReader<std::fs::File>>;

fn open(path: &Path) -> anyhow::Result<Log> {
    let file = std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
    LogGames::new(BufReader::with_capacity(1 << 16, file))
        .with_context(|| format!("reading {}", path.display()))
}

/// The log a path names: a file, or a run folder's games.pgn (its games.jsonl when it has no
/// games.pgn).
fn log_path(file: &Path) -> PathBuf {
    if !file.is_dir() {
        return file.to_path_buf();
    }
    let pgn = file.join("games.pgn");
    if !pgn.exists() && file.join(GAMES_FILE).is_file() {
        return file.join(GAMES_FILE);
    }
    pgn
}

pub fn run(out: &mut dyn Write, args: ReplayArgs) -> anyhow::Result<()> {
    let picks = args.game.is_some() || args.id.is_some();
    // A run folder is verified whole: its games.jsonl against its schedule and its games.pgn.
    if args.verify && !picks && args.file.join(GAMES_FILE).is_file() {
        return super::verify_log::run(out, &args.file);
    }
    let path = log_path(&args.file);
    let file = path.display().to_string();
    let mut log = open(&path)?;
    // JSON lines are verified whole as `results --verify` does: the schedule, the sides, the
    // game numbers, as well as every game re-judged.
    if args.verify && !picks && log.kind() == LogKind::Jsonl {
        return super::verify_log::run(out, &path);
    }
    let in_file = |e: PickError| anyhow!("{file}: {e}");
    let pick = match (args.game, args.id.as_deref()) {
        (Some(k), _) => Some(Pick::Index(k)),
        (None, Some(id)) if log.kind() == LogKind::Pgn => {
            Some(Pick::Index(index_of_id(&path, id)?))
        }
        (None, Some(id)) => Some(Pick::Id(id)),
        (None, None) => None,
    };
    let one = match pick {
        // A PGN's game picked by its id is shown with it.
        Some(p) => Some(pick_game(&mut log, p).map_err(in_file)?).map(|mut g| {
            g.id = g.id.or(args.id.clone());
            g
        }),
        None if args.ply.is_some() => Some(only_game(&mut log, &file)?),
        None => None,
    };
    let game_error = |e: anyhow::Error| anyhow!("{file}: {e:#}");
    match (&one, args.export) {
        (Some(g), Some(format)) => return export(out, g, format),
        (None, Some(format)) => {
            while let Some(g) = log.next_game().map_err(|e| anyhow!("{file}: {e}"))? {
                export(out, &g, format)?;
            }
            return Ok(());
        }
        (Some(g), None) if args.ply.is_some() => {
            let ply = args.ply.unwrap_or(0);
            return show_ply(out, g, ply, args.json).map_err(game_error);
        }
        (Some(g), None) if !args.verify && !args.json && on_terminal() => {
            return crate::stepper::step(out, g).map_err(game_error)
        }
        (Some(g), None) if !args.verify => {
            return step_through(out, g, args.json).map_err(game_error)
        }
        _ => {}
    }
    judge(out, &file, one, &mut log, &args)
}

/// Whether a person is at a terminal to step through a game with the keys: both standard
/// input (the keys) and standard output (the screen) are one.
fn on_terminal() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// The game number of schedule id `id`, from the games.jsonl beside the PGN `path` (the PGN
/// has no tag for it).
fn index_of_id(path: &Path, id: &str) -> anyhow::Result<u64> {
    let jsonl = path.with_file_name(GAMES_FILE);
    if !jsonl.is_file() {
        bail!(
            "--id {id}: {} holds no schedule ids, and no {GAMES_FILE} is beside it to find the \
             game's number in: give the run folder, or pick the game by number with --game",
            path.display()
        );
    }
    let mut log = open(&jsonl)?;
    let g = pick_game(&mut log, Pick::Id(id)).map_err(|e| anyhow!("{}: {e}", jsonl.display()))?;
    Ok(g.index())
}

/// The log's only game (`--ply` without `--game`).
fn only_game(log: &mut Log, file: &str) -> anyhow::Result<LogGame> {
    let read = |e| anyhow!("{file}: {e}");
    let Some(g) = log.next_game().map_err(read)? else {
        bail!("{file}: no game in the log");
    };
    let mut n = 1;
    while log.next_game().map_err(read)?.is_some() {
        n += 1;
    }
    if n > 1 {
        bail!("--ply needs --game (or --id): the log has {n} games");
    }
    Ok(g)
}

fn export(out: &mut dyn Write, g: &LogGame, format: ExportFormat) -> anyhow::Result<()> {
    match format {
        ExportFormat::ResultsPgn => {
            crate::record::results_pgn::write_results_pgn(out, &g.game.record)?
        }
        ExportFormat::Pgn => crate::record::pgn::write_pgn(out, &g.game.record)?,
    }
    Ok(())
}

/// Re-judge the picked game or every game of the log, a game at a time: a summary of each
/// (not with `--verify`, unless `--json`), and with `--verify` the first problem as the error.
fn judge(
    out: &mut dyn Write,
    file: &str,
    one: Option<LogGame>,
    log: &mut Log,
    args: &ReplayArgs,
) -> anyhow::Result<()> {
    let mut first_problem: Option<String> = None;
    let (mut plies, mut games) = (0, 0);
    let mut one = one;
    let picked = one.is_some();
    loop {
        let g = match one.take() {
            Some(g) => g,
            None if picked => break,
            None => match log.next_game().map_err(|e| anyhow!("{file}: {e}"))? {
                Some(g) => g,
                None => break,
            },
        };
        games += 1;
        let verdict = g.verify();
        plies += g.game.record.moves.len();
        if !args.verify || args.json {
            summary(out, games, &g, &verdict, args.json)?;
        }
        if let Err(p) = &verdict {
            first_problem.get_or_insert_with(|| describe(&g, p));
            // Nothing more to print: the first problem is the answer.
            if args.verify && !args.json {
                break;
            }
        }
    }
    if games == 0 {
        bail!("{file}: no game in the log");
    }
    if args.verify {
        if let Some(p) = first_problem {
            bail!("{file}: {p}");
        }
        if !args.json {
            let s = if games == 1 { "" } else { "s" };
            writeln!(out, "OK: {games} game{s}, {plies} plies re-judged")?;
        }
    }
    Ok(())
}
