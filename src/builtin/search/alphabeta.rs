//! Alpha-beta: iterative deepening, principal-variation search, a transposition table, a
//! capture (material-change) quiescence search, and move ordering by the table's move first,
//! then by the static evaluation (or a cheaper part of it) of the position each move leads to.
//!
//! Everything is deterministic: the same position, table contents, seed and node budget give
//! the same move. The clock is only consulted every [`POLL`] nodes, and a node budget stops
//! the search at exactly the same node every time.

use super::eval::{hash_of, SearchGame};
use super::report::{Report, Score};
use super::rng::mix;
use super::time::SearchLimits;
use super::tt::{Bound, Tt};
use crate::game::{Outcome, Status};

/// A score above any evaluation: a won position at ply `p` scores `WIN - p`.
pub const WIN: i32 = 1_000_000;
const INF: i32 = WIN + 1;
/// Scores beyond `WIN - MAX_PLY` are wins or losses found by the search.
const MAX_PLY: i32 = 1000;
/// Plies of quiescence below the nominal depth.
const QDEPTH: i32 = 6;
/// Nodes between clock checks: a fraction of a millisecond on every game (a clock read costs
/// about as much as generating one move list).
const POLL: u64 = 64;
/// No move (table entries, root best).
const NONE: u16 = u16::MAX;

/// How one alpha-beta player is set up.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Evaluation noise: each position's score is shifted by a seeded amount in
    /// `-noise..=noise`, so games from the same start differ by seed.
    pub noise: i32,
    /// Search captures beyond the nominal depth.
    pub quiesce: bool,
    /// Evaluate by `material_only` (the lowest levels), not `evaluate`.
    pub material_only: bool,
    pub seed: u64,
    /// The transposition table has `2^table_bits` entries of 16 bytes.
    pub table_bits: u32,
}

struct Child<G> {
    pos: G,
    index: u16,
    order: i32,
}

/// Per-ply scratch space, reused from node to node.
struct Ply<G: SearchGame> {
    moves: Vec<G::Move>,
    children: Vec<Child<G>>,
}

/// Empty, so free to make: a node takes its ply's space out with `mem::take`, leaving this in
/// its place, and puts it back. (Vectors made with a capacity here cost an allocation and a
/// free per node, a fifth of a Darra search's instructions.) They grow on first use.
impl<G: SearchGame> Default for Ply<G> {
    fn default() -> Self {
        Ply {
            moves: Vec::new(),
            children: Vec::new(),
        }
    }
}

impl<G: SearchGame> Ply<G> {
    /// The positions after `self.moves`, best first for the mover: the table's move, then by
    /// static evaluation. In quiescence (`quiet`) only the moves that change material.
    fn order_children(&mut self, pos: &G, quiet: bool, tt_move: u16) {
        let mover = pos.side_to_move();
        let material = pos.material(mover);
        self.children.clear();
        for (i, &m) in self.moves.iter().enumerate() {
            let mut c = pos.clone();
            c.apply(m);
            if quiet && c.material(mover) == material {
                continue;
            }
            // No status test here: for Bao and Dara it generates the moves, which the child's
            // own search does anyway.
            let order = if i as u16 == tt_move {
                i32::MAX
            } else {
                -c.plain()
            };
            self.children.push(Child {
                pos: c,
                index: i as u16,
                order,
            });
        }
        // Stable: equal keys keep the spec order, so the search is deterministic.
        self.children.sort_by_key(|c| std::cmp::Reverse(c.order));
    }
}

pub struct AlphaBeta<G: SearchGame> {
    config: Config,
    tt: Tt,
    plies: Vec<Ply<G>>,
    nodes: u64,
    limits: SearchLimits,
    stopped: bool,
    root_best: u16,
}

impl<G: SearchGame> AlphaBeta<G> {
    pub fn new(config: Config) -> Self {
        AlphaBeta {
            config,
            tt: Tt::new(config.table_bits),
            plies: Vec::new(),
            nodes: 0,
            limits: SearchLimits::unlimited(),
            stopped: false,
            root_best: NONE,
        }
    }

