//! The compact form in which a page carries each game's per-ply data, and its reading back.
//!
//! A page of 10,000 games carried every position in full: 73% of a 37.7 MB page. Here a
//! position is written as its changes from the one before, without knowing any rule: the
//! position's text is cut at `,`, `/` and spaces into tokens, and each token that changed is
//! one operation, mostly one character (`+1`, `-1`, `0`), else a new value ended by `!`. The
//! page's script reads a game back only when it is shown (viewer.js, `expand`); [`expand`]
//! here does the same for tests and tools.
//!
//! The forms, field by field (the plain form is kept whenever the compact one cannot say it):
//! - `p`: the start position, `!`, then one group of operations per ply, separated by spaces.
//!   An operation is a digit `d` (below) standing for `kind * T + token` with `T` tokens in the
//!   position before: kind 0 adds 1, 1 sets `0`, 2 sets the value that follows up to `!`, 3 takes 1
//!   away; `d = 4T` sets the whole position, which follows up to `!` (its cuts changed).
//! - `ms`: every think time as a number in digits (below), one after another.
//! - `x`: the captures as `ply,cell,player` joined by `;`.
//! - `by` is left out when the players alternate, player 1 first.
//!
//! Digits: the 90 characters from `#` to `~` but `\` and `<` (nothing to escape in JSON or
//! HTML), then `U+00C0` onwards for larger operation numbers (one JavaScript character each).
//! A number of [`encode_times`] is written in base 45: every digit but the last one is shifted by 45.

use serde::Serializer;
use serde_json::Value;

/// The one-character digits, in order of value.
const ALPHA: &str =
    "#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";
/// Where the digits past [`ALPHA`] start.
const WIDE: u32 = 0xC0;
const BASE: u64 = 45;

fn digit(v: usize) -> char {
    match ALPHA.as_bytes().get(v) {
        Some(b) => char::from(*b),
        None => char::from_u32(WIDE + (v - ALPHA.len()) as u32).expect("a small operation number"),
    }
}

fn value(c: char) -> Option<usize> {
    match ALPHA.find(c) {
        Some(v) => Some(v),
        None => (c as u32)
            .checked_sub(WIDE)
            .map(|v| v as usize + ALPHA.len()),
    }
}

/// A position's tokens and the cuts between them.
fn cut(p: &str) -> (Vec<&str>, Vec<char>) {
    let mut tokens = Vec::new();
    let mut cuts = Vec::new();
    let mut from = 0;
    for (i, c) in p.char_indices() {
        if matches!(c, ',' | '/' | ' ') {
            tokens.push(&p[from..i]);
            cuts.push(c);
            from = i + 1;
        }
    }
    tokens.push(&p[from..]);
    (tokens, cuts)
}

/// The operation that turns token `a` into `b`: its kind and, for kind 2, the value.
fn change<'a>(a: &str, b: &'a str) -> (usize, Option<&'a str>) {
    let num = |s: &str| {
        (!s.is_empty()
            && s.bytes().all(|c| c.is_ascii_digit())
            && (s == "0" || !s.starts_with('0')))
        .then(|| s.parse::<u64>().ok())
        .flatten()
    };
    match (num(a), num(b)) {
        (Some(x), Some(y)) if y == x + 1 => (0, None),
        _ if b == "0" => (1, None),
        (Some(x), Some(y)) if y + 1 == x => (3, None),
        _ => (2, Some(b)),
    }
}

/// The `p` field's compact form, or `None` when a position holds a `!` (never, from the
/// engines) and only the plain list can carry it.
pub fn encode_positions(positions: &[String]) -> Option<String> {
    let first = positions.first()?;
    if positions.iter().any(|p| p.contains('!')) {
        return None;
    }
    let mut out = String::with_capacity(first.len() + 8 * positions.len());
    out.push_str(first);
    out.push('!');
    let (mut before, mut cuts) = cut(first);
    for (k, p) in positions.iter().enumerate().skip(1) {
        let t = before.len();
        if k > 1 {
            out.push(' ');
        }
        let (now, now_cuts) = cut(p);
        if now_cuts != cuts {
            out.push(digit(4 * t));
            out.push_str(p);
            out.push('!');
        } else {
            for (i, (a, b)) in before.iter().zip(&now).enumerate() {
                if a == b {
                    continue;
                }
                let (kind, set) = change(a, b);
                out.push(digit(kind * t + i));
                if let Some(v) = set {
                    out.push_str(v);
                    out.push('!');
                }
            }
        }
        (before, cuts) = (now, now_cuts);
    }
    Some(out)
}

