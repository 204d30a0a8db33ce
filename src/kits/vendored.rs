//! The sources a kit builds against besides its own files: the rules engines' crate
//! (`crates/rules`) and the `baraza` Python package (`python/`), built into the binary so that
//! a kit written anywhere, by a binary installed anywhere, builds without this checkout.

/// Each `(path inside the folder, text)` of the files under `$base` of this repository.
macro_rules! sources {
    ($base:literal: $($file:literal),+ $(,)?) => {
        &[$(($file, include_str!(concat!("../../", $base, "/", $file)))),+]
    };
}

/// The rules engines' crate, `crates/rules`: every file of it (a unit test checks the list).
pub const RULES_CRATE: &[(&str, &str)] = sources!("crates/rules":
    "Cargo.toml",
    "src/lib.rs",
    "src/decimal.rs",
    "src/outcome.rs",
    "src/player.rs",
    "src/rng.rs",
    "src/game/mod.rs",
    "src/game/legal_cache.rs",
    "src/games/mod.rs",
    "src/games/dara.rs",
    "src/games/darra/mod.rs",
    "src/games/darra/reformat.rs",
    "src/games/bao/mod.rs",
    "src/games/bao/board.rs",
    "src/games/bao/moves.rs",
    "src/games/bao/notation.rs",
    "src/games/bao/sowing.rs",
);

/// The Python package, `python/`, without its tests: what `pip install` builds a wheel from.
pub const PYTHON_PACKAGE: &[(&str, &str)] = sources!("python":
    "pyproject.toml",
    "Cargo.toml",
    "Cargo.lock",
    "src/lib.rs",
    "src/replay.rs",
    "baraza/__init__.py",
    "baraza/log.py",
    "baraza/protocol.py",
    "baraza/spaces.py",
    "baraza/pettingzoo.py",
    "baraza/openspiel.py",
);

/// Where the rules crate is for a crate in `python/` or `bots/<kit>/` of the checkout, as
/// their Cargo.toml files spell it.
pub const PYTHON_RULES_PATH: &str = r#"path = "../crates/rules""#;
pub const KIT_RULES_PATH: &str = r#"path = "../../crates/rules""#;

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                found.extend(files_under(&path, keep));
            } else if keep(&path) {
                found.push(path);
            }
        }
        found
    }

    fn listed(base: &str, list: &[(&str, &str)], keep: &dyn Fn(&Path) -> bool) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(base);
        let mut on_disk: Vec<String> = files_under(&root, keep)
            .iter()
            .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
            .collect();
        on_disk.sort();
        let mut names: Vec<String> = list.iter().map(|f| f.0.to_string()).collect();
        names.sort();
        assert_eq!(
            names, on_disk,
            "the files built into the binary from {base}"
        );
    }

    #[test]
    fn every_file_of_the_rules_crate_is_built_in() {
        listed("crates/rules", RULES_CRATE, &|_| true);
    }

    #[test]
    fn every_source_file_of_the_python_package_is_built_in() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("python");
        let keep = |p: &Path| {
            let rel = p.strip_prefix(&root).unwrap();
            let top = rel.components().next().unwrap().as_os_str();
            let source = ["src", "baraza"].iter().any(|d| top == *d)
                && p.extension().is_some_and(|e| e == "rs" || e == "py");
            let manifest = ["pyproject.toml", "Cargo.toml", "Cargo.lock"]
                .iter()
                .any(|m| rel == Path::new(m));
            source || manifest
        };
        listed("python", PYTHON_PACKAGE, &keep);
    }

    #[test]
    fn the_manifests_spell_the_rules_path_as_the_kits_expect() {
        let python = PYTHON_PACKAGE.iter().find(|f| f.0 == "Cargo.toml").unwrap();
        assert!(python.1.contains(PYTHON_RULES_PATH), "{}", python.1);
        let rust_kit = include_str!("../../bots/rust-kit/Cargo.toml");
        assert!(rust_kit.contains(KIT_RULES_PATH), "{rust_kit}");
    }
}
