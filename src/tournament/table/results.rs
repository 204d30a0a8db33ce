//! The results table, computed from games.jsonl alone: per bot games, points, W/D/L, score,
//! Elo with a 95% interval, LOS against the leader, pentanomial counts over game pairs, time
//! forfeits, crashes and other forfeits; and the SPRT of a two-bot run.
//!
//! Choices, all visible in the output:
//! - A bot's Elo is its score against the field it met (logistic, see [`crate::stats::elo`]). The
//!   interval uses the pentanomial model (game pairs as units) when every game of the bot is in
//!   a complete pair, the trinomial one (games as units) otherwise.
//! - The leader is the bot with the best score (then most points, then event order). LOS
//!   against the leader comes from the two bots' own games against each other; a bot that
//!   never met the leader (a gauntlet) has none.
//! - A complete pair is two games with the same `pair` number and the same two bots on swapped
//!   sides. The SPRT uses complete pairs only (pentanomial), from the first bot's side.
//! - Forfeits are charged to the side that lost the game: `time forfeit` counts as a time
//!   forfeit, `crash` as a crash, `illegal move`, `protocol error` and `stalled connection` as
//!   other forfeits.

use super::faults::{BotFaults, FaultBook};
use super::field_changes::FieldChanges;
use super::pair_book::{Leg, PairBook, PairLegs};
use super::table_view::TableView;
use crate::outcome::GameResult;
use crate::record::Termination;
use crate::stats::elo::{self, EloEstimate};
use crate::stats::ratings::{self, NoRatings, PairGames, RatingList};
use crate::stats::sprt::SprtReport;
use crate::tournament::log::games_jsonl::{GameLine, Header};
use crate::tournament::log::reader::GamesLog;
use crate::tournament::log::seen::Seen;
use crate::tournament::log::sprt_order::{OrderedSprt, SprtLine};
use serde::Serialize;
use std::collections::BTreeMap;

/// One bot's line of the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotStanding {
    pub rank: usize,
    pub name: String,
    pub games: u64,
    pub points: f64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Points per game; `None` before any game.
    pub score: Option<f64>,
    pub elo: Option<EloEstimate>,
    /// Probability this bot is stronger than the leader, from their games against each other.
    pub los_vs_leader: Option<f64>,
    /// Complete game pairs played.
    pub pairs: u64,
    /// `[LL, LD, DD+WL, WD, WW]` over complete pairs, from this bot's side.
    pub penta: [u64; 5],
    pub time_forfeits: u64,
    pub crashes: u64,
    pub other_forfeits: u64,
}

/// The SPRT of a two-bot run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtStanding {
    /// The bot tested (the event's first bot) and its opponent.
    pub first: String,
    pub second: String,
    /// The games of the pairs counted (`2 · units`): those the decision took.
    pub games: u64,
    /// Whether the decision was read from the log's SPRT line (else computed from its games).
    pub recorded: bool,
    #[serde(flatten)]
    pub report: SprtReport,
}

/// The version of `baraza results --json` (docs/json.md): 2 adds `schema`, `pairings`,
/// `ratings`, `ratings_note` and the SPRT's `games` and `recorded` (1 had no `schema` field).
pub const RESULTS_SCHEMA: u32 = 2;

/// Everything `baraza results` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    /// [`RESULTS_SCHEMA`].
    pub schema: u32,
    pub config_hash: String,
    pub ruleset: String,
    pub format: crate::tournament::plan::config::Format,
    /// Games with a result.
    pub games: u64,
    pub scheduled_games: u64,
    /// The games the table counts once the event is over (M of "N of M games played"): the
    /// scheduled games less those left out with their bot and those never to be played
    /// ([`FieldChanges`]); 0 for a log with no schedule.
    pub expected_games: u64,
    /// Bots withdrawn, left out or replaced (left out of the JSON when none).
    #[serde(skip_serializing_if = "FieldChanges::is_empty")]
    pub field_changes: FieldChanges,
    pub complete_pairs: u64,
    pub leader: Option<String>,
    pub bots: Vec<BotStanding>,
    pub sprt: Option<SprtStanding>,
    /// Head-to-head: every pair of bots that met, in event order of the first.
    pub pairings: Vec<Pairing>,
    /// The rating list fitted from all games ([`crate::stats::ratings`]); `None` with the reason in
    /// `ratings_note` when there is none.
    pub ratings: Option<RatingList>,
    pub ratings_note: Option<String>,
    /// The games each bot lost to a fault, by termination, with example reasons (bots with
    /// none left out), in rank order.
    pub faults: Vec<BotFaults>,
    /// Lines whose result is `*`, no result (ignored); any other non-score is refused when
    /// games.jsonl is read.
    pub unscored_games: u64,
    pub duplicate_lines: u64,
    pub torn_last_line: Option<usize>,
}

