//! The registry of rulesets: ruleset id -> game. Each game module exports its rulesets (id,
//! game kind, description, start position, default draw adjudication); [`RULESETS`]
//! concatenates them.
//!
//! # Adding a game
//!
//! 1. Its rules as a spec, then `docs/<game>.md` (the rules as implemented, every decision the
//!    spec leaves open) and a row in README.md's table.
//! 2. Here: a module with a type implementing [`Game`] (pure, no I/O) and its `RULESETS`, and
//!    one line in `GAMES` (below).
//! 3. A variant of [`GameKind`] in `game.rs`. The compiler then names every place in the
//!    arena that must know the game, each an exhaustive `match`: the search's engine and
//!    default algorithm (`src/builtin/search/mod.rs`, with an evaluation in
//!    `src/builtin/search/eval/`), its level budgets (`levels.rs`), what a capture is worth to
//!    the person playing (`src/person/captures.rs`).
//! 4. An opening suite per ruleset: `baraza openings generate <ruleset>` into
//!    `openings/<ruleset>.txt` and a line in `src/tournament/plan/suites.rs` (the test
//!    `every_ruleset_has_one_shipped_suite` fails until then).
//! 5. The viewer's board (`src/view/assets/viewer.js`, keyed by the ruleset's family name; the
//!    terminal's is the game's own `Game::draw`), and the Python package's docs
//!    (docs/python.md).
//! 6. Perft counts checked by hand or against another implementation (tests/data) and the
//!    engines' benches (`benches/`).

pub mod bao;
pub mod dara;
pub mod darra;

use crate::game::{Game, GameKind, Position, PositionError, Status};

/// A ruleset as the arena sees it.
#[derive(Clone, Copy)]
pub struct Ruleset {
    pub id: &'static str,
    /// The game it is a ruleset of.
    pub kind: GameKind,
    pub description: &'static str,
    /// The standard start position string.
    pub start: &'static str,
    /// The draw adjudication `match` and `tournament` apply when not told otherwise: Bao can
    /// go on for ever between two random bots; the other games end by themselves.
    pub default_max_plies: Option<u64>,
    parse: fn(&str) -> Result<Box<dyn Position>, PositionError>,
}

impl Ruleset {
    /// A ruleset played by the game `G`.
    pub const fn new<G: Game>(
        id: &'static str,
        description: &'static str,
        start: &'static str,
        default_max_plies: Option<u64>,
    ) -> Ruleset {
        Ruleset {
            id,
            kind: G::KIND,
            description,
            start,
            default_max_plies,
            parse: boxed::<G>,
        }
    }

    /// Parse a position of this ruleset.
    pub fn parse(&self, s: &str) -> Result<Box<dyn Position>, PositionError> {
        (self.parse)(s)
    }

    /// The start position, parsed.
    pub fn start_position(&self) -> Box<dyn Position> {
        self.parse(self.start)
            .expect("every registered start position parses")
    }
}

fn boxed<G: Game>(s: &str) -> Result<Box<dyn Position>, PositionError> {
    G::parse(s).map(|g| Box::new(g) as Box<dyn Position>)
}

/// Every game's rulesets, one line per game, in the order `baraza games` lists them.
const GAMES: &[&[Ruleset]] = &[darra::RULESETS, bao::RULESETS, dara::RULESETS];

const COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < GAMES.len() {
        n += GAMES[i].len();
        i += 1;
    }
    n
};

/// [`GAMES`] flattened at compile time, so the registry stays a plain slice.
static ALL: [Ruleset; COUNT] = {
    let mut all = [GAMES[0][0]; COUNT];
    let (mut k, mut i) = (0, 0);
    while i < GAMES.len() {
        let mut j = 0;
        while j < GAMES[i].len() {
            all[k] = GAMES[i][j];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    all
};

/// Every ruleset baraza knows, in the order `baraza games` lists them.
pub static RULESETS: &[Ruleset] = &ALL;

/// The ruleset with this id.
pub fn find(id: &str) -> Option<&'static Ruleset> {
    RULESETS.iter().find(|r| r.id == id)
}

/// A ruleset id that is not registered; the message lists the known ids.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset '{0}' (known: {known})", known = RULESETS.iter().map(|r| r.id).collect::<Vec<_>>().join(", "))]
pub struct UnknownRuleset(pub String);

/// Like [`find`], with an error that lists the known ids.
pub fn ruleset(id: &str) -> Result<&'static Ruleset, UnknownRuleset> {
    find(id).ok_or_else(|| UnknownRuleset(id.to_string()))
}

/// A position that cannot start a game (`--start`, openings files).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error("a '{found}' position, not a '{ruleset}' one")]
    OtherRuleset {
        found: &'static str,
        ruleset: String,
    },
    #[error("the game is already over ({0})")]
    Over(Status),
}

