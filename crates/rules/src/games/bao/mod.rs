//! Bao la Kiswahili (ruleset `bao`), as `shared/rules/bao.md` specifies it.
//!
//! - [`sowing`]: one move sown lap by lap (relays, captures, house, W1, never-ending moves);
//! - [`moves`]: legal move generation (namua, mtaji, kichwa priority, front row first) and
//!   takasia;
//! - [`board`]: the geometry (rows, columns, hole names, direction characters);
//! - [`notation`]: position strings, move tokens, the board drawing.
//!
//! Holes are stored per player in that player's circuit order (see [`sowing`]), so every rule
//! reads the same for both players.

pub mod board;
pub mod moves;
pub mod notation;
pub mod sowing;

pub use moves::BaoMove;

use super::Ruleset;
use crate::game::{
    lost_without_moves, Capture, Game, GameKind, MoveError, Outcome, Player, PositionError, Status,
};
use sowing::front_empty;

/// The standard start position (P3).
pub const START: &str =
    "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -";

/// Bao la Kiswahili. A game between two random bots can go on for ever: a draw is
/// adjudicated after 1000 plies unless told otherwise.
pub const RULESETS: &[Ruleset] = &[Ruleset::new::<Bao>(
    "bao",
    "Bao la Kiswahili, East African 4x8 mancala: namua then mtaji, houses, takasia",
    START,
    Some(1000),
)];

/// A Bao position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bao {
    /// Seeds per player, in that player's circuit order (front 0..7, back 8..15).
    holes: [[u8; 16]; 2],
    hand: [u8; 2],
    side: Player,
    /// House flags (`H` = true).
    houses: [bool; 2],
    /// Takasia hole of the side to move (circuit index 0..7), or `NO_HOLE`.
    takasia: u8,
}

impl Bao {
    /// The terminal checks that need no move generation (W2, first two sentences).
    fn static_status(&self) -> Option<Status> {
        let me = self.side.index();
        let winner = if front_empty(&self.holes[me]) {
            self.side.other()
        } else if front_empty(&self.holes[1 - me]) {
            self.side
        } else {
            return None;
        };
        Some(Status::Over {
            outcome: Outcome::Win(winner),
            reason: "front-row-empty",
            scores: None,
        })
    }

    /// The holes of `p` in circuit order: front row 0..7, back row 8..15.
    pub fn holes(&self, p: Player) -> &[u8; 16] {
        &self.holes[p.index()]
    }

    /// Seeds `p` still has in hand (namua stage).
    pub fn hand(&self, p: Player) -> u32 {
        self.hand[p.index()] as u32
    }

    /// Whether `p`'s nyumba still has its house status (flag `H`).
    pub fn has_house(&self, p: Player) -> bool {
        self.houses[p.index()]
    }

    /// Seeds of a player, on the board and in hand.
    fn seeds(&self, p: Player) -> i64 {
        let i = p.index();
        self.holes[i].iter().map(|&c| c as i64).sum::<i64>() + self.hand[i] as i64
    }
}

impl Game for Bao {
    type Move = BaoMove;
    const KIND: GameKind = GameKind::Bao;

    fn ruleset_id(&self) -> &'static str {
        "bao"
    }

    fn parse(s: &str) -> Result<Self, PositionError> {
        Bao::parse_str(s)
    }

    fn format_into(&self, out: &mut String) {
        self.format_to(out)
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<BaoMove>) {
        out.clear();
        if self.static_status().is_some() {
            return;
        }
        self.generate(out);
    }

    fn apply(&mut self, mv: BaoMove) {
        self.play(mv);
    }

    /// Seeds are never sown into the opponent's holes (G2): each of its holes that holds
    /// fewer after the move was captured (S4 takes all of a hole, so at most once a move).
    fn captures(&self, mv: BaoMove) -> Vec<Capture> {
        let them = self.side.other();
        let mut after = *self;
        after.play(mv);
        let (before, now) = (self.holes(them), after.holes(them));
        let mut out: Vec<Capture> = (0..16)
            .filter(|&i| now[i] < before[i])
            .map(|i| Capture {
                cell: String::from_utf8_lossy(&board::hole_name(them.index(), i)).into_owned(),
                by: self.side,
            })
            .collect();
        out.sort_by(|a, b| a.cell.cmp(&b.cell));
        out
    }

    fn status(&self) -> Status {
        if let Some(s) = self.static_status() {
            return s;
        }
        let mut moves = Vec::with_capacity(32);
        self.generate(&mut moves);
        lost_without_moves(self.side, !moves.is_empty(), "no-legal-move")
    }

    fn push_token(&self, mv: BaoMove, out: &mut String) {
        let (b, n) = self.token_bytes(mv);
        out.push_str(std::str::from_utf8(&b[..n]).expect("hole names are ASCII"));
    }

    fn token_is(&self, mv: BaoMove, token: &str) -> bool {
        let (b, n) = self.token_bytes(mv);
        &b[..n] == token.as_bytes()
    }

    fn classify_bad_token(&self, token: &str) -> MoveError {
        if notation::well_formed(token) {
            MoveError::Illegal(token.to_string())
        } else {
            MoveError::Malformed(token.to_string())
        }
    }

    fn show(&self) -> String {
        self.draw(&Game::status(self).to_string(), Player::One)
    }

    fn show_from(&self, viewer: Player) -> String {
        self.draw(&Game::status(self).to_string(), viewer)
    }

    fn material(&self, player: Player) -> i64 {
        self.seeds(player) - self.seeds(player.other())
    }
}
