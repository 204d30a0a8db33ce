//! What a search reports after each iteration, and its `info` line:
//! `info depth <d> score cp <x>|win <n>|loss <n> nodes <n> nps <n> pv <moves>`.

use std::fmt;
use std::time::Duration;

/// A score from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a seed (Darra, Bao) or piece (Dara).
    Cp(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(x) => write!(f, "cp {x}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<String>,
}

impl Report {
    pub fn nps(&self) -> u64 {
        let us = self.elapsed.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / us
    }
}

/// The `info` line, without a trailing newline.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "info depth {} score {} nodes {} nps {}",
            self.depth,
            self.score,
            self.nodes,
            self.nps(),
        )?;
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_line_form() {
        let r = Report {
            depth: 7,
            score: Score::Cp(-250),
            nodes: 50_000,
            elapsed: Duration::from_millis(20),
            pv: vec!["4A".into(), "3B".into()],
        };
        assert_eq!(
            r.to_string(),
            "info depth 7 score cp -250 nodes 50000 nps 2500000 pv 4A 3B"
        );
        let w = Report {
            score: Score::Win(3),
            pv: vec![],
            ..r
        };
        assert!(w
            .to_string()
            .ends_with("score win 3 nodes 50000 nps 2500000"));
    }
}
