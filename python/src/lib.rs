//! The Python face of baraza's rules engines: one `Position` class over the arena's
//! string-level [`baraza_rules::game::Position`], so a bot written in Python reads the referee's
//! `position` line, lists the legal moves and searches with the same rules that judge it.
//! Every string here (positions, move tokens, status) is the protocol's and `baraza rules`'.

mod replay;

use baraza_rules::game::{Outcome, Player, Position, Status};
use baraza_rules::games;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Arc;

/// A position of any ruleset: parse it from its string, list and play moves, ask its status.
/// It remembers the moves played on it since it was made (`history`, `undo`).
#[pyclass(name = "Position", module = "baraza")]
pub(crate) struct PyPosition {
    inner: Box<dyn Position>,
    /// The moves played on this position since it was made from a string or a start, with
    /// the positions before them. Shared between copies and children: a search's children
    /// cost no copy of the game.
    last: History,
}

/// A position's history: nothing, or its last move as one [`Step`] or as one of the moves of
/// a [`Brood`] (`children`), each of which holds the history before it.
#[derive(Clone)]
enum History {
    Empty,
    Step(Arc<Step>),
    Sibling(Arc<Brood>, usize),
}

/// One move played (`play`, `after`): the move, the position before it, the history before.
struct Step {
    mv: String,
    before: Box<dyn Position>,
    prev: History,
    /// The plies played up to and including this one.
    ply: usize,
}

/// The children of one position (`children`), sharing the position before them and its
/// history, so that a child costs no allocation of its own: child `i`'s move is `legal()[i]`
/// of `before`, found when asked (`history`, `undo`), not kept.
struct Brood {
    before: Box<dyn Position>,
    prev: History,
    ply: usize,
}

impl History {
    fn ply(&self) -> usize {
        match self {
            History::Empty => 0,
            History::Step(s) => s.ply,
            History::Sibling(b, _) => b.ply,
        }
    }

    /// The last move, the position before it and the history before that.
    fn last(&self) -> Option<(String, &dyn Position, &History)> {
        match self {
            History::Empty => None,
            History::Step(s) => Some((s.mv.clone(), &*s.before, &s.prev)),
            History::Sibling(b, i) => {
                let mv = b.before.legal().swap_remove(*i);
                Some((mv, &*b.before, &b.prev))
            }
        }
    }
}

impl PyPosition {
    fn new_root(inner: Box<dyn Position>) -> PyPosition {
        PyPosition {
            inner,
            last: History::Empty,
        }
    }

    /// `inner`, reached from this position (`before`, a copy of it) by `mv`.
    fn child(&self, before: Box<dyn Position>, mv: String, inner: Box<dyn Position>) -> Self {
        let step = Step {
            mv,
            before,
            prev: self.last.clone(),
            ply: self.last.ply() + 1,
        };
        PyPosition {
            inner,
            last: History::Step(Arc::new(step)),
        }
    }

    fn snapshot(&self) -> Box<dyn Position> {
        self.inner.clone_box()
    }
}

pub(crate) fn player_number(p: Player) -> u8 {
    match p {
        Player::One => 1,
        Player::Two => 2,
    }
}

