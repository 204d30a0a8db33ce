//! What a log's header says each game line must be, for `--verify`: the event's schedule
//! (rebuilt from the canonical event the header carries) for a games.jsonl; for a
//! `match --jsonl` file, which has no schedule, the sides `match` gives (the first bot is
//! player 1 in odd games, the second in even ones).

use super::games_jsonl::{header_layout, Header};
use crate::games::UnknownRuleset;
use crate::record::GameRecord;
use crate::tournament::plan::config::{
    canonical_hash, CanonicalOpenings, Openings, TournamentConfig,
};
use crate::tournament::plan::layout::{game_id, pair_of_game, Layout, LayoutError};
use crate::tournament::plan::openings::OpeningsError;
use crate::tournament::plan::schedule::round_openings;
use crate::tournament::plan::shard::Shard;

/// Why the schedule of a header's event cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum NoSchedule {
    /// Its growth history cannot be.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    #[error(transparent)]
    Ruleset(#[from] UnknownRuleset),
    /// Its random openings cannot be drawn.
    #[error(transparent)]
    Openings(#[from] OpeningsError),
}

/// Rounds whose random openings are drawn to check start positions, at most (a header that
/// claims more is not drawn for: its games' starts are not checked).
const MAX_DRAWN_ROUNDS: u32 = 100_000;

/// The start positions of an event's rounds, as far as its header says them.
enum Starts {
    /// Every round's (the ruleset's standard start).
    Same(String),
    /// Round `r`'s is `[r - 1]` (random openings drawn from the seed).
    PerRound(Vec<String>),
    /// An openings file, known by the count and hash of its positions only.
    Unknown,
}

/// The schedule of the event a games.jsonl header describes.
pub struct ScheduleExpect {
    layout: Layout,
    names: Vec<String>,
    ruleset: String,
    /// The start position of each round, when the header says it.
    starts: Starts,
    /// The number of positions of an openings file.
    openings_file: Option<usize>,
    shard: Option<Shard>,
}

impl ScheduleExpect {
    /// The schedule of `header`'s event; an error when it cannot be made.
    pub fn new(header: &Header) -> Result<ScheduleExpect, NoSchedule> {
        let e = &header.event;
        let layout = header_layout(header)?;
        let (starts, openings_file) = match &e.openings {
            CanonicalOpenings::Standard => {
                let start = crate::games::ruleset(&e.ruleset)?.start.to_string();
                (Starts::Same(start), None)
            }
            // Drawn round by round from the seed: as many as a real event has rounds.
            CanonicalOpenings::RandomPlies { plies } if e.rounds <= MAX_DRAWN_ROUNDS => {
                let config = TournamentConfig {
                    ruleset: e.ruleset.clone(),
                    format: e.format,
                    rounds: e.rounds,
                    seed: e.seed,
                    bots: e.bots.clone(),
                    openings: Openings::RandomPlies { plies: *plies },
                    max_plies: e.max_plies,
                    adjudication: e.adjudication,
                    sprt: None,
                    growth: e.growth.clone(),
                };
                let rounds = round_openings(&config)?;
                (
                    Starts::PerRound(rounds.into_iter().map(|(s, _)| s).collect()),
                    None,
                )
            }
            CanonicalOpenings::RandomPlies { .. } => (Starts::Unknown, None),
            CanonicalOpenings::File { count, .. } => (Starts::Unknown, Some(*count)),
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

    /// The numbers of the games that `bots` (names) play in, in order.
    pub fn games_of(&self, bots: &[&str]) -> Vec<u64> {
        let plays = |i: usize| {
            self.names
                .get(i)
                .is_some_and(|n| bots.contains(&n.as_str()))
        };
        self.layout
            .cells()
            .filter(|c| plays(c.first) || plays(c.second))
            .flat_map(|c| [2 * c.pair - 1, 2 * c.pair])
            .collect()
    }

    /// This log's games of the schedule (every game, or its shard's): number and the names of
    /// the pairing's two bots.
    pub fn games_with_bots(&self) -> impl Iterator<Item = (u64, &str, &str)> + '_ {
        let name = |i: usize| self.names.get(i).map_or("", String::as_str);
        self.layout
            .cells()
            .flat_map(move |c| {
                let (a, b) = (name(c.first), name(c.second));
                [(2 * c.pair - 1, a, b), (2 * c.pair, a, b)]
            })
            .filter(|(n, _, _)| self.is_mine(*n))
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

    /// How many of games `1..=n` are this log's to hold.
    pub fn mine_up_to(&self, n: u64) -> u64 {
        let Some(s) = self.shard else {
            return n;
        };
        let (index, count) = (s.index as u64, s.count as u64);
        let pairs_up_to = |q: u64| {
            if q >= index {
                (q - index) / count + 1
            } else {
                0
            }
        };
        let (q, leg) = pair_of_game(n);
        let half = u64::from(leg == 'a' && s.has_pair(q));
        2 * pairs_up_to(q) - half
    }

    /// The first game from `n` on that is this log's to hold.
    pub fn next_mine(&self, n: u64) -> u64 {
        let Some(s) = self.shard else {
            return n;
        };
        let (q, _) = pair_of_game(n);
        if s.has_pair(q) {
            return n;
        }
        let (index, count) = (s.index as u64, s.count as u64);
        let ahead = (index - 1 + count - (q - 1) % count) % count;
        2 * (q + ahead) - 1
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
        let start = match &self.starts {
            Starts::Same(start) => Some(start),
            Starts::PerRound(starts) => starts.get(round as usize - 1),
            Starts::Unknown => None,
        };
        if let Some(start) = start {
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
    /// The games the match's header planned, when it has one.
    planned: Option<u64>,
}

impl MatchExpect {
    /// The sides and games the match's header says.
    pub fn planned(h: &super::match_header::MatchHeader) -> MatchExpect {
        let [first, second] = h.bots.clone();
        MatchExpect {
            first,
            second,
            planned: Some(h.games),
        }
    }

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
            planned: None,
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
        } else if let Some(p) = self.planned.filter(|&p| r.game > p) {
            vec![format!(
                "game {} but the match's header plans {p} games",
                r.game
            )]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::log::match_log::made_up_header;

    /// A round-robin of 3 bots (3 pairings a round), 7 rounds: 21 pairs, 42 games.
    fn expect(shard: Option<Shard>) -> ScheduleExpect {
        let names = ["a", "b", "c"].map(String::from);
        let mut header = made_up_header("darra".into(), &names, 14);
        header.shard = shard;
        ScheduleExpect::new(&header).unwrap()
    }

    #[test]
    fn a_shards_games_are_counted_and_found_as_one_by_one() {
        for shard in [
            None,
            Some((1, 4)),
            Some((3, 4)),
            Some((4, 4)),
            Some((2, 25)),
        ] {
            let x = expect(shard.map(|(index, count)| Shard { index, count }));
            assert_eq!(x.games(), 42);
            for n in 0..=50 {
                let mine = (1..=n).filter(|&m| x.is_mine(m)).count() as u64;
                assert_eq!(x.mine_up_to(n), mine, "{shard:?} up to {n}");
                let next = (n.max(1)..).find(|&m| x.is_mine(m)).unwrap();
                assert_eq!(x.next_mine(n.max(1)), next, "{shard:?} from {n}");
            }
        }
    }

    #[test]
    fn the_schedule_names_who_plays_each_game() {
        let x = expect(None);
        let mut r = GameRecord {
            game: 4,
            white: "c".into(),
            black: "a".into(),
            ruleset: "darra".into(),
            round: "1".into(),
            start: crate::games::ruleset("darra").unwrap().start.into(),
            ..Default::default()
        };
        // Game 4 is leg b of pair 2, pairing (a, c): c is player 1.
        assert_eq!(x.id_of(4), "r1-p2-b");
        assert_eq!(x.check(4, 2, None, &r), Vec::<String>::new());
        r.white = "a".into();
        r.black = "c".into();
        let found = x.check(4, 3, None, &r);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].starts_with("pair 3 but the schedule's pair is 2"));
        assert!(found[1].starts_with("sides swapped"));
    }
}
