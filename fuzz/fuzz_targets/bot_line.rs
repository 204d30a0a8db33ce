//! The referee's parser of bot lines, and the `go` line a built-in bot reads.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let _ = baraza::protocol::parse_bot_line(&line);
    let _ = baraza::protocol::parse_go(&line);
    let _ = baraza::builtin::Clocks::parse(&line);
});
