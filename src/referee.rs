//! Plays one game between two bot processes: start (or reuse), handshake, ask, time, judge,
//! record. [`Seat`] keeps a bot's process between the games of a match.
//!
//! Nothing a bot claims is trusted: every move is checked against the engine's legal list and
//! every result comes from the engine's status. Every wait has a deadline, so the referee never
//! hangs; every failure of a bot ends the game with one of the fixed terminations, the offending
//! side losing, and the reason says who and why.

use crate::bot::{
    deadline_after, describe_status, Bot, ReadError, SpawnOptions, StderrSink, WriteError,
};
use crate::clock::{micros, Charge, Clock, TimeControl};
use crate::game::{Outcome, Player, Position, Status};
use crate::protocol::{self, BotMsg};
use crate::record::{GameRecord, Termination};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitStatus;
use std::time::Duration;
use tokio::time::Instant;

/// Cap of the info lines logged per bot per game, in bytes.
pub const INFO_CAP: u64 = 1 << 20;

/// One side of a game.
#[derive(Clone, Debug)]
pub struct PlayerSetup {
    /// Display name (PGN `White`/`Black`).
    pub name: String,
    /// The command to run, already split (no shell).
    pub argv: Vec<String>,
    pub stderr: StderrSink,
    /// Where this bot's `info` lines go (capped at [`INFO_CAP`]); `None` drops them.
    pub info_log: Option<PathBuf>,
    /// The game's seed for this bot, sent as `seed <N>` right before `newgame`. Only built-in
    /// bots get one: a process kept from an earlier game then plays exactly the game a fresh
    /// process started with `--seed N` would, whichever games it played before (in a
    /// tournament that depends on timing). Other bots never see the line.
    pub seed: Option<u64>,
    /// How its processes are started: limits, environment, working directory, sandbox.
    pub spawn: SpawnOptions,
}

/// Everything needed to play one game.
#[derive(Clone)]
pub struct GameSetup {
    pub game: u64,
    /// Player 1 first.
    pub players: [PlayerSetup; 2],
    /// The start position.
    pub start: Box<dyn Position>,
    /// Each player's time control, player 1 first (`[tc; 2]` when both play the same clock).
    pub tc: [TimeControl; 2],
    /// Each player's deadline for `ready` after the hello; never charged to the clock.
    pub startup_timeout: [Duration; 2],
    /// How long a bot may take to exit after `quit` before its process group is killed.
    pub grace: Duration,
    /// Adjudicate a draw when this many plies have been played.
    pub max_plies: Option<u64>,
    pub seed: u64,
    pub event: String,
    pub site: String,
    pub round: String,
}

/// What a game produced besides its record.
#[derive(Clone, Debug, Default)]
pub struct GameExtras {
    /// `id` lines each bot sent during the handshake, as (key, value).
    pub ids: [Vec<(String, String)>; 2],
    /// Number of `info` lines each bot sent.
    pub info_lines: [u64; 2],
    /// The pid of each bot's process at the end of the game (`None`: none could be started).
    pub pids: [Option<i32>; 2],
    /// Games each bot's process had played before this one (0: started for this game).
    pub games_before: [u64; 2],
    /// Whether each bot's kept process had exited between games and a fresh one took its place.
    pub replaced: [bool; 2],
}

/// The end of a game as the referee decides it.
struct End {
    outcome: Outcome,
    termination: Termination,
    reason: String,
    /// The sides at fault, by player index: killed without grace.
    offenders: [bool; 2],
}

impl End {
    fn fault(p: Player, termination: Termination, reason: String) -> End {
        End {
            outcome: Outcome::Win(p.other()),
            termination,
            reason,
            offenders: [p == Player::One, p == Player::Two],
        }
    }
}

struct InfoLog {
    file: Option<std::io::BufWriter<std::fs::File>>,
    written: u64,
    lines: u64,
}

impl InfoLog {
    fn open(path: Option<&PathBuf>) -> InfoLog {
        InfoLog {
            file: path
                .and_then(|p| std::fs::File::create(p).ok())
                .map(std::io::BufWriter::new),
            written: 0,
            lines: 0,
        }
    }

