//! The strength ladder of `--level N`: fixed depths and node budgets, so a level plays the same
//! moves on any machine (the clock only cuts a search short when a budget would not fit in the
//! time left). Without `--level` or `--nodes` the player uses all the time it is given.

use crate::game::GameKind;
use crate::games::Ruleset;

/// The highest level.
pub const MAX_LEVEL: u32 = 5;

/// What a level limits the search to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub quiesce: bool,
    /// Evaluate by [`super::eval::SearchGame::material_only`], greedy's view (levels 1, 2).
    pub material_only: bool,
    /// Evaluation noise in score units (100 = one seed or piece).
    pub noise: i32,
}

/// Noise of the full-strength player: enough to vary games between seeds, too little to
/// change a real decision.
pub const DEFAULT_NOISE: i32 = 5;

/// Level `n` (1..=MAX_LEVEL), or the full-strength player for `None`.
pub fn level(n: Option<u32>) -> Level {
    let (depth, nodes, quiesce, material_only, noise) = match n {
        // One ply on material, like greedy, with noise for its ties.
        Some(1) => (Some(1), None, false, true, 20),
        Some(2) => (Some(2), None, true, true, 10),
        Some(3) => (None, Some(1_000), true, false, DEFAULT_NOISE),
        Some(4) => (None, Some(10_000), true, false, DEFAULT_NOISE),
        Some(_) => (None, Some(100_000), true, false, DEFAULT_NOISE),
        None => (None, None, true, false, DEFAULT_NOISE),
    };
    Level {
        depth,
        nodes,
        quiesce,
        material_only,
        noise,
    }
}

/// A level's node budget, `nodes`, on a ruleset whose [`times_six`] is `times_six`. The
/// budgets are set for Darra 2 x 6, where a player
/// has up to 6 moves; with more moves a budget searches a ply or two less, and the levels
/// bunch up. So it grows with the moves: with the row on Darra's long boards (three times on
/// 2 x 18, up to 18 moves), three times on Dara (a drop has up to 30 cells; 1,000 nodes often
/// finished only depth 2 there, as level 2 does). Bao's are its own.
pub fn scaled(nodes: u64, times_six: u64) -> u64 {
    nodes * times_six / 6
}

/// Six times [`scaled`]'s factor on `ruleset` (parses its start position: call it once a
/// ruleset).
pub fn times_six(ruleset: &Ruleset) -> u64 {
    match ruleset.kind {
        // Every hole of a row holds seeds at the start: its legal moves are the row.
        GameKind::Darra => ruleset.start_position().legal().len() as u64,
        GameKind::Dara => 18,
        GameKind::Bao => 6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn times_six_on(id: &str) -> u64 {
        times_six(crate::games::find(id).unwrap())
    }

    #[test]
    fn boards_with_more_moves_get_bigger_budgets() {
        assert_eq!(scaled(1_000, times_six_on("darra")), 1_000);
        assert_eq!(scaled(1_000, times_six_on("dara-niger")), 3_000);
        assert_eq!(scaled(10_000, times_six_on("dara")), 30_000);
        assert_eq!(scaled(1_000, times_six_on("bao")), 1_000);
        assert_eq!(scaled(10_000, times_six_on("darra-2x12")), 20_000);
        assert_eq!(scaled(100_000, times_six_on("darra-2x16")), 266_666);
        assert_eq!(scaled(100_000, times_six_on("darra-2x18")), 300_000);
    }

    #[test]
    fn the_two_lowest_levels_see_material_only() {
        assert!(level(Some(1)).material_only && level(Some(2)).material_only);
        assert!(!level(Some(3)).material_only && !level(None).material_only);
    }
}
