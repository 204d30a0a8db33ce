//! `baraza play`'s game: a person against a bot. The person's side is a bot process like any
//! other (`baraza human`, the stand-in of [`super::stand_in`]), so the referee, its clocks and
//! its record are exactly a match's; while the game runs on a thread of its own, the person
//! plays through the stand-in's console ([`super::console`]). At the end: the final board and
//! the result in the person's words, and the game appended to the logs asked for.

use super::board::drawing;
use super::console::{relay, Console};
use super::ending::{final_position, verdict};
use super::error::PersonError;
use crate::bot::spec::BotSpec;
use crate::bot::{become_subreaper, StderrSink};
use crate::clock::{GameClock, TimeControl};
use crate::events::jsonl::RecordsSink;
use crate::events::pgn::PgnSink;
use crate::game::{Player, Position};
use crate::games::Ruleset;
use crate::record::GameRecord;
use crate::referee::{play_game, GameSetup, PlayerSetup};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// A person's game against a bot, as `baraza play` is asked for it.
pub struct PersonGame {
    pub ruleset: &'static Ruleset,
    pub start: Box<dyn Position>,
    pub bot: BotSpec,
    /// The person's side.
    pub person: Player,
    /// The person's name in the record.
    pub name: String,
    /// A game clock both players play; without one the person has no limit and the bot
    /// `movetime_ms` a move.
    pub tc: Option<GameClock>,
    pub movetime_ms: u64,
    /// A built-in bot's seed (and the game's).
    pub seed: u64,
    /// Every info line of the bot, not only its last before each move.
    pub verbose: bool,
    /// The person's output is a terminal: the board in colour, their clock ticking.
    pub color: bool,
}

/// Play `game`, the person at `out` and stdin, and show its end; the record is the caller's to
/// keep.
pub fn play(out: &mut dyn Write, game: PersonGame) -> Result<GameRecord, PersonError> {
    let (person, color) = (game.person, game.color);
    let tc = time_controls(&game)?;
    let console = Console::listen()?;
    let info = console.folder().join("bot.info");
    let players = players(&game, console.socket(), &info)?;
    let setup = GameSetup {
        game: 1,
        players,
        start: game.start,
        tc,
        startup_timeout: [Duration::from_secs(10); 2],
        grace: Duration::from_secs(1),
        max_plies: game.ruleset.default_max_plies,
        adjudication: Default::default(),
        seed: game.seed,
        event: "baraza play".to_string(),
        site: "?".to_string(),
        round: "1".to_string(),
    };
    // The game runs on a thread of its own; this one relays the console.
    let played = std::thread::spawn(move || play_on_this_thread(&setup));
    if let Some(stand_in) = console.accept(|| played.is_finished())? {
        relay(out, stand_in)?;
    }
    let rec = played.join().map_err(|_| PersonError::Panicked)??;
    show_end(out, &rec, person, color)?;
    Ok(rec)
}

/// The clocks: with a game clock both players play it; otherwise the person has no limit and
/// the bot has its time per move.
fn time_controls(game: &PersonGame) -> Result<[TimeControl; 2], PersonError> {
    let (person, bot) = match &game.tc {
        Some(tc) => {
            let both = TimeControl::from_options(Some(tc), None, 50)?;
            (both, both)
        }
        None => {
            let none = TimeControl {
                clock: None,
                movetime: None,
                margin: Duration::ZERO,
                nodes: None,
                depth: None,
            };
            (
                none,
                TimeControl::from_options(None, Some(game.movetime_ms), 50)?,
            )
        }
    };
    Ok(if game.person == Player::One {
        [person, bot]
    } else {
        [bot, person]
    })
}