/// The games of two bots against each other, from the first one's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pairing {
    pub first: String,
    pub second: String,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The first bot's points and points per game.
    pub points: f64,
    pub score: f64,
}

#[derive(Debug, Default, Clone)]
struct Acc {
    games: u64,
    points: f64,
    wins: u64,
    draws: u64,
    losses: u64,
    pairs: u64,
    penta: [u64; 5],
    time_forfeits: u64,
    crashes: u64,
    other_forfeits: u64,
}

impl Acc {
    fn add_game(&mut self, points: f64) {
        self.games += 1;
        self.points += points;
        if points == 1.0 {
            self.wins += 1;
        } else if points == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
}

/// The table of a log (as its host lines say: [`TableView`]).
pub fn standings(log: &GamesLog) -> Standings {
    standings_viewed(log, &TableView::of(&log.host))
}

/// The table of a log seen through `view`.
pub fn standings_viewed(log: &GamesLog, view: &TableView) -> Standings {
    let mut tally = Tally::new(&log.header);
    tally.hide_all(view.hidden_bots(&log.header));
    let mut seen = Seen::new(&log.header);
    for g in &log.games {
        tally.add_viewed(view, g.pair, &g.versions, &g.record);
        seen.insert(&g.game_id);
    }
    if let Some(line) = &log.sprt_line {
        tally.set_recorded(line.clone());
    }
    let mut s = tally.standings();
    s.set_field_changes(FieldChanges::of(&log.header, &view.host, &seen));
    s.duplicate_lines = log.duplicates.len() as u64;
    s.torn_last_line = log.torn_line;
    s
}

/// The table of some game lines under a header.
pub fn standings_from(header: &Header, games: &[GameLine]) -> Standings {
    let mut tally = Tally::new(header);
    for g in games {
        tally.add(g);
    }
    tally.standings()
}

/// The table built game by game: adding a game costs the same at the 100,000th game as at the
/// first, and the table can be read at any point (the live table, the SPRT after every game),
/// costing the number of bots, not of games. [`standings_from`] is a tally of all the lines.
#[derive(Debug)]
pub struct Tally {
    header: Header,
    /// Bots in event order, then any name only the games mention.
    names: Vec<String>,
    acc: Vec<Acc>,
    /// (a, b) -> (a's wins, a's losses) against b.
    h2h: BTreeMap<(usize, usize), (u64, u64)>,
    /// Name -> index in `names`.
    index: std::collections::HashMap<String, usize>,
    /// (a, b), a < b -> [a's wins, draws, b's wins].
    wdl: BTreeMap<(usize, usize), [u64; 3]>,
    pairs: PairBook,
    complete_pairs: u64,
    /// First bot's pentanomial against the second, for the SPRT.
    sprt_penta: [u64; 5],
    /// The run's SPRT, pairs in schedule order ([`crate::tournament::log::sprt_order`]).
    ordered: Option<OrderedSprt>,
    /// The decision a games.jsonl records, if any.
    recorded: Option<SprtLine>,
    scored: u64,
    unscored: u64,
    /// Bots left out of the table (withdrawn with their games excluded, `--exclude`).
    hidden: Vec<String>,
    faults: FaultBook,
}

impl Tally {
    /// Take `paths` out of the fault summary's reasons (a table to publish).
    pub fn scrub_reasons(&mut self, paths: crate::escape::host_paths::HostPaths) {
        self.faults.host_paths = Some(paths);
    }

    /// Leave `names` out of the table (their games are not added either: the caller's).
    pub fn hide_all(&mut self, names: Vec<String>) {
        self.hidden.extend(names);
    }