    fn log(&mut self, ply: usize, text: &str) {
        self.lines += 1;
        if let Some(f) = self.file.as_mut() {
            if self.written >= INFO_CAP {
                return;
            }
            let n = text.len() as u64 + 16;
            self.written += n;
            let _ = if self.written >= INFO_CAP {
                writeln!(f, "[baraza: info log truncated at {INFO_CAP} bytes]")
            } else {
                writeln!(f, "{ply} {text}")
            };
        }
    }
}

fn who(p: Player, setup: &GameSetup) -> String {
    format!("player {} ({})", p.number(), setup.players[p.index()].name)
}

/// The quoted form of bot text in a reason: at most 80 characters.
fn quote(text: &str) -> String {
    let mut s: String = text.chars().take(80).collect();
    if s.len() < text.len() {
        s.push_str("...");
    }
    format!("'{s}'")
}

/// How long to wait for the exit status of a bot that closed its output, for the reason text.
const EXIT_STATUS_WAIT: Duration = Duration::from_millis(100);

/// How a failed read ends the game; `timeout_term`/`timeout_text` say what a timeout means.
async fn read_fault(
    p: Player,
    setup: &GameSetup,
    bot: &mut Bot,
    err: ReadError,
    timeout_term: Termination,
    timeout_text: String,
) -> End {
    let w = who(p, setup);
    match err {
        ReadError::Timeout => match bot.try_status() {
            Some(st) => End::fault(
                p,
                Termination::Crash,
                format!(
                    "{w} crashed: {} (a process it started kept its output open)",
                    describe_status(&st)
                ),
            ),
            None => End::fault(p, timeout_term, format!("{w} {timeout_text}")),
        },
        ReadError::Eof => {
            let how = match bot.wait_exit(EXIT_STATUS_WAIT).await {
                Some(st) => describe_status(&st),
                None => "closed its output".to_string(),
            };
            match bot.exceeded_limit() {
                Some(limit) => End::fault(p, Termination::Crash, format!("{w} {limit} ({how})")),
                None => End::fault(p, Termination::Crash, format!("{w} crashed: {how}")),
            }
        }
        ReadError::Io(e) => End::fault(p, Termination::Crash, format!("{w} crashed: {e}")),
        e @ (ReadError::TooLong | ReadError::InvalidUtf8) => {
            End::fault(p, Termination::ProtocolError, format!("{w} {e}"))
        }
    }
}

fn write_fault(p: Player, setup: &GameSetup, err: WriteError, during_turn: bool) -> End {
    let w = who(p, setup);
    match err {
        WriteError::Timeout if during_turn => End::fault(
            p,
            Termination::TimeForfeit,
            format!("{w} did not read its input before its deadline"),
        ),
        WriteError::Timeout => End::fault(
            p,
            Termination::StalledConnection,
            format!("{w} did not read its input before the startup deadline"),
        ),
        WriteError::Closed => End::fault(
            p,
            Termination::Crash,
            format!("{w} crashed: closed its input"),
        ),
        WriteError::Io(e) => End::fault(p, Termination::Crash, format!("{w} crashed: {e}")),
    }
}

