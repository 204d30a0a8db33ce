//! The start of a game, before the first move: check the kept processes, start the missing
//! ones, hello and `ready`, `newgame` to both. Also the replacement of a kept process found to
//! have exited between games, and the reading of lines a bot sent while it was not asked.

use super::crash::dropped_for;
use super::observer::{GameObserver, Report};
use super::seat::{ProcessStage, Seat, Side};
use super::setup::GameSetup;
use super::silence::{busy_start, why_no_ready, Said};
use super::transcript::{Direction, LINE_FLOOR, TRANSCRIPT_CAP};
use super::verdict::{quote, read_fault, ready_again, who, write_fault, Verdict};
use crate::bot::host_fault;
use crate::bot::startup_diagnosis::KEPT_LINES;
use crate::bot::{deadline_after, Bot, ReadError, StderrSink, WriteError};
use crate::game::Player;
use crate::outcome::Termination;
use crate::protocol::{self, BotMsg, MAX_IDS};
use std::time::Duration;
use tokio::time::Instant;

/// A game at the table: its setup, both sides and what the referee reports to.
pub(super) struct Table<'a> {
    pub setup: &'a GameSetup,
    pub sides: [Side; 2],
    pub report: Report<'a>,
    /// The start position's string (sent in `newgame`, kept in the record).
    pub start_text: String,
    /// Why the game could not start for a reason of the host's ([`crate::bot::host_fault`]):
    /// it is then no result of the bots'.
    pub host_fault: Option<String>,
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
        // Stopped since its last move of the last game: what it wrote can be drained.
        bot.has_pending_line();
        if bot.at_eof() || bot.try_status().is_some() {
            bot.finish(None, Duration::ZERO).await;
            t.sides[i].replaced = true;
            continue;
        }
        bot.redirect_stderr(&setup.players[i].stderr, false);
        let side = &mut t.sides[i];
        side.ids = live.ids;
        side.games_before = live.games;
        side.stage = ProcessStage::Kept;
        t.report.ready(p, &side.ids, true);
        match drain_unasked(&mut t.report, &mut bot, p, 0).await {
            Ok(()) => {}
            Err(Unasked::Line(line)) => faults.push((p, between_games(p, setup, &line))),
            Err(Unasked::Read(e)) => {
                let text = "sent an incomplete line between games".to_string();
                let term = Termination::ProtocolError;
                let v = read_fault(p, setup, &mut bot, e, term, text, None).await;
                faults.push((p, v));
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

/// The verdict on a line other than `info` (or a move at its turn) read from a kept process
/// after `gameover`, before its first move of the next game: the same words whether it was
/// read before `newgame`, before its turn or as the answer to it, as when it was written (to
/// `gameover`, to `newgame`, or once continued for its turn) cannot be told apart.
pub(super) fn between_games(p: Player, setup: &GameSetup, line: &str) -> Verdict {
    if matches!(protocol::parse_bot_line(line), BotMsg::Ready) {
        return ready_again(p, setup);
    }
    let reason = format!(
        "{} sent {} between games (after 'gameover', before its first move of the next game: \
         a bot writes nothing but 'info' lines then){}",
        who(p, setup),
        quote(line),
        protocol::habits::move_hint(line)
    );
    Verdict::fault(p, Termination::ProtocolError, reason)
}

/// Step 2: start a process for each side that has none.
fn spawn_missing(t: &mut Table<'_>) -> Result<(), Verdict> {
    let mut faults = Vec::new();
    let mut errors = Vec::new();
    for (i, side) in t.sides.iter_mut().enumerate() {
        if side.bot.is_some() {
            continue;
        }
        let ps = &t.setup.players[i];
        match Bot::spawn_with(&ps.argv, ps.stderr.clone(), &ps.spawn) {
            Ok(b) => {
                side.bot = Some(b);
                errors.push(None);
            }
            Err(e) => {
                let p = Player::from_index(i);
                let reason = format!("{} could not be started: {e}", who(p, t.setup));
                faults.push((p, Verdict::fault(p, Termination::Crash, reason)));
                errors.push(Some(e));
            }
        }
    }
    t.host_fault = host_fault::game_host_cause(&errors);
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
    let mut logs = [HeardLog::new(now), HeardLog::new(now)];
    let [a, b] = &mut t.sides;
    let [la, lb] = &mut logs;
    let (h1, h2) = tokio::join!(
        shake(Player::One, setup, a, deadline(0), la),
        shake(Player::Two, setup, b, deadline(1), lb)
    );
    for (i, log) in logs.iter().enumerate() {
        let p = Player::from_index(i);
        for (at, dir, text) in log.lines() {
            match dir {
                Direction::Sent => t.report.sent_at(p, text, at),
                Direction::Received => t.report.received_at(p, text, at),
            }
        }
        // Only a side shaken here is Ready now (a kept one is Kept).
        if t.sides[i].stage == ProcessStage::Ready {
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

/// A line of a handshake, written or read.
struct Heard<'l> {
    dir: Direction,
    text: &'l str,
    /// Reported whatever [`HeardLog`]'s budget: the hello, `ready` and the `id` lines the
    /// handshake takes.
    vital: bool,
}

/// What one side's handshake heard, kept to be reported once both handshakes are done (they
/// run at the same time, and the observer is one). Bounded, as a bot may write without pause
/// until its startup deadline: a line is kept while the log's cost (each kept line's length
/// plus [`LINE_FLOOR`]) is under [`TRANSCRIPT_CAP`]. Past that the game's transcript, which
/// starts with the handshake, is full: it loses nothing, and an observer gets the lines up to
/// there, then only the vital ones. The texts are kept end to end in one string, a line's
/// time as nanoseconds since the log's start: a few bytes a line beside its text.
struct HeardLog {
    start: Instant,
    /// The kept lines' texts, end to end.
    text: String,
    /// Per kept line: when (nanoseconds since `start`), where its text ends in `text`, and
    /// which way it went.
    lines: Vec<(u64, u32, Direction)>,
    /// What the kept lines cost, as the transcript counts at the least.
    cost: u64,
}

impl HeardLog {
    fn new(start: Instant) -> HeardLog {
        HeardLog {
            start,
            text: String::new(),
            lines: Vec::new(),
            cost: 0,
        }
    }

    /// Keep `h`, heard at `at`, unless the budget is spent and it is not vital.
    fn push(&mut self, at: Instant, h: Heard) {
        if self.cost >= TRANSCRIPT_CAP && !h.vital {
            return;
        }
        self.cost += h.text.len() as u64 + LINE_FLOOR;
        self.text.push_str(h.text);
        let ns = at.saturating_duration_since(self.start).as_nanos();
        // The text stays under the budget plus the line that spent it and the vital ones
        // (hello, `ready`, up to MAX_IDS ids), each at most MAX_LINE + 1 bytes: far from 4 GiB.
        self.lines.push((
            u64::try_from(ns).unwrap_or(u64::MAX),
            self.text.len() as u32,
            h.dir,
        ));
    }

    /// The kept lines in the order heard: when, which way, the text.
    fn lines(&self) -> impl Iterator<Item = (Instant, Direction, &str)> {
        let mut from = 0;
        self.lines.iter().map(move |&(ns, end, dir)| {
            let text = &self.text[from..end as usize];
            from = end as usize;
            (self.start + Duration::from_nanos(ns), dir, text)
        })
    }
}

/// The handshake of a side started for this game (a kept one is skipped); its fault, if any.
async fn shake(
    p: Player,
    setup: &GameSetup,
    side: &mut Side,
    deadline: Instant,
    log: &mut HeardLog,
) -> Option<Verdict> {
    if side.stage != ProcessStage::Starting {
        return None;
    }
    let bot = side.bot.as_mut()?;
    let mut record = |h: Heard| log.push(Instant::now(), h);
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
            Ok(()) => {
                side.stage = side.stage.told();
                // Nothing to compute until its first turn (it reads `newgame` then).
                bot.pause();
            }
            Err(WriteError::Closed) if side.stage.is_unproven() => replace(t, p).await?,
            Err(e) => return Err(write_fault(p, setup, bot, e, false, None).await),
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
    heard(Heard {
        dir: Direction::Sent,
        text: &hello,
        vital: true,
    });
    if let Err(e) = bot.send(&hello, deadline).await {
        return Err(write_fault(p, setup, bot, e, false, None).await);
    }
    let hello_at = Instant::now();
    let ms = setup.startup_timeout[p.index()].as_millis();
    let late = format!("did not send 'ready' within the startup deadline of {ms} ms");
    let mut ids = Vec::new();
    // What it sent instead of `ready`, for the reason if the deadline passes.
    let mut ignored: Vec<String> = Vec::new();
    let mut spoke = false;
    loop {
        let line = match bot.read_line(deadline).await {
            Ok(l) => l,
            Err(e) => {
                let term = Termination::StalledConnection;
                let mut text = late;
                if let ReadError::Timeout = e {
                    let said = Said {
                        spoke,
                        ignored: &ignored,
                        hello_at,
                    };
                    text += &silent_start(p, setup, bot, said, heard).await;
                }
                return Err(read_fault(p, setup, bot, e, term, text, None).await);
            }
        };
        spoke = true;
        let msg = protocol::parse_bot_line(&line);
        let ready = matches!(msg, BotMsg::Ready);
        let vital = match msg {
            BotMsg::Ready => true,
            BotMsg::Id { key, value } if ids.len() < MAX_IDS => {
                ids.push((key.to_string(), value.chars().take(200).collect()));
                true
            }
            // `feature nodes depth`: kept with the ids, for the life of the process.
            BotMsg::Other(l)
                if l.split_ascii_whitespace().next() == Some(protocol::FEATURE)
                    && ids.len() < MAX_IDS =>
            {
                let words = l[protocol::FEATURE.len()..].trim();
                ids.push((protocol::FEATURE.to_string(), words.to_string()));
                true
            }
            BotMsg::Id { .. } | BotMsg::Blank | BotMsg::Info(_) => false,
            _ => {
                if ignored.len() < KEPT_LINES {
                    ignored.push(line.clone());
                }
                false
            }
        };
        heard(Heard {
            dir: Direction::Received,
            text: &line,
            vital,
        });
        if ready {
            return Ok(ids);
        }
        // A bot writing without pause is served from the buffer without waiting: check the
        // clock here too.
        if Instant::now() >= deadline {
            let cause = busy_start(&ignored);
            let reason = format!("{} {late}{cause}", who(p, setup));
            return Err(Verdict::fault(p, Termination::StalledConnection, reason));
        }
    }
}

/// Why `p`'s bot sent no `ready` by its startup deadline (see [`why_no_ready`]); `heard` gets
/// a line left without its end, and the lines read while waiting for a late `ready`.
async fn silent_start(
    p: Player,
    setup: &GameSetup,
    bot: &mut Bot,
    said: Said<'_>,
    heard: &mut impl FnMut(Heard),
) -> String {
    let startup = setup.startup_timeout[p.index()];
    let dropped = dropped_for(p, setup);
    let mut tell = |text: &str, vital: bool| {
        heard(Heard {
            dir: Direction::Received,
            text,
            vital,
        })
    };
    why_no_ready(bot, said, startup, &dropped, &mut tell).await
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
    side.stage = ProcessStage::Starting;
    side.replaced = true;
    side.games_before = 0;
    side.ids.clear();
    let ps = &setup.players[p.index()];
    let bot = Bot::spawn_with(&ps.argv, StderrSink::Discard, &ps.spawn).map_err(|e| {
        t.host_fault = host_fault::host_cause(&e);
        let reason = format!("{} could not be started: {e}", who(p, setup));
        Verdict::fault(p, Termination::Crash, reason)
    })?;
    // Appended: the file already holds what the exited process wrote in this game.
    bot.redirect_stderr(&ps.stderr, true);
    let bot = side.bot.insert(bot);
    let deadline = deadline_after(Instant::now(), setup.startup_timeout[p.index()]);
    let report = &mut t.report;
    let mut heard = |h: Heard| match h.dir {
        Direction::Sent => report.sent(p, h.text),
        Direction::Received => report.received(p, h.text),
    };
    side.ids = handshake(p, setup, bot, deadline, &mut heard).await?;
    side.stage = side.stage.hello_done();
    t.report.ready(p, &side.ids, false);
    let deadline = deadline_after(Instant::now(), setup.startup_timeout[p.index()]);
    let newgame = protocol::newgame(p.number(), &t.start_text, ps.seed);
    if let Err(e) = t.report.send(bot, p, &newgame, deadline).await {
        return Err(write_fault(p, setup, bot, e, false, None).await);
    }
    side.stage = side.stage.told();
    Ok(())
}

/// What stopped [`drain_unasked`]: a line other than `info` or blank, or a failed read.
pub(super) enum Unasked {
    Line(String),
    Read(ReadError),
}

/// At most this much is drained before a turn; only a bot that is not stopped (`--ponder`)
/// or that enlarged its pipe beyond the usual 1 MiB can have written more.
const DRAIN_CAP: usize = 4 << 20;

/// Read everything a bot sent while it was not asked, to the end of what its pipe holds (it is
/// stopped, so this ends; [`DRAIN_CAP`] bounds it otherwise). `info` lines are reported at
/// `ply`, blank lines ignored; the first other line or failed read stops it.
pub(super) async fn drain_unasked(
    report: &mut Report<'_>,
    bot: &mut Bot,
    p: Player,
    ply: usize,
) -> Result<(), Unasked> {
    let mut drained = 0;
    while drained < DRAIN_CAP && bot.pending_line() {
        let line = report
            .read(bot, p, Instant::now())
            .await
            .map_err(Unasked::Read)?;
        drained += line.len() + 1;
        match protocol::parse_bot_line(&line) {
            BotMsg::Info(t) => report.info(p, ply, t),
            BotMsg::Blank => {}
            _ => return Err(Unasked::Line(line)),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{PlayerSetup, Transcript};

    /// A flood of `n` lines like a bot's before `ready`: empty, short, escaped, long.
    fn flood(n: usize) -> Vec<String> {
        (0..n)
            .map(|i| match i % 4 {
                0 => String::new(),
                1 => "garbage".to_string(),
                2 if i % 1000 == 2 => format!("\x1b[1m{i}\\"),
                _ => "x".repeat(i % 300),
            })
            .collect()
    }

    fn received(text: &str, vital: bool) -> Heard<'_> {
        Heard {
            dir: Direction::Received,
            text,
            vital,
        }
    }

    #[test]
    fn a_handshake_log_keeps_what_fills_a_transcript_then_only_the_vital_lines() {
        let start = Instant::now();
        let mut log = HeardLog::new(start);
        let lines = flood(200_000);
        for (i, l) in lines.iter().enumerate() {
            log.push(start + Duration::from_micros(i as u64), received(l, false));
        }
        let kept = log.lines.len();
        assert!(kept < lines.len(), "the flood is cut");
        let cost: u64 = lines[..kept]
            .iter()
            .map(|l| l.len() as u64 + LINE_FLOOR)
            .sum();
        assert!(cost >= TRANSCRIPT_CAP, "enough to fill a transcript");
        assert!(cost - (lines[kept - 1].len() as u64 + LINE_FLOOR) < TRANSCRIPT_CAP);
        assert!(log.text.len() as u64 <= TRANSCRIPT_CAP);
        // The vital lines come through after the cut.
        log.push(start, received("id name x", true));
        log.push(start, received("garbage", false));
        log.push(start + Duration::from_secs(9), received("ready", true));
        let seen: Vec<(Instant, Direction, &str)> = log.lines().collect();
        assert_eq!(seen.len(), kept + 2);
        for (i, (at, dir, text)) in seen[..kept].iter().enumerate() {
            assert_eq!(*at, start + Duration::from_micros(i as u64));
            assert_eq!(*dir, Direction::Received);
            assert_eq!(*text, lines[i]);
        }
        assert_eq!(seen[kept].2, "id name x");
        assert_eq!(
            seen[kept + 1],
            (start + Duration::from_secs(9), Direction::Received, "ready")
        );
    }

    #[test]
    fn a_transcript_from_the_handshake_log_is_the_one_of_every_line() {
        let dir = tempfile::tempdir().unwrap();
        let ps = |name: &str| PlayerSetup {
            name: "flood".into(),
            argv: vec!["flood".into()],
            stderr: StderrSink::Discard,
            info_log: None,
            transcript: Some(dir.path().join(name)),
            seed: None,
            spawn: Default::default(),
        };
        let start = Instant::now();
        let mut whole = Transcript::open(&ps("whole"), 1, Player::One, start);
        let mut from_log = Transcript::open(&ps("log"), 1, Player::One, start);
        let mut log = HeardLog::new(start);
        let hello = "baraza 1 darra\n";
        let lines = flood(200_000);
        let all = std::iter::once((Direction::Sent, hello, true))
            .chain(
                lines
                    .iter()
                    .map(|l| (Direction::Received, l.as_str(), false)),
            )
            .chain([(Direction::Received, "ready", true)]);
        for (i, (dir, text, vital)) in all.enumerate() {
            let at = start + Duration::from_nanos(1_234 * i as u64);
            whole.log(at, dir, text);
            log.push(at, Heard { dir, text, vital });
        }
        for (at, dir, text) in log.lines() {
            from_log.log(at, dir, text);
        }
        drop((whole, from_log));
        let whole = std::fs::read(dir.path().join("whole")).unwrap();
        assert!(whole.ends_with(b"transcript truncated at 1048576 bytes]\n"));
        assert!(whole == std::fs::read(dir.path().join("log")).unwrap());
    }
}
