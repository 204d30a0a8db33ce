//! Checks of a bot's command line before its first game, for the mistakes a newcomer makes:
//! a program that is a directory, not executable, a script without `#!` (the kernel refuses
//! it and the C library quietly hands it to `/bin/sh`), a `#!` line ending in CR (the
//! kernel then looks for an interpreter named `python3\r`), a shell script with CRLF line
//! endings, an interpreter's script that does not exist, and shell syntax in a command that no
//! shell will ever see, and source code given as the program (to be compiled first). Each is
//! one error (or warning) that names the cause and the fix, in the bot's own language,
//! instead of a `crash` or a startup time-out in every game.

use crate::bot::languages;
use crate::escape::shell::single_quoted;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// A command that cannot work; the message names the fix.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum PreflightError {
    #[error("program '{program}' not found on PATH{hint}")]
    NotOnPath { program: String, hint: String },
    #[error("program '{program}' not found{hint}")]
    Missing { program: String, hint: String },
    #[error("'{0}' is a directory, not a program")]
    Directory(String),
    /// `advice`: how to start it through its interpreter, when known (see
    /// [`crate::bot::languages`]).
    #[error("'{file}' is not executable: run 'chmod +x {file}', or start it through its interpreter{advice}")]
    NotExecutable { file: String, advice: String },
    #[error("'{file}' is a script without a '#!' line, so it cannot be run directly: add one as its first line ({example}), or start it through its interpreter{advice}")]
    NoShebang {
        file: String,
        example: String,
        advice: String,
    },
    /// Source code (C, C++, Rust, Go, Java) given as the program: `advice` says how to compile.
    #[error("'{file}' is {advice}")]
    Source { file: String, advice: String },
    #[error("'{0}' has Windows (CRLF) line endings, so its '#!' line names an interpreter ending in a carriage return: convert the file with 'sed -i 's/\\r$//' {0}' (or dos2unix)")]
    CrlfShebang(String),
    #[error("'{0}' has Windows (CRLF) line endings, which the shell reads as part of every command: convert it with 'sed -i 's/\\r$//' {0}' (or dos2unix)")]
    CrlfShellScript(String),
    #[error("{interpreter}'s script '{script}' not found")]
    ScriptMissing { interpreter: String, script: String },
}

/// A command that may work, but probably not as its author meant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreflightWarning {
    /// Shell syntax (the word) in a command run without a shell: the word reaches the program
    /// as an argument.
    ShellSyntax { word: String, command: String },
}

impl std::fmt::Display for PreflightWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PreflightWarning::ShellSyntax { word, command } => write!(
                f,
                "'{word}' is shell syntax, but bot commands run without a shell, so it reaches \
                 the program as an argument; for a shell, write: sh -c {}",
                single_quoted(command)
            ),
        }
    }
}

/// What [`check_command`] found: the program to run (its path) and any warnings.
#[derive(Debug)]
pub struct Preflight {
    pub program: PathBuf,
    pub warnings: Vec<PreflightWarning>,
}

/// Shells: a script they run with CRLF line endings breaks on every line.
const SHELLS: &[&str] = &["sh", "bash", "dash", "zsh", "ksh"];
/// Shell builtins that are no program: `cd bots && ./bot` cannot run without a shell.
const SHELL_BUILTINS: &[&str] = &["cd", "source", ".", "export", "exec", "set", "ulimit"];

/// Check a split bot command (`argv`, as `command` was written) before any game.
pub fn check_command(argv: &[String], command: &str) -> Result<Preflight, PreflightError> {
    let warnings = shell_syntax(argv, command);
    let program = argv.first().map(String::as_str).unwrap_or("");
    if Path::new(program).is_file() {
        if let Some(advice) = languages::source_advice(program) {
            let file = program.to_string();
            return Err(PreflightError::Source { file, advice });
        }
    }
    let path = find_program(program, !warnings.is_empty())
        .map_err(|e| with_split_hint(e, argv, command))?;
    check_program_file(&path, program)?;
    if let Some(script) = interpreter_script(argv) {
        check_script(&argv[0], script)?;
    }
    Ok(Preflight {
        program: path,
        warnings,
    })
}

/// A program not found because of how the command was split into words, when nothing else
/// was said: a backslash taken as an escape (`.\cbot` is `.cbot`), or a path with a space
/// left unquoted (`./my bot` is `./my` and `bot`).
fn with_split_hint(e: PreflightError, argv: &[String], command: &str) -> PreflightError {
    let hint = match &e {
        PreflightError::NotOnPath { hint, .. } | PreflightError::Missing { hint, .. }
            if hint.is_empty() =>
        {
            split_hint(argv, command)
        }
        _ => None,
    };
    match (e, hint) {
        (PreflightError::NotOnPath { program, .. }, Some(hint)) => {
            PreflightError::NotOnPath { program, hint }
        }
        (PreflightError::Missing { program, .. }, Some(hint)) => {
            PreflightError::Missing { program, hint }
        }
        (e, _) => e,
    }
}

