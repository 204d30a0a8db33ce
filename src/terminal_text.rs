//! Text from bots made safe for a terminal. A bot's token, `id` line or stderr can hold ESC,
//! CR or NUL; printed raw, such bytes move the cursor, rewrite earlier lines or change the
//! terminal's state (escape injection). The logs escape them in their own syntax (PGN, JSON);
//! what baraza prints for a person goes through [`escape_control`].

use std::borrow::Cow;

/// `text` with every control character written as a visible escape: C0 controls and DEL as
/// `\xNN` (`\x1b` for ESC, `\x0d` for CR), C1 controls (U+0080..U+009F, which some terminals
/// also obey) as `\u{NN}`. In a text that needs escaping a backslash is doubled too, so the
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
            c if ('\u{80}'..='\u{9f}').contains(&c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

fn is_control(c: char) -> bool {
    (c as u32) < 0x20 || c == '\u{7f}' || ('\u{80}'..='\u{9f}').contains(&c)
}

#[cfg(test)]
mod tests {
    use super::escape_control;

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
    fn a_backslash_is_doubled_where_escapes_are_written_so_they_read_back_unambiguously() {
        assert_eq!(escape_control("\\x1b\x1b"), "\\\\x1b\\x1b");
        assert_eq!(escape_control("a\\b\r"), "a\\\\b\\x0d");
    }

    #[test]
    fn a_text_without_control_characters_keeps_its_backslashes() {
        // The CRLF hint quotes a sed command; doubling its backslash would make it wrong.
        let hint = "convert it with 'sed -i 's/\\r$//' ./bot.sh'";
        assert!(matches!(escape_control(hint), std::borrow::Cow::Borrowed(h) if h == hint));
    }
}
