//! The bot's `info` lines shown to the person: a searching bot sends one per depth, and only
//! the last says what it decided.

/// The lines of the info log's new text to show: the last one, or all with `verbose`. Each
/// log line is `<ply> <text>`; the ply is the referee's bookkeeping and is left out.
pub fn to_show(new_text: &str, verbose: bool) -> Vec<&str> {
    let mut lines = new_text
        .lines()
        .map(|l| l.split_once(' ').map_or(l, |(_, t)| t));
    if verbose {
        lines.collect()
    } else {
        lines.next_back().into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_last_line_unless_verbose() {
        let log = "3 depth 1 score 4\n3 depth 2 score -1\n3 depth 3 score 2\n";
        assert_eq!(to_show(log, false), ["depth 3 score 2"]);
        assert_eq!(
            to_show(log, true),
            ["depth 1 score 4", "depth 2 score -1", "depth 3 score 2"]
        );
        assert!(to_show("", false).is_empty());
    }
}