fn split_hint(argv: &[String], command: &str) -> Option<String> {
    if let Some(first) = command
        .split_whitespace()
        .next()
        .filter(|w| w.contains('\\'))
    {
        let slashed = first.replace('\\', "/");
        return Some(format!(
            " (a backslash in a bot command escapes the next character, as in a shell, so \
             '{first}' is read as '{}': paths are written with '/', as in '{slashed}')",
            argv.first().map_or("", String::as_str)
        ));
    }
    // The shortest run of words that, joined by spaces, names a file.
    (2..=argv.len()).find_map(|n| {
        let joined = argv[..n].join(" ");
        Path::new(&joined).is_file().then(|| {
            format!(
                " ('{joined}' is a file: a path with a space is quoted in the bot command, as \
                 in '\"{joined}\"')"
            )
        })
    })
}

fn find_program(program: &str, has_shell_syntax: bool) -> Result<PathBuf, PreflightError> {
    if program.contains('/') {
        let p = PathBuf::from(program);
        if std::fs::symlink_metadata(&p).is_err() {
            return Err(PreflightError::Missing {
                program: program.to_string(),
                hint: missing_hint(program, has_shell_syntax),
            });
        }
        return Ok(p);
    }
    let found = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(program))
            .find(|p| is_executable_file(p))
    });
    found.ok_or_else(|| PreflightError::NotOnPath {
        program: program.to_string(),
        hint: not_on_path_hint(program, has_shell_syntax),
    })
}

fn not_on_path_hint(program: &str, has_shell_syntax: bool) -> String {
    if SHELL_BUILTINS.contains(&program) || has_shell_syntax {
        format!(" ('{program}' needs a shell: bot commands run without one; write sh -c '...')")
    } else if Path::new(program).is_file() {
        format!(
            " (a name without '/' is looked up on PATH only; for the file here, write './{program}')"
        )
    } else {
        String::new()
    }
}

/// Why a path with a `/` names nothing: `~` or a variable that no shell expanded.
fn missing_hint(program: &str, has_shell_syntax: bool) -> String {
    if let Some(rest) = program.strip_prefix("~/") {
        let full = std::env::var("HOME").map_or_else(
            |_| String::new(),
            |home| format!(": '{}/{rest}'", home.trim_end_matches('/')),
        );
        format!(
            " ('~' is shell syntax, and bot commands run without a shell, so nothing expands \
             it: write the path in full{full})"
        )
    } else if has_shell_syntax {
        " (it needs a shell: bot commands run without one; write sh -c '...')".to_string()
    } else {
        String::new()
    }
}

fn is_executable_file(p: &Path) -> bool {
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

fn check_program_file(path: &Path, shown: &str) -> Result<(), PreflightError> {
    let meta = std::fs::metadata(path).map_err(|_| PreflightError::Missing {
        program: shown.to_string(),
        hint: String::new(),
    })?;
    if meta.is_dir() {
        return Err(PreflightError::Directory(shown.to_string()));
    }
    let head = read_head(path);
    // Started through its interpreter: `perl ./bot` for a Perl script, as its `#!` says.
    let advice = |shown: &str| {
        languages::interpreter(shown, &head)
            .map_or_else(String::new, |i| format!(" (e.g. '{i} {shown}')"))
    };
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(PreflightError::NotExecutable {
            file: shown.to_string(),
            advice: advice(shown),
        });
    }
    if head.starts_with(b"\x7fELF") {
        return Ok(());
    }
    if let Some(line) = head.strip_prefix(b"#!") {
        let first = line.split(|&b| b == b'\n').next().unwrap_or(b"");
        if first.ends_with(b"\r") {
            return Err(PreflightError::CrlfShebang(shown.to_string()));
        }
        return Ok(());
    }
    if looks_like_text(&head) {
        let example = match languages::interpreter(shown, &head) {
            Some(i) => format!("e.g. '#!/usr/bin/env {i}'"),
            None => "e.g. '#!/usr/bin/env python3' for a Python script".to_string(),
        };
        return Err(PreflightError::NoShebang {
            file: shown.to_string(),
            example,
            advice: advice(shown),
        });
    }
    Ok(())
}

/// The script an interpreter is asked to run (`python3 bot.py` → `bot.py`): its first
/// argument when that is not an option (`python3 -m pkg` names no file).
fn interpreter_script(argv: &[String]) -> Option<&str> {
    let first = argv.get(1)?;
    (languages::is_interpreter(argv.first()?) && !first.starts_with('-')).then_some(first.as_str())
}

