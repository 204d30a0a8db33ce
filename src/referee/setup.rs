//! What a game is played from ([`GameSetup`], one [`PlayerSetup`] per side) and what it
//! produces besides its record ([`GameExtras`]).

use crate::bot::StderrSink;
use crate::clock::TimeControl;
use crate::game::Position;
use std::path::PathBuf;
use std::time::Duration;

/// Cap of the info lines logged per bot per game, in bytes.
pub const INFO_CAP: u64 = 1 << 20;

/// One side of a game.
#[derive(Clone, Debug)]
pub struct PlayerSetup {
    /// Display name (PGN `White`/`Black`).
    pub name: String,
    /// The command to run, already split (no shell).
    pub argv: Vec<String>,
    pub stderr: StderrSink,
    /// Where this bot's `info` lines go (capped at [`INFO_CAP`]); `None` drops them.
    pub info_log: Option<PathBuf>,
    /// Where this bot's protocol transcript of the game goes (every line both ways, timed,
    /// capped at [`super::TRANSCRIPT_CAP`]); `None` keeps none.
    pub transcript: Option<PathBuf>,
    /// The game's seed for this bot, sent as `seed <N>` right before `newgame`. Only built-in
    /// bots get one: a process kept from an earlier game then plays exactly the game a fresh
    /// process started with `--seed N` would, whichever games it played before (in a
    /// tournament that depends on timing). Other bots never see the line.
    pub seed: Option<u64>,
    /// How its processes are started: limits, environment, working directory, sandbox.
    pub spawn: crate::bot::SpawnOptions,
}

/// Everything needed to play one game.
#[derive(Clone)]
pub struct GameSetup {
    pub game: u64,
    /// Player 1 first.
    pub players: [PlayerSetup; 2],
    /// The start position.
    pub start: Box<dyn Position>,
    /// Each player's time control, player 1 first (`[tc; 2]` when both play the same clock).
    pub tc: [TimeControl; 2],
    /// Each player's deadline for `ready` after the hello; never charged to the clock.
    pub startup_timeout: [Duration; 2],
    /// How long a bot may take to exit after `quit` before its process group is killed.
    pub grace: Duration,
    /// Adjudicate a draw when this many plies have been played.
    pub max_plies: Option<u64>,
    /// The other adjudication rules (`--adjudicate ...`); off by default.
    pub adjudication: crate::record::adjudication::Adjudication,
    pub seed: u64,
    pub event: String,
    pub site: String,
    pub round: String,
}

impl GameSetup {
    /// The record's time control: one form when both players had the same, else player 1's
    /// and player 2's joined by ` / `.
    pub fn time_control_text(&self) -> String {
        let tc = &self.tc;
        if tc[0] == tc[1] {
            tc[0].pgn()
        } else {
            format!("{} / {}", tc[0].pgn(), tc[1].pgn())
        }
    }
}

/// What a game produced besides its record.
#[derive(Clone, Debug, Default)]
pub struct GameExtras {
    /// `id` lines each bot sent during the handshake, as (key, value).
    pub ids: [Vec<(String, String)>; 2],
    /// Number of `info` lines each bot sent.
    pub info_lines: [u64; 2],
    /// The pid of each bot's process at the end of the game (`None`: none could be started).
    pub pids: [Option<i32>; 2],
    /// Games each bot's process had played before this one (0: started for this game).
    pub games_before: [u64; 2],
    /// Whether each bot's kept process had exited between games and a fresh one took its place.
    pub replaced: [bool; 2],
    /// Whether each bot got as far as `ready` (in this game, or in an earlier one of its kept
    /// process): false for a bot that could not be started or did not answer the hello.
    pub started: [bool; 2],
    /// Why the game could not start for a reason of the host's, not the bots'
    /// ([`crate::bot::host_fault`]): its record is then no result.
    pub host_fault: Option<String>,
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let t = crate::civil_date::of_unix_seconds(crate::civil_date::now_unix_seconds());
    format!("{:04}.{:02}.{:02}", t.year, t.month, t.day)
}

impl PlayerSetup {
    /// One side of a game: `spec` under `name`; a built-in plays the game with `seed`.
    pub fn for_bot(
        spec: &crate::bot::spec::BotSpec,
        name: &str,
        ruleset: &str,
        seed: u64,
        stderr: crate::bot::StderrSink,
        info_log: Option<std::path::PathBuf>,
    ) -> Result<PlayerSetup, crate::bot::spec::BotSpecError> {
        Ok(PlayerSetup {
            name: name.to_string(),
            argv: spec.argv(ruleset, seed)?,
            stderr,
            info_log,
            transcript: None,
            seed: spec.is_builtin().then_some(seed),
            spawn: crate::bot::SpawnOptions {
                label: name.to_string(),
                ..Default::default()
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_format() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
        assert_eq!(&d[4..5], ".");
        assert_eq!(&d[7..8], ".");
    }
}
