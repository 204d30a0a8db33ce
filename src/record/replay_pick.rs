//! `replay --game K` and `replay --id r1-p4-a`: the one game of a log with that number (its
//! `GameIndex`, a JSON line's `game`) or schedule id, found by reading the log through, so
//! that a number met twice (two matches appended to one file) is named, never guessed.

use crate::record::log_games::{LogGame, LogGames, ReadError};
use std::io::BufRead;

/// Which game to replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick<'a> {
    /// The game whose own number is this.
    Index(u64),
    /// The game whose schedule id is this.
    Id(&'a str),
}

impl Pick<'_> {
    fn fits(&self, g: &LogGame) -> bool {
        match *self {
            Pick::Index(k) => g.index() == k,
            Pick::Id(id) => g.id.as_deref() == Some(id),
        }
    }

    /// `--game 7`, `--id r1-p4-a`.
    fn option(&self) -> String {
        match self {
            Pick::Index(k) => format!("--game {k}"),
            Pick::Id(id) => format!("--id {id}"),
        }
    }
}

/// Why no one game was picked.
#[derive(Debug, thiserror::Error)]
pub enum PickError {
    #[error("line {}: {}", .0.line, .0.message)]
    Read(ReadError),
    #[error("{0}")]
    Refused(String),
}

/// What was seen of the games that did not fit, for the message when none does.
#[derive(Default)]
struct Seen {
    games: usize,
    lowest: Option<u64>,
    highest: Option<u64>,
    /// The ids nearest the one asked for: (distance, id), at most three, nearest first.
    nearest: Vec<(usize, String)>,
    with_id: usize,
}

impl Seen {
    fn add(&mut self, g: &LogGame, pick: Pick<'_>) {
        self.games += 1;
        let k = g.index();
        self.lowest = Some(self.lowest.map_or(k, |l| l.min(k)));
        self.highest = Some(self.highest.map_or(k, |h| h.max(k)));
        if let (Pick::Id(want), Some(id)) = (pick, g.id.as_deref()) {
            self.with_id += 1;
            let d = distance(want, id);
            if !self.nearest.iter().any(|(_, n)| n == id) {
                self.nearest.push((d, id.to_string()));
                self.nearest.sort();
                self.nearest.truncate(3);
            }
        }
    }

    /// The message when no game fits `pick`.
    fn none_fits(&self, pick: Pick<'_>) -> String {
        let s = if self.games == 1 { "" } else { "s" };
        let (lo, hi) = (self.lowest.unwrap_or(0), self.highest.unwrap_or(0));
        match pick {
            Pick::Index(k) => format!(
                "--game {k}: no game is numbered {k}: the log's {} game{s} are numbered {lo} to {hi} \
                 (their GameIndex, the number the progress lines and the viewer show)",
                self.games
            ),
            Pick::Id(id) if self.with_id == 0 => format!(
                "--id {id}: the log holds no schedule ids (a match's log, or a PGN without its \
                 games.jsonl beside it): pick its game by number with --game (numbered {lo} to {hi})"
            ),
            Pick::Id(id) => {
                let near: Vec<&str> = self.nearest.iter().map(|(_, n)| n.as_str()).collect();
                format!(
                    "--id {id}: no game of the log has this id; the nearest: {}",
                    near.join(", ")
                )
            }
        }
    }
}

/// The edit distance between two ids (both short).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// The one game of `log` that `pick` names, reading the log to its end.
pub fn pick_game<R: BufRead>(log: &mut LogGames<R>, pick: Pick<'_>) -> Result<LogGame, PickError> {
    let mut found: Option<LogGame> = None;
    let mut lines = Vec::new();
    let mut seen = Seen::default();
    while let Some(g) = log.next_game().map_err(PickError::Read)? {
        if pick.fits(&g) {
            lines.push(g.game.line);
            found.get_or_insert(g);
        } else {
            seen.add(&g, pick);
        }
    }
    if lines.len() > 1 {
        let lines: Vec<String> = lines.iter().map(usize::to_string).collect();
        return Err(PickError::Refused(format!(
            "{}: {} games of the log have it (lines {}): the file holds more than one match or \
             run; cut it apart to replay one",
            pick.option(),
            lines.len(),
            lines.join(", ")
        )));
    }
    found.ok_or_else(|| PickError::Refused(seen.none_fits(pick)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameRecord;

    /// JSON lines of games numbered `numbers`, with ids when `ids`.
    fn log(numbers: &[u64], ids: bool) -> String {
        numbers
            .iter()
            .map(|&n| {
                let mut v = serde_json::to_value(GameRecord {
                    game: n,
                    ..Default::default()
                })
                .unwrap();
                if ids {
                    v["game_id"] =
                        format!("r1-p{}-{}", n.div_ceil(2), ["b", "a"][n as usize % 2]).into();
                }
                format!("{v}\n")
            })
            .collect()
    }

    fn pick(text: &str, p: Pick<'_>) -> Result<LogGame, String> {
        let mut games = LogGames::new(text.as_bytes()).unwrap();
        pick_game(&mut games, p).map_err(|e| e.to_string())
    }

    #[test]
    fn a_game_is_picked_by_its_number_not_its_place() {
        let text = log(&[2, 1, 4, 3], true);
        let g = pick(&text, Pick::Index(3)).unwrap();
        assert_eq!((g.index(), g.game.line), (3, 4));
        let g = pick(&text, Pick::Id("r1-p1-a")).unwrap();
        assert_eq!((g.index(), g.game.line), (1, 2));
    }

    #[test]
    fn an_unknown_or_twice_met_number_or_id_is_named() {
        let text = log(&[2, 1, 4, 3], true);
        let e = pick(&text, Pick::Index(9)).unwrap_err();
        assert!(e.contains("the log's 4 games are numbered 1 to 4"), "{e}");
        let e = pick(&text, Pick::Id("r1-p4-a")).unwrap_err();
        assert!(e.ends_with("the nearest: r1-p1-a, r1-p2-a, r1-p1-b"), "{e}");
        let e = pick(&log(&[1, 2], false), Pick::Id("r1-p1-a")).unwrap_err();
        assert!(e.contains("holds no schedule ids"), "{e}");
        let e = pick(&log(&[1, 2, 1, 2], false), Pick::Index(2)).unwrap_err();
        assert!(e.contains("2 games of the log have it (lines 2, 4)"), "{e}");
    }

    #[test]
    fn the_distance_counts_edits() {
        assert_eq!(distance("r1-p4-a", "r1-p4-a"), 0);
        assert_eq!(distance("r1-p4-a", "r1-p4-b"), 1);
        assert_eq!(distance("r1-p4-a", "r11-p4-a"), 1);
        assert_eq!(distance("", "abc"), 3);
    }
}
