//! The moves of a game, as a loop of turns. Each turn is four named steps:
//! [`Play::before_turn`] (has the game ended? a forced pass?), [`Play::ask`] (lines sent
//! while not asked, then the turn message), [`Play::await_move`] (read up to the `move` line)
//! and [`Play::judge`] (clock, legality), then [`Play::record`].

use super::crash::dropped_for;
use super::go_line::GoLine;
use super::lateness;
use super::observer::GameObserver;
use super::open::{between_games, drain_unasked, replace, Table, Unasked};
use super::played::Moves;
use super::silence::{look, turn_cause, unended_in_transcript, Quiet};
use super::transcript::{Direction, Transcripts};
use super::verdict::{
    limit_text, quit_between_games, quote, read_fault, ready_again, who, write_fault, Verdict,
};
use crate::bot::{deadline_after, ReadError, WriteError};
use crate::clock::{micros, Charge, Clock};
use crate::game::{LegalCache, Outcome, Player, Status};
use crate::outcome::Termination;
use crate::protocol::{self, BotMsg};
use crate::record::adjudication::{Adjudicated, ScoreWatch};
use std::time::Duration;
use tokio::time::Instant;

/// Why a turn did not produce a move.
enum Stop {
    /// The game is over.
    Over(Verdict),
    /// The bot's kept process had exited between games and a fresh one took its place: ask
    /// this turn again.
    Again,
}

impl From<Verdict> for Stop {
    fn from(v: Verdict) -> Stop {
        Stop::Over(v)
    }
}

/// What the position asks for before a bot is asked.
enum Before {
    /// The side to move must be asked.
    Ask,
    /// The referee played a forced pass.
    Passed,
}

/// A game in play.
struct Play<'t, 'a> {
    t: &'t mut Table<'a>,
    pos: Box<dyn LegalCache>,
    clock: Clock,
    played: Moves,
    /// The turn message, built in place every turn, and its `go` line.
    text: String,
    go_line: GoLine,
    /// The line read from the bot, and the token of its move: buffers reused every turn.
    line: String,
    token: String,
    /// When the clock of the turn in play started: just before its first byte was written.
    turn_start: Instant,
    /// Time a kept process spent on this turn before it exited (the turn is asked again, of a
    /// fresh process): charged with the fresh one's, so the turn costs what it would have.
    carried: Duration,
    /// The score rules' runs, and the end one of them called after the last move.
    watch: ScoreWatch,
    adjudicated: Option<Adjudicated>,
}

/// Play the moves of a game whose bots are both running and told `newgame`, to its end.
pub(super) async fn play_moves(t: &mut Table<'_>) -> (Verdict, Moves) {
    let mut play = Play {
        pos: t.setup.start.legal_cache(),
        clock: Clock::per_player(t.setup.tc),
        played: Moves::with_room(),
        text: String::with_capacity(1024),
        go_line: GoLine::with_room(),
        line: String::with_capacity(256),
        token: String::with_capacity(16),
        turn_start: Instant::now(),
        carried: Duration::ZERO,
        watch: ScoreWatch::default(),
        adjudicated: None,
        t,
    };
    // Info lines sent between games, or during the start-up, are no move's.
    play.t.report.last_info = Default::default();
    let verdict = loop {
        match play.take_turn().await {
            Ok(()) | Err(Stop::Again) => {}
            Err(Stop::Over(v)) => break v,
        }
    };
    (verdict, play.played)
}

impl Play<'_, '_> {
    /// One ply: the game's end or a forced pass, else ask the side to move, read its move,
    /// judge it and record it.
    async fn take_turn(&mut self) -> Result<(), Stop> {
        if let Before::Passed = self.before_turn()? {
            return Ok(());
        }
        let p = self.pos.position().side_to_move();
        let limit = self.ask(p).await?;
        let t0 = self.turn_start;
        self.await_move(p, deadline_after(t0, limit)).await?;
        let used = t0.elapsed() + std::mem::take(&mut self.carried);
        // Taken out for the calls below, which borrow all of `self`, and put back: its room
        // is reused every turn.
        let token = std::mem::take(&mut self.token);
        let mut judged = self.judge(p, &token, used);
        if let Err(v) = &mut judged {
            if v.termination == Termination::TimeForfeit {
                // Its move was read too late: the referee may have been the late one.
                let late = lateness::settled_since(t0.into_std()).await;
                v.reason += &lateness::forfeit_note(late, self.t.setup.tc[p.index()].margin);
            }
        }
        if judged.is_ok() {
            let info = self.t.report.last_info[p.index()].take();
            self.record(p, &token, micros(used), info);
        }
        self.token = token;
        Ok(judged?)
    }

