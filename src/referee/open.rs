//! The start of a game, before the first move: check the kept processes, start the missing
//! ones, hello and `ready`, `newgame` to both. Also the replacement of a kept process found to
//! have exited between games, and the reading of lines a bot sent while it was not asked.

use super::observer::{GameObserver, Report};
use super::seat::{Seat, Side, Stage};
use super::setup::GameSetup;
use super::verdict::{quote, read_fault, who, write_fault, Verdict};
use crate::bot::{deadline_after, Bot, ReadError, StderrSink, WriteError};
use crate::game::Player;
use crate::outcome::Termination;
use crate::protocol::{self, BotMsg};
use crate::startup_diagnosis::{diagnose, KEPT_LINES};
use std::time::Duration;
use tokio::time::Instant;

/// A game at the table: its setup, both sides and what the referee reports to.
pub(super) struct Table<'a> {
    pub setup: &'a GameSetup,
    pub sides: [Side; 2],
    pub report: Report<'a>,
    /// The start position's string (sent in `newgame`, kept in the record).
    pub start_text: String,
}

/// Everything before the first move. The verdict when that fails.
pub(super) async fn open_game(
    t: &mut Table<'_>,
    seats: &mut [&mut Seat; 2],
) -> Result<(), Verdict> {
    take_kept(t, seats).await?;
    spawn_missing(t)?;
    shake_fresh(t).await?;
    send_newgames(t).await
}

/// Step 1: take the kept processes from the seats: still there, and quiet since their last
/// game? One of another ruleset, or a seat that stopped reusing, gets `quit`.
async fn take_kept(t: &mut Table<'_>, seats: &mut [&mut Seat; 2]) -> Result<(), Verdict> {
    let setup = t.setup;
    let ruleset = setup.start.ruleset();
    let mut faults: Vec<(Player, Verdict)> = Vec::new();
    for (i, seat) in seats.iter_mut().enumerate() {
        let p = Player::from_index(i);
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
            t.sides[i].replaced = true;
            continue;
        }
        bot.redirect_stderr(&setup.players[i].stderr, false);
        let side = &mut t.sides[i];
        side.ids = live.ids;
        side.games_before = live.games;
        side.stage = Stage::Kept;
        t.report.ready(p, &side.ids, true);
        match drain_unasked(&mut t.report, &mut bot, p, pending, 0).await {
            Ok(()) => {}
            Err(Unasked::Line(line)) => {
                let reason = format!("{} sent {} between games", who(p, setup), quote(&line));
                faults.push((p, Verdict::fault(p, Termination::ProtocolError, reason)));
            }
            Err(Unasked::Read(e)) => {
                let text = "sent an incomplete line between games".to_string();
                let term = Termination::ProtocolError;
                faults.push((p, read_fault(p, setup, &mut bot, e, term, text).await));
            }
        }
        side.bot = Some(bot);
    }
    if faults.is_empty() {
        Ok(())
    } else {
        Err(Verdict::combine(faults, ""))
    }
}

/// Step 2: start a process for each side that has none.
fn spawn_missing(t: &mut Table<'_>) -> Result<(), Verdict> {
    let mut faults = Vec::new();
    for (i, side) in t.sides.iter_mut().enumerate() {
        if side.bot.is_some() {
            continue;
        }
        let ps = &t.setup.players[i];
        match Bot::spawn_with(&ps.argv, ps.stderr.clone(), &ps.spawn) {
            Ok(b) => side.bot = Some(b),
            Err(e) => {
                let p = Player::from_index(i);
                let reason = format!("{} could not be started: {e}", who(p, t.setup));
                faults.push((p, Verdict::fault(p, Termination::Crash, reason)));
            }
        }
    }
    if faults.is_empty() {
        Ok(())
    } else {
        Err(Verdict::combine(faults, ""))
    }
}

