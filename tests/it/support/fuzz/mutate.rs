//! Inputs for the fuzz run: valid texts mutated the ways broken or hostile files are (flipped
//! bytes, inserted, deleted and repeated spans, swapped fields, numbers replaced by huge,
//! negative or odd ones, unicode and control characters, truncation), plus plain random bytes
//! and strings. Every mutation is a proptest value, so a failure shrinks to few, small edits.

use proptest::prelude::*;
use proptest::sample::Index;
use std::sync::Arc;

/// Words any text format can be hit with.
pub const GENERIC: &[&str] = &[
    "",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\0",
    "\u{7f}",
    "\u{1b}[2J",
    "\u{feff}",
    "\u{85}",
    "\u{2028}",
    "\u{a0}",
    "\u{202e}",
    "é",
    "ß",
    "Ω",
    "中",
    "💥",
    "\u{10ffff}",
    "\\",
    "\"",
    "'",
    "#",
    "%",
    ";",
    ",",
    ".",
    "-",
    "+",
    "=",
    "/",
    ":",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
];

/// Numbers at the edges of the integer types and some that are not numbers at all.
pub const NUMBERS: &[&str] = &[
    "0",
    "00",
    "01",
    "-0",
    "-1",
    "+1",
    "1",
    "7",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "99999999999999999999999999999999999999999999999999",
    "1e9",
    "1e400",
    "1.5",
    "0.001",
    ".5",
    "5.",
    "0x10",
    "NaN",
    "inf",
    "-inf",
    "٣",
    "１",
];

/// One edit. Positions are proptest `Index`es, taken modulo the text's current length.
#[derive(Clone, Debug)]
pub enum Op {
    /// XOR one byte with `1 << bit`.
    Flip(Index, u8),
    /// Overwrite one byte.
    Set(Index, u8),
    /// Insert random bytes.
    Insert(Index, Vec<u8>),
    /// Insert a word from the format's dictionary (or [`GENERIC`]).
    Word(Index, Index),
    /// Delete up to `n` bytes.
    Delete(Index, usize),
    /// Repeat a span of up to `len` bytes `times` times (long lines, many fields).
    Repeat(Index, usize, usize),
    /// Cut the text there.
    Truncate(Index),
    /// Swap two fields (runs between separators).
    Swap(Index, Index),
    /// Replace one run of digits with a word of [`NUMBERS`].
    Number(Index, Index),
    /// Replace one field with a word of the dictionary.
    Field(Index, Index),
}

pub fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Op::Flip(i, b)),
        2 => (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Op::Set(i, b)),
        2 => (any::<Index>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(i, v)| Op::Insert(i, v)),
        3 => (any::<Index>(), any::<Index>()).prop_map(|(i, w)| Op::Word(i, w)),
        3 => (any::<Index>(), 1usize..16).prop_map(|(i, n)| Op::Delete(i, n)),
        2 => (any::<Index>(), 1usize..64, 1usize..300).prop_map(|(i, l, t)| Op::Repeat(i, l, t)),
        1 => any::<Index>().prop_map(Op::Truncate),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Op::Swap(a, b)),
        4 => (any::<Index>(), any::<Index>()).prop_map(|(i, w)| Op::Number(i, w)),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(i, w)| Op::Field(i, w)),
    ]
}

fn is_separator(b: u8) -> bool {
    b" ,/\n\t\"=:[]{}()".contains(&b)
}

/// The fields of `t`: (start, end) of each maximal run of non-separator bytes.
fn fields(t: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &b) in t.iter().enumerate() {
        match (is_separator(b), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, t.len()));
    }
    out
}

fn digit_runs(t: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < t.len() {
        if t[i].is_ascii_digit() {
            let s = i;
            while i < t.len() && t[i].is_ascii_digit() {
                i += 1;
            }
            out.push((s, i));
        } else {
            i += 1;
        }
    }
    out
}

fn word<'a>(dict: &'a [&'static str], w: &Index) -> &'a str {
    let all = dict.len() + GENERIC.len();
    let k = w.index(all);
    if k < dict.len() {
        dict[k]
    } else {
        GENERIC[k - dict.len()]
    }
}

/// Apply `ops` to `text`, with `dict` the format's own words.
pub fn apply(text: &str, ops: &[Op], dict: &[&'static str]) -> String {
    let mut t = text.as_bytes().to_vec();
    for op in ops {
        let at = |i: &Index, t: &Vec<u8>| i.index(t.len() + 1);
        match op {
            Op::Flip(i, bit) if !t.is_empty() => {
                let k = i.index(t.len());
                t[k] ^= 1 << bit;
            }
            Op::Set(i, b) if !t.is_empty() => {
                let k = i.index(t.len());
                t[k] = *b;
            }
            Op::Insert(i, bytes) => {
                let k = at(i, &t);
                t.splice(k..k, bytes.iter().copied());
            }
            Op::Word(i, w) => {
                let k = at(i, &t);
                t.splice(k..k, word(dict, w).bytes());
            }
            Op::Delete(i, n) => {
                let k = at(i, &t);
                let end = (k + n).min(t.len());
                t.drain(k..end);
            }
            Op::Repeat(i, len, times) => {
                let k = at(i, &t);
                let end = (k + len).min(t.len());
                let span = t[k..end].to_vec();
                for _ in 0..*times {
                    t.splice(end..end, span.iter().copied());
                }
            }
            Op::Truncate(i) => {
                let k = at(i, &t);
                t.truncate(k);
            }
            Op::Swap(a, b) => {
                let f = fields(&t);
                if f.len() >= 2 {
                    let (mut x, mut y) = (f[a.index(f.len())], f[b.index(f.len())]);
                    if x.0 > y.0 {
                        std::mem::swap(&mut x, &mut y);
                    }
                    if x != y {
                        let mut out = t[..x.0].to_vec();
                        out.extend_from_slice(&t[y.0..y.1]);
                        out.extend_from_slice(&t[x.1..y.0]);
                        out.extend_from_slice(&t[x.0..x.1]);
                        out.extend_from_slice(&t[y.1..]);
                        t = out;
                    }
                }
            }
            Op::Number(i, w) => {
                let runs = digit_runs(&t);
                if !runs.is_empty() {
                    let (s, e) = runs[i.index(runs.len())];
                    t.splice(s..e, w.get(NUMBERS).bytes());
                }
            }
            Op::Field(i, w) => {
                let f = fields(&t);
                if !f.is_empty() {
                    let (s, e) = f[i.index(f.len())];
                    t.splice(s..e, word(dict, w).bytes());
                }
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&t).into_owned()
}

/// Texts for a parser: mostly valid texts from `corpus` under a few edits, some unedited,
/// some random bytes and random strings.
pub fn texts(
    corpus: Arc<Vec<String>>,
    dict: &'static [&'static str],
) -> impl Strategy<Value = String> + Send + 'static {
    assert!(!corpus.is_empty());
    let c1 = Arc::clone(&corpus);
    let c2 = Arc::clone(&corpus);
    prop_oneof![
        12 => (any::<Index>(), prop::collection::vec(op(), 1..6))
            .prop_map(move |(i, ops)| apply(i.get::<String>(&c1), &ops, dict)),
        1 => any::<Index>().prop_map(move |i| i.get(c2.as_slice()).clone()),
        1 => prop::collection::vec(any::<u8>(), 0..400)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        1 => any::<String>(),
    ]
}
