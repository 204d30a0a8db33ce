//! Time controls and clock accounting.
//!
//! A time control is a game clock `BASE+INC` (seconds), a fixed time per move, or both. The
//! referee starts a bot's clock before it writes the turn's first byte and stops it when the
//! `move` line has been read; [`Clock::charge`] books the measured time. A bot loses on time when a move takes
//! longer than its allowance plus the margin.

use crate::protocol::Go;
use std::time::Duration;

/// The default when neither `--tc` nor `--movetime` is given: 10 s + 0.1 s per move.
pub const DEFAULT_TC: &str = "10+0.1";

/// A time control, as given on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Game clock: starting time and increment added after each move.
    pub clock: Option<(Duration, Duration)>,
    /// Fixed limit for every move.
    pub movetime: Option<Duration>,
    /// Grace added to every limit before a bot loses on time.
    pub margin: Duration,
    /// A node budget per move, sent as `go ... nodes N` to a bot that opted in (`feature
    /// nodes`); not enforced: the clock is what the referee holds the bot to.
    pub nodes: Option<u64>,
    /// A depth limit per move (`go ... depth N`), likewise for a bot that said `feature depth`.
    pub depth: Option<u64>,
}

/// A `--tc` value that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad time control '{0}': expected BASE+INC in seconds, e.g. 10+0.1 or 60+0 (BASE > 0)")]
pub struct TcError(pub String);

/// Parse seconds with up to millisecond precision: `10`, `0.5`, `.1`, `2.25`.
fn parse_seconds(s: &str) -> Option<Duration> {
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, f),
        None => (s, ""),
    };
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    if !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if frac.len() > 3 || int.len() > 9 {
        return None;
    }
    let secs: u64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let mut ms: u64 = 0;
    for (i, b) in frac.bytes().enumerate() {
        ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    Some(Duration::from_millis(secs * 1000 + ms))
}

/// A game clock `BASE+INC` (seconds), checked once where it enters (clap, the event file, a
/// default) and kept with the text it was written as: that text is what config hashes, logs
/// and messages show, so `10+0.10` stays `10+0.10`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    text: String,
    pub base: Duration,
    pub inc: Duration,
}

impl GameClock {
    /// The referee's default clock, [`DEFAULT_TC`].
    pub fn default_clock() -> GameClock {
        DEFAULT_TC.parse().expect("the default time control parses")
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl std::str::FromStr for GameClock {
    type Err = TcError;
    fn from_str(s: &str) -> Result<GameClock, TcError> {
        let (base, inc) = parse_tc(s)?;
        Ok(GameClock {
            text: s.to_string(),
            base,
            inc,
        })
    }
}

impl std::fmt::Display for GameClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl serde::Serialize for GameClock {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> serde::Deserialize<'de> for GameClock {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameClock, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Parse `BASE+INC` (seconds; `+INC` may be omitted, meaning 0).
pub fn parse_tc(s: &str) -> Result<(Duration, Duration), TcError> {
    let err = || TcError(s.to_string());
    let (base, inc) = match s.split_once('+') {
        Some((b, i)) => (
            parse_seconds(b).ok_or_else(err)?,
            parse_seconds(i).ok_or_else(err)?,
        ),
        None => (parse_seconds(s).ok_or_else(err)?, Duration::ZERO),
    };
    if base.is_zero() {
        return Err(err());
    }
    Ok((base, inc))
}

/// `d` in whole milliseconds, saturating at `u64::MAX`.
pub fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

/// `d` in whole microseconds, saturating at `u64::MAX`.
pub fn micros(d: Duration) -> u64 {
    d.as_micros().min(u128::from(u64::MAX)) as u64
}

fn fmt_secs(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{}.{:03}", ms / 1000, ms % 1000);
        s.trim_end_matches('0').to_string()
    }
}

impl TimeControl {
    /// Build from the command-line options; the default is [`DEFAULT_TC`].
    pub fn from_options(
        tc: Option<&GameClock>,
        movetime_ms: Option<u64>,
        margin_ms: u64,
    ) -> Result<TimeControl, TcError> {
        let clock = match (tc, movetime_ms) {
            (Some(c), _) => Some((c.base, c.inc)),
            (None, Some(_)) => None,
            (None, None) => {
                let c = GameClock::default_clock();
                Some((c.base, c.inc))
            }
        };
        if movetime_ms == Some(0) {
            return Err(TcError("--movetime 0".into()));
        }
        Ok(TimeControl {
            clock,
            movetime: movetime_ms.map(Duration::from_millis),
            margin: Duration::from_millis(margin_ms),
            nodes: None,
            depth: None,
        })
    }

    /// The PGN `TimeControl` form: `10+0.1`, `movetime=100ms`, or both joined by `,`.
    pub fn pgn(&self) -> String {
        let mut parts = Vec::new();
        if let Some((base, inc)) = self.clock {
            parts.push(format!("{}+{}", fmt_secs(base), fmt_secs(inc)));
        }
        if let Some(mt) = self.movetime {
            parts.push(format!("movetime={}ms", mt.as_millis()));
        }
        if parts.is_empty() {
            "-".to_string()
        } else {
            parts.join(",")
        }
    }
}

/// What happened when a move's time was booked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    /// In time; the clock has been updated.
    Ok,
    /// Over the limit: `limit` was the allowance (margin excluded), `used` the measured time.
    Flag { used: Duration, limit: Duration },
}

/// Both players' clocks during one game. Each player may have a time control of its own.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: [TimeControl; 2],
    remaining: [Duration; 2],
}