/// Step 3: the handshake of the fresh processes, both at once, each under its own startup
/// deadline.
async fn shake_fresh(t: &mut Table<'_>) -> Result<(), Verdict> {
    let setup = t.setup;
    let now = Instant::now();
    let deadline = |i: usize| deadline_after(now, setup.startup_timeout[i]);
    // Each handshake reports to its own log, replayed in order after both: the two run
    // concurrently and the observer is one.
    let mut logs: [Vec<(Instant, Heard)>; 2] = Default::default();
    let [a, b] = &mut t.sides;
    let [la, lb] = &mut logs;
    let (h1, h2) = tokio::join!(
        shake(Player::One, setup, a, deadline(0), la),
        shake(Player::Two, setup, b, deadline(1), lb)
    );
    for (i, log) in logs.iter().enumerate() {
        let p = Player::from_index(i);
        for (at, heard) in log {
            match heard {
                Heard::Sent(text) => t.report.sent_at(p, text, *at),
                Heard::Received(line) => t.report.received_at(p, line, *at),
            }
        }
        // Only a side shaken here is Ready now (a kept one is Kept).
        if t.sides[i].stage == Stage::Ready {
            t.report.ready(p, &t.sides[i].ids, false);
        }
    }
    let faults: Vec<(Player, Verdict)> = [(Player::One, h1), (Player::Two, h2)]
        .into_iter()
        .filter_map(|(p, h)| h.map(|e| (p, e)))
        .collect();
    if faults.is_empty() {
        Ok(())
    } else {
        Err(Verdict::combine(faults, "both bots failed to start: "))
    }
}

/// A line of a handshake run concurrently with the other side's.
enum Heard {
    Sent(String),
    Received(String),
}

/// The handshake of a side started for this game (a kept one is skipped); its fault, if any.
async fn shake(
    p: Player,
    setup: &GameSetup,
    side: &mut Side,
    deadline: Instant,
    log: &mut Vec<(Instant, Heard)>,
) -> Option<Verdict> {
    if side.stage != Stage::Starting {
        return None;
    }
    let bot = side.bot.as_mut()?;
    let mut record = |h: Heard| log.push((Instant::now(), h));
    match handshake(p, setup, bot, deadline, &mut record).await {
        Ok(ids) => {
            side.ids = ids;
            side.stage = side.stage.hello_done();
            None
        }
        Err(verdict) => Some(verdict),
    }
}

/// Step 4: `newgame` to both. A kept process found closed here exited between games: a fresh
/// one takes its place.
async fn send_newgames(t: &mut Table<'_>) -> Result<(), Verdict> {
    let setup = t.setup;
    for i in 0..2 {
        let p = Player::from_index(i);
        let side = &mut t.sides[i];
        let bot = side.bot.as_mut().expect("both bots are running");
        let deadline = deadline_after(Instant::now(), setup.startup_timeout[i]);
        let newgame = protocol::newgame(p.number(), &t.start_text, setup.players[i].seed);
        match t.report.send(bot, p, &newgame, deadline).await {
            Ok(()) => side.stage = side.stage.told(),
            Err(WriteError::Closed) if side.stage.is_unproven() => replace(t, p).await?,
            Err(e) => return Err(write_fault(p, setup, e, false)),
        }
    }
    Ok(())
}

