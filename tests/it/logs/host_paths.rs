//! No published output names a path of the host's: a bot that crashes with a traceback naming
//! its script by its absolute path, printing its working directory, the host's home and the
//! event's folder, is published with placeholders (`<bot>`, `~`, `<event>`, `<cwd>`) in every
//! format of `results`, the viewer, the live page and the league's leaderboard.

use crate::support::*;
use std::path::Path;
use std::process::Command;

/// A host's folder: its home, the bot's folder in it, and the event's output folder.
struct Host {
    _dir: TempDir,
    root: String,
    home: std::path::PathBuf,
    out: std::path::PathBuf,
}

/// The host, and `bots/alpha/bot.sh` in it: at its first turn it plays with an info line
/// naming its working directory and the host's home; at its second it writes a traceback
/// naming its script, its working directory, its `HOME` (its working directory), the host's
/// home and the event's folder, and exits 1. Its `id name` names its script too.
fn host(name: &str) -> Host {
    let dir = temp_dir(name);
    // Canonical: the paths the bots see are (a temporary folder may be a link).
    let root = std::fs::canonicalize(&*dir).unwrap();
    let home = root.join("home");
    let out = root.join("events").join("cup");
    let bots = root.join("bots").join("alpha");
    for d in [&home, &bots, &root.join("events")] {
        std::fs::create_dir_all(d).unwrap();
    }
    let (h, o) = (home.display(), out.display());
    std::fs::write(
        bots.join("bot.sh"),
        format!(
            "set -f\nn=0\n\
             while IFS= read -r line; do set -- $line; case $1 in\n\
             baraza) echo \"id name alpha of $0\"; echo ready ;;\n\
             legal) first=$2 ;;\n\
             go) n=$((n+1)); if [ $n -ge 2 ]; then\n\
               echo 'Traceback (most recent call last):' >&2\n\
               echo \"  File \\\"$0\\\", line 12, in <module>\" >&2\n\
               echo \"cwd $(pwd) home $HOME host {h}/x\" >&2\n\
               echo \"RuntimeError: cannot write {o}/x\" >&2\n\
               exit 1; fi\n\
             echo \"info string cwd $(pwd) host {h}/.cache\"; echo \"move $first\" ;;\n\
             quit) exit 0 ;; esac; done\n"
        ),
    )
    .unwrap();
    Host {
        root: root.display().to_string(),
        _dir: dir,
        home,
        out,
    }
}

/// `baraza ARGS` run in `cwd` with `HOME` the host's, which must succeed: its stdout.
fn run(host: &Host, cwd: &Path, args: &[&str]) -> String {
    run_as(&host.home, cwd, args)
}

