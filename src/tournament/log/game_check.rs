//! A game line checked as strictly as [`super::games_jsonl::GameLine`] reads it, without building it:
//! every field of the record must be there with its type (strings, numbers, lists of them), but
//! only what the table reads is kept, borrowed from the line. A line this accepts is one the
//! full reader accepts (the streamed table refuses and ignores exactly what the in-memory one
//! does); for the words of an error the full reader is asked again.

use crate::outcome::{GameResult, Termination};
use serde::de::{Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// The fields of a game line that the table reads; the rest checked and dropped.
#[derive(Debug, Deserialize)]
pub struct GameCheck<'a> {
    #[serde(borrow)]
    pub game_id: Cow<'a, str>,
    pub pair: u64,
    #[serde(rename = "opening")]
    _opening: Option<usize>,
    #[serde(rename = "game")]
    _game: u64,
    #[serde(rename = "ruleset")]
    _ruleset: AnyStr,
    #[serde(borrow)]
    pub white: Cow<'a, str>,
    #[serde(borrow)]
    pub black: Cow<'a, str>,
    pub result: GameResult,
    pub termination: Termination,
    #[serde(rename = "reason")]
    _reason: AnyStr,
    #[serde(rename = "plies")]
    _plies: usize,
    #[serde(rename = "moves")]
    _moves: Each<AnyStr>,
    #[serde(rename = "times_ms")]
    _times_ms: Each<u64>,
    #[serde(default, rename = "times_us")]
    _times_us: Each<u64>,
    #[serde(default, rename = "move_infos")]
    _move_infos: Each<Option<AnyStr>>,
    #[serde(default, rename = "white_id_name")]
    _white_id_name: Option<AnyStr>,
    #[serde(default, rename = "white_id_author")]
    _white_id_author: Option<AnyStr>,
    #[serde(default, rename = "black_id_name")]
    _black_id_name: Option<AnyStr>,
    #[serde(default, rename = "black_id_author")]
    _black_id_author: Option<AnyStr>,
    #[serde(rename = "start")]
    _start: AnyStr,
    #[serde(rename = "seed")]
    _seed: u64,
    #[serde(rename = "time_control")]
    _time_control: AnyStr,
    #[serde(rename = "event")]
    _event: AnyStr,
    #[serde(rename = "site")]
    _site: AnyStr,
    #[serde(rename = "date")]
    _date: AnyStr,
    #[serde(rename = "round")]
    _round: AnyStr,
}

/// A string, checked and dropped.
#[derive(Debug, Default)]
struct AnyStr;

impl<'de> Deserialize<'de> for AnyStr {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<AnyStr, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = AnyStr;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<AnyStr, E> {
                Ok(AnyStr)
            }
        }
        d.deserialize_str(V)
    }
}

/// A list of `T`, each checked and dropped.
#[derive(Debug)]
struct Each<T>(PhantomData<T>);

impl<T> Default for Each<T> {
    fn default() -> Self {
        Each(PhantomData)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Each<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Each<T>, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Each<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Each<T>, A::Error> {
                while seq.next_element::<T>()?.is_some() {}
                Ok(Each::default())
            }
        }
        d.deserialize_seq(V(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::log::games_jsonl::GameLine;

    const LINE: &str = r#"{"game_id":"r1-p1-a","pair":1,"game":1,"ruleset":"darra","white":"a","black":"b","result":"1-0","termination":"normal","reason":"r","plies":2,"moves":["1A","2B"],"times_ms":[1,2],"start":"s","seed":3,"time_control":"-","event":"e","site":"-","date":"d","round":"1"}"#;

    /// Each edit of a valid line, and whether the full reader takes it: this check must agree.
    #[test]
    fn accepts_what_the_full_reader_accepts_and_nothing_else() {
        let edits: &[(&str, &str)] = &[
            ("", ""),
            (r#""moves":["1A","2B"]"#, r#""moves":["1A",2]"#),
            (r#""moves":["1A","2B"]"#, r#""moves":"1A""#),
            (r#""times_ms":[1,2]"#, r#""times_ms":[1,-2]"#),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"times_us":[1.5]"#,
            ),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"times_us":[1000,2000]"#,
            ),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"move_infos":[null,"x"]"#,
            ),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"move_infos":[null,3]"#,
            ),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"white_id_name":null"#,
            ),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"white_id_name":7"#,
            ),
            (r#""times_ms":[1,2]"#, r#""times_ms":[1,2],"opening":4"#),
            (r#""times_ms":[1,2]"#, r#""times_ms":[1,2],"opening":"4""#),
            (
                r#""times_ms":[1,2]"#,
                r#""times_ms":[1,2],"extra":{"x":[1]}"#,
            ),
            (r#""reason":"r","#, ""),
            (r#""reason":"r""#, r#""reason":null"#),
            (r#""plies":2"#, r#""plies":2.0"#),
            (r#""seed":3"#, r#""seed":"3""#),
            (r#""round":"1""#, r#""round":1"#),
            (r#""result":"1-0""#, r#""result":"*""#),
            (r#""result":"1-0""#, r#""result":"2-0""#),
            (r#""termination":"normal""#, r#""termination":"bored""#),
            (r#""pair":1,"#, ""),
            (r#""reason":"r""#, r#""reason":"r\u00e9\n""#),
        ];
        for (from, to) in edits {
            let line = LINE.replacen(from, to, 1);
            let full = serde_json::from_str::<GameLine>(&line).is_ok();
            let check = serde_json::from_str::<GameCheck>(&line).is_ok();
            assert_eq!(check, full, "{line}");
        }
        // Each field left out in turn: a field made optional, or added, on one side only is
        // caught here.
        let whole: serde_json::Map<String, serde_json::Value> = serde_json::from_str(LINE).unwrap();
        for key in whole.keys() {
            let mut less = whole.clone();
            less.remove(key);
            let line = serde_json::to_string(&less).unwrap();
            let full = serde_json::from_str::<GameLine>(&line).is_ok();
            let check = serde_json::from_str::<GameCheck>(&line).is_ok();
            assert_eq!(check, full, "without {key}: {line}");
        }
        let g: GameCheck = serde_json::from_str(LINE).unwrap();
        assert_eq!(
            (&*g.game_id, g.pair, &*g.white, &*g.black),
            ("r1-p1-a", 1, "a", "b")
        );
        assert_eq!(g.result.as_str(), "1-0");
    }
}
