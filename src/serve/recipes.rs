//! How an upload in each language becomes a bot: the build script run in its folder (in the
//! sandbox, [`super::build`]) and the command that runs the result. The same tools and
//! commands as the starter kits (`baraza new-bot`), so a kit's bot is taken as it is.

use std::path::{Path, PathBuf};

/// The languages a submission may be in, as the API names them.
pub const LANGUAGES: &[(&str, &str)] = &[
    ("c", "C: one .c file, or an archive of .c and .h files"),
    ("cpp", "C++17: one .cpp file, or an archive of sources"),
    ("go", "Go: one .go file, or an archive with go.mod (no dependencies to fetch)"),
    ("java", "Java: one .java file, or an archive; the class with main runs"),
    ("javascript", "JavaScript (Node.js): one .js file, or an archive with bot.js, main.js or index.js"),
    ("python", "Python 3: one .py file, or an archive with bot.py, main.py or __main__.py"),
    ("rust", "Rust: one .rs file (the standard library only), or a crate with Cargo.toml and Cargo.lock whose dependencies are vendored"),
    ("binary", "a Linux x86-64 program, built elsewhere (static, or linked to the system's libraries)"),
];

/// How to build one upload and run the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// A shell script run in the upload's folder, if it needs building.
    pub build: Option<String>,
    /// The bot's command, its program named by absolute path.
    pub command: String,
}

/// Why an upload cannot be built in its language.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RecipeError {
    #[error("unknown language '{0}': one of c, cpp, go, java, javascript, python, rust, binary")]
    Language(String),
    #[error("no {what} in the upload (it holds: {holds})")]
    Missing { what: String, holds: String },
    #[error("{0} is not a Linux program (an ELF file)")]
    NotElf(String),
}

fn q(word: &str) -> String {
    shlex::try_quote(word).map_or_else(|_| word.to_string(), |w| w.into_owned())
}

fn path_str(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

fn with_ext<'a>(files: &'a [PathBuf], exts: &[&str]) -> Vec<&'a PathBuf> {
    files
        .iter()
        .filter(|f| {
            f.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.contains(&e))
        })
        .collect()
}

fn holds(files: &[PathBuf]) -> String {
    let mut names: Vec<String> = files.iter().take(8).map(|f| path_str(f)).collect();
    if files.len() > 8 {
        names.push(format!("and {} more", files.len() - 8));
    }
    if names.is_empty() {
        "nothing".into()
    } else {
        names.join(", ")
    }
}

fn missing(what: &str, files: &[PathBuf]) -> RecipeError {
    RecipeError::Missing {
        what: what.to_string(),
        holds: holds(files),
    }
}

/// The one file, or the first of `names` at the top of the folder.
fn entry<'a>(files: &'a [PathBuf], ext: &str, names: &[&str]) -> Option<&'a PathBuf> {
    let found = with_ext(files, &[ext]);
    if files.len() == 1 && found.len() == 1 {
        return Some(found[0]);
    }
    names
        .iter()
        .find_map(|n| files.iter().find(|f| f.as_os_str() == *n))
}

/// The sources given to a compiler, quoted, in a stable order.
fn sources(files: &[&PathBuf]) -> String {
    let mut words: Vec<String> = files.iter().map(|f| q(&path_str(f))).collect();
    words.sort();
    words.join(" ")
}

/// The class holding `main` among Java sources (its package prefixed), read from their text.
fn java_main(dir: &Path, javas: &[&PathBuf]) -> Option<String> {
    for f in javas {
        let text = std::fs::read_to_string(dir.join(f)).ok()?;
        if !text.contains("static void main") {
            continue;
        }
        let class = f.file_stem()?.to_string_lossy().into_owned();
        let package = text.lines().find_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("package ")?;
            Some(rest.trim_end_matches(';').trim().to_string())
        });
        return Some(match package {
            Some(p) => format!("{p}.{class}"),
            None => class,
        });
    }
    None
}

/// The binary a Cargo package builds: its `[package] name` (or its first `[[bin]]`'s).
fn cargo_binary(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
    let t: toml::Table = toml::from_str(&text).ok()?;
    if let Some(bin) = t
        .get("bin")
        .and_then(|b| b.as_array())
        .and_then(|a| a.first())
    {
        return bin.get("name")?.as_str().map(str::to_string);
    }
    t.get("package")?.get("name")?.as_str().map(str::to_string)
}

