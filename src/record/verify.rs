//! Re-judging a game read from a log with the engines: `baraza replay --verify`.

use crate::game::{Outcome, Player, Position, Status};
use crate::outcome::{GameResult, Termination};
use crate::record::adjudication;
use crate::record::pgn::PgnGame;
use crate::record::GameRecord;
use serde::Serialize;

/// The first inconsistency found in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The ply (1-based move number in the game) the problem is at; `None` for problems of the
    /// tags as a whole (missing tag, PlyCount, start position).
    pub ply: Option<usize>,
    /// The line of the log the problem is on.
    pub line: usize,
    pub message: String,
}

impl Problem {
    fn at(ply: Option<usize>, line: usize, message: impl Into<String>) -> Problem {
        Problem {
            ply,
            line,
            message: message.into(),
        }
    }
}

/// A record whose start position cannot be set up: the message names the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StartError(pub String);

/// The start position of a record, checked against its ruleset.
pub fn start_position(rec: &GameRecord) -> Result<Box<dyn Position>, StartError> {
    let ruleset =
        crate::games::ruleset(&rec.ruleset).map_err(|e| StartError(format!("Ruleset: {e}")))?;
    let pos = ruleset
        .parse(&rec.start)
        .map_err(|e| StartError(format!("start position '{}': {e}", rec.start)))?;
    if pos.ruleset() != ruleset.id {
        return Err(StartError(format!(
            "start position '{}' is not a {} position",
            rec.start, ruleset.id
        )));
    }
    Ok(pos)
}

/// Re-judge one game with the engines. Returns the final position, or the first problem, in
/// this order of checks:
///
/// 1. every required tag is present ([`crate::record::pgn::REQUIRED_TAGS`]); `SetUp "1"` comes with a `Position`;
/// 2. the ruleset is known and the start position parses as one of its positions;
/// 3. `PlyCount` equals the number of moves in the movetext;
/// 4. each move is legal in its position, and none is played after the game ended;
/// 5. the result fits the termination and the final position:
///    - `*` (unfinished) is never accepted;
///    - `normal`: the final position is over by the rules and its result is the `Result`;
///    - every other termination: the final position is *not* over by the rules (a game that
///      ended by the rules ended normally, whatever happened afterwards);
///    - `time forfeit`, `illegal move` and `resignation`: the loser is the player to move in
///      the final position (only the player asked to move can overstep the clock, send a move
///      or resign), so the result is a win for the other player. With no move played at all, a time forfeit may
///      be either player's, or both (a draw): it can happen during the start-up;
///    - `crash`, `protocol error`, `stalled connection`: any result (a bot can die or babble
///      while the other one thinks; both can fail);
///    - `adjudication`: a game `decided by the rules` ends in a position the rules have
///      decided for its result; a score rule's reason (`draw rule (...)`, `resign rule (...)`)
///      is counted again over the recorded scores and must fire at the last ply with its
///      result ([`crate::record::adjudication::check_adjudicated`]); at the ply limit, any
///      result;
/// 6. the score the reason states is the final position's ([`crate::record::stated_score`]):
///    a normal end's last word (`end 20-28`), a decided game's captures.
pub fn verify_game(g: &PgnGame) -> Result<Box<dyn Position>, Problem> {
    let rec = &g.record;
    let missing = g.missing_tags();
    if !missing.is_empty() {
        let s = if missing.len() > 1 { "s" } else { "" };
        return Err(Problem::at(
            None,
            g.line,
            format!("missing tag{s} {}", missing.join(", ")),
        ));
    }
    if g.tag("SetUp") == Some("1") && g.tag("Position").is_none() {
        return Err(Problem::at(None, g.line, "SetUp \"1\" but no Position tag"));
    }
    verify_record(
        rec,
        "PlyCount",
        g.line,
        &|i| g.move_lines.get(i).copied().unwrap_or(g.line),
        g.end_line,
    )
}