/// Hello, then wait for `ready` by `deadline`, collecting `id` lines. Lines other than `id` and
/// `ready` are ignored before `ready`.
async fn handshake(
    p: Player,
    setup: &GameSetup,
    bot: &mut Bot,
    deadline: Instant,
) -> Result<Vec<(String, String)>, End> {
    let ruleset = setup.start.ruleset();
    bot.send(&protocol::hello(ruleset), deadline)
        .await
        .map_err(|e| write_fault(p, setup, e, false))?;
    let mut ids = Vec::new();
    loop {
        let line = bot.read_line(deadline).await.map_err(|e| {
            let ms = setup.startup_timeout[p.index()].as_millis();
            read_fault(
                p,
                setup,
                bot,
                e,
                Termination::StalledConnection,
                format!("did not send 'ready' within the startup deadline of {ms} ms"),
            )
        });
        let line = match line {
            Ok(l) => l,
            Err(fault) => return Err(fault.await),
        };
        match protocol::parse_bot_line(&line) {
            BotMsg::Ready => return Ok(ids),
            BotMsg::Id { key, value } if ids.len() < 16 => {
                ids.push((key, value.chars().take(200).collect()));
            }
            _ => {}
        }
        // A bot writing without pause is served from the buffer without waiting: check the
        // clock here too.
        if Instant::now() >= deadline {
            let ms = setup.startup_timeout[p.index()].as_millis();
            return Err(End::fault(
                p,
                Termination::StalledConnection,
                format!(
                    "{} did not send 'ready' within the startup deadline of {ms} ms",
                    who(p, setup)
                ),
            ));
        }
    }
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Civil from days (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The process of a bot kept between games.
struct Live {
    bot: Bot,
    /// The ruleset of its hello: a process serves one ruleset.
    ruleset: String,
    /// The `id` lines of its handshake.
    ids: Vec<(String, String)>,
    /// Games this process has played to their end (it was sent their `newgame`).
    games: u64,
}

/// One bot's seat for a sequence of games: holds the bot's process between games, so that the
/// next game the seat is used for can reuse it instead of starting a fresh one (like cutechess
/// and fastchess keep engines alive between games).
///
/// A seat belongs to one bot (one command): [`play_game_with`] reuses the process it holds
/// without looking at the [`PlayerSetup::argv`] of the game, which is used only when a process
/// must be started. The side the bot plays may change from game to game. A process is kept
/// after a game only when the seat reuses (`Seat::new(true)`), the bot was not at fault (the
/// game ended normally, by adjudication, or by the opponent's fault) and it is still running;
/// otherwise it gets `gameover` + `quit`, the grace period, and its process group is killed.
/// A kept process is killed (and a fresh one started) when the next game is of another
/// ruleset: the hello, which names the ruleset, happens once per process.
///
/// If a kept process turns out to have exited between games (found before `newgame`, or
/// closing its pipes before its first move of the next game), a fresh process takes its place
/// for that game, without penalty, and the seat stops reusing: that bot plays one game per
/// process from then on (see [`Seat::exits_between_games`]).
///
/// At the end, [`Seat::close`] (or [`close_all`]) sends `quit` and reaps. A seat dropped with a
/// live process kills its process group at once (no grace); a [`play_game_with`] future
/// dropped before it completes kills the processes of that game and leaves its seats empty.
/// A process plays one game at a time, so a runner playing K games at once keeps, per bot, a
/// pool of idle seats: it takes one (or `Seat::new(true)` when the pool is empty) for each side
/// of a game, passes them to [`play_game_with`], puts them back when the game ends, and calls
/// [`close_all`] on every pool at the end. A seat and the game future are `Send`, so this works
/// within one task or with spawned ones.
///
/// ```no_run
/// # use baraza::referee::{close_all, play_game_with, GameSetup, Seat};
/// # async fn run(setups: Vec<GameSetup>, grace: std::time::Duration) {
/// let (mut a, mut b) = (Seat::new(true), Seat::new(true));
/// for (g, setup) in setups.iter().enumerate() {
///     // Sides alternate: the seat follows the bot, not the side.
///     let seats = if g % 2 == 0 { [&mut a, &mut b] } else { [&mut b, &mut a] };
///     let (_record, _extras) = play_game_with(setup, seats).await;
/// }
/// close_all([a, b], grace).await;
/// # }
/// ```
pub struct Seat {
    reuse: bool,
    live: Option<Live>,
    exits_between_games: u64,
}

impl Seat {
    /// An empty seat; `reuse` false gives the old behaviour: a fresh process every game.
    pub fn new(reuse: bool) -> Seat {
        Seat {
            reuse,
            live: None,
            exits_between_games: 0,
        }
    }

    /// The pid of the process kept for the next game, if any.
    pub fn pid(&self) -> Option<i32> {
        self.live.as_ref().map(|l| l.bot.pid())
    }

    /// How many games the kept process has played (0 when there is none).
    pub fn games_in_process(&self) -> u64 {
        self.live.as_ref().map_or(0, |l| l.games)
    }

    /// How many times a kept process was found to have exited between games.
    pub fn exits_between_games(&self) -> u64 {
        self.exits_between_games
    }

    /// End the kept process, if any: `quit`, up to `grace` to exit, then its process group is
    /// killed and reaped. The seat is empty afterwards (and may be used again).
    pub async fn close(&mut self, grace: Duration) -> Option<ExitStatus> {
        let live = self.live.take()?;
        live.bot.finish(Some(protocol::QUIT), grace).await
    }
}

/// [`Seat::close`] for many seats at once (each in a task of its own, so the grace periods
/// overlap). Must be called within a tokio runtime.
pub async fn close_all(seats: impl IntoIterator<Item = Seat>, grace: Duration) {
    let mut set = tokio::task::JoinSet::new();
    for mut seat in seats {
        if seat.live.is_some() {
            set.spawn(async move {
                seat.close(grace).await;
            });
        }
    }
    while set.join_next().await.is_some() {}
}

/// One side of the game in play.
#[derive(Default)]
struct Side {
    bot: Option<Bot>,
    ids: Vec<(String, String)>,
    /// Games the process had finished before this one (0: started for this game).
    games_before: u64,
    /// A reused process that has not moved in this game yet: if it turns out to have exited
    /// now, it exited between games, and a fresh process takes its place.
    unproven: bool,
    /// The process completed the hello (only such a process can be kept).
    ready: bool,
    /// It was sent `newgame` for this game.
    told: bool,
    /// A kept process had exited between games and was replaced.
    replaced: bool,
}

fn player(i: usize) -> Player {
    if i == 0 {
        Player::One
    } else {
        Player::Two
    }
}

/// Play one game to its end with fresh bot processes, killed at the end (no reuse). Never
/// panics on anything a bot does; returns the record.
pub async fn play_game(setup: &GameSetup) -> (GameRecord, GameExtras) {
    let mut s1 = Seat::new(false);
    let mut s2 = Seat::new(false);
    play_game_with(setup, [&mut s1, &mut s2]).await
}

/// Play one game to its end, `seats[0]` playing player 1 and `seats[1]` player 2, reusing the
/// processes the seats hold and starting the missing ones (see [`Seat`] for what is kept).
/// Never panics on anything a bot does; returns the record, identical in form whether the
/// processes were reused or not.
///
/// A reused process gets no hello: the game starts with `newgame`. Before that, what it wrote
/// since its last game is read: `info` lines go to this game's info log (ply 0), blank lines
/// are ignored, and any other line loses this game by `protocol error`. Its stderr is switched
/// to this game's [`PlayerSetup::stderr`] sink at the start of the game.
pub async fn play_game_with(
    setup: &GameSetup,
    mut seats: [&mut Seat; 2],
) -> (GameRecord, GameExtras) {
    let mut sides: [Side; 2] = Default::default();
    let mut infos = [
        InfoLog::open(setup.players[0].info_log.as_ref()),
        InfoLog::open(setup.players[1].info_log.as_ref()),
    ];
    let start_text = setup.start.format();
    let (end, moves, times_us) =
        match open_game(setup, &mut seats, &mut sides, &mut infos, &start_text).await {
            Ok(()) => {
                let pos = setup.start.clone();
                play_moves(setup, pos, &mut sides, &mut infos, &start_text).await
            }
            Err(end) => (end, Vec::new(), Vec::new()),
        };
    finish_game(setup, end, sides, seats, moves, times_us, infos, start_text).await
}

/// Everything before the first move: check the kept processes, start the missing ones, hello
/// and `ready`, `newgame` to both. The end of the game when that fails.
async fn open_game(
    setup: &GameSetup,
    seats: &mut [&mut Seat; 2],
    sides: &mut [Side; 2],
    infos: &mut [InfoLog; 2],
    start_text: &str,
) -> Result<(), End> {
    let ruleset = setup.start.ruleset();
    // Kept processes: still there, and quiet since their last game?
    let mut faults: Vec<(Player, End)> = Vec::new();
    for (i, seat) in seats.iter_mut().enumerate() {
        let p = player(i);
        let Some(live) = seat.live.take() else {
            continue;
        };
        if !seat.reuse || live.ruleset != ruleset {
            live.bot.finish(Some(protocol::QUIT), setup.grace).await;
            continue;
        }
        let mut bot = live.bot;
        let pending = bot.has_pending_line();
        if bot.at_eof() || bot.try_status().is_some() {
            bot.finish(None, Duration::ZERO).await;
            sides[i].replaced = true;
            continue;
        }
        bot.redirect_stderr(&setup.players[i].stderr, false);
        let side = &mut sides[i];
        side.ids = live.ids;
        side.games_before = live.games;
        side.unproven = true;
        side.ready = true;
        match drain_unasked(&mut bot, pending, &mut infos[i], 0).await {
            Ok(()) => {}
            Err(Unasked::Line(line)) => {
                let reason = format!("{} sent {} between games", who(p, setup), quote(&line));
                faults.push((p, End::fault(p, Termination::ProtocolError, reason)));
            }
            Err(Unasked::Read(e)) => {
                let end = read_fault(
                    p,
                    setup,
                    &mut bot,
                    e,
                    Termination::ProtocolError,
                    "sent an incomplete line between games".to_string(),
                )
                .await;
                faults.push((p, end));
            }
        }
        side.bot = Some(bot);
    }
    if !faults.is_empty() {
        return Err(combine(faults, ""));
    }

    // Start the missing processes.
    let mut spawn_faults = Vec::new();
    let mut fresh = [false; 2];
    for (i, side) in sides.iter_mut().enumerate() {
        if side.bot.is_some() {
            continue;
        }
        let ps = &setup.players[i];
        match Bot::spawn_with(&ps.argv, ps.stderr.clone(), &ps.spawn) {
            Ok(b) => {
                side.bot = Some(b);
                fresh[i] = true;
            }
            Err(e) => {
                let p = player(i);
                let reason = format!("{} could not be started: {e}", who(p, setup));
                spawn_faults.push((p, End::fault(p, Termination::Crash, reason)));
            }
        }
    }
    if !spawn_faults.is_empty() {
        return Err(combine(spawn_faults, ""));
    }

    // Handshake the fresh ones, both at once, each under its own startup deadline.
    let now = Instant::now();
    let deadline = |i: usize| deadline_after(now, setup.startup_timeout[i]);
    let [a, b] = sides;
    let (h1, h2) = tokio::join!(
        shake(Player::One, setup, a, fresh[0], deadline(0)),
        shake(Player::Two, setup, b, fresh[1], deadline(1))
    );
    let faults: Vec<(Player, End)> = [(Player::One, h1), (Player::Two, h2)]
        .into_iter()
        .filter_map(|(p, h)| h.map(|e| (p, e)))
        .collect();
    if !faults.is_empty() {
        return Err(combine(faults, "both bots failed to start: "));
    }

    // newgame to both.
    for (i, side) in sides.iter_mut().enumerate() {
        let p = player(i);
        let bot = side.bot.as_mut().expect("both bots are running");
        let deadline = deadline_after(Instant::now(), setup.startup_timeout[i]);
        let sent = bot
            .send(
                &protocol::newgame(p.number(), start_text, setup.players[i].seed),
                deadline,
            )
            .await;
        match sent {
            Ok(()) => side.told = true,
            Err(WriteError::Closed) if side.unproven => replace(p, setup, side, start_text).await?,
            Err(e) => return Err(write_fault(p, setup, e, false)),
        }
    }
    Ok(())
}

/// What stopped [`drain_unasked`]: a line other than `info` or blank, or a failed read.
enum Unasked {
    Line(String),
    Read(ReadError),
}

/// Read what a bot sent while it was not asked, when `pending` (one look at the pipe, taken by
/// the caller): only what is buffered, so this is bounded even against a bot that writes
/// without pause. `info` lines are logged at `ply`, blank lines ignored; the first other line
/// or failed read stops it.
async fn drain_unasked(
    bot: &mut Bot,
    pending: bool,
    info: &mut InfoLog,
    ply: usize,
) -> Result<(), Unasked> {
    while pending && bot.has_buffered_line() {
        let line = bot.read_line(Instant::now()).await.map_err(Unasked::Read)?;
        match protocol::parse_bot_line(&line) {
            BotMsg::Info(t) => info.log(ply, &t),
            BotMsg::Blank => {}
            _ => return Err(Unasked::Line(line)),
        }
    }
    Ok(())
}

/// The handshake of a freshly started side (`go`); its fault, if any.
async fn shake(
    p: Player,
    setup: &GameSetup,
    side: &mut Side,
    go: bool,
    deadline: Instant,
) -> Option<End> {
    let bot = side.bot.as_mut().filter(|_| go)?;
    match handshake(p, setup, bot, deadline).await {
        Ok(ids) => {
            side.ids = ids;
            side.ready = true;
            None
        }
        Err(end) => Some(end),
    }
}

/// A kept process turned out to have exited between games: start a fresh one in its place
/// (hello, `ready`, `newgame`). At most once per side and game: the fresh one is not
/// `unproven`.
async fn replace(
    p: Player,
    setup: &GameSetup,
    side: &mut Side,
    start_text: &str,
) -> Result<(), End> {
    if let Some(old) = side.bot.take() {
        old.finish(None, Duration::ZERO).await;
    }
    side.unproven = false;
    side.replaced = true;
    side.ready = false;
    side.told = false;
    side.games_before = 0;
    side.ids.clear();
    let ps = &setup.players[p.index()];
    let bot = Bot::spawn_with(&ps.argv, StderrSink::Discard, &ps.spawn).map_err(|e| {
        End::fault(
            p,
            Termination::Crash,
            format!("{} could not be started: {e}", who(p, setup)),
        )
    })?;
    // Appended: the file already holds what the exited process wrote in this game.
    bot.redirect_stderr(&ps.stderr, true);
    let bot = side.bot.insert(bot);
    let deadline = deadline_after(Instant::now(), setup.startup_timeout[p.index()]);
    side.ids = handshake(p, setup, bot, deadline).await?;
    side.ready = true;
    let deadline = deadline_after(Instant::now(), setup.startup_timeout[p.index()]);
    bot.send(
        &protocol::newgame(p.number(), start_text, ps.seed),
        deadline,
    )
    .await
    .map_err(|e| write_fault(p, setup, e, false))?;
    side.told = true;
    Ok(())
}

/// The moves of a game whose bots are both running and told `newgame`, to its end.
async fn play_moves(
    setup: &GameSetup,
    mut pos: Box<dyn Position>,
    sides: &mut [Side; 2],
    infos: &mut [InfoLog; 2],
    start_text: &str,
) -> (End, Vec<String>, Vec<u64>) {
    let mut moves: Vec<String> = Vec::new();
    let mut times_us: Vec<u64> = Vec::new();
    let mut clock = Clock::per_player(setup.tc);
    let mut text = String::with_capacity(1024);
    // Time a kept process spent on this turn before it exited (it is asked again, of a fresh
    // process): charged with the fresh one's, so the turn costs what it would have.
    let mut carried = Duration::ZERO;

    let end = 'game: loop {
        // One move generation per turn: an empty list is exactly a finished game (game.rs).
        let legal = pos.legal();
        if legal.is_empty() {
            let Status::Over {
                outcome,
                reason,
                scores,
            } = pos.status()
            else {
                break internal_end("the engine lists no legal move in an ongoing position");
            };
            let mut r = format!("ended by the rules: {reason}");
            if let Some((a, b)) = scores {
                r.push_str(&format!(" {a}-{b}"));
            }
            break End {
                outcome,
                termination: Termination::Normal,
                reason: r,
                offenders: [false, false],
            };
        }
        if let Some(max) = setup.max_plies {
            if moves.len() as u64 >= max {
                break End {
                    outcome: Outcome::Draw,
                    termination: Termination::Adjudication,
                    reason: format!("draw by adjudication after {max} plies"),
                    offenders: [false, false],
                };
            }
        }
        if legal.len() == 1 && legal[0] == "pass" {
            // A forced pass is played by the referee; the bot is not asked.
            if !pos.play_index(0) {
                break internal_end("the engine rejected its own forced pass");
            }
            moves.push("pass".to_string());
            times_us.push(0);
            continue;
        }
        let p = pos.side_to_move();
        let pi = p.index();
        let side = &mut sides[pi];
        let bot = side.bot.as_mut().expect("both bots are running");

        // Lines sent while it was not asked: info is fine, anything else is an error.
        // One look at the pipe, then only what that brought in: bounded even against a bot
        // that writes without pause.
        let pending = bot.has_pending_line();
        match drain_unasked(bot, pending, &mut infos[pi], moves.len()).await {
            Ok(()) => {}
            Err(Unasked::Line(line)) => {
                break 'game End::fault(
                    p,
                    Termination::ProtocolError,
                    format!(
                        "{} sent {} when it was not its turn",
                        who(p, setup),
                        quote(&line)
                    ),
                )
            }
            Err(Unasked::Read(e)) => {
                break 'game read_fault(p, setup, bot, e, Termination::TimeForfeit, String::new())
                    .await
            }
        }

        let go = clock.go(pi);
        let last = moves.last().map(String::as_str);
        protocol::write_turn(&mut text, &pos.format(), last, &legal, &go);
        let limit = clock.deadline(pi).saturating_sub(carried);
        // The clock starts before the turn's first byte is written: a referee slow to write (a
        // loaded machine) costs the bot nothing it can see, but it is never charged less than it
        // had. It stops when the `move` line has been read.
        let t0 = Instant::now();
        let deadline = deadline_after(t0, limit);
        if let Err(e) = bot.send(&text, deadline).await {
            if side.unproven && matches!(e, WriteError::Closed) {
                // It exited between games: a fresh process, then this turn again.
                carried += t0.elapsed();
                match replace(p, setup, side, start_text).await {
                    Ok(()) => continue 'game,
                    Err(end) => break 'game end,
                }
            }
            break write_fault(p, setup, e, true);
        }
        let token = loop {
            match bot.read_line(deadline).await {
                Ok(line) => match protocol::parse_bot_line(&line) {
                    BotMsg::Move(tok) => break tok,
                    BotMsg::Info(t) => {
                        infos[pi].log(moves.len(), &t);
                        // Buffered lines are returned without waiting: check the clock here
                        // too, so an endless stream of info lines still runs out of time.
                        if Instant::now() >= deadline {
                            let text = format!(
                                "sent info lines but no move within {}",
                                limit_text(clock.allowance(pi), setup.tc[pi].margin)
                            );
                            break 'game End::fault(
                                p,
                                Termination::TimeForfeit,
                                format!("{} {text}", who(p, setup)),
                            );
                        }
                    }
                    BotMsg::Blank => {}
                    _ => {
                        break 'game End::fault(
                            p,
                            Termination::ProtocolError,
                            format!(
                                "{} answered {} instead of 'move <token>'",
                                who(p, setup),
                                quote(&line)
                            ),
                        )
                    }
                },
                Err(ReadError::Eof) if side.unproven => {
                    // It exited between games, or while thinking on this turn: a fresh
                    // process, then this turn again, the time spent so far charged.
                    carried += t0.elapsed();
                    match replace(p, setup, side, start_text).await {
                        Ok(()) => continue 'game,
                        Err(end) => break 'game end,
                    }
                }
                Err(e) => {
                    let text = format!(
                        "did not move within {}",
                        limit_text(clock.allowance(pi), setup.tc[pi].margin)
                    );
                    break 'game read_fault(p, setup, bot, e, Termination::TimeForfeit, text).await;
                }
            }
        };
        side.unproven = false;
        let used = t0.elapsed() + std::mem::take(&mut carried);
        if let Charge::Flag { used, limit } = clock.charge(pi, used) {
            break End::fault(
                p,
                Termination::TimeForfeit,
                format!(
                    "{} took {} ms, over its {}",
                    who(p, setup),
                    used.as_millis(),
                    limit_text(limit, setup.tc[pi].margin)
                ),
            );
        }
        let listed = legal.iter().position(|m| *m == token);
        if !listed.is_some_and(|i| pos.play_index(i)) {
            break End::fault(
                p,
                Termination::IllegalMove,
                format!("{} sent illegal move {}", who(p, setup), quote(&token)),
            );
        }
        times_us.push(micros(used));
        moves.push(token);
    };
    (end, moves, times_us)
}

