//! A stranger's bot cannot reach the host, with real hostile processes: no terminal and no
//! inherited descriptor in any mode; under `--sandbox` no host Unix socket and a bounded
//! in-memory scratch directory; `--memory`, `--cpu-seconds` and `--max-processes` bound all of
//! a bot's processes together, so one bot never spends another's budget.
//!
//! Needs: `script` (util-linux) for the terminal tests, bubblewrap for the sandbox ones, and
//! `setpriv` to run the referee unprivileged when the tests run as root (`--max-processes`
//! is refused for root). A test whose tool is missing is reported as ignored, a part needing a
//! tool being a test of its own; under CI=true every one runs (.ci/run installs them).

use crate::support::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A Python bot (run by the system's python3, which any user can run) that plays the first
/// legal move after `delay` seconds; `hello` runs at the hello, `first_go` at its first turn.
fn python_bot(dir: &Path, name: &str, hello: &str, first_go: &str, delay: f64) -> String {
    let indent = |code: &str, n: usize| -> String {
        let pad = " ".repeat(n);
        code.lines().map(|l| format!("{pad}{l}\n")).collect()
    };
    let src = [
        "#!/usr/bin/python3".to_string(),
        "import os, sys, time, threading, socket".into(),
        "legal = []".into(),
        "turn = 0".into(),
        "for line in sys.stdin:".into(),
        "    w = line.split()".into(),
        "    if not w:".into(),
        "        continue".into(),
        "    if w[0] == 'baraza':".into(),
        format!("{}        print('ready', flush=True)", indent(hello, 8)),
        "    elif w[0] == 'legal':".into(),
        "        legal = w[1:]".into(),
        "    elif w[0] == 'go':".into(),
        "        turn += 1".into(),
        "        if turn == 1:".into(),
        format!("{}            pass", indent(first_go, 12)),
        format!("        time.sleep({delay})"),
        "        print('move', legal[0], flush=True)".into(),
        "    elif w[0] == 'quit':".into(),
        "        break".into(),
    ]
    .join("\n");
    let path = dir.join(name);
    std::fs::write(&path, src + "\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

/// A folder any user can enter, for bots the referee runs unprivileged.
fn open_dir(name: &str) -> TempDir {
    let d = temp_dir(name);
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&*d, std::fs::Permissions::from_mode(0o777)).unwrap();
    d
}

fn baraza_out(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(exe())
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// The game lines (`game N: ...`) of a match's output.
fn game_lines(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(String::from)
        .collect()
}

// ---- the terminal and inherited descriptors -------------------------------------------------

/// What the probe bot found, from its stderr log: its answer to `/dev/tty` + TIOCSTI and to a
/// write on descriptor 7.
const PROBE_TTY_FD: &str = "\
def tty():
    import fcntl, termios
    try:
        fd = os.open('/dev/tty', os.O_RDWR)
    except OSError as e:
        return 'tty: ' + e.strerror
    try:
        fcntl.ioctl(fd, termios.TIOCSTI, b'#')
        return 'tty: injected'
    except OSError as e:
        return 'tty: opened, TIOCSTI ' + e.strerror
def fd7():
    try:
        os.write(7, b'written by the bot\\n')
        return 'fd7: written'
    except OSError as e:
        return 'fd7: ' + e.strerror
print(tty(), '|', fd7(), file=sys.stderr, flush=True)";

/// Run under a pseudo-terminal (`script`), with descriptor 7 open on an audit file that is
/// not close-on-exec (as a wrapper's `exec 7>>audit.log` leaves it): in `mode` (the namespace
/// mode, the process-group fallback, a wrapper or the sandbox), no bot gets a terminal or
/// descriptor 7.
fn no_bot_gets_the_operators_terminal_or_an_inherited_descriptor_in(mode: &str) {
    need(Tool::Script);
    let dir = temp_dir(&format!("iso-tty-{mode}"));
    let probe = python_bot(&dir, "probe.py", PROBE_TTY_FD, "", 0.0);
    let env = match mode {
        "group" => "BARAZA_ISOLATION=group",
        _ => "",
    };
    let audit = dir.join(format!("audit-{mode}.log"));
    std::fs::write(&audit, "").unwrap();
    let logs = dir.join(format!("logs-{mode}"));
    let extra = match mode {
        "sandbox" => "--sandbox",
        "wrapper" => "--wrapper \"nice -n 1\"",
        _ => "",
    };
    let inner = format!(
        "exec 7>>{audit}; exec env {env} {baraza} match darra {probe} builtin:random \
         --games 1 --name1 probe --logs {logs} {extra}",
        audit = audit.display(),
        baraza = exe().display(),
        logs = logs.display(),
    );
    let out = Command::new("script")
        .args(["-qec", &format!("sh -c '{inner}'"), "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{mode}: {}", text(&out.stdout));
    let said = std::fs::read_to_string(logs.join("g1-p1-probe.stderr"))
        .unwrap_or_else(|e| panic!("{mode}: no stderr log ({e}): {}", text(&out.stdout)));
    assert!(
        said.contains("tty: No such device or address"),
        "{mode}: {said}"
    );
    assert!(said.contains("fd7: Bad file descriptor"), "{mode}: {said}");
    assert_eq!(std::fs::read_to_string(&audit).unwrap(), "", "{mode}");
}

#[test]
#[cfg_attr(not(tool_script), ignore = "needs script (util-linux)")]
fn no_bot_gets_the_operators_terminal_or_an_inherited_descriptor_in_any_mode() {
    for mode in ["namespace", "group", "wrapper"] {
        no_bot_gets_the_operators_terminal_or_an_inherited_descriptor_in(mode);
    }
}

#[test]
#[cfg_attr(not(tool_script), ignore = "needs script (util-linux)")]
#[cfg_attr(all(tool_script, not(tool_bwrap)), ignore = "needs bubblewrap (bwrap)")]
fn no_sandboxed_bot_gets_the_operators_terminal_or_an_inherited_descriptor() {
    need(Tool::Bwrap);
    no_bot_gets_the_operators_terminal_or_an_inherited_descriptor_in("sandbox");
}

// ---- the sandbox: host sockets and the scratch directory -------------------------------------

/// Under `--sandbox`, the match's own logs beside the bot (`--jsonl`, `--logs` in its folder)
/// read as empty, and another entrant's folder is not there.
#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn a_sandboxed_bot_reads_neither_the_logs_beside_it_nor_another_entrants_folder() {
    need(Tool::Bwrap);
    let dir = temp_dir("iso-hide");
    let (mine, theirs) = (dir.join("mine"), dir.join("theirs"));
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::create_dir_all(&theirs).unwrap();
    std::fs::write(theirs.join("secret.txt"), "their secret").unwrap();
    let hello = format!(
        "def look(p):\n    try:\n        return repr(open(p).read()[:40])\n    \
         except OSError as e:\n        return e.strerror\n\
         print('jsonl:', look({jsonl:?}), '| logs:', os.listdir({logs:?}) if \
         os.path.isdir({logs:?}) else 'none', '| theirs:', look({secret:?}), file=sys.stderr, \
         flush=True)",
        jsonl = mine.join("games.jsonl").display().to_string(),
        logs = mine.join("logs").display().to_string(),
        secret = theirs.join("secret.txt").display().to_string(),
    );
    let probe = python_bot(&mine, "probe.py", &hello, "", 0.0);
    let other = python_bot(&theirs, "other.py", "", "", 0.0);
    let (jsonl, logs) = (mine.join("games.jsonl"), mine.join("logs"));
    Match::new("darra", &probe, &other)
        .games(2)
        .args(["--no-reuse", "--name1", "probe", "--sandbox"])
        .jsonl(&jsonl)
        .logs(&logs)
        .played();
    // In game 2 the log holds game 1 and the logs folder its files: the bot sees neither.
    let said = std::fs::read_to_string(logs.join("g2-p2-probe.stderr")).unwrap();
    // (A device node on bubblewrap's bind reads as refused.)
    assert!(said.contains("jsonl: Permission denied"), "{said}");
    assert!(said.contains("logs: []"), "{said}");
    assert!(said.contains("theirs: No such file or directory"), "{said}");
    assert!(std::fs::read_to_string(&jsonl)
        .unwrap()
        .contains("\"game\""));
}

/// Under `--sandbox`, a Unix socket listening in the host's /tmp, and one beside the bots'
/// working directories (`--workdir`) outside /tmp, cannot be reached; nothing connects.
#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn a_sandboxed_bot_reaches_no_host_unix_socket() {
    need(Tool::Bwrap);
    use std::os::unix::net::UnixListener;
    let dir = temp_dir("iso-sock");
    // A daemon's socket in the host's /tmp (as tmux keeps /tmp/tmux-UID/default), apart from
    // the bot's own folder.
    let daemon = temp_dir("iso-sock-daemon");
    let outside = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("iso-sock-work-{}", std::process::id()));
    std::fs::create_dir_all(&outside).unwrap();
    let sockets = [daemon.join("host.sock"), outside.join("host.sock")];
    let listeners: Vec<UnixListener> = sockets
        .iter()
        .map(|p| {
            let _ = std::fs::remove_file(p);
            let l = UnixListener::bind(p).unwrap();
            l.set_nonblocking(true).unwrap();
            l
        })
        .collect();
    let hello = format!(
        "for p in {:?}:\n    s = socket.socket(socket.AF_UNIX)\n    try:\n        \
         s.connect(p)\n        print('connected', p, file=sys.stderr, flush=True)\n    \
         except OSError as e:\n        print('refused', p, e.strerror, file=sys.stderr, flush=True)",
        sockets
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
    );
    let probe = python_bot(&dir, "sock.py", &hello, "", 0.0);
    let logs = dir.join("logs");
    Match::new("darra", &probe, "builtin:random")
        .games(1)
        .args(["--name1", "probe", "--sandbox", "--workdir"])
        .arg(&outside)
        .logs(&logs)
        .played();
    let said = std::fs::read_to_string(logs.join("g1-p1-probe.stderr")).unwrap();
    assert_eq!(said.matches("refused").count(), 2, "{said}");
    assert!(!said.contains("connected"), "{said}");
    for l in &listeners {
        assert!(l.accept().is_err(), "a connection reached the host: {said}");
    }
    let _ = std::fs::remove_dir_all(&outside);
}

/// A bot writing 600 MB into /tmp under `--sandbox` (the in-memory scratch directory): the
/// directory's size stops it (at the default 256 MiB without `--memory`), and under `--memory
/// 64` what it stores there counts with its processes, so it loses naming the limit; /home is
/// not there to write to.
#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn the_sandboxs_in_memory_directory_is_bounded_and_counted_against_the_memory_limit() {
    need(Tool::Bwrap);
    let dir = temp_dir("iso-scratch");
    let first_go = "\
written = 0
try:
    with open('/tmp/fill', 'wb') as f:
        chunk = b'x' * (1 << 20)
        for _ in range(600):
            f.write(chunk)
            f.flush()
            written += 1
except OSError as e:
    print('tmp full after', written, 'MiB:', e.strerror, file=sys.stderr, flush=True)
try:
    open('/home/fill', 'wb').write(b'x')
    print('home written', file=sys.stderr, flush=True)
except OSError as e:
    print('home refused:', e.strerror, file=sys.stderr, flush=True)";
    let filler = python_bot(&dir, "fill.py", "", first_go, 0.05);
    let run = |extra: &[&str]| {
        let logs = dir.join("logs");
        let _ = std::fs::remove_dir_all(&logs);
        let games = Match::new("darra", &filler, "builtin:random")
            .games(1)
            .args(["--name1", "filler", "--sandbox"])
            .logs(&logs)
            .args(extra)
            .played()
            .game_lines();
        assert_eq!(games.len(), 1, "{games:?}");
        let said = std::fs::read_to_string(logs.join("g1-p1-filler.stderr")).unwrap_or_default();
        (games[0].clone(), said)
    };
    let full_at = |said: &str| -> Option<u64> {
        said.split("tmp full after ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next()?.parse().ok())
    };
    // Without --memory: the directory's own size, 256 MiB, stops the writes; the bot plays on.
    let (game, said) = run(&[]);
    let mib = full_at(&said).unwrap_or_else(|| panic!("{game}\n{said}"));
    assert!((200..=256).contains(&mib), "{said}");
    assert!(said.contains("home refused"), "{said}");
    assert!(!game.contains("(filler)"), "{game}");
    // Under --memory 64: killed once the directory and its process pass 64 MB together (it
    // may be killed before its write fails; if it saw the failure, that was within 64 MiB).
    let (game, said) = run(&["--memory", "64"]);
    assert!(
        game.contains("(filler) exceeded --memory 64 MB (all its processes together)"),
        "{game}"
    );
    if let Some(mib) = full_at(&format!("{game}{said}")) {
        assert!(mib <= 64, "{game}\n{said}");
    }
    assert!(
        !said.contains("home written") && !game.contains("home written"),
        "{game}"
    );
}

// ---- limits per bot --------------------------------------------------------------------------

/// Four children of one bot, 200 MB each, under `--memory 256` with `extra` options: each is
/// within the limit, all together are not; the bot loses naming the limit, whatever it does
/// meanwhile.
fn four_children_of_200_mb_exceed_memory_256_together_with(extra: &[&str]) {
    let dir = temp_dir(&format!("iso-mem{}", extra.len()));
    let first_go = "\
for _ in range(4):
    if os.fork() == 0:
        b = b'x' * (200 << 20)
        time.sleep(60)
        os._exit(0)";
    let hog = python_bot(&dir, "hog.py", "", first_go, 0.05);
    let games = Match::new("darra", &hog, "builtin:random")
        .games(1)
        .args(["--name1", "hog", "--memory", "256"])
        .args(extra)
        .played()
        .game_lines();
    assert!(
        games[0].contains("(hog) exceeded --memory 256 MB (all its processes together)"),
        "{extra:?}: {games:?}"
    );
}

#[test]
fn four_children_of_200_mb_exceed_memory_256_together() {
    four_children_of_200_mb_exceed_memory_256_together_with(&[]);
}

#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn four_children_of_200_mb_exceed_memory_256_together_under_the_sandbox() {
    need(Tool::Bwrap);
    four_children_of_200_mb_exceed_memory_256_together_with(&["--sandbox"]);
}

