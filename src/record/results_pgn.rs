//! `baraza replay LOG --export results-pgn`: the games of a log for tools that read PGN as
//! chess (they parse the movetext as chess moves and drop or flag a game whose moves are not).
//! Each game keeps the seven-tag roster (`Event`, `Site`, `Date`, `Round`, `White`, `Black`,
//! `Result`) and baraza's own tags, and its movetext is one comment saying what was left out,
//! then the result:
//!
//! ```text
//! [Event "baraza tournament"]
//! ...
//! [Result "1-0"]
//! [Ruleset "darra"]
//! [Termination "normal"]
//! [BarazaPlies "73"]
//! [GameIndex "1"]
//!
//! {darra game of 73 plies; its moves are not chess moves and are left out (see the baraza log)} 1-0
//! ```
//!
//! `PlyCount` and `TimeControl` are not written (chess readers check them against chess moves
//! and clocks); the ply count is in `BarazaPlies`, a start other than the standard one in
//! `Position` (no `SetUp`, which promises a chess `FEN`).

use crate::record::pgn::escape_tag_value;
use crate::record::GameRecord;

/// Write one game as results-only PGN (see the module docs).
pub fn write_results_pgn(
    out: &mut (impl std::io::Write + ?Sized),
    rec: &GameRecord,
) -> std::io::Result<()> {
    let mut s = String::with_capacity(512);
    let mut tag = |name: &str, value: &str| {
        s.push('[');
        s.push_str(name);
        s.push_str(" \"");
        escape_tag_value(value, &mut s);
        s.push_str("\"]\n");
    };
    tag("Event", &rec.event);
    tag("Site", &rec.site);
    tag("Date", &rec.date);
    tag("Round", &rec.round);
    tag("White", &rec.white);
    tag("Black", &rec.black);
    tag("Result", rec.result.as_str());
    tag("Ruleset", &rec.ruleset);
    tag("Termination", rec.termination.as_str());
    tag("BarazaPlies", &rec.plies.to_string());
    if !rec.is_standard_start() {
        tag("Position", &rec.start);
    }
    tag("GameIndex", &rec.game.to_string());
    // A comment ends at the first `}`: none may be inside (a ruleset id has none, but be sure).
    let ruleset = rec.ruleset.replace('}', ")");
    s.push_str(&format!(
        "\n{{{ruleset} game of {} plies; its moves are not chess moves and are left out (see the baraza log)}} {}\n\n",
        rec.plies, rec.result
    ));
    out.write_all(s.as_bytes())
}
