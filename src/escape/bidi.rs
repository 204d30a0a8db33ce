//! The characters that make a published line read as something else: the bidirectional
//! controls (U+202E turns the rest of a line around, so `evil\u{202e}gpj.exe` shows as
//! `evilexe.jpg`) and the line and paragraph separators U+2028/U+2029. A bot's name, its `id`
//! lines, its info and the reason of its loss may hold them; every page, table and log a host
//! publishes writes them as the visible `\u{202e}`, as the terminal does
//! ([`super::terminal`]).

use std::borrow::Cow;

/// Whether `c` is one of them: ALM U+061C, LRM/RLM U+200E/F, the line and paragraph
/// separators and the embeddings and overrides U+2028..U+202E, the isolates U+2066..U+2069.
pub fn is_bidi(c: char) -> bool {
    matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `c` as the visible text `\u{202e}`.
pub fn visible(c: char) -> String {
    format!("\\u{{{:x}}}", c as u32)
}

/// `text` with each of them written visibly; borrowed when it has none.
pub fn escape_bidi(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_bidi) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_bidi(c) {
            out.push_str(&visible(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_control_and_separator_is_written_visibly_and_the_rest_kept() {
        assert_eq!(escape_bidi("evil\u{202e}gpj.exe"), "evil\\u{202e}gpj.exe");
        assert_eq!(escape_bidi("a\u{2028}b\u{2029}c"), "a\\u{2028}b\\u{2029}c");
        assert_eq!(
            escape_bidi("\u{2066}x\u{2069}\u{61c}\u{200f}"),
            "\\u{2066}x\\u{2069}\\u{61c}\\u{200f}"
        );
        // Arabic and Hebrew letters are text, not controls.
        assert!(matches!(escape_bidi("مرحبا שלום é"), Cow::Borrowed(_)));
        // The zero-width joiners (U+200C/D) shape letters in many scripts: kept.
        assert_eq!(escape_bidi("a\u{200c}b\u{200d}c"), "a\u{200c}b\u{200d}c");
    }
}
