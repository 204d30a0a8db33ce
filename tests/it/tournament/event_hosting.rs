//! The event file's hosting keys (`env`, `memory`, `send-seed`, `ponder`, `workdir`, ...) at
//! the top level and per bot, with real bots that report what they were given: the command
//! line overrides the top-level keys, a bot's own keys override both; what changes play is in
//! the header and the config hash (a resume with other limits is refused), what does not
//! (working directories, transcripts) leaves a resume alone.

use crate::support::{
    baraza, event_tournament, read_jsonl, temp_dir, text, FIRST_BOT, RANDOM_BOT_PY, REPORTS_BOT,
};
use std::path::Path;

/// `baraza tournament --config EVENT --out OUT --quiet EXTRA...`.
fn run(event: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    event_tournament(event)
        .out(out)
        .quiet()
        .concurrency(1)
        .args(extra)
        .process()
        .output()
        .unwrap()
}

fn ok(out: std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// The game lines of OUT/games.jsonl (not the header).
fn game_lines(out: &Path) -> Vec<serde_json::Value> {
    read_jsonl(&out.join("games.jsonl"))
        .into_iter()
        .filter(|l| l.get("game").is_some())
        .collect()
}

/// The info lines the bot playing `side` ("white" or "black") sent in `game`, one a turn it
/// was asked to move (a move with no choice is not asked for: no info).
fn infos(game: &serde_json::Value, side: &str) -> Vec<String> {
    let first = usize::from(side == "black");
    game["move_infos"]
        .as_array()
        .unwrap()
        .iter()
        .skip(first)
        .step_by(2)
        .filter_map(|i| i.as_str().map(String::from))
        .collect()
}

/// `mark=M seed=S` of every turn of bot `name` in every game it played, with the seed it must
/// have been sent: player 1 gets the game's seed, player 2 the seed + 1.
fn reports(games: &[serde_json::Value], name: &str) -> Vec<(String, String)> {
    let mut v = Vec::new();
    for g in games {
        let seed = g["seed"].as_u64().unwrap();
        for (side, sent) in [("white", seed), ("black", seed + 1)] {
            if g[side] == name {
                for info in infos(g, side) {
                    v.push((info, sent.to_string()));
                }
            }
        }
    }
    assert!(!v.is_empty(), "{name} played no turn");
    v
}

fn two_reporters(dir: &Path) -> std::path::PathBuf {
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        format!(
            "ruleset = \"darra\"\nmovetime = 500\nenv = [\"BARAZA_MARK=file\"]\n\
             send-seed = true\n\
             [[bot]]\nname = \"plain\"\ncmd = \"{b}\"\n\
             [[bot]]\nname = \"own\"\ncmd = \"{b}\"\nenv = [\"BARAZA_MARK=own\"]\n",
            b = REPORTS_BOT
        ),
    )
    .unwrap();
    event
}

/// The top-level `env` reaches every bot and `send-seed` sends each the seed of its game; a
/// bot's own `env` wins over both the file's and the command line's, and `--env` on the
/// command line wins over the file's top level.
#[test]
fn top_level_hosting_keys_reach_every_bot_and_the_command_line_overrides_them() {
    let dir = temp_dir("event-hosting-env");
    let event = two_reporters(&dir);
    let out = dir.join("out");
    ok(run(&event, &out, &[]));
    let games = game_lines(&out);
    assert_eq!(games.len(), 2);
    for (who, mark) in [("plain", "file"), ("own", "own")] {
        for (info, seed) in reports(&games, who) {
            assert_eq!(info, format!("mark={mark} seed={seed}"), "{who}");
        }
    }

    let out = dir.join("out-cli");
    ok(run(&event, &out, &["--env", "BARAZA_MARK=cli"]));
    let games = game_lines(&out);
    for (who, mark) in [("plain", "cli"), ("own", "own")] {
        for (info, seed) in reports(&games, who) {
            assert_eq!(info, format!("mark={mark} seed={seed}"), "{who}");
        }
    }
}

