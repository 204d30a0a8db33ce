//! The lines `baraza merge` meets again (a game id it has already taken): each is compared with
//! that game's first line once the copy is done, by reading the inputs again as far as those
//! first lines. So the merge keeps a bit a scheduled game (which games it has) and a few bytes a
//! line met twice, not where every game's line was.
//!
//! Lines are compared by their SHA-256: equal digests are equal lines (a collision is not a
//! practical concern), different digests different lines.

use super::games_jsonl::{games_path, LogError};
use super::reader::LogReader;
use crate::tournament::plan::layout::Layout;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::PathBuf;

/// Why the inputs could not be read again.
#[derive(Debug, thiserror::Error)]
pub enum ReadAgain {
    #[error(transparent)]
    Log(#[from] LogError),
    /// A line met twice whose game's first line is no longer in the inputs.
    #[error("the first line of game {number} is gone from the inputs (were they changed during the merge?)")]
    FirstLineGone { number: u64 },
}

/// A line met again: the game's number, the input it is in, its digest.
struct Again {
    number: u64,
    input: usize,
    digest: [u8; 32],
}

/// Game `number` has one line in input `first` and another, different, in input `again`.
#[derive(Debug, PartialEq, Eq)]
pub struct Conflict {
    pub number: u64,
    pub first: usize,
    pub again: usize,
}

/// The lines met again, in the order met.
#[derive(Default)]
pub struct Twice {
    lines: Vec<Again>,
}

fn digest(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

impl Twice {
    /// Game `number`'s line `text` of input `input`, met after the game's first line.
    pub fn note(&mut self, number: u64, input: usize, text: &str) {
        self.lines.push(Again {
            number,
            input,
            digest: digest(text),
        });
    }

    /// How many lines were met again.
    pub fn len(&self) -> u64 {
        self.lines.len() as u64
    }

    /// How many lines of inputs other than `input` were met again.
    pub fn len_besides(&self, input: Option<usize>) -> u64 {
        self.lines.iter().filter(|a| Some(a.input) != input).count() as u64
    }

    /// Whether no line was met again.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The first line met again (in the order met) that differs from its game's first line.
    /// `inputs` are read again in order, as the copy read them, until every such game's first
    /// line is found.
    pub fn first_conflict(
        &self,
        inputs: &[PathBuf],
        layout: &Layout,
    ) -> Result<Option<Conflict>, ReadAgain> {
        if self.lines.is_empty() {
            return Ok(None);
        }
        let mut firsts: HashMap<u64, Option<(usize, [u8; 32])>> =
            self.lines.iter().map(|a| (a.number, None)).collect();
        let mut left = firsts.len();
        'inputs: for (k, path) in inputs.iter().enumerate() {
            let mut log = LogReader::open(&games_path(path))?;
            while let Some(g) = log.next_lazy()? {
                let (text, id) = (g.text, &g.ids.game_id);
                let Some(n) = layout.game_of_id(id) else {
                    continue;
                };
                if let Some(slot @ None) = firsts.get_mut(&n) {
                    *slot = Some((k, digest(text)));
                    left -= 1;
                    if left == 0 {
                        break 'inputs;
                    }
                }
            }
        }
        for a in &self.lines {
            let first = firsts.get(&a.number).copied().flatten();
            let Some((k, first_digest)) = first else {
                return Err(ReadAgain::FirstLineGone { number: a.number });
            };
            if first_digest != a.digest {
                return Ok(Some(Conflict {
                    number: a.number,
                    first: k,
                    again: a.input,
                }));
            }
        }
        Ok(None)
    }
}