fn check_script(interpreter: &str, script: &str) -> Result<(), PreflightError> {
    let shell = Path::new(interpreter)
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| SHELLS.contains(&n));
    let path = Path::new(script);
    if !path.exists() {
        // `node -e` style code is caught above; a bare word may be a module or a command.
        if script.contains('/') || path.extension().is_some() {
            return Err(PreflightError::ScriptMissing {
                interpreter: interpreter.to_string(),
                script: script.to_string(),
            });
        }
        return Ok(());
    }
    if shell && read_head(path).windows(2).any(|w| w == b"\r\n") {
        return Err(PreflightError::CrlfShellScript(script.to_string()));
    }
    Ok(())
}

/// The first few KiB of a file (empty when it cannot be read: the start will say why).
fn read_head(path: &Path) -> Vec<u8> {
    let mut buf = Vec::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(4096).read_to_end(&mut buf);
    }
    buf
}

/// No NUL byte and valid UTF-8 (a cut multi-byte character at the end allowed): a script.
fn looks_like_text(head: &[u8]) -> bool {
    if head.is_empty() || head.contains(&0) {
        return false;
    }
    match std::str::from_utf8(head) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none(),
    }
}

/// Words that mean something to a shell and nothing to a program: pipes, redirections, `&&`,
/// `;`, `~` and `$VAR`.
fn shell_syntax(argv: &[String], command: &str) -> Vec<PreflightWarning> {
    // `sh -c '...'`, the form the warning itself advises: the script is the shell's to read.
    let program = argv.first().map(|p| p.rsplit('/').next().unwrap_or(p));
    if program.is_some_and(|p| SHELLS.contains(&p)) && argv.get(1).is_some_and(|a| a == "-c") {
        return vec![];
    }
    let is_shell_word = |w: &str| {
        matches!(w, "|" | "||" | "&&" | "&" | ";" | "<" | ">" | ">>")
            || w.starts_with('>')
            || w.starts_with("2>")
            || w.starts_with("1>")
            || w.starts_with('<')
            || w.starts_with('~')
            || w.ends_with(';')
            || has_variable(w)
    };
    argv.iter()
        .filter(|w| is_shell_word(w))
        .take(1)
        .map(|w| PreflightWarning::ShellSyntax {
            word: w.clone(),
            command: command.to_string(),
        })
        .collect()
}

fn has_variable(word: &str) -> bool {
    let b = word.as_bytes();
    b.windows(2)
        .any(|w| w[0] == b'$' && (w[1].is_ascii_alphabetic() || w[1] == b'_' || w[1] == b'{'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(cmd: &str) -> Vec<String> {
        shlex::split(cmd).unwrap()
    }

    #[test]
    fn shell_syntax_is_named_with_the_sh_c_form() {
        let cmd = "python3 bot.py 2>/dev/null";
        let w = shell_syntax(&argv(cmd), cmd);
        assert_eq!(w.len(), 1);
        let text = w[0].to_string();
        assert!(text.contains("'2>/dev/null' is shell syntax"), "{text}");
        assert!(
            text.ends_with("sh -c 'python3 bot.py 2>/dev/null'"),
            "{text}"
        );
        for cmd in [
            "bot.py | tee log",
            "cd bots && ./bot",
            "a ; b",
            "x ~/bot",
            "x $HOME/b",
        ] {
            assert_eq!(shell_syntax(&argv(cmd), cmd).len(), 1, "{cmd}");
        }
        for cmd in [
            "python3 bot.py --depth 3",
            "./bot -x=1",
            "node b.js 'a b'",
            "x 5$",
            "sh -c 'head -c 16 /dev/zero > \"$HOME/x\"; exec ./bot'",
            "/usr/bin/bash -c 'cd bots && ./bot 2>/dev/null'",
        ] {
            assert!(shell_syntax(&argv(cmd), cmd).is_empty(), "{cmd}");
        }
    }

    #[test]
    fn a_quote_in_the_suggested_command_is_escaped() {
        assert_eq!(single_quoted("echo 'hi' >x"), r"'echo '\''hi'\'' >x'");
    }

    #[test]
    fn interpreter_script_is_the_first_non_option() {
        assert_eq!(
            interpreter_script(&argv("python3 bot.py -v")),
            Some("bot.py")
        );
        assert_eq!(
            interpreter_script(&argv("/usr/bin/node b.js")),
            Some("b.js")
        );
        assert_eq!(interpreter_script(&argv("python3 -m bot")), None);
        assert_eq!(interpreter_script(&argv("./bot b.py")), None);
    }

    #[test]
    fn text_and_binary_heads() {
        assert!(looks_like_text(b"import sys\nprint(1)\n"));
        assert!(looks_like_text("é".as_bytes()));
        assert!(!looks_like_text(b"\x7fELF\x02\x01\x01\0\0"));
        assert!(!looks_like_text(b""));
        assert!(!looks_like_text(&[0xff, 0xfe, b'a']));
    }
}