/// A move's time limit in a time-forfeit reason: `N ms (+M ms margin)`.
fn limit_text(allowance: Duration, margin: Duration) -> String {
    format!(
        "{} ms (+{} ms margin)",
        allowance.as_millis(),
        margin.as_millis()
    )
}

/// The record's time control: one form when both players had the same, else player 1's and
/// player 2's joined by ` / `.
fn time_control_text(tc: &[TimeControl; 2]) -> String {
    if tc[0] == tc[1] {
        tc[0].pgn()
    } else {
        format!("{} / {}", tc[0].pgn(), tc[1].pgn())
    }
}

fn internal_end(what: &str) -> End {
    End {
        outcome: Outcome::Draw,
        termination: Termination::Adjudication,
        reason: format!("internal error: {what}"),
        offenders: [false, false],
    }
}

/// One fault: that end. Two: a draw with player 1's termination, `prefix` and both reasons.
fn combine(mut faults: Vec<(Player, End)>, prefix: &str) -> End {
    if faults.len() == 1 {
        return faults.pop().expect("one fault").1;
    }
    let termination = faults[0].1.termination;
    let reasons: Vec<String> = faults.into_iter().map(|(_, e)| e.reason).collect();
    End {
        outcome: Outcome::Draw,
        termination,
        reason: format!("{prefix}{}", reasons.join("; ")),
        offenders: [true, true],
    }
}

