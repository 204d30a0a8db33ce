//! The schedule, openings and configuration: determinism, pairs and side swaps, game ids,
//! openings files (in order, shuffled, bad lines) and random plies, event files and the hash.

use baraza::bot::spec::default_bot_name;
use baraza::clock::GameClock;
use baraza::rng::SplitMix64;
use baraza::tournament::plan::config::*;
use baraza::tournament::plan::openings::{parse_openings, random_opening};
use baraza::tournament::plan::schedule::{pairings, schedule};
use std::collections::HashSet;
use std::path::Path;

use crate::support::temp_dir;

const DARRA_START: &str = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0";

/// An event of `ruleset` among the built-in bots `bots` (each `builtin:NAME`, named NAME).
pub(super) fn inputs(ruleset: &str, bots: &[&str]) -> EventInputs {
    EventInputs {
        ruleset: Some(ruleset.to_string()),
        bots: bots
            .iter()
            .map(|b| BotEntry {
                name: Some(b.to_string()),
                cmd: format!("builtin:{b}"),
                ..BotEntry::default()
            })
            .collect(),
        ..EventInputs::default()
    }
}

fn resolve(i: &EventInputs) -> TournamentConfig {
    i.resolve(2).expect("valid event").0
}

fn err(i: &EventInputs) -> String {
    format!("{:#}", i.resolve(2).expect_err("an invalid event"))
}

#[test]
fn splitmix64_reference_outputs() {
    // The published SplitMix64 from seed 0 starts 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4.
    let mut g = SplitMix64::new(0);
    assert_eq!(g.next_u64(), 0xe220_a839_7b1d_cdaf);
    assert_eq!(g.next_u64(), 0x6e78_9e6a_a1b9_65f4);
}

#[test]
fn round_robin_pairs_and_side_swaps() {
    assert_eq!(
        pairings(Format::RoundRobin, 4),
        vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    );
    let mut i = inputs("darra", &["a", "b", "c"]);
    i.rounds = Some(2);
    let games = schedule(&resolve(&i)).unwrap();
    // 3 pairings × 2 legs × 2 rounds.
    assert_eq!(games.len(), 12);
    let listed: Vec<(String, u32, u64, &str, &str)> = games
        .iter()
        .map(|g| {
            (
                g.game_id.clone(),
                g.round,
                g.pair,
                g.white_name.as_str(),
                g.black_name.as_str(),
            )
        })
        .collect();
    let expected = [
        ("r1-p1-a", 1, 1, "a", "b"),
        ("r1-p1-b", 1, 1, "b", "a"),
        ("r1-p2-a", 1, 2, "a", "c"),
        ("r1-p2-b", 1, 2, "c", "a"),
        ("r1-p3-a", 1, 3, "b", "c"),
        ("r1-p3-b", 1, 3, "c", "b"),
        ("r2-p1-a", 2, 4, "a", "b"),
        ("r2-p1-b", 2, 4, "b", "a"),
        ("r2-p2-a", 2, 5, "a", "c"),
        ("r2-p2-b", 2, 5, "c", "a"),
        ("r2-p3-a", 2, 6, "b", "c"),
        ("r2-p3-b", 2, 6, "c", "b"),
    ];
    for (got, want) in listed.iter().zip(expected) {
        assert_eq!((got.0.as_str(), got.1, got.2, got.3, got.4), want);
    }
    for (n, g) in games.iter().enumerate() {
        assert_eq!(g.game, n as u64 + 1);
        assert_eq!(g.start, DARRA_START);
        assert_eq!(g.opening, None);
    }
    // Every game has its own seed.
    let seeds: HashSet<u64> = games.iter().map(|g| g.seed).collect();
    assert_eq!(seeds.len(), games.len());
}

