//! Adjudication: the referee ending a game before the rules do, by a rule given for the event
//! (`--adjudicate decided`, `--adjudicate-draw`, `--adjudicate-resign`; all off by default).
//!
//! - **decided**: the rules have already fixed the result ([`crate::game::Game::decided`]):
//!   exact, nothing a bot says is used;
//! - **draw** (`movenumber=N,movecount=C,score=S`, as cutechess's and fastchess's `-draw`): a
//!   draw once at least `N` moves of each side have been played and both bots' last `C` scores
//!   each were within `S` centi-units of zero;
//! - **resign** (`movecount=C,score=S[,twosided=true]`, as their `-resign`): a bot whose last
//!   `C` scores were all `S` or more below zero loses; with `twosided`, only when its
//!   opponent's last `C` scores were all `S` or more above zero too.
//!
//! A score is the one of the last `info` line a bot sent before its move (`score cp X`, a forced
//! win counting as above and a forced loss as below every threshold). A move without a score
//! breaks its bot's runs; a forced pass, which no bot is asked for, leaves them as they are.
//! [`ScoreWatch`] counts the runs as the game goes, and `replay --verify` counts them again
//! from the recorded scores: the reason names the rule with its values, so a log says how it
//! was adjudicated.

use crate::game::{Outcome, Player};
use crate::key_values::{self, PairError};
use crate::record::info::{Info, Score};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// `--adjudicate-draw movenumber=N,movecount=C,score=S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DrawRule {
    /// Moves each side must have made before the rule applies.
    pub movenumber: u32,
    /// Consecutive moves of each side with a score within `score` of zero.
    pub movecount: u32,
    /// The bound, in centi-units.
    pub score: i64,
}

/// `--adjudicate-resign movecount=C,score=S[,twosided=true]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ResignRule {
    /// Consecutive moves of the losing side scored `score` or more below zero.
    pub movecount: u32,
    /// The threshold, in centi-units.
    pub score: i64,
    /// The winner's scores must agree too (`score` or more above zero, as many moves).
    pub twosided: bool,
}

/// The adjudication rules of an event; [`Default`] is none (the rules alone end a game,
/// besides `--max-plies`). Its JSON form (the games.jsonl header's `adjudication`, part of the
/// event's hash when any rule is on) leaves out the rules that are off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Adjudication {
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub decided: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawRule>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resign: Option<ResignRule>,
}

/// What `--adjudicate` takes: the rules-based adjudication.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum AdjudicateMode {
    // No doc comment: one would turn every --help around it into the long form.
    // The game ends when the rules have fixed its result (Game::decided).
    Decided,
}

/// A rule's values that cannot be used: one line naming the key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(String);

/// The `key=value` pairs of a rule, each key known and given once.
fn pairs<'a>(
    text: &'a str,
    keys: &[&str],
    what: &str,
) -> Result<Vec<(String, &'a str)>, RuleError> {
    let known = keys.join(", ");
    key_values::pairs(text, keys).map_err(|e| {
        RuleError(match e {
            PairError::NotKeyValue(item) => {
                format!("{what}: '{item}' is not key=value (keys: {known})")
            }
            PairError::UnknownKey(k) => format!("{what}: unknown key '{k}' (keys: {known})"),
            PairError::Twice(k) => format!("{what}: '{k}' is given twice"),
        })
    })
}

/// The value of `key`: a number of at least `min`; `None` when not given.
fn number(
    pairs: &[(String, &str)],
    key: &str,
    min: i64,
    what: &str,
) -> Result<Option<i64>, RuleError> {
    let Some((_, v)) = pairs.iter().find(|(k, _)| k == key) else {
        return Ok(None);
    };
    match v.parse::<i64>() {
        Ok(n) if n >= min && n <= i64::from(u32::MAX) => Ok(Some(n)),
        _ => Err(RuleError(format!(
            "{what}: {key}={v} must be a whole number of at least {min}"
        ))),
    }
}

fn required(value: Option<i64>, key: &str, what: &str) -> Result<i64, RuleError> {
    value.ok_or_else(|| RuleError(format!("{what}: {key}=N is missing")))
}

impl FromStr for DrawRule {
    type Err = RuleError;
    fn from_str(text: &str) -> Result<DrawRule, RuleError> {
        let what = "--adjudicate-draw";
        let p = pairs(text, &["movenumber", "movecount", "score"], what)?;
        Ok(DrawRule {
            movenumber: number(&p, "movenumber", 0, what)?.unwrap_or(0) as u32,
            movecount: required(number(&p, "movecount", 1, what)?, "movecount", what)? as u32,
            score: required(number(&p, "score", 0, what)?, "score", what)?,
        })
    }
}