/// Two spinning children, each replaced when `--cpu-seconds 2` kills it: the bot's processes
/// together pass 2 CPU seconds, and it loses naming the limit.
#[test]
fn children_replaced_after_their_cpu_limit_still_count_against_the_bots() {
    let dir = temp_dir("iso-cpu");
    let first_go = "\
def spin():
    while True:
        if os.fork() == 0:
            while True:
                pass
        os.wait()
for _ in range(2):
    if os.fork() == 0:
        spin()";
    let spinner = python_bot(&dir, "spin.py", "", first_go, 0.3);
    let games = Match::new("darra", &spinner, "builtin:random")
        .games(1)
        .args(["--name1", "spinner"])
        .movetime(2000)
        .args(["--cpu-seconds", "2"])
        .played()
        .game_lines();
    assert!(
        games[0].contains("(spinner) exceeded --cpu-seconds 2 (all its processes together)"),
        "{games:?}"
    );
}

/// A bot starting `n` threads at its first turn; one that cannot dies with Python's
/// "can't start new thread".
fn threads_bot(dir: &Path, name: &str, n: usize) -> String {
    let first_go = format!(
        "stop = threading.Event()\nfor _ in range({n}):\n    \
         threading.Thread(target=stop.wait, daemon=True).start()"
    );
    python_bot(dir, name, "", &first_go, 0.0)
}

