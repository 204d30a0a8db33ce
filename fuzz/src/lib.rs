//! The checks of `tests/it/support/fuzz/checks.rs` (the same file the in-tree proptest run uses),
//! with the hooks it expects from its parent module.

#[path = "../../tests/it/support/fuzz/checks.rs"]
pub mod checks;

/// The proptest run counts accepted inputs; libFuzzer measures coverage instead.
pub fn accepted() {}

/// An error meant for a person is one line (line breaks quoted from the input excepted).
pub fn one_line(what: &str, input: &str, error: &dyn std::fmt::Display) {
    let text = error.to_string();
    if input.contains(['\n', '\r']) {
        return;
    }
    assert!(
        !text.contains('\n') && !text.contains('\r'),
        "{what}: the error for {input:?} is not one line: {text:?}"
    );
}

pub mod corpus {
    use std::path::PathBuf;

    /// The base of an event file's relative paths: a scratch directory with `openings.txt`.
    pub fn event_dir() -> PathBuf {
        static D: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
        D.get_or_init(|| {
            let dir = std::env::temp_dir().join(format!("baraza-fuzz-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let opening = baraza::games::RULESETS[0].start;
            std::fs::write(dir.join("openings.txt"), format!("{opening}\n")).unwrap();
            dir
        })
        .clone()
    }
}

/// The input as text: the parsers read `&str` (files are read as UTF-8 first).
pub fn text(data: &[u8]) -> Option<String> {
    std::str::from_utf8(data).ok().map(str::to_string)
}