impl Clock {
    /// Both players on the same time control.
    pub fn new(tc: TimeControl) -> Clock {
        Clock::per_player([tc; 2])
    }

    /// Player 1's time control first.
    pub fn per_player(tc: [TimeControl; 2]) -> Clock {
        let base = |t: &TimeControl| t.clock.map_or(Duration::ZERO, |(b, _)| b);
        Clock {
            remaining: [base(&tc[0]), base(&tc[1])],
            tc,
        }
    }

    /// Remaining game-clock time of player index `p` (0 or 1).
    pub fn remaining(&self, p: usize) -> Duration {
        self.remaining[p]
    }

    /// The time player `p` may use for this move, margin excluded.
    pub fn allowance(&self, p: usize) -> Duration {
        match (self.tc[p].clock, self.tc[p].movetime) {
            (Some(_), Some(mt)) => self.remaining[p].min(mt),
            (Some(_), None) => self.remaining[p],
            (None, Some(mt)) => mt,
            (None, None) => Duration::MAX,
        }
    }

    /// How long the referee waits for player `p`'s move before it flags: allowance + margin.
    pub fn deadline(&self, p: usize) -> Duration {
        self.allowance(p).saturating_add(self.tc[p].margin)
    }

    /// The `go` fields for a turn of player index `to_move`: each player's time (its game
    /// clock, or its fixed time per move) and increment, and the mover's time per move.
    pub fn go(&self, to_move: usize) -> Go {
        let time_inc = |p: usize| match self.tc[p].clock {
            Some((_, inc)) => (millis(self.remaining[p]), millis(inc)),
            None => (self.tc[p].movetime.map_or(0, millis), 0),
        };
        let ((p1time, p1inc), (p2time, p2inc)) = (time_inc(0), time_inc(1));
        Go {
            p1time,
            p2time,
            p1inc,
            p2inc,
            movetime: self.tc[to_move].movetime.map(millis),
            nodes: self.tc[to_move].nodes,
            depth: self.tc[to_move].depth,
        }
    }

