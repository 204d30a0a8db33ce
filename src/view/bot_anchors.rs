//! The anchors of the report's bot sections, `#bot-<k>`: the links of the table, the
//! entrants, the fault table and the head-to-head rows all go through them.

use crate::tournament::log::reader::GamesLog;
use crate::tournament::table::results::Standings;

/// The bots' anchors: `bot-<k>`, k the bot's rank in the table, as the sections come (then
/// the bots the table has no row for).
pub struct BotAnchors {
    names: Vec<String>,
}

impl BotAnchors {
    pub fn new(log: &GamesLog, s: &Standings) -> BotAnchors {
        let mut names: Vec<String> = s.bots.iter().map(|b| b.name.clone()).collect();
        for n in log.header.bot_names() {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        BotAnchors { names }
    }

    pub fn anchor(&self, name: &str) -> String {
        let k = self.names.iter().position(|n| n == name).unwrap_or(0);
        format!("bot-{}", k + 1)
    }
}
