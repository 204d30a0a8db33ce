//! What a bot's file is written in, for advice that fits it: source code that must be compiled
//! first (C, C++, Rust, Go, Java), with the usual command; or a script, with the interpreter
//! that runs it, from its `#!` line or else its extension (a Perl script is not told python3);
//! and the [`Language`] a running bot is written in, from its command ([`of_command`]), for the
//! flush call a silent bot is told.

use super::language::Language;
use std::path::Path;

/// The language of a program or interpreter named `name` (a file name: `python3.11`,
/// `node`), or `None`.
fn of_interpreter(name: &str) -> Option<Language> {
    let name = name.split('.').next().unwrap_or(name);
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
    match base {
        "python" | "pypy" => Some(Language::Python),
        "node" | "nodejs" | "deno" | "bun" => Some(Language::JavaScript),
        "java" => Some(Language::Java),
        _ => None,
    }
}

/// The language of a bot run as `argv` (its program's path first, as after preflight): its
/// interpreter (`python3`, `node`, `java`, through `env` too), else its program file's `#!`
/// line or extension, else what a compiled program's bytes say
/// ([`super::binary_language`]). Reads the program file; `None` when nothing tells.
pub fn of_command(argv: &[String]) -> Option<Language> {
    let program = argv.first()?;
    let name = Path::new(program).file_name()?.to_string_lossy();
    if name == "env" {
        // `env [-i] [NAME=VALUE]... program args`
        let at = argv[1..]
            .iter()
            .position(|w| !w.starts_with('-') && !w.contains('='))?;
        return of_command(&argv[1 + at..]);
    }
    if let Some(l) = of_interpreter(&name) {
        return Some(l);
    }
    let mut head = [0u8; 256];
    let n = std::fs::File::open(program)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .unwrap_or(0);
    if let Some(i) = interpreter(program, &head[..n]) {
        return of_interpreter(&i);
    }
    super::binary_language::of_program(Path::new(program))
}

/// Compiled languages by extension: name, and how to compile (`{src}` the file, `{out}` the
/// program).
const COMPILED: &[(&str, &str, &str)] = &[
    ("c", "C", "cc -O2 -o {out} {src}"),
    ("cpp", "C++", "c++ -O2 -o {out} {src}"),
    ("cc", "C++", "c++ -O2 -o {out} {src}"),
    ("cxx", "C++", "c++ -O2 -o {out} {src}"),
    ("rs", "Rust", "rustc -O -o {out} {src}"),
    ("go", "Go", "go build -o {out} {src}"),
];

/// Interpreters by script extension.
const SCRIPTS: &[(&str, &str)] = &[
    ("py", "python3"),
    ("js", "node"),
    ("mjs", "node"),
    ("cjs", "node"),
    ("sh", "sh"),
    ("bash", "bash"),
    ("rb", "ruby"),
    ("pl", "perl"),
    ("php", "php"),
    ("lua", "lua"),
    ("R", "Rscript"),
    ("jl", "julia"),
    ("exs", "elixir"),
];

/// Programs whose first argument that is not an option names their script or program
/// (`python3 bot.py`, `java -jar bot.jar`).
pub const INTERPRETERS: &[&str] = &[
    "python", "python3", "python2", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "sh", "bash",
    "dash", "zsh", "ksh", "ruby", "perl", "php", "lua", "luajit", "java", "Rscript", "julia",
    "elixir", "guile", "racket", "ocaml", "swift", "dotnet", "mono", "env",
];

/// Extensions of the files an interpreter runs.
pub const SCRIPT_EXTENSIONS: &[&str] = &[
    "py", "pyc", "js", "mjs", "cjs", "ts", "sh", "bash", "zsh", "rb", "pl", "pm", "php", "lua",
    "R", "r", "jl", "exs", "ex", "scm", "rkt", "ml", "swift", "dll", "exe", "jar", "java",
];

/// Whether `program` (a path or a name; `python3.11` too) is one of the [`INTERPRETERS`].
pub fn is_interpreter(program: &str) -> bool {
    let name = Path::new(program)
        .file_stem()
        .map_or(program.into(), |n| n.to_string_lossy());
    INTERPRETERS.contains(&name.as_ref())
}

/// Whether `word` ends in one of the [`SCRIPT_EXTENSIONS`].
pub fn has_script_extension(word: &str) -> bool {
    Path::new(word)
        .extension()
        .is_some_and(|e| SCRIPT_EXTENSIONS.contains(&e.to_string_lossy().as_ref()))
}

/// Source code given as the bot: the sentence that says so and how to compile it, e.g.
/// `C source code, not a program: compile it first ('cc -O2 -o ./m ./m.c'), then give the
/// program ('./m')`. `file` as the command wrote it.
pub fn source_advice(file: &str) -> Option<String> {
    let path = Path::new(file);
    let ext = path.extension()?.to_str()?;
    let stem = path.file_stem()?.to_str()?;
    let out = shown(&path.with_file_name(stem));
    let src = shown(path);
    if ext == "java" {
        let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
        let dir = std::fs::canonicalize(parent.unwrap_or(Path::new("."))).unwrap_or_default();
        return Some(format!(
            "Java source code, not a program: compile it first ('javac {src}'), then give \
             'java -cp {} {stem}'",
            dir.display()
        ));
    }
    let (_, language, compile) = COMPILED.iter().find(|(e, _, _)| *e == ext)?;
    let compile = compile.replace("{out}", &out).replace("{src}", &src);
    Some(format!(
        "{language} source code, not a program: compile it first ('{compile}'), then give the \
         program ('{out}')"
    ))
}

