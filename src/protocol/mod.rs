//! The bot protocol, version 1 (see `protocol.md`), both directions and both sides: the lines a
//! bot sends ([`BotMsg`], parsed by the referee) and the lines the referee sends (formatted
//! here for the referee, parsed by [`RefereeMsg::parse`] for the built-in bots and the person's
//! side of `baraza play`). Pure: no I/O, no knowledge of games beyond strings.

pub mod habits;

use crate::decimal::push_uint;

/// The protocol version the referee speaks.
pub const VERSION: u32 = 1;

/// Longest line a bot may send, in bytes, without its line ending.
pub const MAX_LINE: usize = 65_536;

/// The `id` lines of a handshake the referee takes (and `check-bot` quotes); later ones are
/// ignored, so a bot sending them without pause costs no memory.
pub const MAX_IDS: usize = 16;

/// One line received from a bot, classified by its first word; the words are borrowed from
/// the line (the referee reads every move into one reused buffer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotMsg<'a> {
    /// `id <key> <value...>`, e.g. `id name Greedy` (value may be empty).
    Id { key: &'a str, value: &'a str },
    /// `ready` (words after it are ignored, so a later version can add some).
    Ready,
    /// `info <text...>`: free text, logged.
    Info(&'a str),
    /// `move <token>`: exactly one token.
    Move(&'a str),
    /// A `move` line without exactly one token after it.
    BadMove(&'a str),
    /// `resign`: the bot gives the game up on its turn.
    Resign,
    /// An empty (or blank) line: ignored everywhere.
    Blank,
    /// Any other line, kept whole.
    Other(&'a str),
}

/// Classify one bot line (its line ending already removed; a trailing `\r` is dropped here).
/// Words are separated by spaces or tabs; leading and trailing blanks are ignored.
pub fn parse_bot_line(line: &str) -> BotMsg<'_> {
    // The line of nearly every turn, `move <token>` as a bot writes it, read in one pass over
    // its bytes; any other form (blanks around, a `\r`, more words) takes the general way.
    if let Some(token) = line.strip_prefix("move ") {
        let plain = |b: &u8| !matches!(b, b' ' | b'\t' | b'\r');
        if !token.is_empty() && token.as_bytes().iter().all(plain) {
            return BotMsg::Move(token);
        }
    }
    let line = line.strip_suffix('\r').unwrap_or(line);
    let trimmed = line.trim_matches(|c| c == ' ' || c == '\t');
    if trimmed.is_empty() {
        return BotMsg::Blank;
    }
    let (word, rest) = match trimmed.find([' ', '\t']) {
        Some(i) => (&trimmed[..i], trimmed[i..].trim_start_matches([' ', '\t'])),
        None => (trimmed, ""),
    };
    match word {
        "move" => {
            let mut tokens = rest.split([' ', '\t']).filter(|t| !t.is_empty());
            match (tokens.next(), tokens.next()) {
                (Some(tok), None) => BotMsg::Move(tok),
                _ => BotMsg::BadMove(trimmed),
            }
        }
        "info" => BotMsg::Info(rest),
        "ready" => BotMsg::Ready,
        "resign" => BotMsg::Resign,
        "id" => {
            let (key, value) = match rest.find([' ', '\t']) {
                Some(i) => (&rest[..i], rest[i..].trim_start_matches([' ', '\t'])),
                None => (rest, ""),
            };
            BotMsg::Id { key, value }
        }
        _ => BotMsg::Other(trimmed),
    }
}

/// The remaining times and increments sent with `go`, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub p1time: u64,
    pub p2time: u64,
    pub p1inc: u64,
    pub p2inc: u64,
    pub movetime: Option<u64>,
    /// A node budget for this move (`nodes N`), sent only to a bot that said `feature nodes`.
    pub nodes: Option<u64>,
    /// A depth limit for this move (`depth N`), sent only to a bot that said `feature depth`.
    pub depth: Option<u64>,
}

/// The message type of a bot's opt-in before `ready`: `feature nodes depth` asks for the
/// `nodes N` / `depth N` words of `go` (a bot that does not say so never gets them).
pub const FEATURE: &str = "feature";

/// Whether a bot's handshake lines, kept as (key, value) pairs with the `id` lines (a
/// `feature` line as `("feature", "nodes depth")`), opted in to `word`.
pub fn has_feature(ids: &[(String, String)], word: &str) -> bool {
    ids.iter()
        .filter(|(k, _)| k == FEATURE)
        .any(|(_, v)| v.split_ascii_whitespace().any(|w| w == word))
}

/// `baraza 1 <ruleset>`
pub fn hello(ruleset: &str) -> String {
    format!("baraza {VERSION} {ruleset}\n")
}

/// `newgame <player> <POSITION>`, after `seed <N>` when the game has a seed for this bot
/// (built-in bots only: see [`crate::referee::PlayerSetup::seed`]), in one write.
pub fn newgame(player: u8, position: &str, seed: Option<u64>) -> String {
    match seed {
        Some(n) => format!("seed {n}\nnewgame {player} {position}\n"),
        None => format!("newgame {player} {position}\n"),
    }
}

/// The four lines of one turn, in one string so they go out in one write:
/// `position`, `last`, `legal`, `go`. `legal` is the tokens separated by single spaces.
pub fn turn(position: &str, last: Option<&str>, legal: &str, go: &Go) -> String {
    let mut s = String::with_capacity(position.len() + legal.len() + 96);
    write_turn(&mut s, position, last, legal, go);
    s
}

/// [`turn`] into a reused buffer (cleared first): the referee's hot path.
pub fn write_turn(s: &mut String, position: &str, last: Option<&str>, legal: &str, go: &Go) {
    write_turn_before_go(s, position, last, legal);
    write_go(s, go);
}

/// [`write_turn`]'s lines before `go` (the buffer cleared first), for a caller that keeps its
/// `go` line ([`write_go`]) from turn to turn.
pub fn write_turn_before_go(s: &mut String, position: &str, last: Option<&str>, legal: &str) {
    s.clear();
    s.push_str("position ");
    s.push_str(position);
    s.push_str("\nlast ");
    s.push_str(last.unwrap_or("-"));
    s.push_str("\nlegal");
    if !legal.is_empty() {
        s.push(' ');
        s.push_str(legal);
    }
    s.push('\n');
}

/// [`go`] appended to `s`.
pub fn write_go(s: &mut String, go: &Go) {
    // Pushed piece by piece (no `write!`): this line goes out on every turn.
    for (name, ms) in [
        ("go p1time ", go.p1time),
        (" p2time ", go.p2time),
        (" p1inc ", go.p1inc),
        (" p2inc ", go.p2inc),
    ] {
        s.push_str(name);
        push_uint(s, ms);
    }
    for (name, value) in [
        (" movetime ", go.movetime),
        (" nodes ", go.nodes),
        (" depth ", go.depth),
    ] {
        if let Some(v) = value {
            s.push_str(name);
            push_uint(s, v);
        }
    }
    s.push('\n');
}

/// `go p1time <ms> p2time <ms> p1inc <ms> p2inc <ms> [movetime <ms>] [nodes <n>] [depth <n>]`
pub fn go(go: &Go) -> String {
    let mut s = String::with_capacity(80);
    write_go(&mut s, go);
    s
}

/// `gameover <result> <termination>`, alone: to a bot that is kept for the next game.
pub fn gameover(result: &str, termination: &str) -> String {
    format!("gameover {result} {termination}\n")
}

/// `quit`
pub const QUIT: &str = "quit\n";

/// `gameover <result> <termination>` followed by `quit`.
pub fn gameover_and_quit(result: &str, termination: &str) -> String {
    format!("gameover {result} {termination}\nquit\n")
}

/// One line received from the referee, as a bot reads it. A bot reads leniently, as
/// protocol.md asks: unknown message types and unknown `go` keys are skipped (a later version
/// may add some), so [`RefereeMsg::Other`] is to be ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefereeMsg<'a> {
    /// `baraza <version> <ruleset>`.
    Hello { version: &'a str, ruleset: &'a str },
    /// `seed <N>`: the seed of the next game (`None`: not a number).
    Seed(Option<u64>),
    /// `newgame <player> <POSITION>` (`player`: `None` unless 1 or 2).
    NewGame {
        player: Option<u8>,
        position: &'a str,
    },
    /// `position <POSITION>`.
    Position(&'a str),
    /// `last <move>`; `None` for `last -` (no move yet).
    Last(Option<&'a str>),
    /// `legal <move> <move> ...`: the tokens, space-separated.
    Legal(&'a str),
    /// `go ...`, read leniently ([`Go::read`]).
    Go(Go),
    /// `gameover <result> <termination>`.
    GameOver {
        result: &'a str,
        termination: &'a str,
    },
    /// `quit`.
    Quit,
    /// A blank line or a message type this version does not know.
    Other(&'a str),
}

impl<'a> RefereeMsg<'a> {
    /// Read one referee line (its line ending may still be there).
    pub fn parse(line: &'a str) -> RefereeMsg<'a> {
        let (kind, rest) = split_word(line);
        let (first, second) = split_word(rest);
        match kind {
            "baraza" => RefereeMsg::Hello {
                version: first,
                ruleset: second.split(' ').next().unwrap_or(""),
            },
            "seed" => RefereeMsg::Seed(rest.parse().ok()),
            "newgame" => RefereeMsg::NewGame {
                player: match first {
                    "1" => Some(1),
                    "2" => Some(2),
                    _ => None,
                },
                position: second,
            },
            "position" => RefereeMsg::Position(rest),
            "last" => RefereeMsg::Last(Some(rest).filter(|m| !m.is_empty() && *m != "-")),
            "legal" => RefereeMsg::Legal(rest),
            "go" => RefereeMsg::Go(Go::read(rest)),
            "gameover" => RefereeMsg::GameOver {
                result: first,
                termination: second,
            },
            "quit" => RefereeMsg::Quit,
            _ => RefereeMsg::Other(line),
        }
    }
}

impl Go {
    /// The words after `go`, as a bot reads them: `p1time <ms> p2time <ms> p1inc <ms> p2inc
    /// <ms> [movetime <ms>]`; unknown keys and bad numbers are skipped (the protocol can grow),
    /// a missing time reads 0.
    pub fn read(words: &str) -> Go {
        let mut go = Go {
            p1time: 0,
            p2time: 0,
            p1inc: 0,
            p2inc: 0,
            movetime: None,
            nodes: None,
            depth: None,
        };
        let mut it = words.split_ascii_whitespace();
        while let (Some(key), Some(val)) = (it.next(), it.next()) {
            let Ok(v) = val.parse::<u64>() else { continue };
            match key {
                "p1time" => go.p1time = v,
                "p2time" => go.p2time = v,
                "p1inc" => go.p1inc = v,
                "p2inc" => go.p2inc = v,
                "movetime" => go.movetime = Some(v),
                "nodes" => go.nodes = Some(v),
                "depth" => go.depth = Some(v),
                _ => {}
            }
        }
        go
    }
}

/// Split a line into its first word and the rest (line ending and outer blanks dropped).
fn split_word(line: &str) -> (&str, &str) {
    let line = line.strip_suffix('\r').unwrap_or(line).trim();
    match line.find(' ') {
        Some(i) => (&line[..i], line[i + 1..].trim_start()),
        None => (line, ""),
    }
}

/// Parse the arguments of a `go` line (`p1time 100 p2time 100 ...`); unknown keys are ignored.
pub fn parse_go(args: &str) -> Option<Go> {
    let mut go = Go {
        p1time: 0,
        p2time: 0,
        p1inc: 0,
        p2inc: 0,
        movetime: None,
        nodes: None,
        depth: None,
    };
    let mut seen = 0;
    let mut words = args.split_whitespace();
    while let Some(key) = words.next() {
        let value: u64 = words.next()?.parse().ok()?;
        match key {
            "p1time" => (go.p1time, seen) = (value, seen | 1),
            "p2time" => (go.p2time, seen) = (value, seen | 2),
            "p1inc" => (go.p1inc, seen) = (value, seen | 4),
            "p2inc" => (go.p2inc, seen) = (value, seen | 8),
            "movetime" => go.movetime = Some(value),
            "nodes" => go.nodes = Some(value),
            "depth" => go.depth = Some(value),
            _ => {}
        }
    }
    (seen == 15).then_some(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_bot_messages() {
        assert_eq!(parse_bot_line("ready"), BotMsg::Ready);
        assert_eq!(parse_bot_line("ready\r"), BotMsg::Ready);
        assert_eq!(parse_bot_line("  ready 1 "), BotMsg::Ready);
        assert_eq!(parse_bot_line("resign"), BotMsg::Resign);
        assert_eq!(parse_bot_line(" resign\r"), BotMsg::Resign);
        assert_eq!(parse_bot_line("move 6A"), BotMsg::Move("6A"));
        assert_eq!(parse_bot_line("move  b1-a1\r"), BotMsg::Move("b1-a1"));
        assert_eq!(parse_bot_line("move\t6A"), BotMsg::Move("6A"));
        assert_eq!(parse_bot_line("move 6A\r"), BotMsg::Move("6A"));
        assert_eq!(parse_bot_line("move 6A \t"), BotMsg::Move("6A"));
        assert_eq!(
            parse_bot_line("move 6A\t1B"),
            BotMsg::BadMove("move 6A\t1B")
        );
        assert_eq!(parse_bot_line("move \r"), BotMsg::BadMove("move"));
        assert_eq!(parse_bot_line("move"), BotMsg::BadMove("move"));
        assert_eq!(parse_bot_line("move 6A 1B"), BotMsg::BadMove("move 6A 1B"));
        assert_eq!(
            parse_bot_line("info depth 3 score 12"),
            BotMsg::Info("depth 3 score 12")
        );
        assert_eq!(parse_bot_line("info"), BotMsg::Info(""));
        assert_eq!(
            parse_bot_line("id name Greedy Bot"),
            BotMsg::Id {
                key: "name",
                value: "Greedy Bot"
            }
        );
        assert_eq!(
            parse_bot_line("id author"),
            BotMsg::Id {
                key: "author",
                value: ""
            }
        );
        assert_eq!(parse_bot_line(""), BotMsg::Blank);
        assert_eq!(parse_bot_line(" \r"), BotMsg::Blank);
        assert_eq!(parse_bot_line("bestmove 6A"), BotMsg::Other("bestmove 6A"));
        assert_eq!(parse_bot_line("moves 6A"), BotMsg::Other("moves 6A"));
        assert_eq!(parse_bot_line("readyok"), BotMsg::Other("readyok"));
    }

    #[test]
    fn formats_referee_messages() {
        assert_eq!(hello("darra"), "baraza 1 darra\n");
        assert_eq!(
            newgame(2, "dara ....../....../....../....../...... 1 12 12 0", None),
            "newgame 2 dara ....../....../....../....../...... 1 12 12 0\n"
        );
        assert_eq!(
            newgame(1, "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 0 0", Some(7)),
            "seed 7\nnewgame 1 darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 0 0\n"
        );
        let g = Go {
            p1time: 10_000,
            p2time: 9_500,
            p1inc: 100,
            p2inc: 100,
            movetime: None,
            nodes: None,
            depth: None,
        };
        assert_eq!(
            turn("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0", None, "1A 2A", &g),
            "position darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0\nlast -\nlegal 1A 2A\n\
             go p1time 10000 p2time 9500 p1inc 100 p2inc 100\n"
        );
        let g2 = Go {
            movetime: Some(250),
            ..g
        };
        assert_eq!(
            go(&g2),
            "go p1time 10000 p2time 9500 p1inc 100 p2inc 100 movetime 250\n"
        );
        assert_eq!(
            gameover_and_quit("1/2-1/2", "time forfeit"),
            "gameover 1/2-1/2 time forfeit\nquit\n"
        );
    }

    #[test]
    fn go_round_trips() {
        let g = Go {
            p1time: 1,
            p2time: 2,
            p1inc: 3,
            p2inc: 4,
            movetime: Some(5),
            nodes: None,
            depth: None,
        };
        let line = go(&g);
        let (word, rest) = split_word(line.trim_end());
        assert_eq!(word, "go");
        assert_eq!(parse_go(rest), Some(g));
        assert_eq!(parse_go("p1time 1 p2time 2 p1inc 3"), None);
        assert_eq!(parse_go("p1time x p2time 2 p1inc 3 p2inc 4"), None);
        assert_eq!(
            parse_go("p1time 1 p2time 2 p1inc 3 p2inc 4 future 9"),
            Some(Go {
                movetime: None,
                ..g
            })
        );
    }

    /// Every line the referee's writers produce parses back, as a bot reads it, to what was
    /// written.
    #[test]
    fn every_referee_line_parses_back_to_its_message() {
        let lines = |text: String| text.lines().map(str::to_string).collect::<Vec<_>>();
        let pos = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";
        assert_eq!(
            RefereeMsg::parse(&hello("darra-2x12")),
            RefereeMsg::Hello {
                version: "1",
                ruleset: "darra-2x12"
            }
        );
        let ng = lines(newgame(2, pos, Some(77)));
        assert_eq!(RefereeMsg::parse(&ng[0]), RefereeMsg::Seed(Some(77)));
        assert_eq!(
            RefereeMsg::parse(&ng[1]),
            RefereeMsg::NewGame {
                player: Some(2),
                position: pos
            }
        );
        for go in [
            Go {
                p1time: 9_500,
                p2time: 10_000,
                p1inc: 100,
                p2inc: 0,
                movetime: None,
                nodes: None,
                depth: None,
            },
            Go {
                p1time: 0,
                p2time: 0,
                p1inc: 0,
                p2inc: 0,
                movetime: Some(250),
                nodes: None,
                depth: None,
            },
        ] {
            for last in [None, Some("3B")] {
                let t = lines(turn(pos, last, "1A 6B", &go));
                assert_eq!(t.len(), 4);
                assert_eq!(RefereeMsg::parse(&t[0]), RefereeMsg::Position(pos));
                assert_eq!(RefereeMsg::parse(&t[1]), RefereeMsg::Last(last));
                assert_eq!(RefereeMsg::parse(&t[2]), RefereeMsg::Legal("1A 6B"));
                assert_eq!(RefereeMsg::parse(&t[3]), RefereeMsg::Go(go));
                // The strict reading (the referee's own tests) agrees.
                assert_eq!(parse_go(t[3].strip_prefix("go ").unwrap()), Some(go));
            }
        }
        let end = lines(gameover_and_quit("1-0", "time_forfeit"));
        assert_eq!(
            RefereeMsg::parse(&end[0]),
            RefereeMsg::GameOver {
                result: "1-0",
                termination: "time_forfeit"
            }
        );
        assert_eq!(RefereeMsg::parse(&end[1]), RefereeMsg::Quit);
        assert_eq!(RefereeMsg::parse(QUIT), RefereeMsg::Quit);
        // What a later version may add is skipped, not misread.
        assert_eq!(
            RefereeMsg::parse("ponder on"),
            RefereeMsg::Other("ponder on")
        );
        assert_eq!(
            RefereeMsg::parse("go p1time 5 future 9 p2time x p2inc 3"),
            RefereeMsg::Go(Go {
                p1time: 5,
                p2inc: 3,
                ..Go::default()
            })
        );
    }
}