/// A start position for games of `ruleset`: a position string of that ruleset whose game is
/// not over (`--start`, openings files). The error is one line for a person.
pub fn parse_start(ruleset: &str, s: &str) -> Result<Box<dyn Position>, StartError> {
    let pos = parse_position(s)?;
    if pos.ruleset() != ruleset {
        return Err(StartError::OtherRuleset {
            found: pos.ruleset(),
            ruleset: ruleset.to_string(),
        });
    }
    let status = pos.status();
    if status.is_over() {
        return Err(StartError::Over(status));
    }
    Ok(pos)
}

/// Parse any position string, dispatching on its first field (the ruleset id).
pub fn parse_position(s: &str) -> Result<Box<dyn Position>, PositionError> {
    let id = s.split(' ').next().unwrap_or_default();
    if id.is_empty() {
        return Err(PositionError::malformed("empty position string"));
    }
    ruleset(id)
        .map_err(|e| PositionError::malformed(e.to_string()))?
        .parse(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_start_round_trips_and_is_ongoing_with_a_move() {
        let mut ids = std::collections::HashSet::new();
        for r in RULESETS {
            assert!(ids.insert(r.id), "{} is registered twice", r.id);
            let pos = r.parse(r.start).unwrap_or_else(|e| panic!("{}: {e}", r.id));
            assert_eq!(pos.format(), r.start, "{} start does not round-trip", r.id);
            assert_eq!(pos.ruleset(), r.id);
            assert_eq!(pos.status(), Status::Ongoing, "{}", r.id);
            assert!(!pos.legal().is_empty(), "{} start has no legal move", r.id);
            // Dispatch on the first field finds this ruleset again.
            assert_eq!(parse_position(r.start).unwrap().format(), r.start);
            assert_eq!(find(r.id).map(|f| f.id), Some(r.id));
        }
        // Darra's four boards, Bao, Dara and its Niger variant.
        assert_eq!(RULESETS.len(), 7);
        assert_eq!(RULESETS[0].id, "darra");
        assert_eq!(RULESETS[6].id, "dara-niger");
    }

    /// `children` is `legal` with `play` of each move: the same tokens in the same order, and
    /// the same positions, two plies deep from every start.
    #[test]
    fn children_are_the_legal_moves_played() {
        for r in RULESETS {
            let start = r.start_position();
            let mut frontier = vec![start];
            for _ in 0..2 {
                let mut next_frontier = Vec::new();
                for pos in &frontier {
                    let children = pos.children();
                    let tokens: Vec<String> = children.iter().map(|(m, _)| m.clone()).collect();
                    assert_eq!(tokens, pos.legal(), "{}", pos.format());
                    for (m, child) in children {
                        let mut played = pos.clone();
                        played.play(&m).unwrap();
                        assert_eq!(child.format(), played.format(), "{} {m}", pos.format());
                        next_frontier.push(child);
                    }
                }
                frontier = next_frontier;
            }
            assert!(!frontier.is_empty(), "{}", r.id);
        }
    }

    #[test]
    fn start_errors_name_the_problem() {
        assert_eq!(
            parse_start("dara", darra::RULESETS[0].start)
                .err()
                .unwrap()
                .to_string(),
            "a 'darra' position, not a 'dara' one"
        );
        let over = parse_start("darra", "darra 0,0,0,0,0,0/0,0,0,0,0,0 1 24 24 - 0")
            .err()
            .unwrap();
        assert!(matches!(over, StartError::Over(_)), "{over}");
    }

    /// Text that is no position of the syntax is `Malformed`; a position the ruleset's
    /// validity rules refuse is `Impossible` (darra.md: the seed total; dara.md: at most 12
    /// pieces a player; bao.md P2: 64 seeds, a front row filled, takasia in the mover's front
    /// row with empty hands). The message text is the same as before the kinds.
    #[test]
    fn a_malformed_position_is_told_from_an_impossible_one() {
        let malformed = [
            ("", "empty position string"),
            ("chess 1 2", "unknown ruleset 'chess' (known: darra, darra-2x12, darra-2x16, darra-2x18, bao, dara, dara-niger)"),
            ("darra 4,4,4,4,4,4/4,4,4,4,4,04 1 0 0 - 0", "board: hole 6B: '04' has a leading zero"),
            ("darra 4,4,4,4,4,4/4,4,4,4,4,4 3 0 0 - 0", "side: '3' must be 1 or 2"),
            ("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 x 0", "last: 'x' must be 1, 2 or -"),
            ("dara ....../....../....../....../.....z 1 12 12 0", "board: cell f1 holds 'z', expected x, o or ."),
            ("dara ....../....../....../...... 1 12 12 0", "board: '....../....../....../......' has 4 ranks separated by '/', expected 5"),
            ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HX -", "houses: 'HX' must be two characters, each H or -"),
            ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,22/0,2,2,6,0,0,0,22/0,0,0,0,0,0,0,0 0 0 1 HH z9", "takasia: 'z9' must be '-' or a hole of row b (the front row of player 1)"),
        ];
        let impossible = [
            (
                "darra 4,4,4,4,4,4/4,4,4,4,4,5 1 0 0 - 0",
                "seed count: 49 on the board + 0 + 0 captured = 49, darra has 48",
            ),
            (
                "darra 4,4,4,4,4,4/4,4,4,4,4,49 1 0 0 - 0",
                "board: hole 6B holds 49 seeds, more than the 48 in the game",
            ),
            (
                "dara ....../....../....../....../x..... 1 12 12 0",
                "hand1: player 1 would have 13 pieces (1 on the board + 12 in hand), at most 12",
            ),
            (
                "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 23 22 1 HH -",
                "board and hands hold 65 seeds, expected exactly 64",
            ),
            (
                "bao 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 32 32 1 HH -",
                "board: both front rows (b and c) are empty",
            ),
            (
                "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH b5",
                "takasia: 'b5' is set but the hands are not both 0",
            ),
            (
                "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,22/0,2,2,6,0,0,0,22/0,0,0,0,0,0,0,0 0 0 1 HH c5",
                "takasia: 'c5' must be '-' or a hole of row b (the front row of player 1)",
            ),
        ];
        for (text, message) in malformed {
            let e = parse_position(text).err().unwrap();
            assert!(matches!(e, PositionError::Malformed(_)), "{text}: {e:?}");
            assert_eq!(e.message(), message, "{text}");
            assert_eq!(e.to_string(), format!("bad position: {message}"));
        }
        for (text, message) in impossible {
            let e = parse_position(text).err().unwrap();
            assert!(matches!(e, PositionError::Impossible(_)), "{text}: {e:?}");
            assert_eq!(e.message(), message, "{text}");
        }
    }

    /// The worked examples of the rules (darra.md E3, E4, E6; bao.md X2, X8; dara.md's
    /// `c2-c3xd4`), read by hand: which holes each move empties by a capture, and for whom.
    #[test]
    fn captures_are_the_holes_the_worked_examples_empty() {
        use crate::game::Player::{self, One, Two};
        type Case<'a> = (&'a str, &'a str, &'a [(&'a str, Player)]);
        let cases: [Case; 8] = [
            // E3: 3A reaches 4 mid-sowing (its owner, player 1), 4A with the last seed (sower).
            (
                "darra 1,0,3,3,5,2/0,8,7,1,0,2 2 8 8 1 2",
                "3B",
                &[("3A", One), ("4A", Two)],
            ),
            // E4: owners take 2A, 5A (player 1) and 1B, 3B (player 2), in sowing order.
            (
                "darra 13,3,0,2,3,1/3,0,3,1,2,1 1 8 8 2 5",
                "1A",
                &[("2A", One), ("5A", One), ("1B", Two), ("3B", Two)],
            ),
            // E1: no hole reaches 4 (each goes 4 -> 5).
            ("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0", "6A", &[]),
            // E6: the last seed makes 1B 4; then a pass takes nothing.
            (
                "darra 0,0,0,0,2,7/3,0,0,0,0,0 1 16 20 2 4",
                "5A",
                &[("1B", One)],
            ),
            ("darra 0,0,0,0,0,8/0,0,0,0,0,0 2 20 20 1 0", "pass", &[]),
            // X2: b2 captures c2's 3 seeds.
            (
                "bao 0,0,0,0,0,0,0,0/0,1,0,0,6,2,0,0/0,3,2,6,0,0,0,0/2,2,0,0,0,0,0,0 20 20 1 HH -",
                "b2>",
                &[("c2", One)],
            ),
            // X8: a chain, c5 then c7.
            (
                "bao 0,0,0,0,0,0,0,0/0,0,2,0,1,0,1,0/0,0,0,0,7,0,3,2/0,0,0,0,0,0,0,48 0 0 1 -- -",
                "b3>",
                &[("c5", One), ("c7", One)],
            ),
            // Dara: the token names the piece removed.
            (
                "dara ooo.x./x..o../xx..o./..x..o/.x.... 1 0 0 4",
                "c2-c3xd4",
                &[("d4", One)],
            ),
        ];
        for (position, mv, want) in cases {
            let pos = parse_position(position).unwrap();
            let got: Vec<(String, Player)> = pos
                .captures(mv)
                .into_iter()
                .map(|c| (c.cell, c.by))
                .collect();
            let want: Vec<(String, Player)> =
                want.iter().map(|(c, p)| (c.to_string(), *p)).collect();
            assert_eq!(got, want, "{position} {mv}");
        }
        // A move that is not legal takes nothing.
        let start = parse_position("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0").unwrap();
        assert!(start.captures("1B").is_empty());
    }
}
