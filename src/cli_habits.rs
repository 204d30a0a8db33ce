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
const HABITS: &[(&[&str], Option<&str>, &str)] = &[
    (
        &["-engine", "--engine"],
        Some("two bots as arguments: baraza match RULESET BOT1 BOT2 (--name1/--name2 name them)"),
        "--bot NAME=CMD, once per bot (CMD a command line or builtin:<name>)",
    ),
    (
        &["-each"],
        Some("--tc BASE+INC or --movetime MS apply to both bots"),
        "--tc BASE+INC or --movetime MS for every bot; per-bot limits go in the event file",
    ),
    (
        &["-tc"],
        Some("--tc BASE+INC (seconds)"),
        "--tc BASE+INC (seconds)",
    ),
    (
        &["-games", "-rounds", "--games"],
        Some("--games N"),
        "--rounds N: each round, every pairing plays a game pair (both sides of one start)",
    ),
    (
        &["-repeat"],
        None,
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
        None,
        "--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05",
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
        out.push_str(&format!("  {:<14} -> {ours}\n", theirs[0]));
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
    args.iter().find_map(|arg| {
        let word = arg.split('=').next().unwrap_or(arg);
        let (_, in_match, in_tournament) = HABITS.iter().find(|(theirs, in_match, _)| {
            // `--games` is ours in `match`.
            theirs.contains(&word) && !(command == For::Match && word == "--games" && in_match.is_some())
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
    }

    #[test]
    fn the_help_section_lists_each_habit_once() {
        let t = help_section(For::Tournament);
        assert_eq!(t.lines().count(), 1 + HABITS.len());
        assert!(t.contains("-engine        -> --bot NAME=CMD"), "{t}");
        let m = help_section(For::Match);
        assert!(!m.contains("-sprt"), "{m}");
    }
}
