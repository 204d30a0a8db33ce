//! Valid inputs the mutations start from: every ruleset's start and positions reached by
//! random legal play; the games.pgn and games.jsonl of short real tournaments of the built-in
//! bots (run once per test binary); event files, openings files, bot lines and referee
//! transcripts written as the docs describe them.

use crate::support::baraza;
use baraza::games::{self, RULESETS};
use baraza::protocol::{self, Go};
use baraza::rng::SplitMix64;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// Positions of every ruleset: the start, and every few plies of random games to their end
/// (the final, game-over position included).
pub fn positions() -> Arc<Vec<String>> {
    static P: OnceLock<Arc<Vec<String>>> = OnceLock::new();
    Arc::clone(P.get_or_init(|| {
        let mut out = Vec::new();
        for r in RULESETS {
            out.push(r.start.to_string());
            for seed in 0..4 {
                let mut rng = SplitMix64::new(seed * 7919 + 1);
                let mut pos = r.start_position();
                let mut ply = 0;
                loop {
                    let legal = pos.legal();
                    if legal.is_empty() || ply >= 400 {
                        out.push(pos.format());
                        break;
                    }
                    if ply % 9 == 4 {
                        out.push(pos.format());
                    }
                    let mv = &legal[rng.index(legal.len())];
                    pos.play(mv).expect("a listed move plays");
                    ply += 1;
                }
            }
        }
        Arc::new(out)
    }))
}

/// The legal tokens of a corpus position (empty when it is over).
pub fn legal_of(position: &str) -> Vec<String> {
    games::parse_position(position)
        .expect("corpus positions parse")
        .legal()
}

/// Words of the position strings and move tokens.
pub const POSITION_WORDS: &[&str] = &[
    "darra",
    "darra-2x12",
    "darra-2x16",
    "darra-2x18",
    "darra-2x7",
    "bao",
    "dara",
    "dara-niger",
    "H",
    "-",
    "HH",
    "--",
    "H-",
    "1",
    "2",
    "3",
    "A",
    "B",
    "a1",
    "d8",
    "<",
    ">",
    "+",
    "=",
    "1A",
    "6B",
    "9A",
    ".",
    "x",
    "o",
    "X",
    "O",
    "......",
    "a1-a2",
    "xb2",
];

/// The files of short real tournaments of the built-in bots: (games.pgn, games.jsonl) of each.
pub fn tournament_logs() -> &'static [(String, String)] {
    static L: OnceLock<Vec<(String, String)>> = OnceLock::new();
    L.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("baraza-fuzz-logs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let runs: &[(&str, &[&str])] = &[
            ("darra", &[]),
            ("darra-2x12", &["--random-opening-plies", "3"]),
            ("bao", &["--max-plies", "40"]),
            (
                "dara",
                &["--random-opening-plies", "2", "--max-plies", "80"],
            ),
            ("dara-niger", &["--max-plies", "30"]),
        ];
        let mut out = Vec::new();
        for (k, (ruleset, extra)) in runs.iter().enumerate() {
            let run = dir.join(format!("run{k}"));
            baraza()
                .args(["tournament", ruleset, "--quiet", "--rounds", "1"])
                .args(["--bot", "r=builtin:random", "--bot", "g=builtin:greedy"])
                .args(["--movetime", "2000", "--concurrency", "1"])
                .args(*extra)
                .arg("--out")
                .arg(&run)
                .assert()
                .success();
            let read = |f: &str| std::fs::read_to_string(run.join(f)).unwrap();
            out.push((read("games.pgn"), read("games.jsonl")));
        }
        let _ = std::fs::remove_dir_all(&dir);
        out
    })
}

pub fn pgn_logs() -> Arc<Vec<String>> {
    let logs = tournament_logs();
    let mut out: Vec<String> = logs.iter().map(|(p, _)| p.clone()).collect();
    // Several games of several rulesets in one file, as a log appended to for days is.
    out.push(logs.iter().map(|(p, _)| p.as_str()).collect());
    Arc::new(out)
}

