//! The built-in bots, run as `baraza bot <name>`: each is a [`Strategy`] (how to choose a move)
//! behind one protocol loop ([`play`]) that speaks protocol v1 (`protocol.md`) on any reader
//! and writer. Adding a bot is one file with a `Strategy` plus one line in [`BOTS`].
//!
//! The loop is synchronous and allocation-light: one reused line buffer, the position parsed
//! once per turn, and a flush after every answer, so an instant bot answers in microseconds.

mod greedy;
mod options;
mod random;
pub mod search;
pub mod suite;

pub use options::{BotOptions, BotOptionsError};

use crate::game::{Player, Position};
use crate::games;
use crate::protocol::RefereeMsg;
use std::io::{BufRead, Write};

/// The clocks of a `go` line, as the protocol module reads them for a bot.
pub type Clocks = crate::protocol::Go;

impl Clocks {
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

/// Checks a bot's options: `Err` is one line for a person.
pub type CheckOptions = fn(&BotOptions) -> Result<(), BotOptionsError>;

/// A registered built-in bot (what `builtin:<name>` names).
pub struct BuiltinBot {
    pub name: &'static str,
    pub description: &'static str,
    /// Build the strategy from the seed (`--seed`) and the options.
    pub make: fn(seed: u64, options: &BotOptions) -> Box<dyn Strategy>,
    /// Check the options before any game; `None`: the bot takes none.
    pub check: Option<CheckOptions>,
    /// The `feature` words it sends before `ready` (the `go` limits it honours), or none.
    pub features: Option<&'static str>,
}

impl BuiltinBot {
    /// Whether this bot can run with `options`; the error is one line for a person.
    pub fn check(&self, options: &BotOptions) -> Result<(), BotOptionsError> {
        match self.check {
            Some(check) => check(options),
            None if options.is_empty() => Ok(()),
            None => Err(BotOptionsError::TakesNone(self.name.to_string())),
        }
    }
}

/// Every built-in bot, in the order help texts list them.
pub static BOTS: &[BuiltinBot] = &[
    BuiltinBot {
        name: "random",
        description: "uniform random legal move (seeded)",
        make: |seed, _| Box::new(random::Random::new(seed)),
        check: None,
        features: None,
    },
    BuiltinBot {
        name: "greedy",
        description:
            "best immediate outcome: a win, else the most material; ties broken at random (seeded)",
        make: |seed, _| Box::new(greedy::Greedy::new(seed)),
        check: None,
        features: None,
    },
    BuiltinBot {
        name: "search",
        description: "alpha-beta or MCTS search with a per-game evaluation; --level 1-5, --nodes N",
        make: |seed, options| Box::new(search::Search::new(seed, options)),
        check: Some(search::check_options),
        features: Some("nodes depth"),
    },
];

/// A built-in bot name that is not registered; the message lists the known names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown built-in bot '{0}' (known: {known})", known = BOTS.iter().map(|b| b.name).collect::<Vec<_>>().join(", "))]
pub struct UnknownBuiltin(pub String);

/// The built-in bot called `name`, or an error listing the names.
pub fn find(name: &str) -> Result<&'static BuiltinBot, UnknownBuiltin> {
    BOTS.iter()
        .find(|b| b.name == name)
        .ok_or_else(|| UnknownBuiltin(name.to_string()))
}

/// Why a built-in bot stopped before `quit`.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Reading the referee's lines or writing the answers failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Asked to move in a position of a known ruleset that does not parse.
    #[error("{error} in '{position}'")]
    BadPosition {
        error: crate::game::PositionError,
        position: String,
    },
    /// Asked to move where there is no legal move.
    #[error("asked to move with no legal move in position '{0}'")]
    NoLegalMove(String),
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
pub fn play(
    spec: &BuiltinBot,
    options: &BotOptions,
    ruleset: Option<&str>,
    seed: u64,
    seed_step: u64,
    input: &mut impl BufRead,
    out: &mut (impl Write + ?Sized),
) -> Result<(), PlayError> {
    let mut session = Session::new(spec, options, ruleset, seed, seed_step);
    let mut line = String::with_capacity(256);
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let text = line.trim_end_matches(['\n', '\r']);
        match RefereeMsg::parse(text) {
            RefereeMsg::Hello { version, ruleset } => session.hello(version, ruleset, out)?,
            RefereeMsg::Seed(seed) => session.seed_line(seed, text),
            RefereeMsg::NewGame { player, position } => session.new_game(player, position),
            RefereeMsg::Position(p) => replace(&mut session.position, p),
            RefereeMsg::Last(m) => replace(&mut session.last, m.unwrap_or("")),
            RefereeMsg::Legal(l) => replace(&mut session.legal_line, l),
            RefereeMsg::Go(clocks) => session.go(clocks, out)?,
            RefereeMsg::Quit => return Ok(()),
            // gameover, blank lines and unknown message types are ignored.
            RefereeMsg::GameOver { .. } | RefereeMsg::Other(_) => {}
        }
    }
}

fn replace(buf: &mut String, text: &str) {
    buf.clear();
    buf.push_str(text);
}

/// What a built-in bot's process remembers between lines: the strategy of the game in play,
/// the seeds, and the current turn's lines (buffers reused from turn to turn).
struct Session<'a> {
    spec: &'a BuiltinBot,
    options: &'a BotOptions,
    ruleset: Option<&'a str>,
    seed: u64,
    seed_step: u64,
    strategy: Box<dyn Strategy>,
    /// Games started by this process so far.
    games: u64,
    /// The seed of a `seed <N>` line, for the next `newgame`.
    next_seed: Option<u64>,
    position: String,
    legal_line: String,
    last: String,
    me: Option<Player>,
}

