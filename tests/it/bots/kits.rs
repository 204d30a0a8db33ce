//! The starter kits of `bots/<language>-kit/`, written by `baraza new-bot` into a fresh
//! folder, built there with the command it prints, and passed through `check-bot` on every
//! ruleset. A kit whose compiler was not installed when the tests were built is reported as
//! ignored, except under `CI=true` (where `.ci/run` installs them all).

use crate::support::{baraza, need, refused, root, temp_dir, text, Tool};
use std::path::Path;
use std::process::Command;

/// `new-bot LANGUAGE` into a fresh folder: the files are the repository's kit, byte for byte
/// (the Rust kit's path to the crate aside); built with the printed build command, the bot
/// passes `check-bot darra bao dara`. The test calling this needs the kit's compiler (the
/// Python kit's none: only its words are checked here).
fn kit_passes_check_bot(language: &str, kit: &str) {
    let tmp = temp_dir(&format!("kit-{language}"));
    let dir = tmp.as_path().join("mybot");
    let out = baraza()
        .arg("new-bot")
        .arg(language)
        .arg(&dir)
        .output()
        .unwrap();
    let printed = text(&out.stdout);
    assert!(out.status.success(), "{printed}{}", text(&out.stderr));
    let source = root().join("bots").join(kit);
    for entry in walk(&source) {
        let name = entry.strip_prefix(&source).unwrap();
        if name.starts_with("target") || name.starts_with("out") || name == Path::new("bot") {
            continue; // build outputs of a kit built in place
        }
        let written = std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("new-bot {language} did not write {name:?}: {e}"));
        let original = std::fs::read_to_string(&entry).unwrap();
        if name == Path::new("Cargo.toml") {
            let path = format!("path = \"{}/crates/rules\"", root().display());
            let kit_path = "path = \"../../crates/rules\"";
            assert_eq!(written, original.replace(kit_path, &path));
        } else {
            assert_eq!(written, original, "{name:?} differs from bots/{kit}");
        }
    }
    // The printed build line is `(cd DIR && BUILD)`: run BUILD in DIR.
    let build = printed
        .lines()
        .find_map(|l| l.trim().strip_prefix("(cd "))
        .and_then(|l| l.split_once(" && "))
        .map(|(_, b)| b.trim_end_matches(')'))
        .unwrap_or_else(|| panic!("no build line in:\n{printed}"));
    let mut cmd = Command::new("sh");
    cmd.args(["-c", build]).current_dir(&dir);
    let mut bot = printed
        .lines()
        .find_map(|l| l.trim().split_once(" check-bot darra bao dara "))
        .map(|(_, bot)| shlex::split(bot).unwrap().remove(0))
        .unwrap_or_else(|| panic!("no check-bot line in:\n{printed}"));
    if language == "rust" {
        // The crate and its dependencies compiled once for every run of the tests.
        let target = root().join("target").join("kits");
        cmd.env("CARGO_TARGET_DIR", &target);
        bot = target.join("release/baraza-rust-kit").display().to_string();
    }
    if language == "python" {
        // The package's wheel takes minutes to build: .ci/run builds and installs it once,
        // and tests/it/bots/python_kit.rs checks the same bot.py; here only its words.
        assert!(build.contains("maturin build --release -m"), "{build}");
        assert!(build.contains("pip install --force-reinstall"), "{build}");
        return;
    }
    let built = cmd.output().unwrap();
    assert!(built.status.success(), "{build}: {}", text(&built.stderr));
    let check = baraza()
        .args(["check-bot", "darra", "bao", "dara", &bot])
        .current_dir(tmp.as_path())
        .output()
        .unwrap();
    let report = text(&check.stdout);
    assert!(
        check.status.success(),
        "{language} kit:\n{report}{}",
        text(&check.stderr)
    );
    assert!(
        report.contains("verdict: the bot follows the protocol"),
        "{report}"
    );
    assert_eq!(
        report
            .matches("plays game after game in one process")
            .count(),
        3,
        "{report}"
    );
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
#[cfg_attr(not(tool_cc), ignore = "needs a C compiler (cc)")]
fn the_c_kit_passes_check_bot() {
    need(Tool::Cc);
    kit_passes_check_bot("c", "c-kit");
}