/// The two players, player 1 first: the stand-in on `socket`, and the bot, its info lines
/// logged to `info` for the stand-in to show.
fn players(game: &PersonGame, socket: &Path, info: &Path) -> Result<[PlayerSetup; 2], PersonError> {
    let exe = std::env::current_exe().map_err(PersonError::Executable)?;
    let mut argv: Vec<String> = [exe.as_path(), Path::new("human"), Path::new("--console")]
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    argv.push(socket.to_string_lossy().into_owned());
    argv.push("--info".into());
    argv.push(info.to_string_lossy().into_owned());
    if game.color {
        argv.push("--color".into());
    }
    if game.verbose {
        argv.push("--verbose".into());
    }
    let person = person_setup(game.name.clone(), argv);
    let mut bot_name = game.bot.default_name();
    if bot_name == game.name {
        bot_name.push_str("-bot");
    }
    let bot = PlayerSetup::for_bot(
        &game.bot,
        &bot_name,
        game.ruleset.id,
        game.seed,
        StderrSink::Discard,
        Some(info.to_path_buf()),
    )?;
    Ok(if game.person == Player::One {
        [person, bot]
    } else {
        [bot, person]
    })
}

/// The game, on a runtime of this thread's own. Ctrl-C, SIGTERM or a closed terminal (SIGHUP):
/// the game is dropped (its processes killed), nothing recorded, the scratch folder removed.
fn play_on_this_thread(setup: &GameSetup) -> Result<GameRecord, PersonError> {
    become_subreaper();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(PersonError::Runtime)?;
    rt.block_on(async {
        use tokio::signal::unix::{signal, SignalKind};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        let mut hangup = signal(SignalKind::hangup())?;
        tokio::select! {
            r = play_game(setup) => Ok(r.0),
            _ = interrupt.recv() => Err(PersonError::Interrupted),
            _ = terminate.recv() => Err(PersonError::Terminated),
            _ = hangup.recv() => Err(PersonError::HungUp),
        }
    })
}

/// The final board from the person's side, the result in their words, and the record's line.
fn show_end(
    out: &mut dyn Write,
    rec: &GameRecord,
    person: Player,
    color: bool,
) -> Result<(), PersonError> {
    let last = final_position(rec)?;
    write!(
        out,
        "\nThe final position:\n{}",
        drawing(last.as_ref(), person, color)
    )?;
    writeln!(out, "{}", verdict(&rec.result, person, last.as_ref()))?;
    writeln!(
        out,
        "{} vs {}: {} {}, {} plies ({})",
        rec.white, rec.black, rec.result, rec.termination, rec.plies, rec.reason
    )?;
    Ok(())
}

/// Append the game to the logs asked for, through the sinks `match` writes its logs with
/// (opened only now: an interrupted game leaves no file behind).
pub fn append_to_logs(
    rec: &GameRecord,
    pgn: Option<&Path>,
    jsonl: Option<&Path>,
) -> Result<(), PersonError> {
    let cannot = |p: &Path| {
        let path = p.to_path_buf();
        move |source| PersonError::Append { path, source }
    };
    if let Some(p) = pgn {
        PgnSink::append(p).map_err(cannot(p))?.write(rec)?;
    }
    if let Some(p) = jsonl {
        RecordsSink::append(p).map_err(cannot(p))?.write(rec)?;
    }
    Ok(())
}

/// The person's side: baraza itself at the terminal. It keeps the terminal's variables (a
/// bot's environment is otherwise cleared, see docs/hosting.md).
fn person_setup(name: String, argv: Vec<String>) -> PlayerSetup {
    let spawn = crate::bot::SpawnOptions {
        env: ["TERM", "COLORTERM", "COLUMNS", "LINES", "NO_COLOR"]
            .iter()
            .map(|n| crate::bot::EnvRule::Pass(n.to_string()))
            .collect(),
        label: "person".into(),
        // A person thinks when they like, and their board follows the bot's moves.
        ponder: true,
        ..Default::default()
    };
    PlayerSetup {
        name,
        argv,
        stderr: StderrSink::Discard,
        info_log: None,
        transcript: None,
        seed: None,
        spawn,
    }
}
