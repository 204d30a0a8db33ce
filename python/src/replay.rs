//! A game's moves replayed in one call, for `baraza.read_games`: each ply's position after it,
//! what it captured and what each player gained, without a Python round trip per ply.

use crate::{player_number, PyPosition};
use baraza_rules::game::{GameKind, Player, Position};
use baraza_rules::games;
use pyo3::prelude::*;

/// The captures of the legal move `mv` in `pos`: each cell emptied and who took it.
pub fn captures(pos: &dyn Position, mv: &str) -> Vec<(String, u8)> {
    pos.captures(mv)
        .into_iter()
        .map(|c| (c.cell, player_number(c.by)))
        .collect()
}

/// What each player gained by the move from `before` to `after`, in seeds (Darra: its
/// store; Bao: the seeds gone from the other side of the board) or pieces (Dara: the other
/// side's pieces gone from the board). The viewer's capture marks count the same way.
fn gains(kind: GameKind, before: &dyn Position, after: &dyn Position, mover: Player) -> [i64; 2] {
    match kind {
        GameKind::Darra => {
            let (b, a) = (before.stores(), after.stores());
            let (b, a) = (b.unwrap_or([0, 0]), a.unwrap_or([0, 0]));
            [
                i64::from(a[0]) - i64::from(b[0]),
                i64::from(a[1]) - i64::from(b[1]),
            ]
        }
        GameKind::Bao | GameKind::Dara => {
            let other = mover.other();
            let taken =
                on_board(kind, &before.format(), other) - on_board(kind, &after.format(), other);
            let mut g = [0, 0];
            g[usize::from(player_number(mover)) - 1] = taken;
            g
        }
    }
}

/// Bao: the seeds in `player`'s two rows (player 1's are the first two of the board field);
/// Dara: `player`'s pieces on the board (`x` player 1, `o` player 2).
fn on_board(kind: GameKind, position: &str, player: Player) -> i64 {
    let board = position.split(' ').nth(1).unwrap_or("");
    match kind {
        GameKind::Bao => {
            let rows: Vec<&str> = board.split('/').collect();
            let first = if player == Player::One { 0 } else { 2 };
            rows.iter()
                .skip(first)
                .take(2)
                .flat_map(|r| r.split(','))
                .filter_map(|n| n.parse::<i64>().ok())
                .sum()
        }
        _ => {
            let piece = if player == Player::One { 'x' } else { 'o' };
            board.chars().filter(|&c| c == piece).count() as i64
        }
    }
}

/// One ply replayed: the position after it, its captures and each player's gain.
type Ply = (PyPosition, Vec<(String, u8)>, (i64, i64));

/// Replay `moves` from `start`: the start position, then one `(after, captures, gains)` per
/// move up to the first that cannot be played, and the error of that one as
/// `(ply, message)` (`ply` 0 when the start itself is not a position).
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn replay_moves(
    start: &str,
    moves: Vec<String>,
) -> (Option<PyPosition>, Vec<Ply>, Option<(usize, String)>) {
    let root = match games::parse_position(start) {
        Ok(p) => PyPosition::new_root(p),
        Err(e) => return (None, Vec::new(), Some((0, e.to_string()))),
    };
    let kind = root.inner.kind();
    let mut plies: Vec<Ply> = Vec::with_capacity(moves.len());
    let mut error = None;
    for (i, mv) in moves.into_iter().enumerate() {
        let at = plies.last().map_or(&root, |p| &p.0);
        let mut next = at.inner.clone_box();
        if let Err(e) = next.play(&mv) {
            error = Some((i + 1, e.to_string()));
            break;
        }
        let mover = at.inner.side_to_move();
        let taken = captures(&*at.inner, &mv);
        let g = gains(kind, &*at.inner, &*next, mover);
        let after = at.child(at.snapshot(), mv, next);
        plies.push((after, taken, (g[0], g[1])));
    }
    (Some(root), plies, error)
}
