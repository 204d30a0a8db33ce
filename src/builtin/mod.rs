//! The built-in bots, run as `baraza bot <name>`: each is a [`Strategy`] (how to choose a move)
//! behind one protocol loop ([`play`]) that speaks protocol v1 (`protocol.md`) on any reader
//! and writer. Adding a bot is one file with a `Strategy` plus one line in [`BOTS`].
//!
//! The loop is synchronous and allocation-light: one reused line buffer, the position parsed
//! once per turn, and a flush after every answer, so an instant bot answers in microseconds.

mod greedy;
mod random;
pub mod search;

use crate::game::{Player, Position};
use crate::games;
use std::io::{BufRead, Write};

/// The clocks of a `go` line, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    pub p1time: u64,
    pub p2time: u64,
    pub p1inc: u64,
    pub p2inc: u64,
    pub movetime: Option<u64>,
}

impl Clocks {
    /// Parse the words after `go`: `p1time <ms> p2time <ms> p1inc <ms> p2inc <ms> [movetime <ms>]`.
    /// Unknown keys and bad numbers are skipped (the protocol can grow).
    pub fn parse(words: &str) -> Clocks {
        let mut c = Clocks::default();
        let mut it = words.split_ascii_whitespace();
        while let (Some(key), Some(val)) = (it.next(), it.next()) {
            let Ok(v) = val.parse::<u64>() else { continue };
            match key {
                "p1time" => c.p1time = v,
                "p2time" => c.p2time = v,
                "p1inc" => c.p1inc = v,
                "p2inc" => c.p2inc = v,
                "movetime" => c.movetime = Some(v),
                _ => {}
            }
        }
        c
    }

    /// Remaining time and increment of `p`.
    pub fn of(&self, p: Player) -> (u64, u64) {
        match p {
            Player::One => (self.p1time, self.p1inc),
            Player::Two => (self.p2time, self.p2inc),
        }
    }
}

/// What a strategy sees on its turn.
pub struct Turn<'a> {
    /// The position, parsed by the engine; `None` when this build does not know the ruleset
    /// (then `legal` is the referee's list).
    pub pos: Option<&'a dyn Position>,
    /// The legal moves, in the spec's order; never empty.
    pub legal: &'a [String],
    /// The player this bot is (the side to move of the position).
    pub me: Player,
    /// The opponent's last move, if any.
    pub last: Option<&'a str>,
    pub clocks: Clocks,
}

/// How a built-in bot chooses its move.
pub trait Strategy {
    /// A new game starts (`newgame`); the default does nothing.
    fn new_game(&mut self, _ruleset: &str, _me: Player) {}
    /// The index in `turn.legal` of the move to play.
    fn choose(&mut self, turn: &Turn) -> usize;
    /// Whole `info ...` lines to send before the move just chosen; the default has none.
    fn take_info(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// Options of `baraza bot <name>` beyond the seed (`--level`, `--nodes`, `--algo`); only the
/// bots that take them accept them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotOptions {
    pub level: Option<u32>,
    pub nodes: Option<u64>,
    pub algo: Option<String>,
}

impl BotOptions {
    pub fn is_empty(&self) -> bool {
        *self == BotOptions::default()
    }

    /// The options as words after `builtin:<name>` (`--level 3`, `--nodes=500`), read as
    /// `baraza bot` reads them. `--seed` and `--ruleset` are the referee's.
    pub fn parse_args(args: &[String]) -> Result<BotOptions, String> {
        let mut o = BotOptions::default();
        let mut words = args.iter();
        while let Some(w) = words.next() {
            let (key, inline) = match w.split_once('=') {
                Some((k, v)) => (k, Some(v.to_string())),
                None => (w.as_str(), None),
            };
            if matches!(key, "--seed" | "--seed-step" | "--ruleset") {
                return Err(format!("{key}: the referee sets the seed and the ruleset"));
            }
            if !matches!(key, "--level" | "--nodes" | "--algo") {
                return Err(format!(
                    "unknown option '{w}' (known: --level, --nodes, --algo)"
                ));
            }
            let value = inline
                .or_else(|| words.next().cloned())
                .ok_or_else(|| format!("{key} needs a value"))?;
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("{key}: '{value}' is not a non-negative integer"))
            };
            match key {
                "--level" => o.level = Some(number()?.min(u32::MAX as u64) as u32),
                "--nodes" => o.nodes = Some(number()?),
                _ => o.algo = Some(value.clone()),
            }
        }
        Ok(o)
    }
}

/// Checks a bot's options: `Err` is one line for a person.
pub type CheckOptions = fn(&BotOptions) -> Result<(), String>;