fn bad_value(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

#[pymethods]
impl PyPosition {
    /// Parse a position string (the protocol's `position` line without its first word).
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        let inner = games::parse_position(text.trim()).map_err(bad_value)?;
        Ok(PyPosition::new_root(inner))
    }

    /// The standard start position of a ruleset (`baraza rules start <ruleset>`).
    #[staticmethod]
    fn start(ruleset: &str) -> PyResult<Self> {
        let r = games::ruleset(ruleset).map_err(bad_value)?;
        Ok(PyPosition::new_root(r.start_position()))
    }

    /// The ruleset id: the first field of the string.
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.inner.ruleset()
    }

    /// The player to move: 1 or 2.
    #[getter]
    fn side_to_move(&self) -> u8 {
        player_number(self.inner.side_to_move())
    }

    /// The legal move tokens in the spec's order (`baraza rules legal`); empty when over.
    fn legal(&self) -> Vec<String> {
        self.inner.legal()
    }

    /// Play a move in place; ValueError, leaving the position unchanged, if it is not legal.
    fn play(&mut self, mv: &str) -> PyResult<()> {
        let mut next = self.inner.clone_box();
        next.play(mv).map_err(bad_value)?;
        let before = std::mem::replace(&mut self.inner, next);
        let ply = self.ply() + 1;
        let step = Step {
            mv: mv.to_string(),
            before,
            prev: std::mem::replace(&mut self.last, History::Empty),
            ply,
        };
        self.last = History::Step(Arc::new(step));
        Ok(())
    }

    /// Take back the last move played on this position (by `play`, `after`, `children`)
    /// and return it; ValueError when there is none.
    fn undo(&mut self) -> PyResult<String> {
        let Some((mv, before, prev)) = self.last.last() else {
            return Err(PyValueError::new_err(
                "no move to undo: no move was played on this position",
            ));
        };
        let (inner, prev) = (before.clone_box(), prev.clone());
        self.inner = inner;
        self.last = prev;
        Ok(mv)
    }

    /// The moves played on this position since it was made from a string or a start, first
    /// to last.
    #[getter]
    fn history(&self) -> Vec<String> {
        let mut moves = Vec::with_capacity(self.ply());
        let mut at = &self.last;
        while let Some((mv, _, prev)) = at.last() {
            moves.push(mv);
            at = prev;
        }
        moves.reverse();
        moves
    }

    /// How many plies were played on this position since it was made from a string or a
    /// start (`len(history)`): from `Position.start`, the game's ply number.
    #[getter]
    fn ply(&self) -> usize {
        self.last.ply()
    }

    /// A new position: this one after `mv` (this one is unchanged).
    fn after(&self, mv: &str) -> PyResult<Self> {
        let mut next = self.inner.clone_box();
        next.play(mv).map_err(bad_value)?;
        Ok(self.child(self.snapshot(), mv.to_string(), next))
    }

    /// Every legal move with the position it leads to, in the order of `legal()`: one call
    /// for a search's whole expansion, each move generated once.
    fn children<'py>(&self, py: Python<'py>) -> Vec<(Bound<'py, PyString>, Self)> {
        let brood = Arc::new(Brood {
            before: self.snapshot(),
            prev: self.last.clone(),
            ply: self.ply() + 1,
        });
        self.inner
            .children()
            .into_iter()
            .enumerate()
            .map(|(i, (mv, inner))| {
                let mv = PyString::new(py, &mv);
                let last = History::Sibling(Arc::clone(&brood), i);
                (mv, PyPosition { inner, last })
            })
            .collect()
    }

    /// What the legal move `mv` captures: `[(cell, player), ...]`, each hole or cell it
    /// empties by a capture and the player who takes it (in Darra not always the mover);
    /// `[]` when it captures nothing. ValueError if `mv` is not legal here.
    fn captures(&self, mv: &str) -> PyResult<Vec<(String, u8)>> {
        if !self.inner.legal().iter().any(|m| m == mv) {
            return Err(PyValueError::new_err(format!("illegal move '{mv}'")));
        }
        Ok(replay::captures(&*self.inner, mv))
    }

    /// The status as fields: a `Status` (`ongoing`, `result`, `winner`, `reason`, `scores`).
    fn outcome(&self) -> PyStatus {
        PyStatus(self.inner.status())
    }

    /// `ongoing`, or `<result> <reason>[ <score1>-<score2>]` (`baraza rules status`).
    fn status(&self) -> String {
        self.inner.status().to_string()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.status().is_over()
    }

    /// The winner of a finished game: 1 or 2, 0 for a draw, None while it goes on.
    fn winner(&self) -> Option<u8> {
        match self.inner.status() {
            Status::Ongoing => None,
            Status::Over { outcome, .. } => Some(match outcome {
                Outcome::Win(p) => player_number(p),
                Outcome::Draw => 0,
            }),
        }
    }

    /// Material from `player`'s side (captured seeds or pieces ahead, as the greedy bot sees
    /// it): a first evaluation for a search.
    fn material(&self, player: u8) -> PyResult<i64> {
        let p = match player {
            1 => Player::One,
            2 => Player::Two,
            _ => return Err(PyValueError::new_err("player must be 1 or 2")),
        };
        Ok(self.inner.material(p))
    }

    /// The number of move sequences `depth` plies long (`baraza rules perft`).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.inner.clone_box();
        py.allow_threads(move || pos.perft(depth))
    }

    /// A copy to change independently.
    fn clone(&self) -> Self {
        PyPosition {
            inner: self.inner.clone_box(),
            last: self.last.clone(),
        }
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// A board drawing for a person (`baraza rules show`, without its first line).
    fn show(&self) -> String {
        self.inner.show()
    }

    /// The position string, exactly as the protocol writes it.
    fn __str__(&self) -> String {
        self.inner.format()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.inner.format())
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner.format() == other.inner.format()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.format().hash(&mut h);
        h.finish()
    }
}

/// Every ruleset id, in the order `baraza games` lists them.
#[pyfunction]
fn rulesets() -> Vec<&'static str> {
    games::RULESETS.iter().map(|r| r.id).collect()
}

/// A position's status as fields (`Position.outcome()`); `str()` is `Position.status()`.
#[pyclass(name = "Status", module = "baraza", frozen)]
struct PyStatus(Status);

#[pymethods]
impl PyStatus {
    /// Whether the game goes on.
    #[getter]
    fn ongoing(&self) -> bool {
        !self.0.is_over()
    }

    /// `1-0`, `0-1` or `1/2-1/2`; None while the game goes on.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        match self.0 {
            Status::Ongoing => None,
            Status::Over { outcome, .. } => Some(outcome.as_str()),
        }
    }

    /// 1 or 2, 0 for a draw; None while the game goes on.
    #[getter]
    fn winner(&self) -> Option<u8> {
        match self.0 {
            Status::Ongoing => None,
            Status::Over { outcome, .. } => Some(match outcome {
                Outcome::Win(p) => player_number(p),
                Outcome::Draw => 0,
            }),
        }
    }

    /// The spec's reason word (`end`, `limit`, `pieces`, `no-moves`, ...); None while the
    /// game goes on.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        match self.0 {
            Status::Ongoing => None,
            Status::Over { reason, .. } => Some(reason),
        }
    }

    /// The final scores `(player 1, player 2)` of a game that has them (Darra); else None.
    #[getter]
    fn scores(&self) -> Option<(u32, u32)> {
        match self.0 {
            Status::Ongoing => None,
            Status::Over { scores, .. } => scores,
        }
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Status('{}')", self.0)
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

#[pymodule]
fn _baraza(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPosition>()?;
    m.add_class::<PyStatus>()?;
    m.add_function(wrap_pyfunction!(replay::replay_moves, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    Ok(())
}
