use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = baraza::cli::Cli::parse();
    match baraza::commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            // One line: the error and its context chain, never a backtrace. Messages quote
            // what was read (a stranger's log or position): a control character in it is
            // escaped, so it can neither break the line nor drive the terminal.
            eprintln!("baraza: {}", one_line(&format!("{err:#}")));
            ExitCode::from(1)
        }
    }
}

/// `text` on one line: line breaks become spaces, other control characters `\u{XX}`.
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push(' '),
            c if c.is_control() => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}
