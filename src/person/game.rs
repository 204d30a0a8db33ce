//! `baraza play <ruleset> <bot> [--as 1|2]`: a person against a bot. The person's side is a
//! bot process like any other (`baraza human`, see [`super::stand_in`]), so the referee, its
//! clocks and its record are exactly a match's; this command relays that side's console
//! (a Unix socket) to the person: its output to stdout, stdin's lines to it.

use crate::bot::spec::BotSpec;
use crate::bot::{become_subreaper, StderrSink};
use crate::cli::PlayArgs;
use crate::clock::TimeControl;
use super::board::drawing;
use super::ending::{final_position, verdict};
use crate::events::jsonl::RecordsSink;
use crate::events::pgn::PgnSink;
use crate::game::Player;
use crate::games;
use crate::record::GameRecord;
use crate::referee::{play_game, GameSetup, PlayerSetup};
use anyhow::Context;
use std::io::{IsTerminal, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::Path;
use std::time::Duration;

/// A scratch folder for the console socket and the bot's info log, removed at the end: made
/// atomically under a fresh name, mode 0700, so nobody else's folder in /tmp is ever used.
fn scratch() -> anyhow::Result<tempfile::TempDir> {
    use std::os::unix::fs::PermissionsExt;
    tempfile::Builder::new()
        .prefix(&format!("baraza-play-{}-", std::process::id()))
        .permissions(std::fs::Permissions::from_mode(0o700))
        .tempdir()
        .context("cannot create a scratch folder in the temporary directory")
}

/// The clocks: with --tc both players play it; otherwise the person has no limit and the bot
/// has --movetime per move.
fn time_controls(args: &PlayArgs) -> anyhow::Result<[TimeControl; 2]> {
    let (person, bot) = match &args.tc {
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
                TimeControl::from_options(None, Some(args.movetime), 50)?,
            )
        }
    };
    Ok(if args.side == 1 {
        [person, bot]
    } else {
        [bot, person]
    })
}

pub fn run(out: &mut dyn Write, args: PlayArgs) -> anyhow::Result<()> {
    let ruleset = games::ruleset(&args.ruleset)?;
    let start = match &args.start {
        None => ruleset.start_position(),
        Some(s) => {
            games::parse_start(ruleset.id, s).map_err(|e| anyhow::anyhow!("--start: {e}"))?
        }
    };
    let spec = BotSpec::parse("bot", &args.bot)?;
    let tc = time_controls(&args)?;
    let dir = scratch()?;
    let socket = dir.path().join("console.sock");
    let info = dir.path().join("bot.info");
    let listener = UnixListener::bind(&socket)
        .with_context(|| format!("cannot listen on {}", socket.display()))?;
    listener.set_nonblocking(true)?;
    let exe = std::env::current_exe().context("cannot find the baraza executable")?;
    let mut argv: Vec<String> = [exe.as_path(), Path::new("human"), Path::new("--console")]
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    argv.push(socket.to_string_lossy().into_owned());
    argv.push("--info".into());
    argv.push(info.to_string_lossy().into_owned());
    let color = std::io::stdout().is_terminal();
    if color {
        argv.push("--color".into());
    }
    if args.verbose {
        argv.push("--verbose".into());
    }
    let person = person_setup(args.name.clone(), argv);
    let mut bot_name = spec.default_name();
    if bot_name == args.name {
        bot_name.push_str("-bot");
    }
    let bot = PlayerSetup::for_bot(
        &spec,
        &bot_name,
        ruleset.id,
        args.seed,
        StderrSink::Discard,
        Some(info),
    )?;
    let players = if args.side == 1 {
        [person, bot]
    } else {
        [bot, person]
    };
    let setup = GameSetup {
        game: 1,
        players,
        start,
        tc,
        startup_timeout: [Duration::from_secs(10); 2],
        grace: Duration::from_secs(1),
        max_plies: ruleset.default_max_plies,
        adjudication: Default::default(),
        seed: args.seed,
        event: "baraza play".to_string(),
        site: "?".to_string(),
        round: "1".to_string(),
    };

    // The game runs on a thread of its own; this one relays the console.
    let game = std::thread::spawn(move || -> anyhow::Result<GameRecord> {
        become_subreaper();
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .context("cannot start the async runtime")?;
        // Ctrl-C, SIGTERM or a closed terminal (SIGHUP): the game is dropped (its processes
        // killed), nothing recorded, the scratch folder removed.
        rt.block_on(async {
            use tokio::signal::unix::{signal, SignalKind};
            let mut interrupt = signal(SignalKind::interrupt())?;
            let mut terminate = signal(SignalKind::terminate())?;
            let mut hangup = signal(SignalKind::hangup())?;
            tokio::select! {
                r = play_game(&setup) => Ok(r.0),
                _ = interrupt.recv() => Err(anyhow::anyhow!("interrupted: the game is not recorded")),
                _ = terminate.recv() => Err(anyhow::anyhow!("terminated: the game is not recorded")),
                _ = hangup.recv() => Err(anyhow::anyhow!("hung up: the game is not recorded")),
            }
        })
    });
    if let Some(console) = accept(&listener, &game)? {
        relay(out, console)?;
    }
    let rec = game
        .join()
        .map_err(|_| anyhow::anyhow!("the game thread panicked"))??;
    let person = Player::from_index(usize::from(args.side) - 1);
    show_end(out, &rec, person, color)?;
    record(&rec, args.pgn.as_deref(), args.jsonl.as_deref())
}

/// The final board from the person's side, the result in their words, and the record's line.
fn show_end(
    out: &mut dyn Write,
    rec: &GameRecord,
    person: Player,
    color: bool,
) -> anyhow::Result<()> {
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

/// The person's side connecting to the console, unless the game ends first (it could not be
/// started).
fn accept(
    listener: &UnixListener,
    game: &std::thread::JoinHandle<anyhow::Result<GameRecord>>,
) -> anyhow::Result<Option<UnixStream>> {
    loop {
        match listener.accept() {
            Ok((s, _)) => {
                s.set_nonblocking(false)?;
                return Ok(Some(s));
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if game.is_finished() {
                    return Ok(None);
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(e) => return Err(e).context("console"),
        }
    }
}

/// Console output to `out` until the person's side closes it; stdin's lines to the console on
/// a thread of their own (the end of stdin closes the console's input: the person resigns).
fn relay(out: &mut dyn Write, console: UnixStream) -> anyhow::Result<()> {
    let mut to_console = console.try_clone()?;
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut line = String::new();
        while stdin.read_line(&mut line).is_ok_and(|n| n > 0) {
            if to_console.write_all(line.as_bytes()).is_err() {
                return;
            }
            line.clear();
        }
        let _ = to_console.shutdown(std::net::Shutdown::Write);
    });
    let mut from_console = console;
    let mut buf = [0u8; 4096];
    loop {
        let n = match from_console.read(&mut buf) {
            Ok(0) | Err(_) => return Ok(()),
            Ok(n) => n,
        };
        out.write_all(&buf[..n])?;
        out.flush()?;
    }
}

/// Append the game to the logs asked for, through the sinks `match` writes its logs with
/// (opened only now: an interrupted game leaves no file behind).
fn record(rec: &GameRecord, pgn: Option<&Path>, jsonl: Option<&Path>) -> anyhow::Result<()> {
    let open = |p: &Path| format!("cannot open {} for appending", p.display());
    if let Some(p) = pgn {
        PgnSink::append(p).with_context(|| open(p))?.write(rec)?;
    }
    if let Some(p) = jsonl {
        RecordsSink::append(p)
            .with_context(|| open(p))?
            .write(rec)?;
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
