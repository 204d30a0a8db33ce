//! Why a bot did not send `ready`, in words a newcomer understands: from the lines it sent
//! instead (a UCI, GTP or CECP habit, from [`crate::protocol::habits`]; debug prints on
//! stdout) or from its silence (output left in a buffer). Used by the referee's startup-deadline reason and by `baraza check-bot`.

use crate::escape::terminal::escape_control;

/// How many of the lines a bot sent before `ready` are kept for the diagnosis.
pub const KEPT_LINES: usize = 3;

/// The tail of a startup reason: what the bot sent in place of `ready` (the first few of its
/// ignored lines, `ignored`), or that it wrote nothing. Starts with `: ` or is empty, so it
/// can follow "did not send 'ready' within the startup deadline of N ms".
pub fn diagnose(ignored: &[String]) -> String {
    let Some(first) = ignored.first() else {
        // The bot's language is not known here: the referee names its own call instead.
        return format!(
            ": it wrote nothing on stdout: {}",
            super::flush_advice::flush_question(None, &[])
        );
    };
    let hint = crate::protocol::habits::ready_hint(first);
    if !hint.is_empty() {
        return format!(": it sent {}{hint}", quoted(first));
    }
    let shown: Vec<String> = ignored.iter().take(KEPT_LINES).map(|l| quoted(l)).collect();
    format!(
        ": it sent {} on stdout instead (ignored before 'ready'; debug output belongs on stderr)",
        shown.join(", ")
    )
}

/// A line as the reason shows it: quoted, cut at 80 characters, control characters escaped.
fn quoted(line: &str) -> String {
    let cut: String = line.chars().take(80).collect();
    let more = if cut.len() < line.len() { "..." } else { "" };
    format!("'{}{more}'", escape_control(&cut))
}

#[cfg(test)]
mod tests {
    use super::diagnose;

    fn lines(l: &[&str]) -> Vec<String> {
        l.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn silence_asks_about_flushing() {
        assert!(diagnose(&[]).contains("wrote nothing on stdout: is its output flushed"));
    }

    #[test]
    fn a_uci_answer_is_named_as_such() {
        assert_eq!(
            diagnose(&lines(&["readyok"])),
            ": it sent 'readyok' (UCI's answer to 'isready', ignored; a baraza bot answers \
             the hello with 'ready')"
        );
        assert!(diagnose(&lines(&["= 2"])).contains("a GTP answer"));
    }

    #[test]
    fn debug_prints_are_quoted_escaped_and_cut() {
        let long = "x".repeat(100);
        let d = diagnose(&lines(&["Loading \x1b[1mnet", &long]));
        assert!(d.contains("'Loading \\x1b[1mnet'"), "{d}");
        assert!(d.contains(&format!("'{}...'", "x".repeat(80))), "{d}");
        assert!(d.ends_with("debug output belongs on stderr)"), "{d}");
    }
}
