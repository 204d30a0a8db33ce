//! Lines other arenas' protocols (UCI, GTP, CECP/xboard) have a bot send, met where a baraza
//! bot must send something else: one table, and a hint in words at every point the referee can
//! meet one: instead of `ready` ([`ready_hint`], used by [`crate::bot::startup_diagnosis`]), and
//! instead of `move <token>`, before or at a turn or between games ([`move_hint`]).

/// What `line` is in another protocol, and the move it names, if any: `bestmove 6A` is UCI's
/// answer to `go` naming `6A`.
fn other_protocol(line: &str) -> Option<(&'static str, Option<&str>)> {
    let mut words = line.split_whitespace();
    let first = words.next()?;
    let digits = |w: &str| w.bytes().all(|b| b.is_ascii_digit());
    let what = match first {
        "bestmove" => return Some(("UCI's answer to 'go'", words.next())),
        // GTP: `= C3` or `=7 C3` answers `genmove`; `? msg` is its error answer.
        w if w.starts_with('=') && digits(&w[1..]) => {
            return Some(("a GTP answer", words.next()));
        }
        w if w.starts_with('?') && digits(&w[1..]) => "a GTP error answer",
        "readyok" => "UCI's answer to 'isready'",
        "uciok" => "UCI's answer to 'uci'",
        "feature" => "a CECP (xboard) greeting",
        "pong" => "a CECP (xboard) answer to 'ping'",
        "ok" => "not a baraza message",
        _ => return None,
    };
    Some((what, None))
}

/// The hint for `line`, sent by a bot where the protocol asks for `move <token>` (as its
/// answer, before its turn, or between games): starts with ` (` and can follow the reason, or
/// is empty when the line is no other protocol's.
pub fn move_hint(line: &str) -> String {
    let Some((what, token)) = other_protocol(line) else {
        return String::new();
    };
    // UCI's handshake answers, to questions baraza does not ask.
    let never = match line.split_whitespace().next() {
        Some("readyok" | "uciok") => ", which baraza never sends",
        _ => "",
    };
    let token = token.unwrap_or("<token>");
    format!(" ({what}{never}; a baraza bot answers 'go' with 'move {token}')")
}

/// The hint for `line`, sent by a bot as its answer to `go`: [`move_hint`] for another
/// protocol's line; else, unless it looks like a mistyped move (its first word `move` in any
/// case), the words a debug print before `ready` gets. Starts with ` (` or is empty.
pub fn answer_hint(line: &str) -> String {
    let hint = move_hint(line);
    let first = line.split_whitespace().next().unwrap_or("");
    if !hint.is_empty() || first.eq_ignore_ascii_case("move") {
        return hint;
    }
    " (debug output belongs on stderr: at its turn a bot writes only 'info' lines and its \
     'move' on stdout)"
        .to_string()
}

/// The hint for `line`, sent by a bot in place of `ready` (ignored there): starts with ` (`,
/// or is empty when the line is no other protocol's.
pub fn ready_hint(line: &str) -> String {
    match other_protocol(line) {
        Some((what, _)) => {
            format!(" ({what}, ignored; a baraza bot answers the hello with 'ready')")
        }
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::{answer_hint, move_hint, ready_hint};

    #[test]
    fn a_debug_print_at_a_turn_is_sent_to_stderr() {
        assert_eq!(
            answer_hint("searching depth 3"),
            " (debug output belongs on stderr: at its turn a bot writes only 'info' lines and \
             its 'move' on stdout)"
        );
        assert_eq!(answer_hint("bestmove 6A"), move_hint("bestmove 6A"));
        assert_eq!(answer_hint("Move 6A"), "");
    }

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
        assert_eq!(
            move_hint("? illegal move"),
            " (a GTP error answer; a baraza bot answers 'go' with 'move <token>')"
        );
        assert!(move_hint("feature myname=x").contains("CECP"));
        assert!(move_hint("pong 3").contains("CECP (xboard) answer to 'ping'"));
        assert_eq!(move_hint("moves 6A"), "");
        assert_eq!(move_hint("=x"), "");
        assert_eq!(move_hint(""), "");
    }

    #[test]
    fn the_same_table_answers_in_place_of_ready() {
        assert_eq!(
            ready_hint("readyok"),
            " (UCI's answer to 'isready', ignored; a baraza bot answers the hello with 'ready')"
        );
        assert_eq!(
            ready_hint("bestmove 6A"),
            " (UCI's answer to 'go', ignored; a baraza bot answers the hello with 'ready')"
        );
        assert_eq!(
            ready_hint("= 2"),
            " (a GTP answer, ignored; a baraza bot answers the hello with 'ready')"
        );
        assert_eq!(ready_hint("Loading net"), "");
    }
}