impl FromStr for ResignRule {
    type Err = RuleError;
    fn from_str(text: &str) -> Result<ResignRule, RuleError> {
        let what = "--adjudicate-resign";
        let p = pairs(text, &["movecount", "score", "twosided"], what)?;
        let twosided = match p.iter().find(|(k, _)| k == "twosided").map(|kv| kv.1) {
            None | Some("false") => false,
            Some("true") => true,
            Some(v) => {
                return Err(RuleError(format!(
                    "{what}: twosided={v} must be true or false"
                )))
            }
        };
        Ok(ResignRule {
            movecount: required(number(&p, "movecount", 1, what)?, "movecount", what)? as u32,
            score: required(number(&p, "score", 1, what)?, "score", what)?,
            twosided,
        })
    }
}

/// The canonical form, as the reason of an adjudicated game names the rule:
/// `movenumber=20,movecount=4,score=10`.
impl fmt::Display for DrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "movenumber={},movecount={},score={}",
            self.movenumber, self.movecount, self.score
        )
    }
}

/// `movecount=3,score=500` (and `,twosided=true` when it is).
impl fmt::Display for ResignRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "movecount={},score={}", self.movecount, self.score)?;
        if self.twosided {
            f.write_str(",twosided=true")?;
        }
        Ok(())
    }
}

macro_rules! string_forms {
    ($t:ty) => {
        impl TryFrom<String> for $t {
            type Error = RuleError;
            fn try_from(s: String) -> Result<$t, RuleError> {
                s.parse()
            }
        }
        impl From<$t> for String {
            fn from(r: $t) -> String {
                r.to_string()
            }
        }
    };
}
string_forms!(DrawRule);
string_forms!(ResignRule);

/// A game ended by adjudication: its result and the reason, which names the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudicated {
    pub outcome: Outcome,
    pub reason: String,
}

/// The reason of a game adjudicated as decided: `decided by the rules: <why>`.
pub const DECIDED: &str = "decided by the rules: ";
/// The start of a draw rule's reason: `draw rule (<rule>): ...`.
pub const DRAW: &str = "draw rule (";
/// The start of a resign rule's reason: `resign rule (<rule>): ...`.
pub const RESIGN: &str = "resign rule (";

impl Adjudication {
    /// Whether any rule is on.
    pub fn is_off(&self) -> bool {
        *self == Adjudication::default()
    }

    /// `--adjudicate decided` on `position`: its fixed result, when the rules have one.
    pub fn decided(&self, position: &dyn crate::game::Position) -> Option<Adjudicated> {
        if !self.decided {
            return None;
        }
        let (outcome, why) = position.decided()?;
        Some(Adjudicated {
            outcome,
            reason: format!("{DECIDED}{why}"),
        })
    }
}

/// Where a score stands against a threshold `s`.
fn at_most(score: Option<Score>, s: i64) -> bool {
    match score {
        Some(Score::Cp(cp)) => cp <= s,
        Some(Score::Loss(_)) => true,
        _ => false,
    }
}

fn at_least(score: Option<Score>, s: i64) -> bool {
    match score {
        Some(Score::Cp(cp)) => cp >= s,
        Some(Score::Win(_)) => true,
        _ => false,
    }
}

/// The score rules' runs of one game, counted move by move (player 1 first in each array).
#[derive(Clone, Debug, Default)]
pub struct ScoreWatch {
    /// Moves each side made (passes not counted).
    moves: [u32; 2],
    /// Consecutive moves scored within the draw rule's bound.
    level: [u32; 2],
    /// Consecutive moves scored at or below minus the resign threshold.
    low: [u32; 2],
    /// Consecutive moves scored at or above the resign threshold.
    high: [u32; 2],
}

impl ScoreWatch {
    /// Count `mover`'s move `token`, with the last info text it sent before it; the game's end
    /// when a score rule of `rules` fires now. The resign rule is looked at before the draw
    /// rule.
    pub fn after_move(
        &mut self,
        rules: &Adjudication,
        mover: Player,
        token: &str,
        info: Option<&str>,
        names: [&str; 2],
    ) -> Option<Adjudicated> {
        if token == "pass" || (rules.draw.is_none() && rules.resign.is_none()) {
            return None;
        }
        let i = mover.index();
        let score = info.and_then(|t| Info::parse(t).score);
        let run = |n: u32, yes: bool| if yes { n + 1 } else { 0 };
        self.moves[i] += 1;
        if let Some(d) = rules.draw {
            let within = at_most(score, d.score) && at_least(score, -d.score);
            self.level[i] = run(self.level[i], within);
        }
        if let Some(r) = rules.resign {
            self.low[i] = run(self.low[i], at_most(score, -r.score));
            self.high[i] = run(self.high[i], at_least(score, r.score));
        }
        rules
            .resign
            .and_then(|r| self.resigned(r, names))
            .or_else(|| rules.draw.and_then(|d| self.drawn(d)))
    }

