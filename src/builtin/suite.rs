//! Balanced opening suites, generated: `baraza openings generate`. Random legal plies from the
//! ruleset's start, each position kept only when `builtin:search` at a fixed node budget scores
//! it near zero for the side to move. Everything is drawn from one seed and every search is
//! fresh and node-bounded, so the same options give the same suite on any machine: the suites
//! shipped in `openings/` are the output of the command their first lines name.

use super::search::Search;
use super::{BotOptions, Clocks, Strategy, Turn};
use crate::game::Position;
use crate::games::{self, UnknownRuleset};
use crate::record::info::{Info, Score};
use crate::rng::SplitMix64;
use std::collections::HashSet;

/// What a suite is generated from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteSpec {
    pub ruleset: String,
    /// Positions wanted.
    pub count: usize,
    /// Random plies from the start.
    pub plies: u32,
    /// The search's node budget per position.
    pub nodes: u64,
    /// The largest score kept, in centi-units either side of zero.
    pub max_score: i64,
    pub seed: u64,
}

/// How many positions are drawn, at most, per position wanted.
pub const TRIES_PER_POSITION: usize = 50;

/// A position kept, with the search's score of it (side to move's view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub position: String,
    pub score: i64,
}

impl SuiteSpec {
    /// The command line that generates this suite.
    pub fn command(&self) -> String {
        format!(
            "baraza openings generate {} --count {} --plies {} --nodes {} --max-score {} --seed {}",
            self.ruleset, self.count, self.plies, self.nodes, self.max_score, self.seed
        )
    }

    /// The suite as an openings file: two comment lines (what it is, the command), then one
    /// position per line.
    pub fn file_text(&self, openings: &[Opening]) -> String {
        let mut s = format!(
            "# {}: {} openings, {} random plies from the start, each scored within {} of zero by builtin:search at {} nodes\n# {}\n",
            self.ruleset,
            openings.len(),
            self.plies,
            self.max_score,
            self.nodes,
            self.command()
        );
        for o in openings {
            s.push_str(&o.position);
            s.push('\n');
        }
        s
    }
}

/// Generate the suite: up to `count` distinct, ongoing, balanced positions, in the order drawn
/// (fewer when [`TRIES_PER_POSITION`] times `count` draws do not find them). `progress` is
/// told (draws so far, positions kept) after every search.
pub fn generate(
    spec: &SuiteSpec,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<Opening>, UnknownRuleset> {
    let rules = games::ruleset(&spec.ruleset)?;
    let mut rng = SplitMix64::new(spec.seed);
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    for tries in 1..=spec.count.saturating_mul(TRIES_PER_POSITION) {
        if kept.len() >= spec.count {
            break;
        }
        let Some(pos) = draw(rules.start_position(), spec.plies, &mut rng) else {
            continue;
        };
        let text = pos.format();
        if !seen.insert(text.clone()) {
            continue;
        }
        let score = evaluate(&*pos, spec.nodes, spec.seed);
        if let Some(Score::Cp(cp)) = score {
            if cp.abs() <= spec.max_score {
                kept.push(Opening {
                    position: text,
                    score: cp,
                });
            }
        }
        progress(tries, kept.len());
    }
    Ok(kept)
}

/// `plies` random legal plies from `pos`; `None` when the game ended on the way.
fn draw(mut pos: Box<dyn Position>, plies: u32, rng: &mut SplitMix64) -> Option<Box<dyn Position>> {
    for _ in 0..plies {
        let legal = pos.legal();
        if legal.is_empty() {
            return None;
        }
        pos.play(&legal[rng.index(legal.len())]).ok()?;
    }
    (!pos.status().is_over() && !pos.legal().is_empty()).then_some(pos)
}

/// `builtin:search --nodes N`'s score of `pos` for the side to move: the last score it
/// reported (its deepest finished search).
pub fn evaluate(pos: &dyn Position, nodes: u64, seed: u64) -> Option<Score> {
    let options = BotOptions {
        nodes: Some(nodes),
        ..BotOptions::default()
    };
    let mut search = Search::new(seed, &options);
    let legal = pos.legal();
    // A clock that never binds: the node budget alone ends the search.
    let long = 3_600_000;
    let turn = Turn {
        pos: Some(pos),
        legal: &legal,
        me: pos.side_to_move(),
        last: None,
        clocks: Clocks {
            p1time: long,
            p2time: long,
            p1inc: 0,
            p2inc: 0,
            movetime: Some(long),
            nodes: None,
            depth: None,
        },
    };
    search.choose(&turn);
    search
        .take_info()
        .iter()
        .rev()
        .find_map(|line| Info::parse(line.strip_prefix("info ").unwrap_or(line)).score)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(count: usize) -> SuiteSpec {
        SuiteSpec {
            ruleset: "darra".to_string(),
            count,
            plies: 4,
            nodes: 2000,
            max_score: 30,
            seed: 7,
        }
    }

    #[test]
    fn kept_positions_are_distinct_ongoing_and_within_the_bound() {
        let mut calls = 0;
        let got = generate(&spec(5), &mut |_, _| calls += 1).unwrap();
        assert_eq!(got.len(), 5);
        assert!(calls >= 5);
        let distinct: HashSet<_> = got.iter().map(|o| &o.position).collect();
        assert_eq!(distinct.len(), 5);
        for o in &got {
            assert!(o.score.abs() <= 30, "{o:?}");
            let pos = games::parse_position(&o.position).unwrap();
            assert!(!pos.status().is_over());
            assert_eq!(evaluate(&*pos, 2000, 7), Some(Score::Cp(o.score)));
        }
        assert_eq!(
            generate(&spec(5), &mut |_, _| {}).unwrap(),
            got,
            "reproducible"
        );
    }

    #[test]
    fn the_file_names_its_command() {
        let s = spec(2);
        let text = s.file_text(&[Opening {
            position: "darra x".to_string(),
            score: 3,
        }]);
        assert_eq!(
            text,
            "# darra: 1 openings, 4 random plies from the start, each scored within 30 of zero by builtin:search at 2000 nodes\n\
             # baraza openings generate darra --count 2 --plies 4 --nodes 2000 --max-score 30 --seed 7\n\
             darra x\n"
        );
    }
}
