use baraza::cli_habits::{hint, For};
use baraza::escape::terminal::escape_control;
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match baraza::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage_error(err),
    };
    match baraza::commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            // One line: the error and its context chain, never a backtrace.
            // Escaped: the message may quote what a bot sent (a token with ESC in it).
            let line = format!("{err:#}").replace('\n', " ");
            eprintln!("baraza: {}", escape_control(&line));
            ExitCode::from(1)
        }
    }
}

/// clap's own message, unless the command line used another arena's spelling: then its first
/// line and ours, without clap's tip (which would suggest a look-alike such as `--grace`).
fn usage_error(err: clap::Error) -> ExitCode {
    // A value clap parsed into one of our types and that type refused (a bad --tc, --games 0,
    // --sprt, --bot, --anchor): one line and status 1, as every other bad value (`match
    // --help`, docs/troubleshooting.md).
    if let Some(line) = bad_value(&err) {
        eprintln!("baraza: {}", escape_control(&line));
        return ExitCode::from(1);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match args.first().map(String::as_str) {
        Some("match") => Some(For::Match),
        Some("tournament") => Some(For::Tournament),
        _ => None,
    };
    let hint = command
        .filter(|_| err.use_stderr())
        .and_then(|c| hint(c, &args[1..]));
    match hint {
        // clap saw `-engine` as `-e` and more: the error names the word as it was typed.
        Some(h) => {
            let first = if err.kind() == clap::error::ErrorKind::UnknownArgument {
                format!("error: unexpected argument '{}' found", h.word)
            } else {
                let text = err.render().to_string();
                text.lines()
                    .next()
                    .unwrap_or("error: bad command line")
                    .to_string()
            };
            eprintln!(
                "{first}\n\n  hint: {}\n\nFor more information, try '--help'.",
                h.text
            );
            ExitCode::from(2)
        }
        None => err.exit(),
    }
}

/// The line for a value one of our types refused while clap parsed it, naming the option as
/// the type's error words it; `None` for clap's own errors (a malformed command line, or text
/// that is not a number at all: clap says so, status 2).
fn bad_value(err: &clap::Error) -> Option<String> {
    use baraza::{clock, count, stats, tournament::plan::config};
    let source = std::error::Error::source(err)?;
    // The option as the user gave it: `--tc <BASE+INC>` is `--tc`.
    let option = err
        .get(clap::error::ContextKind::InvalidArg)
        .map(|a| a.to_string())
        .unwrap_or_default();
    let option = option.split_whitespace().next().unwrap_or("the value");
    if let Some(e) = source.downcast_ref::<clock::TcError>() {
        return Some(format!("{option}: {e}"));
    }
    if let Some(e) = source.downcast_ref::<count::CountError>() {
        return match e {
            count::CountError::Zero => Some(format!("{option} {e}")),
            count::CountError::NotANumber(_) => None,
        };
    }
    if let Some(e) = source.downcast_ref::<config::BotArgError>() {
        return Some(format!("{option}: {e}"));
    }
    // These say which option they are about already (`SPRT: ...`, `--anchor: ...`).
    if let Some(e) = source.downcast_ref::<stats::sprt::SprtError>() {
        return Some(e.to_string());
    }
    if let Some(e) = source.downcast_ref::<stats::ratings::AnchorError>() {
        return Some(e.to_string());
    }
    None
}
