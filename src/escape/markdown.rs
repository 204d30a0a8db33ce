//! A table cell of a Markdown file (GitHub's flavour) from a text a bot or an event names: HTML
//! in it is shown as text, not rendered (`<img src=x onerror=...>` in a bot's name), and the
//! characters Markdown reads as syntax are backslash-escaped, so a name cannot become a link,
//! emphasis, code or a new column.

/// `text` as the content of one table cell.
pub fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        // What would start HTML (a tag, an entity) as the HTML pages escape it; quotes start
        // nothing outside a tag, and are left as they are to be read in the file too.
        if let ('<' | '>' | '&', Some(e)) = (c, super::html::entity(c)) {
            out.push_str(e);
            continue;
        }
        match c {
            '\\' | '|' | '*' | '_' | '`' | '[' | ']' | '~' | '!' | '#' => {
                out.push('\\');
                out.push(c);
            }
            // A cell is one line.
            '\n' | '\r' => out.push(' '),
            c if super::bidi::is_bidi(c) => out.push_str(&super::bidi::visible(c)),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::cell;

    #[test]
    fn html_and_markdown_syntax_are_shown_as_text() {
        // (a name, the cell written), by the CommonMark/GFM rules for escapes and HTML.
        for (name, written) in [
            ("plain-bot_2", "plain-bot\\_2"),
            ("<b>bold</b>", "&lt;b&gt;bold&lt;/b&gt;"),
            (
                "<img src=x onerror=alert(1)>",
                "&lt;img src=x onerror=alert(1)&gt;",
            ),
            ("a|b", "a\\|b"),
            ("[site](http://x)", "\\[site\\](http://x)"),
            ("![i](x)", "\\!\\[i\\](x)"),
            ("*em* `code` ~~s~~", "\\*em\\* \\`code\\` \\~\\~s\\~\\~"),
            ("AT&T", "AT&amp;T"),
            ("a\\b", "a\\\\b"),
            ("two\nlines", "two lines"),
            ("55.0%", "55.0%"),
            ("can't read \"moves\"", "can't read \"moves\""),
        ] {
            assert_eq!(cell(name), written, "{name:?}");
        }
    }
}
