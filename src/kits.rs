//! The starter kits of `bots/<language>-kit/`, built into the binary so that
//! `baraza new-bot <language> <dir>` can write one anywhere: each a complete bot that speaks
//! protocol v1 correctly (flushing, several games per process, `info`, `quit`).

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// One starter kit: its files, how to build it and the command that runs the built bot.
pub struct Kit {
    /// The name `new-bot` takes.
    pub language: &'static str,
    /// The language's own spelling, for people.
    pub title: &'static str,
    /// Path inside the kit folder, and its text.
    pub files: &'static [(&'static str, &'static str)],
    /// The build command, run in the kit's folder; `{crate}` stands for this checkout.
    pub build: &'static str,
    /// The bot's command relative to the kit's folder, each word that is a path starting
    /// with `{dir}/`.
    pub command: &'static str,
}

macro_rules! kit_files {
    ($kit:literal: $($file:literal),+) => {
        &[$(($file, include_str!(concat!("../bots/", $kit, "/", $file)))),+]
    };
}

/// Every kit, in the order `new-bot --help` lists them.
pub const KITS: &[Kit] = &[
    Kit {
        language: "c",
        title: "C",
        files: kit_files!("c-kit": "bot.c", "README.md", ".gitignore"),
        build: "cc -O2 -o bot bot.c",
        command: "{dir}/bot",
    },
    Kit {
        language: "cpp",
        title: "C++",
        files: kit_files!("cpp-kit": "bot.cpp", "README.md", ".gitignore"),
        build: "c++ -O2 -std=c++17 -o bot bot.cpp",
        command: "{dir}/bot",
    },
    Kit {
        language: "go",
        title: "Go",
        files: kit_files!("go-kit": "main.go", "go.mod", "README.md", ".gitignore"),
        build: "go build -o bot .",
        command: "{dir}/bot",
    },
    Kit {
        language: "java",
        title: "Java",
        files: kit_files!("java-kit": "Bot.java", "README.md", ".gitignore"),
        build: "javac -d out Bot.java",
        command: "java -cp {dir}/out Bot",
    },
    Kit {
        language: "javascript",
        title: "JavaScript",
        files: kit_files!("javascript-kit": "bot.js", "README.md"),
        // Nothing to compile: a syntax check is the build step.
        build: "node --check bot.js",
        command: "node {dir}/bot.js",
    },
    Kit {
        language: "rust",
        title: "Rust",
        files: kit_files!("rust-kit": "src/main.rs", "Cargo.toml", "Cargo.lock", "README.md", ".gitignore"),
        build: "cargo build --release",
        command: "{dir}/target/release/baraza-rust-kit",
    },
    Kit {
        language: "python",
        title: "Python",
        files: kit_files!("python-kit": "bot.py", "README.md"),
        // The `baraza` Python package, built from this checkout (maturin) and installed.
        build: "python3 -m maturin build --release -m {crate}/python/Cargo.toml -o {crate}/target/wheels \
                && python3 -m pip install --force-reinstall {crate}/target/wheels/baraza-0.1.0-*.whl",
        command: "python3 {dir}/bot.py",
    },
];

/// The kit for `language` (`c++` and `js` are taken for `cpp` and `javascript`).
pub fn find(language: &str) -> Option<&'static Kit> {
    let name = match language.to_ascii_lowercase().as_str() {
        "c++" | "cxx" => "cpp".to_string(),
        "js" | "node" => "javascript".to_string(),
        other => other.to_string(),
    };
    KITS.iter().find(|k| k.language == name)
}

/// Why a kit could not be written.
#[derive(Debug, thiserror::Error)]
pub enum KitError {
    #[error(
        "{0} already exists and is not an empty folder: choose a new folder, nothing was written"
    )]
    NotEmpty(PathBuf),
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl Kit {
    /// Write the kit's files into `dir` (created; it must not exist or be empty), with the
    /// Rust kit's path to the `baraza` crate set to `crate_dir`. Returns the files written.
    pub fn write(&self, dir: &Path, crate_dir: &Path) -> Result<Vec<PathBuf>, KitError> {
        let empty = match fs::read_dir(dir) {
            Ok(mut entries) => entries.next().is_none(),
            Err(e) => e.kind() == ErrorKind::NotFound,
        };
        if !empty {
            return Err(KitError::NotEmpty(dir.to_path_buf()));
        }
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| KitError::Io { path, source }
        };
        let mut written = Vec::new();
        for (name, text) in self.files {
            let path = dir.join(name);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(io(parent))?;
            }
            let text = match *name {
                "Cargo.toml" => with_crate_path(text, crate_dir),
                _ => text.to_string(),
            };
            fs::write(&path, text).map_err(io(&path))?;
            written.push(path);
        }
        Ok(written)
    }

    /// The build command for a kit built against the checkout `crate_dir`.
    pub fn build_with(&self, crate_dir: &Path) -> String {
        let dir = crate_dir.to_string_lossy();
        let quoted = shlex::try_quote(&dir).map_or(dir.to_string(), |q| q.into_owned());
        self.build.replace("{crate}", &quoted)
    }

    /// The bot's command for a kit written into `dir` (shell-quoted where needed).
    pub fn command_in(&self, dir: &Path) -> String {
        let dir = dir.to_string_lossy();
        let dir = dir.trim_end_matches('/');
        self.command
            .split(' ')
            .map(|word| {
                let word = word.replace("{dir}", dir);
                shlex::try_quote(&word).map_or(word.clone(), |q| q.into_owned())
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Where the rules engines' crate is in a checkout: what the Rust kit depends on.
pub const RULES_CRATE: &str = "crates/rules";

/// The kit's Cargo.toml with its `baraza-rules` dependency pointing into `crate_dir` instead
/// of the checkout-relative `../../crates/rules` (the kit is written anywhere).
fn with_crate_path(cargo_toml: &str, crate_dir: &Path) -> String {
    let quoted = toml_string(&crate_dir.join(RULES_CRATE).to_string_lossy());
    cargo_toml.replace(
        &format!(r#"path = "../../{RULES_CRATE}""#),
        &format!("path = {quoted}"),
    )
}

/// A TOML basic string of `s`.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kit_is_found_by_its_name_and_the_usual_aliases() {
        for kit in KITS {
            assert_eq!(find(kit.language).unwrap().language, kit.language);
        }
        assert_eq!(find("C++").unwrap().language, "cpp");
        assert_eq!(find("js").unwrap().language, "javascript");
        assert!(find("cobol").is_none());
    }

    #[test]
    fn the_rust_kit_points_at_the_given_crate_folder() {
        let text = find("rust")
            .unwrap()
            .files
            .iter()
            .find(|f| f.0 == "Cargo.toml")
            .unwrap()
            .1;
        assert!(
            text.contains(r#"path = "../../crates/rules""#),
            "the kit's own Cargo.toml changed its path"
        );
        let moved = with_crate_path(text, Path::new("/src/my \"baraza\""));
        let parsed: toml::Table = toml::from_str(&moved).unwrap();
        assert_eq!(
            parsed["dependencies"]["baraza-rules"]["path"].as_str(),
            Some("/src/my \"baraza\"/crates/rules"),
            "{moved}"
        );
    }

    #[test]
    fn a_command_quotes_a_folder_with_spaces() {
        let java = find("java").unwrap();
        assert_eq!(
            java.command_in(Path::new("my bot/")),
            "java -cp 'my bot/out' Bot"
        );
        assert_eq!(find("c").unwrap().command_in(Path::new("b")), "b/bot");
    }
}
