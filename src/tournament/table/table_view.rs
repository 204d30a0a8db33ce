//! Which games a table counts and under which names, as the log's host lines say
//! ([`HostState`]) and as `baraza results` is asked (`--exclude`, `--versions`): the one place
//! every table of a games.jsonl (`results`, the HTML report, a resumed run's) goes through.

use super::results::Tally;
use crate::record::GameRecord;
use crate::tournament::log::games_jsonl::{GameLine, Header};
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

    /// Leave the hidden bots of the header out of `tally`'s table.
    pub fn hide_bots(&self, tally: &mut Tally, header: &Header) {
        for name in header.bot_names() {
            if self.host.hides(&name) {
                tally.hide(&name);
            }
        }
    }

    /// The name a player is counted under.
    pub fn name<'a>(&self, bot: &'a str, versions: &BTreeMap<String, u32>) -> Cow<'a, str> {
        match versions.get(bot) {
            Some(v) if self.versions_apart && *v > 1 => Cow::Owned(format!("{bot}@{v}")),
            _ => Cow::Borrowed(bot),
        }
    }

    /// Count a game (not superseded: the caller knows its line number) unless it is left out.
    pub fn add(
        &self,
        tally: &mut Tally,
        pair: u64,
        versions: &BTreeMap<String, u32>,
        r: &GameRecord,
    ) {
        if self.host.left_out(&r.white, &r.black) {
            return;
        }
        let (white, black) = (self.name(&r.white, versions), self.name(&r.black, versions));
        tally.add_parts(pair, &white, &black, r.result, r.termination);
    }

    /// [`TableView::add`] of an owned line.
    pub fn add_line(&self, tally: &mut Tally, g: &GameLine) {
        self.add(tally, g.pair, &g.versions, &g.record);
    }
}
