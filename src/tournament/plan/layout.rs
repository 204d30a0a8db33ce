//! Which game pairs an event has and how they are numbered, without the openings: the shape of
//! the schedule ([`super::schedule`] adds start positions and seeds). Merging logs checks every
//! line against it, and it is what makes an event that grows keep its games.
//!
//! A game pair is a cell `(round, pairing)`. Pair `q` (1-based) is played as games `2q − 1`
//! (leg `a`) and `2q` (leg `b`).
//!
//! **Append-only.** An event of `R` rounds among `n` bots numbers the cells round by round,
//! pairing by pairing: pairings in bot order `(0,1), (0,2), …, (1,2), …` for a round-robin,
//! `(0,1), (0,2), …` for a gauntlet. When an event grows (`--resume` with more rounds or more
//! bots) the header records the size it had before, a [`Stage`], and the new cells are
//! numbered after all the old ones, again round by round, pairing by pairing:
//!
//! - pairings of added bots come after the existing pairings, bot by bot: bot `j` adds
//!   `(0,j), (1,j), …, (j−1,j)` (a gauntlet: `(0,j)`), so pairing numbers never change;
//! - new rounds come after the existing ones, each with every pairing.
//!
//! So every game of the smaller event keeps its number, pair, id `r<round>-p<pairing>-<leg>` and
//! seed (seeds are drawn by game number). An event that never grew is numbered exactly as
//! before stages existed.

use super::config::Format;
pub use super::config::Stage;

/// A growth history that cannot be: sizes must grow, stage after stage.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad growth history: {0}")]
pub struct LayoutError(String);

/// One game pair's place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// 1-based pair number.
    pub pair: u64,
    pub round: u32,
    /// 1-based pairing number (stable as the event grows).
    pub pairing: u32,
    /// The pairing's bots: player 1 of leg `a`, player 1 of leg `b`.
    pub first: usize,
    pub second: usize,
}

/// One stage's numbering: its pairs come after `pairs_before`.
#[derive(Clone, Copy, Debug)]
struct Block {
    pairs_before: u64,
    /// Pairings and rounds of the stage before (0, 0 for the first).
    old_pairings: u64,
    old_rounds: u64,
    pairings: u64,
    rounds: u64,
}

/// The numbering of an event's game pairs.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Pairing `p` is `pairings[p − 1]`.
    pairings: Vec<(usize, usize)>,
    blocks: Vec<Block>,
    pairs: u64,
}

/// The pairings of `bots` bots in a fresh event, in bot order.
fn first_pairings(format: Format, bots: usize) -> Vec<(usize, usize)> {
    match format {
        Format::RoundRobin => (0..bots)
            .flat_map(|i| (i + 1..bots).map(move |j| (i, j)))
            .collect(),
        Format::Gauntlet => (1..bots).map(|j| (0, j)).collect(),
    }
}

/// The pairings bot `j` adds when it joins.
fn added_pairings(format: Format, j: usize) -> Vec<(usize, usize)> {
    match format {
        Format::RoundRobin => (0..j).map(|i| (i, j)).collect(),
        Format::Gauntlet => vec![(0, j)],
    }
}

impl Layout {
    /// The layout of an event of `bots` and `rounds` that grew through `growth` (oldest
    /// first; empty for an event that never grew).
    pub fn new(
        format: Format,
        growth: &[Stage],
        bots: usize,
        rounds: u32,
    ) -> Result<Layout, LayoutError> {
        let mut stages = growth.to_vec();
        stages.push(Stage { bots, rounds });
        for w in stages.windows(2) {
            let (a, b) = (w[0], w[1]);
            if b.bots < a.bots || b.rounds < a.rounds || (a == b) {
                return Err(LayoutError(format!(
                    "{} bots and {} rounds cannot come after {} bots and {} rounds",
                    b.bots, b.rounds, a.bots, a.rounds
                )));
            }
        }
        let mut pairings = first_pairings(format, stages[0].bots);
        let mut blocks = Vec::with_capacity(stages.len());
        let (mut old_pairings, mut old_rounds, mut pairs_before) = (0u64, 0u64, 0u64);
        for (k, s) in stages.iter().enumerate() {
            if k > 0 {
                for j in stages[k - 1].bots..s.bots {
                    pairings.extend(added_pairings(format, j));
                }
            }
            let block = Block {
                pairs_before,
                old_pairings,
                old_rounds,
                pairings: pairings.len() as u64,
                rounds: s.rounds as u64,
            };
            pairs_before += block.pairings * block.rounds - old_pairings * old_rounds;
            (old_pairings, old_rounds) = (block.pairings, block.rounds);
            blocks.push(block);
        }
        Ok(Layout {
            pairings,
            blocks,
            pairs: pairs_before,
        })
    }