/// A registered built-in bot.
pub struct BotSpec {
    pub name: &'static str,
    pub description: &'static str,
    /// Build the strategy from the seed (`--seed`) and the options.
    pub make: fn(seed: u64, options: &BotOptions) -> Box<dyn Strategy>,
    /// Check the options before any game; `None`: the bot takes none.
    pub check: Option<CheckOptions>,
}

impl BotSpec {
    /// Whether this bot can run with `options`; the error is one line for a person.
    pub fn check(&self, options: &BotOptions) -> Result<(), String> {
        match self.check {
            Some(check) => check(options),
            None if options.is_empty() => Ok(()),
            None => Err(format!(
                "built-in bot '{}' takes no options (--level, --nodes and --algo are search's)",
                self.name
            )),
        }
    }
}

/// Every built-in bot, in the order help texts list them.
pub static BOTS: &[BotSpec] = &[
    BotSpec {
        name: "random",
        description: "uniform random legal move (seeded)",
        make: |seed, _| Box::new(random::Random::new(seed)),
        check: None,
    },
    BotSpec {
        name: "greedy",
        description:
            "best immediate outcome: a win, else the most material; ties broken at random (seeded)",
        make: |seed, _| Box::new(greedy::Greedy::new(seed)),
        check: None,
    },
    BotSpec {
        name: "search",
        description: "alpha-beta or MCTS search with a per-game evaluation; --level 1-5, --nodes N",
        make: |seed, options| Box::new(search::Search::new(seed, options)),
        check: Some(search::check_options),
    },
];

/// The built-in bot called `name`, or an error listing the names.
pub fn find(name: &str) -> Result<&'static BotSpec, String> {
    BOTS.iter().find(|b| b.name == name).ok_or_else(|| {
        let names: Vec<&str> = BOTS.iter().map(|b| b.name).collect();
        format!(
            "unknown built-in bot '{name}' (known: {})",
            names.join(", ")
        )
    })
}

