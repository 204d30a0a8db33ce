//! The registry of rulesets: ruleset id -> game. Adding a game is one module plus one line in
//! [`RULESETS`].

pub mod bao;
pub mod dara;
pub mod darra;

use crate::game::{Game, Position, PositionError};

/// A ruleset as the arena sees it.
pub struct Ruleset {
    pub id: &'static str,
    pub description: &'static str,
    /// The standard start position string.
    pub start: &'static str,
    /// The draw adjudication `match` and `tournament` apply when not told otherwise: Bao can
    /// go on for ever between two random bots; the other games end by themselves.
    pub default_max_plies: Option<u64>,
    parse: fn(&str) -> Result<Box<dyn Position>, PositionError>,
}

impl Ruleset {
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

/// Every ruleset baraza knows, in the order `baraza games` lists them.
pub static RULESETS: &[Ruleset] = &[
    Ruleset {
        id: "darra",
        description: "Darra, Hausa two-row mancala, 2x6 holes, 4 seeds each; a hole reaching 4 is captured",
        start: "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0",
        default_max_plies: None,
        parse: boxed::<darra::Darra>,
    },
    Ruleset {
        id: "darra-2x12",
        description: "Darra on 2x12 holes (96 seeds)",
        start: "darra-2x12 4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 1 0 0 - 0",
        default_max_plies: None,
        parse: boxed::<darra::Darra>,
    },
    Ruleset {
        id: "darra-2x16",
        description: "Darra on 2x16 holes (128 seeds)",
        start: "darra-2x16 4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4 1 0 0 - 0",
        default_max_plies: None,
        parse: boxed::<darra::Darra>,
    },
    Ruleset {
        id: "darra-2x18",
        description: "Darra on 2x18 holes (144 seeds)",
        start: "darra-2x18 4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4 1 0 0 - 0",
        default_max_plies: None,
        parse: boxed::<darra::Darra>,
    },
    Ruleset {
        id: "bao",
        description: "Bao la Kiswahili, East African 4x8 mancala: namua then mtaji, houses, takasia",
        start: bao::START,
        default_max_plies: Some(1000),
        parse: boxed::<bao::Bao>,
    },
    Ruleset {
        id: "dara",
        description: "Dara, West African 5x6 drop-then-move three-in-a-row game, 12 pieces each",
        start: "dara ....../....../....../....../...... 1 12 12 0",
        default_max_plies: None,
        parse: boxed::<dara::Dara>,
    },
    Ruleset {
        id: "dara-niger",
        description: "Dara as played in Niger: no three-in-a-row may be made while dropping",
        start: "dara-niger ....../....../....../....../...... 1 12 12 0",
        default_max_plies: None,
        parse: boxed::<dara::Dara>,
    },
];

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

/// A start position for games of `ruleset`: a position string of that ruleset whose game is
/// not over (`--start`, openings files). The error is one line for a person.
pub fn parse_start(ruleset: &str, s: &str) -> Result<Box<dyn Position>, String> {
    let pos = parse_position(s).map_err(|e| e.to_string())?;
    if pos.ruleset() != ruleset {
        return Err(format!(
            "a '{}' position, not a '{ruleset}' one",
            pos.ruleset()
        ));
    }
    let status = pos.status();
    if status.is_over() {
        return Err(format!("the game is already over ({status})"));
    }
    Ok(pos)
}

/// Parse any position string, dispatching on its first field (the ruleset id).
pub fn parse_position(s: &str) -> Result<Box<dyn Position>, PositionError> {
    let id = s.split(' ').next().unwrap_or_default();
    if id.is_empty() {
        return Err(PositionError::new("empty position string"));
    }
    ruleset(id)
        .map_err(|e| PositionError::new(e.to_string()))?
        .parse(s)
}