    /// The end by the rules (no legal move) or by the ply limit; a forced pass is played here.
    /// One move generation per ply: an empty list is exactly a finished game (game.rs).
    fn before_turn(&mut self) -> Result<Before, Verdict> {
        let n = self.pos.legal().len();
        if n == 0 {
            return Err(rules_end(self.pos.position().status()));
        }
        if let Some(max) = self.t.setup.max_plies {
            if self.played.len() as u64 >= max {
                let reason = format!("draw by adjudication after {max} plies");
                return Err(Verdict::clean(
                    Outcome::Draw,
                    Termination::Adjudication,
                    reason,
                ));
            }
        }
        let rules = &self.t.setup.adjudication;
        if let Some(a) = rules
            .decided(self.pos.position())
            .or_else(|| self.adjudicated.take())
        {
            return Err(Verdict::clean(
                a.outcome,
                Termination::Adjudication,
                a.reason,
            ));
        }
        if n == 1 && self.pos.legal().get(0) == Some("pass") {
            // A forced pass is played by the referee; the bot is not asked.
            let p = self.pos.position().side_to_move();
            if !self.pos.play_index(0) {
                return Err(Verdict::internal("the engine rejected its own forced pass"));
            }
            // No info: its pending one stays for its next move, as it was not asked for this.
            self.record(p, "pass", 0, None);
            return Ok(Before::Passed);
        }
        Ok(Before::Ask)
    }

    /// Read what `p` sent while it was not asked (info is fine, anything else an error), then
    /// continue it and send it the turn. Returns its time limit for this move.
    async fn ask(&mut self, p: Player) -> Result<Duration, Stop> {
        let setup = self.t.setup;
        let ply = self.played.len();
        let side = &mut self.t.sides[p.index()];
        let bot = side.bot.as_mut().expect("both bots are running");
        let pi = p.index();
        let limit = self.clock.deadline(pi).saturating_sub(self.carried);
        // Stopped in the middle of its work (between two writes, say), it would write before
        // reading a turn written now: it goes on first, its clock running, until it waits for
        // input, so that whatever it writes meanwhile is found below, before its turn.
        let early = stopped_mid_work(bot).await.then(Instant::now);
        if let Some(start) = early {
            bot.resume();
            finish_work(bot, deadline_after(start, limit)).await;
        }
        // Everything it wrote since its last move, to the end: it has been stopped since (see
        // `Bot::pause`), or waits for input, so this ends; a move there is a premove, never
        // taken as the answer.
        match drain_unasked(&mut self.t.report, bot, p, ply).await {
            Ok(()) => {}
            Err(Unasked::Line(line)) => {
                let msg = protocol::parse_bot_line(&line);
                if side.stage.is_unproven() && !matches!(msg, BotMsg::Move(_)) {
                    // A kept process before its first move of the game: what it sent since
                    // `gameover`, as if found before `newgame`.
                    return Err(between_games(p, setup, &line).into());
                }
                let when = match msg {
                    BotMsg::Move(_) => "before its turn (a premove)",
                    BotMsg::Ready => return Err(ready_again(p, setup).into()),
                    _ => "when it was not its turn",
                };
                let hint = protocol::habits::move_hint(&line);
                let reason = format!("{} sent {} {when}{hint}", who(p, setup), quote(&line));
                return Err(Verdict::fault(p, Termination::ProtocolError, reason).into());
            }
            Err(Unasked::Read(e)) => {
                let term = Termination::TimeForfeit;
                let at = self.pos.position_text();
                return Err(read_fault(p, setup, bot, e, term, String::new(), Some(at))
                    .await
                    .into());
            }
        }
        let mut go = self.clock.go(pi);
        // The search limits only to a bot that asked for them in its handshake.
        go.nodes = go
            .nodes
            .filter(|_| protocol::has_feature(&side.ids, "nodes"));
        go.depth = go
            .depth
            .filter(|_| protocol::has_feature(&side.ids, "depth"));
        let (position, legal) = self.pos.texts();
        let last = self.played.last();
        protocol::write_turn_before_go(&mut self.text, position, last, legal.line());
        self.text.push_str(self.go_line.text(go));
        // The clock starts before the turn's first byte is written: a referee slow to write (a
        // loaded machine) never charges the bot less than it had. It stops when the `move`
        // line has been read.
        self.turn_start = early.unwrap_or_else(Instant::now);
        let deadline = deadline_after(self.turn_start, limit);
        let sent = self.t.report.send(bot, p, &self.text, deadline).await;
        // Continued only now, its turn waiting in its input: it wakes once, to read it.
        bot.resume();
        match sent {
            Ok(()) => Ok(limit),
            Err(WriteError::Closed) if side.stage.is_unproven() => {
                // A kept process that quit (status 0) after `gameover`, before it read this
                // game's `newgame`: a fresh process, then this turn again. Any other death
                // once the game was handed to it is this game's crash, with its last words.
                if !quit_between_games(bot).await {
                    let (e, at) = (WriteError::Closed, Some(self.pos.position_text()));
                    return Err(write_fault(p, setup, bot, e, true, at).await.into());
                }
                self.carried += self.turn_start.elapsed();
                replace(self.t, p).await?;
                Err(Stop::Again)
            }
            Err(e) => {
                let at = Some(self.pos.position_text());
                Err(write_fault(p, setup, bot, e, true, at).await.into())
            }
        }
    }

