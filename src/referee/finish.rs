//! The end of a game: `gameover` to both bots, each kept in its seat or ended, and the record.

use super::open::Table;
use super::played::Moves;
use super::seat::{Live, Seat, Side};
use super::setup::{today, GameExtras, GameSetup};
use super::verdict::Verdict;
use crate::bot::{deadline_after, Bot};
use crate::game::Player;
use crate::protocol;
use crate::record::GameRecord;
use std::time::Duration;
use tokio::time::Instant;

/// End the game: `gameover` to the bots, which are kept in their seats (see [`Seat`]) or get
/// `quit`, the grace period (none for a bot at fault) and the group kill; then the record.
pub(super) async fn finish_game(
    t: Table<'_>,
    verdict: Verdict,
    seats: [&mut Seat; 2],
    played: Moves,
) -> (GameRecord, GameExtras) {
    let Table {
        setup,
        sides,
        mut report,
        start_text,
        host_fault,
    } = t;
    let (result, term) = (verdict.outcome.as_str(), verdict.termination.as_str());
    let farewell = protocol::gameover_and_quit(result, term);
    let gameover = protocol::gameover(result, term);
    let mut extras = GameExtras {
        host_fault,
        ..GameExtras::default()
    };
    for (i, side) in sides.iter().enumerate() {
        extras.pids[i] = side.bot.as_ref().map(Bot::pid);
        extras.ids[i] = side.ids.clone();
        extras.games_before[i] = side.games_before;
        extras.replaced[i] = side.replaced;
        extras.started[i] = side.stage.is_ready();
        extras.info_lines[i] = report.infos.0[i].lines();
    }
    let [side1, side2] = sides;
    let [seat1, seat2] = seats;
    let bye = (farewell.as_str(), gameover.as_str());
    let said = tokio::join!(
        close_side(setup, side1, seat1, verdict.offenders[0], bye),
        close_side(setup, side2, seat2, verdict.offenders[1], bye)
    );
    // Reported once both are closed: the two close at the same time.
    for (p, text) in [(Player::One, said.0), (Player::Two, said.1)] {
        if let Some((text, at)) = text {
            report.sent_at(p, text, at);
        }
    }
    drop(report); // flushes the info logs
    let id = |i: usize, key: &str| {
        // The last of a key wins, as a later line corrects an earlier one.
        extras.ids[i]
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    };
    let (plies, moves) = (played.len(), played.tokens());
    let move_infos = if played.infos.iter().any(Option::is_some) {
        played.infos
    } else {
        Vec::new()
    };
    let record = GameRecord {
        game: setup.game,
        ruleset: setup.start.ruleset().to_string(),
        white: setup.players[0].name.clone(),
        black: setup.players[1].name.clone(),
        result: verdict.outcome.into(),
        termination: verdict.termination,
        reason: verdict.reason,
        plies,
        moves,
        times_ms: played.times_us.iter().map(|us| us / 1000).collect(),
        times_us: played.times_us,
        move_infos,
        white_id_name: id(0, "name"),
        white_id_author: id(0, "author"),
        black_id_name: id(1, "name"),
        black_id_author: id(1, "author"),
        start: start_text,
        seed: setup.seed,
        time_control: setup.time_control_text(),
        event: setup.event.clone(),
        site: setup.site.clone(),
        date: today(),
        round: setup.round.clone(),
    };
    (record, extras)
}

/// After a game: keep the side's process in its seat (sending `gameover`) or end it (sending
/// `farewell`, `gameover` + `quit`). `bye` is (`farewell`, `gameover`). Returns what it
/// wrote to the bot, if anything, and when.
async fn close_side<'b>(
    setup: &GameSetup,
    mut side: Side,
    seat: &mut Seat,
    offender: bool,
    bye: (&'b str, &'b str),
) -> Option<(&'b str, Instant)> {
    let (farewell, gameover) = bye;
    if side.replaced {
        seat.exits_between_games += 1;
        seat.reuse = false;
    }
    let mut bot = side.bot.take()?;
    let keep = seat.reuse && !offender && side.stage.is_ready() && bot.try_status().is_none();
    let at = Instant::now();
    if keep {
        let deadline = deadline_after(at, setup.grace);
        let told = side.stage.is_told();
        if !told || bot.send(gameover, deadline).await.is_ok() {
            seat.live = Some(Live {
                bot,
                ruleset: setup.start.ruleset().to_string(),
                ids: side.ids,
                games: side.games_before + u64::from(told),
            });
        } else {
            bot.finish(None, Duration::ZERO).await;
        }
        return told.then_some((gameover, at));
    }
    let grace = if offender {
        Duration::ZERO
    } else {
        setup.grace
    };
    // `gameover` only for a game the bot was told of (`newgame`), kept or not: a bot whose
    // opponent failed to start hears nothing of that game.
    let bye = if side.stage.is_told() {
        farewell
    } else {
        protocol::QUIT
    };
    bot.finish(Some(bye), grace).await;
    Some((bye, at))
}