pub fn jsonl_logs() -> Arc<Vec<String>> {
    Arc::new(tournament_logs().iter().map(|(_, j)| j.clone()).collect())
}

pub const PGN_WORDS: &[&str] = &[
    "[",
    "]",
    "[Event \"x\"]\n",
    "[SetUp \"1\"]\n",
    "[Position \"bao\"]\n",
    "[Result \"*\"]\n",
    "[Termination \"time forfeit\"]\n",
    "[PlyCount \"",
    "\"]",
    "{",
    "}",
    "{1ms}",
    "{0.5s}",
    "{12ms, info}",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "1.",
    "1...",
    "\\u{",
    "\\u{0}",
    "\\u{110000}",
    "\\u{d800}",
    "\\n",
    "\\q",
    "\\",
    "\n\n",
    "ms",
    "s",
];

pub const JSON_WORDS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "null",
    "true",
    "false",
    "\"\"",
    "\"",
    "\\u0000",
    "\\ud800",
    "\\uDFFF",
    "\\",
    "1e400",
    "-1",
    "1.5",
    "\"game_id\":\"x\",",
    "\"moves\":[]",
    "\"opening\":7",
    "\"result\":\"*\"",
    "\"termination\":\"crash\"",
    "\"baraza\":\"tournament\"",
    "\n",
];

pub const TOML_WORDS: &[&str] = &[
    "[[bot]]\n",
    "[bot]\n",
    "[sprt]\n",
    "=",
    "\"\"\"",
    "'''",
    "'",
    "\"",
    "inf",
    "nan",
    "-inf",
    "true",
    "1979-05-27T07:32:00Z",
    "[1, 2]",
    "{ a = 1 }",
    "rounds = ",
    "seed = ",
    "movetime = ",
    "tc = \"",
    "cmd = \"builtin:random\"\n",
    "name = \"a b\"\n",
    "builtin:",
    "builtin:greedy",
    "random-opening-plies = ",
    "openings = \"openings.txt\"\n",
    "openings-order = \"shuffled\"\n",
    "format = \"gauntlet\"\n",
    "concurrency = ",
    "max-plies = ",
    "sprt = \"elo0=0,elo1=10\"\n",
    "\\u0000",
    "\\U0010FFFF",
    "#",
    "\n",
];

/// A directory holding `openings.txt` (a few random-opening darra positions), the base of
/// the event files' relative paths.
pub fn event_dir() -> PathBuf {
    static D: OnceLock<PathBuf> = OnceLock::new();
    D.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("baraza-fuzz-event-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("openings.txt"), openings_files()[0].as_bytes()).unwrap();
        dir
    })
    .clone()
}

pub fn event_files() -> Arc<Vec<String>> {
    Arc::new(vec![
        "ruleset = \"darra\"\nformat = \"round-robin\"\nrounds = 10\nseed = 42\nmovetime = 100\n\
         margin = 50\nopenings = \"openings.txt\"\nopenings-order = \"shuffled\"\n\
         sprt = \"elo0=0,elo1=10,alpha=0.05,beta=0.05\"\n\n[[bot]]\nname = \"mine\"\n\
         cmd = \"python3 bots/python/my_bot.py\"\nmovetime = 200\n\n[[bot]]\nname = \"greedy\"\n\
         cmd = \"builtin:greedy\"\n"
            .to_string(),
        "ruleset = \"bao\"\nformat = \"gauntlet\"\nrounds = 3\nrandom-opening-plies = 4\n\
         max-plies = 200\ntc = \"10+0.1\"\nstartup-timeout = 5000\nconcurrency = 1\n\
         on-crash = \"abort\"\nno-reuse = true\ngrace = 500\nout = \"runs/t1\"\n\n[sprt]\n\
         elo0 = 0\nelo1 = 5\nalpha = 0.05\nbeta = 0.1\n\n[[bot]]\ncmd = \"builtin:random\"\n\
         tc = \"1+0.01\"\n\n[[bot]]\nname = \"g\"\ncmd = \"builtin:greedy\"\nmargin = 10\n"
            .to_string(),
        "ruleset = \"dara-niger\"\n[[bot]]\ncmd = \"builtin:random\"\n[[bot]]\n\
         cmd = \"./bots/x --depth 3\"\n[[bot]]\nname = \"z\"\ncmd = \"builtin:greedy\"\n"
            .to_string(),
    ])
}

