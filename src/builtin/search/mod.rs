//! `search`: the strong built-in player. One framework for every game, two searches behind it
//! (`alphabeta` and `mcts`), a per-game evaluation (`eval`), time management from the `go`
//! fields (`time`), and a reproducible strength ladder (`levels`).
//!
//! Which search plays which game by default was decided by matches between the two at equal
//! time (docs/search.md, "Earlier runs"); `--algo` overrides it.

mod alphabeta;
mod clock_watch;
mod eval;
mod levels;
mod mcts;
mod report;
mod rng;
mod time;
mod tt;

pub use levels::MAX_LEVEL;

use super::{BotOptions, BotOptionsError, Strategy, Turn};
use crate::game::GameKind;
use crate::games::{self, bao::Bao, dara::Dara, darra::Darra};
use clock_watch::ClockWatch;
use eval::SearchGame;
use rng::SearchRng;
use time::SearchLimits;

/// The two searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algo {
    AlphaBeta,
    Mcts,
}

impl Algo {
    pub fn parse(s: &str) -> Option<Algo> {
        match s {
            "ab" | "alphabeta" => Some(Algo::AlphaBeta),
            "mcts" => Some(Algo::Mcts),
            _ => None,
        }
    }

    /// The search that played best on this ruleset in the equal-time matches (docs/search.md): MCTS
    /// on Bao (alpha-beta scored 35% ± 15 against it), alpha-beta elsewhere.
    pub fn default_for(kind: GameKind) -> Algo {
        match kind {
            GameKind::Bao => Algo::Mcts,
            GameKind::Darra | GameKind::Dara => Algo::AlphaBeta,
        }
    }
}

/// The options `search` accepts, checked before any game.
pub fn check_options(o: &BotOptions) -> Result<(), BotOptionsError> {
    if let Some(l) = o.level {
        if !(1..=MAX_LEVEL).contains(&l) {
            return Err(BotOptionsError::Level {
                max: MAX_LEVEL,
                got: l,
            });
        }
    }
    if o.nodes == Some(0) {
        return Err(BotOptionsError::NoNodes);
    }
    if let Some(a) = &o.algo {
        if Algo::parse(a).is_none() {
            return Err(BotOptionsError::Algo(a.clone()));
        }
    }
    Ok(())
}

/// One game's searcher for a typed game.
trait Engine {
    /// The index of the move to play in `pos`'s legal list; `None` if `pos` does not parse.
    fn think(&mut self, pos: &str, limits: SearchLimits, info: &mut Vec<String>) -> Option<usize>;
}

struct Typed<G: SearchGame> {
    algo: Algo,
    ab: alphabeta::AlphaBeta<G>,
    mcts: mcts::Mcts<G>,
}

impl<G: SearchGame> Engine for Typed<G> {
    fn think(&mut self, pos: &str, limits: SearchLimits, info: &mut Vec<String>) -> Option<usize> {
        let pos = G::parse(pos).ok()?;
        let mut out = |r: &report::Report| info.push(r.to_string());
        Some(match self.algo {
            Algo::AlphaBeta => self.ab.think(&pos, limits, &mut out),
            Algo::Mcts => self.mcts.think(&pos, limits, &mut out),
        })
    }
}

/// Table size: 16 MB, less for a small budget (a table is fresh every game, and each first
/// touch of one of its pages costs a page fault: at 10 ms a move that is a noticeable share).
/// A node budget or depth limit decides it when there is one, never the clock, so that a
/// level's moves stay the same at any time control.
fn table_bits(limits: &SearchLimits) -> u32 {
    let bits = match (limits.nodes, limits.depth, limits.hard) {
        (Some(n), _, _) => 64 - n.leading_zeros() + 1,
        (None, Some(_), _) => 16,
        (None, None, Some(h)) if h.as_millis() < 50 => 16,
        _ => 20,
    };
    bits.clamp(14, 20)
}

