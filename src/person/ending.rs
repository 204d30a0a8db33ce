//! The end of a game for the person: the final position (the record's moves replayed from its
//! start) and the result in their words, with the score when the rules count one.

use crate::game::{MoveError, Outcome, Player, Position, PositionError, Status};
use crate::games;
use crate::outcome::GameResult;
use crate::record::GameRecord;

/// Why a record's moves cannot be replayed from its start.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("the game's start: {}", .0.message())]
    Start(PositionError),
    /// Move `token` cannot be played where it was.
    #[error("replaying {token}: {error}")]
    Move { token: String, error: MoveError },
}

/// The position after every move of the record.
pub fn final_position(rec: &GameRecord) -> Result<Box<dyn Position>, ReplayError> {
    let mut pos = games::parse_position(&rec.start).map_err(ReplayError::Start)?;
    for mv in &rec.moves {
        pos.play(mv).map_err(|error| ReplayError::Move {
            token: mv.clone(),
            error,
        })?;
    }
    Ok(pos)
}

/// "You won 36-12.", "You lost.", "Draw 24-24.": the person's score first.
pub fn verdict(result: &GameResult, person: Player, last: &dyn Position) -> String {
    let score = match last.status() {
        Status::Over {
            scores: Some((s1, s2)),
            ..
        } => {
            let (mine, theirs) = if person == Player::One {
                (s1, s2)
            } else {
                (s2, s1)
            };
            format!(" {mine}-{theirs}")
        }
        _ => String::new(),
    };
    match result {
        GameResult::Finished(Outcome::Win(p)) if *p == person => format!("You won{score}."),
        GameResult::Finished(Outcome::Win(_)) => format!("You lost{score}."),
        GameResult::Finished(Outcome::Draw) => format!("Draw{score}."),
        GameResult::Unfinished => "The game has no result.".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Box<dyn Position> {
        games::parse_position(s).unwrap()
    }

    #[test]
    fn the_score_is_the_persons_first() {
        // darra-examples.tsv: after 6A here the game is over, 0-1, end 20-28.
        let mut last = pos("darra 0,0,0,0,0,2/3,0,0,0,2,1 1 20 20 1 7");
        last.play("6A").unwrap();
        let p2 = GameResult::Finished(Outcome::Win(Player::Two));
        assert_eq!(verdict(&p2, Player::Two, last.as_ref()), "You won 28-20.");
        assert_eq!(verdict(&p2, Player::One, last.as_ref()), "You lost 20-28.");
    }

    #[test]
    fn a_resignation_has_no_score() {
        let start = pos("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0");
        let p1 = GameResult::Finished(Outcome::Win(Player::One));
        assert_eq!(verdict(&p1, Player::Two, start.as_ref()), "You lost.");
        let draw = GameResult::Finished(Outcome::Draw);
        assert_eq!(verdict(&draw, Player::One, start.as_ref()), "Draw.");
    }
}
