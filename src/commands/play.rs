//! stub
use crate::cli::PlayArgs;
use std::io::Write;
pub fn run(_out: &mut dyn Write, _args: PlayArgs) -> anyhow::Result<()> {
    anyhow::bail!("not yet")
}
