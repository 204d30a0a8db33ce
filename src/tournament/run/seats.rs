//! The pool of kept bot processes: each bot's idle seats ([`Seat`]: a process kept from game
//! to game unless `--no-reuse`). A game takes a seat of each of its bots (or a new empty one)
//! and gives them back when it ends; a seat whose bot lost by a fault comes back empty and
//! starts afresh next time. A game dropped part-way keeps its seats, and their processes are
//! killed with it.

use crate::referee::{close_all, Seat};
use std::cell::RefCell;
use std::time::Duration;

pub struct SeatPool {
    idle: RefCell<Vec<Vec<Seat>>>,
    reuse: bool,
    /// With `Some(names)`, a bot whose kept process exited between games is told about once,
    /// on stderr (`match`).
    note_exits: Option<Vec<String>>,
    noted: RefCell<Vec<bool>>,
}

impl SeatPool {
    pub fn new(bots: usize, reuse: bool, note_exits: Option<Vec<String>>) -> SeatPool {
        SeatPool {
            idle: RefCell::new((0..bots).map(|_| Vec::new()).collect()),
            reuse,
            note_exits,
            noted: RefCell::new(vec![false; bots]),
        }
    }

    pub fn take(&self, bot: usize) -> Seat {
        self.idle.borrow_mut()[bot]
            .pop()
            .unwrap_or_else(|| Seat::new(self.reuse))
    }

    pub fn give_back(&self, bot: usize, seat: Seat) {
        if let Some(names) = &self.note_exits {
            let mut noted = self.noted.borrow_mut();
            if seat.exits_between_games() > 0 && !noted[bot] {
                noted[bot] = true;
                eprintln!(
                    "note: {}'s process exited between games; it is started afresh for every \
                     game from now on (--no-reuse does so from the start)",
                    names[bot]
                );
            }
        }
        self.idle.borrow_mut()[bot].push(seat);
    }

    /// Tell every kept bot process `quit`, give it the grace, kill its group.
    pub async fn close(&self, grace: Duration) {
        let seats: Vec<Seat> = self.idle.borrow_mut().drain(..).flatten().collect();
        close_all(seats, grace).await;
    }

    /// Drop every kept process at once (their groups are killed).
    pub fn clear(&self) {
        self.idle.borrow_mut().clear();
    }
}
