//! The board as the person sees it: their own side at the bottom, in colour on a terminal.

use crate::game::{Player, Position};

/// The position string, then the board drawn from `viewer`'s side.
pub fn drawing(pos: &dyn Position, viewer: Player, color: bool) -> String {
    paint(
        &format!("{}\n{}", pos.format(), pos.show_from(viewer)),
        color,
    )
}

/// Colour for a terminal: player 1's lines red, player 2's blue, the side to move bold.
pub fn paint(drawing: &str, color: bool) -> String {
    if !color {
        return drawing.to_string();
    }
    drawing
        .lines()
        .map(|l| {
            let colour = if l.starts_with("player 1") {
                "31"
            } else if l.starts_with("player 2") {
                "34"
            } else if l.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                // A board row: Dara's pieces in their players' colours.
                return l
                    .replace(" x", " \x1b[31mx\x1b[0m")
                    .replace(" o", " \x1b[34mo\x1b[0m")
                    + "\n";
            } else {
                return format!("{l}\n");
            };
            let bold = if l.contains("<- to move") { ";1" } else { "" };
            format!("\x1b[{colour}{bold}m{l}\x1b[0m\n")
        })
        .collect()
}
