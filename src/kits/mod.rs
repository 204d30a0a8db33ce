//! The starter kits of `bots/<language>-kit/`, built into the binary so that
//! `baraza new-bot <language> <dir>` can write one anywhere: each a complete bot that speaks
//! protocol v1 correctly (flushing, several games per process, `info`, `quit`). The Rust and
//! Python kits also get the sources they build against ([`vendored`]), in `vendor/`: a kit
//! needs nothing of the checkout the binary came from.

pub mod vendored;

use std::borrow::Cow;
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
    /// The build command, run in the kit's folder.
    pub build: &'static str,
    /// The bot's command relative to the kit's folder, each word that is a path starting
    /// with `{dir}/`.
    pub command: &'static str,
    /// The sources it builds against, written into `vendor/`.
    pub vendor: Vendor,
}

/// The sources a kit builds against, written beside its own files.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Vendor {
    Nothing,
    /// The rules engines' crate, as `vendor/baraza-rules`.
    RulesCrate,
    /// The `baraza` Python package, as `vendor/baraza-python`, with the rules crate inside it
    /// (`vendor/baraza-python/baraza-rules`: the package's folder is all pip needs).
    PythonPackage,
}

macro_rules! kit_files {
    ($kit:literal: $($file:literal),+) => {
        &[$(($file, include_str!(concat!("../../bots/", $kit, "/", $file)))),+]
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

        vendor: Vendor::Nothing,
    },
    Kit {
        language: "cpp",
        title: "C++",
        files: kit_files!("cpp-kit": "bot.cpp", "README.md", ".gitignore"),
        build: "c++ -O2 -std=c++17 -o bot bot.cpp",
        command: "{dir}/bot",

        vendor: Vendor::Nothing,
    },
    Kit {
        language: "go",
        title: "Go",
        files: kit_files!("go-kit": "main.go", "go.mod", "README.md", ".gitignore"),
        build: "go build -o bot .",
        command: "{dir}/bot",

        vendor: Vendor::Nothing,
    },
    Kit {
        language: "java",
        title: "Java",
        files: kit_files!("java-kit": "Bot.java", "README.md", ".gitignore"),
        build: "javac -d out Bot.java",
        command: "java -cp {dir}/out Bot",

        vendor: Vendor::Nothing,
    },
    Kit {
        language: "javascript",
        title: "JavaScript",
        files: kit_files!("javascript-kit": "bot.js", "README.md"),
        // Nothing to compile: a syntax check is the build step.
        build: "node --check bot.js",
        command: "node {dir}/bot.js",

        vendor: Vendor::Nothing,
    },
    Kit {
        language: "rust",
        title: "Rust",
        files: kit_files!("rust-kit": "src/main.rs", "Cargo.toml", "Cargo.lock", "README.md", ".gitignore"),
        build: "cargo build --release",
        command: "{dir}/target/release/baraza-rust-kit",
        vendor: Vendor::RulesCrate,
    },
    Kit {
        language: "python",
        title: "Python",
        files: kit_files!("python-kit": "bot.py", "README.md", ".gitignore"),
        // The `baraza` Python package, built by pip from the kit's own copy (pip fetches
        // maturin itself) into a virtual environment: no system-wide install for pip to refuse.
        build: "python3 -m venv .venv && .venv/bin/python -m pip install ./vendor/baraza-python",
        command: "{dir}/.venv/bin/python {dir}/bot.py",
        vendor: Vendor::PythonPackage,
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
    /// Every file of the kit, `(path inside its folder, text)`: its own, then the vendored
    /// sources with each Cargo.toml pointing at its neighbour instead of into a checkout.
    pub fn files(&self) -> Vec<(String, Cow<'static, str>)> {
        let mut files: Vec<(String, Cow<'static, str>)> = Vec::new();
        let rules_under = |folder: &str, files: &mut Vec<_>| {
            for (name, text) in vendored::RULES_CRATE {
                files.push((format!("{folder}/{name}"), Cow::Borrowed(*text)));
            }
        };
        for (name, text) in self.files {
            let text = match (self.vendor, *name) {
                (Vendor::RulesCrate, "Cargo.toml") => Cow::Owned(text.replace(
                    vendored::KIT_RULES_PATH,
                    &format!(r#"path = "{RULES_FOLDER}""#),
                )),
                _ => Cow::Borrowed(*text),
            };
            files.push((name.to_string(), text));
        }
        match self.vendor {
            Vendor::Nothing => {}
            Vendor::RulesCrate => rules_under(RULES_FOLDER, &mut files),
            Vendor::PythonPackage => {
                for (name, text) in vendored::PYTHON_PACKAGE {
                    let text = match *name {
                        "Cargo.toml" => Cow::Owned(
                            text.replace(vendored::PYTHON_RULES_PATH, r#"path = "baraza-rules""#),
                        ),
                        _ => Cow::Borrowed(*text),
                    };
                    files.push((format!("{PYTHON_FOLDER}/{name}"), text));
                }
                rules_under(&format!("{PYTHON_FOLDER}/baraza-rules"), &mut files);
            }
        }
        files
    }

    /// Write the kit's files into `dir` (created; it must not exist or be empty). Returns the
    /// kit's own files written (the vendored ones are written too, not listed).
    pub fn write(&self, dir: &Path) -> Result<Vec<PathBuf>, KitError> {
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
        for (name, text) in self.files() {
            let path = dir.join(&name);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(io(parent))?;
            }
            fs::write(&path, text.as_bytes()).map_err(io(&path))?;
            if !name.starts_with("vendor/") {
                written.push(path);
            }
        }
        Ok(written)
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

/// Where a kit keeps the rules crate, and the Python package.
pub const RULES_FOLDER: &str = "vendor/baraza-rules";
pub const PYTHON_FOLDER: &str = "vendor/baraza-python";

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

    fn file<'a>(files: &'a [(String, Cow<'static, str>)], name: &str) -> &'a str {
        &files.iter().find(|f| f.0 == name).unwrap().1
    }

    #[test]
    fn the_rust_kit_builds_against_its_own_copy_of_the_rules_crate() {
        let files = find("rust").unwrap().files();
        let parsed: toml::Table = toml::from_str(file(&files, "Cargo.toml")).unwrap();
        assert_eq!(
            parsed["dependencies"]["baraza-rules"]["path"].as_str(),
            Some("vendor/baraza-rules")
        );
        let lib = file(&files, "vendor/baraza-rules/src/lib.rs");
        assert_eq!(lib, include_str!("../../crates/rules/src/lib.rs"));
        assert!(!files
            .iter()
            .any(|f| f.0.starts_with("vendor/baraza-python")));
    }

    #[test]
    fn the_python_kit_carries_the_package_with_the_rules_crate_inside() {
        let files = find("python").unwrap().files();
        let manifest = file(&files, "vendor/baraza-python/Cargo.toml");
        let parsed: toml::Table = toml::from_str(manifest).unwrap();
        assert_eq!(
            parsed["dependencies"]["baraza-rules"]["path"].as_str(),
            Some("baraza-rules")
        );
        let rules = file(&files, "vendor/baraza-python/baraza-rules/Cargo.toml");
        assert_eq!(rules, include_str!("../../crates/rules/Cargo.toml"));
        assert!(files
            .iter()
            .any(|f| f.0 == "vendor/baraza-python/pyproject.toml"));
        // No kit names a place outside its own folder.
        for kit in KITS {
            for (name, text) in kit.files() {
                assert!(!text.contains("../../crates"), "{} {name}", kit.language);
                assert!(
                    !text.contains(env!("CARGO_MANIFEST_DIR")),
                    "{} {name}",
                    kit.language
                );
            }
        }
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
