//! What a bot wrote, made safe for a log file a person reads with `tail -f` or `less -R`: the
//! `--logs` files, the tournament's `stderr/<bot>.log` and `info/<bot>.log`. Line breaks and
//! tabs stay (a log is lines); every other control a terminal would obey is written as a
//! visible escape, as [`super::terminal`] does: `\x1b` for ESC, `\u{202e}` for a
//! right-to-left override. Bytes that are not UTF-8 are written as `\xNN` (a lone 0x9b is CSI
//! to an 8-bit terminal).
//!
//! A bot's stderr arrives in chunks that may cut a character in two: [`LogEscaper`] keeps the
//! unfinished bytes of one chunk for the next.

use super::terminal::is_control;

/// One character as the log writes it.
fn push_char(c: char, out: &mut Vec<u8>) {
    if c == '\n' || c == '\t' || !is_control(c) {
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    } else if (c as u32) < 0x80 {
        out.extend_from_slice(format!("\\x{:02x}", c as u32).as_bytes());
    } else {
        out.extend_from_slice(format!("\\u{{{:x}}}", c as u32).as_bytes());
    }
}

fn push_str(text: &str, out: &mut Vec<u8>) {
    if !text
        .chars()
        .any(|c| c != '\n' && c != '\t' && is_control(c))
    {
        out.extend_from_slice(text.as_bytes());
        return;
    }
    for c in text.chars() {
        push_char(c, out);
    }
}

/// A line of text (an `info` line) as a log writes it.
pub fn escape_line(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    push_str(text, &mut out);
    // Only whole characters and ASCII escapes were written.
    String::from_utf8(out).expect("escaped text is UTF-8")
}

/// Escapes a stream of bytes chunk by chunk.
#[derive(Debug, Default)]
pub struct LogEscaper {
    /// The first bytes of a character the last chunk ended inside (at most 3).
    pending: Vec<u8>,
}

impl LogEscaper {
    /// `chunk`, escaped, appended to `out`; a character cut at its end waits for the next.
    pub fn push(&mut self, chunk: &[u8], out: &mut Vec<u8>) {
        let mut data = std::mem::take(&mut self.pending);
        data.extend_from_slice(chunk);
        let mut rest = data.as_slice();
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    push_str(text, out);
                    return;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    push_str(std::str::from_utf8(good).expect("valid up to here"), out);
                    match e.error_len() {
                        // Cut at the end of the chunk: wait for the rest of the character.
                        None => {
                            self.pending = bad.to_vec();
                            return;
                        }
                        Some(n) => {
                            for b in &bad[..n] {
                                out.extend_from_slice(format!("\\x{b:02x}").as_bytes());
                            }
                            rest = &bad[n..];
                        }
                    }
                }
            }
        }
    }

    /// The end of the stream: bytes of an unfinished character, escaped, appended to `out`.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        for b in std::mem::take(&mut self.pending) {
            out.extend_from_slice(format!("\\x{b:02x}").as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(chunks: &[&[u8]]) -> String {
        let mut e = LogEscaper::default();
        let mut out = Vec::new();
        for c in chunks {
            e.push(c, &mut out);
        }
        e.finish(&mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn controls_are_escaped_and_lines_and_tabs_kept() {
        // (what the bot wrote, what the log holds), worked out by hand.
        for (sent, logged) in [
            (&b"plain line\n"[..], "plain line\n"),
            (b"col\tcol\n", "col\tcol\n"),
            (b"\x1b[2J\x1b]0;title\x07", "\\x1b[2J\\x1b]0;title\\x07"),
            (b"over\rwrite\n", "over\\x0dwrite\n"),
            (b"nul\0del\x7f", "nul\\x00del\\x7f"),
            ("rtl \u{202e}txt.exe\n".as_bytes(), "rtl \\u{202e}txt.exe\n"),
            ("sep\u{2028}x".as_bytes(), "sep\\u{2028}x"),
            ("c1 \u{9b}31m".as_bytes(), "c1 \\u{9b}31m"),
            // Not UTF-8: a lone CSI byte, a lone continuation byte.
            (b"8bit \x9b31m \xbf", "8bit \\x9b31m \\xbf"),
            // A backslash is kept as it is: a log is for reading, not for reading back.
            (b"C:\\path\n", "C:\\path\n"),
            ("é ü 漢\n".as_bytes(), "é ü 漢\n"),
        ] {
            assert_eq!(escaped(&[sent]), logged, "{sent:?}");
        }
    }

    #[test]
    fn a_character_cut_between_chunks_is_kept_whole() {
        let rlo = "\u{202e}".as_bytes(); // E2 80 AE
        assert_eq!(escaped(&[b"a", &rlo[..1], &rlo[1..], b"b"]), "a\\u{202e}b");
        let e_acute = "é".as_bytes(); // C3 A9
        assert_eq!(escaped(&[&e_acute[..1], &e_acute[1..]]), "é");
        // The stream ends inside a character: its bytes are written as escapes.
        assert_eq!(escaped(&[b"x", &rlo[..2]]), "x\\xe2\\x80");
    }

    #[test]
    fn an_info_line_is_escaped_the_same_way() {
        assert_eq!(escape_line("depth 3 pv \u{1b}[31m"), "depth 3 pv \\x1b[31m");
        assert_eq!(escape_line("depth 3 score cp 20"), "depth 3 score cp 20");
    }
}
