//! The games.jsonl reader of `baraza results` and `--resume`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = baraza::tournament::log::parse_games_log(&text, "fuzz");
});