#[test]
fn gauntlet_pairs_the_first_bot_with_each_other() {
    assert_eq!(pairings(Format::Gauntlet, 4), vec![(0, 1), (0, 2), (0, 3)]);
    let mut i = inputs("dara", &["hero", "x", "y", "z"]);
    i.format = Some(Format::Gauntlet);
    let games = schedule(&resolve(&i)).unwrap();
    let sides: Vec<(&str, &str, &str)> = games
        .iter()
        .map(|g| {
            (
                g.game_id.as_str(),
                g.white_name.as_str(),
                g.black_name.as_str(),
            )
        })
        .collect();
    assert_eq!(
        sides,
        vec![
            ("r1-p1-a", "hero", "x"),
            ("r1-p1-b", "x", "hero"),
            ("r1-p2-a", "hero", "y"),
            ("r1-p2-b", "y", "hero"),
            ("r1-p3-a", "hero", "z"),
            ("r1-p3-b", "z", "hero"),
        ]
    );
    // Bot indices agree with the names.
    assert!(games.iter().all(|g| g.white == 0 || g.black == 0));
}

#[test]
fn schedule_is_a_pure_function_of_config_and_seed() {
    let mut i = inputs("dara", &["a", "b", "c"]);
    i.rounds = Some(3);
    i.random_opening_plies = Some(4);
    i.seed = Some(7);
    let one = schedule(&resolve(&i)).unwrap();
    let two = schedule(&resolve(&i)).unwrap();
    assert_eq!(one, two);
    // Another seed: the same ids and sides, other openings and game seeds.
    i.seed = Some(8);
    let other = schedule(&resolve(&i)).unwrap();
    let ids = |v: &[baraza::tournament::ScheduledGame]| {
        v.iter()
            .map(|g| (g.game_id.clone(), g.white, g.black))
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&one), ids(&other));
    assert_ne!(
        one.iter().map(|g| g.seed).collect::<Vec<_>>(),
        other.iter().map(|g| g.seed).collect::<Vec<_>>()
    );
    assert_ne!(
        one.iter().map(|g| &g.start).collect::<Vec<_>>(),
        other.iter().map(|g| &g.start).collect::<Vec<_>>()
    );
}

#[test]
fn both_games_of_a_pair_share_the_start_and_each_round_has_one() {
    let mut i = inputs("dara", &["a", "b", "c"]);
    i.rounds = Some(4);
    i.random_opening_plies = Some(6);
    let games = schedule(&resolve(&i)).unwrap();
    for pair in games.chunks(2) {
        assert_eq!(pair[0].pair, pair[1].pair);
        assert_eq!(pair[0].start, pair[1].start);
        assert_eq!(
            (pair[0].white, pair[0].black),
            (pair[1].black, pair[1].white)
        );
        assert_eq!((pair[0].leg, pair[1].leg), ('a', 'b'));
    }
    for round in games.chunks(6) {
        assert!(round.iter().all(|g| g.start == round[0].start));
    }
}

/// Every position reachable from `start` in exactly `plies` plies.
fn reachable(start: &str, plies: u32) -> HashSet<String> {
    let mut level = vec![baraza::games::parse_position(start).unwrap()];
    for _ in 0..plies {
        let mut next = Vec::new();
        for p in &level {
            for m in p.legal() {
                let mut q = p.clone();
                q.play(&m).unwrap();
                next.push(q);
            }
        }
        level = next;
    }
    level.iter().map(|p| p.format()).collect()
}

#[test]
fn random_openings_are_legal_plies_from_the_start() {
    let after_two = reachable(DARRA_START, 2);
    for seed in 0..20 {
        let p = random_opening("darra", 2, seed).unwrap();
        assert!(after_two.contains(&p), "{p} is not 2 plies from the start");
        assert_eq!(random_opening("darra", 2, seed).unwrap(), p);
    }
    // 0 plies is the start itself.
    assert_eq!(random_opening("darra", 0, 5).unwrap(), DARRA_START);
}

#[test]
fn random_openings_that_end_the_game_are_redrawn_and_impossible_ones_refused() {
    // 40 random plies of Dara: whatever is returned is still going (ended draws are redrawn).
    for seed in 0..5 {
        let p = random_opening("dara", 40, seed).unwrap();
        let pos = baraza::games::parse_position(&p).unwrap();
        assert!(!pos.status().is_over());
    }
    // No Darra game lasts 100 000 plies: a clear refusal rather than a hang.
    let e = random_opening("darra", 100_000, 1).unwrap_err().to_string();
    assert!(e.contains("--random-opening-plies 100000"), "{e}");
    assert!(e.contains("use fewer plies"), "{e}");
}