    fn resigned(&self, r: ResignRule, names: [&str; 2]) -> Option<Adjudicated> {
        let c = r.movecount;
        let loser = [Player::One, Player::Two].into_iter().find(|p| {
            self.low[p.index()] >= c && (!r.twosided || self.high[p.other().index()] >= c)
        })?;
        let who = |p: Player| format!("player {} ({})", p.number(), names[p.index()]);
        let mut reason = format!(
            "{RESIGN}{r}): {} scored {} or less on its last {c} moves",
            who(loser),
            -r.score
        );
        if r.twosided {
            reason.push_str(&format!(
                ", and {} {} or more on its last {c}",
                who(loser.other()),
                r.score
            ));
        }
        Some(Adjudicated {
            outcome: Outcome::Win(loser.other()),
            reason,
        })
    }

    fn drawn(&self, d: DrawRule) -> Option<Adjudicated> {
        let c = d.movecount;
        let ok =
            self.moves.iter().all(|&m| m >= d.movenumber) && self.level.iter().all(|&n| n >= c);
        ok.then(|| Adjudicated {
            outcome: Outcome::Draw,
            reason: format!(
                "{DRAW}{d}): both bots scored between -{s} and {s} on their last {c} moves",
                s = d.score
            ),
        })
    }
}

/// The score rule a reason names, read back from a log: `draw rule (<rule>): ...` or `resign
/// rule (<rule>): ...`; `None` for any other reason.
pub fn rule_of_reason(reason: &str) -> Option<Result<Adjudication, RuleError>> {
    let read = |rest: &str| rest.split_once("): ").map(|(rule, _)| rule.to_string());
    if let Some(rule) = reason.strip_prefix(DRAW).and_then(read) {
        return Some(rule.parse().map(|d| Adjudication {
            draw: Some(d),
            ..Adjudication::default()
        }));
    }
    let rule = reason.strip_prefix(RESIGN).and_then(read)?;
    Some(rule.parse().map(|r| Adjudication {
        resign: Some(r),
        ..Adjudication::default()
    }))
}

/// How an adjudicated game's record does not bear its reason out ([`check_adjudicated`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AdjudicationMismatch {
    /// `decided by the rules`, but the rules decided the final position otherwise.
    #[error("Result {result} but the final position is decided {outcome} ({why})")]
    DecidedOtherwise {
        result: crate::outcome::GameResult,
        outcome: Outcome,
        why: String,
    },
    /// `decided by the rules`, but the final position is not decided.
    #[error(
        "adjudicated as decided but the rules have not decided the final position '{position}'"
    )]
    NotDecided { position: String },
    #[error("the reason's rule does not read: {0}")]
    UnreadableRule(RuleError),
    /// The score rule fires after `ply`, before the last move.
    #[error("the recorded scores call the rule after ply {ply}, not at the end")]
    CalledEarly { ply: usize },
    #[error("Result {result} but the recorded scores make it {outcome}")]
    OtherResult {
        result: crate::outcome::GameResult,
        outcome: Outcome,
    },
    #[error("the recorded scores do not call the rule the reason names")]
    NotCalled,
}