/// Checks 2 to 5 of [`verify_game`] on a record read from any log: `plies_name` is how the
/// log names the ply count (`PlyCount`, `plies`), `line` is the record's first line,
/// `move_line(i)` the line of move `i` (0-based) and `end_line` the line of its result.
pub fn verify_record(
    rec: &GameRecord,
    plies_name: &str,
    line: usize,
    move_line: &dyn Fn(usize) -> usize,
    end_line: usize,
) -> Result<Box<dyn Position>, Problem> {
    let mut pos = start_position(rec).map_err(|e| Problem::at(None, line, e.0))?;
    if rec.plies != rec.moves.len() {
        return Err(Problem::at(
            None,
            line,
            format!(
                "{plies_name} is {} but the movetext has {} moves",
                rec.plies,
                rec.moves.len()
            ),
        ));
    }
    let mut movers = Vec::with_capacity(rec.moves.len());
    for (i, mv) in rec.moves.iter().enumerate() {
        let ply = Some(i + 1);
        let line = move_line(i);
        movers.push(pos.side_to_move());
        // A finished game has no legal move (the engines' contract): the status is looked at
        // only when a move is refused, one move generation a ply.
        if let Err(e) = pos.play(mv) {
            let status = pos.status();
            let message = if status.is_over() {
                format!("move '{mv}' is played after the game ended ({status})")
            } else {
                format!(
                    "{e} in '{}' (legal: {})",
                    pos.format(),
                    pos.legal().join(" ")
                )
            };
            return Err(Problem::at(ply, line, message));
        }
    }
    let last_ply = Some(rec.moves.len());
    let problem = |m: String| Err(Problem::at(last_ply, end_line, m));
    let status = pos.status();
    let to_move = pos.side_to_move();
    let Some(result) = rec.result.outcome() else {
        return problem("the game has no result (*)".to_string());
    };
    let term = rec.termination;
    let pos = match (term, status) {
        (Termination::Normal, Status::Ongoing) => problem(format!(
            "Termination normal but the final position is not over: '{}'",
            pos.format()
        )),
        (Termination::Normal, Status::Over { outcome, .. }) if outcome != result => problem(
            format!("Result {} but the final position is {status}", rec.result),
        ),
        (Termination::Normal, _) => Ok(pos),
        (_, Status::Over { .. }) => problem(format!(
            "Termination {term} but the game had ended by the rules ({status}): it should be normal"
        )),
        (
            Termination::TimeForfeit | Termination::IllegalMove | Termination::Resignation,
            Status::Ongoing,
        ) => {
            let either = term == Termination::TimeForfeit && rec.moves.is_empty();
            let ok = either || result == Outcome::Win(to_move.other());
            if ok {
                Ok(pos)
            } else {
                problem(format!(
                    "Result {} but a {term} needs {} (player {to_move} was to move)",
                    rec.result,
                    Outcome::Win(to_move.other())
                ))
            }
        }
        (Termination::Adjudication, Status::Ongoing) => {
            match crate::record::adjudication::check_adjudicated(rec, &*pos, &movers) {
                Ok(()) => Ok(pos),
                Err(m) => problem(m.to_string()),
            }
        }
        (_, Status::Ongoing) => Ok(pos),
    }?;
    let stated = crate::record::stated_score::check_stated_score(rec, &*pos);
    stated.map_err(|m| Problem::at(last_ply, end_line, m))?;
    Ok(pos)
}

/// What the referee's word on a game says that a log shows it cannot ([`check_referee_word`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefereeWordProblem {
    /// A win by adjudication whose reason names no rule that gives one.
    #[error("Result {result} by adjudication, but the reason names no rule that gives a win (decided, resign): the referee adjudicates draws otherwise")]
    AdjudicatedWin { result: GameResult },
    /// A win by a fault whose reason does not start by naming the loser; `reason` is its first
    /// 80 characters.
    #[error("Result {result} makes it player {}'s {termination}, but the reason does not name player {}: '{reason}'", loser.number(), loser.number())]
    LoserNotNamed {
        result: GameResult,
        loser: Player,
        termination: Termination,
        reason: String,
    },
    /// A draw by a fault whose reason does not name both players.
    #[error("a drawn {termination} is both players' fault, but the reason does not name both: '{reason}'")]
    DrawNotBoth {
        termination: Termination,
        reason: String,
    },
}

/// What the referee's own word on a game must say, beyond [`verify_record`] (which checks that
/// a game it ended was not already over by the rules): an adjudication is a draw (at the ply
/// limit, by the draw rule, or on an engine fault) unless its reason names a rule that gives a
/// win (`decided by the rules: ...`, `resign rule (...)`); any other end the rules did
/// not decide is a fault, and its reason starts by naming the side at fault,
/// `player N (name) ...`, the loser; a draw of that kind is both sides' fault, and names both.
/// That is all a log can show of a forfeit or a crash: that it happened is the referee's word.
pub fn check_referee_word(rec: &GameRecord) -> Result<(), RefereeWordProblem> {
    let Some(result) = rec.result.outcome() else {
        return Ok(());
    };
    let names = |p: Player| rec.reason.contains(&format!("player {} (", p.number()));
    let reason = || {
        let mut r: String = rec.reason.chars().take(80).collect();
        if r.len() < rec.reason.len() {
            r.push_str("...");
        }
        r
    };
    match (rec.termination, result) {
        (Termination::Normal, _) | (Termination::Adjudication, Outcome::Draw) => Ok(()),
        (Termination::Adjudication, _)
            if rec.reason.starts_with(adjudication::DECIDED)
                || rec.reason.starts_with(adjudication::RESIGN) =>
        {
            Ok(())
        }
        (Termination::Adjudication, _) => {
            Err(RefereeWordProblem::AdjudicatedWin { result: rec.result })
        }
        (term, Outcome::Win(w)) => {
            let loser = w.other();
            let named = format!("player {} (", loser.number());
            if rec.reason.starts_with(&named) {
                Ok(())
            } else {
                Err(RefereeWordProblem::LoserNotNamed {
                    result: rec.result,
                    loser,
                    termination: term,
                    reason: reason(),
                })
            }
        }
        (_, Outcome::Draw) if names(Player::One) && names(Player::Two) => Ok(()),
        (term, Outcome::Draw) => Err(RefereeWordProblem::DrawNotBoth {
            termination: term,
            reason: reason(),
        }),
    }
}

/// [`verify_game`] for every game; the first problem with the game's number in the file.
pub fn verify(games: &[PgnGame]) -> Result<(), (usize, Problem)> {
    for (k, g) in games.iter().enumerate() {
        verify_game(g).map_err(|p| (k + 1, p))?;
    }
    Ok(())
}
