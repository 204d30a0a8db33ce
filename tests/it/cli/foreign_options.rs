//! Other arenas' spellings (cutechess-cli, fastchess) on our command line: the error points at
//! ours instead of clap's look-alike tip, and `--help` lists the mapping.

use crate::support::{baraza, refused};

#[test]
fn foreign_spellings_get_ours_not_a_look_alike() {
    let err = refused(&["tournament", "darra", "-engine", "cmd=./a", "name=a"], 2);
    assert!(
        err.contains("hint: '-engine' is how cutechess-cli or fastchess spell it"),
        "{err}"
    );
    assert!(err.contains("--bot NAME=CMD"), "{err}");
    let err = refused(
        &[
            "tournament",
            "darra",
            "--bot",
            "a=builtin:random",
            "--games",
            "4",
        ],
        2,
    );
    assert!(err.contains("--rounds N"), "{err}");
    // clap alone would suggest `--grace` for `--games`.
    assert!(!err.contains("--grace"), "{err}");
    assert!(!err.contains("tip:"), "{err}");
    // fastchess's per-engine `tc=` has its own options in a match.
    let err = refused(&["match", "darra", "-engine", "cmd=./a", "tc=5+0.1"], 2);
    assert!(
        err.contains("--limits1/--limits2 tc=...,nodes=... give one its own limits"),
        "{err}"
    );
    let err = refused(&["match", "darra", "a", "b", "-pgnout", "x.pgn"], 2);
    assert!(err.contains("--pgn FILE"), "{err}");
    // Our tournament's --rounds in a match: --games, not clap's look-alike `--no-reuse`.
    let err = refused(&["match", "darra", "a", "b", "--rounds", "4"], 2);
    assert!(err.contains("a match plays --games N"), "{err}");
    assert!(!err.contains("--no-reuse"), "{err}");
    // An ordinary mistake keeps clap's own message.
    let err = refused(&["match", "darra", "a", "b", "--gmaes", "3"], 2);
    assert!(
        err.contains("tip: a similar argument exists: '--games'"),
        "{err}"
    );
}

#[test]
fn help_maps_their_options_to_ours() {
    for (cmd, line) in [
        ("match", "-pgnout         -> --pgn FILE"),
        ("tournament", "-engine         -> --bot NAME=CMD"),
        ("tournament", "-concurrency    -> --concurrency N"),
        // cutechess's -openings is our --openings FILE (not --start); match has --sprt.
        ("match", "-openings       -> --openings FILE"),
        ("match", "-sprt           -> --sprt elo0="),
        (
            "match",
            "-each           -> --tc, --movetime, --nodes, --depth for both bots",
        ),
        ("match", "nodes=N         -> --nodes N"),
    ] {
        let out = baraza().args([cmd, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(
            help.contains("Coming from cutechess-cli or fastchess:"),
            "{cmd}"
        );
        assert!(help.contains(line), "{cmd}: {line}");
    }
}

/// Every entry of the table, every spelling, in both commands: the error names it whole and
/// gives ours, and every `--option` ours names is one of that command's options.
#[test]
fn every_habit_gets_its_hint_and_names_real_options() {
    use baraza::cli_habits::HABITS;
    let help = |cmd: &str| {
        let out = baraza().args([cmd, "--help"]).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let helps = [("match", help("match")), ("tournament", help("tournament"))];
    for (theirs, in_match, in_tournament) in HABITS {
        for (cmd, help) in &helps {
            let ours = match *cmd {
                "match" => *in_match,
                _ => Some(*in_tournament),
            };
            for word in theirs.iter() {
                // Our own options in `match`: accepted, no hint.
                if *cmd == "match" && ["--games", "--nodes", "--depth"].contains(word) {
                    continue;
                }
                let args: Vec<&str> = match *cmd {
                    "match" => vec![
                        "match",
                        "darra",
                        "builtin:random",
                        "builtin:random",
                        word,
                        "5",
                    ],
                    _ => vec![
                        "tournament",
                        "darra",
                        "--bot",
                        "a=builtin:random",
                        word,
                        "5",
                    ],
                };
                let err = refused(&args, 2);
                // `nodes=N` is named by its key, as the user wrote `nodes=5`.
                let word = word.split('=').next().unwrap();
                let want =
                    format!("hint: '{word}' is how cutechess-cli or fastchess spell it; here: ");
                assert!(err.contains(&want), "{cmd} {word}: {err}");
                match ours {
                    Some(ours) => assert!(err.contains(ours), "{cmd} {word}: {err}"),
                    None => assert!(err.contains("not a match option"), "{cmd} {word}: {err}"),
                }
            }
            // Each option of ours is real: listed in the command's --help.
            let Some(ours) = ours else { continue };
            for opt in ours
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .filter(|w| w.starts_with("--"))
            {
                assert!(
                    help.contains(&format!("{opt} ")) || help.contains(&format!("{opt}\n")),
                    "{cmd}: '{opt}' (for {}) is not in --help",
                    theirs[0]
                );
            }
        }
    }
}
