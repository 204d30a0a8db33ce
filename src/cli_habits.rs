//! Habits from other arenas (cutechess-cli, fastchess): their option spellings and ours, in
//! one table that feeds both the "coming from" section of `match`/`tournament --help` and the
//! hint after a command-line error that used one of them. Without it `-engine cmd=...` fails
//! on `-e`, and `--games` in a tournament gets clap's tip to use `--grace`.

/// Which of our commands a hint is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum For {
    Match,
    Tournament,
}

/// (their spellings, ours in `match`, ours in `tournament`); `None`: no such thing there.
/// Every `--option` named on our side is one of that command's options (a test holds each
/// entry against `--help`).
pub const HABITS: &[(&[&str], Option<&str>, &str)] = &[
    (
        &["-engine", "--engine"],
        Some("two bots as arguments: baraza match RULESET BOT1 BOT2 (--name1/--name2 name them; --limits1/--limits2 tc=...,nodes=... give one its own limits)"),
        "--bot NAME=CMD, once per bot (CMD a command line or builtin:<name>)",
    ),
    (
        &["-each"],
        Some("--tc, --movetime, --nodes, --depth for both bots; --limits1/--limits2 KEY=VALUE,... for one"),
        "--tc BASE+INC or --movetime MS for every bot; per-bot limits (tc, nodes, depth, ...) go in the event file",
    ),
    (
        &["tc=BASE+INC", "-tc"],
        Some("--tc BASE+INC (seconds)"),
        "--tc BASE+INC (seconds)",
    ),
    (
        &["st=S"],
        Some("--movetime MS (milliseconds)"),
        "--movetime MS (milliseconds)",
    ),
    (
        &["nodes=N", "-nodes", "--nodes"],
        Some("--nodes N (sent to bots that ask for it: protocol.md)"),
        "nodes = N under a bot's [[bot]] in the event file (sent to bots that ask for it)",
    ),
    (
        &["depth=N", "plies=N", "-depth", "--depth"],
        Some("--depth N (sent to bots that ask for it: protocol.md)"),
        "depth = N under a bot's [[bot]] in the event file (sent to bots that ask for it)",
    ),
    (
        &["-games", "-rounds", "--games"],
        Some("--games N"),
        "--rounds N: each round, every pairing plays a game pair (both sides of one start)",
    ),
    (
        &["-repeat"],
        Some("game pairs are the default: games 1 and 2 (3 and 4, ...) share a start, sides swapped"),
        "game pairs are the default: both games of a pair start from the same position",
    ),
    (
        &["-pgnout", "--pgnout"],
        Some("--pgn FILE (and --jsonl FILE)"),
        "--out DIR: games.pgn and games.jsonl are written there",
    ),
    (
        &["-concurrency"],
        Some("--concurrency N"),
        "--concurrency N",
    ),
    (
        &["-openings", "--book"],
        Some("--openings FILE (one position string per line), or --start POSITION for one"),
        "--openings FILE (one position string per line) or --random-opening-plies N",
    ),
    (
        &["-draw"],
        Some("--adjudicate-draw movenumber=N,movecount=C,score=SCORE"),
        "--adjudicate-draw movenumber=N,movecount=C,score=SCORE",
    ),
    (
        &["-resign"],
        Some("--adjudicate-resign movecount=C,score=SCORE[,twosided=true]"),
        "--adjudicate-resign movecount=C,score=SCORE[,twosided=true]",
    ),
    (
        &["-sprt"],
        Some("--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 (stops the match when it decides)"),
        "--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05",
    ),
    (
        &["-ratinginterval"],
        Some("--report-every N"),
        "--report-every N",
    ),
    (
        &["-srand", "-seed"],
        Some("--seed N"),
        "--seed N",
    ),
    (
        &["-maxmoves"],
        Some("--max-plies N (plies: twice the moves)"),
        "--max-plies N (plies: twice the moves)",
    ),
    (
        &["-debug"],
        Some("--transcript DIR (every protocol line, timed)"),
        "--transcript DIR (every protocol line, timed)",
    ),
    (
        &["-event"],
        Some("--event NAME"),
        "--event NAME",
    ),
    (
        &["-site"],
        Some("--site NAME"),
        "--site NAME",
    ),
    (
        &["-use-affinity"],
        Some("--affinity"),
        "--affinity",
    ),
    (
        &["-config"],
        None,
        "--config FILE (an event file, TOML)",
    ),
    (
        &["-recover"],
        Some("a bot is restarted after a fault by default"),
        "a bot is restarted after a fault by default (--on-crash abort stops instead)",
    ),
];

/// The `--help` section: each habit on one line, `their spelling -> ours`.
pub fn help_section(command: For) -> String {
    let mut out = String::from("Coming from cutechess-cli or fastchess:\n");
    for (theirs, in_match, in_tournament) in HABITS {
        let ours = match command {
            For::Match => match in_match {
                Some(o) => *o,
                None => continue,
            },
            For::Tournament => in_tournament,
        };
        out.push_str(&format!("  {:<15} -> {ours}\n", theirs[0]));
    }
    out
}