fn typed<G: SearchGame>(algo: Algo, level: levels::Level, seed: u64, bits: u32) -> Box<dyn Engine> {
    Box::new(Typed::<G> {
        algo,
        ab: alphabeta::AlphaBeta::new(alphabeta::Config {
            noise: level.noise,
            quiesce: level.quiesce,
            material_only: level.material_only,
            seed,
            table_bits: bits,
        }),
        mcts: mcts::Mcts::new(mcts::Config {
            playout_plies: 4,
            exploration: 0.7,
            seed,
        }),
    })
}

pub struct Search {
    seed: u64,
    options: BotOptions,
    level: levels::Level,
    ruleset: String,
    engine: Option<Box<dyn Engine>>,
    /// The ruleset the level budgets were last scaled for, and its factor (from its start
    /// position: worked out once a ruleset, not every move).
    budget_scale: Option<(&'static str, u64)>,
    rng: SearchRng,
    info: Vec<String>,
    clock: ClockWatch,
}

impl Search {
    pub fn new(seed: u64, options: &BotOptions) -> Search {
        Search {
            seed,
            options: options.clone(),
            level: levels::level(options.level),
            ruleset: String::new(),
            engine: None,
            budget_scale: None,
            rng: SearchRng::new(seed),
            info: Vec::new(),
            clock: ClockWatch::new(),
        }
    }

    fn engine_for(&mut self, ruleset: &str, limits: &SearchLimits) -> Option<&mut Box<dyn Engine>> {
        if self.engine.is_none() || self.ruleset != ruleset {
            let kind = games::find(ruleset)?.kind;
            let algo = self
                .options
                .algo
                .as_deref()
                .and_then(Algo::parse)
                // The levels are alpha-beta's depths and budgets on every game.
                .unwrap_or_else(|| match self.options.level {
                    Some(_) => Algo::AlphaBeta,
                    None => Algo::default_for(kind),
                });
            let (level, seed) = (self.level, self.seed);
            let bits = table_bits(limits);
            self.engine = Some(match kind {
                GameKind::Darra => typed::<Darra>(algo, level, seed, bits),
                GameKind::Dara => typed::<Dara>(algo, level, seed, bits),
                GameKind::Bao => typed::<Bao>(algo, level, seed, bits),
            });
            self.ruleset = ruleset.to_string();
        }
        self.engine.as_mut()
    }
}

impl Strategy for Search {
    fn choose(&mut self, turn: &Turn) -> usize {
        let Some(pos) = turn.pos else {
            return self.rng.below(turn.legal.len());
        };
        if turn.clocks.movetime.is_none() {
            let (time, inc) = turn.clocks.of(turn.me);
            self.clock.turn(time, inc);
        }
        let mut limits = SearchLimits::from_clocks(&turn.clocks, turn.me, &self.clock);
        // A low clock's quick answer limits the depth too, and so does the referee's `go
        // depth N` (sent when this bot says `feature depth`).
        let go_depth = turn
            .clocks
            .depth
            .map(|d| u32::try_from(d).unwrap_or(u32::MAX));
        limits.depth = limits
            .depth
            .into_iter()
            .chain(self.level.depth)
            .chain(go_depth)
            .min();
        let level_nodes = self.level.nodes.and_then(|n| {
            let id = pos.ruleset();
            if self.budget_scale.is_none_or(|(seen, _)| seen != id) {
                self.budget_scale = games::find(id).map(|r| (r.id, levels::times_six(r)));
            }
            self.budget_scale.map(|(_, t)| levels::scaled(n, t))
        });
        // The referee's `go nodes N` caps its own budget.
        let own = self.options.nodes.or(level_nodes);
        limits.nodes = own.into_iter().chain(turn.clocks.nodes).min();
        if limits.nodes.is_some() {
            // A node budget decides when to stop, never the soft time limit: reproducible.
            limits.soft = None;
        }
        let text = pos.format();
        let mut info = std::mem::take(&mut self.info);
        let chosen = self
            .engine_for(pos.ruleset(), &limits)
            .and_then(|e| e.think(&text, limits, &mut info));
        self.info = info;
        self.clock.moved(limits.elapsed());
        match chosen {
            Some(k) if k < turn.legal.len() => k,
            _ => self.rng.below(turn.legal.len()),
        }
    }

    fn take_info(&mut self) -> Vec<String> {
        std::mem::take(&mut self.info)
    }
}
