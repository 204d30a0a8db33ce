//! Which games a table counts and under which names, as the log's host lines say
//! ([`HostState`]) and as `baraza results` is asked (`--exclude`, `--versions`): the one place
//! every table of a games.jsonl (`results`, the HTML report, a resumed run's) goes through.

use crate::record::GameRecord;
use crate::tournament::log::games_jsonl::Header;
use crate::tournament::log::host_state::HostState;
use std::borrow::Cow;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default)]
pub struct TableView {
    /// The log's host lines, and the bots `--exclude` leaves out.
    pub host: HostState,
    /// A replaced bot's versions as bots of their own: `a` (as first entered), `a@2`, ...
    pub versions_apart: bool,
}

impl TableView {
    /// The view of a log's host lines, nothing else asked.
    pub fn of(host: &HostState) -> TableView {
        TableView {
            host: host.clone(),
            versions_apart: false,
        }
    }

    /// The header's bots left out of the table.
    pub fn hidden_bots(&self, header: &Header) -> Vec<String> {
        header
            .bot_names()
            .into_iter()
            .filter(|name| self.host.hides(name))
            .collect()
    }

    /// The name a player is counted under.
    pub fn name<'a>(&self, bot: &'a str, versions: &BTreeMap<String, u32>) -> Cow<'a, str> {
        match versions.get(bot) {
            Some(v) if self.versions_apart && *v > 1 => Cow::Owned(format!("{bot}@{v}")),
            _ => Cow::Borrowed(bot),
        }
    }

    /// The names a game (not superseded: the caller knows its line number) is counted under,
    /// player 1's and player 2's; `None` when it is left out.
    pub fn counted<'a>(
        &self,
        versions: &BTreeMap<String, u32>,
        r: &'a GameRecord,
    ) -> Option<(Cow<'a, str>, Cow<'a, str>)> {
        if self.host.left_out(&r.white, &r.black) {
            return None;
        }
        Some((self.name(&r.white, versions), self.name(&r.black, versions)))
    }
}
