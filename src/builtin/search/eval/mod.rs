//! What the search needs from a game beyond its rules: a static evaluation, and a hash for the
//! transposition table. One file per game; the search itself is generic.

mod bao;
mod dara;
mod darra;

use super::rng::mix;
use crate::game::Game;
use std::hash::{Hash, Hasher};

/// A game the search can play. Scores are from the side to move's point of view, in hundredths
/// of a unit of material (100 = one seed in Darra and Bao, one piece in Dara), so `info score
/// cp` reads like chess centipawns.
pub trait SearchGame: Game + Hash {
    /// Static evaluation of a position that is not over.
    fn evaluate(&self) -> i32;
    /// The evaluation's plain part (material, and what the game's end will award), which is
    /// what moves are ordered by (the position each one leads to) and what the lowest levels
    /// see; the whole evaluation for a game whose evaluation is all plain.
    fn plain(&self) -> i32 {
        self.evaluate()
    }
    /// What levels 1 and 2 see: the material greedy counts (`Game::material`, in score
    /// units), so that level 1 is about greedy on every game.
    fn material_only(&self) -> i32 {
        let units = 100 * self.material(self.side_to_move());
        units.clamp(i32::MIN as i64, i32::MAX as i64) as i32
    }
    /// MCTS: how many score units make a win about 73% likely (the logistic scale turning an
    /// evaluation into a value in 0..1).
    const WIN_SCALE: f32;
}

/// The position's 64-bit hash: a word-at-a-time multiply-rotate over the derived `Hash`
/// bytes, finished by a full mixer (the table index uses the low bits).
pub fn hash_of<G: Hash>(pos: &G) -> u64 {
    let mut h = WordHasher(0);
    pos.hash(&mut h);
    mix(h.0)
}

struct WordHasher(u64);

impl WordHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ (rest.len() as u64) << 59);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64 | 1 << 62);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64 | 2 << 62);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64 | 3 << 61);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::darra::Darra;

    /// Along a game (the last legal move each ply), `material_only` is greedy's material of
    /// the side to move in score units; `seen_nonzero` makes sure material did change.
    fn material_only_is_greedys_view<G: SearchGame>(mut pos: G) {
        let mut moves = Vec::new();
        let mut seen_nonzero = false;
        for _ in 0..400 {
            let me = pos.side_to_move();
            assert_eq!(i64::from(pos.material_only()), 100 * pos.material(me));
            seen_nonzero |= pos.material(me) != 0;
            pos.legal_moves(&mut moves);
            let Some(&m) = moves.last() else { break };
            pos.apply(m);
        }
        assert!(seen_nonzero, "material never changed: a vacuous check");
    }

    #[test]
    fn the_lowest_levels_of_bao_and_dara_see_greedys_material() {
        material_only_is_greedys_view(crate::games::dara::Dara::start(false));
        material_only_is_greedys_view(crate::games::dara::Dara::start(true));
        material_only_is_greedys_view(
            crate::games::bao::Bao::parse(crate::games::bao::START).unwrap(),
        );
    }

    #[test]
    fn hash_tells_positions_apart_and_repeats() {
        let a = Darra::parse("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0").unwrap();
        let b = Darra::parse("darra 4,4,4,4,4,4/4,4,4,4,4,4 2 0 0 - 0").unwrap();
        let c = Darra::parse("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 1").unwrap();
        assert_eq!(hash_of(&a), hash_of(&a.clone()));
        assert_ne!(hash_of(&a), hash_of(&b));
        assert_ne!(hash_of(&a), hash_of(&c));
    }
}
