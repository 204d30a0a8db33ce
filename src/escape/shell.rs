//! A word for a POSIX shell: the form the referee suggests (`sh -c '...'`) and the form the
//! Slurm task script names its paths in.

/// `text` in single quotes for a POSIX shell, always (a `'` inside as `'\''`): one word,
/// whatever it holds.
pub fn single_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::single_quoted;

    #[test]
    fn a_quote_inside_is_closed_escaped_and_reopened() {
        assert_eq!(single_quoted("echo 'hi' >x"), r"'echo '\''hi'\'' >x'");
        assert_eq!(single_quoted("/opt/b a"), "'/opt/b a'");
    }
}