/// What to say after a command line that failed to parse and used another arena's spelling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The word as given (`-engine`): the error names it whole, not as clap's `-e`.
    pub word: String,
    /// Their spelling and ours, one line.
    pub text: String,
}

/// The hint for a command line of `command` that failed to parse: the first of `args` spelled
/// as another arena spells it, with ours.
pub fn hint(command: For, args: &[String]) -> Option<Hint> {
    if let Some(h) = tournament_word_in_a_match(command, args) {
        return Some(h);
    }
    args.iter().find_map(|arg| {
        let word = arg.split('=').next().unwrap_or(arg);
        let (_, in_match, in_tournament) = HABITS.iter().find(|(theirs, in_match, _)| {
            // `--games`, `--nodes` and `--depth` are ours in `match`.
            let ours_in_match = ["--games", "--nodes", "--depth"].contains(&word);
            // `nodes=N` (a key of their `-each`) only as `nodes=...`, never a bare word.
            let theirs = theirs.iter().any(|t| {
                t.split('=').next() == Some(word) && (t.starts_with('-') || arg.contains('='))
            });
            theirs && !(command == For::Match && ours_in_match && in_match.is_some())
        })?;
        let ours = match command {
            For::Match => in_match.unwrap_or("not a match option: see baraza tournament --help"),
            For::Tournament => in_tournament,
        };
        let name = match command {
            For::Match => "match",
            For::Tournament => "tournament",
        };
        Some(Hint {
            word: word.to_string(),
            text: format!(
                "'{word}' is how cutechess-cli or fastchess spell it; here: {ours} (see baraza {name} --help)"
            ),
        })
    })
}

/// `match --rounds 4`: our own tournament's word, for which clap's look-alike tip would be
/// `--no-reuse`.
fn tournament_word_in_a_match(command: For, args: &[String]) -> Option<Hint> {
    let word = args
        .iter()
        .map(|a| a.split('=').next().unwrap_or(a))
        .find(|w| command == For::Match && *w == "--rounds")?;
    Some(Hint {
        word: word.to_string(),
        text: "'--rounds' is baraza tournament's option; a match plays --games N (games 1 and \
               2, 3 and 4, ... are pairs on one start; see baraza match --help)"
            .to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn adjudication_spellings_get_ours() {
        let h = hint(For::Match, &args(&["-draw", "movenumber=40"])).unwrap();
        assert_eq!(h.word, "-draw");
        assert!(
            h.text
                .contains("--adjudicate-draw movenumber=N,movecount=C,score=SCORE"),
            "{}",
            h.text
        );
        let h = hint(For::Tournament, &args(&["-resign", "movecount=3"])).unwrap();
        assert!(
            h.text.contains("--adjudicate-resign movecount=C"),
            "{}",
            h.text
        );
    }

    #[test]
    fn their_spellings_get_ours() {
        let h = hint(
            For::Tournament,
            &args(&["darra", "-engine", "cmd=./a", "name=a"]),
        )
        .unwrap();
        assert_eq!(h.word, "-engine");
        let h = h.text;
        assert!(h.starts_with("'-engine' is how cutechess-cli"), "{h}");
        assert!(h.contains("--bot NAME=CMD"), "{h}");
        let h = hint(For::Tournament, &args(&["--games", "10"]))
            .unwrap()
            .text;
        assert!(h.contains("--rounds N"), "{h}");
        let h = hint(For::Match, &args(&["-pgnout", "x.pgn"])).unwrap().text;
        assert!(h.contains("--pgn FILE"), "{h}");
        // `--games` is a match option: nothing to say there.
        assert_eq!(hint(For::Match, &args(&["--games", "x"])), None);
        assert_eq!(hint(For::Tournament, &args(&["--rounds", "x"])), None);
        let h = hint(For::Match, &args(&["a", "b", "--rounds", "4"])).unwrap();
        assert_eq!(h.word, "--rounds");
        assert!(h.text.contains("a match plays --games N"), "{}", h.text);
        assert_eq!(hint(For::Match, &args(&["--nodes", "9"])), None);
        let h = hint(For::Tournament, &args(&["--nodes", "9"]))
            .unwrap()
            .text;
        assert!(h.contains("nodes = N under a bot's [[bot]]"), "{h}");
        // Their `-each` keys: `depth=3` gets ours, a bare word (a bot's name) does not.
        let h = hint(For::Match, &args(&["a", "b", "depth=3"])).unwrap();
        assert_eq!(h.word, "depth");
        assert!(h.text.contains("--depth N"), "{}", h.text);
        assert_eq!(hint(For::Match, &args(&["st", "b"])), None);
    }

    #[test]
    fn the_help_section_lists_each_habit_once() {
        let t = help_section(For::Tournament);
        assert_eq!(t.lines().count(), 1 + HABITS.len());
        assert!(t.contains("-engine         -> --bot NAME=CMD"), "{t}");
        assert!(t.contains("  nodes=N         -> nodes = N under"), "{t}");
        let m = help_section(For::Match);
        assert!(m.contains("-sprt           -> --sprt "), "{m}");
        assert!(!m.contains("-config"), "{m}");
    }
}
