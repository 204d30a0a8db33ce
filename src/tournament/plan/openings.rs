//! Start positions for the games: an openings file (one position string per line, checked with
//! the engine) or a few random legal plies from the ruleset's start.
//!
//! An openings file holds one position string per line, exactly as `baraza rules` prints them.
//! Blank lines and lines starting with `#` are skipped; line numbers in errors count every line.

use crate::game::MoveError;
use crate::games::{self, StartError, UnknownRuleset};
use crate::rng::SplitMix64;
use std::io::Read;
use std::path::Path;

/// How many times a random opening is drawn again when its plies end the game.
pub const RANDOM_OPENING_ATTEMPTS: u32 = 1000;

/// Start positions that cannot be had. Each message is one line and names its cause.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// `file` names the openings file as the person gave it.
    #[error("{file} line {line}: {error}")]
    BadLine {
        file: String,
        line: usize,
        error: StartError,
    },
    #[error("no opening suite named {0} is shipped (there are {names})", names = super::suites::names())]
    NoSuite(String),
    #[error("{0}: no positions (one position string per line; # starts a comment)")]
    NoPositions(String),
    #[error("openings file {0} is larger than {max} MiB", max = MAX_OPENINGS_FILE >> 20)]
    TooLarge(String),
    #[error("cannot read openings file {path}: {error}")]
    Read { path: String, error: std::io::Error },
    #[error(transparent)]
    UnknownRuleset(#[from] UnknownRuleset),
    #[error("the engine refused its own legal move: {0}")]
    EngineRefused(MoveError),
    #[error("--random-opening-plies {plies}: no game of {ruleset} was still going after {plies} random plies in {RANDOM_OPENING_ATTEMPTS} tries; use fewer plies")]
    NoGameLeft { ruleset: String, plies: u32 },
}

/// Check the lines of an openings file: each must be a position of `ruleset` whose game is
/// not over. `source` names the file in errors (`openings.txt line 3: ...`).
pub fn parse_openings(
    text: &str,
    ruleset: &str,
    source: &str,
) -> Result<Vec<String>, OpeningsError> {
    let mut positions = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = games::parse_start(ruleset, line).map_err(|error| OpeningsError::BadLine {
            file: source.to_string(),
            line: i + 1,
            error,
        })?;
        // Keep the engine's own spelling of the position.
        positions.push(pos.format());
    }
    if positions.is_empty() {
        return Err(OpeningsError::NoPositions(source.to_string()));
    }
    Ok(positions)
}

/// The largest openings file read, in bytes (some 300,000 positions). An event file names its
/// openings file, and `openings = "/dev/zero"` read until memory ran out.
pub const MAX_OPENINGS_FILE: u64 = 16 << 20;

/// Read and check an openings file, or the shipped suite a `builtin:<ruleset>` path names.
pub fn load_openings_file(path: &Path, ruleset: &str) -> Result<Vec<String>, OpeningsError> {
    let name = path.to_string_lossy();
    if name.starts_with(super::suites::PREFIX) {
        let text =
            super::suites::suite(&name).ok_or_else(|| OpeningsError::NoSuite(name.to_string()))?;
        return parse_openings(text, ruleset, &name);
    }
    let read_error = |error| OpeningsError::Read {
        path: path.display().to_string(),
        error,
    };
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_OPENINGS_FILE + 1).read_to_string(&mut text))
        .map_err(read_error)?;
    if text.len() as u64 > MAX_OPENINGS_FILE {
        return Err(OpeningsError::TooLarge(path.display().to_string()));
    }
    parse_openings(&text, ruleset, &path.display().to_string())
}

/// `plies` uniformly random legal plies from `ruleset`'s start, drawn from `seed`. A draw that
/// ends the game (or gets stuck) is thrown away and drawn again from the same generator, up to
/// [`RANDOM_OPENING_ATTEMPTS`] times.
pub fn random_opening(ruleset: &str, plies: u32, seed: u64) -> Result<String, OpeningsError> {
    let rules = games::ruleset(ruleset)?;
    let mut rng = SplitMix64::new(seed);
    'attempt: for _ in 0..RANDOM_OPENING_ATTEMPTS {
        let mut pos = rules.start_position();
        for _ in 0..plies {
            let legal = pos.legal();
            if legal.is_empty() {
                continue 'attempt;
            }
            let pick = &legal[rng.below(legal.len() as u64) as usize];
            pos.play(pick).map_err(OpeningsError::EngineRefused)?;
        }
        if !pos.status().is_over() {
            return Ok(pos.format());
        }
    }
    Err(OpeningsError::NoGameLeft {
        ruleset: ruleset.to_string(),
        plies,
    })
}

#[cfg(test)]
mod suite_tests {
    use super::*;
    use crate::tournament::plan::suites::{suite, SUITES};

    /// A new ruleset comes with its suite (the checklist in `games/`'s module doc): one suite
    /// for each registered ruleset, in `baraza games` order, and none for a ruleset that is not.
    #[test]
    fn every_ruleset_has_one_shipped_suite() {
        let registered: Vec<&str> = crate::games::RULESETS.iter().map(|r| r.id).collect();
        let shipped: Vec<&str> = SUITES.iter().map(|(r, _)| *r).collect();
        assert_eq!(shipped, registered);
    }

    /// Every shipped position parses as its ruleset's, is not over and has a legal move (what
    /// `parse_openings` checks with the engine), none is there twice, and each suite is the
    /// output of the command it names (its count in the first line).
    #[test]
    fn every_shipped_position_is_legal_ongoing_and_distinct() {
        for (ruleset, text) in SUITES {
            let positions = parse_openings(text, ruleset, ruleset).unwrap();
            let mut sorted = positions.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), positions.len(), "{ruleset}: duplicates");
            assert!(
                positions.len() >= 50,
                "{ruleset}: {} positions",
                positions.len()
            );
            for p in &positions {
                let pos = crate::games::parse_position(p).unwrap();
                assert!(!pos.status().is_over() && !pos.legal().is_empty(), "{p}");
            }
            let head = text.lines().next().unwrap();
            assert!(
                head.starts_with(&format!("# {ruleset}: {} openings,", positions.len())),
                "{head}"
            );
            let command = text.lines().nth(1).unwrap();
            assert!(
                command.starts_with(&format!("# baraza openings generate {ruleset} ")),
                "{command}"
            );
        }
        assert!(suite("builtin:darra").is_some());
        assert_eq!(suite("builtin:chess"), None);
        assert_eq!(suite("darra"), None);
    }
}