/// `--max-processes 16` with `extra` options, the referee unprivileged: a bot that grabs 40
/// threads loses naming the limit, and its opponent, an honest bot with 10 threads, plays
/// normal games (its processes are counted apart); alone, it plays fine.
fn one_bots_threads_never_count_against_another_bots_max_processes_with(extra: &[&str]) {
    let dir = open_dir(&format!("iso-nproc{}", extra.len()));
    let grabber = threads_bot(&dir, "grab.py", 40);
    let honest = threads_bot(&dir, "honest.py", 10);
    let base = ["--max-processes", "16", "--games", "2"];
    let grabbing = Match::new("darra", &grabber, &honest)
        .names("grab", "honest")
        .args(base)
        .args(extra);
    let out = baraza_unprivileged()
        .args(grabbing.argv())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let games = game_lines(&out);
    assert_eq!(games.len(), 2, "{extra:?}: {games:?}");
    for g in &games {
        assert!(
            g.contains("(grab) exceeded --max-processes 16 (all its processes together)"),
            "{extra:?}: {g}"
        );
        assert!(!g.contains("(honest)"), "{g}");
    }
    let alone = Match::new("darra", &honest, "builtin:random")
        .args(["--name1", "honest"])
        .args(base)
        .args(extra);
    let out = baraza_unprivileged().args(alone.argv()).output().unwrap();
    let games = game_lines(&out);
    assert_eq!(games.len(), 2, "{extra:?}: {}", text(&out.stderr));
    for g in &games {
        assert!(g.contains("normal"), "{extra:?}: {g}");
    }
}

