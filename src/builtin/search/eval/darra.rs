//! Darra: captured seeds decide the game, and the seeds left on the board go to whoever
//! captured last, which matters more as the board empties. Two terms look one move ahead,
//! from the rule that a hole reaching exactly 4 is captured (by the sower with the last seed,
//! else by the hole's owner):
//!
//! - the threat: the most the opponent could win with their next move if it were theirs now
//!   (the search's quiescence tries the mover's own captures, but a position where the mover
//!   stops leaves the opponent's standing);
//! - ripe holes: a hole of 3 in a player's own row is 4 seeds for its owner whenever any sowing
//!   passes through it, so the opponent must steer round it; it counts for its owner unless
//!   the opponent's last seed can land on it next move (then it is the opponent's).

use super::SearchGame;
use crate::game::Player;
use crate::games::darra::Darra;

/// Seeds left on the board from which the last capturer's claim to them starts to count.
const ENDGAME_SEEDS: i32 = 16;
/// Score of the opponent's best next-move gain, per seed (100 = the whole seed).
const THREAT: i32 = 50;
/// Score of a hole of 3 in its owner's row that the opponent cannot land on next move.
const RIPE: i32 = 40;

impl SearchGame for Darra {
    const WIN_SCALE: f32 = 300.0;

    fn evaluate(&self) -> i32 {
        let me = crate::game::Game::side_to_move(self);
        let look = Lookahead::of(self.holes(), self.holes_per_row());
        self.plain() + RIPE * (look.ripe(me) - look.ripe(me.other()))
            - THREAT * look.best_gain(me.other())
    }

    /// Darra's lowest levels keep the endgame claim: with it level 1 already scores about
    /// even against greedy (47.5% in 100 games).
    fn material_only(&self) -> i32 {
        self.plain()
    }

