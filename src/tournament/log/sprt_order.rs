//! The SPRT of a run, made deterministic and recorded.
//!
//! - **In schedule order**: game pairs enter the test in the order of their pair numbers; pair
//!   `k` counts once pairs `1..=k` are all finished, whatever order the games ended in. So the
//!   verdict and the number of pairs it took depend on the games alone, not on `--concurrency`
//!   or timing. Once the test decides it is frozen: games that were still running, finished
//!   and kept in the log, do not change it.
//! - **Recorded**: the decision is written to games.jsonl as an [`SprtLine`]
//!   (`"baraza":"sprt"`), which `baraza results` reports as the run reported it.

use crate::stats::elo::{penta_bucket, Model, Sample};
use crate::stats::sprt::{self, Decision, SprtParams, SprtReport};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The value of an SPRT line's `baraza` field.
pub const SPRT_KIND: &str = "sprt";

/// The line games.jsonl gets when the SPRT decides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtLine {
    /// Always `sprt`: tells this line from a game line and from the header.
    pub baraza: String,
    /// The bot tested and its opponent.
    pub first: String,
    pub second: String,
    /// The pairs the decision took (pairs 1 to `pairs`), and their games.
    pub pairs: u64,
    pub games: u64,
    #[serde(flatten)]
    pub report: SprtReport,
}

impl SprtLine {
    pub fn new(first: &str, second: &str, report: SprtReport) -> SprtLine {
        SprtLine {
            baraza: SPRT_KIND.to_string(),
            first: first.to_string(),
            second: second.to_string(),
            pairs: report.units,
            games: 2 * report.units,
            report,
        }
    }

    /// The line, if `text` is an SPRT line (`None` for anything else, a game line say).
    pub fn parse(text: &str) -> Option<SprtLine> {
        // A cheap look first: game lines are the many.
        if !text.contains("\"baraza\"") {
            return None;
        }
        serde_json::from_str::<SprtLine>(text)
            .ok()
            .filter(|l| l.baraza == SPRT_KIND)
    }
}

/// The legs of one pair seen so far: the first bot's points in each, and whether it was
/// player 1 (`None` points: a game without a result).
type Legs = Vec<(bool, Option<f64>)>;

/// The SPRT fed game by game, counting pairs in pair-number order.
#[derive(Clone, Debug)]
pub struct OrderedSprt {
    params: SprtParams,
    /// The lowest pair number not yet counted.
    next: u64,
    waiting: BTreeMap<u64, Legs>,
    penta: [u64; 5],
    decided: Option<SprtReport>,
}

impl OrderedSprt {
    pub fn new(params: SprtParams) -> OrderedSprt {
        OrderedSprt {
            params,
            next: 1,
            waiting: BTreeMap::new(),
            penta: [0; 5],
            decided: None,
        }
    }

    /// A finished game of pair `pair`: the first bot's points (`None` without a result) and
    /// whether it was player 1.
    pub fn add_leg(&mut self, pair: u64, first_is_player1: bool, first_points: Option<f64>) {
        if pair < self.next {
            return; // a leg of a pair already counted (a hand-made log's third leg)
        }
        self.waiting
            .entry(pair)
            .or_default()
            .push((first_is_player1, first_points));
        while self.decided.is_none() {
            let Some(legs) = self.waiting.get(&self.next) else {
                break;
            };
            if legs.len() < 2 {
                break;
            }
            let legs = self.waiting.remove(&self.next).unwrap_or_default();
            self.next += 1;
            // Its first two games: counted only when both have a result, with the sides
            // swapped.
            if let [(w1, Some(p1)), (w2, Some(p2)), ..] = legs[..] {
                if w1 != w2 {
                    self.penta[penta_bucket(p1, p2)] += 1;
                    let report = self.current();
                    if report.decision != Decision::Continue {
                        self.decided = Some(report);
                        self.waiting.clear();
                    }
                }
            }
        }
    }

    fn current(&self) -> SprtReport {
        sprt::sprt(
            self.params,
            &Sample::pentanomial(self.penta),
            Model::Pentanomial,
        )
    }

    /// The decision, frozen at the pair that reached a bound; or the test so far.
    pub fn report(&self) -> SprtReport {
        self.decided.unwrap_or_else(|| self.current())
    }

    /// The pentanomial counts of the pairs counted so far (up to the decision).
    pub fn penta(&self) -> [u64; 5] {
        self.penta
    }
}
