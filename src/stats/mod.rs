//! Pure statistics of game results, with nothing else of baraza: Elo with its interval, LOS
//! and the pentanomial buckets ([`elo`]), the GSPRT and its decision ([`sprt`]), one rating
//! per bot fitted from all games ([`ratings`], Bradley-Terry).

pub mod elo;
pub mod ratings;
pub mod sprt;
