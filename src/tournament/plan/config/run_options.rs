//! [`RunOptions`]: how the tournament is run (concurrency, crashes, output, transcripts), as
//! opposed to what it is; none of it is hashed.

use super::choices::OnCrash;
#[cfg(doc)]
use super::TournamentConfig;
use std::path::PathBuf;

/// Default time a bot may take to exit after `quit` before it is killed, in ms (as `baraza match`).
pub const DEFAULT_GRACE_MS: u64 = 1_000;

/// How the tournament is run, as opposed to what it is: none of this is hashed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOptions {
    pub concurrency: usize,
    pub on_crash: OnCrash,
    /// Keep a bot's process for its next game (not with `--no-reuse`).
    pub reuse: bool,
    /// How long a bot may take to exit after `quit`, in ms, before its process group is killed.
    pub grace_ms: u64,
    pub out: Option<PathBuf>,
    pub resume: bool,
    /// The PGN `Event` tag (`None`: the command's default).
    pub event: Option<String>,
    /// The PGN `Site` tag (`None`: `?`).
    pub site: Option<String>,
    /// Where protocol transcripts go (`None`: no bot gets one).
    pub transcript: Option<PathBuf>,
    /// Which bots (in [`TournamentConfig::bots`] order) get a transcript.
    pub transcript_bots: Vec<bool>,
    /// One transcript per game of both sides (`--combined`).
    pub combined_transcript: bool,
    /// Pin each game's bots to a core of their own (`--affinity`, `affinity = true`).
    pub affinity: bool,
}