/// Openings files: one position a line, `#` comments and blank lines.
pub fn openings_files() -> Arc<Vec<String>> {
    static O: OnceLock<Arc<Vec<String>>> = OnceLock::new();
    Arc::clone(O.get_or_init(|| {
        let mut out = Vec::new();
        for r in ["darra", "bao", "dara"] {
            let mut text = format!("# {r} openings\n\n");
            for seed in 0..5 {
                match baraza::tournament::plan::openings::random_opening(r, 3, seed) {
                    Ok(p) => text.push_str(&p),
                    Err(e) => panic!("{r}: {e}"),
                }
                text.push('\n');
            }
            out.push(text);
        }
        Arc::new(out)
    }))
}

/// Lines a bot sends.
pub fn bot_lines() -> Arc<Vec<String>> {
    let mut out: Vec<String> = [
        "id name Greedy Bot",
        "id author someone",
        "ready",
        "info depth 3 score 12",
        "move 1A",
        "move  b1-a1\r",
        "move\td4>+",
        "",
        "  ",
        "bestmove 6A",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for p in positions().iter().step_by(5) {
        for m in legal_of(p).iter().take(2) {
            out.push(format!("move {m}"));
        }
    }
    Arc::new(out)
}

/// `go` lines' arguments.
pub fn go_args() -> Arc<Vec<String>> {
    let go = |movetime| Go {
        p1time: 10_000,
        p2time: 9_500,
        p1inc: 100,
        p2inc: 0,
        movetime,
        nodes: None,
        depth: None,
    };
    let args = |g: &Go| protocol::go(g).trim_end()["go ".len()..].to_string();
    Arc::new(vec![args(&go(None)), args(&go(Some(250)))])
}

/// What the referee sends a built-in bot during a short game: the hello, a seed, a newgame,
/// two turns, gameover and quit.
pub fn transcripts() -> Arc<Vec<String>> {
    let mut out = Vec::new();
    for r in RULESETS.iter().step_by(2) {
        let mut pos = r.start_position();
        let mut t = protocol::hello(r.id);
        t.push_str(&protocol::newgame(1, r.start, Some(7)));
        let mut last: Option<String> = None;
        for ply in 0..3u64 {
            let legal = pos.legal();
            let go = Go {
                p1time: 1000 - ply,
                p2time: 1000,
                p1inc: 10,
                p2inc: 10,
                movetime: None,
                nodes: None,
                depth: None,
            };
            t.push_str(&protocol::turn(
                &pos.format(),
                last.as_deref(),
                &legal.join(" "),
                &go,
            ));
            let mv = legal[0].clone();
            pos.play(&mv).unwrap();
            last = Some(mv);
        }
        t.push_str(&protocol::gameover_and_quit("1/2-1/2", "adjudication"));
        out.push(t);
    }
    Arc::new(out)
}

pub const PROTOCOL_WORDS: &[&str] = &[
    "move",
    "move ",
    "info",
    "id",
    "ready",
    "baraza",
    "seed",
    "newgame",
    "position",
    "last",
    "legal",
    "go",
    "quit",
    "gameover",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movetime",
    "baraza 1 bao\n",
    "go p1time 1\n",
    "legal\n",
    "position dara\n",
    "newgame 3 x\n",
];

/// Time controls as `--tc` and the event files take them.
pub fn time_controls() -> Arc<Vec<String>> {
    Arc::new(
        [
            "10+0.1",
            "60+0",
            "0.5",
            ".1+.05",
            "2.25+1",
            "999999999.999+999999999.999",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    )
}
