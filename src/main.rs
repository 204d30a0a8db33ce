use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = baraza::cli::Cli::parse();
    match baraza::commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            // One line: the error and its context chain, never a backtrace.
            eprintln!("baraza: {}", format!("{err:#}").replace('\n', " "));
            ExitCode::from(1)
        }
    }
}
