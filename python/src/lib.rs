//! The Python face of baraza's rules engines: one `Position` class over the arena's
//! string-level [`baraza_rules::game::Position`], so a bot written in Python reads the referee's
//! `position` line, lists the legal moves and searches with the same rules that judge it.
//! Every string here (positions, move tokens, status) is the protocol's and `baraza rules`'.

use baraza_rules::game::{Outcome, Player, Status};
use baraza_rules::games;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A position of any ruleset: parse it from its string, list and play moves, ask its status.
#[pyclass(name = "Position", module = "baraza")]
struct PyPosition {
    inner: Box<dyn baraza_rules::game::Position>,
}

fn player_number(p: Player) -> u8 {
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
        Ok(PyPosition { inner })
    }

    /// The standard start position of a ruleset (`baraza rules start <ruleset>`).
    #[staticmethod]
    fn start(ruleset: &str) -> PyResult<Self> {
        let r = games::ruleset(ruleset).map_err(bad_value)?;
        Ok(PyPosition {
            inner: r.start_position(),
        })
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
        self.inner.play(mv).map_err(bad_value)
    }

    /// A new position: this one after `mv` (this one is unchanged).
    fn after(&self, mv: &str) -> PyResult<Self> {
        let mut next = self.inner.clone_box();
        next.play(mv).map_err(bad_value)?;
        Ok(PyPosition { inner: next })
    }

    /// Every legal move with the position it leads to, in the order of `legal()`: one call
    /// for a search's whole expansion, each move generated once.
    fn children(&self) -> Vec<(String, Self)> {
        self.inner
            .children()
            .into_iter()
            .map(|(m, inner)| (m, PyPosition { inner }))
            .collect()
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

#[pymodule]
fn _baraza(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPosition>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    Ok(())
}