    /// Captured seeds and the endgame claim. Move ordering scores every child, and the
    /// lookahead costs several times as much as a move.
    fn plain(&self) -> i32 {
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

/// One move ahead on a board, as bit sets of holes (bit `j` = hole `j` in sowing order): the
/// holes of 3 and where each player's sowings end.
struct Lookahead<'a> {
    holes: &'a [u8],
    n: usize,
    /// Each player's holes of 3, twice round the cycle (bit `j` and `j + 2n`), so that the holes
    /// a sowing passes are one contiguous range.
    threes: [u128; 2],
    /// Bit `j`: one of the player's sowings ends at hole `j` (sowings of less than a lap).
    lands: [u64; 2],
}

impl<'a> Lookahead<'a> {
    fn of(holes: &'a [u8], n: usize) -> Lookahead<'a> {
        let len = 2 * n;
        let (mut three, mut lands) = (0u64, [0u64; 2]);
        for (i, &s) in holes.iter().enumerate() {
            three |= u64::from(s == 3) << i;
            let s = s as usize;
            if s > 0 && s < len {
                let end = if i + s >= len { i + s - len } else { i + s };
                lands[usize::from(i >= n)] |= 1 << end;
            }
        }
        let row_a = (1u64 << n) - 1;
        let twice = |m: u64| (m as u128) | (m as u128) << len;
        Lookahead {
            holes,
            n,
            threes: [twice(three & row_a), twice(three & !row_a)],
            lands,
        }
    }

    /// Player `p`'s holes of 3 that the opponent cannot land on next move.
    fn ripe(&self, p: Player) -> i32 {
        let k = p.index();
        let row = ((1u64 << self.n) - 1) << (k * self.n);
        let own = self.threes[k] as u64 & row;
        (own & !self.lands[1 - k]).count_ones() as i32
    }

    /// The most seeds player `p` could gain with one move (captures for `p` less those the
    /// move hands the opponent), counting sowings of less than a lap.
    fn best_gain(&self, p: Player) -> i32 {
        let (k, len) = (p.index(), 2 * self.n);
        let mut best = 0;
        for i in (k * self.n)..(k * self.n + self.n) {
            let s = self.holes[i] as usize;
            if s == 0 || s >= len {
                continue;
            }
            // The holes passed before the last seed, i+1 ..= i+s-1, and the last one.
            let passed = ((1u128 << (s - 1)) - 1) << (i + 1);
            let for_me = (self.threes[k] & passed).count_ones() as i32;
            let for_them = (self.threes[1 - k] & passed).count_ones() as i32;
            let end = ((self.threes[0] | self.threes[1]) >> (i + s) & 1) as i32;
            best = best.max(4 * (end + for_me - for_them));
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    // Holes are numbered in sowing order: 0..6 = 1A..6A (player 1), 6..12 = 1B..6B.

    #[test]
    fn captures_count_from_the_side_to_move() {
        // Player 2 (to move) has captured 12, player 1 8: four seeds ahead. Player 2's 4B
        // (3 seeds) is not ripe: player 1's 4A (6 seeds) ends on it, which is also player
        // 1's best next move (4 seeds: the rules' example E2): 50 * 4 = 200 off.
        let p = Darra::parse("darra 2,1,5,6,0,2/1,5,0,3,2,1 2 8 12 2 3").unwrap();
        assert_eq!(p.evaluate(), 400 - 200);
        // Late: 8 seeds on the board, player 2 captured last (half of them, -400), player 1
        // to move. Player 2's 1B (3) is ripe: player 1's only move, 6A (2), ends on 2B
        // (-40). Player 2's moves capture nothing: 1B ends on 4B (0), 5B passes 6B (1) and
        // ends on 1A (0), 6B ends on 1A.
        let p = Darra::parse("darra 0,0,0,0,0,2/3,0,0,0,2,1 1 20 20 2 7").unwrap();
        assert_eq!(p.evaluate(), -400 - 40);
    }

    #[test]
    fn a_ripe_hole_counts_for_its_owner_unless_the_opponent_can_land_on_it() {
        // Player 1's 1A (3) is ripe: player 2's sowings of 9 from 1B..5B end on 4A, 5A, 6A,
        // 1B, 2B (+40). Each of them passes 1A and hands player 1 four seeds: player 2 has no
        // gain to threaten (a loss is not a threat: 0).
        let p = Darra::parse("darra 3,0,0,0,0,0/9,9,9,9,9,0 1 0 0 - 0").unwrap();
        assert_eq!(p.evaluate(), 40);
        // 5B = 8, 6B = 1: 6B's single seed lands on 1A's 3, a capture of 4 for player 2;
        // 1A is not ripe. 0 + 0 - 50 * 4.
        let p = Darra::parse("darra 3,0,0,0,0,0/9,9,9,9,8,1 1 0 0 - 0").unwrap();
        assert_eq!(p.evaluate(), -200);
    }

    #[test]
    fn a_threat_nets_what_the_sowing_hands_the_other_side() {
        // Player 2 to move; player 1's 1A (4 seeds) sows 2A..5A: passes 2A (3, player 1's:
        // +4) and 3A (3, +4), passes 4A (0), ends on 5A (3): +4 more, 12 in all. 2A and 3A are
        // exposed to nobody (player 2 has no seeds to sow: its row is empty), and so are 5A
        // and 6A... all four 3s of row A are ripe for player 1: 40 * 4. Row A: 4,3,3,0,3,3
        // (16), row B: 0 x 6, captured 16 + 16 = 32: 48.
        let p = Darra::parse("darra 4,3,3,0,3,3/0,0,0,0,0,0 2 16 16 1 0").unwrap();
        // 16 seeds on the board: player 1 (the opponent) captured last, -50 * 16.
        assert_eq!(p.evaluate(), -800 - 160 - 50 * 12);
        // A sowing through the opponent's 3s: player 1 to move, player 2's 1B (3) and 2B (3)
        // are passed by player 1's 6A (3 seeds: 1B, 2B, ends on 3B = 0): -8 for player 1, so
        // no threat from that; player 2's moves: 1B (3) passes 2B (its own 3: +4) and 3B,
        // ends on 4B (3, +4): 8 seeds. 4B is player 2's too. Row A: 0,0,0,0,0,3 (3); row B:
        // 3,3,0,3,0,0 (9); captured 18 + 18.
        let p = Darra::parse("darra 0,0,0,0,0,3/3,3,0,3,0,0 1 18 18 - 0").unwrap();
        // Endgame claim: nobody captured yet (`-`): 0. Player 2's ripe holes: 1B, 2B, 4B;
        // player 1's only landing is 6A + 3 = 3B: all three safe, -120. Player 1's 6A (3) is
        // ripe too: player 2's sowings end on 4B, 5B and 1A (+40). Threat 8: -400.
        assert_eq!(p.evaluate(), 40 - 120 - 400);
    }
}