    /// Read `p`'s lines up to its `move` line by `deadline`, its token left in `self.token`;
    /// `info` lines are reported, blank lines ignored, anything else is a protocol error.
    async fn await_move(&mut self, p: Player, deadline: Instant) -> Result<(), Stop> {
        let setup = self.t.setup;
        let pi = p.index();
        let ply = self.played.len();
        let side = &mut self.t.sides[pi];
        let bot = side.bot.as_mut().expect("both bots are running");
        let limit = || limit_text(self.clock.allowance(pi), setup.tc[pi].margin);
        // Whether it sent any line this turn: its output reaches the referee.
        let mut spoke = false;
        loop {
            match self
                .t
                .report
                .read_into(bot, p, deadline, &mut self.line)
                .await
            {
                Ok(()) => {}
                Err(ReadError::Eof)
                    if side.stage.is_unproven() && quit_between_games(bot).await =>
                {
                    // It quit after `gameover` (status 0): a fresh process, then this turn
                    // again, the time spent so far charged. A crash is this game's (below).
                    self.carried += self.turn_start.elapsed();
                    replace(self.t, p).await?;
                    return Err(Stop::Again);
                }
                Err(e) => {
                    let mut text = format!("did not move within {}", limit());
                    if let ReadError::Timeout = e {
                        // Before the look below takes its own time.
                        let (due, since) = (deadline.into_std(), self.turn_start.into_std());
                        let late = lateness::woke_for(due, since);
                        let quiet = look(bot, spoke).await;
                        log_unended(&mut self.t.report.transcripts, p, &quiet);
                        let stopped = deadline.duration_since(self.turn_start).as_millis();
                        let lang = bot.language();
                        text += &turn_cause(&quiet, stopped, lang, &dropped_for(p, setup));
                        text += &quiet.machine_note(late, setup.tc[pi].margin);
                    }
                    let term = Termination::TimeForfeit;
                    let at = self.pos.position_text();
                    let v = read_fault(p, setup, bot, e, term, text, Some(at)).await;
                    return Err(v.into());
                }
            }
            let line = self.line.as_str();
            spoke = true;
            match protocol::parse_bot_line(line) {
                BotMsg::Move(token) => {
                    // From its answer to its next turn it computes nothing (unless it may
                    // ponder): stopped at once, its clock stopped with this read.
                    bot.pause();
                    side.stage = side.stage.moved();
                    self.token.clear();
                    self.token.push_str(token);
                    return Ok(());
                }
                BotMsg::Info(text) => {
                    self.t.report.info(p, ply, text);
                    // Buffered lines are returned without waiting: check the clock here too,
                    // so an endless stream of info lines still runs out of time.
                    if Instant::now() >= deadline {
                        let late = lateness::worst_since(self.turn_start.into_std());
                        let reason = format!(
                            "{} sent info lines but no move within {}{}",
                            who(p, setup),
                            limit(),
                            lateness::forfeit_note(late, setup.tc[pi].margin)
                        );
                        return Err(Verdict::fault(p, Termination::TimeForfeit, reason).into());
                    }
                }
                BotMsg::Blank => {}
                BotMsg::Ready => return Err(ready_again(p, setup).into()),
                BotMsg::Resign => {
                    // Not a fault: the process may be kept for the next game.
                    let reason = format!("{} resigned", who(p, setup));
                    let win = crate::outcome::Outcome::Win(p.other());
                    return Err(Verdict::clean(win, Termination::Resignation, reason).into());
                }
                // A kept process's first line of the game: it may as well be its answer to
                // `gameover` or `newgame`, read late.
                _ if side.stage.is_unproven() => return Err(between_games(p, setup, line).into()),
                _ => {
                    let reason = format!(
                        "{} answered {} instead of 'move <token>'{}",
                        who(p, setup),
                        quote(line),
                        protocol::habits::answer_hint(line)
                    );
                    return Err(Verdict::fault(p, Termination::ProtocolError, reason).into());
                }
            }
        }
    }

