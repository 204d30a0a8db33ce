//! A league that keeps running: entrants and their versions, matchmaking, the leaderboard.

pub mod matchmaking;
