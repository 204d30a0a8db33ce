//! The optional structured form of a bot's `info` line (protocol.md, "info lines"):
//! `depth N`, `score cp X` | `score win N` | `score loss N`, `nodes N`, `nps N`, `pv m1 m2 ...`,
//! in any order, each optional, other words ignored. An info line is free text: nothing here
//! is ever an error, a field that does not parse is just absent.
//!
//! The log keeps the last info line before each move: the JSON line its text, the PGN comment
//! its [`Eval`] in the compact cutechess form (`+0.25/12`, `-M5/20`).

use crate::decimal::push_uint;

/// The longest info text kept for a move in the record, in bytes: a bot may send lines up to
/// [`crate::protocol::MAX_LINE`], and a record holds one per move.
pub const INFO_TEXT_CAP: usize = 1024;

/// A bot's evaluation of the position, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centi-units of advantage (`score cp 25`: a quarter of a unit ahead).
    Cp(i64),
    /// A forced win in this many plies (`score win 5`).
    Win(u64),
    /// A forced loss in this many plies (`score loss 5`).
    Loss(u64),
}

/// The fields of an info line in the structured form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u64>,
    pub score: Option<Score>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    /// The principal variation: the words after `pv` up to the next field name.
    pub pv: Vec<String>,
}

const FIELDS: [&str; 5] = ["depth", "score", "nodes", "nps", "pv"];