impl<'a> Session<'a> {
    fn new(
        spec: &'a BuiltinBot,
        options: &'a BotOptions,
        ruleset: Option<&'a str>,
        seed: u64,
        seed_step: u64,
    ) -> Self {
        Session {
            spec,
            options,
            ruleset,
            seed,
            seed_step,
            strategy: (spec.make)(seed, options),
            games: 0,
            next_seed: None,
            position: String::with_capacity(128),
            legal_line: String::with_capacity(128),
            last: String::with_capacity(16),
            me: None,
        }
    }

    /// `baraza <version> <ruleset>`: answer with the bot's id and `ready`.
    fn hello(
        &self,
        version: &str,
        hello_ruleset: &str,
        out: &mut (impl Write + ?Sized),
    ) -> std::io::Result<()> {
        let name = self.spec.name;
        if version != "1" {
            eprintln!("baraza bot {name}: protocol version '{version}' announced, I speak 1");
        }
        if let Some(r) = self.ruleset.filter(|r| *r != hello_ruleset) {
            eprintln!("baraza bot {name}: started with --ruleset {r} but the referee says {hello_ruleset}");
        }
        write!(out, "id name {name}\nid author baraza\n")?;
        if let Some(words) = self.spec.features {
            writeln!(out, "{} {words}", crate::protocol::FEATURE)?;
        }
        writeln!(out, "ready")?;
        out.flush()
    }

    /// `seed <N>`: the seed of the next game.
    fn seed_line(&mut self, seed: Option<u64>, text: &str) {
        match seed {
            Some(n) => self.next_seed = Some(n),
            None => eprintln!(
                "baraza bot {}: ignored a bad seed line: {text}",
                self.spec.name
            ),
        }
    }

    /// `newgame <player> <position>`: a fresh strategy, from the announced seed or the next
    /// of `seed + n * seed_step`.
    fn new_game(&mut self, player: Option<u8>, pos: &str) {
        if let Some(s) = self.next_seed.take() {
            self.strategy = (self.spec.make)(s, self.options);
        } else if self.games > 0 {
            let s = self
                .seed
                .wrapping_add(self.seed_step.wrapping_mul(self.games));
            self.strategy = (self.spec.make)(s, self.options);
        }
        self.games += 1;
        self.legal_line.clear();
        self.last.clear();
        self.me = match player {
            Some(1) => Some(Player::One),
            Some(2) => Some(Player::Two),
            _ => None,
        };
        // The start position stands in until the first `position` line.
        replace(&mut self.position, pos);
        let rs = pos.split(' ').next().unwrap_or("");
        if let Some(p) = self.me {
            self.strategy.new_game(rs, p);
        }
    }

    /// `go <clocks>`: choose a move and send it.
    fn go(&mut self, clocks: Clocks, out: &mut (impl Write + ?Sized)) -> Result<(), PlayError> {
        let parsed = games::parse_position(&self.position);
        let legal = self.legal_moves(parsed.as_deref().ok());
        if legal.is_empty() {
            return Err(self.refuse(parsed.err(), out)?);
        }
        // Whoever is to move is asked to move: the position says who we are this turn.
        let parsed = parsed.ok();
        let me = parsed
            .as_ref()
            .map(|p| p.side_to_move())
            .or(self.me)
            .unwrap_or(Player::One);
        let turn = Turn {
            pos: parsed.as_deref(),
            legal: &legal,
            me,
            last: Some(self.last.as_str()).filter(|l| !l.is_empty()),
            clocks,
        };
        let k = self.strategy.choose(&turn).min(legal.len() - 1);
        for l in self.strategy.take_info() {
            writeln!(out, "{l}")?;
        }
        writeln!(out, "move {}", legal[k])?;
        out.flush()?;
        self.legal_line.clear();
        self.last.clear();
        Ok(())
    }

    /// The engine is the authority; the referee's `legal` line is the fallback for a ruleset
    /// this build does not know.
    fn legal_moves(&self, parsed: Option<&dyn Position>) -> Vec<String> {
        let legal = parsed.map(|p| p.legal()).unwrap_or_default();
        if !legal.is_empty() {
            return legal;
        }
        self.legal_line
            .split_ascii_whitespace()
            .map(str::to_string)
            .collect()
    }

    /// No move to send: say why in an `info` line, and stop.
    fn refuse(
        &self,
        parse_error: Option<crate::game::PositionError>,
        out: &mut (impl Write + ?Sized),
    ) -> Result<PlayError, std::io::Error> {
        let position = self.position.clone();
        // A ruleset this build knows: the position itself is the problem.
        let rs = position.split(' ').next().unwrap_or("");
        let error = match (parse_error, games::find(rs)) {
            (Some(error), Some(_)) => {
                writeln!(out, "info {error} in '{position}'")?;
                PlayError::BadPosition { error, position }
            }
            _ => {
                writeln!(out, "info no legal move in position '{position}'")?;
                PlayError::NoLegalMove(position)
            }
        };
        out.flush()?;
        Ok(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_parse_known_keys_and_skip_the_rest() {
        let c = Clocks::read("p1time 9000 p2time 8000 p1inc 100 p2inc 50 nodes 7 movetime 250");
        assert_eq!(
            c,
            Clocks {
                p1time: 9000,
                p2time: 8000,
                p1inc: 100,
                p2inc: 50,
                movetime: Some(250),
                nodes: Some(7),
                depth: None,
            }
        );
        assert_eq!(c.of(Player::Two), (8000, 50));
        assert_eq!(Clocks::read("p1time x p2time 5").p2time, 5);
    }

    #[test]
    fn registry_lists_names_on_error() {
        assert_eq!(find("greedy").unwrap().name, "greedy");
        let e = find("alphabeta").err().unwrap().to_string();
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
