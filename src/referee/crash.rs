//! A crashed bot's reason, the same however its death was noticed (a read finding the end of
//! its output, a write finding its input closed, a deadline finding it exited): how it ended
//! (an exit status, a signal by name), the position of its turn when there was one (for
//! `baraza rules show`), the end of its stderr, and a hint when those last words point at its
//! hosting: a file not found in its fresh working directory, a variable its cleared
//! environment lacks.

use super::setup::GameSetup;
use crate::bot::environment::{dropped, dropped_note};
use crate::bot::{describe_status, Bot};
use crate::game::Player;
use std::path::Path;
use std::time::Duration;

/// How long to wait for the exit status of a kept process found gone between games.
pub(super) const EXIT_STATUS_WAIT: Duration = Duration::from_millis(100);
/// How long to wait for the exit status of a bot that closed a pipe, for a crash's reason: a
/// process that closed its pipes is almost always exiting, and on a loaded machine the status
/// can take longer than [`EXIT_STATUS_WAIT`] to come (then the reason would change from run
/// to run; 1 s was too short once in a full test run on 2 cores, and 3 s once in CI while a
/// starter kit compiled beside it). Returns as soon as it exits (a bot in a PID namespace is
/// reported by its keeper after its init, three processes to schedule). Waited in full only
/// while the bot's own process is ending ([`LIVES_ON_WAIT`]).
const CRASH_EXIT_WAIT: Duration = Duration::from_secs(10);
/// How long a bot that closed a pipe is given to exit before the referee looks whether it is
/// ending at all: one that lives on (it closed its output and sleeps) is judged then, not after
/// [`CRASH_EXIT_WAIT`], which would make each of its games last 10 s whatever the clock.
const LIVES_ON_WAIT: Duration = Duration::from_secs(1);
/// How long to wait for the rest of a crashed bot's stderr (the pipe ends with the process,
/// unless something it started holds it).
const STDERR_TAIL_WAIT: Duration = Duration::from_millis(100);

/// How a crash was noticed, for the words when the process has not exited (yet).
pub(super) enum Noticed {
    /// A read found the end of its output.
    ClosedOutput,
    /// A write found its input closed.
    ClosedInput,
    /// At a deadline, the process had exited while something it started held its output.
    OutputHeld,
}

/// The reason of `p`'s bot (named `w` in it) found dead, or its pipes closed; `at`: the
/// position of its turn.
pub(super) async fn crash_reason(
    w: &str,
    p: Player,
    setup: &GameSetup,
    bot: &mut Bot,
    noticed: Noticed,
    at: Option<&str>,
) -> String {
    let mut status = bot.wait_exit(LIVES_ON_WAIT).await;
    if status.is_none() && bot.is_ending() {
        status = bot.wait_exit(CRASH_EXIT_WAIT - LIVES_ON_WAIT).await;
    }
    let how = match (status, noticed) {
        (Some(st), Noticed::OutputHeld) => format!(
            "{} (a process it started kept its output open)",
            describe_status(&st)
        ),
        (Some(st), _) => describe_status(&st),
        (None, Noticed::ClosedInput) => "closed its input".to_string(),
        (None, _) => "closed its output".to_string(),
    };
    let tail = bot.stderr_tail(STDERR_TAIL_WAIT).await;
    let place = at.map_or(String::new(), |pos| format!(" (its turn in '{pos}')"));
    let said = tail
        .as_ref()
        .map_or(String::new(), |t| format!("; its stderr ended: {t}"));
    let gone = dropped_for(p, setup);
    let tail = tail.unwrap_or_default();
    let hint = hosting_hint(&tail, bot.workdir(), &gone);
    match bot.exceeded_limit(&tail) {
        Some(limit) => format!("{w} {limit} ({how}){place}{said}{hint}"),
        None => format!("{w} crashed: {how}{place}{said}{hint}"),
    }
}

/// The notable variables set for the referee that `p`'s bot does not get (see [`dropped`]).
pub(super) fn dropped_for(p: Player, setup: &GameSetup) -> Vec<&'static str> {
    dropped(&setup.players[p.index()].spawn.env, |n| std::env::var_os(n))
}

/// Last words of a program that did not find a module or library, and the variables that
/// say where to look for one.
const MODULE_MARKS: &[(&str, &[&str])] = &[
    ("ModuleNotFoundError", &["PYTHONPATH", "VIRTUAL_ENV"]),
    ("No module named", &["PYTHONPATH", "VIRTUAL_ENV"]),
    ("cannot open shared object file", &["LD_LIBRARY_PATH"]),
    ("Cannot find module", &["NODE_PATH"]),
    ("ClassNotFoundException", &["CLASSPATH"]),
    ("NoClassDefFoundError", &["CLASSPATH"]),
];
/// How Python says the `baraza` package is not installed for it.
const BARAZA_MISSING: &[&str] = &["No module named 'baraza'", "No module named baraza"];
/// The step that installs it, as `baraza new-bot python` prints it.
const BARAZA_PACKAGE_NOTE: &str = "the `baraza` Python package is not installed for the Python \
     that ran the bot: in the kit's folder, 'python3 -m venv .venv && .venv/bin/python -m pip \
     install ./vendor/baraza-python' (the step `baraza new-bot python` printed), then run the \
     bot as '.venv/bin/python bot.py'";

/// Last words of a program that did not find a file.
const FILE_MARKS: &[&str] = &["No such file or directory", "FileNotFoundError", "ENOENT"];

