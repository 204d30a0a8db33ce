//! The moves of a game so far ([`Moves`]), kept without an allocation per ply: the tokens in
//! one string, the times and info lines in vectors with room for a long game reserved up front.

/// Room reserved for this many plies: more than a game of any registered ruleset between
/// instant random bots usually lasts (Darra 2x18: about 940). A longer game grows the
/// vectors by doubling, a handful of allocations per game rather than one per ply.
const PLY_ROOM: usize = 1024;

/// The moves and think times of a game, in play order, with the last info line the mover
/// sent before each.
#[derive(Default)]
pub(super) struct Moves {
    /// The tokens, each followed by one space.
    text: String,
    /// Where each token ends in `text`.
    ends: Vec<u32>,
    /// Think times in µs.
    pub times_us: Vec<u64>,
    pub infos: Vec<Option<String>>,
}

impl Moves {
    /// No move yet, with room for [`PLY_ROOM`] plies.
    pub fn with_room() -> Moves {
        Moves {
            // Tokens are short: Bao's and Darra's at most 4 bytes, Dara's 8.
            text: String::with_capacity(PLY_ROOM * 6),
            ends: Vec::with_capacity(PLY_ROOM),
            times_us: Vec::with_capacity(PLY_ROOM),
            infos: Vec::with_capacity(PLY_ROOM),
        }
    }

    /// Plies played.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The token of the last move played.
    pub fn last(&self) -> Option<&str> {
        let end = *self.ends.last()? as usize;
        let start = match self.ends.len() {
            1 => 0,
            n => self.ends[n - 2] as usize + 1,
        };
        Some(&self.text[start..end])
    }

    /// Keep a move played, its think time and the mover's last info line before it.
    pub fn push(&mut self, token: &str, time_us: u64, info: Option<String>) {
        self.text.push_str(token);
        self.ends.push(self.text.len() as u32);
        self.text.push(' ');
        self.times_us.push(time_us);
        self.infos.push(info);
    }

    /// The tokens, for the record.
    pub fn tokens(&self) -> Vec<String> {
        // Sliced where `ends` says (a search for each space cost a fifth of this, callgrind).
        let mut start = 0;
        let mut tokens = Vec::with_capacity(self.ends.len());
        for &end in &self.ends {
            tokens.push(self.text[start..end as usize].to_string());
            start = end as usize + 1;
        }
        tokens
    }
}

#[cfg(test)]
mod tests {
    use super::Moves;

    #[test]
    fn moves_come_back_in_play_order_with_their_times_and_infos() {
        let mut m = Moves::with_room();
        assert_eq!((m.len(), m.last()), (0, None));
        m.push("b1-a1xc3", 120, None);
        assert_eq!((m.len(), m.last()), (1, Some("b1-a1xc3")));
        m.push("pass", 0, Some("depth 3".into()));
        m.push("12A", 7, None);
        assert_eq!((m.len(), m.last()), (3, Some("12A")));
        assert_eq!(m.tokens(), ["b1-a1xc3", "pass", "12A"]);
        assert_eq!(m.times_us, [120, 0, 7]);
        assert_eq!(m.infos, [None, Some("depth 3".to_string()), None]);
        assert!(Moves::default().tokens().is_empty());
    }
}