/// A path as a command names it: with a `/` (`m` is `./m`).
fn shown(path: &Path) -> String {
    let s = path.to_string_lossy();
    if s.contains('/') {
        s.into_owned()
    } else {
        format!("./{s}")
    }
}

/// The interpreter of the script `file` whose first bytes are `head`: the program its `#!`
/// line names (`#!/usr/bin/perl -w` and `#!/usr/bin/env perl` are `perl`), else the one of
/// its extension; `None` when neither says.
pub fn interpreter(file: &str, head: &[u8]) -> Option<String> {
    from_shebang(head).or_else(|| {
        let ext = Path::new(file).extension()?.to_str()?;
        SCRIPTS
            .iter()
            .find(|(e, _)| *e == ext)
            .map(|(_, i)| i.to_string())
    })
}

fn from_shebang(head: &[u8]) -> Option<String> {
    let line = head.strip_prefix(b"#!")?.split(|&b| b == b'\n').next()?;
    let line = std::str::from_utf8(line).ok()?;
    let mut words = line.split_whitespace();
    let program = words.next()?;
    let name = |p: &str| {
        Path::new(p)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
    };
    if name(program)? != "env" {
        return name(program);
    }
    words.find(|w| !w.starts_with('-')).and_then(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_extension_with_an_interpreter_is_a_script_extension() {
        for (ext, interpreter) in SCRIPTS {
            assert!(SCRIPT_EXTENSIONS.contains(ext), "{ext}");
            assert!(is_interpreter(interpreter), "{interpreter}");
        }
    }

    #[test]
    fn source_code_gets_its_usual_compile_command() {
        assert_eq!(
            source_advice("./m.c").unwrap(),
            "C source code, not a program: compile it first ('cc -O2 -o ./m ./m.c'), then give \
             the program ('./m')"
        );
        assert!(source_advice("bots/b.cpp")
            .unwrap()
            .contains("'c++ -O2 -o bots/b bots/b.cpp'"));
        assert!(source_advice("m.rs")
            .unwrap()
            .contains("'rustc -O -o ./m ./m.rs'"));
        assert!(source_advice("m.go")
            .unwrap()
            .contains("'go build -o ./m ./m.go'"));
        let java = source_advice("./Bot.java").unwrap();
        assert!(java.starts_with("Java source code, not a program: compile it first ('javac ./Bot.java'), then give 'java -cp /"), "{java}");
        assert!(java.ends_with(" Bot'"), "{java}");
        assert_eq!(source_advice("./bot.py"), None);
        assert_eq!(source_advice("./bot"), None);
    }

    #[test]
    fn the_interpreter_comes_from_the_shebang_line_then_the_extension() {
        assert_eq!(
            interpreter("./b", b"#!/usr/bin/perl -w\nuse strict;\n").unwrap(),
            "perl"
        );
        assert_eq!(
            interpreter("./b.py", b"#!/usr/bin/env ruby\n").unwrap(),
            "ruby"
        );
        assert_eq!(
            interpreter("./b", b"#!/usr/bin/env -S node --x\n").unwrap(),
            "node"
        );
        assert_eq!(interpreter("./b.pl", b"use strict;\n").unwrap(), "perl");
        assert_eq!(interpreter("./b.js", b"").unwrap(), "node");
        assert_eq!(interpreter("./b", b"print 1\n"), None);
    }

    fn words(c: &str) -> Vec<String> {
        c.split(' ').map(String::from).collect()
    }

    #[test]
    fn a_commands_language_comes_from_its_interpreter() {
        let of = |c: &str| of_command(&words(c));
        assert_eq!(of("/usr/bin/python3.11 -u b.py"), Some(Language::Python));
        assert_eq!(of("pypy3 b.py"), Some(Language::Python));
        assert_eq!(of("node b.js"), Some(Language::JavaScript));
        assert_eq!(of("java -cp k/out Bot"), Some(Language::Java));
        assert_eq!(of("env -i A=1 node b.js"), Some(Language::JavaScript));
        // A script that cannot be read: its extension.
        assert_eq!(of("/nowhere/b.py"), Some(Language::Python));
        assert_eq!(of("/nowhere/b"), None);
        assert_eq!(of("sh b.sh"), None);
    }

    #[test]
    fn a_scripts_language_comes_from_its_shebang_line() {
        let dir = tempfile::tempdir().unwrap();
        let bot = dir.path().join("bot");
        std::fs::write(&bot, "#!/usr/bin/env python3\nprint('ready')\n").unwrap();
        let argv = vec![bot.to_string_lossy().into_owned()];
        assert_eq!(of_command(&argv), Some(Language::Python));
        std::fs::write(&bot, "#!/bin/sh\necho ready\n").unwrap();
        assert_eq!(of_command(&argv), None);
    }
}
