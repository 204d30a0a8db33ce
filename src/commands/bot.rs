//! `baraza bot <name>`: run a built-in bot on stdin/stdout (protocol v1).

use crate::builtin;
use crate::cli::BotArgs;
use crate::games;
use std::io::Write;

pub fn run(out: &mut dyn Write, args: BotArgs) -> anyhow::Result<()> {
    let spec = builtin::find(&args.name)?;
    let options = &args.options;
    spec.check(options).map_err(anyhow::Error::msg)?;
    if let Some(r) = &args.ruleset {
        games::ruleset(r)?;
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    builtin::play(
        spec,
        options,
        args.ruleset.as_deref(),
        args.seed,
        args.seed_step,
        &mut input,
        out,
    )
    .map_err(|e| match e {
        // Kept an I/O error, so a closed stdout is the quiet end `commands::run` makes of it.
        builtin::PlayError::Io(io) => io.into(),
        other => other.into(),
    })
}