/// After a game: keep the side's process in its seat (sending `gameover`) or end it (sending
/// `farewell`, `gameover` + `quit`). `bye` is (`farewell`, `gameover`).
async fn close_side(
    setup: &GameSetup,
    mut side: Side,
    seat: &mut Seat,
    offender: bool,
    bye: (&str, &str),
) {
    let (farewell, gameover) = bye;
    if side.replaced {
        seat.exits_between_games += 1;
        seat.reuse = false;
    }
    let Some(mut bot) = side.bot.take() else {
        return;
    };
    let keep = seat.reuse && !offender && side.ready && bot.try_status().is_none();
    if keep {
        let deadline = deadline_after(Instant::now(), setup.grace);
        if !side.told || bot.send(gameover, deadline).await.is_ok() {
            seat.live = Some(Live {
                bot,
                ruleset: setup.start.ruleset().to_string(),
                ids: side.ids,
                games: side.games_before + u64::from(side.told),
            });
        } else {
            bot.finish(None, Duration::ZERO).await;
        }
        return;
    }
    let grace = if offender {
        Duration::ZERO
    } else {
        setup.grace
    };
    bot.finish(Some(farewell), grace).await;
}

/// End the game: `gameover` to the bots, which are kept in their seats (see [`Seat`]) or get
/// `quit`, the grace period (none for a bot at fault) and the group kill; then the record.
#[allow(clippy::too_many_arguments)]
async fn finish_game(
    setup: &GameSetup,
    end: End,
    sides: [Side; 2],
    seats: [&mut Seat; 2],
    moves: Vec<String>,
    times_us: Vec<u64>,
    infos: [InfoLog; 2],
    start_text: String,
) -> (GameRecord, GameExtras) {
    let (result, term) = (end.outcome.as_str(), end.termination.as_str());
    let farewell = protocol::gameover_and_quit(result, term);
    let gameover = protocol::gameover(result, term);
    let mut extras = GameExtras::default();
    let [side1, side2] = sides;
    let [seat1, seat2] = seats;
    for (i, side) in [&side1, &side2].into_iter().enumerate() {
        extras.pids[i] = side.bot.as_ref().map(Bot::pid);
        extras.ids[i] = side.ids.clone();
        extras.games_before[i] = side.games_before;
        extras.replaced[i] = side.replaced;
    }
    extras.info_lines = [infos[0].lines, infos[1].lines];
    drop(infos);
    let (o1, o2) = (end.offenders[0], end.offenders[1]);
    let bye = (farewell.as_str(), gameover.as_str());
    tokio::join!(
        close_side(setup, side1, seat1, o1, bye),
        close_side(setup, side2, seat2, o2, bye)
    );
    let record = GameRecord {
        game: setup.game,
        ruleset: setup.start.ruleset().to_string(),
        white: setup.players[0].name.clone(),
        black: setup.players[1].name.clone(),
        result: end.outcome.as_str().to_string(),
        termination: end.termination,
        reason: end.reason,
        plies: moves.len(),
        moves,
        times_ms: times_us.iter().map(|us| us / 1000).collect(),
        times_us,
        start: start_text,
        seed: setup.seed,
        time_control: time_control_text(&setup.tc),
        event: setup.event.clone(),
        site: setup.site.clone(),
        date: today(),
        round: setup.round.clone(),
    };
    (record, extras)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_format() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
        assert_eq!(&d[4..5], ".");
        assert_eq!(&d[7..8], ".");
    }

    #[test]
    fn quotes_are_capped() {
        assert_eq!(quote("z9"), "'z9'");
        let long = "x".repeat(500);
        assert_eq!(quote(&long).len(), 80 + 5);
    }
}
