//! Text for an HTML page (the viewer, the report): content and attribute values.

/// The entity of a character HTML would read as markup or as the end of an attribute value.
pub fn entity(c: char) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        '\'' => Some("&#39;"),
        _ => None,
    }
}

/// Escape text for HTML content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match entity(c) {
            Some(e) => out.push_str(e),
            None if super::bidi::is_bidi(c) => out.push_str(&super::bidi::visible(c)),
            None => out.push(c),
        }
    }
    out
}
