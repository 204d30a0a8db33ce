//! A bot's clock and search limits, resolved ([`Limits`]) or as given, each optional
//! ([`LimitOverrides`]), the adjudication options ([`AdjudicationOverrides`]), and the `--help`
//! texts `match` and `tournament` share for them ([`help`]).

#[cfg(doc)]
use super::EventInputs;
use crate::record::adjudication::{AdjudicateMode, Adjudication, DrawRule, ResignRule};
use serde::{Deserialize, Serialize};

/// Default time a bot may take to answer `ready`, in ms (as `baraza match`).
pub const DEFAULT_STARTUP_TIMEOUT_MS: u64 = 10_000;
/// Default grace in ms added to every deadline (as `baraza match`).
pub const DEFAULT_MARGIN_MS: u64 = 50;

/// One bot's clock and startup settings, resolved (the tournament's defaults with the bot's
/// own overrides on top). As in `baraza match`: `tc` alone is a game clock, `movetime_ms` alone
/// a fixed time per move, both a game clock whose every move is also capped; neither means the
/// referee's default clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    pub startup_timeout_ms: u64,
    pub movetime_ms: Option<u64>,
    /// `BASE+INC` in seconds, e.g. `10+0.1`.
    pub tc: Option<crate::clock::GameClock>,
    pub margin_ms: u64,
    /// `go ... nodes N` for a bot that opts in (protocol.md, "Node and depth limits"); absent
    /// from the header when unset, so events without it keep their config hash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// `go ... depth N`, likewise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            startup_timeout_ms: DEFAULT_STARTUP_TIMEOUT_MS,
            movetime_ms: None,
            tc: None,
            margin_ms: DEFAULT_MARGIN_MS,
            nodes: None,
            depth: None,
        }
    }
}

/// The `--help` texts of the options `match` and `tournament` share, written once: `match`
/// takes them through [`LimitOverrides`] and `crate::cli`'s groups, `tournament` through
/// [`EventInputs`] (whose fields lie flat, as the event file's keys do).
pub mod help {
    pub const STARTUP_TIMEOUT: &str =
        "How long a bot may take to answer `ready`, in ms (never charged to its clock) [default: 10000]";
    pub const MOVETIME: &str =
        "Fixed time per move in ms (alone: no game clock; with --tc: caps every move)";
    pub const TC: &str = "Game clock BASE+INC in seconds, e.g. 10+0.1 [default when neither --tc nor --movetime is given: 10+0.1]";
    pub const MARGIN: &str =
        "Grace in ms added to every deadline before a bot loses on time [default: 50]";
    pub const MAX_PLIES: &str = "Adjudicate a draw after this many plies (default: Bao 1000; Darra and Dara end by their own limits)";
    pub const ADJUDICATE: &str = "End a game as soon as the rules have fixed its result (Darra: a player holds more than half of all seeds; Bao and Dara have no such rule) [default: off]";
    pub const ADJUDICATE_DRAW: &str = "A draw once each side made N moves and both bots' scores (info score cp) stayed within SCORE of zero for their last C moves each (cutechess/fastchess -draw) [default: off]";
    pub const ADJUDICATE_RESIGN: &str = "A loss for a bot whose score stayed SCORE or more below zero for its last C moves; with twosided=true only when its opponent's stayed SCORE or more above (cutechess/fastchess -resign) [default: off]";
    pub const EVENT: &str =
        "The PGN Event tag of every game (default: \"baraza match\" / \"baraza tournament\")";
    pub const SITE: &str = "The PGN Site tag of every game [default: ?]";
    pub const NODES: &str = "A node budget per move, sent as `go ... nodes N` to a bot that asks for it (`feature nodes` before `ready`, as builtin:search does); a bot that does not is not told and plays on its clock (protocol.md)";
    pub const DEPTH: &str = "A depth limit per move in plies, sent as `go ... depth N` to a bot that asks for it (`feature depth` before `ready`); a bot that does not is not told";
    pub const TRANSCRIPT: &str = "Write every line sent to and read from each bot, timed, to DIR/g<game>-p<player>-<name>.transcript (capped at 1 MiB per bot per game)";
    pub const COMBINED: &str = "With --transcript: one transcript per game of both bots, in the order things happened, to DIR/g<game>.transcript (each line names p1 or p2; capped at 2 MiB)";
}