    /// Game pairs in the event.
    pub fn pairs(&self) -> u64 {
        self.pairs
    }

    /// Games in the event.
    pub fn games(&self) -> u64 {
        self.pairs * 2
    }

    /// Pair `q` (1-based, at most [`Layout::pairs`]).
    pub fn cell(&self, q: u64) -> Option<Cell> {
        if q == 0 || q > self.pairs {
            return None;
        }
        let b = self
            .blocks
            .iter()
            .rev()
            .find(|b| b.pairs_before < q)
            .expect("pair 1 is in the first block");
        let o = q - b.pairs_before - 1;
        // First the old rounds' new pairings, then the new rounds' every pairing.
        let added = b.pairings - b.old_pairings;
        let head = b.old_rounds * added;
        let (round, pairing) = if o < head {
            (o / added + 1, b.old_pairings + o % added + 1)
        } else {
            let o = o - head;
            (b.old_rounds + o / b.pairings + 1, o % b.pairings + 1)
        };
        let (first, second) = self.pairings[pairing as usize - 1];
        Some(Cell {
            pair: q,
            round: round as u32,
            pairing: pairing as u32,
            first,
            second,
        })
    }

    /// The pair number of `(round, pairing)`, if the event has that cell: the inverse of
    /// [`Layout::cell`].
    pub fn pair_of(&self, round: u32, pairing: u32) -> Option<u64> {
        let (r, p) = (round as u64, pairing as u64);
        if r == 0 || p == 0 {
            return None;
        }
        // The first stage that has the cell numbers it.
        let b = self
            .blocks
            .iter()
            .find(|b| r <= b.rounds && p <= b.pairings)?;
        let added = b.pairings - b.old_pairings;
        let o = if r <= b.old_rounds {
            (r - 1) * added + (p - b.old_pairings - 1)
        } else {
            b.old_rounds * added + (r - b.old_rounds - 1) * b.pairings + (p - 1)
        };
        Some(b.pairs_before + o + 1)
    }

    /// The game number of a game id `r<round>-p<pairing>-<a|b>`, if the event has it.
    pub fn game_of_id(&self, id: &str) -> Option<u64> {
        let rest = id.strip_prefix('r')?;
        let (round, rest) = rest.split_once("-p")?;
        let (pairing, leg) = rest.split_once('-')?;
        let (round, pairing): (u32, u32) = (round.parse().ok()?, pairing.parse().ok()?);
        // `parse` takes `+1` and `01`: only the id as the schedule writes it counts.
        if format!("r{round}-p{pairing}-{leg}") != id {
            return None;
        }
        let q = self.pair_of(round, pairing)?;
        match leg {
            "a" => Some(2 * q - 1),
            "b" => Some(2 * q),
            _ => None,
        }
    }

    /// Every pair, in order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (1..=self.pairs).map(|q| self.cell(q).expect("in range"))
    }
}

/// The id of leg `leg` (`a` or `b`) of a cell: `r3-p2-b`.
pub fn game_id(cell: &Cell, leg: char) -> String {
    format!("r{}-p{}-{leg}", cell.round, cell.pairing)
}