/// `baraza ARGS` run in `cwd` with `HOME` `home`, which must succeed: its stdout.
fn run_as(home: &Path, cwd: &Path, args: &[&str]) -> String {
    let out = Command::new(exe())
        .args(args)
        .current_dir(cwd)
        .env("HOME", home)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "baraza {args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// Neither the host's folder (its home, the bot's folder, the event's folder are in it) nor a
/// bot's working directory is in `published`; the traceback's script is, as `<bot>/bot.sh`.
fn assert_no_host_path(host: &Host, published: &[(String, String)]) {
    for (name, text) in published {
        assert!(
            !text.contains(&host.root),
            "{name} names {}: {text}",
            host.root
        );
        assert!(
            !text.contains("baraza-bot-"),
            "{name} names a workdir: {text}"
        );
        assert!(
            text.contains("<bot>/bot.sh")
                || text.contains("&lt;bot&gt;/bot.sh")
                || text.contains("\\u003cbot>/bot.sh"),
            "{name} quotes the traceback: {text}"
        );
    }
}

/// What `results` (every format), `view` (of games.jsonl and of games.pgn) publish of the
/// event, made in `cwd` with `HOME` `home`.
fn published(host: &Host, home: &Path, cwd: &Path) -> Vec<(String, String)> {
    let t = host.out.to_str().unwrap();
    let mut out = Vec::new();
    for format in ["text", "json", "csv", "markdown", "html"] {
        out.push((
            format!("results --format {format}"),
            run_as(home, cwd, &["results", t, "--format", format]),
        ));
    }
    out.push(("view".into(), run_as(home, cwd, &["view", t, "-o", "-"])));
    let pgn = host.out.join("games.pgn");
    out.push((
        "view games.pgn".into(),
        run_as(home, cwd, &["view", pgn.to_str().unwrap(), "-o", "-"]),
    ));
    out
}

#[test]
fn a_traceback_with_the_hosts_paths_is_published_with_placeholders() {
    let host = host("host-paths");
    let root = Path::new(&host.root);
    let live = root.join("events").join("live.html");
    let args = [
        "tournament",
        "darra",
        "--bot",
        "alpha=sh bots/alpha/bot.sh",
        "--bot",
        "r=builtin:random",
        "--rounds",
        "2",
        "--out",
        host.out.to_str().unwrap(),
        "--live",
        live.to_str().unwrap(),
        "--quiet",
    ];
    run(&host, root, &args);
    // The log is the host's own: it keeps the paths, which is what makes this test bite.
    let log = std::fs::read_to_string(host.out.join("games.jsonl")).unwrap();
    assert!(
        log.contains(&format!("{}/bots/alpha/bot.sh", host.root)),
        "{log}"
    );
    assert!(log.contains("baraza-bot-"), "{log}");

    // Published from the folder the event ran in...
    let mut all = published(&host, &host.home, root);
    all.push(("live page".into(), std::fs::read_to_string(&live).unwrap()));
    assert_no_host_path(&host, &all);
    // ...each path as its placeholder: the working directory as `<bot>`, the home as `~`, the
    // event's folder as `<event>` (the viewer's data escapes `<` as `\u003c`).
    let view = &all.iter().find(|(n, _)| n == "view").unwrap().1;
    for shown in [
        "cwd \\u003cbot> home \\u003cbot> host ~/x",
        "cannot write \\u003cevent>/x",
        "cwd \\u003cbot> host ~/.cache",
    ] {
        assert!(view.contains(shown), "{shown}: {view}");
    }
    let report = &all[4].1;
    assert!(report.contains("alpha of &lt;bot&gt;/bot.sh"), "{report}");
    let json = &all[1].1;
    assert!(json.contains(r#"File \"<bot>/bot.sh\", line 12"#), "{json}");

    // ...and from elsewhere, by someone else: the script is known by its command's words.
    let elsewhere = temp_dir("host-paths-elsewhere");
    for (name, text) in &published(&host, &elsewhere, &elsewhere) {
        assert!(!text.contains("baraza-bot-"), "{name}: {text}");
        assert!(
            !text.contains(&format!("{}/bots", host.root)),
            "{name}: {text}"
        );
    }
}

#[test]
fn a_leagues_leaderboard_shows_no_host_path() {
    let host = host("host-paths-league");
    let root = Path::new(&host.root);
    let league = host.out.to_str().unwrap();
    run(
        &host,
        root,
        &["league", "new", league, "--ruleset", "darra"],
    );
    // alpha crashes on purpose (its traceback is the point): entered without its check.
    for (name, cmd) in [("alpha", "sh bots/alpha/bot.sh"), ("r", "builtin:random")] {
        run(
            &host,
            root,
            &[
                "league",
                "submit",
                league,
                "--name",
                name,
                "--cmd",
                cmd,
                "--no-check",
            ],
        );
    }
    run(
        &host,
        root,
        &[
            "league", "run", league, "--games", "2", "--force", "--quiet",
        ],
    );
    let log = std::fs::read_to_string(host.out.join("games.jsonl")).unwrap();
    assert!(
        log.contains(&format!("{}/bots/alpha/bot.sh", host.root)),
        "{log}"
    );
    let mut all = Vec::new();
    for format in ["text", "markdown", "json"] {
        let board = run(
            &host,
            root,
            &["league", "leaderboard", league, "--format", format],
        );
        assert!(!board.contains(&host.root), "{format}: {board}");
    }
    all.push((
        "leaderboard html".to_string(),
        run(
            &host,
            root,
            &["league", "leaderboard", league, "--format", "html"],
        ),
    ));
    // `results` of the league's folder: its log names no command, its entrants.toml does.
    for format in ["text", "json", "html"] {
        all.push((
            format!("results --format {format} of the league"),
            run(&host, root, &["results", league, "--format", format]),
        ));
    }
    assert_no_host_path(&host, &all);
}
