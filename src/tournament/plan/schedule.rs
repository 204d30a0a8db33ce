//! The schedule: every game of the event, in order, as a pure function of the configuration
//! (seed included). Resuming recomputes it and plays what the log lacks.
//!
//! Order: round by round; within a round, pairing by pairing; each pairing plays a **game pair**
//! from one start position, sides swapped: leg `a` has the pairing's first bot as player 1, leg
//! `b` the second. Round-robin pairings are every `(i, j)` with `i < j` in bot order; gauntlet
//! pairings are `(0, j)`: the first bot against each other bot.
//!
//! Every pairing of a round starts from the same position (the round's opening), so each bot
//! meets the same openings, once per side. Game ids (`r3-p2-b`: round 3, pairing 2, leg b) and
//! numbers depend only on the configuration. An event that grows keeps them: the new games
//! are numbered after the old ones ([`super::layout`]).
//!
//! Randomness (shuffled openings, random plies, per-game seeds) comes from [`SplitMix64`](crate::rng), a
//! fixed, documented generator, so a schedule does not change with a dependency's version.

use super::config::{Format, OpeningOrder, Openings, TournamentConfig};
use super::layout::{game_id, Layout, LayoutError};
use super::openings::{random_opening, OpeningsError};
use crate::rng::SplitMix64;
use serde::{Deserialize, Serialize};

/// Independent streams drawn from the one event seed.
const STREAM_SHUFFLE: u64 = 1;
const STREAM_RANDOM_OPENING: u64 = 2;
const STREAM_GAME_SEED: u64 = 3;

pub use super::config::MAX_SEED;

/// Game `game`'s seed: the top 53 bits of its derived seed (see [`MAX_SEED`]).
pub fn game_seed(seed: u64, game: u64) -> u64 {
    derive_seed(seed, STREAM_GAME_SEED, game) >> 11
}

/// A seed for item `index` of stream `stream`, derived from the event seed.
pub fn derive_seed(seed: u64, stream: u64, index: u64) -> u64 {
    let mut g = SplitMix64::new(seed);
    let a = g.next_u64();
    SplitMix64::new(
        a ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ index.wrapping_mul(0x8CB9_2BA7_2F3D_8DD7),
    )
    .next_u64()
}

/// One game of the schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduledGame {
    /// 1-based position in the schedule: the `game` field of its record.
    pub game: u64,
    /// `r{round}-p{pairing}-{leg}`: stable for a configuration.
    pub game_id: String,
    /// 1-based round.
    pub round: u32,
    /// 1-based pair number over the whole schedule; both games of a pair share it.
    pub pair: u64,
    /// 1-based pairing number within the round.
    pub pairing: u32,
    /// `a` (pairing's first bot is player 1) or `b` (sides swapped).
    pub leg: char,
    /// Index into the configuration's bots of player 1 and player 2.
    pub white: usize,
    pub black: usize,
    pub white_name: String,
    pub black_name: String,
    /// The start position string.
    pub start: String,
    /// 0-based index of the position in the openings file, when there is one.
    pub opening: Option<usize>,
    /// The game's own seed: recorded, and handed to built-in bots.
    pub seed: u64,
}

/// The pairings of one round, as bot index pairs.
pub fn pairings(format: Format, bots: usize) -> Vec<(usize, usize)> {
    match format {
        Format::RoundRobin => (0..bots)
            .flat_map(|i| (i + 1..bots).map(move |j| (i, j)))
            .collect(),
        Format::Gauntlet => (1..bots).map(|j| (0, j)).collect(),
    }
}

/// The start position of each round (and its index in the openings file, if any).
pub fn round_openings(
    config: &TournamentConfig,
) -> Result<Vec<(String, Option<usize>)>, OpeningsError> {
    let rounds = config.rounds as usize;
    Ok(match &config.openings {
        Openings::Standard => {
            let start = crate::games::ruleset(&config.ruleset)?.start.to_string();
            vec![(start, None); rounds]
        }
        Openings::File {
            order, positions, ..
        } => {
            let mut order_idx: Vec<usize> = (0..positions.len()).collect();
            if *order == OpeningOrder::Shuffled {
                SplitMix64::new(derive_seed(config.seed, STREAM_SHUFFLE, 0))
                    .shuffle(&mut order_idx);
            }
            (0..rounds)
                .map(|r| {
                    let i = order_idx[r % order_idx.len()];
                    (positions[i].clone(), Some(i))
                })
                .collect()
        }
        Openings::RandomPlies { plies } => (0..rounds)
            .map(|r| {
                let seed = derive_seed(config.seed, STREAM_RANDOM_OPENING, r as u64);
                random_opening(&config.ruleset, *plies, seed).map(|p| (p, None))
            })
            .collect::<Result<_, _>>()?,
    })
}

/// Why a schedule cannot be made: its openings, or a growth history that cannot be.
#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    #[error(transparent)]
    Openings(#[from] OpeningsError),
    #[error(transparent)]
    Layout(#[from] LayoutError),
}

/// Every game of the event, in playing order: the pairs of its [`Layout`], each as two legs.
pub fn schedule(config: &TournamentConfig) -> Result<Vec<ScheduledGame>, ScheduleError> {
    let openings = round_openings(config)?;
    let layout = Layout::new(
        config.format,
        &config.growth,
        config.bots.len(),
        config.rounds,
    )?;
    let mut games = Vec::with_capacity(layout.games() as usize);
    for cell in layout.cells() {
        let (start, opening) = &openings[cell.round as usize - 1];
        for (leg, white, black) in [
            ('a', cell.first, cell.second),
            ('b', cell.second, cell.first),
        ] {
            let game = games.len() as u64 + 1;
            games.push(ScheduledGame {
                game,
                game_id: game_id(&cell, leg),
                round: cell.round,
                pair: cell.pair,
                pairing: cell.pairing,
                leg,
                white,
                black,
                white_name: config.bots[white].name.clone(),
                black_name: config.bots[black].name.clone(),
                start: start.clone(),
                opening: *opening,
                seed: game_seed(config.seed, game),
            });
        }
    }
    Ok(games)
}
