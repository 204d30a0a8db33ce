//! What a log's header says each game line must be, for `--verify`: the event's schedule
//! (rebuilt from the canonical event the header carries) for a games.jsonl; for a
//! `match --jsonl` file, which has no schedule, the sides `match` gives (the first bot is
//! player 1 in odd games, the second in even ones).

use super::games_jsonl::{header_layout, Header};
use crate::record::GameRecord;
use crate::tournament::plan::config::{
    canonical_hash, CanonicalOpenings, Openings, TournamentConfig,
};
use crate::tournament::plan::layout::{game_id, pair_of_game, Layout};
use crate::tournament::plan::schedule::round_openings;
use crate::tournament::plan::shard::Shard;

/// The schedule of the event a games.jsonl header describes.
pub struct ScheduleExpect {
    layout: Layout,
    names: Vec<String>,
    ruleset: String,
    /// The start position of each round, when the header says it: an openings file is known
    /// by the count and hash of its positions only.
    starts: Option<Vec<String>>,
    /// The number of positions of an openings file.
    openings_file: Option<usize>,
    shard: Option<Shard>,
}

impl ScheduleExpect {
    /// The schedule of `header`'s event; an error when it cannot be made.
    pub fn new(header: &Header) -> anyhow::Result<ScheduleExpect> {
        let e = &header.event;
        let layout = header_layout(header)?;
        let (openings, openings_file) = match &e.openings {
            CanonicalOpenings::Standard => (Some(Openings::Standard), None),
            CanonicalOpenings::RandomPlies { plies } => {
                (Some(Openings::RandomPlies { plies: *plies }), None)
            }
            CanonicalOpenings::File { count, .. } => (None, Some(*count)),
        };
        let starts = match openings {
            Some(openings) => {
                let config = TournamentConfig {
                    ruleset: e.ruleset.clone(),
                    format: e.format,
                    rounds: e.rounds,
                    seed: e.seed,
                    bots: e.bots.clone(),
                    openings,
                    max_plies: e.max_plies,
                    sprt: None,
                    growth: e.growth.clone(),
                };
                let rounds = round_openings(&config)?;
                Some(rounds.into_iter().map(|(start, _)| start).collect())
            }
            None => None,
        };
        Ok(ScheduleExpect {
            layout,
            names: header.bot_names(),
            ruleset: e.ruleset.clone(),
            starts,
            openings_file,
            shard: header.shard,
        })
    }

    /// What is wrong with the header itself: a config hash that is not its event's (the event
    /// was edited), a count of scheduled games that is not the schedule's.
    pub fn header_problems(&self, header: &Header) -> Vec<String> {
        let mut out = Vec::new();
        if canonical_hash(&header.event) != header.config_hash {
            out.push(
                "config_hash is not the hash of the header's event: the event was edited"
                    .to_string(),
            );
        }
        let pairs = self.layout.pairs();
        let mine = match self.shard {
            None => pairs,
            Some(s) if pairs >= s.index as u64 => (pairs - s.index as u64) / s.count as u64 + 1,
            Some(_) => 0,
        };
        if header.scheduled_games != 2 * mine {
            out.push(format!(
                "scheduled_games is {} but the event's schedule has {} games for this log",
                header.scheduled_games,
                2 * mine
            ));
        }
        out
    }

    /// The game number of a game id of the schedule.
    pub fn number(&self, id: &str) -> Option<u64> {
        self.layout.game_of_id(id)
    }

    /// The games of the schedule.
    pub fn games(&self) -> u64 {
        self.layout.games()
    }

    /// Whether game `n` is this log's to hold (every game, or its shard's).
    pub fn is_mine(&self, n: u64) -> bool {
        self.shard.is_none_or(|s| s.has_pair(pair_of_game(n).0))
    }

    /// The id of game `n` of the schedule.
    pub fn id_of(&self, n: u64) -> String {
        let (q, leg) = pair_of_game(n);
        self.layout
            .cell(q)
            .map_or_else(|| format!("game {n}"), |c| game_id(&c, leg))
    }