    /// Book `used` against player `p`: flag when it exceeds the allowance plus the margin,
    /// otherwise subtract it (never below zero: time used inside the margin is forgiven)
    /// and add the increment.
    pub fn charge(&mut self, p: usize, used: Duration) -> Charge {
        if used > self.deadline(p) {
            return Charge::Flag {
                used,
                limit: self.allowance(p),
            };
        }
        if let Some((_, inc)) = self.tc[p].clock {
            self.remaining[p] = self.remaining[p].saturating_sub(used) + inc;
        }
        Charge::Ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gc(s: &str) -> GameClock {
        s.parse().unwrap()
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parses_tc() {
        assert_eq!(parse_tc("10+0.1"), Ok((ms(10_000), ms(100))));
        assert_eq!(parse_tc("60"), Ok((ms(60_000), ms(0))));
        assert_eq!(parse_tc("0.5+0"), Ok((ms(500), ms(0))));
        assert_eq!(parse_tc(".25+.005"), Ok((ms(250), ms(5))));
        assert_eq!(parse_tc("1.5+2"), Ok((ms(1500), ms(2000))));
        for bad in [
            "", "+", "10+", "+1", "0+1", "a+1", "10+x", "1.2345+0", "-1+0", "10+0.1+2", "1e3",
            "10 +1", "1..2", ".",
        ] {
            assert!(parse_tc(bad).is_err(), "{bad} should be rejected");
        }
    }

    #[test]
    fn default_and_pgn_forms() {
        let tc = TimeControl::from_options(None, None, 50).unwrap();
        assert_eq!(tc.clock, Some((ms(10_000), ms(100))));
        assert_eq!(tc.pgn(), "10+0.1");
        let mt = TimeControl::from_options(None, Some(100), 0).unwrap();
        assert_eq!(mt.clock, None);
        assert_eq!(mt.pgn(), "movetime=100ms");
        let both = TimeControl::from_options(Some(&gc("2.5+0")), Some(300), 0).unwrap();
        assert_eq!(both.pgn(), "2.5+0,movetime=300ms");
        assert!(TimeControl::from_options(None, Some(0), 0).is_err());
        assert!("x".parse::<GameClock>().is_err());
    }

    #[test]
    fn clock_accounting_with_increment() {
        let tc = TimeControl::from_options(Some(&gc("1+0.1")), None, 50).unwrap();
        let mut c = Clock::new(tc);
        assert_eq!(c.deadline(0), ms(1050));
        assert_eq!(c.charge(0, ms(300)), Charge::Ok);
        assert_eq!(c.remaining(0), ms(800));
        assert_eq!(c.remaining(1), ms(1000));
        let go = c.go(0);
        assert_eq!(
            (go.p1time, go.p2time, go.p1inc, go.p2inc),
            (800, 1000, 100, 100)
        );
        assert_eq!(go.movetime, None);
        // Inside the margin: forgiven, clamped at zero, then the increment.
        assert_eq!(c.charge(0, ms(840)), Charge::Ok);
        assert_eq!(c.remaining(0), ms(100));
        // Past allowance + margin: flag, clock untouched.
        assert_eq!(
            c.charge(0, ms(151)),
            Charge::Flag {
                used: ms(151),
                limit: ms(100)
            }
        );
        assert_eq!(c.remaining(0), ms(100));
        assert_eq!(c.charge(0, ms(150)), Charge::Ok);
    }

    #[test]
    fn movetime_accounting() {
        let tc = TimeControl::from_options(None, Some(200), 20).unwrap();
        let mut c = Clock::new(tc);
        assert_eq!(c.deadline(1), ms(220));
        let go = c.go(0);
        assert_eq!((go.p1time, go.p2time, go.movetime), (200, 200, Some(200)));
        assert_eq!(c.charge(1, ms(220)), Charge::Ok);
        assert!(matches!(c.charge(1, ms(221)), Charge::Flag { .. }));
        // Movetime does not accumulate.
        assert_eq!(c.deadline(1), ms(220));
    }

    #[test]
    fn movetime_caps_the_game_clock() {
        let tc = TimeControl::from_options(Some(&gc("1+0")), Some(300), 0).unwrap();
        let mut c = Clock::new(tc);
        assert_eq!(c.allowance(0), ms(300));
        assert_eq!(c.charge(0, ms(290)), Charge::Ok);
        assert_eq!(c.charge(0, ms(290)), Charge::Ok);
        assert_eq!(c.charge(0, ms(290)), Charge::Ok);
        assert_eq!(c.allowance(0), ms(130));
        assert!(matches!(c.charge(0, ms(131)), Charge::Flag { .. }));
    }

    #[test]
    fn each_player_on_its_own_clock() {
        let game = TimeControl::from_options(Some(&gc("1+0.1")), None, 50).unwrap();
        let fixed = TimeControl::from_options(None, Some(200), 20).unwrap();
        let mut c = Clock::per_player([game, fixed]);
        assert_eq!((c.deadline(0), c.deadline(1)), (ms(1050), ms(220)));
        let go = c.go(0);
        assert_eq!(
            (go.p1time, go.p2time, go.p1inc, go.p2inc, go.movetime),
            (1000, 200, 100, 0, None)
        );
        assert_eq!(c.go(1).movetime, Some(200));
        assert_eq!(c.charge(0, ms(300)), Charge::Ok);
        assert_eq!(c.remaining(0), ms(800));
        assert!(matches!(c.charge(1, ms(221)), Charge::Flag { .. }));
        assert_eq!(c.charge(1, ms(220)), Charge::Ok);
        assert_eq!(c.deadline(1), ms(220));
    }
}
