//! A field of a CSV file that a spreadsheet may open: quoted as RFC 4180 says, and a text that
//! a spreadsheet would take as a formula (`=`, `+`, `-`, `@`, or a tab or CR first) prefixed
//! with `'`, as OWASP advises against CSV injection: a bot named `=HYPERLINK(...)` is shown as
//! its name, never run. Numbers (`-12.5`, `+inf`) are left as they are.

/// `field` as one CSV field.
pub fn field(field: &str) -> String {
    let field = &*super::bidi::escape_bidi(field);
    let guarded;
    let text = if is_formula(field) {
        guarded = format!("'{field}");
        guarded.as_str()
    } else {
        field
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn is_formula(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r']) && text.parse::<f64>().is_err()
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn formulas_are_defused_and_numbers_kept() {
        // (a value, the field written), by the RFC's quoting and OWASP's prefix.
        for (value, written) in [
            ("plain", "plain"),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("=1+1", "'=1+1"),
            (
                "+HYPERLINK(\"http://x\",\"y\")",
                "\"'+HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"",
            ),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tTAB", "'\tTAB"),
            ("\r=1", "\"'\r=1\""),
            ("-12.5", "-12.5"),
            ("+240.8", "+240.8"),
            ("-inf", "-inf"),
            ("55.0%", "55.0%"),
            ("", ""),
        ] {
            assert_eq!(field(value), written, "{value:?}");
        }
    }
}
