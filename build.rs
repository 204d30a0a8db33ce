//! Which of the tools some integration tests need this machine has: the cfg `tool_<name>` of
//! each one that works (tests/it/support/tools.rs, shared with the tests, says how each is
//! probed). A test needing a missing tool carries `#[cfg_attr(not(tool_<name>), ignore =
//! "needs ...")]`, so a plain `cargo test` reports it as ignored, with the reason, instead of
//! passing it unrun. Under `CI=true` every cfg is set without probing: there every test runs,
//! and one whose tool is missing fails (`.ci/run` installs them all).
//!
//! When it probes again. Cargo runs this script again, and then recompiles the whole package
//! (a cfg is a compiler flag: the library, the binary and every test target, about two minutes
//! in release on 2 cores), when:
//! - `CI` or `PATH` changes, or this file or tools.rs;
//! - only while some tool is missing for want of a program: anything changes in a folder of
//!   the PATH (installing the program adds it there). With every tool found nothing is
//!   watched, so upgrading or installing other software rebuilds nothing;
//! - only while the Python package or python-chess is missing though python3 is there:
//!   anything changes in python3's site-packages folders (where `pip install` puts it);
//! - only while pgn-extract is missing: anything changes in a folder of the PATH or in
//!   /usr/games (where Debian's package puts it).
//!
//! What no such change reveals is probed again only by `touch build.rs` (or `cargo clean -p
//! baraza`): a tool that stops working (its tests, run, then fail, saying so), bubblewrap
//! allowed user namespaces by a sysctl, a PATH folder created after the probe, another
//! python3 chosen by pyenv without a change of PATH.
//!
//! No dependencies, and the probes run side by side (about a second, javac's start-up).

#[path = "tests/it/support/tools.rs"]
mod tools;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use tools::{on_path, Tool};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=tests/it/support/tools.rs");
    println!("cargo::rerun-if-env-changed=CI");
    for tool in Tool::ALL {
        println!("cargo::rustc-check-cfg=cfg({})", tool.cfg());
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        for tool in Tool::ALL {
            println!("cargo::rustc-cfg={}", tool.cfg());
        }
        return;
    }
    println!("cargo::rerun-if-env-changed=PATH");
    let found: Vec<(Tool, bool)> = std::thread::scope(|s| {
        let probes: Vec<_> = Tool::ALL
            .map(|tool| s.spawn(move || (tool, tool.probe().is_ok())))
            .into_iter()
            .collect();
        probes.into_iter().map(|p| p.join().unwrap()).collect()
    });
    let mut watch: Vec<PathBuf> = Vec::new();
    for (tool, works) in found {
        if works {
            println!("cargo::rustc-cfg={}", tool.cfg());
            continue;
        }
        if tool.programs().iter().any(|names| on_path(names).is_none()) {
            watch.extend(path_folders());
        } else if matches!(tool, Tool::PythonPackage | Tool::PythonChess) {
            watch.extend(site_packages());
        }
        if tool == Tool::PgnExtract {
            // Debian installs it off the PATH.
            watch.extend(path_folders());
            watch.extend(Some(PathBuf::from(tools::USR_GAMES)).filter(|d| d.is_dir()));
        }
    }
    watch.sort();
    watch.dedup();
    for folder in watch {
        println!("cargo::rerun-if-changed={}", folder.display());
    }
}

/// The folders of the PATH that exist, as absolute paths (a relative one, or one missing, is
/// not watched: cargo would run this script again at every build).
fn path_folders() -> Vec<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .filter(|d| d.is_absolute() && d.is_dir())
        .collect()
}

/// The folders where `pip install` puts a package for the `python3` on the PATH: its
/// site-packages (purelib and platlib) and the user's, those that exist.
fn site_packages() -> Vec<PathBuf> {
    let Ok(out) = Command::new("python3")
        .args([
            "-c",
            "import site, sysconfig\n\
             p = sysconfig.get_paths()\n\
             print(p['purelib']); print(p['platlib']); print(site.getusersitepackages())",
        ])
        .stdin(Stdio::null())
        .output()
    else {
        return Vec::new();
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(PathBuf::from)
        .filter(|d| d.is_absolute() && d.is_dir())
        .collect()
}
