//! stub
use crate::cli::HumanArgs;
use std::io::Write;
pub fn run(_out: &mut dyn Write, _args: HumanArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet")
}
