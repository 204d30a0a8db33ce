//! Options that take `key=value` pairs, as cutechess-cli's and fastchess's do (`--limits1
//! tc=5+0.05,nodes=1000`, `--adjudicate-draw movecount=4,score=10`): the text is split once
//! here, every key known and given once; what a value means is its option's.

/// Why a `key=value` list cannot be read (each option words it with its own name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairError {
    /// An item without `=`.
    NotKeyValue(String),
    UnknownKey(String),
    Twice(String),
}

/// The pairs of `text`, in order: items separated by commas or blanks (blanks around `=`
/// belong to their item: `movenumber = 40`), keys and values trimmed, `_` in a key read as `-`
/// (`startup_timeout` is `startup-timeout`), each key one of `keys` and given at most once.
pub fn pairs<'a>(text: &'a str, keys: &[&str]) -> Result<Vec<(String, &'a str)>, PairError> {
    let mut out: Vec<(String, &str)> = Vec::new();
    for item in items(text) {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| PairError::NotKeyValue(item.to_string()))?;
        let key = key.trim().replace('_', "-");
        if !keys.contains(&key.as_str()) {
            return Err(PairError::UnknownKey(key));
        }
        if out.iter().any(|(seen, _)| *seen == key) {
            return Err(PairError::Twice(key));
        }
        out.push((key, value.trim()));
    }
    Ok(out)
}

/// The items of `text`: split at commas, then at blanks, except blanks next to a `=`, which
/// join the words on either side into one item. Each item is a slice of `text`.
fn items(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for part in text.split(',') {
        let words: Vec<&str> = part.split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            let mut j = i;
            while j + 1 < words.len() && (words[j].ends_with('=') || words[j + 1].starts_with('='))
            {
                j += 1;
            }
            // From the first word's start to the last one's end, both within `part`.
            let start = words[i].as_ptr() as usize - part.as_ptr() as usize;
            let end = words[j].as_ptr() as usize - part.as_ptr() as usize + words[j].len();
            out.push(&part[start..end]);
            i = j + 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_split_checked_and_trimmed() {
        let keys = ["tc", "startup-timeout", "nodes"];
        assert_eq!(
            pairs("tc=5+0.05, startup_timeout=30 nodes=9", &keys),
            Ok(vec![
                ("tc".to_string(), "5+0.05"),
                ("startup-timeout".to_string(), "30"),
                ("nodes".to_string(), "9"),
            ])
        );
        assert_eq!(pairs("", &keys), Ok(vec![]));
        // Blanks around '=' (as the adjudication options always took them), between items too.
        let spaced = Ok(vec![
            ("tc".to_string(), "5+0.05"),
            ("nodes".to_string(), "9"),
        ]);
        assert_eq!(pairs("tc = 5+0.05, nodes =9", &keys), spaced);
        assert_eq!(pairs(" tc= 5+0.05  nodes = 9 ", &keys), spaced);
        assert_eq!(pairs("tc =5+0.05,nodes= 9", &keys), spaced);
        assert_eq!(
            pairs("tc = ", &keys),
            Ok(vec![("tc".to_string(), "")]),
            "an empty value is its option's to refuse"
        );
        assert_eq!(
            pairs("tc 5", &keys),
            Err(PairError::NotKeyValue("tc".into()))
        );
        assert_eq!(pairs("tc", &keys), Err(PairError::NotKeyValue("tc".into())));
        assert_eq!(
            pairs("time=5", &keys),
            Err(PairError::UnknownKey("time".into()))
        );
        assert_eq!(
            pairs("nodes=1,nodes=2", &keys),
            Err(PairError::Twice("nodes".into()))
        );
    }
}