/// The positions of [`encode_positions`]'s text; `None` if it is not that.
pub fn decode_positions(text: &str) -> Option<Vec<String>> {
    let (first, rest) = text.split_once('!')?;
    let (tokens, cuts) = cut(first);
    let mut t = tokens.len();
    let mut tokens: Vec<String> = tokens.into_iter().map(String::from).collect();
    let join = |tokens: &[String], cuts: &[char]| {
        let mut s = tokens[0].clone();
        for (c, tok) in cuts.iter().zip(&tokens[1..]) {
            s.push(*c);
            s.push_str(tok);
        }
        s
    };
    let mut out = vec![first.to_string()];
    let mut cuts = cuts;
    let mut chars = rest.chars().peekable();
    let until_bang = |chars: &mut std::iter::Peekable<std::str::Chars>| -> String {
        chars.by_ref().take_while(|c| *c != '!').collect()
    };
    if rest.is_empty() {
        return Some(out);
    }
    loop {
        match chars.next() {
            None => {
                out.push(join(&tokens, &cuts));
                return Some(out);
            }
            Some(' ') => out.push(join(&tokens, &cuts)),
            Some(c) => {
                let v = value(c)?;
                let (kind, i) = (v / t, v % t);
                match kind {
                    0 => tokens[i] = (tokens[i].parse::<u64>().ok()? + 1).to_string(),
                    1 => tokens[i] = "0".into(),
                    2 => tokens[i] = until_bang(&mut chars),
                    3 => tokens[i] = (tokens[i].parse::<u64>().ok()?.checked_sub(1)?).to_string(),
                    4 if i == 0 => {
                        let p = until_bang(&mut chars);
                        let (new, new_cuts) = cut(&p);
                        t = new.len();
                        tokens = new.into_iter().map(String::from).collect();
                        cuts = new_cuts;
                    }
                    _ => return None,
                }
            }
        }
    }
}

/// Think times as digits, one number after another (see the module's notes).
pub fn encode_times(times: &[u64]) -> String {
    let mut out = String::with_capacity(2 * times.len());
    for &ms in times {
        let mut digits = vec![ms % BASE];
        let mut rest = ms / BASE;
        while rest > 0 {
            digits.push(rest % BASE);
            rest /= BASE;
        }
        for (i, d) in digits.iter().enumerate().rev() {
            out.push(digit((*d + if i == 0 { 0 } else { BASE }) as usize));
        }
    }
    out
}

/// The numbers of [`encode_times`]' text.
pub fn decode_times(text: &str) -> Option<Vec<u64>> {
    let mut out = Vec::new();
    let mut n = 0u64;
    for c in text.chars() {
        let d = value(c)? as u64;
        if d >= 2 * BASE {
            return None;
        }
        if d >= BASE {
            n = n * BASE + (d - BASE);
        } else {
            out.push(n * BASE + d);
            n = 0;
        }
    }
    Some(out)
}

/// `serialize_with` of [`super::GameView`]'s positions.
pub fn positions<S: Serializer>(p: &[String], s: S) -> Result<S::Ok, S::Error> {
    match encode_positions(p) {
        Some(text) => s.serialize_str(&text),
        None => s.collect_seq(p),
    }
}

/// `serialize_with` of think times.
pub fn times<S: Serializer>(t: &[u64], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&encode_times(t))
}

type Capture = (usize, String, u8);

/// `serialize_with` of captures: `ply,cell,player;...`, or the list when a cell's name has
/// a `,` or `;`.
pub fn captures<S: Serializer>(x: &[Capture], s: S) -> Result<S::Ok, S::Error> {
    if x.iter().any(|(_, c, _)| c.contains([',', ';'])) {
        return s.collect_seq(x);
    }
    let parts: Vec<String> = x.iter().map(|(k, c, p)| format!("{k},{c},{p}")).collect();
    s.serialize_str(&parts.join(";"))
}