/// Without `send-seed` a bot that is not built in is sent no seed (only built-in bots are).
#[test]
fn without_send_seed_a_bot_gets_no_seed() {
    let dir = temp_dir("event-hosting-noseed");
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        format!(
            "ruleset = \"darra\"\nmovetime = 500\n\
             [[bot]]\nname = \"r\"\ncmd = \"{b}\"\n\
             [[bot]]\nname = \"s\"\ncmd = \"{b}\"\nsend-seed = true\n",
            b = REPORTS_BOT
        ),
    )
    .unwrap();
    let out = dir.join("out");
    ok(run(&event, &out, &[]));
    let games = game_lines(&out);
    for (info, _) in reports(&games, "r") {
        assert_eq!(info, "mark=- seed=-");
    }
    for (info, seed) in reports(&games, "s") {
        assert_eq!(info, format!("mark=- seed={seed}"));
    }
}

/// A bot that draws its moves from the seed it is sent plays the same games in two runs of
/// the event with `send-seed = true`, and other games without it.
#[test]
fn with_send_seed_a_seeded_bot_plays_the_same_games_again() {
    let dir = temp_dir("event-hosting-replay");
    let write = |name: &str, send: bool| {
        let event = dir.join(name);
        std::fs::write(
            &event,
            format!(
                "ruleset = \"darra\"\nrounds = 2\nmovetime = 1000\nsend-seed = {send}\n\
                 [[bot]]\nname = \"a\"\ncmd = \"python3 {b}\"\n\
                 [[bot]]\nname = \"b\"\ncmd = \"python3 {b}\"\n",
                b = RANDOM_BOT_PY
            ),
        )
        .unwrap();
        event
    };
    let moves = |out: &Path| -> Vec<serde_json::Value> {
        game_lines(out).iter().map(|g| g["moves"].clone()).collect()
    };
    let seeded = write("seeded.toml", true);
    let (one, two) = (dir.join("one"), dir.join("two"));
    ok(run(&seeded, &one, &[]));
    ok(run(&seeded, &two, &["--no-reuse"]));
    assert_eq!(moves(&one).len(), 4);
    assert_eq!(moves(&one), moves(&two));

    let unseeded = write("unseeded.toml", false);
    let (three, four) = (dir.join("three"), dir.join("four"));
    ok(run(&unseeded, &three, &[]));
    ok(run(&unseeded, &four, &[]));
    assert_ne!(
        moves(&three),
        moves(&four),
        "random play differs without the seed"
    );
}

/// The header's bots carry what changes play (`memory` from the top level, a bot's own
/// `ponder`): a resume with another `--memory`, or without the bot's `ponder`, is refused
/// naming it; one with working directories kept elsewhere and transcripts grows the event.
#[test]
fn hosting_that_changes_play_is_in_the_hash_and_the_rest_leaves_resume_alone() {
    let dir = temp_dir("event-hosting-hash");
    let event = dir.join("event.toml");
    let text_of = |ponder: &str| {
        format!(
            "ruleset = \"darra\"\nmovetime = 500\nmemory = 512\n\
             [[bot]]\nname = \"a\"\ncmd = \"builtin:random\"\n\
             [[bot]]\nname = \"b\"\ncmd = \"{}\"\n{ponder}",
            FIRST_BOT
        )
    };
    std::fs::write(&event, text_of("ponder = true\n")).unwrap();
    let out = dir.join("out");
    ok(run(&event, &out, &[]));
    let header = &read_jsonl(&out.join("games.jsonl"))[0];
    let bots = &header["event"]["bots"];
    assert_eq!(bots[0]["host"], serde_json::json!({"memory": 512}));
    assert_eq!(
        bots[1]["host"],
        serde_json::json!({"memory": 512, "ponder": true})
    );

    let refused = run(&event, &out, &["--resume", "--memory", "256"]);
    assert_eq!(refused.status.code(), Some(1));
    let err = text(&refused.stderr);
    assert!(err.contains("refusing to resume"), "{err}");
    assert!(
        err.contains("bot 'a' host.memory (512 in the file, 256 now)"),
        "{err}"
    );

    std::fs::write(&event, text_of("")).unwrap();
    let err = text(&run(&event, &out, &["--resume"]).stderr);
    assert!(err.contains("bot 'b' host.ponder"), "{err}");
    std::fs::write(&event, text_of("ponder = true\n")).unwrap();

    let (work, transcripts) = (dir.join("work"), dir.join("transcripts"));
    std::fs::create_dir(&work).unwrap();
    let w = work.to_str().unwrap();
    let t = transcripts.to_str().unwrap();
    let args = [
        "--resume",
        "--rounds",
        "2",
        "--workdir",
        w,
        "--keep-workdirs",
    ];
    ok(run(
        &event,
        &out,
        &[&args[..], &["--transcript", t]].concat(),
    ));
    assert_eq!(game_lines(&out).len(), 4);
    let kept = std::fs::read_dir(&work).unwrap().count();
    assert!(kept >= 2, "working directories kept in --workdir: {kept}");
    assert!(std::fs::read_dir(&transcripts).unwrap().count() >= 2);
}