/// What a crash reason adds when the stderr `tail` points at the bot's hosting: a module not
/// found while a variable that says where modules are was dropped ([`dropped`]), or a file not
/// found in its fresh working directory `workdir`. Starts with `; ` or is empty.
pub fn hosting_hint(tail: &str, workdir: &Path, gone: &[&str]) -> String {
    if let Some((_, vars)) = MODULE_MARKS.iter().find(|(m, _)| tail.contains(m)) {
        let mut notes: Vec<String> = gone
            .iter()
            .filter(|v| vars.contains(v))
            .map(|v| dropped_note(v))
            .collect();
        if BARAZA_MISSING.iter().any(|m| tail.contains(m)) {
            notes.push(BARAZA_PACKAGE_NOTE.to_string());
        }
        if !notes.is_empty() {
            return format!("; {}", notes.join("; "));
        }
    }
    if let Some(class) = tail
        .split(MAIN_CLASS_MARK)
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
    {
        let here = std::env::current_dir().unwrap_or_default();
        return main_class_hint(class, workdir, &here);
    }
    if FILE_MARKS.iter().any(|m| tail.contains(m)) {
        return format!(
            "; it runs in a fresh, empty working directory ({}), not the folder baraza was \
             started from: open its files by absolute path, or relative to its own program file",
            workdir.display()
        );
    }
    String::new()
}

/// What java says when the class it was told to run is not on its class path.
const MAIN_CLASS_MARK: &str = "Could not find or load main class ";

/// The fix for a main class `class` java did not find: without `-cp` it looks in its working
/// directory, the bot's fresh `workdir`; the folder to give is `here` (where baraza was started)
/// when the class file is there.
fn main_class_hint(class: &str, workdir: &Path, here: &Path) -> String {
    let file = format!("{}.class", class.replace('.', "/"));
    let folder = if here.join(&file).is_file() {
        here.display().to_string()
    } else {
        format!("<the folder of {file}>")
    };
    format!(
        "; without -cp, java looks for {class} in its working directory, and a bot runs in a \
         fresh, empty one ({}), not the folder baraza was started from: give the folder of its \
         classes, as in 'java -cp {folder} {class}'",
        workdir.display()
    )
}

#[cfg(test)]
mod tests {
    use super::hosting_hint as hint;
    use super::main_class_hint;
    use std::path::Path;

    #[test]
    fn a_main_class_not_found_is_told_to_give_its_folder() {
        let tail = "Error: Could not find or load main class Bot | Caused by: \
                    java.lang.ClassNotFoundException: Bot";
        let h = hint(tail, Path::new("/tmp/w"), &[]);
        assert!(h.starts_with("; without -cp, java looks for Bot in its working directory, and a bot runs in a fresh, empty one (/tmp/w)"), "{h}");
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("Bot.class"), b"").unwrap();
        assert!(main_class_hint("Bot", Path::new("/w"), dir.path())
            .ends_with(&format!("as in 'java -cp {} Bot'", dir.path().display())));
        assert!(
            main_class_hint("a.Bot", Path::new("/w"), Path::new("/nowhere"))
                .ends_with("as in 'java -cp <the folder of a/Bot.class> a.Bot'")
        );
        // A dropped CLASSPATH is the cause to name first.
        assert!(hint(tail, Path::new("/w"), &["CLASSPATH"]).contains("'--env CLASSPATH'"));
    }

    #[test]
    fn a_missing_file_is_told_where_the_bot_runs() {
        let tail = "FileNotFoundError: [Errno 2] No such file or directory: 'weights.txt'";
        assert_eq!(
            hint(tail, Path::new("/tmp/baraza-1-2-x-me"), &[]),
            "; it runs in a fresh, empty working directory (/tmp/baraza-1-2-x-me), not the \
             folder baraza was started from: open its files by absolute path, or relative to \
             its own program file"
        );
    }

    #[test]
    fn a_missing_baraza_package_is_told_the_install_step() {
        let tail = "import baraza | ModuleNotFoundError: No module named 'baraza'";
        let h = hint(tail, Path::new("/w"), &[]);
        assert!(
            h.starts_with("; the `baraza` Python package is not installed"),
            "{h}"
        );
        // Word for word the build step the Python kit prints.
        let step = crate::kits::find("python").unwrap().build;
        assert!(h.contains(&format!("'{step}'")), "{h}");
        // Another module gets no word about baraza's.
        assert_eq!(hint("No module named 'numpy'", Path::new("/w"), &[]), "");
    }

    #[test]
    fn a_missing_module_names_the_dropped_variables() {
        let tail = "ModuleNotFoundError: No module named 'numpy'";
        let gone = [
            "PYTHONUNBUFFERED",
            "PYTHONPATH",
            "VIRTUAL_ENV",
            "LD_LIBRARY_PATH",
        ];
        assert_eq!(
            hint(tail, Path::new("/w"), &gone),
            "; PYTHONPATH is set for baraza, but a bot's environment is cleared: '--env \
             PYTHONPATH' passes it on; VIRTUAL_ENV is set for baraza, but a bot's environment \
             is cleared: '--env VIRTUAL_ENV' passes it on"
        );
        // Nothing that says where Python looks dropped: no hint (it is missing for another
        // reason).
        assert_eq!(hint(tail, Path::new("/w"), &["LD_LIBRARY_PATH"]), "");
        let lib = "error while loading shared libraries: libfoo.so: cannot open shared object \
                   file: No such file or directory";
        assert_eq!(
            hint(lib, Path::new("/w"), &gone),
            "; LD_LIBRARY_PATH is set for baraza, but a bot's environment is cleared: '--env \
             LD_LIBRARY_PATH' passes it on"
        );
        assert_eq!(hint("Segmentation fault", Path::new("/w"), &gone), "");
    }
}
