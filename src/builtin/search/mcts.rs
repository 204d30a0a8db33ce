//! Monte Carlo tree search (UCT). Each iteration walks down by the UCB1 rule, adds one child
//! (children are added one at a time, in the legal list's order, so the tree grows by one node
//! per iteration), plays a few random moves from it, and scores the result: exactly when the
//! game ended, else by the evaluation turned into a value in 0..1 by a logistic curve.
//!
//! A node budget counts iterations; with the same seed and budget the tree, and so the move, is
//! the same every time.

use super::eval::SearchGame;
use super::report::{Report, Score};
use super::rng::SearchRng;
use super::time::SearchLimits;
use crate::game::{Outcome, Player, Status};

/// Iterations between clock checks.
const POLL: u64 = 64;
/// The tree stops growing at this many nodes (iterations then only refine values).
const MAX_NODES: usize = 1 << 21;
/// No node: the root (node 0) is nobody's child, so 0 ends a list of children.
const NONE: u32 = 0;

#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Random moves played from a new node before it is evaluated.
    pub playout_plies: u32,
    /// The exploration constant of UCB1 (values are in 0..1).
    pub exploration: f64,
    pub seed: u64,
}

struct Node<G> {
    pos: G,
    /// The player who made the move into this node (values are from their point of view).
    mover: Player,
    /// Index of that move in the parent's legal list.
    index: u16,
    /// The children as a list through the nodes themselves, in the order they were added (the
    /// legal list's), [`NONE`] for none: a `Vec` per node cost allocations every iteration.
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    child_count: u16,
    /// Legal moves not yet added as children; `None` until the node's moves are counted.
    untried: Option<u16>,
    visits: u32,
    value: f64,
}

pub struct Mcts<G: SearchGame> {
    config: Config,
    rng: SearchRng,
    nodes: Vec<Node<G>>,
    moves: Vec<G::Move>,
    /// The nodes an iteration walked through, reused from one to the next.
    path: Vec<u32>,
}

impl<G> Node<G> {
    fn new(pos: G, mover: Player, index: u16) -> Self {
        Node {
            pos,
            mover,
            index,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            child_count: 0,
            untried: None,
            visits: 0,
            value: 0.0,
        }
    }
}

impl<G: SearchGame> Mcts<G> {
    pub fn new(config: Config) -> Self {
        Mcts {
            config,
            rng: SearchRng::new(config.seed),
            nodes: Vec::new(),
            moves: Vec::with_capacity(64),
            path: Vec::with_capacity(64),
        }
    }

    pub fn think(
        &mut self,
        pos: &G,
        limits: SearchLimits,
        report: &mut dyn FnMut(&Report),
    ) -> usize {
        pos.legal_moves(&mut self.moves);
        if self.moves.len() <= 1 {
            return 0;
        }
        self.nodes.clear();
        self.nodes
            .push(Node::new(pos.clone(), pos.side_to_move().other(), 0));
        let mut iterations = 0u64;
        let mut max_depth = 0;
        loop {
            if limits.nodes.is_some_and(|n| iterations >= n) {
                break;
            }
            if iterations.is_multiple_of(POLL) && iterations > 0 && limits.past_hard() {
                break;
            }
            // MCTS can stop at any iteration: it stops at the move's target.
            if iterations.is_multiple_of(POLL) && iterations > 0 && limits.past_target() {
                break;
            }
            max_depth = max_depth.max(self.iterate());
            iterations += 1;
        }
        let best = self
            .most_visited(0)
            .expect("the root has children after one iteration");
        let child = &self.nodes[best];
        let q = (child.value / child.visits.max(1) as f64).clamp(1e-4, 1.0 - 1e-4);
        let cp = (G::WIN_SCALE as f64 * (q / (1.0 - q)).ln()) as i32;
        report(&Report {
            depth: max_depth as u32,
            score: Score::Cp(cp),
            nodes: iterations,
            elapsed: limits.elapsed(),
            pv: self.principal_variation(),
        });
        child.index as usize
    }

