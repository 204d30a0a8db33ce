//! A turn's `go` line, kept from turn to turn ([`GoLine`]): written again only when one of
//! its values changed. A game by move time (or by nodes or depth) sends the same line every
//! turn, and writing its numbers cost more than a tenth of the referee's own work per turn
//! (callgrind); a game on a clock changes it every turn and pays a comparison more.

use crate::protocol::{self, Go};

/// The `go` line last written and the values it was written from.
pub(super) struct GoLine {
    go: Option<Go>,
    text: String,
}

impl GoLine {
    pub fn with_room() -> GoLine {
        GoLine {
            go: None,
            text: String::with_capacity(128),
        }
    }

    /// The `go` line of `go`, with its line ending.
    pub fn text(&mut self, go: Go) -> &str {
        if self.go != Some(go) {
            self.text.clear();
            protocol::write_go(&mut self.text, &go);
            self.go = Some(go);
        }
        &self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_follows_every_change_of_its_values() {
        let mut line = GoLine::with_room();
        let mut go = Go {
            p1time: 1000,
            p2time: 900,
            movetime: Some(100),
            ..Go::default()
        };
        assert_eq!(line.text(go), protocol::go(&go));
        assert_eq!(line.text(go), protocol::go(&go), "kept");
        for change in [
            |g: &mut Go| g.p2time = 899,
            |g: &mut Go| g.p1inc = 5,
            |g: &mut Go| g.nodes = Some(7),
            |g: &mut Go| g.movetime = None,
        ] {
            change(&mut go);
            assert_eq!(line.text(go), protocol::go(&go));
        }
    }
}
