//! The starter kits of `bots/<language>-kit/`, written by `baraza new-bot` into a fresh
//! folder by a copy of the binary outside this checkout, as `cargo install` would place it,
//! and built and checked by running the lines it prints, verbatim. Where bubblewrap works,
//! every step runs with this checkout hidden (an empty tmpfs over it), so a printed path or a
//! build into the source tree the binary came from fails. A kit whose compiler was not
//! installed when the tests were built is reported as ignored, except under `CI=true` (where
//! `.ci/run` installs them all).

use crate::support::{baraza, need, refused, root, temp_dir, text, Tool};
use std::path::{Path, PathBuf};
use std::process::Command;

/// `sh -c LINE` in `cwd`, with `bin` first on the PATH; inside bubblewrap with the checkout
/// hidden where bubblewrap works here.
fn step(line: &str, cwd: &Path, bin: &Path) -> std::process::Output {
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let mut cmd = if cfg!(tool_bwrap) {
        let mut c = Command::new("bwrap");
        c.args(["--dev-bind", "/", "/", "--tmpfs"])
            .arg(root())
            .arg("--chdir")
            .arg(cwd)
            .args(["sh", "-c", line]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", line]).current_dir(cwd);
        c
    };
    cmd.env("PATH", path).output().unwrap()
}

/// `new-bot LANGUAGE mybot` by a copy of the binary on the PATH, in a fresh folder outside
/// the checkout: the kit's own files are the repository's, byte for byte (the Rust kit's
/// path to the rules crate aside); its printed build line and check-bot line, run as printed,
/// build it and pass `check-bot darra bao dara`. The test calling this needs the kit's
/// compiler.
fn kit_passes_check_bot(language: &str, kit: &str) {
    let tmp = temp_dir(&format!("kit-{language}"));
    let bin = tmp.as_path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::fs::copy(crate::support::exe(), bin.join("baraza")).unwrap();
    let out = step(
        &format!("baraza new-bot {language} mybot"),
        tmp.as_path(),
        &bin,
    );
    let printed = text(&out.stdout);
    assert!(out.status.success(), "{printed}{}", text(&out.stderr));
    let checkout = root().display().to_string();
    assert!(
        !printed.contains(&checkout),
        "a path into the checkout:\n{printed}"
    );
    let dir = tmp.as_path().join("mybot");
    same_files_as_the_repository_kit(&dir, kit);
    let line = |mark: &str| {
        printed
            .lines()
            .map(str::trim)
            .find(|l| l.contains(mark))
            .unwrap_or_else(|| panic!("no line with '{mark}' in:\n{printed}"))
    };
    for printed_step in [line("(cd mybot && "), line(" check-bot darra bao dara ")] {
        let ran = step(printed_step, tmp.as_path(), &bin);
        let report = text(&ran.stdout);
        assert!(
            ran.status.success(),
            "{language} kit, `{printed_step}`:\n{report}{}",
            text(&ran.stderr)
        );
        if printed_step.contains("check-bot") {
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
    }
}

/// The kit written into `dir` has the files of `bots/<kit>` (build outputs aside), byte for
/// byte, the Rust kit's Cargo.toml taking the rules crate from its own `vendor/` instead.
fn same_files_as_the_repository_kit(dir: &Path, kit: &str) {
    let source = root().join("bots").join(kit);
    for entry in walk(&source) {
        let name = entry.strip_prefix(&source).unwrap();
        let built = ["target", "out", ".venv", "__pycache__"];
        if built.iter().any(|b| name.starts_with(b)) || name == Path::new("bot") {
            continue; // build outputs of a kit built in place
        }
        let written = std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("new-bot did not write {name:?}: {e}"));
        let original = std::fs::read_to_string(&entry).unwrap();
        if name == Path::new("Cargo.toml") {
            let kit_path = "path = \"../../crates/rules\"";
            let vendored = "path = \"vendor/baraza-rules\"";
            assert_eq!(written, original.replace(kit_path, vendored));
        } else {
            assert_eq!(written, original, "{name:?} differs from bots/{kit}");
        }
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
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

/// pip builds the package from the kit's copy (fetching maturin from PyPI, the crates from
/// crates.io): about a minute on 2 cores.
#[test]
#[cfg_attr(
    not(all(tool_cargo, tool_python3)),
    ignore = "needs cargo and python3 on the PATH"
)]
fn the_python_kit_passes_check_bot() {
    need(Tool::Cargo);
    need(Tool::Python3);
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
