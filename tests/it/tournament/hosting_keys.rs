//! The hosting keys as an event file and the command line give them, without playing: the
//! words of the errors a person sees (an unknown key, a key of the wrong type, at the top level
//! and in a `[[bot]]` table), each key taken at both levels and on the command line into the
//! bot's resolved hosting (the header's `host`) and its spawn options, and the config hash of
//! an event that sets every key.

use crate::support::{baraza, on_path, temp_dir, text};
use baraza::bot::hosting::{HostOptions, HostOverrides};
use baraza::bot::SpawnOptions;
use baraza::tournament::plan::config::{EventInputs, TournamentConfig};
use clap::{Args, FromArgMatches};
use std::path::{Path, PathBuf};

/// An event file of bots `a` (with `own`, its own keys) and `b`, with `top` at the top level.
fn event(top: &str, own: &str) -> String {
    format!(
        "ruleset = \"darra\"\n{top}\n[[bot]]\nname = \"a\"\ncmd = \"builtin:random\"\n{own}\n\
         [[bot]]\nname = \"b\"\ncmd = \"builtin:greedy\"\n"
    )
}

fn error_of(toml: &str) -> String {
    EventInputs::from_toml(toml, Path::new("."))
        .expect_err("a bad event file")
        .to_string()
}

/// The words of every refusal of a hosting key, as `from_toml` gives them (with the line),
/// kept in a snapshot: the keys are declared in several places, and the list that an unknown
/// key's error names is serde's, so a change there shows here.
#[test]
fn refused_hosting_keys_keep_their_words() {
    let cases = [
        ("an unknown key at the top level", event("memroy = 512", "")),
        ("an unknown key in a bot", event("", "memroy = 512")),
        (
            "affinity in a bot (the event's alone)",
            event("", "affinity = true"),
        ),
        (
            "memory not a number, top level",
            event("memory = \"x\"", ""),
        ),
        ("memory not a number, in a bot", event("", "memory = \"x\"")),
        ("memory below zero, top level", event("memory = -1", "")),
        ("sandbox not a switch, top level", event("sandbox = 1", "")),
        ("sandbox not a switch, in a bot", event("", "sandbox = 1")),
        ("env not a list, top level", event("env = \"A=1\"", "")),
        ("env not a list, in a bot", event("", "env = \"A=1\"")),
        ("wrapper not a string, in a bot", event("", "wrapper = 3")),
        ("a key twice, in a bot", event("", "memory = 1\nmemory = 2")),
    ];
    let mut said = String::new();
    for (what, toml) in &cases {
        let e = error_of(toml);
        assert!(e.starts_with("line "), "{what}: {e}");
        assert!(!e.contains('\n'), "{what}: {e}");
        said.push_str(&format!("{what}:\n{e}\n\n"));
    }
    assert_snapshot!("event-file-hosting-key-errors", said);
}

