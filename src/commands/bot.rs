//! `baraza bot <name>`: run a built-in bot on stdin/stdout (protocol v1).

use crate::builtin;
use crate::cli::BotArgs;
use crate::games;
use std::io::Write;

fn options_of(args: &BotArgs) -> builtin::BotOptions {
    builtin::BotOptions {
        level: args.level,
        nodes: args.nodes,
        algo: args.algo.clone(),
    }
}

/// The options of `builtin:<name> <args>` as `baraza bot <name> <args>` would read them: the
/// error is clap's first line (e.g. an unknown option).
pub fn parse_options(name: &str, args: &[String]) -> Result<builtin::BotOptions, String> {
    use clap::Parser;
    if let Some(a) = args
        .iter()
        .find(|a| a.starts_with("--seed") || a.starts_with("--ruleset"))
    {
        return Err(format!("{a}: the referee sets the seed and the ruleset"));
    }
    let argv = ["baraza", "bot", name].into_iter().map(String::from);
    match crate::cli::Cli::try_parse_from(argv.chain(args.iter().cloned())) {
        Ok(crate::cli::Cli {
            command: crate::cli::Command::Bot(b),
        }) => Ok(options_of(&b)),
        Ok(_) => Err("not a bot".into()),
        Err(e) => Err(e
            .to_string()
            .lines()
            .next()
            .unwrap_or("bad options")
            .trim_start_matches("error: ")
            .to_string()),
    }
}

pub fn run(out: &mut dyn Write, args: BotArgs) -> anyhow::Result<()> {
    let spec = builtin::find(&args.name).map_err(anyhow::Error::msg)?;
    let options = options_of(&args);
    spec.check(&options).map_err(anyhow::Error::msg)?;
    if let Some(r) = &args.ruleset {
        games::ruleset(r)?;
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    builtin::play(
        spec,
        &options,
        args.ruleset.as_deref(),
        args.seed,
        args.seed_step,
        &mut input,
        out,
    )
}
