//! The last lines a bot wrote on stderr, kept whatever `--logs` says, so that a crash's reason
//! can end with them: a Python traceback's last line says more than `exited with status 1`.
//! Bounded in memory (the last [`TAIL_BYTES`]) and in the text it gives (the last
//! [`TAIL_LINES`] lines, each cut, control characters escaped).

use crate::escape::terminal::escape_control;

/// Bytes of stderr kept per bot and game.
pub const TAIL_BYTES: usize = 4096;
/// Lines of it a reason quotes.
pub const TAIL_LINES: usize = 4;
/// Characters of one quoted line.
const LINE_CHARS: usize = 160;

/// The end of a bot's stderr.
#[derive(Default, Debug)]
pub struct StderrTail {
    bytes: Vec<u8>,
}

impl StderrTail {
    /// Keep `chunk`, dropping the oldest bytes beyond [`TAIL_BYTES`] (in bulk, so a bot
    /// writing without pause costs a copy per [`TAIL_BYTES`], not per chunk).
    pub fn push(&mut self, chunk: &[u8]) {
        let chunk = &chunk[chunk.len().saturating_sub(TAIL_BYTES)..];
        self.bytes.extend_from_slice(chunk);
        if self.bytes.len() > 2 * TAIL_BYTES {
            let cut = self.bytes.len() - TAIL_BYTES;
            self.bytes.drain(..cut);
        }
    }

    /// The last non-blank lines (trimmed), oldest first, joined by ` | `, e.g.
    /// `Traceback (most recent call last): | ... | ZeroDivisionError: division by zero`;
    /// `None` when the bot wrote nothing but blanks.
    pub fn summary(&self) -> Option<String> {
        let start = self.bytes.len().saturating_sub(TAIL_BYTES);
        let text = String::from_utf8_lossy(&self.bytes[start..]);
        let mut lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        // The first line may be cut by the byte bound: keep it only when it is all there is.
        if start > 0 && lines.len() > 1 {
            lines.remove(0);
        }
        let from = lines.len().saturating_sub(TAIL_LINES);
        let shown: Vec<String> = lines[from..]
            .iter()
            .map(|l| {
                let cut: String = l.chars().take(LINE_CHARS).collect();
                let more = if cut.len() < l.len() { "..." } else { "" };
                format!("{}{more}", escape_control(&cut))
            })
            .collect();
        (!shown.is_empty()).then(|| shown.join(" | "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_traceback_ends_the_summary() {
        let mut t = StderrTail::default();
        t.push(b"Traceback (most recent call last):\n  File \"bot.py\", line 3, in <module>\n");
        t.push(b"    1/0\nZeroDivisionError: division by zero\n\n");
        assert_eq!(
            t.summary().unwrap(),
            "Traceback (most recent call last): | File \"bot.py\", line 3, in <module> | \
             1/0 | ZeroDivisionError: division by zero"
        );
    }

    #[test]
    fn only_the_last_lines_are_kept_and_escaped() {
        let mut t = StderrTail::default();
        for i in 0..10_000 {
            t.push(format!("line {i}\n").as_bytes());
        }
        t.push(b"bad \x1b[2J end\n");
        assert!(t.bytes.len() <= 2 * TAIL_BYTES);
        assert_eq!(
            t.summary().unwrap(),
            "line 9997 | line 9998 | line 9999 | bad \\x1b[2J end"
        );
    }

    #[test]
    fn nothing_or_blanks_give_none() {
        let mut t = StderrTail::default();
        assert_eq!(t.summary(), None);
        t.push(b"\n   \n");
        assert_eq!(t.summary(), None);
    }

    #[test]
    fn a_long_line_is_cut() {
        let mut t = StderrTail::default();
        t.push("é".repeat(500).as_bytes());
        let s = t.summary().unwrap();
        assert_eq!(s, format!("{}...", "é".repeat(160)));
    }
}
