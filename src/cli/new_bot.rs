//! `baraza new-bot`: a starter kit's language and folder.

use clap::Args;

pub(super) const NEW_BOT_HELP: &str = "\
Languages: c, cpp (c++), go, java, javascript (js), python, rust. Each kit is a complete bot
that speaks the protocol correctly (it flushes every line, plays game after game in one
process, sends `info` lines and stops on `quit`) and picks a random legal move, except
Python's and Rust's, which search with the referee's own rules engines: their source comes
with the kit, in vendor/ (the `baraza-rules` crate; the `baraza` Python package, which the
printed step installs into the kit's own .venv/). Nothing points back to the source this
binary was built from. The same kits are in bots/<language>-kit/ (bots/README.md).

Examples:
  baraza new-bot c mybot
  baraza new-bot rust ~/bots/first";

/// `baraza new-bot <language> <dir>`.
#[derive(Args, Debug, Clone)]
pub struct NewBotArgs {
    /// c, cpp, go, java, javascript, python or rust
    pub language: String,
    /// The folder to write the kit into: new, or empty
    pub dir: std::path::PathBuf,
}