#[test]
#[cfg_attr(
    not(tool_setpriv),
    ignore = "needs setpriv (util-linux) to run baraza unprivileged as root"
)]
fn one_bots_threads_never_count_against_another_bots_max_processes() {
    one_bots_threads_never_count_against_another_bots_max_processes_with(&[]);
}

#[test]
#[cfg_attr(
    not(tool_setpriv),
    ignore = "needs setpriv (util-linux) to run baraza unprivileged as root"
)]
#[cfg_attr(
    all(tool_setpriv, not(tool_bwrap)),
    ignore = "needs bubblewrap (bwrap)"
)]
fn one_bots_threads_never_count_against_another_bots_max_processes_under_the_sandbox() {
    need(Tool::Bwrap);
    one_bots_threads_never_count_against_another_bots_max_processes_with(&["--sandbox"]);
}

// ---- the documented hosting command line ----------------------------------------------------

/// The command line docs/hosting.md gives for an event with untrusted bots, as words, with
/// its three paths (event file, output, working directories) as named there.
fn documented_hosting_line() -> Vec<String> {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/hosting.md")).unwrap();
    let block = doc
        .split("The command line for an event with untrusted bots:")
        .nth(1)
        .and_then(|rest| rest.split("```sh\n").nth(1))
        .and_then(|b| b.split("```").next())
        .expect("docs/hosting.md shows the hosting command line");
    let words: Vec<String> = block
        .replace("\\\n", " ")
        .split_whitespace()
        .map(String::from)
        .collect();
    assert_eq!(words[..2], ["baraza", "tournament"], "{words:?}");
    words[2..].to_vec()
}

