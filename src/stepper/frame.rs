//! What the screen shows at each ply of a game stepped through: every position computed once,
//! each ply's text made when it is shown.

use crate::escape::terminal::escape_control;
use crate::game::{Player, Position};
use crate::person::{captures, ticker};
use crate::record::info::Eval;
use crate::record::log_games::LogGame;
use crate::record::replay_text;
use std::fmt::Write as _;

/// A game read from a log, replayed: the position after each ply and who made each.
pub struct Frames<'a> {
    game: &'a LogGame,
    /// `positions[p]`: after `p` plies (`positions[0]` is the start).
    positions: Vec<Box<dyn Position>>,
    /// `movers[i]`: who played move `i` (0-based).
    movers: Vec<Player>,
    /// Both clocks after each ply (`2p`, `2p + 1`), when the game had a game clock.
    clocks: Option<Vec<u64>>,
}

impl<'a> Frames<'a> {
    /// Replays `game`; fails as `replay --game K` does, naming the ply of a move that does not
    /// play.
    pub fn new(game: &'a LogGame) -> anyhow::Result<Frames<'a>> {
        let mut pos = replay_text::start(game)?;
        let n = game.game.record.moves.len();
        let mut positions = Vec::with_capacity(n + 1);
        let mut movers = Vec::with_capacity(n);
        positions.push(pos.clone_box());
        for i in 0..n {
            movers.push(pos.side_to_move());
            replay_text::play(game, &mut pos, i)?;
            positions.push(pos.clone_box());
        }
        let digits: String = movers
            .iter()
            .map(|p| char::from(b'0' + p.number()))
            .collect();
        let clocks = crate::view::game_view::clocks(&game.game.record, &digits);
        Ok(Frames {
            game,
            positions,
            movers,
            clocks,
        })
    }

    /// The last ply (the number of moves).
    pub fn last(&self) -> usize {
        self.movers.len()
    }

    /// The board after `ply` plies, as `replay --ply` prints it: the position string, then
    /// the drawing of `baraza rules show`.
    pub fn board(&self, ply: usize) -> String {
        let pos = &self.positions[ply];
        format!("{}\n{}", pos.format(), pos.show())
    }

    /// The name player 1 or 2 plays under, escaped for the terminal.
    fn name(&self, p: Player) -> String {
        let r = &self.game.game.record;
        escape_control(if p == Player::One { &r.white } else { &r.black }).into_owned()
    }

    /// The whole screen at `ply` (lines ending in `\n`): the game, the ply, the clocks, the
    /// mover's eval and info, then the board.
    pub fn text(&self, ply: usize) -> String {
        let r = &self.game.game.record;
        let mut s = format!(
            "game {}: {} (player 1) vs {} (player 2), {}, {} {}\n",
            r.game,
            self.name(Player::One),
            self.name(Player::Two),
            r.ruleset,
            r.result,
            r.termination
        );
        let _ = writeln!(s, "{}", self.ply_line(ply));
        if let Some(c) = &self.clocks {
            let _ = writeln!(
                s,
                "clocks: player 1 {}, player 2 {}",
                ticker::seconds(c[2 * ply]),
                ticker::seconds(c[2 * ply + 1])
            );
        }
        if let Some(info) = ply.checked_sub(1).and_then(|i| r.move_info(i)) {
            if let Some(e) = Eval::of_info(info) {
                let mut eval = String::new();
                e.push_to(&mut eval);
                let _ = writeln!(s, "eval {eval}");
            }
            let _ = writeln!(s, "info: {}", escape_control(info));
        }
        s.push('\n');
        s.push_str(&self.board(ply));
        s
    }

    /// `ply 7 of 41: player 1 (random) played 2A: captured 4, in 12ms`, or at the start
    /// `ply 0 of 41: the start, player 1 (random) to move`.
    fn ply_line(&self, ply: usize) -> String {
        let last = self.last();
        let Some(i) = ply.checked_sub(1) else {
            let p = self.positions[0].side_to_move();
            return format!(
                "ply 0 of {last}: the start, player {} ({}) to move",
                p.number(),
                self.name(p)
            );
        };
        let mover = self.movers[i];
        let taken = captures::taken(
            self.positions[i].as_ref(),
            self.positions[ply].as_ref(),
            mover,
        );
        let other = format!("player {}", mover.other().number());
        let mv = escape_control(&self.game.game.record.moves[i]);
        let ms = self.game.game.record.times_ms.get(i).copied().unwrap_or(0);
        format!(
            "ply {ply} of {last}: player {} ({}) played {}, in {ms}ms",
            mover.number(),
            self.name(mover),
            captures::describe(&mv, taken, &other)
        )
    }
}