/// Play protocol v1 as `spec` until `quit` or end of input. `ruleset` is the `--ruleset`
/// option (a mismatch with the hello is reported on stderr, the hello wins). Returns an error
/// only when the bot cannot go on (a position of a known ruleset it cannot
/// read, no legal move to send, or I/O failure).
///
/// A process may play several games: every `newgame` starts afresh, with a strategy built from
/// the seed of the `seed <N>` line just before it, which baraza's referee sends its built-in
/// bots (so a kept process plays each game exactly as a fresh one started with `--seed N`
/// would). Without that line (another referee), the `n`-th game of the process (counted
/// from 0) uses `seed + n * seed_step`.
#[allow(clippy::too_many_arguments)]
pub fn play(
    spec: &BotSpec,
    options: &BotOptions,
    ruleset: Option<&str>,
    seed: u64,
    seed_step: u64,
    input: &mut impl BufRead,
    out: &mut (impl Write + ?Sized),
) -> anyhow::Result<()> {
    let mut strategy = (spec.make)(seed, options);
    let mut games = 0u64;
    let mut next_seed: Option<u64> = None;
    let mut line = String::with_capacity(256);
    let mut position = String::with_capacity(128);
    let mut legal_line = String::with_capacity(128);
    let mut last = String::with_capacity(16);
    let mut me: Option<Player> = None;
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let text = line.trim_end_matches(['\n', '\r']);
        let (kind, rest) = text.split_once(' ').unwrap_or((text, ""));
        match kind {
            "baraza" => {
                let mut w = rest.split(' ');
                let version = w.next().unwrap_or("");
                let hello_ruleset = w.next().unwrap_or("");
                if version != "1" {
                    eprintln!(
                        "baraza bot {}: protocol version '{version}' announced, I speak 1",
                        spec.name
                    );
                }
                if let Some(r) = ruleset.filter(|r| *r != hello_ruleset) {
                    eprintln!("baraza bot {}: started with --ruleset {r} but the referee says {hello_ruleset}", spec.name);
                }
                write!(out, "id name {}\nid author baraza\nready\n", spec.name)?;
                out.flush()?;
            }
            "seed" => match rest.parse() {
                Ok(n) => next_seed = Some(n),
                Err(_) => eprintln!("baraza bot {}: ignored a bad seed line: {text}", spec.name),
            },
            "newgame" => {
                if let Some(s) = next_seed.take() {
                    strategy = (spec.make)(s, options);
                } else if games > 0 {
                    strategy =
                        (spec.make)(seed.wrapping_add(seed_step.wrapping_mul(games)), options);
                }
                games += 1;
                legal_line.clear();
                last.clear();
                let (player, pos) = rest.split_once(' ').unwrap_or((rest, ""));
                me = match player {
                    "1" => Some(Player::One),
                    "2" => Some(Player::Two),
                    _ => None,
                };
                // The start position stands in until the first `position` line.
                position.clear();
                position.push_str(pos);
                let rs = pos.split(' ').next().unwrap_or("");
                if let Some(p) = me {
                    strategy.new_game(rs, p);
                }
            }
            "position" => {
                position.clear();
                position.push_str(rest);
            }
            "last" => {
                last.clear();
                last.push_str(rest);
            }
            "legal" => {
                legal_line.clear();
                legal_line.push_str(rest);
            }
            "go" => {
                let parsed = games::parse_position(&position);
                let legal: Vec<String> = match &parsed {
                    Ok(p) => p.legal(),
                    Err(_) => Vec::new(),
                };
                // The engine is the authority; the referee's list is the fallback for a ruleset
                // this build does not know.
                let legal = if legal.is_empty() {
                    legal_line
                        .split_ascii_whitespace()
                        .map(str::to_string)
                        .collect()
                } else {
                    legal
                };
                if legal.is_empty() {
                    // A ruleset this build knows: the position itself is the problem.
                    let rs = position.split(' ').next().unwrap_or("");
                    if let (Err(e), Some(_)) = (&parsed, games::find(rs)) {
                        writeln!(out, "info {e} in '{position}'")?;
                        out.flush()?;
                        anyhow::bail!("{e} in '{position}'");
                    }
                    writeln!(out, "info no legal move in position '{position}'")?;
                    out.flush()?;
                    anyhow::bail!("asked to move with no legal move in position '{position}'");
                }
                // Whoever is to move is asked to move: the position says who we are this turn.
                let parsed = parsed.ok();
                let me = parsed
                    .as_ref()
                    .map(|p| p.side_to_move())
                    .or(me)
                    .unwrap_or(Player::One);
                let turn = Turn {
                    pos: parsed.as_deref(),
                    legal: &legal,
                    me,
                    last: Some(last.as_str()).filter(|l| !l.is_empty() && *l != "-"),
                    clocks: Clocks::parse(rest),
                };
                let k = strategy.choose(&turn).min(legal.len() - 1);
                for l in strategy.take_info() {
                    writeln!(out, "{l}")?;
                }
                writeln!(out, "move {}", legal[k])?;
                out.flush()?;
                legal_line.clear();
                last.clear();
            }
            "quit" => return Ok(()),
            // gameover, blank lines and unknown message types are ignored.
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_parse_known_keys_and_skip_the_rest() {
        let c = Clocks::parse("p1time 9000 p2time 8000 p1inc 100 p2inc 50 nodes 7 movetime 250");
        assert_eq!(
            c,
            Clocks {
                p1time: 9000,
                p2time: 8000,
                p1inc: 100,
                p2inc: 50,
                movetime: Some(250)
            }
        );
        assert_eq!(c.of(Player::Two), (8000, 50));
        assert_eq!(Clocks::parse("p1time x p2time 5").p2time, 5);
    }

    #[test]
    fn options_after_a_builtin_name() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let o = BotOptions::parse_args(&words("--level 3 --nodes=500 --algo mcts")).unwrap();
        assert_eq!(
            o,
            BotOptions {
                level: Some(3),
                nodes: Some(500),
                algo: Some("mcts".into())
            }
        );
        assert!(BotOptions::parse_args(&[]).unwrap().is_empty());
        for (bad, msg) in [
            ("--level", "needs a value"),
            ("--nodes x", "not a non-negative integer"),
            ("--depth 3", "unknown option '--depth'"),
            ("--seed=4", "the referee sets"),
            ("3", "unknown option '3'"),
        ] {
            let e = BotOptions::parse_args(&words(bad)).unwrap_err();
            assert!(e.contains(msg), "{bad}: {e}");
        }
    }

    #[test]
    fn registry_lists_names_on_error() {
        assert_eq!(find("greedy").unwrap().name, "greedy");
        let e = find("alphabeta").err().unwrap();
        assert_eq!(
            e,
            "unknown built-in bot 'alphabeta' (known: random, greedy, search)"
        );
    }

    #[test]
    fn in_process_transcript() {
        let input = "baraza 1 darra\nnewgame 2 darra 1,0,3,3,5,2/0,8,7,1,0,2 2 8 8 1 2\ngo p1time 5 p2time 5 p1inc 0 p2inc 0\nquit\n";
        let mut out = Vec::new();
        play(
            find("random").unwrap(),
            &BotOptions::default(),
            None,
            1,
            1,
            &mut input.as_bytes(),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[..3], ["id name random", "id author baraza", "ready"]);
        // No position line yet: the newgame position is used (legal 2B 3B 4B 6B).
        let mv = lines[3].strip_prefix("move ").unwrap();
        assert!(["2B", "3B", "4B", "6B"].contains(&mv), "{mv}");
    }
}
