//! The fault summary of the results: for each bot, how many games it lost to each fault
//! (a time forfeit, an illegal move, a protocol error, a crash, a stalled connection), with a
//! few of the reasons the referee wrote, so a host sees what went wrong without reading the log.

use crate::escape::host_paths::HostPaths;
use crate::record::Termination;
use serde::Serialize;
use std::collections::BTreeMap;

/// At most this many example reasons per bot and termination: the first ones met that differ.
pub const FAULT_EXAMPLES: usize = 3;
/// An example reason is cut to this many characters (a reason may quote a bot's long line).
const EXAMPLE_CHARS: usize = 200;

/// The games one bot lost to faults, by termination.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotFaults {
    pub name: String,
    /// Games lost to any fault.
    pub games: u64,
    /// One entry per termination, in the order of [`Termination::ALL`].
    pub lost: Vec<FaultCount>,
}

/// The games lost to one termination.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FaultCount {
    pub termination: Termination,
    pub games: u64,
    /// Up to [`FAULT_EXAMPLES`] different reasons, in the order met.
    pub examples: Vec<String>,
}

/// Whether losing a game this way is the loser's fault (what the summary counts).
pub fn is_fault(t: Termination) -> bool {
    matches!(
        t,
        Termination::TimeForfeit
            | Termination::IllegalMove
            | Termination::ProtocolError
            | Termination::Crash
            | Termination::StalledConnection
    )
}

fn order(t: Termination) -> usize {
    Termination::ALL
        .iter()
        .position(|&x| x == t)
        .expect("every termination is listed")
}

/// The faults counted so far, by bot index (the table's) and termination. Its memory is the
/// number of bots times the terminations, not the games.
#[derive(Clone, Debug, Default)]
pub struct FaultBook {
    /// (bot, termination order) -> (games, examples).
    counts: BTreeMap<(usize, usize), (u64, Vec<String>)>,
    /// For a published table: the host's paths to take out of each reason, before it is cut
    /// and compared (two reasons that differ by a bot's working directory are one example).
    pub host_paths: Option<HostPaths>,
}

impl FaultBook {
    /// Count a game that bot `loser` lost by `termination` (ignored unless a fault).
    pub fn add(&mut self, loser: usize, termination: Termination, reason: &str) {
        if !is_fault(termination) {
            return;
        }
        let (games, examples) = self.counts.entry((loser, order(termination))).or_default();
        *games += 1;
        if examples.len() < FAULT_EXAMPLES {
            let reason = match &self.host_paths {
                Some(paths) => paths.scrub(reason),
                None => std::borrow::Cow::Borrowed(reason),
            };
            let reason = shortened(&reason, EXAMPLE_CHARS);
            if !examples.contains(&reason) {
                examples.push(reason);
            }
        }
    }

    /// The summary of the bots with a fault, in the order of `bots` (bot indices, e.g. rank
    /// order), named by `names`.
    pub fn summary(&self, bots: &[usize], names: &[String]) -> Vec<BotFaults> {
        bots.iter()
            .filter_map(|&b| {
                let lost: Vec<FaultCount> = self
                    .counts
                    .range((b, 0)..(b + 1, 0))
                    .map(|(&(_, t), (games, examples))| FaultCount {
                        termination: Termination::ALL[t],
                        games: *games,
                        examples: examples.clone(),
                    })
                    .collect();
                (!lost.is_empty()).then(|| BotFaults {
                    name: names[b].clone(),
                    games: lost.iter().map(|f| f.games).sum(),
                    lost,
                })
            })
            .collect()
    }
}

/// The summary for a person, under a heading: per bot a line of counts, then its example
/// reasons one a line; empty without faults.
///
/// ```text
/// Faults (games lost to each, with example reasons):
///   seg lost 5 games: crash 5
///     crash: player 2 (seg) crashed: killed by signal 11 (SIGSEGV) ...
/// ```
pub fn render_text(faults: &[BotFaults]) -> String {
    if faults.is_empty() {
        return String::new();
    }
    let mut out = String::from("Faults (games lost to each, with example reasons):\n");
    for b in faults {
        let plural = if b.games == 1 { "" } else { "s" };
        out += &format!(
            "  {} lost {} game{plural}: {}\n",
            b.name,
            b.games,
            counts_cell(Some(b))
        );
        for f in &b.lost {
            for e in &f.examples {
                out += &format!("    {}: {e}\n", f.termination.as_str());
            }
        }
    }
    out
}

/// A bot's faults as one CSV/Markdown cell: `crash 2; time forfeit 1`.
pub fn counts_cell(faults: Option<&BotFaults>) -> String {
    faults.map_or(String::new(), |b| {
        b.lost
            .iter()
            .map(|f| format!("{} {}", f.termination.as_str(), f.games))
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// `text` in at most `max` characters: cut at the last space before them (not mid-word,
/// unless one word is longer than a fifth of them), and `…` said where it was cut.
fn shortened(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max - 1).collect();
    let at_word = match head.rfind(' ') {
        Some(i) if head[i..].chars().count() <= max / 5 => head[..i].trim_end(),
        _ => head.as_str(),
    };
    format!("{at_word}…")
}

/// A bot's example reasons as one cell, `termination: reason`, joined by ` | `.
pub fn examples_cell(faults: Option<&BotFaults>) -> String {
    faults.map_or(String::new(), |b| {
        b.lost
            .iter()
            .flat_map(|f| {
                f.examples
                    .iter()
                    .map(move |e| format!("{}: {e}", f.termination.as_str()))
            })
            .collect::<Vec<_>>()
            .join(" | ")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_reason_is_cut_between_words_and_says_so() {
        assert_eq!(shortened("short enough", 20), "short enough");
        assert_eq!(
            shortened("exited with status 1: boom", 20),
            "exited with status…"
        );
        // One word longer than a fifth of the room: cut in it.
        assert_eq!(shortened("a b0123456789abcdefghij", 10), "a b012345…");
        assert_eq!(shortened(&"é".repeat(30), 10).chars().count(), 10);
    }

    #[test]
    fn counts_faults_only_and_keeps_a_few_different_examples() {
        let mut book = FaultBook::default();
        for r in ["a", "a", "b", "c", "d"] {
            book.add(1, Termination::Crash, r);
        }
        book.add(1, Termination::TimeForfeit, "slow");
        book.add(1, Termination::Normal, "mated");
        book.add(0, Termination::Adjudication, "decided");
        let names = vec!["x".to_string(), "y".to_string()];
        let s = book.summary(&[0, 1], &names);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!((s[0].name.as_str(), s[0].games), ("y", 6));
        // Time forfeit is listed before crash (the order of Termination::ALL).
        assert_eq!(s[0].lost[0].termination, Termination::TimeForfeit);
        assert_eq!(s[0].lost[1].games, 5);
        assert_eq!(s[0].lost[1].examples, ["a", "b", "c"]);
        assert_eq!(
            counts_cell(s.first()),
            "time forfeit 1; crash 5",
            "{}",
            render_text(&s)
        );
    }
}