/// Some clock/startup settings, each optional: what `match` takes on the command line (the
/// help texts are [`help`]'s, shared with `tournament`), the event file's tournament-wide keys,
/// or one `[[bot]]`'s overrides (the same names).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, clap::Args)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LimitOverrides {
    #[arg(long, help = help::STARTUP_TIMEOUT)]
    pub startup_timeout: Option<u64>,
    #[arg(long, value_name = "MS", help = help::MOVETIME)]
    pub movetime: Option<u64>,
    #[arg(long, value_name = "BASE+INC", help = help::TC)]
    pub tc: Option<crate::clock::GameClock>,
    #[arg(long, help = help::MARGIN)]
    pub margin: Option<u64>,
    #[arg(long, value_name = "N", help = help::NODES)]
    pub nodes: Option<u64>,
    #[arg(long, value_name = "N", help = help::DEPTH)]
    pub depth: Option<u64>,
}

impl LimitOverrides {
    /// Whether these settings say anything about the clock (`movetime` or `tc`).
    fn sets_clock(&self) -> bool {
        self.movetime.is_some() || self.tc.is_some()
    }

    /// `self` on top of `base`. A level that sets `movetime` or `tc` sets the whole clock: a
    /// bot saying `tc = "10+0.1"` in an event whose default is `movetime = 100` gets the game
    /// clock alone, not both.
    pub fn apply(&self, base: &Limits) -> Limits {
        let mut l = base.clone();
        if let Some(v) = self.startup_timeout {
            l.startup_timeout_ms = v;
        }
        if let Some(v) = self.margin {
            l.margin_ms = v;
        }
        if self.sets_clock() {
            l.movetime_ms = self.movetime;
            l.tc = self.tc.clone();
        }
        l.nodes = self.nodes.or(l.nodes);
        l.depth = self.depth.or(l.depth);
        l
    }

    /// `other`'s settings on top of `self`'s (command line over file).
    /// The clock, like everything else, is taken whole from `other` when it sets one.
    pub(super) fn overlay(&self, other: &LimitOverrides) -> LimitOverrides {
        let clock = if other.sets_clock() { other } else { self };
        LimitOverrides {
            startup_timeout: other.startup_timeout.or(self.startup_timeout),
            movetime: clock.movetime,
            tc: clock.tc.clone(),
            margin: other.margin.or(self.margin),
            nodes: other.nodes.or(self.nodes),
            depth: other.depth.or(self.depth),
        }
    }
}

/// The adjudication options, each optional: `match` takes them through `crate::cli`'s
/// groups, `tournament` flat in [`EventInputs`] (the event file's keys), with [`help`]'s texts.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct AdjudicationOverrides {
    #[arg(long, value_enum, value_name = "RULE", help = help::ADJUDICATE)]
    pub adjudicate: Option<AdjudicateMode>,
    #[arg(long, value_name = "movenumber=N,movecount=C,score=SCORE", help = help::ADJUDICATE_DRAW)]
    pub adjudicate_draw: Option<DrawRule>,
    #[arg(long, value_name = "movecount=C,score=SCORE[,twosided=true]", help = help::ADJUDICATE_RESIGN)]
    pub adjudicate_resign: Option<ResignRule>,
}

impl AdjudicationOverrides {
    /// The rules these options turn on.
    pub fn rules(&self) -> Adjudication {
        Adjudication {
            decided: self.adjudicate == Some(AdjudicateMode::Decided),
            draw: self.adjudicate_draw,
            resign: self.adjudicate_resign,
        }
    }
}
