//! `baraza human --console SOCKET`: the hidden command `baraza play` starts as the person's
//! side ([`crate::person::stand_in`]).

use crate::cli::HumanArgs;
use crate::person::{stand_in, StandIn};
use std::io::Write;

pub fn run(out: &mut dyn Write, args: HumanArgs) -> anyhow::Result<()> {
    let stand_in = StandIn {
        console: args.console,
        info: args.info,
        color: args.color,
        verbose: args.verbose,
    };
    let stdin = std::io::stdin();
    stand_in::run(out, &mut stdin.lock(), &stand_in)?;
    Ok(())
}