    /// The index (in the legal list) of the move to play, reporting each finished depth.
    pub fn think(
        &mut self,
        pos: &G,
        limits: SearchLimits,
        report: &mut dyn FnMut(&Report),
    ) -> usize {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.len() <= 1 {
            return 0;
        }
        self.limits = limits;
        self.nodes = 0;
        self.stopped = false;
        let mut best = 0usize;
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1) as i32;
        for depth in 1..=max_depth {
            self.root_best = NONE;
            let score = self.search(pos, depth, -INF, INF, 0);
            if self.stopped {
                // A move that finished this iteration and beat the others so far is sound.
                if self.root_best != NONE {
                    best = self.root_best as usize;
                } else if depth == 1 {
                    // Stopped before any move was searched: the best by move ordering.
                    if let Some(c) = self.plies.first().and_then(|p| p.children.first()) {
                        best = c.index as usize;
                    }
                }
                break;
            }
            if self.root_best != NONE {
                best = self.root_best as usize;
            }
            let pv = self.principal_variation(pos, best, depth as usize);
            report(&Report {
                depth: depth as u32,
                score: to_score(score),
                nodes: self.nodes,
                elapsed: self.limits.elapsed(),
                pv,
            });
            let decided = score.abs() >= WIN - MAX_PLY && WIN - score.abs() <= depth;
            if decided || self.limits.past_soft() {
                break;
            }
        }
        best
    }

    fn poll(&mut self) {
        if self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || (self.nodes.is_multiple_of(POLL) && self.limits.past_hard())
        {
            self.stopped = true;
        }
    }

    fn evaluate(&self, pos: &G, key: u64) -> i32 {
        let e = if self.config.material_only {
            pos.material_only()
        } else {
            pos.evaluate()
        };
        let n = self.config.noise;
        if n == 0 {
            return e;
        }
        let r = mix(key ^ self.config.seed) % (2 * n as u64 + 1);
        e + r as i32 - n
    }

    fn search(&mut self, pos: &G, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.poll();
        if self.stopped {
            return 0;
        }
        let key = hash_of(pos);
        let quiet = depth <= 0;
        let mut tt_move = NONE;
        if !quiet {
            match self.probe(key, depth, alpha, beta, ply) {
                Ok(s) => return s,
                Err(best) => tt_move = best,
            }
        }
        if self.plies.len() <= ply {
            self.plies.resize_with(ply + 1, Ply::default);
        }
        let mut work = std::mem::take(&mut self.plies[ply]);
        pos.legal_moves(&mut work.moves);
        if work.moves.is_empty() {
            self.plies[ply] = work;
            return terminal_score(pos, ply);
        }
        let mut best = -INF;
        if quiet {
            let stand = self.evaluate(pos, key);
            if stand >= beta || depth <= -QDEPTH || !self.config.quiesce {
                self.plies[ply] = work;
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        work.order_children(pos, quiet, tt_move);
        let alpha0 = alpha;
        let mut best_index = NONE;
        for (k, child) in work.children.iter().enumerate() {
            let s = if k == 0 {
                -self.search(&child.pos, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let s = -self.search(&child.pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta && !self.stopped {
                    -self.search(&child.pos, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                best_index = child.index;
                if s > alpha {
                    alpha = s;
                    if ply == 0 {
                        self.root_best = child.index;
                    }
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.plies[ply] = work;
        if !quiet && !self.stopped {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(key, depth as i16, to_tt(best, ply), bound, best_index);
        }
        best
    }

    /// A score from the table that settles this node (`Ok`), else the table's best move.
    fn probe(&self, key: u64, depth: i32, alpha: i32, beta: i32, ply: usize) -> Result<i32, u16> {
        let Some(e) = self.tt.probe(key) else {
            return Err(NONE);
        };
        if e.depth as i32 >= depth && ply > 0 {
            let s = from_tt(e.score, ply);
            let hit = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if hit {
                return Ok(s);
            }
        }
        Err(e.best)
    }

    /// The best move, then the table's best moves as long as they are legal.
    fn principal_variation(&self, pos: &G, best: usize, max: usize) -> Vec<String> {
        let mut pv = Vec::new();
        let mut p = pos.clone();
        let mut moves = Vec::new();
        let mut index = best;
        loop {
            p.legal_moves(&mut moves);
            let Some(&m) = moves.get(index) else { break };
            pv.push(p.move_token(m));
            p.apply(m);
            if pv.len() >= max {
                break;
            }
            match self.tt.probe(hash_of(&p)) {
                Some(e) if e.best != NONE => index = e.best as usize,
                _ => break,
            }
        }
        pv
    }
}

/// The score of a finished game for the side to move, `ply` plies from the root.
fn terminal_score<G: SearchGame>(pos: &G, ply: usize) -> i32 {
    match pos.status() {
        Status::Over {
            outcome: Outcome::Win(p),
            ..
        } => {
            if p == pos.side_to_move() {
                WIN - ply as i32
            } else {
                -(WIN - ply as i32)
            }
        }
        _ => 0,
    }
}

/// Win scores are stored relative to the node, not the root.
fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN - MAX_PLY {
        s + ply as i32
    } else if s <= -(WIN - MAX_PLY) {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN - MAX_PLY {
        s - ply as i32
    } else if s <= -(WIN - MAX_PLY) {
        s + ply as i32
    } else {
        s
    }
}

fn to_score(s: i32) -> Score {
    if s >= WIN - MAX_PLY {
        Score::Win((WIN - s) as u32)
    } else if s <= -(WIN - MAX_PLY) {
        Score::Loss((WIN + s) as u32)
    } else {
        Score::Cp(s)
    }
}
