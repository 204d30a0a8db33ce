//! Bao: seeds are never removed, they change sides by capture, and a player loses when their
//! front row is empty or they cannot move. So: seeds owned, seeds (and occupied holes) in the
//! front row, where captures happen, and a functional house.

use super::SearchGame;
use crate::game::{Game, Player};
use crate::games::bao::Bao;

const SEED: i32 = 100;
/// Each occupied front hole: mobility, and a front row that is hard to empty.
const FRONT_HOLE: i32 = 30;
/// A front hole of mine facing an occupied hole of the opponent with 2+ seeds of mine: a
/// capture threat in the mtaji stage.
const THREAT: i32 = 15;
const HOUSE: i32 = 150;

fn side(pos: &Bao, p: Player) -> i32 {
    let h = pos.holes(p);
    let o = pos.holes(p.other());
    let seeds: i32 = h.iter().map(|&c| c as i32).sum::<i32>() + pos.hand(p) as i32;
    let mut s = SEED * seeds;
    for i in 0..8 {
        if h[i] > 0 {
            s += FRONT_HOLE;
            if h[i] > 1 && o[7 - i] > 0 {
                s += THREAT;
            }
        }
    }
    if pos.has_house(p) && h[4] >= 6 {
        s += HOUSE;
    }
    s
}

impl SearchGame for Bao {
    const WIN_SCALE: f32 = 800.0;

    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        side(self, me) - side(self, me.other())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_and_symmetric() {
        let p = Bao::parse(crate::games::bao::START).unwrap();
        assert_eq!(p.evaluate(), 0);
    }
}
