//! Lines other arenas' protocols (UCI, GTP, CECP/xboard) have a bot send, met where a baraza
//! bot must answer otherwise: a hint in words for the reason of the game it lost, e.g. for
//! `bestmove 6A` sent instead of a move. (What a bot sends instead of `ready` is diagnosed by
//! [`crate::bot::startup_diagnosis`].)

/// The hint for `line`, sent by a bot where the protocol asks for `move <token>`: starts with
/// ` (` and can follow the reason, or is empty when the line is no other protocol's.
pub fn move_hint(line: &str) -> String {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let answer = |what: &str, token: Option<&str>| match token {
        Some(t) => format!(" ({what}; a baraza bot answers 'go' with 'move {t}')"),
        None => format!(" ({what}; a baraza bot answers 'go' with 'move <token>')"),
    };
    match first {
        "bestmove" => answer("UCI's answer to 'go'", words.next()),
        // GTP: `= C3` or `=7 C3` answers `genmove`.
        w if w.starts_with('=') && w[1..].bytes().all(|b| b.is_ascii_digit()) => {
            answer("a GTP answer", words.next())
        }
        "readyok" => answer("UCI's answer to 'isready', which baraza never sends", None),
        "uciok" => answer("UCI's answer to 'uci', which baraza never sends", None),
        "feature" => answer("a CECP (xboard) greeting", None),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::move_hint;

    #[test]
    fn other_protocols_answers_get_the_baraza_form() {
        assert_eq!(
            move_hint("bestmove 6A ponder 1B"),
            " (UCI's answer to 'go'; a baraza bot answers 'go' with 'move 6A')"
        );
        assert_eq!(
            move_hint("= C3"),
            " (a GTP answer; a baraza bot answers 'go' with 'move C3')"
        );
        assert_eq!(
            move_hint("=12 b6>"),
            " (a GTP answer; a baraza bot answers 'go' with 'move b6>')"
        );
        assert_eq!(
            move_hint("readyok"),
            " (UCI's answer to 'isready', which baraza never sends; a baraza bot answers 'go' \
             with 'move <token>')"
        );
        assert!(move_hint("feature myname=x").contains("CECP"));
        assert_eq!(move_hint("moves 6A"), "");
        assert_eq!(move_hint("=x"), "");
        assert_eq!(move_hint(""), "");
    }
}