/// Game number `n`'s pair and leg.
pub fn pair_of_game(n: u64) -> (u64, char) {
    (n.div_ceil(2), if n % 2 == 1 { 'a' } else { 'b' })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(l: &Layout) -> Vec<String> {
        l.cells()
            .map(|c| format!("{}:{}{}", game_id(&c, 'a'), c.first, c.second))
            .collect()
    }

    #[test]
    fn a_fresh_round_robin_goes_round_by_round_in_bot_order() {
        let l = Layout::new(Format::RoundRobin, &[], 4, 2).unwrap();
        assert_eq!(l.pairs(), 12);
        assert_eq!(
            ids(&l)[..7],
            [
                "r1-p1-a:01",
                "r1-p2-a:02",
                "r1-p3-a:03",
                "r1-p4-a:12",
                "r1-p5-a:13",
                "r1-p6-a:23",
                "r2-p1-a:01"
            ]
        );
        assert_eq!(l.cell(13), None);
        assert_eq!(pair_of_game(5), (3, 'a'));
        assert_eq!(pair_of_game(6), (3, 'b'));
    }

    #[test]
    fn growth_appends_and_keeps_every_old_pair() {
        // 3 bots, 2 rounds; then a 4th bot; then a 3rd round.
        let g1 = [Stage { bots: 3, rounds: 2 }];
        let g2 = [g1[0], Stage { bots: 4, rounds: 2 }];
        let small = Layout::new(Format::RoundRobin, &[], 3, 2).unwrap();
        let grown = Layout::new(Format::RoundRobin, &g1, 4, 2).unwrap();
        let more = Layout::new(Format::RoundRobin, &g2, 4, 3).unwrap();
        assert_eq!((small.pairs(), grown.pairs(), more.pairs()), (6, 12, 18));
        assert_eq!(ids(&grown)[..6], ids(&small)[..]);
        assert_eq!(ids(&more)[..12], ids(&grown)[..]);
        // Bot 3 joins: (0,3), (1,3), (2,3) in round 1, then in round 2.
        assert_eq!(
            ids(&grown)[6..],
            [
                "r1-p4-a:03",
                "r1-p5-a:13",
                "r1-p6-a:23",
                "r2-p4-a:03",
                "r2-p5-a:13",
                "r2-p6-a:23"
            ]
        );
        assert_eq!(ids(&more)[12], "r3-p1-a:01");
        assert_eq!(ids(&more)[17], "r3-p6-a:23");
    }

    #[test]
    fn growing_both_at_once_adds_the_new_pairings_first_then_the_new_rounds() {
        let l = Layout::new(Format::Gauntlet, &[Stage { bots: 2, rounds: 1 }], 3, 2).unwrap();
        assert_eq!(
            ids(&l),
            ["r1-p1-a:01", "r1-p2-a:02", "r2-p1-a:01", "r2-p2-a:02"]
        );
    }

    #[test]
    fn pair_of_inverts_cell_and_ids_map_to_game_numbers() {
        let growth = [Stage { bots: 3, rounds: 2 }, Stage { bots: 5, rounds: 2 }];
        let l = Layout::new(Format::RoundRobin, &growth, 6, 4).unwrap();
        for c in l.cells() {
            assert_eq!(l.pair_of(c.round, c.pairing), Some(c.pair), "{c:?}");
            assert_eq!(l.game_of_id(&game_id(&c, 'b')), Some(2 * c.pair));
        }
        assert_eq!(l.pair_of(5, 1), None);
        assert_eq!(l.pair_of(1, 16), None);
        for bad in [
            "r1-p1-c", "r1-p01-a", "r+1-p1-a", "r1p1-a", "x", "r0-p1-a", "r1-p1-a ",
        ] {
            assert_eq!(l.game_of_id(bad), None, "{bad}");
        }
        assert_eq!(l.game_of_id("r1-p1-a"), Some(1));
    }

    #[test]
    fn a_history_must_grow() {
        let shrink = Layout::new(Format::RoundRobin, &[Stage { bots: 3, rounds: 2 }], 2, 3);
        assert!(shrink
            .unwrap_err()
            .to_string()
            .contains("cannot come after"));
        let same = Layout::new(Format::RoundRobin, &[Stage { bots: 3, rounds: 2 }], 3, 2);
        assert!(same.is_err());
    }
}
