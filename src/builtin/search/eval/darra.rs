//! Darra: captured seeds decide the game, and the seeds left on the board go to whoever
//! captured last, which matters more as the board empties.

use super::SearchGame;
use crate::games::darra::Darra;

/// Seeds left on the board from which the last capturer's claim to them starts to count.
const ENDGAME_SEEDS: i32 = 16;

impl SearchGame for Darra {
    const WIN_SCALE: f32 = 300.0;

    fn evaluate(&self) -> i32 {
        let me = crate::game::Game::side_to_move(self);
        let c = self.captured();
        let (mine, theirs) = (c[me.index()] as i32, c[me.other().index()] as i32);
        let total = 8 * self.holes_per_row() as i32;
        let on_board = total - mine - theirs;
        let mut score = 100 * (mine - theirs);
        if on_board <= ENDGAME_SEEDS {
            // Half a seed per seed on the board for the player who would take them now.
            let claim = 50 * on_board;
            match self.last_capturer() {
                Some(p) if p == me => score += claim,
                Some(_) => score -= claim,
                None => {}
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn captures_count_from_the_side_to_move() {
        // Player 2 (to move) has captured 12, player 1 8: four seeds ahead.
        let p = Darra::parse("darra 2,1,5,6,0,2/1,5,0,3,2,1 2 8 12 2 3").unwrap();
        assert_eq!(p.evaluate(), 400);
        // Late: 4 + 4 = 8 seeds on the board, player 2 captured last, player 1 to move.
        let p = Darra::parse("darra 0,0,0,0,0,2/3,0,0,0,2,1 1 20 20 2 7").unwrap();
        assert_eq!(p.evaluate(), -400);
    }
}
