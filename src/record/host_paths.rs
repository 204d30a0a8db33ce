//! A record as a published page or table shows it: the host's paths taken out of every text
//! its bots wrote or its referee quoted from them ([`crate::escape::host_paths`]).

use super::GameRecord;
use crate::escape::host_paths::HostPaths;

impl GameRecord {
    /// Write the paths `paths` knows as placeholders in the reason (a crash quotes the bot's
    /// stderr), the `id` lines and the info lines.
    pub fn scrub_host_paths(&mut self, paths: &HostPaths) {
        let scrub = |text: &mut String| {
            if let std::borrow::Cow::Owned(clean) = paths.scrub(text) {
                *text = clean;
            }
        };
        scrub(&mut self.reason);
        for id in [
            &mut self.white_id_name,
            &mut self.white_id_author,
            &mut self.black_id_name,
            &mut self.black_id_author,
        ]
        .into_iter()
        .flatten()
        {
            scrub(id);
        }
        for info in self.move_infos.iter_mut().flatten() {
            scrub(info);
        }
    }
}
