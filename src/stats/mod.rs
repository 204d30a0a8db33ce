//! Pure statistics of game results, with nothing else of baraza: Elo with its interval, LOS
//! and the pentanomial buckets ([`elo`]), the GSPRT and its decision ([`sprt`]), one rating
//! per bot fitted from all games ([`ratings`], Bradley-Terry), with Ordo's bounds for a bot
//! that won or lost every game ([`perfect_scores`]).

pub mod elo;
pub mod pair_games;
pub mod perfect_scores;
pub mod ratings;
pub mod sprt;