/// The recipe for `files` (relative to `dir`, the absolute folder they were unpacked in) in
/// `language`.
pub fn recipe(language: &str, dir: &Path, files: &[PathBuf]) -> Result<Recipe, RecipeError> {
    let at = |f: &Path| q(&path_str(&dir.join(f)));
    let bot = at(Path::new("bot"));
    let recipe = |build: String, command: String| Recipe {
        build: Some(build),
        command,
    };
    Ok(match language {
        "c" => {
            let cs = with_ext(files, &["c"]);
            if cs.is_empty() {
                return Err(missing(".c file", files));
            }
            recipe(format!("cc -O2 -o bot {} -lm", sources(&cs)), bot)
        }
        "cpp" => {
            let cpps = with_ext(files, &["cpp", "cc", "cxx"]);
            if cpps.is_empty() {
                return Err(missing(".cpp file", files));
            }
            recipe(format!("c++ -O2 -std=c++17 -o bot {}", sources(&cpps)), bot)
        }
        "go" => {
            if with_ext(files, &["go"]).is_empty() {
                return Err(missing(".go file", files));
            }
            let module = if files.iter().any(|f| f.as_os_str() == "go.mod") {
                ""
            } else {
                "go mod init bot 2>&1 && "
            };
            recipe(format!("{module}go build -o bot ."), bot)
        }
        "java" => {
            let javas = with_ext(files, &["java"]);
            if javas.is_empty() {
                return Err(missing(".java file", files));
            }
            let main = java_main(dir, &javas)
                .ok_or_else(|| missing("class with `static void main`", files))?;
            recipe(
                format!("javac -J-Xmx512m -d out {}", sources(&javas)),
                format!("java -cp {} {}", at(Path::new("out")), q(&main)),
            )
        }
        "javascript" => {
            let js = entry(files, "js", &["bot.js", "main.js", "index.js"])
                .ok_or_else(|| missing("bot.js, main.js or index.js", files))?;
            recipe(
                format!("node --check {}", q(&path_str(js))),
                format!("node {}", at(js)),
            )
        }
        "python" => {
            let py = entry(files, "py", &["bot.py", "main.py", "__main__.py"])
                .ok_or_else(|| missing("bot.py, main.py or __main__.py", files))?;
            recipe(
                format!("python3 -m py_compile {}", q(&path_str(py))),
                format!("python3 {}", at(py)),
            )
        }
        "rust" => {
            if files.iter().any(|f| f.as_os_str() == "Cargo.toml") {
                let name = cargo_binary(dir)
                    .ok_or_else(|| missing("package name in Cargo.toml", files))?;
                recipe(
                    "cargo build --release --offline".to_string(),
                    at(&Path::new("target/release").join(name)),
                )
            } else {
                let rs = entry(files, "rs", &["main.rs", "src/main.rs"])
                    .ok_or_else(|| missing("main.rs", files))?;
                recipe(format!("rustc -O -o bot {}", q(&path_str(rs))), bot)
            }
        }
        "binary" => {
            let [one] = files else {
                return Err(missing("single program file", files));
            };
            let path = dir.join(one);
            let head = std::fs::read(&path).unwrap_or_default();
            if !head.starts_with(b"\x7fELF") {
                return Err(RecipeError::NotElf(path_str(one)));
            }
            Recipe {
                build: Some(format!("chmod 755 {}", q(&path_str(one)))),
                command: at(one),
            }
        }
        other => return Err(RecipeError::Language(other.chars().take(40).collect())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(names: &[&str]) -> Vec<PathBuf> {
        names.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn each_kit_s_files_make_the_kit_s_build_and_command() {
        let dir = Path::new("/srv/b/7");
        let c = recipe("c", dir, &files(&["bot.c"])).unwrap();
        assert_eq!(c.build.as_deref(), Some("cc -O2 -o bot bot.c -lm"));
        assert_eq!(c.command, "/srv/b/7/bot");
        let go = recipe("go", dir, &files(&["main.go", "go.mod"])).unwrap();
        assert_eq!(go.build.as_deref(), Some("go build -o bot ."));
        let go = recipe("go", dir, &files(&["main.go"])).unwrap();
        assert_eq!(
            go.build.as_deref(),
            Some("go mod init bot 2>&1 && go build -o bot .")
        );
        let py = recipe("python", dir, &files(&["strong.py"])).unwrap();
        assert_eq!(py.command, "python3 /srv/b/7/strong.py");
        let py = recipe("python", dir, &files(&["lib.py", "main.py"])).unwrap();
        assert_eq!(py.command, "python3 /srv/b/7/main.py");
        let js = recipe("javascript", Path::new("/a b"), &files(&["bot.js"])).unwrap();
        assert_eq!(js.command, "node '/a b/bot.js'");
    }

    #[test]
    fn an_upload_without_what_its_language_needs_is_refused_by_name() {
        let dir = Path::new("/x");
        assert_eq!(
            recipe("c", dir, &files(&["bot.py"])),
            Err(RecipeError::Missing {
                what: ".c file".into(),
                holds: "bot.py".into()
            })
        );
        assert!(matches!(
            recipe("cobol", dir, &files(&["a"])),
            Err(RecipeError::Language(_))
        ));
        assert!(recipe("python", dir, &files(&["a.py", "b.py"])).is_err());
    }

    #[test]
    fn java_runs_the_class_with_main_and_its_package() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("Util.java"), "class Util {}").unwrap();
        std::fs::write(
            dir.path().join("Bot.java"),
            "package my.bot;\npublic class Bot { public static void main(String[] a) {} }",
        )
        .unwrap();
        let r = recipe("java", dir.path(), &files(&["Util.java", "Bot.java"])).unwrap();
        assert!(r.command.ends_with("/out my.bot.Bot"), "{}", r.command);
        assert_eq!(
            r.build.as_deref(),
            Some("javac -J-Xmx512m -d out Bot.java Util.java")
        );
    }

    #[test]
    fn a_binary_must_be_elf() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("prog"), "#!/bin/sh\n").unwrap();
        assert_eq!(
            recipe("binary", dir.path(), &files(&["prog"])),
            Err(RecipeError::NotElf("prog".into()))
        );
        std::fs::write(dir.path().join("prog"), b"\x7fELF\x02\x01").unwrap();
        assert!(recipe("binary", dir.path(), &files(&["prog"])).is_ok());
    }
}