    /// Count a game that is not superseded as `view` shows it (perhaps not at all).
    pub fn add_viewed(
        &mut self,
        view: &TableView,
        pair: u64,
        versions: &std::collections::BTreeMap<String, u32>,
        r: &crate::record::GameRecord,
    ) {
        if let Some((white, black)) = view.counted(versions, r) {
            self.add_parts(pair, &white, &black, r.result, r.termination);
            self.add_fault(&white, &black, r.result, r.termination, &r.reason);
        }
    }

    pub fn new(header: &Header) -> Tally {
        let names = header.bot_names();
        Tally {
            // Reversed: of two bots of one name (a hand-made header) the first is found.
            index: names
                .iter()
                .enumerate()
                .rev()
                .map(|(i, n)| (n.clone(), i))
                .collect(),
            header: header.clone(),
            acc: vec![Acc::default(); names.len()],
            names,
            h2h: BTreeMap::new(),
            wdl: BTreeMap::new(),
            pairs: PairBook::default(),
            complete_pairs: 0,
            sprt_penta: [0; 5],
            ordered: match (header.sprt, header.event.bots.len()) {
                (Some(params), 2) => Some(OrderedSprt::new(params)),
                _ => None,
            },
            recorded: None,
            scored: 0,
            unscored: 0,
            hidden: Vec::new(),
            faults: FaultBook::default(),
        }
    }

    /// The bots' names: the header's, then those only the games named, in the order met.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Replace the header the table is described by (its hash, ruleset, format, scheduled
    /// games), once the games are counted: a `match --jsonl` file's is made up from its games
    /// ([`crate::tournament::log::match_log::made_up_header`]). Its bots must be [`Tally::names`].
    pub fn set_header(&mut self, header: Header) {
        self.header = header;
    }

    /// Lines added, scored or not.
    pub fn lines(&self) -> u64 {
        self.scored + self.unscored
    }

    fn index(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        self.names.push(name.to_string());
        self.acc.push(Acc::default());
        self.index.insert(name.to_string(), self.names.len() - 1);
        self.names.len() - 1
    }

    /// Count one more game.
    pub fn add(&mut self, g: &GameLine) {
        let r = &g.record;
        self.add_parts(g.pair, &r.white, &r.black, r.result, r.termination);
        self.add_fault(&r.white, &r.black, r.result, r.termination, &r.reason);
    }

    /// Count a game's fault, if the loser lost it by one, with its reason (for the fault
    /// summary; [`Tally::add_parts`] counts the rest).
    pub fn add_fault(
        &mut self,
        white: &str,
        black: &str,
        result: GameResult,
        termination: Termination,
        reason: &str,
    ) {
        let loser = match result.points() {
            Some((pw, pb)) if pw < pb => white,
            Some((pw, pb)) if pb < pw => black,
            _ => return,
        };
        let i = self.index(loser);
        self.faults.add(i, termination, reason);
    }

    /// Count one more game, given the fields the table reads.
    pub fn add_parts(
        &mut self,
        pair: u64,
        white: &str,
        black: &str,
        result: GameResult,
        termination: Termination,
    ) {
        let (w, b) = (self.index(white), self.index(black));
        if let Some(test) = &mut self.ordered {
            let points = result.points();
            match (w, b) {
                (0, 1) => test.add_leg(pair, true, points.map(|p| p.0)),
                (1, 0) => test.add_leg(pair, false, points.map(|p| p.1)),
                _ => {}
            }
        }
        let Some((pw, pb)) = result.points() else {
            self.unscored += 1;
            return;
        };
        self.scored += 1;
        let acc = &mut self.acc;
        acc[w].add_game(pw);
        acc[b].add_game(pb);
        let (lo, hi, lo_points) = if w < b { (w, b, pw) } else { (b, w, pb) };
        let cell = self.wdl.entry((lo, hi)).or_default();
        cell[if lo_points == 1.0 {
            0
        } else if lo_points == 0.0 {
            2
        } else {
            1
        }] += 1;
        if pw != pb {
            let (winner, loser) = if pw > pb { (w, b) } else { (b, w) };
            self.h2h.entry((winner, loser)).or_default().0 += 1;
            self.h2h.entry((loser, winner)).or_default().1 += 1;
            let counter = match termination {
                Termination::TimeForfeit => Some(&mut acc[loser].time_forfeits),
                Termination::Crash => Some(&mut acc[loser].crashes),
                Termination::IllegalMove
                | Termination::ProtocolError
                | Termination::StalledConnection => Some(&mut acc[loser].other_forfeits),
                Termination::Normal | Termination::Adjudication | Termination::Resignation => None,
            };
            if let Some(c) = counter {
                *c += 1;
            }
        }
        let leg = (w, b, pw, pb);
        let next = match self.pairs.take(pair) {
            None => PairLegs::One(leg),
            Some(PairLegs::One(first)) => {
                self.count_pair(first, leg, 1);
                PairLegs::Two(first, leg)
            }
            Some(PairLegs::Two(first, second)) => {
                self.count_pair(first, second, -1);
                PairLegs::Many
            }
            Some(PairLegs::Many) => PairLegs::Many,
        };
        self.pairs.put(pair, next);
    }