impl Info {
    /// The fields of `text` (an info line without its `info ` word). A field given twice keeps
    /// its last value.
    pub fn parse(text: &str) -> Info {
        let mut info = Info::default();
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        let number = |i: usize| words.get(i).and_then(|w| w.parse::<u64>().ok());
        let mut i = 0;
        while i < words.len() {
            match words[i] {
                "depth" => info.depth = number(i + 1).or(info.depth),
                "nodes" => info.nodes = number(i + 1).or(info.nodes),
                "nps" => info.nps = number(i + 1).or(info.nps),
                "score" => {
                    let score = match words.get(i + 1).copied() {
                        Some("cp") => words
                            .get(i + 2)
                            .and_then(|w| w.parse::<i64>().ok())
                            .map(Score::Cp),
                        Some("win") => number(i + 2).map(Score::Win),
                        Some("loss") => number(i + 2).map(Score::Loss),
                        _ => None,
                    };
                    info.score = score.or(info.score);
                }
                "pv" => {
                    let end = (i + 1..words.len())
                        .find(|&k| FIELDS.contains(&words[k]))
                        .unwrap_or(words.len());
                    info.pv = words[i + 1..end].iter().map(|w| w.to_string()).collect();
                    i = end;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        info
    }
}

/// What a move's PGN comment says of the bot's last info line: its score and depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    pub score: Score,
    pub depth: Option<u64>,
}

impl Eval {
    /// The eval of an info line's text; `None` when it has no score.
    pub fn of_info(text: &str) -> Option<Eval> {
        let info = Info::parse(text);
        info.score.map(|score| Eval {
            score,
            depth: info.depth,
        })
    }

    /// The compact form, cutechess style: the score in units with two decimals and a sign
    /// (`+0.25`, `-1.50`, `0.00`), or `+M<plies>` / `-M<plies>` for a forced win / loss;
    /// then `/<depth>` when there is a depth.
    pub fn push_to(&self, out: &mut String) {
        match self.score {
            Score::Cp(cp) => {
                if cp > 0 {
                    out.push('+');
                } else if cp < 0 {
                    out.push('-');
                }
                let abs = cp.unsigned_abs();
                push_uint(out, abs / 100);
                out.push('.');
                let frac = abs % 100;
                if frac < 10 {
                    out.push('0');
                }
                push_uint(out, frac);
            }
            Score::Win(n) => {
                out.push_str("+M");
                push_uint(out, n);
            }
            Score::Loss(n) => {
                out.push_str("-M");
                push_uint(out, n);
            }
        }
        if let Some(d) = self.depth {
            out.push('/');
            push_uint(out, d);
        }
    }

    /// Parse the compact form ([`Eval::push_to`]); a sign is optional on a unit score.
    pub fn parse(word: &str) -> Option<Eval> {
        let (score, depth) = match word.split_once('/') {
            Some((s, d)) => (s, Some(digits(d)?)),
            None => (word, None),
        };
        let score = if let Some(n) = score.strip_prefix("+M") {
            Score::Win(digits(n)?)
        } else if let Some(n) = score.strip_prefix("-M") {
            Score::Loss(digits(n)?)
        } else {
            let (neg, unsigned) = match score.as_bytes().first()? {
                b'-' => (true, &score[1..]),
                b'+' => (false, &score[1..]),
                _ => (false, score),
            };
            let (whole, frac) = unsigned.split_once('.')?;
            if frac.len() != 2 {
                return None;
            }
            // In i128, so that i64::MIN (whose magnitude is no i64) reads back too.
            let abs = i128::from(digits(whole)?) * 100 + i128::from(digits(frac)?);
            Score::Cp(i64::try_from(if neg { -abs } else { abs }).ok()?)
        };
        Some(Eval { score, depth })
    }

    /// The info text this eval stands for, in the structured form (`depth 12 score cp 25`):
    /// what a record read from a PGN log holds for the move.
    pub fn info_text(&self) -> String {
        let mut s = String::new();
        if let Some(d) = self.depth {
            s.push_str("depth ");
            push_uint(&mut s, d);
            s.push(' ');
        }
        match self.score {
            Score::Cp(cp) => s.push_str(&format!("score cp {cp}")),
            Score::Win(n) => s.push_str(&format!("score win {n}")),
            Score::Loss(n) => s.push_str(&format!("score loss {n}")),
        }
        s
    }
}

/// ASCII digits only (at least one), fitting in u64.
fn digits(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `text` cut to at most [`INFO_TEXT_CAP`] bytes, at a character boundary.
pub fn capped(text: &str) -> &str {
    if text.len() <= INFO_TEXT_CAP {
        return text;
    }
    let mut end = INFO_TEXT_CAP;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(text: &str) -> Option<String> {
        Eval::of_info(text).map(|e| {
            let mut s = String::new();
            e.push_to(&mut s);
            s
        })
    }

    #[test]
    fn the_search_bots_line_gives_every_field() {
        let i = Info::parse("depth 12 score cp 25 nodes 4000 nps 200000 pv 6A 5B 3A");
        assert_eq!(
            i,
            Info {
                depth: Some(12),
                score: Some(Score::Cp(25)),
                nodes: Some(4000),
                nps: Some(200000),
                pv: vec!["6A".into(), "5B".into(), "3A".into()],
            }
        );
    }

    #[test]
    fn fields_come_in_any_order_and_free_text_is_ignored() {
        let i = Info::parse("pv a3>+ b4 nodes 7 string hi score loss 3 depth x");
        assert_eq!(i.pv, ["a3>+", "b4"]);
        assert_eq!(i.nodes, Some(7));
        assert_eq!(i.score, Some(Score::Loss(3)));
        assert_eq!(i.depth, None, "'x' is not a depth");
        assert_eq!(Info::parse("thinking hard"), Info::default());
        assert_eq!(Info::parse("score mate 3").score, None);
        assert_eq!(Info::parse("score cp").score, None);
    }

    #[test]
    fn the_compact_form_is_cutechess_style() {
        assert_eq!(compact("score cp 25 depth 12").as_deref(), Some("+0.25/12"));
        assert_eq!(compact("score cp -150").as_deref(), Some("-1.50"));
        assert_eq!(compact("score cp -5 depth 1").as_deref(), Some("-0.05/1"));
        assert_eq!(compact("score cp 0 depth 3").as_deref(), Some("0.00/3"));
        assert_eq!(compact("score cp 1234").as_deref(), Some("+12.34"));
        assert_eq!(compact("depth 20 score win 5").as_deref(), Some("+M5/20"));
        assert_eq!(compact("score loss 2").as_deref(), Some("-M2"));
        assert_eq!(compact("depth 9 nodes 3"), None, "no score, no eval");
        let min = Eval {
            score: Score::Cp(i64::MIN),
            depth: None,
        };
        let mut s = String::new();
        min.push_to(&mut s);
        assert_eq!(s, "-92233720368547758.08");
    }

    #[test]
    fn the_compact_form_reads_back() {
        for (word, score, depth) in [
            ("+0.25/12", Score::Cp(25), Some(12)),
            ("-1.50", Score::Cp(-150), None),
            ("0.00/3", Score::Cp(0), Some(3)),
            ("1.05", Score::Cp(105), None),
            ("+M5/20", Score::Win(5), Some(20)),
            ("-M2", Score::Loss(2), None),
            ("-92233720368547758.08", Score::Cp(i64::MIN), None),
            ("+92233720368547758.07", Score::Cp(i64::MAX), None),
        ] {
            assert_eq!(Eval::parse(word), Some(Eval { score, depth }), "{word}");
        }
        for bad in [
            "", "+", "0.5", "0.500", "+M", "M5", "+0.25/", "+0.25/x", "12ms", "depth",
        ] {
            assert_eq!(Eval::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn an_eval_stands_for_a_structured_info_text() {
        let e = Eval::parse("+0.25/12").unwrap();
        assert_eq!(e.info_text(), "depth 12 score cp 25");
        assert_eq!(Eval::of_info(&e.info_text()), Some(e));
        assert_eq!(Eval::parse("-M3").unwrap().info_text(), "score loss 3");
    }

    #[test]
    fn long_texts_are_capped_at_a_char_boundary() {
        let s = "é".repeat(INFO_TEXT_CAP);
        let c = capped(&s);
        assert_eq!(c.len(), INFO_TEXT_CAP);
        assert_eq!(capped("short"), "short");
        let odd = format!("a{s}");
        assert_eq!(capped(&odd).len(), INFO_TEXT_CAP - 1);
    }
}
