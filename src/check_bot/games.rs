//! The checks that play: full games against the opponent on both sides, game after game in one
//! process, a position with one legal move, and `quit` at the end: all through the referee,
//! exactly as `baraza match` plays them.

use super::{one_move, Check, CheckSetup};
use crate::game::{Player, Position};
use crate::games::Ruleset;
use crate::record::{GameRecord, Termination};
use crate::referee::{play_game_with, GameExtras, GameSetup, Seat};
use std::time::Instant;

/// What one ruleset's games found: its checks and the bot's think times (ms).
pub struct RulesetChecks {
    pub checks: Vec<Check>,
    pub think_ms: Vec<u64>,
}

/// Play `setup.games` games of `ruleset` (the bot as player 1 in odd games), then the
/// one-legal-move game, all in one kept process, then `quit` it.
pub async fn play(setup: &CheckSetup, ruleset: &'static Ruleset) -> RulesetChecks {
    let mut bot = Seat::new(true);
    let mut opponent = Seat::new(true);
    let mut think_ms = Vec::new();
    let mut played: Vec<(GameRecord, GameExtras, Player)> = Vec::new();
    for g in 1..=setup.games {
        let side = if g % 2 == 1 { Player::One } else { Player::Two };
        let start = ruleset.start_position();
        let game = one_game(setup, ruleset, g, start, side, &mut bot, &mut opponent).await;
        think_ms.extend(bot_times(&game.0, game.2));
        played.push(game);
    }
    let mut checks = vec![
        games_check(ruleset, &played),
        process_check(ruleset, &played),
    ];
    checks.push(only_move_check(setup, ruleset, &mut bot, &mut opponent, &mut think_ms).await);
    checks.push(quit_check(setup, ruleset, bot).await);
    opponent.close(setup.grace).await;
    RulesetChecks { checks, think_ms }
}

async fn one_game(
    setup: &CheckSetup,
    ruleset: &'static Ruleset,
    game: u64,
    start: Box<dyn Position>,
    side: Player,
    bot: &mut Seat,
    opponent: &mut Seat,
) -> (GameRecord, GameExtras, Player) {
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
    let (record, extras) = play_game_with(&game_setup, seats).await;
    (record, extras, side)
}

/// The bot's own think times in a game where it played `side`.
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

fn games_check(ruleset: &Ruleset, played: &[(GameRecord, GameExtras, Player)]) -> Check {
    let name = format!(
        "{}: plays {} full games against builtin:random, on both sides",
        ruleset.id,
        played.len()
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

fn process_check(ruleset: &Ruleset, played: &[(GameRecord, GameExtras, Player)]) -> Check {
    let name = format!("{}: plays game after game in one process", ruleset.id);
    for (k, (rec, extras, side)) in played.iter().enumerate() {
        let i = side.index();
        if fault(rec, *side).is_some() {
            return Check::failed(
                &name,
                format!("not checked: game {} ended by its fault", k + 1),
            );
        }
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

async fn only_move_check(
    setup: &CheckSetup,
    ruleset: &'static Ruleset,
    bot: &mut Seat,
    opponent: &mut Seat,
    think_ms: &mut Vec<u64>,
) -> Check {
    let name = format!("{}: answers when it has one legal move", ruleset.id);
    let Some((pos, only)) = one_move::find(ruleset.start_position().as_ref()) else {
        return Check::passed(&name, "skipped: no such position found".to_string());
    };
    let side = pos.side_to_move();
    let text = pos.format();
    let game = setup.games + 1;
    let (rec, _, side) = one_game(setup, ruleset, game, pos, side, bot, opponent).await;
    think_ms.extend(bot_times(&rec, side));
    if let Some(why) = fault(&rec, side) {
        return Check::failed(&name, format!("from '{text}': {why}"));
    }
    match rec.moves.first() {
        Some(m) if *m == only => Check::passed(&name, format!("{only} from '{text}'")),
        _ => Check::failed(&name, format!("from '{text}' it did not play {only}")),
    }
}

async fn quit_check(setup: &CheckSetup, ruleset: &Ruleset, mut bot: Seat) -> Check {
    use std::os::unix::process::ExitStatusExt;
    let name = format!("{}: exits after 'quit'", ruleset.id);
    let started = Instant::now();
    let status = bot.close(setup.grace).await;
    let ms = started.elapsed().as_millis();
    let grace = setup.grace.as_millis();
    match status {
        None => Check::failed(&name, "no process was left to quit".to_string()),
        Some(st) if st.success() => Check::passed(&name, format!("in {ms} ms")),
        Some(st) if st.signal() == Some(libc::SIGKILL) => Check::failed(
            &name,
            format!(
                "still running {grace} ms after 'quit' (then killed): leave the loop on 'quit'"
            ),
        ),
        Some(st) => Check::failed(
            &name,
            format!("{} after 'quit'", crate::bot::describe_status(&st)),
        ),
    }
}
