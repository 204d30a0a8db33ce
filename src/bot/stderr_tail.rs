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
    /// `None` when the bot wrote nothing but blanks. When the line that names the error (see
    /// [`names_the_error`]) is further up, as node, Java and Go put it above their stack
    /// frames, it comes first, with the line after it (the frame in the bot's own code), then
    /// `...` and the last lines.
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
        let error = lines.iter().rposition(|l| names_the_error(l));
        let picked: Vec<&str> = match error {
            Some(e) if e < from => {
                let head = &lines[e..(e + 2).min(from)];
                let last = &lines[lines.len() - (TAIL_LINES - head.len())..];
                head.iter().chain(&["..."]).chain(last).copied().collect()
            }
            _ => lines[from..].to_vec(),
        };
        let shown: Vec<String> = picked
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

/// Whether a line of stderr is the one that says what went wrong, as the common runtimes write
/// it: an exception's class and message (`TypeError: ...`, `ValueError: ...`,
/// `java.lang.NullPointerException: ...`, `Error: ...`), Java's `Exception in thread ...`,
/// Go's `panic: ...` and `fatal error: ...`, Rust's `thread 'main' panicked at ...`, C++'s
/// `terminate called ...`.
pub fn names_the_error(line: &str) -> bool {
    const STARTS: [&str; 4] = [
        "Exception in thread ",
        "panic: ",
        "fatal error: ",
        "terminate called ",
    ];
    if STARTS.iter().any(|s| line.starts_with(s)) || line.contains("' panicked at ") {
        return true;
    }
    // `Name: message` or a bare `Name`, where the name (perhaps dotted: a Java class) ends in
    // Error or Exception.
    let name = line.split_once(':').map_or(line, |(name, _)| name);
    let last = name.rsplit('.').next().unwrap_or(name);
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
        && (last.ends_with("Error") || last.ends_with("Exception"))
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
    fn the_line_naming_the_error_comes_first_when_frames_follow_it() {
        // node 20's words for a TypeError in bot.js (paths as a bot's own folder).
        let mut node = StderrTail::default();
        node.push(
            b"/home/a/bot/bot.js:12\n    const m = state.moves[0];\n                      ^\n\n\
TypeError: Cannot read properties of undefined (reading '0')\n\
    at choose (/home/a/bot/bot.js:12:23)\n\
    at Interface.<anonymous> (/home/a/bot/bot.js:30:5)\n\
    at Interface.emit (node:events:517:28)\n\
    at [_onLine] [as _onLine] (node:internal/readline/interface:416:12)\n\
    at [_normalWrite] [as _normalWrite] (node:internal/readline/interface:610:22)\n\
    at ReadStream.ondata (node:internal/readline/interface:243:23)\n\
    at ReadStream.emit (node:events:517:28)\n\
    at addChunk (node:internal/streams/readable:368:12)\n\
    at readableAddChunk (node:internal/streams/readable:341:9)\n\
    at Readable.push (node:internal/streams/readable:278:10)\n\nNode.js v20.11.0\n",
        );
        assert_eq!(
            node.summary().unwrap(),
            "TypeError: Cannot read properties of undefined (reading '0') | \
             at choose (/home/a/bot/bot.js:12:23) | ... | \
             at Readable.push (node:internal/streams/readable:278:10) | Node.js v20.11.0"
        );
        // Java: the exception line, its first frame.
        let mut java = StderrTail::default();
        java.push(
            b"Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 3\n\
\tat Bot.choose(Bot.java:21)\n\tat Bot.play(Bot.java:40)\n\tat Bot.loop(Bot.java:55)\n\
\tat Bot.run(Bot.java:60)\n\tat Bot.main(Bot.java:8)\n",
        );
        assert_eq!(
            java.summary().unwrap(),
            "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 5 \
             out of bounds for length 3 | at Bot.choose(Bot.java:21) | ... | \
             at Bot.run(Bot.java:60) | at Bot.main(Bot.java:8)"
        );
        // Go: the panic, then its goroutine's frames.
        let mut go = StderrTail::default();
        go.push(
            b"panic: runtime error: index out of range [5] with length 3\n\n\
goroutine 1 [running]:\nmain.choose(...)\n\t/home/a/bot/main.go:21\n\
main.main()\n\t/home/a/bot/main.go:40 +0x1d\nexit status 2\n",
        );
        assert_eq!(
            go.summary().unwrap(),
            "panic: runtime error: index out of range [5] with length 3 | \
             goroutine 1 [running]: | ... | /home/a/bot/main.go:40 +0x1d | exit status 2"
        );
        // Already among the last lines (Python, Rust, C++): the last lines as they are.
        let mut cpp = StderrTail::default();
        cpp.push(b"thinking\nterminate called after throwing an instance of 'std::runtime_error'\n  what():  no move\n");
        assert_eq!(
            cpp.summary().unwrap(),
            "thinking | terminate called after throwing an instance of 'std::runtime_error' | \
             what():  no move"
        );
    }

    #[test]
    fn lines_that_name_an_error_and_lines_that_do_not() {
        for yes in [
            "TypeError: x is not a function",
            "ZeroDivisionError: division by zero",
            "KeyboardInterruptError",
            "java.lang.NullPointerException",
            "java.lang.IllegalStateException: no move",
            "Error: no legal move",
            "Exception in thread \"main\" java.lang.Error",
            "panic: boom",
            "fatal error: all goroutines are asleep - deadlock!",
            "thread 'main' panicked at src/main.rs:4:5:",
            "terminate called without an active exception",
        ] {
            assert!(names_the_error(yes), "{yes}");
        }
        for no in [
            "at Object.<anonymous> (/b/bot.js:3:1)",
            "Traceback (most recent call last):",
            "my bot: Error handling is fine",
            "info depth 3 score 12",
            "Errors: 0",
            "",
        ] {
            assert!(!names_the_error(no), "{no}");
        }
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
