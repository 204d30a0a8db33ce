//! `baraza completions` and `baraza man`: the scripts and pages clap's generators make from
//! the command-line definitions. Bash's completion is run the way bash runs it; the pages are
//! checked against the commands `--help` lists, and rendered by `man` where it is installed.

use crate::support::{baraza_ok, exe, need, refused, temp_dir, Tool};
use std::collections::BTreeSet;
use std::process::{Command, Stdio};

/// What bash's completion offers for the words of `line` (the last one being completed):
/// the script that `baraza completions bash` prints, sourced, and the function that its
/// `complete -F <function> baraza` names called with COMP_WORDS, COMP_CWORD, COMP_LINE and
/// COMP_POINT set, as bash sets them before calling it; COMPREPLY, one word a line.
fn bash_completes(script: &str, line: &str) -> Vec<String> {
    let function = script
        .lines()
        .find_map(|l| {
            let rest = l.trim().strip_prefix("complete -F ")?;
            let mut words = rest.split_whitespace();
            let function = words.next()?;
            (words.last() == Some("baraza")).then_some(function)
        })
        .unwrap_or_else(|| panic!("no `complete -F <function> baraza` in the script"));
    let words: Vec<&str> = line.split(' ').collect();
    let cword = words.len() - 1;
    let previous = if cword > 0 { words[cword - 1] } else { "" };
    let call = format!(
        "COMP_WORDS=({words}); COMP_CWORD={cword}; COMP_LINE='{line}'; COMP_POINT={point}\n\
         {function} baraza '{current}' '{previous}'\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        words = words.join(" "),
        point = line.len(),
        current = words[cword],
    );
    let dir = temp_dir("bash-completion");
    let path = dir.join("baraza.bash");
    std::fs::write(&path, script).unwrap();
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("source '{}'\n{call}", path.display()))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && stderr.is_empty(), "{line}: {out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

#[test]
#[cfg_attr(not(tool_bash), ignore = "needs bash")]
fn bash_completes_commands_and_options() {
    need(Tool::Bash);
    let script = baraza_ok(["completions", "bash"]);
    assert_eq!(bash_completes(&script, "baraza mat"), ["match"]);
    let mut both = bash_completes(&script, "baraza ma");
    both.sort();
    assert_eq!(
        both,
        ["man", "match"],
        "`man` and `match` both start with ma"
    );
    assert_eq!(bash_completes(&script, "baraza match --gam"), ["--games"]);
    // An option's fixed set of values.
    let mut formats = bash_completes(&script, "baraza results runs/t1 --format ");
    formats.sort();
    assert_eq!(formats, ["csv", "html", "json", "markdown", "text"]);
}

/// Each shell's script names the `match` subcommand and its `--games` option, in that
/// shell's own words (zsh and fish are not run here: their scripts need their shell).
#[test]
fn every_shell_gets_a_script_that_knows_the_commands() {
    let shells = [
        ("bash", "baraza,match)", "--games"),
        ("zsh", "(match)", "'--games=["),
        (
            "fish",
            "-a \"match\"",
            "__fish_baraza_using_subcommand match\" -l games ",
        ),
        ("elvish", "cand match ", "cand --games "),
        ("powershell", "'baraza;match'", "::new('--games'"),
    ];
    for (shell, command, option) in shells {
        let script = baraza_ok(["completions", shell]);
        assert!(script.contains(command), "{shell}: no {command}");
        assert!(script.contains(option), "{shell}: no {option}");
    }
    let e = refused(&["completions", "tcsh"], 2);
    assert!(
        e.contains("possible values: bash, elvish, fish, powershell, zsh"),
        "{e}"
    );
}

#[test]
fn man_prints_baraza_s_page_or_a_command_s() {
    let top = baraza_ok(["man"]);
    let title = top
        .lines()
        .find(|l| l.starts_with(".TH"))
        .unwrap_or_default();
    assert!(title.starts_with(".TH baraza 1 "), "{top}");
    assert!(
        top.contains("baraza\\-match"),
        "the commands' pages are named: {top}"
    );

    let page = baraza_ok(["man", "match"]);
    assert!(page.contains("\n.TH baraza-match 1 "), "{page}");
    assert!(page.contains("\\-\\-games"), "{page}");
    assert!(
        page.contains("baraza match darra builtin:random"),
        "the examples: {page}"
    );

    let nested = baraza_ok(["man", "league", "run"]);
    assert!(nested.contains("\n.TH baraza-league-run 1 "), "{nested}");
}