const OPENINGS: &str = "# three Darra openings\n\
darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0\n\
\n\
darra 5,4,4,4,4,4/4,4,4,4,4,3 1 0 0 - 0\n\
darra 4,4,4,4,4,5/3,4,4,4,4,4 1 0 0 - 0\n";

#[test]
fn openings_file_lines_are_checked_and_named() {
    let p = parse_openings(OPENINGS, "darra", "o.txt").unwrap();
    assert_eq!(p.len(), 3);
    // A bad line: the error names the file and the line (counting comments and blanks).
    let bad = format!("{OPENINGS}darra 4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0\n");
    let e = parse_openings(&bad, "darra", "o.txt")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("o.txt line 6: bad position"), "{e}");
    // A position of another ruleset.
    let e = parse_openings(
        "dara ....../....../....../....../...... 1 12 12 0\n",
        "darra",
        "o.txt",
    )
    .unwrap_err()
    .to_string();
    assert_eq!(e, "o.txt line 1: a 'dara' position, not a 'darra' one");
    // A finished game.
    let e = parse_openings(
        "\ndarra 0,0,0,0,0,0/0,1,0,0,2,1 2 20 24 2 0\n",
        "darra",
        "o.txt",
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with("o.txt line 2: the game is already over (0-1 end"),
        "{e}"
    );
    let e = parse_openings("# nothing\n\n", "darra", "o.txt")
        .unwrap_err()
        .to_string();
    assert!(e.contains("no positions"), "{e}");
}

fn write_openings(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("openings.txt");
    std::fs::write(&path, OPENINGS).unwrap();
    path
}

#[test]
fn openings_file_in_order_then_again_from_the_top() {
    let dir = temp_dir("openings-in-order");
    let mut i = inputs("darra", &["a", "b"]);
    i.openings = Some(write_openings(&dir));
    i.rounds = Some(5);
    let games = schedule(&resolve(&i)).unwrap();
    // One opening per round: lines 0, 1, 2, then 0, 1 again.
    let used: Vec<Option<usize>> = games.iter().step_by(2).map(|g| g.opening).collect();
    assert_eq!(used, vec![Some(0), Some(1), Some(2), Some(0), Some(1)]);
    assert_eq!(games[2].start, "darra 5,4,4,4,4,4/4,4,4,4,4,3 1 0 0 - 0");
}

#[test]
fn openings_file_shuffled_with_the_seed() {
    let dir = temp_dir("openings-shuffled");
    let mut i = inputs("darra", &["a", "b"]);
    i.openings = Some(write_openings(&dir));
    i.openings_order = Some(OpeningOrder::Shuffled);
    i.rounds = Some(6);
    let order = |seed: u64| {
        let mut i = i.clone();
        i.seed = Some(seed);
        schedule(&resolve(&i))
            .unwrap()
            .iter()
            .step_by(2)
            .map(|g| g.opening.unwrap())
            .collect::<Vec<_>>()
    };
    for seed in 1..10 {
        let o = order(seed);
        // One permutation of the three lines, repeated.
        let mut first: Vec<usize> = o[..3].to_vec();
        assert_eq!(&o[3..], &first[..]);
        first.sort();
        assert_eq!(first, vec![0, 1, 2]);
        assert_eq!(order(seed), o);
    }
    // Some seed gives an order other than the file's.
    assert!((1..10).any(|s| order(s)[..3] != [0, 1, 2]));
}

#[test]
fn schedule_draws_stay_what_earlier_versions_drew() {
    // Recomputed with an independent Python transcription of splitmix64.c, derive_seed and
    // Fisher-Yates by rejection `below`: a run started by an earlier version resumes with the
    // same openings order. Game seeds are the top 53 bits of the earlier draws (`>> 11`, so
    // that every JSON reader reads them exactly): 14513410902324051288 >> 11 and so on.
    let dir = temp_dir("openings-compat");
    let mut i = inputs("darra", &["a", "b"]);
    i.openings = Some(write_openings(&dir));
    i.openings_order = Some(OpeningOrder::Shuffled);
    i.rounds = Some(3);
    for (seed, order, game_seeds) in [
        (
            1,
            [1, 2, 0],
            [14513410902324051288u64, 15628180354653459844],
        ),
        (3, [2, 0, 1], [5606110370014527352, 8546757668920376549]),
        (42, [0, 2, 1], [5468919688325216913, 7503410920441807372]),
    ] {
        i.seed = Some(seed);
        let games = schedule(&resolve(&i)).unwrap();
        let used: Vec<usize> = games
            .iter()
            .step_by(2)
            .map(|g| g.opening.unwrap())
            .collect();
        assert_eq!(used, order, "seed {seed}");
        assert_eq!(
            [games[0].seed, games[1].seed],
            game_seeds.map(|s| s >> 11),
            "seed {seed}"
        );
    }
}

