//! What a bot's file is written in, for advice that fits it: source code that must be compiled
//! first (C, C++, Rust, Go, Java), with the usual command; or a script, with the interpreter
//! that runs it, from its `#!` line or else its extension (a Perl script is not told python3).

use std::path::Path;

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
}