/// `baraza tournament --config` says the same, after the file's name, in one line.
#[test]
fn the_command_names_the_file_and_the_line_of_an_unknown_key() {
    let dir = temp_dir("hosting-keys-cli-error");
    std::fs::write(dir.join("event.toml"), event("", "memroy = 512")).unwrap();
    let out = baraza()
        .current_dir(&dir)
        .args(["tournament", "--config", "event.toml", "--dry-run"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert_eq!(
        err.trim_end(),
        format!(
            "baraza: bad event file event.toml: {}",
            error_of(&event("", "memroy = 512"))
        )
    );
}

/// One hosting key: its line in an event file, its command-line words, what a bot given it
/// holds (`host`), the header's `host` object of that bot, and what its spawn options hold
/// (one field, in words).
struct Key {
    toml: &'static str,
    cli: &'static [&'static str],
    host: fn() -> HostOverrides,
    header: &'static str,
    spawn: fn(&SpawnOptions) -> String,
    spawned: &'static str,
}

fn keys() -> Vec<Key> {
    vec![
        Key {
            toml: "memory = 512",
            cli: &["--memory", "512"],
            host: || HostOverrides {
                memory: Some(512),
                ..HostOverrides::default()
            },
            header: r#"{"memory":512}"#,
            spawn: |s| format!("{:?}", s.limits.memory_mb),
            spawned: "Some(512)",
        },
        Key {
            toml: "cpu-seconds = 600",
            cli: &["--cpu-seconds", "600"],
            host: || HostOverrides {
                cpu_seconds: Some(600),
                ..HostOverrides::default()
            },
            header: r#"{"cpu_seconds":600}"#,
            spawn: |s| format!("{:?}", s.limits.cpu_seconds),
            spawned: "Some(600)",
        },
        Key {
            toml: "max-file-size = 64",
            cli: &["--max-file-size", "64"],
            host: || HostOverrides {
                max_file_size: Some(64),
                ..HostOverrides::default()
            },
            header: r#"{"max_file_size":64}"#,
            spawn: |s| format!("{:?}", s.limits.max_file_size_mb),
            spawned: "Some(64)",
        },
        Key {
            toml: "max-processes = 32",
            cli: &["--max-processes", "32"],
            host: || HostOverrides {
                max_processes: Some(32),
                ..HostOverrides::default()
            },
            header: r#"{"max_processes":32}"#,
            spawn: |s| format!("{:?}", s.limits.max_processes),
            spawned: "Some(32)",
        },
        Key {
            toml: "open-files = 256",
            cli: &["--open-files", "256"],
            host: || HostOverrides {
                open_files: Some(256),
                ..HostOverrides::default()
            },
            header: r#"{"open_files":256}"#,
            spawn: |s| format!("{:?}", s.limits.open_files),
            spawned: "Some(256)",
        },
        Key {
            toml: "sandbox = true",
            cli: &["--sandbox"],
            host: || HostOverrides {
                sandbox: Some(true),
                ..HostOverrides::default()
            },
            header: r#"{"sandbox":true}"#,
            spawn: |s| s.sandbox.to_string(),
            spawned: "true",
        },
        Key {
            toml: "wrapper = \"nice -n 5\"",
            cli: &["--wrapper", "nice -n 5"],
            host: || HostOverrides {
                wrapper: Some("nice -n 5".into()),
                ..HostOverrides::default()
            },
            header: r#"{"wrapper":"nice -n 5"}"#,
            spawn: |s| format!("{:?}", s.wrapper),
            spawned: r#"["nice", "-n", "5"]"#,
        },
        Key {
            toml: "ponder = true",
            cli: &["--ponder"],
            host: || HostOverrides {
                ponder: Some(true),
                ..HostOverrides::default()
            },
            header: r#"{"ponder":true}"#,
            spawn: |s| s.ponder.to_string(),
            spawned: "true",
        },
        Key {
            toml: "send-seed = true",
            cli: &["--send-seed"],
            host: || HostOverrides {
                send_seed: Some(true),
                ..HostOverrides::default()
            },
            header: r#"{"send_seed":true}"#,
            spawn: |s| s.send_seed.to_string(),
            spawned: "true",
        },
        Key {
            toml: "env = [\"A=1\", \"LANG\"]",
            cli: &["--env", "A=1", "--env", "LANG"],
            host: || HostOverrides {
                env: vec!["A=1".into(), "LANG".into()],
                ..HostOverrides::default()
            },
            header: r#"{"env":["A=1","LANG"]}"#,
            spawn: |s| format!("{:?}", s.env),
            spawned: r#"[Set("A", "1"), Pass("LANG")]"#,
        },
        Key {
            toml: "sandbox-read = [\"/\"]",
            cli: &["--sandbox-read", "/"],
            host: || HostOverrides {
                sandbox_read: vec![PathBuf::from("/")],
                ..HostOverrides::default()
            },
            header: r#"{"sandbox_read":["/"]}"#,
            spawn: |s| format!("{:?}", s.sandbox_read),
            spawned: r#"["/"]"#,
        },
        Key {
            toml: "workdir = \"/\"",
            cli: &["--workdir", "/"],
            host: || HostOverrides {
                workdir: Some(PathBuf::from("/")),
                ..HostOverrides::default()
            },
            header: "{}",
            spawn: |s| format!("{:?}", s.workdir_parent),
            spawned: r#"Some("/")"#,
        },
        Key {
            toml: "keep-workdirs = true",
            cli: &["--keep-workdirs"],
            host: || HostOverrides {
                keep_workdirs: Some(true),
                ..HostOverrides::default()
            },
            header: "{}",
            spawn: |s| s.keep_workdirs.to_string(),
            spawned: "true",
        },
    ]
}

/// The hosting options of a command line of `words`, as `match` and `tournament` read them.
fn host_options(words: &[&str]) -> HostOptions {
    let cmd = HostOptions::augment_args(clap::Command::new("baraza"));
    let matches = cmd
        .try_get_matches_from(std::iter::once("baraza").chain(words.iter().copied()))
        .unwrap_or_else(|e| panic!("{words:?}: {e}"));
    HostOptions::from_arg_matches(&matches).unwrap()
}

fn resolve(inputs: EventInputs) -> TournamentConfig {
    inputs.resolve(2).expect("a valid event").0
}

/// Each bot's spawn options, or the error that refuses them.
fn spawn_options(c: &TournamentConfig) -> Result<Vec<SpawnOptions>, String> {
    HostOptions::default()
        .bot_hosts(c.bot_hostings(), &[])
        .map_err(|e| e.to_string())
}

/// Bot a's spawn options hold `key`'s setting, or they are refused for it where this
/// machine cannot do it (a limit of processes for root, a sandbox without bubblewrap).
fn assert_spawned(key: &Key, c: &TournamentConfig, where_: &str) {
    let root = nix::unistd::geteuid().is_root();
    match spawn_options(c) {
        Ok(hosts) => assert_eq!((key.spawn)(&hosts[0]), key.spawned, "{where_}"),
        Err(e) if key.toml.starts_with("max-processes") && root => {
            assert!(e.contains("--max-processes cannot be enforced"), "{e}")
        }
        Err(e) if key.toml.starts_with("sandbox =") && on_path(&["bwrap"]).is_none() => {
            assert!(e.contains("bwrap"), "{e}")
        }
        Err(e) => panic!("{where_}: {e}"),
    }
}

/// Every hosting key is taken at the top level (every bot's), in a `[[bot]]` table (that
/// bot's alone) and on the command line (every bot's), and reaches the bot's resolved hosting,
/// the header's `host` object under the same names as before, and its spawn options.
#[test]
fn every_hosting_key_is_taken_at_both_levels_and_on_the_command_line() {
    for key in keys() {
        let expected = (key.host)();
        let top = resolve(EventInputs::from_toml(&event(key.toml, ""), Path::new(".")).unwrap());
        assert_eq!(top.bots[0].host, expected, "top level: {}", key.toml);
        assert_eq!(top.bots[1].host, expected, "top level: {}", key.toml);
        let header = serde_json::to_string(&top.bots[0].host).unwrap();
        assert_eq!(header, key.header, "{}", key.toml);
        assert_spawned(&key, &top, &format!("top level: {}", key.toml));

        let own = resolve(EventInputs::from_toml(&event("", key.toml), Path::new(".")).unwrap());
        assert_eq!(own.bots[0].host, expected, "in a bot: {}", key.toml);
        assert_eq!(own.bots[1].host, HostOverrides::default(), "{}", key.toml);
        assert_spawned(&key, &own, &format!("in a bot: {}", key.toml));

        let plain = EventInputs::from_toml(&event("", ""), Path::new(".")).unwrap();
        let cli = resolve(plain.with_command_line_hosting(&host_options(key.cli)));
        assert_eq!(cli.bots[0].host, expected, "command line: {:?}", key.cli);
        assert_eq!(cli.bots[1].host, expected, "command line: {:?}", key.cli);
        assert_spawned(&key, &cli, &format!("command line: {:?}", key.cli));
    }
}

/// `affinity` is the event's: a top-level key or `--affinity`, in the run options, never in a
/// bot's hosting.
#[test]
fn affinity_is_the_events_alone() {
    let run = |inputs: EventInputs| inputs.resolve(2).unwrap();
    let (c, r) =
        run(EventInputs::from_toml(&event("affinity = true", ""), Path::new(".")).unwrap());
    assert!(r.affinity);
    assert!(c.bots.iter().all(|b| b.host == HostOverrides::default()));
    let plain = EventInputs::from_toml(&event("", ""), Path::new(".")).unwrap();
    let (c, r) = run(plain.with_command_line_hosting(&host_options(&["--affinity"])));
    assert!(r.affinity);
    assert!(c.bots.iter().all(|b| b.host == HostOverrides::default()));
    let (_, r) = run(EventInputs::from_toml(&event("", ""), Path::new(".")).unwrap());
    assert!(!r.affinity);
}

/// A switch turned off is no setting (`sandbox = false` hashes as no `sandbox`), a bot's own
/// key wins over the top level's and the command line's, and the lists add up: the file's,
/// the command line's, then the bot's.
#[test]
fn a_bots_own_keys_win_and_the_lists_add_up() {
    let toml = event(
        "memory = 512\nsandbox = false\nenv = [\"A=file\"]\nsandbox-read = [\"/usr\"]",
        "memory = 256\nponder = false\nenv = [\"A=own\"]\nsandbox-read = [\"/\"]",
    );
    let file = EventInputs::from_toml(&toml, Path::new(".")).unwrap();
    let cli = host_options(&["--env", "A=cli", "--cpu-seconds", "9", "--memory", "1024"]);
    let c = resolve(file.with_command_line_hosting(&cli));
    assert_eq!(
        serde_json::to_string(&c.bots[0].host).unwrap(),
        r#"{"memory":256,"cpu_seconds":9,"env":["A=file","A=cli","A=own"],"sandbox_read":["/usr","/"]}"#
    );
    assert_eq!(
        serde_json::to_string(&c.bots[1].host).unwrap(),
        r#"{"memory":1024,"cpu_seconds":9,"env":["A=file","A=cli"],"sandbox_read":["/usr"]}"#
    );
}

/// The config hash of an event that sets every hosting key at both levels, as computed before
/// the keys were declared once: how they are hashed has not changed.
#[test]
fn an_event_with_every_hosting_key_keeps_its_hash() {
    let every = "memory = 512\ncpu-seconds = 600\nmax-file-size = 64\nmax-processes = 32\n\
                 open-files = 256\nsandbox = true\nwrapper = \"nice -n 5\"\nponder = true\n\
                 send-seed = true\nenv = [\"A=1\", \"LANG\"]\nsandbox-read = [\"/\"]\n\
                 workdir = \"/\"\nkeep-workdirs = true";
    let own = "memory = 256\nsandbox = false\nwrapper = \"nice -n 1\"\nenv = [\"B\"]\n\
               sandbox-read = [\"/usr\"]\nponder = false";
    let toml = event(&format!("{every}\naffinity = true"), own);
    let c = resolve(EventInputs::from_toml(&toml, Path::new(".")).unwrap());
    assert_eq!(c.hash(), HASH_WITH_EVERY_KEY);
}

const HASH_WITH_EVERY_KEY: &str =
    "dc840034367b23dde68775e609a1d8924f236955f537f1aa87f9bf0045f2e598";