/// Whether an adjudicated game's record bears its reason out, as far as a log can: a game
/// `decided by the rules` must end in a position the rules have decided for its `result`; a
/// score rule, counted again over the recorded scores (`movers` and `moves` give who played
/// what, `infos` the last info text before each move), must fire first after the last move,
/// with the recorded result. Any other reason (the ply limit) is not looked at here.
pub fn check_adjudicated(
    rec: &crate::record::GameRecord,
    last: &dyn crate::game::Position,
    movers: &[Player],
) -> Result<(), AdjudicationMismatch> {
    let result = rec.result.outcome();
    if rec.reason.starts_with(DECIDED) {
        return match last.decided() {
            Some((o, _)) if Some(o) == result => Ok(()),
            Some((outcome, why)) => Err(AdjudicationMismatch::DecidedOtherwise {
                result: rec.result,
                outcome,
                why,
            }),
            None => Err(AdjudicationMismatch::NotDecided {
                position: last.format(),
            }),
        };
    }
    let Some(rules) = rule_of_reason(&rec.reason) else {
        return Ok(());
    };
    let rules = rules.map_err(AdjudicationMismatch::UnreadableRule)?;
    let names = [rec.white.as_str(), rec.black.as_str()];
    let mut watch = ScoreWatch::default();
    for (i, (mv, &p)) in rec.moves.iter().zip(movers).enumerate() {
        if let Some(a) = watch.after_move(&rules, p, mv, rec.move_info(i), names) {
            if i + 1 < rec.moves.len() {
                return Err(AdjudicationMismatch::CalledEarly { ply: i + 1 });
            }
            if Some(a.outcome) != result {
                return Err(AdjudicationMismatch::OtherResult {
                    result: rec.result,
                    outcome: a.outcome,
                });
            }
            return Ok(());
        }
    }
    Err(AdjudicationMismatch::NotCalled)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> [&'static str; 2] {
        ["a", "b"]
    }

    /// Feed alternating moves (player 1 first) with these cp scores; the ply (1-based) and the
    /// verdict of the first rule that fires.
    fn run(rules: &Adjudication, scores: &[Option<&str>]) -> Option<(usize, Adjudicated)> {
        let mut w = ScoreWatch::default();
        scores.iter().enumerate().find_map(|(k, s)| {
            let p = Player::from_index(k % 2);
            w.after_move(rules, p, "1A", *s, names())
                .map(|a| (k + 1, a))
        })
    }

    #[test]
    fn rules_read_and_write_back() {
        let d: DrawRule = "movenumber=20,movecount=4,score=10".parse().unwrap();
        assert_eq!(
            d,
            DrawRule {
                movenumber: 20,
                movecount: 4,
                score: 10
            }
        );
        assert_eq!(d.to_string(), "movenumber=20,movecount=4,score=10");
        let d: DrawRule = "score=0, movecount=1".parse().unwrap();
        assert_eq!(d.to_string(), "movenumber=0,movecount=1,score=0");
        let r: ResignRule = "movecount=3,score=500,twosided=true".parse().unwrap();
        assert_eq!(r.to_string(), "movecount=3,score=500,twosided=true");
        let r: ResignRule = "score=500,movecount=3,twosided=false".parse().unwrap();
        assert_eq!(r.to_string(), "movecount=3,score=500");
        let err = |s: &str| s.parse::<ResignRule>().unwrap_err().to_string();
        assert_eq!(
            err("movecount=3"),
            "--adjudicate-resign: score=N is missing"
        );
        assert_eq!(
            err("movecount=0,score=5"),
            "--adjudicate-resign: movecount=0 must be a whole number of at least 1"
        );
        assert_eq!(
            err("movecount=3,score=5,twosided=yes"),
            "--adjudicate-resign: twosided=yes must be true or false"
        );
        assert_eq!(
            err("movecount=3,score=5,depth=2"),
            "--adjudicate-resign: unknown key 'depth' (keys: movecount, score, twosided)"
        );
        assert_eq!(
            "movecount=2,movecount=3,score=1"
                .parse::<DrawRule>()
                .unwrap_err()
                .to_string(),
            "--adjudicate-draw: 'movecount' is given twice"
        );
        assert_eq!(
            "movecount".parse::<DrawRule>().unwrap_err().to_string(),
            "--adjudicate-draw: 'movecount' is not key=value (keys: movenumber, movecount, score)"
        );
    }

    #[test]
    fn draw_needs_both_sides_within_the_bound_for_movecount_moves_each() {
        let rules = Adjudication {
            draw: Some("movenumber=0,movecount=2,score=10".parse().unwrap()),
            ..Adjudication::default()
        };
        let cp = |x: &'static str| Some(x);
        // Plies 1-4 all within 10: fires at ply 4 (each side's second move).
        let (ply, a) = run(
            &rules,
            &[
                cp("score cp 10"),
                cp("score cp -10"),
                cp("score cp 0"),
                cp("depth 3 score cp 5"),
            ],
        )
        .unwrap();
        assert_eq!(ply, 4);
        assert_eq!(a.outcome, Outcome::Draw);
        assert_eq!(
            a.reason,
            "draw rule (movenumber=0,movecount=2,score=10): both bots scored between -10 and 10 on their last 2 moves"
        );
        // An 11 at ply 3 breaks player 1's run: its next two moves (plies 5 and 7) are needed.
        let scores = [
            cp("score cp 0"),
            cp("score cp 0"),
            cp("score cp 11"),
            cp("score cp 0"),
            cp("score cp 0"),
            cp("score cp 0"),
            cp("score cp 0"),
        ];
        assert_eq!(run(&rules, &scores).map(|r| r.0), Some(7));
        // No score (an info without one, or none at all) breaks the run as well.
        let scores = [
            cp("score cp 0"),
            cp("score cp 0"),
            cp("depth 4"),
            None,
            cp("score cp 0"),
        ];
        assert_eq!(run(&rules, &scores), None);
        // A forced win is never "within".
        let scores = [
            cp("score win 3"),
            cp("score cp 0"),
            cp("score cp 0"),
            cp("score cp 0"),
        ];
        assert_eq!(run(&rules, &scores), None);
    }

    #[test]
    fn draw_waits_for_movenumber_moves_of_each_side() {
        let rules = Adjudication {
            draw: Some("movenumber=3,movecount=1,score=0".parse().unwrap()),
            ..Adjudication::default()
        };
        let zero = [Some("score cp 0"); 8];
        // Player 2's third move is ply 6.
        assert_eq!(run(&rules, &zero).map(|r| r.0), Some(6));
    }

    #[test]
    fn resign_one_sided_and_two_sided() {
        let one = Adjudication {
            resign: Some("movecount=2,score=300".parse().unwrap()),
            ..Adjudication::default()
        };
        let s = |x| Some(x);
        // Player 2 scores -300 and then a forced loss: it loses at ply 4.
        let scores = [
            s("score cp 0"),
            s("score cp -300"),
            s("score cp 0"),
            s("score loss 7"),
        ];
        let (ply, a) = run(&one, &scores).unwrap();
        assert_eq!(ply, 4);
        assert_eq!(a.outcome, Outcome::Win(Player::One));
        assert_eq!(
            a.reason,
            "resign rule (movecount=2,score=300): player 2 (b) scored -300 or less on its last 2 moves"
        );
        // -299 is not enough.
        let scores = [
            s("score cp 0"),
            s("score cp -299"),
            s("score cp 0"),
            s("score cp -900"),
        ];
        assert_eq!(run(&one, &scores), None);
        // Two-sided: player 1 must have seen +300 or more on its last 2 moves too. At ply 4
        // it has one such move (ply 3), at ply 5 two.
        let two = Adjudication {
            resign: Some("movecount=2,score=300,twosided=true".parse().unwrap()),
            ..Adjudication::default()
        };
        let scores = [
            s("score cp 0"),
            s("score cp -300"),
            s("score cp 300"),
            s("score cp -400"),
            s("score win 9"),
        ];
        let (ply, a) = run(&two, &scores).unwrap();
        assert_eq!(ply, 5);
        assert_eq!(
            a.reason,
            "resign rule (movecount=2,score=300,twosided=true): player 2 (b) scored -300 or less on its last 2 moves, and player 1 (a) 300 or more on its last 2"
        );
    }

    #[test]
    fn a_forced_pass_leaves_the_runs_alone() {
        let rules = Adjudication {
            resign: Some("movecount=2,score=100".parse().unwrap()),
            ..Adjudication::default()
        };
        let mut w = ScoreWatch::default();
        let n = names();
        let bad = Some("score cp -100");
        assert_eq!(w.after_move(&rules, Player::Two, "1B", bad, n), None);
        assert_eq!(w.after_move(&rules, Player::One, "pass", None, n), None);
        let a = w.after_move(&rules, Player::Two, "2B", bad, n).unwrap();
        assert_eq!(a.outcome, Outcome::Win(Player::One));
    }

    #[test]
    fn a_reason_gives_its_rule_back() {
        let reason = "resign rule (movecount=2,score=300,twosided=true): player 2 (b) scored ...";
        let r = rule_of_reason(reason).unwrap().unwrap();
        assert_eq!(
            r.resign.unwrap().to_string(),
            "movecount=2,score=300,twosided=true"
        );
        let reason = "draw rule (movenumber=0,movecount=2,score=10): both bots ...";
        let d = rule_of_reason(reason).unwrap().unwrap();
        assert_eq!(d.draw.unwrap().movecount, 2);
        assert_eq!(
            rule_of_reason("draw by adjudication after 1000 plies"),
            None
        );
        assert!(rule_of_reason("draw rule (movecount=x): y")
            .unwrap()
            .is_err());
    }
}