#[test]
fn event_file_with_per_bot_overrides() {
    let dir = temp_dir("event-file");
    write_openings(&dir);
    let toml = r#"
ruleset = "darra"
format = "gauntlet"
rounds = 3
seed = 42
movetime = 100
margin = 20
openings = "openings.txt"
openings-order = "shuffled"
sprt = { elo0 = 0, elo1 = 5 }
on-crash = "abort"
no-reuse = true

[[bot]]
name = "mine"
cmd = "python3 bots/python/my_bot.py"
tc = "10+0.1"
startup-timeout = 20000

[[bot]]
cmd = "builtin:greedy"
"#;
    let file = EventInputs::from_toml(toml, &dir).unwrap();
    let (c, run) = file.resolve(2).unwrap();
    assert_eq!(c.format, Format::Gauntlet);
    assert_eq!((c.rounds, c.seed), (3, 42));
    assert_eq!(c.bots[0].name, "mine");
    assert_eq!(
        c.bots[0].limits,
        Limits {
            startup_timeout_ms: 20000,
            movetime_ms: None,
            tc: Some("10+0.1".parse().unwrap()),
            margin_ms: 20,
            nodes: None,
            depth: None,
        }
    );
    assert_eq!(c.bots[1].name, "greedy");
    assert_eq!(
        c.bots[1].limits,
        Limits {
            startup_timeout_ms: DEFAULT_STARTUP_TIMEOUT_MS,
            movetime_ms: Some(100),
            tc: None,
            margin_ms: 20,
            nodes: None,
            depth: None,
        }
    );
    // The openings path is taken from the file's directory.
    match &c.openings {
        Openings::File {
            path,
            order,
            positions,
        } => {
            assert_eq!(path, &dir.join("openings.txt"));
            assert_eq!(*order, OpeningOrder::Shuffled);
            assert_eq!(positions.len(), 3);
        }
        other => panic!("{other:?}"),
    }
    let sprt = c.sprt.unwrap();
    assert_eq!(
        (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
        (0.0, 5.0, 0.05, 0.05)
    );
    assert_eq!(run.concurrency, 2);
    assert_eq!((run.on_crash, run.reuse), (OnCrash::Abort, false));
    // Neither said: crashes forfeit, processes are kept.
    let (_, run) = inputs("darra", &["a", "b"]).resolve(2).unwrap();
    assert_eq!((run.on_crash, run.reuse), (OnCrash::Forfeit, true));

    // The command line overrides the file and adds its bots.
    let mut cli = inputs("darra", &["random"]);
    cli.rounds = Some(1);
    cli.sprt = None;
    cli.random_opening_plies = Some(2);
    cli.movetime = Some(50);
    cli.on_crash = Some(OnCrash::Forfeit);
    let merged = EventInputs::from_toml(toml, &dir).unwrap().overlay(cli);
    assert_eq!(merged.rounds, Some(1));
    assert_eq!(merged.on_crash, Some(OnCrash::Forfeit));
    assert_eq!(merged.no_reuse, Some(true), "kept from the file");
    assert_eq!(merged.openings, None);
    assert_eq!(merged.bots.len(), 3);
    let e = format!("{:#}", merged.resolve(2).unwrap_err());
    assert!(e.contains("--sprt needs exactly two bots (found 3)"), "{e}");
}

#[test]
fn event_file_errors_are_readable() {
    let e = EventInputs::from_toml("rounds = 2\nroundz = 3\n", Path::new("."))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("line 2: unknown field `roundz`"), "{e}");
    assert!(!e.contains('\n'));
    let e = EventInputs::from_toml("format = \"swiss\"\n", Path::new("."))
        .unwrap_err()
        .to_string();
    assert!(e.contains("swiss"), "{e}");
}