/// Hello, then wait for `ready` by `deadline`, collecting `id` lines. Lines other than `id` and
/// `ready` are ignored before `ready`. `heard` gets every line written and read.
async fn handshake(
    p: Player,
    setup: &GameSetup,
    bot: &mut Bot,
    deadline: Instant,
    heard: &mut impl FnMut(Heard),
) -> Result<Vec<(String, String)>, Verdict> {
    let hello = protocol::hello(setup.start.ruleset());
    heard(Heard::Sent(hello.clone()));
    bot.send(&hello, deadline)
        .await
        .map_err(|e| write_fault(p, setup, e, false))?;
    let ms = setup.startup_timeout[p.index()].as_millis();
    let late = format!("did not send 'ready' within the startup deadline of {ms} ms");
    let mut ids = Vec::new();
    // What it sent instead of `ready`, for the reason if the deadline passes.
    let mut ignored: Vec<String> = Vec::new();
    loop {
        let line = match bot.read_line(deadline).await {
            Ok(l) => l,
            Err(e) => {
                let term = Termination::StalledConnection;
                let text = format!("{late}{}", diagnose(&ignored));
                return Err(read_fault(p, setup, bot, e, term, text).await);
            }
        };
        let msg = protocol::parse_bot_line(&line);
        match msg {
            BotMsg::Ready => {
                heard(Heard::Received(line));
                return Ok(ids);
            }
            BotMsg::Id { key, value } if ids.len() < 16 => {
                ids.push((key, value.chars().take(200).collect()));
            }
            BotMsg::Id { .. } | BotMsg::Blank | BotMsg::Info(_) => {}
            _ if ignored.len() < KEPT_LINES => ignored.push(line.clone()),
            _ => {}
        }
        heard(Heard::Received(line));
        // A bot writing without pause is served from the buffer without waiting: check the
        // clock here too.
        if Instant::now() >= deadline {
            let reason = format!("{} {late}{}", who(p, setup), diagnose(&ignored));
            return Err(Verdict::fault(p, Termination::StalledConnection, reason));
        }
    }
}

/// A kept process turned out to have exited between games: start a fresh one in its place
/// (hello, `ready`, `newgame`). At most once per side and game: the fresh one is not
/// unproven.
pub(super) async fn replace(t: &mut Table<'_>, p: Player) -> Result<(), Verdict> {
    let setup = t.setup;
    let side = &mut t.sides[p.index()];
    if let Some(old) = side.bot.take() {
        old.finish(None, Duration::ZERO).await;
    }
    side.stage = Stage::Starting;
    side.replaced = true;
    side.games_before = 0;
    side.ids.clear();
    let ps = &setup.players[p.index()];
    let bot = Bot::spawn_with(&ps.argv, StderrSink::Discard, &ps.spawn).map_err(|e| {
        let reason = format!("{} could not be started: {e}", who(p, setup));
        Verdict::fault(p, Termination::Crash, reason)
    })?;
    // Appended: the file already holds what the exited process wrote in this game.
    bot.redirect_stderr(&ps.stderr, true);
    let bot = side.bot.insert(bot);
    let deadline = deadline_after(Instant::now(), setup.startup_timeout[p.index()]);
    let report = &mut t.report;
    let mut heard = |h: Heard| match h {
        Heard::Sent(text) => report.sent(p, &text),
        Heard::Received(line) => report.received(p, &line),
    };
    side.ids = handshake(p, setup, bot, deadline, &mut heard).await?;
    side.stage = side.stage.hello_done();
    t.report.ready(p, &side.ids, false);
    let deadline = deadline_after(Instant::now(), setup.startup_timeout[p.index()]);
    let newgame = protocol::newgame(p.number(), &t.start_text, ps.seed);
    t.report
        .send(bot, p, &newgame, deadline)
        .await
        .map_err(|e| write_fault(p, setup, e, false))?;
    side.stage = side.stage.told();
    Ok(())
}

/// What stopped [`drain_unasked`]: a line other than `info` or blank, or a failed read.
pub(super) enum Unasked {
    Line(String),
    Read(ReadError),
}

/// Read what a bot sent while it was not asked, when `pending` (one look at the pipe, taken by
/// the caller): only what is buffered, so this is bounded even against a bot that writes
/// without pause. `info` lines are reported at `ply`, blank lines ignored; the first other
/// line or failed read stops it.
pub(super) async fn drain_unasked(
    report: &mut Report<'_>,
    bot: &mut Bot,
    p: Player,
    pending: bool,
    ply: usize,
) -> Result<(), Unasked> {
    while pending && bot.has_buffered_line() {
        let line = report
            .read(bot, p, Instant::now())
            .await
            .map_err(Unasked::Read)?;
        match protocol::parse_bot_line(&line) {
            BotMsg::Info(t) => report.info(p, ply, &t),
            BotMsg::Blank => {}
            _ => return Err(Unasked::Line(line)),
        }
    }
    Ok(())
}