#[test]
#[cfg_attr(not(tool_cxx), ignore = "needs a C++ compiler (c++)")]
fn the_cpp_kit_passes_check_bot() {
    need(Tool::Cxx);
    kit_passes_check_bot("c++", "cpp-kit");
}

#[test]
#[cfg_attr(not(tool_go), ignore = "needs Go (go)")]
fn the_go_kit_passes_check_bot() {
    need(Tool::Go);
    kit_passes_check_bot("go", "go-kit");
}

#[test]
#[cfg_attr(not(tool_javac), ignore = "needs a JDK (javac)")]
fn the_java_kit_passes_check_bot() {
    need(Tool::Javac);
    kit_passes_check_bot("java", "java-kit");
}

#[test]
#[cfg_attr(not(tool_node), ignore = "needs Node.js (node)")]
fn the_javascript_kit_passes_check_bot() {
    need(Tool::Node);
    kit_passes_check_bot("js", "javascript-kit");
}

#[test]
fn new_bot_writes_the_python_kit() {
    kit_passes_check_bot("python", "python-kit");
}

#[test]
#[cfg_attr(not(tool_cargo), ignore = "needs cargo on the PATH")]
fn the_rust_kit_passes_check_bot() {
    need(Tool::Cargo);
    kit_passes_check_bot("rust", "rust-kit");
}

/// The Rust kit builds the engines and nothing of the arena: its whole dependency tree (from
/// its committed Cargo.lock, no network) holds no runtime, command line or process crate, so
/// a newcomer's first build takes seconds (6 s from an empty target folder on 2 cores; the
/// kit that built the whole `baraza` crate took 10.5 minutes).
#[test]
#[cfg_attr(not(tool_cargo), ignore = "needs cargo on the PATH")]
fn the_rust_kit_depends_on_the_engines_alone() {
    need(Tool::Cargo);
    let manifest = root().join("bots/rust-kit/Cargo.toml");
    let out = Command::new("cargo")
        .args([
            "tree",
            "--offline",
            "--locked",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .arg("--manifest-path")
        .arg(&manifest)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let tree = text(&out.stdout);
    let crates: std::collections::BTreeSet<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(crates.contains("baraza-rules"), "{tree}");
    for arena in [
        "baraza",
        "tokio",
        "clap",
        "nix",
        "serde",
        "seccompiler",
        "toml",
    ] {
        assert!(
            !crates.contains(arena),
            "{arena} in the kit's tree:\n{tree}"
        );
    }
}

#[test]
fn new_bot_prints_the_three_next_commands() {
    let tmp = temp_dir("kit-commands");
    let out = baraza()
        .args(["new-bot", "c", "b1"])
        .current_dir(tmp.as_path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let program = crate::support::exe().display().to_string();
    assert_eq!(
        text(&out.stdout),
        format!(
            "wrote a C starter bot into b1: bot.c, README.md, .gitignore\nnext:\n  \
             (cd b1 && cc -O2 -o bot bot.c)\n  \
             {program} check-bot darra bao dara b1/bot\n  \
             {program} match darra b1/bot builtin:greedy --games 10\n"
        )
    );
}

#[test]
fn new_bot_refuses_a_folder_in_use_and_an_unknown_language() {
    let tmp = temp_dir("kit-refusals");
    let dir = tmp.as_path().join("taken");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("bot.c"), "mine").unwrap();
    let err = refused(&["new-bot", "c", dir.to_str().unwrap()], 1);
    assert!(
        err.contains("already exists and is not an empty folder"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(dir.join("bot.c")).unwrap(), "mine");
    let err = refused(&["new-bot", "cobol", "x"], 1);
    assert!(
        err.contains(
            "no starter kit for 'cobol': choose one of c, cpp, go, java, javascript, rust, python"
        ),
        "{err}"
    );
}
