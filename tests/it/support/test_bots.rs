//! The bots of `tests/bots/` that many tests play with, by name: each constant is the bot's
//! path, a command line on its own (append arguments with `format!("{BAD_BOT} crash")`). The
//! rest, mostly one mistaken bot a test, go by file name through [`super::bot`].

/// The path of `tests/bots/FILE`, as a constant.
macro_rules! test_bot {
    ($file:literal) => {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bots/", $file)
    };
}

/// A correct, deterministic bot that plays the first legal move; starts in milliseconds.
pub const FIRST_BOT: &str = test_bot!("first_bot.sh");
/// [`FIRST_BOT`] that waits `$SLOW_BOT_MS` (30) ms before each move.
pub const SLOW_FIRST_BOT: &str = test_bot!("slow_first_bot.sh");
/// [`FIRST_BOT`] that sleeps 100 ms a move: time for a pondering opponent.
pub const SLEEPY_BOT: &str = test_bot!("sleepy_bot.sh");
/// A correct random bot in Python (`random_bot.py [SEED]`).
pub const RANDOM_BOT_PY: &str = test_bot!("random_bot.py");
/// Misbehaves on purpose: `bad_bot.sh MODE [PIDFILE]` (its modes are listed in the script).
pub const BAD_BOT: &str = test_bot!("bad_bot.sh");
/// Plays the first legal move and reports its "search" in info lines.
pub const INFO_BOT: &str = test_bot!("info_bot.sh");
/// Plays the first legal move after 3000 long info lines a turn.
pub const INFO_FLOOD_BOT: &str = test_bot!("info_flood.sh");
/// Says in an info line what its host gave it (`mark=... seed=...`).
pub const REPORTS_BOT: &str = test_bot!("reports_bot.sh");
/// Records each game its process plays: `reuse_bot.sh MODE PIDFILE`.
pub const REUSE_BOT: &str = test_bot!("reuse_bot.sh");
/// Asks for the node and depth limits and says what each `go` gave it.
pub const LIMITS_BOT: &str = test_bot!("limits_bot.sh");
/// Claims the same score before every move: `score_bot.sh cp -600`.
pub const SCORE_BOT: &str = test_bot!("score_bot.sh");
/// Takes 1 GiB at its first turn instead of moving.
pub const MEMORY_HOG: &str = test_bot!("memory_hog.py");
/// Tries to outlive its game or reach what it should not: `hostile_bot.sh MODES MARKER [ARG]`.
pub const HOSTILE_BOT: &str = test_bot!("hostile_bot.sh");
/// Leaves two busy processes behind at its first turn: `spinner_bot.sh MARKER`.
pub const SPINNER_BOT: &str = test_bot!("spinner_bot.sh");
/// Leaves a ticker behind and says how many ticks came between its moves.
pub const TICKER_BOT: &str = test_bot!("ticker_bot.sh");
/// Plays Darra and Dara only; told `baraza 1 bao`, exits (`declines_bao.sh [STATUS]`).
pub const DECLINES_BAO: &str = test_bot!("declines_bao.sh");
/// Loses every game at once: an illegal move (`zz`) at its first turn. Against it every pair
/// is won twice, so the games are the same in a match and in a tournament whatever the seeds.
pub const ILLEGAL_MOVER: &str =
    "sh -c 'while read l; do case $l in baraza*) echo ready;; go*) echo move zz;; esac; done'";
