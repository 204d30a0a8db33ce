//! The event file's hosting keys: `memory`, `sandbox`, `env`, `workdir`, ... at the top level
//! (every bot's) and in a `[[bot]]` table (that bot's), the same names as the hosting options
//! of the command line, which override the top-level keys; a bot's own keys override both.
//! They are declared once, in [`crate::bot::hosting_keys`]: [`EventInputs`] and `BotEntry` have
//! them as fields of their own, flat, so that an unknown key is refused naming the known ones.
//!
//! ```toml
//! sandbox = true
//! memory = 512
//! env = ["OMP_NUM_THREADS=1"]
//! workdir = "scratch"           # relative to the event file, as every path in it
//!
//! [[bot]]
//! name = "big"
//! cmd = "./big_bot"
//! memory = 2048                 # this bot's own limit
//! ```

use super::inputs::EventInputs;
use crate::bot::hosting::{HostOptions, HostOverrides};
use std::path::Path;

impl EventInputs {
    /// The command line's hosting options over the event file's top-level keys (`--affinity`
    /// is the event's `affinity`).
    pub fn with_command_line_hosting(mut self, cli: &HostOptions) -> EventInputs {
        self.command_line_host = HostOverrides::from(cli);
        if cli.affinity {
            self.affinity = Some(true);
        }
        self
    }

    /// Every bot's hosting: the top-level keys with the command line's options over them.
    fn event_host(&self) -> HostOverrides {
        self.hosting().overlay(&self.command_line_host)
    }

    /// Bot `own`'s hosting in this event: every bot's, with its own over it, in the form
    /// that is hashed (switches that are off left out; `sandbox-read` paths absolute where
    /// they exist, so that the same folder named from elsewhere hashes alike).
    pub(super) fn bot_host(&self, own: &HostOverrides) -> HostOverrides {
        let mut host = self.event_host().overlay(own).normalized();
        for p in &mut host.sandbox_read {
            if let Ok(abs) = std::fs::canonicalize(&*p) {
                *p = abs;
            }
        }
        host
    }

    /// The paths among the hosting keys, top level and per bot, taken from the event file's
    /// directory `base` (`workdir` at the top level is done with the other paths).
    pub(super) fn rebase_host_paths(&mut self, base: &Path) {
        let bots = self.bots.iter_mut();
        let per_bot = bots.flat_map(|b| b.sandbox_read.iter_mut().chain(b.workdir.as_mut()));
        for p in self.sandbox_read.iter_mut().chain(per_bot) {
            if p.is_relative() {
                *p = base.join(&*p);
            }
        }
    }
}
