//! The terminal while a game is stepped through: raw mode (each key read as it is pressed, not
//! a line at a time) on the alternate screen, as `less` does, so that leaving gives back the
//! shell's screen as it was. Raw mode outlives the process if nothing undoes it (the shell then
//! echoes nothing and ignores Enter), so every way out restores it: q, Esc, Ctrl-C and Ctrl-D
//! (raw mode reads them as keys), an error reading the keys (the terminal gone), and a panic.

use super::frame::Frames;
use super::keys::{Flow, Keys, HELP};
use crate::person::board::paint;
use crate::record::log_games::LogGame;
use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::event::{self, Event};
use crossterm::terminal::{self, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{execute, Command};
use std::io::Write;

/// Steps through `game` on the terminal until the person leaves, drawing on `out` (the
/// terminal's standard output).
pub fn step(out: &mut dyn Write, game: &LogGame) -> anyhow::Result<()> {
    // Replayed whole before the screen changes: a move that does not play is an error on the
    // shell's screen, as without a terminal.
    let frames = Frames::new(game)?;
    let screen = Screen::enter()?;
    let stepped = follow_keys(out, &frames);
    // Nothing of the frames is left in `out`'s buffer to land on the shell's screen.
    let flushed = out.flush();
    drop(screen);
    stepped?;
    Ok(flushed?)
}

/// Draws the ply the keys lead to, key after key, until one says to leave.
fn follow_keys(out: &mut dyn Write, frames: &Frames) -> anyhow::Result<()> {
    let mut keys = Keys::new(frames.last());
    loop {
        draw(out, frames, &keys)?;
        // Anything but a key (the window resized, the focus changed) draws the screen again.
        if let Event::Key(k) = event::read()? {
            if keys.press(k) == Flow::Quit {
                return Ok(());
            }
        }
    }
}

/// The screen at the keys' ply: the frame in `play`'s colours, then the keys' help and the
/// number being typed.
fn draw(out: &mut dyn Write, frames: &Frames, keys: &Keys) -> std::io::Result<()> {
    let mut text = paint(&frames.text(keys.ply()), true);
    text.push('\n');
    text.push_str(HELP);
    if !keys.typed().is_empty() {
        text.push_str(&format!("\ngo to ply: {}", keys.typed()));
    }
    let mut screen = String::new();
    MoveTo(0, 0)
        .write_ansi(&mut screen)
        .map_err(std::io::Error::other)?;
    Clear(ClearType::All)
        .write_ansi(&mut screen)
        .map_err(std::io::Error::other)?;
    // Raw mode turns off the terminal's own `\n` -> `\r\n`.
    screen.push_str(&text.replace('\n', "\r\n"));
    out.write_all(screen.as_bytes())?;
    out.flush()
}

/// Raw mode and the alternate screen, undone when dropped (also while a panic unwinds).
struct Screen;

impl Screen {
    fn enter() -> std::io::Result<Screen> {
        terminal::enable_raw_mode()?;
        // From here on, dropping it restores the terminal.
        let screen = Screen;
        restore_before_panic_message();
        execute!(std::io::stdout(), EnterAlternateScreen, Hide)?;
        Ok(screen)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// The shell's screen, its cursor and its line discipline back. Idempotent.
fn restore() {
    let _ = execute!(std::io::stdout(), Show, LeaveAlternateScreen);
    let _ = terminal::disable_raw_mode();
}

/// A panic's message is printed before the stack unwinds to [`Screen`]'s drop: restore first,
/// or the message would go to the alternate screen and vanish with it.
fn restore_before_panic_message() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let message = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            message(info);
        }));
    });
}
