//! `check-bot` says a failed start in the referee's words (a slow start names
//! `--startup-timeout` and when `ready` came, silence asks about flushing and names `--env`
//! for a dropped PYTHONUNBUFFERED, a file looked for in the fresh directory says where the bot
//! runs), reads a non-zero exit on the hello of a ruleset the bot does not play as declining
//! it, and gives one `FAIL` line per cause however many rulesets show it.

use super::check_bot::{check, lines_starting};
use super::reasons::play;
use crate::support::{baraza, bot, DECLINES_BAO};

/// `check-bot ARGS --json` from the repository's root, PYTHONUNBUFFERED set to `unbuffered`
/// (removed when `None`): its exit code and checks as (name, status, detail).
fn checked(args: &[&str], unbuffered: Option<&str>) -> (Option<i32>, Vec<[String; 3]>) {
    let mut cmd = baraza();
    cmd.arg("check-bot")
        .args(args)
        .args(["--grace", "300", "--json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    match unbuffered {
        Some(v) => cmd.env("PYTHONUNBUFFERED", v),
        None => cmd.env_remove("PYTHONUNBUFFERED"),
    };
    let out = cmd.output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let checks = json["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| ["name", "status", "detail"].map(|k| c[k].as_str().unwrap().to_string()))
        .collect();
    (out.status.code(), checks)
}

/// The detail of the one check of a bot that failed its hello.
fn hello_failure(args: &[&str], unbuffered: Option<&str>) -> String {
    let (code, checks) = checked(args, unbuffered);
    assert_eq!(code, Some(1), "{checks:?}");
    assert_eq!(checks.len(), 1, "{checks:?}");
    let [name, status, detail] = &checks[0];
    assert_eq!(
        (name.as_str(), status.as_str()),
        ("starts and answers the hello with 'ready'", "fail")
    );
    detail.clone()
}

/// The reason of a bot still starting at its deadline of `ms`.
fn slow(ms: u64) -> String {
    format!(
        "did not send 'ready' within the startup deadline of {ms} ms: it was still starting up \
         when it was stopped (busy, or not reading its input yet): if it needs longer, raise \
         --startup-timeout (in ms, 10000 by default)"
    )
}
/// The words for a bot stopped in a sleep call before its `ready`.
fn asleep(ms: u64) -> String {
    format!(
        "did not send 'ready' within the startup deadline of {ms} ms: it was asleep (in a sleep \
         call) when it was stopped: its start-up deadline runs while it sleeps; if it needs \
         longer, raise --startup-timeout (in ms, 10000 by default)"
    )
}
/// The words for a Python bot (every bot here is one).
const FLUSH: &str = "it wrote nothing on stdout: is its output flushed after each line \
                     (in Python, print(..., flush=True), or call sys.stdout.flush())?";
const UNBUFFERED: &str = " (PYTHONUNBUFFERED is set for baraza, but a bot's environment is \
                          cleared: '--env PYTHONUNBUFFERED' passes it on)";

#[test]
fn a_slow_start_reads_as_in_a_match() {
    let compute = format!("{} compute", bot("mistake_slow_start.sh"));
    let args = ["darra", &compute, "--startup-timeout", "150"];
    assert_eq!(hello_failure(&args, None), slow(150));
    let games = play(&compute, &["--games", "1", "--startup-timeout", "150"], &[]);
    assert_eq!(
        games[0].1 .1,
        format!("player N (mistake_slow_start) {}", slow(150))
    );
    // It answers 0.6 s after it started: stopped at 400 ms, its `ready` is waited for up to
    // 800 ms more, only to say when it came.
    let sleep = format!("{} sleep", bot("mistake_slow_start.sh"));
    let detail = hello_failure(&["darra", &sleep, "--startup-timeout", "400"], None);
    let ms = detail
        .strip_prefix(&asleep(400).replace("default)", "default; its 'ready' came "))
        .and_then(|r| r.strip_suffix(" ms after the hello)"))
        .unwrap_or_else(|| panic!("{detail}"));
    assert!(
        (400..1200).contains(&ms.parse::<u64>().unwrap()),
        "{detail}"
    );
}

#[test]
fn an_unflushed_start_asks_about_flushing_and_names_env() {
    let cmd = bot("mistake_no_flush.py");
    let args = ["darra", &cmd, "--startup-timeout", "1500"];
    let late = "did not send 'ready' within the startup deadline of 1500 ms: ";
    assert_eq!(hello_failure(&args, None), format!("{late}{FLUSH}"));
    assert_eq!(
        hello_failure(&args, Some("1")),
        format!("{late}{FLUSH}{UNBUFFERED}")
    );
    // Passed on as the note says, the same bot passes every check.
    let mut passed = args.to_vec();
    passed.extend(["--env", "PYTHONUNBUFFERED"]);
    let (code, checks) = checked(&passed, Some("1"));
    assert_eq!(code, Some(0), "{checks:?}");
}

#[test]
fn a_file_looked_for_in_the_wrong_folder_is_told_where_the_bot_runs() {
    let detail = hello_failure(&["darra", &bot("mistake_relative_file.py")], Some("1"));
    let (head, rest) = detail
        .split_once("; it runs in a fresh, empty working directory (")
        .expect(&detail);
    assert!(
        head.starts_with("crashed: exited with status 1; its stderr ended: "),
        "{detail}"
    );
    assert!(
        head.ends_with("FileNotFoundError: [Errno 2] No such file or directory: 'weights.txt'"),
        "{detail}"
    );
    let (dir, tail) = rest.split_once(')').unwrap();
    assert!(dir.ends_with("-bot"), "{detail}");
    assert_eq!(
        tail,
        ", not the folder baraza was started from: open its files by absolute path, or \
         relative to its own program file"
    );
}

#[test]
fn a_death_at_start_up_reads_as_in_a_match_every_time() {
    // However its death is noticed (the hello's write, or the read of its answer).
    for _ in 0..20 {
        assert_eq!(
            hello_failure(&["darra", &bot("mistake_dies_at_start.sh")], None),
            "crashed: exited with status 2; its stderr ended: fatal: cannot load the opening \
             book"
        );
    }
}

#[test]
fn a_non_zero_exit_on_the_hello_of_a_ruleset_it_does_not_play_declines_it() {
    let declines = format!("{DECLINES_BAO} 3");
    let c = check(&["darra", "bao", "dara", &declines], true);
    assert_eq!(c.code, Some(0), "{}", c.stdout);
    let bao: Vec<&str> = c.stdout.lines().filter(|l| l.contains(" bao")).collect();
    assert_eq!(
        bao,
        [
            "skip  bao: does not play bao: it exited with status 3 after the hello 'baraza 1 \
             bao' without sending 'ready' (read as declining, as it plays another ruleset \
             given; protocol.md's way is status 0); its stderr ended: declines-bao: I do not \
             play bao",
            "verdict: the bot follows the protocol: it is ready for `baraza match` and `baraza \
             tournament` (it does not play bao)"
        ]
    );
    // Given bao alone (or first), nothing shows it plays anything: its failure to start.
    let failed = "FAIL  starts and answers the hello with 'ready': crashed: exited with status \
                  3; its stderr ended: declines-bao: I do not play bao";
    let c = check(&["bao", &declines], true);
    assert_eq!(c.code, Some(1), "{}", c.stdout);
    assert_eq!(lines_starting(&c, "FAIL"), [failed]);
}

#[test]
fn one_cause_in_several_rulesets_is_one_fail() {
    // Its moves wait in its own output buffer: it loses its first game of each ruleset on
    // time, with the same reason but for the side and the position.
    let c = check(&["darra", "dara", &bot("mistake_move_unflushed.py")], true);
    assert_eq!(c.code, Some(1), "{}", c.stdout);
    let darra = "darra: plays 2 full games against builtin:random, on both sides";
    let fails = lines_starting(&c, "FAIL");
    assert_eq!(fails.len(), 1, "{}", c.stdout);
    assert!(fails[0].starts_with(&format!("FAIL  {darra}: game 1 (as player 1) time forfeit")));
    let dara = lines_starting(&c, "skip  dara: plays 2 full games");
    assert_eq!(
        dara,
        [format!(
            "skip  dara: plays 2 full games against builtin:random, on both sides: skipped \
             because '{darra}' failed: the same cause"
        )]
    );
    let verdict = c.stdout.lines().last().unwrap();
    assert!(
        verdict.starts_with("verdict: 1 of 9 checks failed (7 skipped because of them)"),
        "{verdict}"
    );
}