#[test]
fn invalid_events_are_refused() {
    assert!(err(&inputs("darra", &["a"])).contains("at least two bots (found 1)"));
    assert!(err(&inputs("chess", &["a", "b"])).contains("unknown ruleset 'chess'"));
    assert!(err(&inputs("darra", &["a", "a"])).contains("two bots are named 'a'"));
    let mut i = inputs("darra", &["a", "b"]);
    i.rounds = Some(0);
    assert!(err(&i).contains("--rounds must be at least 1"));
    // A time control is checked where it enters: the command line's value, the event file.
    for bad in ["ten", "0+1", "1e3", "10+0.0001", "+1", "10+", " 10"] {
        let e = bad.parse::<GameClock>().unwrap_err().to_string();
        assert!(e.contains(&format!("bad time control '{bad}'")), "{bad}");
        let e = EventInputs::from_toml(&format!("tc = \"{bad}\"\n"), Path::new("."))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("line 1: "), "{e}");
        assert!(e.contains(&format!("bad time control '{bad}'")), "{e}");
    }
    for good in ["10", "10+0.1", ".5+0", "60+0", "0.001+.25"] {
        let mut i = inputs("darra", &["a", "b"]);
        i.tc = Some(good.parse().unwrap());
        assert!(i.resolve(2).is_ok(), "{good}");
    }
    let mut i = inputs("darra", &["a", "b"]);
    i.concurrency = Some(3);
    assert!(err(&i).contains("--concurrency 3 is more than the 2 cores here"));
    i.force = true;
    assert_eq!(i.resolve(2).unwrap().1.concurrency, 3);
    let mut i = inputs("darra", &["a", "b"]);
    i.concurrency = Some(0);
    assert!(err(&i).contains("--concurrency must be at least 1"));
    let mut i = inputs("darra", &["a", "b"]);
    i.openings_order = Some(OpeningOrder::Shuffled);
    assert!(err(&i).contains("--openings-order needs --openings FILE"));
}

#[test]
fn bot_arguments_and_default_names() {
    assert_eq!(
        parse_bot_arg("mine=python3 bot.py"),
        (Some("mine".into()), "python3 bot.py".into())
    );
    assert_eq!(
        parse_bot_arg("python3 bot.py --level=3"),
        (None, "python3 bot.py --level=3".into())
    );
    assert_eq!(default_bot_name("builtin:greedy"), "greedy");
    assert_eq!(
        default_bot_name("python3 bots/python/random_bot.py"),
        "random_bot"
    );
    assert_eq!(default_bot_name("./target/release/mybot --fast"), "mybot");
    assert_eq!(default_bot_name("node bot.js"), "bot");
}