    /// Forget the legs of game pair `pair`, which no more games will name: the table is as
    /// it was, and the memory of a pair is freed. A later game of that pair would be counted
    /// as its first leg (not as a third one), so only a reader that knows none will come may
    /// call this ([`super::results_stream`]).
    pub fn forget_pair(&mut self, pair: u64) {
        self.pairs.forget(pair);
    }

    /// Add (`sign` 1) or take back (-1) a pair of legs, if it is a complete pair.
    fn count_pair(&mut self, (w1, b1, pw1, pb1): Leg, (w2, b2, pw2, pb2): Leg, sign: i64) {
        if !(w1 == b2 && b1 == w2 && w1 != b1) {
            return;
        }
        let add = |n: &mut u64| *n = n.wrapping_add_signed(sign);
        add(&mut self.complete_pairs);
        // w1's points: as player 1 in leg 1, as player 2 in leg 2.
        let first = elo::penta_bucket(pw1, pb2);
        let second = elo::penta_bucket(pb1, pw2);
        add(&mut self.acc[w1].penta[first]);
        add(&mut self.acc[w1].pairs);
        add(&mut self.acc[b1].penta[second]);
        add(&mut self.acc[b1].pairs);
        if (w1, b1) == (0, 1) {
            add(&mut self.sprt_penta[first]);
        } else if (w1, b1) == (1, 0) {
            add(&mut self.sprt_penta[second]);
        }
    }

    /// The decision recorded in the log being read: reported as it is when it is the
    /// test of this header's parameters (it is then the one the pairs give, see
    /// [`crate::tournament::log::sprt_order`]).
    pub fn set_recorded(&mut self, line: SprtLine) {
        if Some(line.report.params) == self.header.sprt {
            self.recorded = Some(line);
        }
    }

    /// The SPRT of a two-bot event with SPRT parameters in its header: frozen at its
    /// decision, or so far.
    pub fn sprt(&self) -> Option<SprtStanding> {
        let test = self.ordered.as_ref()?;
        let [first, second] = self.header.event.bots.as_slice() else {
            return None;
        };
        let (report, recorded) = match &self.recorded {
            Some(line) => (line.report, true),
            None => (test.report(), false),
        };
        Some(SprtStanding {
            first: first.name.clone(),
            second: second.name.clone(),
            games: 2 * report.units,
            recorded,
            report,
        })
    }

    /// The first bot's pentanomial counts over all its complete pairs against the second
    /// (those after an SPRT decision too).
    pub fn two_bot_penta(&self) -> [u64; 5] {
        self.sprt_penta
    }

    /// Head-to-head results of every pair of bots that met, the bot earlier in the event first.
    fn pairings(&self) -> Vec<Pairing> {
        self.wdl
            .iter()
            .filter(|(&(a, b), _)| a != b)
            .map(|(&(a, b), &[w, d, l])| {
                let games = w + d + l;
                let points = w as f64 + d as f64 / 2.0;
                Pairing {
                    first: self.names[a].clone(),
                    second: self.names[b].clone(),
                    games,
                    wins: w,
                    draws: d,
                    losses: l,
                    points,
                    score: points / games as f64,
                }
            })
            .collect()
    }

