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
    let err = refused(&["match", "darra", "a", "b", "-pgnout", "x.pgn"], 2);
    assert!(err.contains("--pgn FILE"), "{err}");
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
        ("match", "-pgnout        -> --pgn FILE"),
        ("tournament", "-engine        -> --bot NAME=CMD"),
        ("tournament", "-concurrency   -> --concurrency N"),
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