#[test]
fn man_refuses_a_command_that_is_not_there_in_one_line() {
    let e = refused(&["man", "nosuchcommand"], 1);
    assert!(e.starts_with("baraza: no command 'nosuchcommand' ("), "{e}");
    assert!(e.contains("match"), "the commands are named: {e}");
    let e = refused(&["man", "match", "extra"], 1);
    assert!(e.contains("`baraza match` has no subcommands"), "{e}");
    // Hidden: not for direct use, and no page.
    refused(&["man", "human"], 1);
}

/// The commands a `--help` lists in the sections before its arguments and options: under
/// "Commands:", or another "... commands ...:" heading (`tournament`'s host commands);
/// without `help`.
fn listed(help: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_commands = false;
    for line in help.lines() {
        if !line.starts_with(' ') && line.ends_with(':') {
            if !line.to_lowercase().contains("commands") {
                break;
            }
            in_commands = true;
        } else if line.is_empty() {
            in_commands = false;
        } else if in_commands {
            let name = line.split_whitespace().next().unwrap();
            if name != "help" {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// The page file of every command `--help` lists, and of theirs, and of baraza itself.
fn expected_pages(words: &mut Vec<String>, pages: &mut BTreeSet<String>) {
    let name: Vec<&str> = std::iter::once("baraza")
        .chain(words.iter().map(String::as_str))
        .collect();
    pages.insert(format!("{}.1", name.join("-")));
    let help = baraza_ok(words.iter().map(String::as_str).chain(["--help"]));
    for name in listed(&help) {
        words.push(name);
        expected_pages(words, pages);
        words.pop();
    }
}

#[test]
fn man_out_writes_a_page_for_every_command() {
    let dir = temp_dir("man-out");
    let out_dir = dir.join("share/man/man1");
    let printed = baraza_ok(["man", "--out", out_dir.to_str().unwrap()]);
    let written: BTreeSet<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    let mut expected = BTreeSet::new();
    expected_pages(&mut Vec::new(), &mut expected);
    assert!(expected.contains("baraza-match.1") && expected.contains("baraza-league-run.1"));
    assert!(
        expected.contains("baraza-tournament-rerun.1"),
        "{expected:?}"
    );
    assert_eq!(written, expected);
    let paths: BTreeSet<String> = printed.lines().map(String::from).collect();
    let files: BTreeSet<String> = expected
        .iter()
        .map(|f| out_dir.join(f).display().to_string())
        .collect();
    assert_eq!(paths, files, "each file's path is printed");
}

/// What man makes of a page `baraza man --out` wrote.
#[test]
#[cfg_attr(not(tool_man), ignore = "needs man")]
fn man_renders_a_written_page_without_warnings() {
    need(Tool::Man);
    let dir = temp_dir("man-render");
    let out_dir = dir.join("man1");
    baraza_ok(["man", "--out", out_dir.to_str().unwrap()]);
    let out = Command::new("man")
        .arg("-l")
        .arg(out_dir.join("baraza-match.1"))
        .env("MANWIDTH", "100")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "man -l: {err}");
    assert!(
        !err.contains("troff") && !err.contains("warning") && !err.contains("error"),
        "man -l: {err}"
    );
    assert!(
        text.contains("baraza-match - Play a match between two bots"),
        "{text}"
    );
    assert!(text.contains("--games <GAMES>"), "{text}");
}

#[test]
fn man_out_refuses_a_folder_it_cannot_make_in_one_line() {
    let dir = temp_dir("man-out-file");
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let under = file.join("man1");
    let e = refused(&["man", "--out", under.to_str().unwrap()], 1);
    assert!(
        e.starts_with(&format!(
            "baraza: --out {}: cannot make the folder",
            under.display()
        )),
        "{e}"
    );
}

/// A script or page that cannot be written (a full disk) is an error of one line: never a
/// panic.
#[test]
#[cfg_attr(not(tool_dev_full), ignore = "needs /dev/full")]
fn a_failed_write_is_one_line() {
    need(Tool::DevFull);
    for args in [&["completions", "bash"][..], &["man", "match"]] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(exe())
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.starts_with("baraza: No space left on device"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// A reader that goes away early (`| head`) ends the command quietly: never a panic.
#[test]
fn a_closed_pipe_is_quiet() {
    for args in [&["completions", "bash"][..], &["man", "match"]] {
        let mut child = Command::new(exe())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && err.is_empty(), "{args:?}: {out:?}");
    }
}
