//! Position strings of every ruleset, then a move token (the part after the first newline).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (pos_text, token) = text.split_once('\n').unwrap_or((&text, "1A"));
    if let Ok(mut pos) = baraza::games::parse_position(pos_text) {
        let canonical = pos.format();
        let again = baraza::games::parse_position(&canonical).expect("a formatted position parses");
        assert_eq!(again.format(), canonical);
        let legal = pos.legal();
        assert_eq!(legal.is_empty(), pos.status().is_over());
        let _ = pos.show();
        let _ = pos.play(token);
    }
});