    /// How game `n`'s line (its `pair`, `opening` and record) differs from the schedule: one
    /// message each.
    pub fn check(&self, n: u64, pair: u64, opening: Option<usize>, r: &GameRecord) -> Vec<String> {
        let mut out = Vec::new();
        let (q, leg) = pair_of_game(n);
        let Some(cell) = self.layout.cell(q) else {
            return out;
        };
        if !self.is_mine(n) {
            let s = self.shard.map_or(String::new(), |s| s.to_string());
            out.push(format!("pair {q} is not shard {s}'s"));
        }
        if pair != q {
            out.push(format!("pair {pair} but the schedule's pair is {q}"));
        }
        if r.game != n {
            out.push(format!("game {} but the schedule numbers it {n}", r.game));
        }
        let (w, b) = if leg == 'a' {
            (cell.first, cell.second)
        } else {
            (cell.second, cell.first)
        };
        let (w, b) = (&self.names[w], &self.names[b]);
        if (&r.white, &r.black) == (b, w) {
            out.push(format!(
                "sides swapped: the schedule has {w} as player 1 and {b} as player 2"
            ));
        } else if (&r.white, &r.black) != (w, b) {
            out.push(format!(
                "players {} vs {} but the schedule has {w} vs {b}",
                r.white, r.black
            ));
        }
        if r.round != cell.round.to_string() {
            out.push(format!(
                "round {} but the schedule's is {}",
                r.round, cell.round
            ));
        }
        if r.ruleset != self.ruleset {
            out.push(format!(
                "ruleset {} but the event's is {}",
                r.ruleset, self.ruleset
            ));
        }
        self.check_start(cell.round, opening, r, &mut out);
        out
    }

    fn check_start(
        &self,
        round: u32,
        opening: Option<usize>,
        r: &GameRecord,
        out: &mut Vec<String>,
    ) {
        if let Some(start) = self.starts.as_ref().and_then(|s| s.get(round as usize - 1)) {
            if &r.start != start {
                out.push(format!(
                    "start position '{}' but round {round} starts from '{start}'",
                    r.start
                ));
            }
        }
        match (self.openings_file, opening) {
            (Some(count), Some(i)) if i >= count => out.push(format!(
                "opening {i} but the openings file has {count} positions"
            )),
            (Some(_), None) => out.push("no opening, but the event plays an openings file".into()),
            (None, Some(i)) => out.push(format!("opening {i}, but the event has no openings file")),
            _ => {}
        }
    }
}

/// The sides of a `match --jsonl` file's games: `first` is player 1 in odd games.
pub struct MatchExpect {
    first: String,
    second: String,
}

impl MatchExpect {
    /// The sides the first record read says: the file's first line decides who is who.
    pub fn of_first(r: &GameRecord) -> MatchExpect {
        let (first, second) = if r.game % 2 == 1 {
            (&r.white, &r.black)
        } else {
            (&r.black, &r.white)
        };
        MatchExpect {
            first: first.clone(),
            second: second.clone(),
        }
    }

    /// How a record differs from the sides `match` gives: one message each.
    pub fn check(&self, r: &GameRecord) -> Vec<String> {
        let (w, b) = if r.game % 2 == 1 {
            (&self.first, &self.second)
        } else {
            (&self.second, &self.first)
        };
        if r.game == 0 {
            vec!["game number 0: match numbers its games from 1".to_string()]
        } else if (&r.white, &r.black) == (b, w) {
            vec![format!(
                "sides swapped: in game {} of a match {w} is player 1 and {b} player 2 (the first line says who is who)",
                r.game
            )]
        } else if (&r.white, &r.black) != (w, b) {
            vec![format!(
                "players {} vs {} but the match is between {} and {}",
                r.white, r.black, self.first, self.second
            )]
        } else {
            vec![]
        }
    }
}
