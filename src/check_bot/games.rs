//! The checks that play: full games against the opponent on both sides, game after game in one
//! process, a position with one legal move, and `quit` at the end: all through the referee,
//! exactly as `baraza match` plays them.

use super::turn_timer::TurnTimer;
use super::{one_move, Check, CheckSetup};
use crate::game::{Player, Position};
use crate::games::Ruleset;
use crate::record::{GameRecord, Termination};
use crate::referee::{play_game_observed, GameExtras, GameSetup, Seat};
use std::time::Instant;

/// What one ruleset's games found: its checks and the bot's think times (ms).
pub struct RulesetChecks {
    pub checks: Vec<Check>,
    pub think_ms: Vec<u64>,
}

/// Play `setup.games` games of `ruleset` (the bot as player 1 in odd games), then the
/// one-legal-move game, all in one kept process, then `quit` it. A game the bot loses by a
/// fault ends its games (the next would show the same fault), and the checks that cannot be
/// judged after it are skipped because of it.
pub async fn play(setup: &CheckSetup, ruleset: &'static Ruleset) -> RulesetChecks {
    let mut bot = Seat::new(true);
    let mut opponent = Seat::new(true);
    let mut think_ms = Vec::new();
    let mut played: Vec<(GameRecord, GameExtras, Player)> = Vec::new();
    for g in 1..=setup.games {
        let side = if g % 2 == 1 { Player::One } else { Player::Two };
        let start = ruleset.start_position();
        let game = one_game(setup, ruleset, g, start, side, &mut bot, &mut opponent).await;
        think_ms.extend(game.3.iter().copied());
        let faulted = fault(&game.0, side).is_some();
        played.push((game.0, game.1, game.2));
        if faulted {
            break;
        }
    }
    let games = games_check(ruleset, setup.games, &played);
    let mut checks = vec![];
    if games.is_failed() {
        checks.push(Check::skipped(&process_name(ruleset), &games));
        checks.push(Check::skipped(&only_move_name(ruleset), &games));
        checks.push(Check::skipped(&quit_name(ruleset), &games));
        checks.insert(0, games);
    } else {
        checks.push(games);
        checks.push(process_check(ruleset, &played));
        let (only, faulted) =
            only_move_check(setup, ruleset, &mut bot, &mut opponent, &mut think_ms).await;
        let cause = if faulted { Some(&only) } else { None };
        let cause = cause.or_else(|| checks.iter().find(|c| c.is_failed()));
        let quit = quit_check(setup, ruleset, bot, cause).await;
        checks.push(only);
        checks.push(quit);
    }
    opponent.close(setup.grace).await;
    RulesetChecks { checks, think_ms }
}

fn process_name(ruleset: &Ruleset) -> String {
    format!("{}: plays game after game in one process", ruleset.id)
}

fn only_move_name(ruleset: &Ruleset) -> String {
    format!("{}: answers when it has one legal move", ruleset.id)
}

fn quit_name(ruleset: &Ruleset) -> String {
    format!("{}: exits after 'quit'", ruleset.id)
}

async fn one_game(
    setup: &CheckSetup,
    ruleset: &'static Ruleset,
    game: u64,
    start: Box<dyn Position>,
    side: Player,
    bot: &mut Seat,
    opponent: &mut Seat,
) -> (GameRecord, GameExtras, Player, Vec<u64>) {
    let seed = setup.seed.wrapping_add(game);
    let me = (setup.bot)(ruleset.id, seed);
    let them = (setup.opponent)(ruleset.id, seed);
    let (players, seats) = match side {
        Player::One => ([me, them], [bot, opponent]),
        Player::Two => ([them, me], [opponent, bot]),
    };
    let game_setup = GameSetup {
        game,
        players,
        start,
        tc: [setup.tc; 2],
        startup_timeout: [setup.startup_timeout; 2],
        grace: setup.grace,
        max_plies: ruleset.default_max_plies,
        adjudication: Default::default(),
        seed,
        event: "baraza check-bot".to_string(),
        site: "?".to_string(),
        round: game.to_string(),
    };
    let mut timer = TurnTimer::new(side);
    let (record, extras) = play_game_observed(&game_setup, seats, &mut timer).await;
    let mut times = bot_times(&record, side);
    times.extend(timer.unfinished_ms(std::time::Instant::now()));
    (record, extras, side, times)
}

/// The bot's own think times in a game where it played `side`, over the moves in its record.
fn bot_times(rec: &GameRecord, side: Player) -> Vec<u64> {
    let first = crate::games::parse_position(&rec.start)
        .map(|p| p.side_to_move())
        .unwrap_or(Player::One);
    let offset = usize::from(first != side);
    rec.times_ms
        .iter()
        .skip(offset)
        .step_by(2)
        .copied()
        .collect()
}

