//! The two players of every game. Its own file so that both the games ([`crate::game`]) and
//! the results ([`crate::outcome`]) can name a player without importing each other.

use std::fmt;

/// A player: 1 moves first from every start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    One,
    Two,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for player 1, 1 for player 2: for indexing per-player arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The player of an index of a per-player array: 0 is player 1, anything else player 2.
    pub fn from_index(index: usize) -> Player {
        if index == 0 {
            Player::One
        } else {
            Player::Two
        }
    }

    pub fn number(self) -> u8 {
        self.index() as u8 + 1
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}