/// The documented line, verbatim but for its paths, with 16 honest bots (Python, node, shell,
/// built-ins, one with 10 threads, one with a helper process) at `--concurrency 2`, the
/// referee unprivileged: no game ends in a fault.
#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
#[cfg_attr(
    all(tool_bwrap, not(tool_setpriv)),
    ignore = "needs setpriv (util-linux) to run baraza unprivileged as root"
)]
fn the_documented_hosting_line_plays_16_honest_bots_without_a_fault() {
    need(Tool::Bwrap);
    let dir = open_dir("iso-event");
    let threads = threads_bot(&dir, "threads.py", 10);
    let helper = python_bot(
        &dir,
        "helper.py",
        "",
        "if os.fork() == 0:\n    time.sleep(30)\n    os._exit(0)",
        0.0,
    );
    let repo = env!("CARGO_MANIFEST_DIR");
    let mut bots: Vec<(String, String)> = Vec::new();
    for i in 0..4 {
        bots.push((
            format!("py{i}"),
            format!("python3 {repo}/bots/python/random_bot.py"),
        ));
    }
    for i in 0..3 {
        bots.push((
            format!("js{i}"),
            format!("node {repo}/bots/javascript/random_bot.js"),
        ));
        bots.push((format!("sh{i}"), format!("{repo}/bots/shell/random_bot.sh")));
    }
    for b in ["random", "greedy"] {
        for i in 0..2 {
            bots.push((format!("{b}{i}"), format!("builtin:{b}")));
        }
    }
    bots.push(("threads".into(), threads));
    bots.push(("helper".into(), helper));
    assert_eq!(bots.len(), 16);
    let mut event = String::from("ruleset = \"darra\"\nrounds = 1\nmovetime = 1000\n");
    for (name, cmd) in &bots {
        event += &format!("\n[[bot]]\nname = \"{name}\"\ncmd = \"{cmd}\"\n");
    }
    let config = dir.join("event.toml");
    std::fs::write(&config, event).unwrap();
    let work = dir.join("work");
    std::fs::create_dir(&work).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&work, std::fs::Permissions::from_mode(0o777)).unwrap();
    let out_dir = dir.join("out");
    let args: Vec<String> = documented_hosting_line()
        .into_iter()
        .map(|w| match w.as_str() {
            "event.toml" => config.display().to_string(),
            "runs/event" => out_dir.display().to_string(),
            "/srv/baraza-work" => work.display().to_string(),
            _ => w,
        })
        .collect();
    assert!(args.contains(&"--sandbox".to_string()), "{args:?}");
    let args: Vec<&str> = std::iter::once("tournament")
        .chain(args.iter().map(String::as_str))
        .chain(["--quiet"])
        .collect();
    let out = baraza_unprivileged().args(&args).output().unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let games = read_jsonl(&out_dir.join("games.jsonl"));
    let games: Vec<&serde_json::Value> = games.iter().filter(|g| g.get("game").is_some()).collect();
    assert_eq!(games.len(), 16 * 15, "every pair's two games");
    let faults: Vec<String> = games
        .iter()
        .filter(|g| g["termination"] != "normal")
        .map(|g| g.to_string())
        .collect();
    assert!(faults.is_empty(), "{} faults: {faults:#?}", faults.len());
}

