//! The keys of a game stepped through and the ply each leads to: one ply with the arrows, ten
//! with Up/Down or the page keys, the start and the end with Home and End, any ply by typing
//! its number then Enter; q, Esc, Ctrl-C or Ctrl-D to leave.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// How many plies Up/Down and PageUp/PageDown move.
pub const LEAP: usize = 10;

/// The line under the board that says which keys do what.
pub const HELP: &str =
    "Left/Right: one ply  Up/Down: ten  Home/End: start/end  number+Enter: that ply  q: quit";

/// Where the stepping is: the ply shown and the digits typed toward a jump.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keys {
    ply: usize,
    last: usize,
    typed: String,
}

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Draw the screen again (the ply or the typed number changed, or nothing did).
    Show,
    /// Leave the stepping.
    Quit,
}

impl Keys {
    /// At the start of a game of `last` plies.
    pub fn new(last: usize) -> Keys {
        Keys {
            ply: 0,
            last,
            typed: String::new(),
        }
    }

    /// The ply shown.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The digits typed so far toward a jump (empty when none).
    pub fn typed(&self) -> &str {
        &self.typed
    }

    /// Moves by `by` plies (negative: back), within the game.
    fn step(&mut self, by: isize) {
        self.ply = self.ply.saturating_add_signed(by).min(self.last);
    }

    /// The effect of `key` (a key released, as a few terminals report, changes nothing).
    pub fn press(&mut self, key: KeyEvent) -> Flow {
        if key.kind == KeyEventKind::Release {
            return Flow::Show;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c' | 'd') if ctrl => return Flow::Quit,
            KeyCode::Char('q') => return Flow::Quit,
            KeyCode::Esc if self.typed.is_empty() => return Flow::Quit,
            KeyCode::Esc => self.typed.clear(),
            KeyCode::Char(d) if d.is_ascii_digit() && self.typed.len() < 9 => self.typed.push(d),
            KeyCode::Backspace => {
                self.typed.pop();
            }
            KeyCode::Enter => {
                if let Ok(n) = self.typed.parse::<usize>() {
                    self.ply = n.min(self.last);
                }
                self.typed.clear();
            }
            KeyCode::Left => self.step(-1),
            KeyCode::Right | KeyCode::Char(' ') => self.step(1),
            KeyCode::Up | KeyCode::PageUp => self.step(-(LEAP as isize)),
            KeyCode::Down | KeyCode::PageDown => self.step(LEAP as isize),
            KeyCode::Home => self.ply = 0,
            KeyCode::End => self.ply = self.last,
            _ => {}
        }
        Flow::Show
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(k: &mut Keys, code: KeyCode) -> Flow {
        k.press(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn arrows_and_leaps_stay_within_the_game() {
        let mut k = Keys::new(25);
        press(&mut k, KeyCode::Left);
        assert_eq!(k.ply(), 0);
        press(&mut k, KeyCode::Right);
        press(&mut k, KeyCode::Right);
        assert_eq!(k.ply(), 2);
        press(&mut k, KeyCode::Down);
        assert_eq!(k.ply(), 12);
        press(&mut k, KeyCode::PageDown);
        press(&mut k, KeyCode::PageDown);
        assert_eq!(k.ply(), 25);
        press(&mut k, KeyCode::Right);
        assert_eq!(k.ply(), 25);
        press(&mut k, KeyCode::Up);
        assert_eq!(k.ply(), 15);
        press(&mut k, KeyCode::Home);
        assert_eq!(k.ply(), 0);
        press(&mut k, KeyCode::End);
        assert_eq!(k.ply(), 25);
    }

    #[test]
    fn a_number_then_enter_jumps_to_that_ply_or_the_last() {
        let mut k = Keys::new(41);
        for c in ['1', '7'] {
            press(&mut k, KeyCode::Char(c));
        }
        assert_eq!((k.ply(), k.typed()), (0, "17"));
        press(&mut k, KeyCode::Enter);
        assert_eq!((k.ply(), k.typed()), (17, ""));
        for c in ['9', '9', '9'] {
            press(&mut k, KeyCode::Char(c));
        }
        press(&mut k, KeyCode::Backspace);
        press(&mut k, KeyCode::Enter);
        assert_eq!(k.ply(), 41);
        // Esc first forgets the digits typed, then leaves.
        press(&mut k, KeyCode::Char('3'));
        assert_eq!(press(&mut k, KeyCode::Esc), Flow::Show);
        assert_eq!((k.ply(), k.typed()), (41, ""));
        assert_eq!(press(&mut k, KeyCode::Esc), Flow::Quit);
    }

    #[test]
    fn q_ctrl_c_and_ctrl_d_leave() {
        let mut k = Keys::new(3);
        assert_eq!(press(&mut k, KeyCode::Char('q')), Flow::Quit);
        for c in ['c', 'd'] {
            let key = KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
            assert_eq!(k.press(key), Flow::Quit);
        }
        assert_eq!(press(&mut k, KeyCode::Char('c')), Flow::Show);
    }
}
