//! The strength ladder of `--level N`: fixed depths and node budgets, so a level plays the same
//! moves on any machine (the clock only cuts a search short when a budget would not fit in the
//! time left). Without `--level` or `--nodes` the player uses all the time it is given.

/// The highest level.
pub const MAX_LEVEL: u32 = 5;

/// What a level limits the search to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub quiesce: bool,
    /// Evaluation noise in score units (100 = one seed or piece).
    pub noise: i32,
}

/// Noise of the full-strength player: enough to vary games between seeds, too little to
/// change a real decision.
pub const DEFAULT_NOISE: i32 = 5;

/// Level `n` (1..=MAX_LEVEL), or the full-strength player for `None`.
pub fn level(n: Option<u32>) -> Level {
    let (depth, nodes, quiesce, noise) = match n {
        // One ply on the evaluation, like greedy (whose score is material alone).
        Some(1) => (Some(1), None, false, 20),
        Some(2) => (Some(2), None, true, 10),
        Some(3) => (None, Some(1_000), true, DEFAULT_NOISE),
        Some(4) => (None, Some(10_000), true, DEFAULT_NOISE),
        Some(_) => (None, Some(100_000), true, DEFAULT_NOISE),
        None => (None, None, true, DEFAULT_NOISE),
    };
    Level {
        depth,
        nodes,
        quiesce,
        noise,
    }
}