/// The reason when the bot (playing `side`) lost `rec` by a fault of its own.
fn fault(rec: &GameRecord, side: Player) -> Option<String> {
    let lost = match side {
        Player::One => rec.result == "0-1",
        Player::Two => rec.result == "1-0",
    };
    let by_fault = !matches!(
        rec.termination,
        Termination::Normal | Termination::Adjudication | Termination::Resignation
    );
    (lost && by_fault).then(|| format!("{}: {}", rec.termination, rec.reason))
}

fn games_check(
    ruleset: &Ruleset,
    games: u64,
    played: &[(GameRecord, GameExtras, Player)],
) -> Check {
    let name = format!(
        "{}: plays {games} full games against builtin:random, on both sides",
        ruleset.id
    );
    for (rec, _, side) in played {
        if let Some(why) = fault(rec, *side) {
            let as_ = side.number();
            return Check::failed(&name, format!("game {} (as player {as_}) {why}", rec.game));
        }
    }
    let [mut w, mut d, mut l] = [0, 0, 0];
    for (rec, _, side) in played {
        match (rec.result.as_str(), side) {
            ("1-0", Player::One) | ("0-1", Player::Two) => w += 1,
            ("1/2-1/2", _) => d += 1,
            _ => l += 1,
        }
    }
    Check::passed(&name, format!("{w} won, {d} drawn, {l} lost"))
}

/// Whether each game was played by the process of the game before (no game ended by the bot's
/// fault: see [`play`]).
fn process_check(ruleset: &Ruleset, played: &[(GameRecord, GameExtras, Player)]) -> Check {
    let name = process_name(ruleset);
    for (k, (_, extras, side)) in played.iter().enumerate() {
        let i = side.index();
        if extras.replaced[i] || extras.games_before[i] != k as u64 {
            return Check::failed(
                &name,
                format!(
                    "its process exited between games (before game {}): after 'gameover' wait \
                     for 'newgame' or 'quit'",
                    k + 1
                ),
            );
        }
    }
    let pid = played.first().and_then(|(_, e, s)| e.pids[s.index()]);
    let pid = pid.map_or(String::new(), |p| format!(", pid {p}"));
    Check::passed(&name, format!("{} games{pid}", played.len()))
}

/// The check, and whether its game ended by the bot's fault (its process then killed).
async fn only_move_check(
    setup: &CheckSetup,
    ruleset: &'static Ruleset,
    bot: &mut Seat,
    opponent: &mut Seat,
    think_ms: &mut Vec<u64>,
) -> (Check, bool) {
    let name = only_move_name(ruleset);
    let Some((pos, only)) = one_move::find(ruleset.start_position().as_ref()) else {
        return (
            Check::passed(&name, "skipped: no such position found".to_string()),
            false,
        );
    };
    let side = pos.side_to_move();
    let text = pos.format();
    let game = setup.games + 1;
    let (rec, _, side, times) = one_game(setup, ruleset, game, pos, side, bot, opponent).await;
    think_ms.extend(times);
    if let Some(why) = fault(&rec, side) {
        return (Check::failed(&name, format!("from '{text}': {why}")), true);
    }
    let check = match rec.moves.first() {
        Some(m) if *m == only => Check::passed(&name, format!("{only} from '{text}'")),
        _ => Check::failed(&name, format!("from '{text}' it did not play {only}")),
    };
    (check, false)
}

/// `quit` to the kept process; skipped because of `cause` (the failed check that cost the bot
/// its process, or the earliest failed one) when no process is left.
async fn quit_check(
    setup: &CheckSetup,
    ruleset: &Ruleset,
    mut bot: Seat,
    cause: Option<&Check>,
) -> Check {
    use std::os::unix::process::ExitStatusExt;
    let name = quit_name(ruleset);
    let started = Instant::now();
    let (status, tail) = bot.close_told(setup.grace).await;
    let ms = started.elapsed().as_millis();
    let grace = setup.grace.as_millis();
    match (status, cause) {
        (None, Some(cause)) => Check::skipped(&name, cause),
        (None, None) => Check::failed(&name, "no process was left to quit".to_string()),
        (Some(st), _) if st.success() => Check::passed(&name, format!("in {ms} ms")),
        (Some(st), _) if st.signal() == Some(libc::SIGKILL) => Check::failed(
            &name,
            format!(
                "still running {grace} ms after 'quit' (then killed): leave the loop on 'quit'"
            ),
        ),
        (Some(st), _) => Check::failed(&name, failed_quit(&st, tail.as_deref())),
    }
}

/// How a bot that exited with a failure after `quit` is described: its status, the end of
/// its stderr, and, when that shows it read on past `quit` into its closed input (Python's
/// `EOFError`), the fix.
fn failed_quit(st: &std::process::ExitStatus, tail: Option<&str>) -> String {
    let mut s = format!("{} after 'quit'", crate::bot::describe_status(st));
    if let Some(t) = tail {
        s += &format!("; its stderr ended: {t}");
        if t.contains("EOFError") {
            s += ": it read on after 'quit', and its input ends there: leave the loop on 'quit'";
        }
    }
    s
}