/// An event with no hosting key writes no `host` in its header: its config hash is what it
/// was before the keys existed.
#[test]
fn an_event_without_hosting_keys_keeps_its_header() {
    let dir = temp_dir("event-hosting-none");
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        "ruleset = \"darra\"\nseed = 4\nmovetime = 500\n\
         [[bot]]\nname = \"a\"\ncmd = \"builtin:random\"\n\
         [[bot]]\nname = \"b\"\ncmd = \"builtin:greedy\"\nworkdir = \".\"\nkeep-workdirs = false\n",
    )
    .unwrap();
    let out = dir.join("out");
    let json = ok(run(&event, &out, &["--dry-run", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    // The hash of this event as computed before hosting keys were hashed (commit 087988d).
    assert_eq!(v["config_hash"], HASH_BEFORE_HOSTING_KEYS);
}

const HASH_BEFORE_HOSTING_KEYS: &str =
    "63d47e8303da9b352dd4a0c643a146b350b3b635bcddda59fe14a53a50a0c195";

/// Per-bot `workdir` (relative to the event file) puts that bot's working directories there.
#[test]
fn a_bots_own_workdir_is_taken_from_the_event_files_folder() {
    let dir = temp_dir("event-hosting-workdir");
    let event = dir.join("event.toml");
    std::fs::create_dir(dir.join("scratch")).unwrap();
    std::fs::write(
        &event,
        format!(
            "ruleset = \"darra\"\nmovetime = 500\n\
             [[bot]]\nname = \"kept\"\ncmd = \"{b}\"\nworkdir = \"scratch\"\nkeep-workdirs = true\n\
             [[bot]]\nname = \"other\"\ncmd = \"{b}\"\n",
            b = FIRST_BOT
        ),
    )
    .unwrap();
    ok(run(&event, &dir.join("out"), &[]));
    let names: Vec<String> = std::fs::read_dir(dir.join("scratch"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.is_empty());
    assert!(names.iter().all(|n| n.contains("kept")), "{names:?}");
}

/// A `sandbox-read` folder is hashed as the folder it is: the same event file read from two
/// places has one config hash; another folder gives another.
#[test]
fn a_sandbox_read_folder_hashes_alike_from_anywhere() {
    let dir = temp_dir("event-hosting-read");
    for sub in ["ro", "other"] {
        std::fs::create_dir(dir.join(sub)).unwrap();
    }
    let event = dir.join("event.toml");
    let write = |folder: &str| {
        std::fs::write(
            &event,
            format!(
                "ruleset = \"darra\"\nsandbox-read = [\"{folder}\"]\n\
                 [[bot]]\ncmd = \"builtin:random\"\n[[bot]]\ncmd = \"builtin:greedy\"\n"
            ),
        )
        .unwrap();
    };
    let hash = |cwd: &Path, config: &str| {
        let out = baraza()
            .current_dir(cwd)
            .args(["tournament", "--config", config, "--dry-run", "--json"])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_str(&ok(out)).unwrap();
        v["config_hash"].as_str().unwrap().to_string()
    };
    write("ro");
    let here = hash(&dir, "event.toml");
    let from_root = hash(Path::new("/"), event.to_str().unwrap());
    assert_eq!(here, from_root);
    write("other");
    assert_ne!(hash(&dir, "event.toml"), here);
}
