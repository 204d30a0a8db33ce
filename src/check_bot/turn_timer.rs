//! The time the bot under test spent on a turn that ended without a move in the record (it lost
//! on time, sent an illegal move or garbage, or crashed), so that check-bot's latency counts
//! every turn, the forfeited ones too: a [`GameObserver`] of its `go` lines and answers.

use crate::game::Player;
use crate::protocol::{self, BotMsg};
use crate::referee::GameObserver;
use std::time::Instant;

/// Watches one player of a game.
pub struct TurnTimer {
    player: Player,
    /// When its last `go` was written, while that turn has no move in the record.
    asked: Option<Instant>,
    /// When it answered that turn with something else than a move (or an info line).
    answered: Option<Instant>,
}

impl TurnTimer {
    pub fn new(player: Player) -> TurnTimer {
        TurnTimer {
            player,
            asked: None,
            answered: None,
        }
    }

    /// The time of the turn left without a move when the game ended at `ended` (ms), if any.
    pub fn unfinished_ms(&self, ended: Instant) -> Option<u64> {
        let asked = self.asked?;
        let until = self.answered.unwrap_or(ended);
        Some(until.saturating_duration_since(asked).as_millis() as u64)
    }
}

impl GameObserver for TurnTimer {
    fn sent(&mut self, player: Player, text: &str) {
        if player == self.player && text.lines().any(|l| l.starts_with("go ")) {
            self.asked = Some(Instant::now());
            self.answered = None;
        }
    }

    fn received(&mut self, player: Player, line: &str) {
        if player != self.player || self.asked.is_none() || self.answered.is_some() {
            return;
        }
        if !matches!(
            protocol::parse_bot_line(line),
            BotMsg::Info(_) | BotMsg::Blank
        ) {
            self.answered = Some(Instant::now());
        }
    }

    fn moved(&mut self, _ply: usize, player: Player, _token: &str, _time_ms: u64) {
        if player == self.player {
            self.asked = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_turn_without_a_move_lasts_until_its_answer_or_the_end() {
        let mut t = TurnTimer::new(Player::Two);
        let end = Instant::now() + Duration::from_secs(10);
        assert_eq!(t.unfinished_ms(end), None, "never asked");
        t.sent(Player::One, "position x\ngo p1time 1\n");
        assert_eq!(t.unfinished_ms(end), None, "the other player's turn");
        t.sent(
            Player::Two,
            "position x\nlast -\nlegal 1A\ngo p1time 1 p2time 1\n",
        );
        t.received(Player::Two, "move 1A");
        t.moved(0, Player::Two, "1A", 3);
        assert_eq!(t.unfinished_ms(end), None, "the move is in the record");
        t.sent(Player::Two, "go p1time 1 p2time 1\n");
        let asked = t.asked.unwrap();
        // A time forfeit: nothing came, the turn lasts until the game's end.
        let ms = t.unfinished_ms(asked + Duration::from_millis(3050));
        assert_eq!(ms, Some(3050));
        // An info line is no answer; garbage is.
        t.received(Player::Two, "info depth 3");
        assert_eq!(t.unfinished_ms(asked + Duration::from_millis(20)), Some(20));
        t.received(Player::Two, "bestmove 6A");
        let ms = t.unfinished_ms(asked + Duration::from_secs(60)).unwrap();
        assert!(ms < 60_000, "{ms}");
    }
}
