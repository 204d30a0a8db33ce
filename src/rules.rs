//! The rules authority's answers as typed values: what `baraza games` and `baraza rules` print,
//! as text or serialized (their `--json` forms, `docs/json.md`). The JSON printer sorts the
//! keys of every object (`commands::write_json`), so the order of the fields here is free.

use crate::game::{MoveError, Position, Status};
use crate::games::{Ruleset, RULESETS};
use serde::{Serialize, Serializer};

/// One ruleset of `baraza games --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulesetInfo {
    pub id: &'static str,
    pub description: &'static str,
    pub start: &'static str,
}

/// Every registered ruleset, in registry order.
pub fn rulesets() -> Vec<RulesetInfo> {
    RULESETS
        .iter()
        .map(|r| RulesetInfo {
            id: r.id,
            description: r.description,
            start: r.start,
        })
        .collect()
}

/// A position alone: `rules start --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionOnly<'a> {
    pub position: &'a str,
}

/// `rules legal --json`: the position as given and its legal moves, in the spec's order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegalMoves<'a> {
    pub position: &'a str,
    pub moves: Vec<String>,
}

/// `rules apply --json`: the position after the moves and its status.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Applied {
    pub position: String,
    pub status: Status,
}

/// `rules perft`: the leaf count at `depth`, and with `--divide` the count under each root
/// move (in the order of the legal moves; the JSON object of them has its keys sorted).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Perft {
    pub depth: u32,
    pub nodes: u64,
    pub seconds: f64,
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "per_move_map"
    )]
    pub divide: Option<Vec<(String, u64)>>,
}

fn per_move_map<S: Serializer>(
    divide: &Option<Vec<(String, u64)>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    let moves = divide.as_deref().unwrap_or_default();
    s.collect_map(moves.iter().map(|(m, n)| (m, n)))
}

/// Count the leaves `depth` plies below `pos`, by root move when `divide` (at depth 0 there is
/// no root move: an empty division). The error is a legal move the engine refused to play.
pub fn perft(pos: &dyn Position, depth: u32, divide: bool) -> Result<Perft, MoveError> {
    let started = std::time::Instant::now();
    let mut per_move = Vec::new();
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for m in pos.legal() {
            let mut next = pos.clone_box();
            next.play(&m)?;
            let n = next.perft(depth - 1);
            total += n;
            per_move.push((m, n));
        }
        total
    } else {
        pos.perft(depth)
    };
    Ok(Perft {
        depth,
        nodes,
        seconds: started.elapsed().as_secs_f64(),
        divide: divide.then_some(per_move),
    })
}

/// `rules bench`: random playouts from the start of a ruleset, their rate per wall and per CPU
/// second.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bench {
    pub ruleset: &'static str,
    pub seed: u64,
    /// Wall time the playouts took.
    pub seconds: f64,
    pub playouts: u64,
    pub plies: u64,
    pub playouts_per_s: f64,
    pub plies_per_s: f64,
    pub mean_plies: f64,
    pub cpu_seconds: f64,
    pub playouts_per_cpu_s: f64,
}

/// Play random playouts from `ruleset`'s start for `seconds` (or `count` of them).
pub fn bench(ruleset: &Ruleset, seconds: f64, count: Option<u64>, seed: u64) -> Bench {
    let cpu_before = thread_cpu_seconds();
    let (playouts, plies, took) = ruleset
        .start_position()
        .bench_playouts(seconds, count, seed);
    let cpu = (thread_cpu_seconds() - cpu_before).max(1e-9);
    Bench {
        ruleset: ruleset.id,
        seed,
        seconds: took,
        playouts,
        plies,
        playouts_per_s: playouts as f64 / took,
        plies_per_s: plies as f64 / took,
        mean_plies: plies as f64 / playouts.max(1) as f64,
        cpu_seconds: cpu,
        playouts_per_cpu_s: playouts as f64 / cpu,
    }
}

/// CPU time of the calling thread, in seconds: on a shared machine the playout rate per CPU
/// second is steadier than per wall second, so the bench reports both.
fn thread_cpu_seconds() -> f64 {
    use nix::time::{clock_gettime, ClockId};
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID)
        .map_or(0.0, |ts| ts.tv_sec() as f64 + ts.tv_nsec() as f64 * 1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::parse_position;

    /// As the JSON printer writes it (keys sorted).
    fn json(v: &impl Serialize) -> String {
        serde_json::to_value(v).unwrap().to_string()
    }

    // The expected lines are what `baraza rules ... --json` printed before the structs (built
    // with `json!`); darra.md: six first moves, each with six answers.
    #[test]
    fn perft_divides_by_root_move_and_counts_the_leaves() {
        let start = parse_position(RULESETS[0].start).unwrap();
        let mut p = perft(&*start, 2, true).unwrap();
        p.seconds = 0.5;
        assert_eq!(
            json(&p),
            r#"{"depth":2,"divide":{"1A":6,"2A":6,"3A":6,"4A":6,"5A":6,"6A":6},"nodes":36,"seconds":0.5}"#
        );
        let mut p = perft(&*start, 2, false).unwrap();
        p.seconds = 0.5;
        assert_eq!(json(&p), r#"{"depth":2,"nodes":36,"seconds":0.5}"#);
        let p = perft(&*start, 0, true).unwrap();
        assert_eq!((p.nodes, p.divide), (1, Some(vec![])));
    }

    #[test]
    fn a_status_is_ongoing_or_over_with_its_scores_when_it_has_them() {
        let status = |p: &str| json(&parse_position(p).unwrap().status());
        assert_eq!(
            status("darra 0,0,0,0,0,0/0,0,0,0,0,0 1 24 24 - 0"),
            r#"{"reason":"end","result":"1/2-1/2","scores":[24,24],"status":"over"}"#
        );
        assert_eq!(
            status("dara ....../....../....../....../...... 1 0 0 0"),
            r#"{"reason":"pieces","result":"1/2-1/2","status":"over"}"#
        );
        let applied = Applied {
            position: "p".into(),
            status: Status::Ongoing,
        };
        assert_eq!(
            json(&applied),
            r#"{"position":"p","status":{"status":"ongoing"}}"#
        );
        assert_eq!(
            json(&rulesets()[0]),
            format!(
                r#"{{"description":"{}","id":"darra","start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0"}}"#,
                RULESETS[0].description
            )
        );
    }
}