/// Whether the movers alternate, player 1 first (then `by` is left out).
pub fn alternate(movers: &str) -> bool {
    movers
        .bytes()
        .enumerate()
        .all(|(i, b)| b == if i % 2 == 0 { b'1' } else { b'2' })
}

/// A game of a page's data in the plain form: `p` the list of positions, `ms` of numbers,
/// `x` of `[ply, cell, player]`, `by` written out. Fields already plain are left so.
pub fn expand(game: &mut Value) {
    if let Some(text) = game["p"].as_str() {
        let p = decode_positions(text).expect("the page's positions read back");
        game["p"] = p.into();
    }
    if let Some(text) = game["ms"].as_str() {
        game["ms"] = decode_times(text)
            .expect("the page's times read back")
            .into();
    }
    if let Some(text) = game.get("x").and_then(Value::as_str) {
        let x: Vec<Value> = text
            .split(';')
            .filter(|s| !s.is_empty())
            .map(|c| {
                let v: Vec<&str> = c.split(',').collect();
                serde_json::json!([
                    v[0].parse::<u64>().unwrap(),
                    v[1],
                    v[2].parse::<u8>().unwrap()
                ])
            })
            .collect();
        game["x"] = x.into();
    }
    if game.get("by").is_none() {
        let n = game["p"]
            .as_array()
            .map_or(0, |p| p.len().saturating_sub(1));
        game["by"] = (0..n)
            .map(|i| if i % 2 == 0 { '1' } else { '2' })
            .collect::<String>()
            .into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(p: &[&str]) -> String {
        let p: Vec<String> = p.iter().map(|s| s.to_string()).collect();
        let text = encode_positions(&p).unwrap();
        assert_eq!(decode_positions(&text).unwrap(), p, "{text}");
        text
    }

    #[test]
    fn digits_need_no_escape() {
        assert_eq!(ALPHA.len(), 90);
        for c in ALPHA.chars() {
            assert!(c.is_ascii_graphic() && !"\"\\<!".contains(c), "{c}");
        }
        for v in 0..400 {
            assert_eq!(value(digit(v)), Some(v));
        }
    }

    #[test]
    fn a_darra_sowing_is_one_character_a_token() {
        // Hole 4 of row A sown: 0, then +1 on the next four, the side and the count of plies.
        let text = round_trip(&[
            "4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0",
            "4,4,4,0,5,5/5,5,4,4,4,4 2 0 0 - 1",
            "4,4,4,0,5,5/5,5,4,4,4,4 1 10 0 1 0",
        ]);
        let plies: Vec<&str> = text.split_once('!').unwrap().1.split(' ').collect();
        assert_eq!(plies[0].chars().count(), 7, "{text}");
        // The side back (-1), 10 in store 1, `1` as the last capturer, the count back to 0.
        assert_eq!(plies[1].chars().count(), 1 + 4 + 3 + 1, "{text}");
    }

    #[test]
    fn changed_cuts_and_odd_values_read_back() {
        round_trip(&["a b", "a c,d", "x y,z", "x 10,09"]);
        round_trip(&[
            "....../....../.x.... 2 11 12 0",
            "x...../....../.x.... 1 10 11 0",
        ]);
        round_trip(&["0 HH -", "1 H- c4", "0 -- -"]);
        round_trip(&["only the start"]);
        assert_eq!(encode_positions(&["a!".to_string()]), None);
    }

    #[test]
    fn many_tokens_use_wide_digits() {
        let a: Vec<String> = (0..40).map(|i| i.to_string()).collect();
        let b: Vec<String> = (0..40).map(|i| (i + 7).to_string()).collect();
        let text = round_trip(&[&a.join(","), &b.join(","), &a.join(",")]);
        assert!(text.chars().any(|c| c as u32 >= WIDE));
    }

    #[test]
    fn times_read_back() {
        let t = [0, 1, 44, 45, 46, 2024, 2025, 100_000, 7, u32::MAX as u64];
        assert_eq!(decode_times(&encode_times(&t)).unwrap(), t);
        assert_eq!(encode_times(&[5, 44]).chars().count(), 2);
    }

    #[test]
    fn movers_alternate() {
        assert!(alternate("1212"));
        assert!(alternate(""));
        assert!(!alternate("2121"));
        assert!(!alternate("1221"));
    }
}
