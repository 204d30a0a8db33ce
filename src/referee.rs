//! Plays one game between two bot processes: start, handshake, ask, time, judge, record.
//!
//! Nothing a bot claims is trusted: every move is checked against the engine's legal list and
//! every result comes from the engine's status. Every wait has a deadline, so the referee never
//! hangs; every failure of a bot ends the game with one of the fixed terminations, the offending
//! side losing, and the reason says who and why.

use crate::bot::{deadline_after, describe_status, Bot, ReadError, StderrSink, WriteError};
use crate::clock::{Charge, Clock, TimeControl};
use crate::game::{Outcome, Player, Position, Status};
use crate::protocol::{self, BotMsg};
use crate::record::{GameRecord, Termination};
use std::io::Write as _;
use std::path::PathBuf;
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
            End::fault(p, Termination::Crash, format!("{w} crashed: {how}"))
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

fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
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

/// Play one game to its end. Never panics on anything a bot does; returns the record.
pub async fn play_game(setup: &GameSetup) -> (GameRecord, GameExtras) {
    let mut extras = GameExtras::default();
    let mut pos = setup.start.clone();
    let mut moves: Vec<String> = Vec::new();
    let mut times_ms: Vec<u64> = Vec::new();

    // Start both.
    let mut spawned: Vec<Result<Bot, String>> = Vec::with_capacity(2);
    for ps in &setup.players {
        spawned.push(Bot::spawn(&ps.argv, ps.stderr.clone()).map_err(|e| e.to_string()));
    }
    let b2 = spawned.pop().expect("two players");
    let b1 = spawned.pop().expect("two players");
    let (mut b1, mut b2) = match (b1, b2) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let mut faults = Vec::new();
            for (p, r) in [(Player::One, &a), (Player::Two, &b)] {
                if let Err(e) = r {
                    faults.push((p, format!("{} could not be started: {e}", who(p, setup))));
                }
            }
            let end = both_or_one(faults, Termination::Crash);
            let bots = [a.ok(), b.ok()];
            return finish_game(setup, end, bots, moves, times_ms, extras).await;
        }
    };

    // Handshake, both at once, under one startup deadline.
    let now = Instant::now();
    let deadline = |i: usize| deadline_after(now, setup.startup_timeout[i]);
    let (h1, h2) = tokio::join!(
        handshake(Player::One, setup, &mut b1, deadline(0)),
        handshake(Player::Two, setup, &mut b2, deadline(1))
    );
    let mut faults = Vec::new();
    for (p, h) in [(Player::One, h1), (Player::Two, h2)] {
        match h {
            Ok(ids) => extras.ids[p.index()] = ids,
            Err(end) => faults.push((p, end)),
        }
    }
    if !faults.is_empty() {
        let end = if faults.len() == 1 {
            faults.pop().expect("one fault").1
        } else {
            // Both failed: nobody wins. Player 1's termination names the game's end.
            let termination = faults[0].1.termination;
            let reasons: Vec<String> = faults.into_iter().map(|(_, e)| e.reason).collect();
            End {
                outcome: Outcome::Draw,
                termination,
                reason: format!("both bots failed to start: {}", reasons.join("; ")),
                offenders: [true, true],
            }
        };
        return finish_game(setup, end, [Some(b1), Some(b2)], moves, times_ms, extras).await;
    }

    let mut bots = [b1, b2];
    let start_text = pos.format();
    for (i, bot) in bots.iter_mut().enumerate() {
        let deadline = deadline_after(Instant::now(), setup.startup_timeout[i]);
        if let Err(e) = bot
            .send(&protocol::newgame(i as u8 + 1, &start_text), deadline)
            .await
        {
            let p = if i == 0 { Player::One } else { Player::Two };
            let end = write_fault(p, setup, e, false);
            let [b1, b2] = bots;
            return finish_game(setup, end, [Some(b1), Some(b2)], moves, times_ms, extras).await;
        }
    }

    let mut infos = [
        InfoLog::open(setup.players[0].info_log.as_ref()),
        InfoLog::open(setup.players[1].info_log.as_ref()),
    ];
    let mut clock = Clock::per_player(setup.tc);
    let mut text = String::with_capacity(1024);
    let mut last: Option<String> = None;

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
            times_ms.push(0);
            last = Some("pass".to_string());
            continue;
        }
        let p = pos.side_to_move();
        let pi = p.index();
        let bot = &mut bots[pi];

        // Lines sent while it was not asked: info is fine, anything else is an error.
        // One look at the pipe, then only what that brought in: bounded even against a bot
        // that writes without pause.
        let pending = bot.has_pending_line();
        while pending && bot.has_buffered_line() {
            match bot.read_line(Instant::now()).await {
                Ok(line) => match protocol::parse_bot_line(&line) {
                    BotMsg::Info(t) => infos[pi].log(moves.len(), &t),
                    BotMsg::Blank => {}
                    _ => {
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
                },
                Err(e) => {
                    break 'game read_fault(
                        p,
                        setup,
                        bot,
                        e,
                        Termination::TimeForfeit,
                        String::new(),
                    )
                    .await
                }
            }
        }

        let go = clock.go(pi);
        protocol::write_turn(&mut text, &pos.format(), last.as_deref(), &legal, &go);
        let limit = clock.deadline(pi);
        let deadline = deadline_after(Instant::now(), limit);
        if let Err(e) = bot.send(&text, deadline).await {
            break write_fault(p, setup, e, true);
        }
        let t0 = Instant::now();
        let deadline = deadline_after(t0, limit);
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
                                "sent info lines but no move within {} ms (+{} ms margin)",
                                clock.allowance(pi).as_millis(),
                                setup.tc[pi].margin.as_millis()
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
                Err(e) => {
                    let text = format!(
                        "did not move within {} ms (+{} ms margin)",
                        clock.allowance(pi).as_millis(),
                        setup.tc[pi].margin.as_millis()
                    );
                    break 'game read_fault(p, setup, bot, e, Termination::TimeForfeit, text).await;
                }
            }
        };
        let used = t0.elapsed();
        if let Charge::Flag { used, limit } = clock.charge(pi, used) {
            break End::fault(
                p,
                Termination::TimeForfeit,
                format!(
                    "{} took {} ms, over its {} ms (+{} ms margin)",
                    who(p, setup),
                    used.as_millis(),
                    limit.as_millis(),
                    setup.tc[pi].margin.as_millis()
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
        times_ms.push(millis(used));
        last = Some(token.clone());
        moves.push(token);
    };
    extras.info_lines = [infos[0].lines, infos[1].lines];
    let [b1, b2] = bots;
    finish_game(setup, end, [Some(b1), Some(b2)], moves, times_ms, extras).await
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

/// One fault: that side loses. Two: a draw, both reasons kept.
fn both_or_one(mut faults: Vec<(Player, String)>, termination: Termination) -> End {
    if faults.len() == 1 {
        let (p, reason) = faults.pop().expect("one fault");
        End::fault(p, termination, reason)
    } else {
        let reasons: Vec<String> = faults.into_iter().map(|(_, r)| r).collect();
        End {
            outcome: Outcome::Draw,
            termination,
            reason: reasons.join("; "),
            offenders: [true, true],
        }
    }
}

async fn finish_game(
    setup: &GameSetup,
    end: End,
    bots: [Option<Bot>; 2],
    moves: Vec<String>,
    times_ms: Vec<u64>,
    extras: GameExtras,
) -> (GameRecord, GameExtras) {
    let farewell = protocol::gameover_and_quit(end.outcome.as_str(), end.termination.as_str());
    let [b1, b2] = bots;
    let grace = |p: Player| {
        if end.offenders[p.index()] {
            Duration::ZERO
        } else {
            setup.grace
        }
    };
    let f1 = async {
        if let Some(b) = b1 {
            b.finish(Some(&farewell), grace(Player::One)).await;
        }
    };
    let f2 = async {
        if let Some(b) = b2 {
            b.finish(Some(&farewell), grace(Player::Two)).await;
        }
    };
    tokio::join!(f1, f2);
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
        times_ms,
        start: setup.start.format(),
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