    /// The rating list of the bots that played, or why there is none.
    fn ratings(&self) -> (Option<RatingList>, Option<String>) {
        let played: Vec<usize> = (0..self.names.len())
            .filter(|&i| self.acc[i].games > 0)
            .collect();
        let index = |i: usize| played.iter().position(|&p| p == i);
        let pairs: Vec<PairGames> = self
            .wdl
            .iter()
            .filter(|(&(a, b), _)| a != b)
            .filter_map(|(&(a, b), &[a_wins, draws, b_wins])| {
                Some(PairGames {
                    a: index(a)?,
                    b: index(b)?,
                    a_wins,
                    draws,
                    b_wins,
                })
            })
            .collect();
        let names: Vec<String> = played.iter().map(|&i| self.names[i].clone()).collect();
        match ratings::fit(&names, &pairs) {
            Ok(list) => (Some(list), None),
            Err(e) => (None, Some(e.to_string())),
        }
    }

    /// The table so far.
    pub fn standings(&self) -> Standings {
        let names = &self.names;
        let index = |n: &str| {
            names
                .iter()
                .position(|m| m == n)
                .expect("every name listed")
        };
        let mut bots: Vec<BotStanding> = names
            .iter()
            .zip(&self.acc)
            .map(|(name, a)| {
                let score = (a.games > 0).then(|| a.points / a.games as f64);
                let all_paired = a.pairs > 0 && a.pairs * 2 == a.games;
                let elo = if all_paired {
                    elo::elo_pentanomial(a.penta)
                } else {
                    elo::elo_trinomial(a.wins, a.draws, a.losses)
                };
                BotStanding {
                    rank: 0,
                    name: name.clone(),
                    games: a.games,
                    points: a.points,
                    wins: a.wins,
                    draws: a.draws,
                    losses: a.losses,
                    score,
                    elo,
                    los_vs_leader: None,
                    pairs: a.pairs,
                    penta: a.penta,
                    time_forfeits: a.time_forfeits,
                    crashes: a.crashes,
                    other_forfeits: a.other_forfeits,
                }
            })
            .filter(|b: &BotStanding| !self.hidden.contains(&b.name))
            .collect();

        // Best score first; bots without games last; ties by points, then event order (stable).
        bots.sort_by(|x, y| {
            let key = |b: &BotStanding| b.score.unwrap_or(-1.0);
            key(y)
                .total_cmp(&key(x))
                .then(y.points.total_cmp(&x.points))
        });
        let leader = bots.first().filter(|b| b.games > 0).map(|b| b.name.clone());
        if let Some(leader_name) = &leader {
            let l = index(leader_name);
            for b in bots.iter_mut() {
                let i = index(&b.name);
                if i != l {
                    if let Some(&(w, lo)) = self.h2h.get(&(i, l)) {
                        b.los_vs_leader = elo::los(w, lo);
                    }
                }
            }
        }
        for (i, b) in bots.iter_mut().enumerate() {
            b.rank = i + 1;
        }

        let header = &self.header;
        let (ratings, ratings_note) = self.ratings();
        let rank_order: Vec<usize> = bots.iter().map(|b| index(&b.name)).collect();
        Standings {
            schema: RESULTS_SCHEMA,
            config_hash: header.config_hash.clone(),
            ruleset: header.event.ruleset.clone(),
            format: header.event.format,
            games: self.scored,
            scheduled_games: header.scheduled_games,
            expected_games: header.scheduled_games,
            field_changes: FieldChanges::default(),
            complete_pairs: self.complete_pairs,
            leader,
            bots,
            sprt: self.sprt(),
            pairings: self.pairings(),
            ratings,
            ratings_note,
            faults: self.faults.summary(&rank_order, names),
            unscored_games: self.unscored,
            duplicate_lines: 0,
            torn_last_line: None,
        }
    }
}

impl Standings {
    /// Record the field's changes, and M of "N of M" with them.
    pub fn set_field_changes(&mut self, f: FieldChanges) {
        self.expected_games = f.expected_games(self.scheduled_games);
        self.field_changes = f;
    }
}

/// Place the rating list so that bot `name` has rating `elo` (`--anchor NAME=ELO`).
pub fn anchor_ratings(s: &mut Standings, name: &str, elo: f64) -> Result<(), NoRatings> {
    if let Some(list) = &s.ratings {
        s.ratings = Some(list.anchored(name, elo)?);
    }
    Ok(())
}