#[test]
fn config_hash_is_the_sha256_of_the_canonical_event() {
    let mut i = inputs("darra", &["a", "b"]);
    i.seed = Some(3);
    let c = resolve(&i);
    let json = serde_json::to_string(&c.canonical()).unwrap();
    // The canonical JSON, field by field in declaration order.
    assert_eq!(
        json,
        r#"{"ruleset":"darra","format":"round-robin","rounds":1,"seed":3,"bots":[{"name":"a","command":"builtin:a","limits":{"startup_timeout_ms":10000,"movetime_ms":null,"tc":null,"margin_ms":50}},{"name":"b","command":"builtin:b","limits":{"startup_timeout_ms":10000,"movetime_ms":null,"tc":null,"margin_ms":50}}],"openings":{"kind":"standard"},"max_plies":null}"#
    );
    assert_eq!(c.hash(), sha256_hex(json.as_bytes()));
    // SHA-256 itself: the FIPS 180-2 example "abc".
    assert_eq!(
        sha256_hex(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    // Run options and the SPRT do not change it; the event does.
    let mut j = i.clone();
    j.concurrency = Some(1);
    j.out = Some("elsewhere".into());
    j.sprt = Some(SprtSpec::Text("elo1=5".into()));
    assert_eq!(resolve(&j).hash(), c.hash());
    let mut k = i.clone();
    k.rounds = Some(2);
    assert_ne!(resolve(&k).hash(), c.hash());
}

#[test]
fn a_level_that_sets_the_clock_sets_it_whole() {
    let toml = r#"
ruleset = "dara"
movetime = 100
tc = "60+1"

[[bot]]
name = "capped"
cmd = "builtin:random"

[[bot]]
name = "clock-only"
cmd = "builtin:random"
tc = "10+0.1"

[[bot]]
name = "slow-start"
cmd = "builtin:greedy"
startup-timeout = 30000
"#;
    let file = || EventInputs::from_toml(toml, Path::new(".")).unwrap();
    let (c, run) = file().resolve(2).unwrap();
    let clock = |b: &BotConfig| {
        (
            b.limits.movetime_ms,
            b.limits.tc.as_ref().map(|t| t.to_string()),
        )
    };
    // Both at one level: a 60+1 clock with every move capped at 100 ms, as `baraza match`.
    assert_eq!(clock(&c.bots[0]), (Some(100), Some("60+1".into())));
    // The bot's own tc replaces the whole inherited clock.
    assert_eq!(clock(&c.bots[1]), (None, Some("10+0.1".into())));
    // Startup alone leaves the clock inherited.
    assert_eq!(clock(&c.bots[2]), (Some(100), Some("60+1".into())));
    assert_eq!(c.bots[2].limits.startup_timeout_ms, 30000);
    assert_eq!(run.grace_ms, DEFAULT_GRACE_MS);
    // --movetime on the command line replaces the file's clock; --margin adds to it.
    let cli = EventInputs {
        movetime: Some(20),
        margin: Some(5),
        ..EventInputs::default()
    };
    let (c, _) = file().overlay(cli).resolve(2).unwrap();
    assert_eq!(clock(&c.bots[0]), (Some(20), None));
    assert_eq!(clock(&c.bots[1]), (None, Some("10+0.1".into())));
    assert!(c.bots.iter().all(|b| b.limits.margin_ms == 5));
}

#[test]
fn the_event_file_of_the_docs_is_valid() {
    // docs/tournament.md shows an event file with every key: it must stay one this build reads.
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tournament.md"))
        .unwrap();
    let start = doc.find("```toml\n").expect("a toml block") + "```toml\n".len();
    let toml = &doc[start..start + doc[start..].find("```").unwrap()];
    let (c, run) = EventInputs::from_toml(toml, Path::new("."))
        .unwrap()
        .resolve(2)
        .unwrap();
    assert_eq!((c.ruleset.as_str(), c.rounds, c.seed), ("darra", 50, 7));
    let names: Vec<&str> = c.bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["mine", "greedy", "random"]);
    assert_eq!(c.bots[0].limits.startup_timeout_ms, 20000);
    assert_eq!(c.bots[1].limits.movetime_ms, Some(100));
    assert_eq!(
        c.bots[1].limits.tc, None,
        "a bot's movetime replaces the clock"
    );
    assert_eq!(
        c.bots[2].limits.tc.as_ref().map(|t| t.as_str()),
        Some("10+0.1")
    );
    assert_eq!(
        (run.on_crash, run.reuse, run.concurrency),
        (OnCrash::Forfeit, true, 2)
    );
}

#[test]
fn the_hosted_event_of_the_docs_carries_its_hosting() {
    // docs/tournament.md walks a host through an event whose file holds the hosting set-up.
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tournament.md"))
        .unwrap();
    let walk = &doc[doc.find("## A hosted event").expect("the walk-through")..];
    let start = walk.find("```toml\n").expect("a toml block") + "```toml\n".len();
    let toml = &walk[start..start + walk[start..].find("```").unwrap()];
    let (c, _) = EventInputs::from_toml(toml, Path::new("."))
        .unwrap()
        .resolve(2)
        .unwrap();
    let memory: Vec<Option<u64>> = c.bots.iter().map(|b| b.host.memory).collect();
    assert_eq!(memory, [Some(512), Some(1024), Some(512)]);
    assert!(c.bots.iter().all(|b| b.host.sandbox == Some(true)
        && b.host.send_seed == Some(true)
        && b.host.workdir.as_deref() == Some(Path::new("/srv/baraza-work"))));
}