    /// Charge the clock, then play `token` if it is listed: the move is judged against the
    /// list generated for this ply, and played from it.
    fn judge(&mut self, p: Player, token: &str, used: Duration) -> Result<(), Verdict> {
        let setup = self.t.setup;
        let pi = p.index();
        if let Charge::Flag { used, limit } = self.clock.charge(pi, used) {
            let reason = format!(
                "{} took {} ms, over its {}",
                who(p, setup),
                used.as_millis(),
                limit_text(limit, setup.tc[pi].margin)
            );
            return Err(Verdict::fault(p, Termination::TimeForfeit, reason));
        }
        let listed = self.pos.legal().position(token);
        if !listed.is_some_and(|i| self.pos.play_index(i)) {
            // As `replay --verify` says it: the position and what was legal there.
            let reason = format!(
                "{} sent illegal move {} in '{}' (legal: {})",
                who(p, setup),
                quote(token),
                self.pos.position().format(),
                self.pos.legal().line()
            );
            return Err(Verdict::fault(p, Termination::IllegalMove, reason));
        }
        Ok(())
    }

    /// Keep a played move, its time and the mover's last info line before it, and report it.
    fn record(&mut self, p: Player, token: &str, time_us: u64, info: Option<String>) {
        let ply = self.played.len();
        self.t.report.moved(ply, p, token, time_us / 1000);
        let setup = self.t.setup;
        if !setup.adjudication.is_off() {
            let names = setup.players.each_ref().map(|s| s.name.as_str());
            let info = info.as_deref();
            self.adjudicated = self
                .watch
                .after_move(&setup.adjudication, p, token, info, names);
        }
        self.played.push(token, time_us, info);
    }
}

/// The verdict on a position with no legal move: over by the rules.
fn rules_end(status: Status) -> Verdict {
    let Status::Over {
        outcome,
        reason,
        scores,
    } = status
    else {
        return Verdict::internal("the engine lists no legal move in an ongoing position");
    };
    let mut r = format!("ended by the rules: {reason}");
    if let Some((a, b)) = scores {
        r.push_str(&format!(" {a}-{b}"));
    }
    Verdict::clean(outcome, Termination::Normal, r)
}

/// Whether `bot`, stopped, was stopped in the middle of its work rather than waiting for input
/// (false when it cannot be told, or not stopped: `--ponder`). A stop it has not taken yet (it
/// had no CPU since) is waited for, a few quick looks, then one a millisecond, up to a second.
async fn stopped_mid_work(bot: &crate::bot::Bot) -> bool {
    use crate::bot::waiting::State;
    if !bot.is_paused() {
        return false;
    }
    for look in 0..1020u32 {
        match bot.stop_state() {
            State::Working => return true,
            State::Waiting | State::Unknown => return false,
            State::Running => pause_a_little(look).await,
        }
    }
    false
}

/// Wait until `bot`, continued in the middle of its work, waits for input again, has written a
/// line, or `deadline` has come.
async fn finish_work(bot: &mut crate::bot::Bot, deadline: Instant) {
    use crate::bot::waiting::State;
    for look in 0u32.. {
        if bot.has_pending_line() || bot.at_eof() {
            return;
        }
        if matches!(bot.stop_state(), State::Waiting | State::Unknown) {
            return;
        }
        if Instant::now() >= deadline {
            return;
        }
        pause_a_little(look).await;
    }
}

/// Between two looks at a bot: at first nothing (on another core the bot gets there within a
/// look or two), then a yield of the processor (on the referee's core it cannot run while the
/// referee does), from the 20th look a millisecond.
async fn pause_a_little(look: u32) {
    if look < 2 {
        // On another core the bot is there by the next look.
        std::hint::spin_loop();
    } else if look < 20 {
        // The processor, not the runtime: tokio's yield defers a waker in a list that grows
        // (allocates) the first time, which may be any ply (tests/alloc_per_ply.rs).
        std::thread::yield_now();
    } else {
        tokio::time::sleep(std::time::Duration::from_millis(1)).await;
    }
}

/// A line a silent bot left without its end, shown in the transcript as it came.
fn log_unended(transcripts: &mut Transcripts, p: Player, quiet: &Quiet) {
    if let Quiet::Unended(part) = quiet {
        transcripts.log_now(p, Direction::Received, &unended_in_transcript(part));
    }
}