// ---- hosting-check --------------------------------------------------------------------------

fn survey_line<'a>(stdout: &'a str, what: &str) -> &'a str {
    // "  TAG         WHAT  DETAIL": the tag's column is 11 wide.
    stdout
        .lines()
        .find(|l| l.get(14..).is_some_and(|rest| rest.starts_with(what)))
        .unwrap_or_else(|| panic!("no '{what}' line: {stdout}"))
}

/// `hosting-check` says what the options give on this machine: the process fallback when
/// namespaces are off, the limits asked for as totals per bot, and REFUSED (exit 1) for what
/// `match` would refuse.
#[test]
fn hosting_check_reports_what_is_in_force() {
    let out = baraza_out(&["hosting-check"], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(survey_line(&s, "no terminal").starts_with("  exact"), "{s}");
    assert!(
        survey_line(&s, "own namespace").starts_with("  exact"),
        "{s}"
    );
    assert!(
        survey_line(&s, "memory per bot").starts_with("  off"),
        "{s}"
    );
    let out = baraza_out(&["hosting-check"], &[("BARAZA_ISOLATION", "group")]);
    let s = text(&out.stdout);
    assert!(survey_line(&s, "own namespace").starts_with("  off"), "{s}");
    let out = baraza_out(
        &["hosting-check", "--memory", "256", "--cpu-seconds", "9"],
        &[],
    );
    let s = text(&out.stdout);
    let mem = survey_line(&s, "memory per bot");
    assert!(
        mem.contains("--memory 256 MiB: all of a bot's processes together"),
        "{s}"
    );
    assert!(
        survey_line(&s, "CPU per bot").starts_with("  best effort"),
        "{s}"
    );
    // SAFETY: plain system call.
    if unsafe { libc::geteuid() } == 0 {
        let out = baraza_out(&["hosting-check", "--max-processes", "64"], &[]);
        assert_eq!(out.status.code(), Some(1));
        let s = text(&out.stdout);
        assert!(
            survey_line(&s, "processes per bot").starts_with("  REFUSED"),
            "{s}"
        );
        assert!(text(&out.stderr).contains("refused here: processes per bot"));
    }
}

/// `hosting-check --sandbox` says the sandbox is in force, with the in-memory /tmp's size.
#[test]
#[cfg_attr(not(tool_bwrap), ignore = "needs bubblewrap (bwrap)")]
fn hosting_check_reports_the_sandbox_in_force() {
    need(Tool::Bwrap);
    let out = baraza_out(&["hosting-check", "--sandbox", "--memory", "64"], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let sb = survey_line(&s, "sandbox");
    assert!(
        sb.starts_with("  exact") && sb.contains("a 64 MiB in-memory /tmp"),
        "{s}"
    );
}

/// Run unprivileged, `hosting-check --max-processes` says the count is the bot's namespace's.
#[test]
#[cfg_attr(
    not(tool_setpriv),
    ignore = "needs setpriv (util-linux) to run baraza unprivileged as root"
)]
fn hosting_check_reports_max_processes_in_force_when_unprivileged() {
    let out = baraza_unprivileged()
        .args(["hosting-check", "--max-processes", "64"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let p = survey_line(&s, "processes per bot");
    assert!(p.contains("counted in the bot's own namespace"), "{s}");
}

/// `hosting-check --config EVENT`: each bot as the event hosts it (the event's keys, its own
/// over them), bots hosted alike named together.
#[test]
fn hosting_check_reads_an_event_file_bot_by_bot() {
    let dir = temp_dir("hosting-check-config");
    let event = dir.join("event.toml");
    std::fs::write(
        &event,
        "ruleset = \"darra\"\nrounds = 1\nmemory = 512\n\
         [[bot]]\nname = \"a\"\ncmd = \"builtin:random\"\n\
         [[bot]]\nname = \"b\"\ncmd = \"builtin:random\"\n\
         [[bot]]\nname = \"big\"\ncmd = \"builtin:random\"\nmemory = 1536\ncpu-seconds = 60\n",
    )
    .unwrap();
    let out = baraza_out(&["hosting-check", "--config", event.to_str().unwrap()], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let (alike, big) = s.split_once("What big gets here").expect("big apart");
    assert!(alike.starts_with("What a and b get here, as "), "{s}");
    assert!(
        survey_line(alike, "memory per bot").contains("--memory 512 MiB"),
        "{s}"
    );
    assert!(
        survey_line(alike, "CPU per bot").starts_with("  off"),
        "{s}"
    );
    assert!(
        survey_line(big, "memory per bot").contains("--memory 1536 MiB"),
        "{s}"
    );
    assert!(
        survey_line(big, "CPU per bot").starts_with("  best effort"),
        "{s}"
    );
    // The command line's options over the event's, for every bot.
    let out = baraza_out(
        &[
            "hosting-check",
            "--config",
            event.to_str().unwrap(),
            "--cpu-seconds",
            "9",
        ],
        &[],
    );
    let s = text(&out.stdout);
    let (alike, _) = s.split_once("What big gets here").expect("big apart");
    assert!(
        survey_line(alike, "CPU per bot").starts_with("  best effort"),
        "{s}"
    );
}