    /// One iteration; returns the depth of the node it evaluated.
    fn iterate(&mut self) -> usize {
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(0);
        let mut at = 0usize;
        loop {
            // Whether `self.moves` holds this node's moves already.
            let mut generated = false;
            let untried = match self.nodes[at].untried {
                Some(u) => u,
                None => {
                    self.nodes[at].pos.legal_moves(&mut self.moves);
                    generated = true;
                    let u = self.moves.len() as u16;
                    self.nodes[at].untried = Some(u);
                    u
                }
            };
            let n = &self.nodes[at];
            if n.first_child == NONE && untried == 0 {
                break; // terminal
            }
            if untried > 0 && self.nodes.len() < MAX_NODES {
                at = self.add_child(at, generated);
                path.push(at as u32);
                break;
            }
            if n.first_child == NONE {
                break; // tree full: evaluate here
            }
            at = self.select(at);
            path.push(at as u32);
        }
        let value = self.evaluate(at);
        let depth = path.len() - 1;
        // `value` is for player 1; each node keeps it from its mover's side.
        for &k in &path {
            let node = &mut self.nodes[k as usize];
            node.visits += 1;
            node.value += if node.mover == Player::One {
                value
            } else {
                1.0 - value
            };
        }
        self.path = path;
        depth
    }

    /// Add `at`'s next untried move as its last child; `generated`: `self.moves` holds `at`'s
    /// legal moves already.
    fn add_child(&mut self, at: usize, generated: bool) -> usize {
        let parent = &self.nodes[at];
        let k = parent.child_count;
        if !generated {
            parent.pos.legal_moves(&mut self.moves);
        }
        let mut pos = parent.pos.clone();
        let mover = pos.side_to_move();
        pos.apply(self.moves[k as usize]);
        let id = self.nodes.len() as u32;
        self.nodes.push(Node::new(pos, mover, k));
        let last = self.nodes[at].last_child;
        if last == NONE {
            self.nodes[at].first_child = id;
        } else {
            self.nodes[last as usize].next_sibling = id;
        }
        let parent = &mut self.nodes[at];
        parent.last_child = id;
        parent.child_count += 1;
        parent.untried = parent.untried.map(|u| u - 1);
        id as usize
    }

    /// The children of `at`, in the order they were added.
    fn children(&self, at: usize) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(
            Some(self.nodes[at].first_child).filter(|&c| c != NONE),
            |&c| Some(self.nodes[c as usize].next_sibling).filter(|&n| n != NONE),
        )
    }

    fn select(&self, at: usize) -> usize {
        let parent = &self.nodes[at];
        let log_n = (parent.visits.max(1) as f64).ln();
        let mut best = (f64::NEG_INFINITY, 0usize);
        for c in self.children(at) {
            let n = &self.nodes[c as usize];
            let v = n.visits.max(1) as f64;
            let ucb = n.value / v + self.config.exploration * (log_n / v).sqrt();
            if ucb > best.0 {
                best = (ucb, c as usize);
            }
        }
        best.1
    }

    /// The value for player 1 of a node: a short random playout, then the result or the
    /// evaluation.
    fn evaluate(&mut self, at: usize) -> f64 {
        let mut pos = self.nodes[at].pos.clone();
        for _ in 0..self.config.playout_plies {
            pos.legal_moves(&mut self.moves);
            if self.moves.is_empty() {
                return self.evaluate_terminal(&pos);
            }
            pos.apply(self.moves[self.rng.below(self.moves.len())]);
        }
        pos.legal_moves(&mut self.moves);
        if self.moves.is_empty() {
            return self.evaluate_terminal(&pos);
        }
        let e = pos.evaluate() as f64 / G::WIN_SCALE as f64;
        let v = 1.0 / (1.0 + (-e).exp());
        if pos.side_to_move() == Player::One {
            v
        } else {
            1.0 - v
        }
    }

    fn evaluate_terminal(&self, pos: &G) -> f64 {
        match pos.status() {
            Status::Over {
                outcome: Outcome::Win(Player::One),
                ..
            } => 1.0,
            Status::Over {
                outcome: Outcome::Win(Player::Two),
                ..
            } => 0.0,
            _ => 0.5,
        }
    }

    fn most_visited(&self, at: usize) -> Option<usize> {
        // Ties go to the earlier child (spec order): deterministic.
        let mut best: Option<(u32, usize)> = None;
        for c in self.children(at) {
            let v = self.nodes[c as usize].visits;
            if best.is_none_or(|(bv, _)| v > bv) {
                best = Some((v, c as usize));
            }
        }
        best.map(|b| b.1)
    }

    fn principal_variation(&self) -> Vec<String> {
        let mut pv = Vec::new();
        let mut at = 0;
        while let Some(c) = self.most_visited(at) {
            let node = &self.nodes[c];
            if node.visits < 2 && !pv.is_empty() {
                break;
            }
            let parent = &self.nodes[at].pos;
            let mut moves = Vec::new();
            parent.legal_moves(&mut moves);
            pv.push(parent.move_token(moves[node.index as usize]));
            at = c;
        }
        pv
    }
}
