//! Text from bots made safe for a terminal. A bot's token, `id` line or stderr can hold ESC,
//! CR or NUL; printed raw, such bytes move the cursor, rewrite earlier lines or change the
//! terminal's state (escape injection). Bidirectional controls (U+202E turns the rest of a
//! line around) and the line and paragraph separators U+2028/U+2029 make a line read as
//! something else. The logs escape them in their own syntax (PGN, JSON); what baraza prints
//! for a person goes through [`escape_control`].

use std::borrow::Cow;

/// `text` with every control character written as a visible escape: C0 controls and DEL as
/// `\xNN` (`\x1b` for ESC, `\x0d` for CR), C1 controls (U+0080..U+009F, which some terminals
/// also obey), the bidirectional controls and the line and paragraph separators as `\u{NNNN}`
/// (see [`is_control`]). In a text that needs escaping a backslash is doubled too, so the
/// output reads back unambiguously; a text with no control character is returned as it is
/// (borrowed), backslashes and all, so a hint such as `sed -i 's/\r$//'` prints as written.
pub fn escape_control(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if is_control(c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A text of several lines for a terminal: each line as [`escape_control`] writes it, the
/// line breaks kept.
pub fn escape_lines(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|l| match l.strip_suffix('\n') {
            Some(line) => escape_control(line) + "\n",
            None => escape_control(l),
        })
        .collect()
}

/// Whether `c` must not reach a terminal (or a log read with `tail`) as it is: C0 controls,
/// DEL, C1 controls, the bidirectional controls (ALM U+061C, LRM/RLM U+200E/F, the embeddings
/// and overrides U+202A..U+202E, the isolates U+2066..U+2069) and the line and paragraph
/// separators U+2028/U+2029.
pub fn is_control(c: char) -> bool {
    matches!(c,
        '\0'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{61c}' | '\u{200e}' | '\u{200f}'
        | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::{escape_control, escape_lines};

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        assert!(matches!(
            escape_control("move 6A é"),
            std::borrow::Cow::Borrowed("move 6A é")
        ));
    }

    #[test]
    fn control_characters_become_visible() {
        // ESC [ 2 J (clear screen), CR, NUL, DEL, tab: each one escape, the rest kept.
        assert_eq!(escape_control("a\x1b[2Jb"), "a\\x1b[2Jb");
        assert_eq!(escape_control("x\ry"), "x\\x0dy");
        assert_eq!(escape_control("\0"), "\\x00");
        assert_eq!(escape_control("\x7f"), "\\x7f");
        assert_eq!(escape_control("a\tb"), "a\\x09b");
        // U+009B is CSI on terminals that read C1 controls.
        assert_eq!(escape_control("\u{9b}31m"), "\\u{9b}31m");
    }

    #[test]
    fn bidirectional_controls_and_separators_become_visible() {
        // Each: what a bot sends, what a person sees. Hand-picked from Unicode's list of
        // bidi formatting characters and the two separators.
        for (sent, shown) in [
            ("evil\u{202e}gpj.exe", "evil\\u{202e}gpj.exe"),
            ("a\u{202a}b\u{202d}c", "a\\u{202a}b\\u{202d}c"),
            ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
            ("\u{200e}\u{200f}\u{61c}", "\\u{200e}\\u{200f}\\u{61c}"),
            ("line\u{2028}next\u{2029}", "line\\u{2028}next\\u{2029}"),
            // Their neighbours are ordinary text: zero-width space, word joiner, en dash.
            ("\u{200b}\u{2060}\u{2013}", "\u{200b}\u{2060}\u{2013}"),
        ] {
            assert_eq!(escape_control(sent), shown, "{sent:?}");
        }
    }

    #[test]
    fn a_backslash_is_doubled_where_escapes_are_written_so_they_read_back_unambiguously() {
        assert_eq!(escape_control("\\x1b\x1b"), "\\\\x1b\\x1b");
        assert_eq!(escape_control("a\\b\r"), "a\\\\b\\x0d");
    }

    #[test]
    fn lines_are_escaped_one_by_one_and_their_breaks_kept() {
        assert_eq!(escape_lines("a\x1b\nb\u{202e}\n"), "a\\x1b\nb\\u{202e}\n");
        assert_eq!(escape_lines("no break"), "no break");
        assert_eq!(escape_lines("\n\n"), "\n\n");
    }

    #[test]
    fn a_text_without_control_characters_keeps_its_backslashes() {
        // The CRLF hint quotes a sed command; doubling its backslash would make it wrong.
        let hint = "convert it with 'sed -i 's/\\r$//' ./bot.sh'";
        assert!(matches!(escape_control(hint), std::borrow::Cow::Borrowed(h) if h == hint));
    }
}
