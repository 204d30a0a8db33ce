#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(s) = baraza_fuzz::text(data) {
        baraza_fuzz::checks::check_transcript(&s);
    }
});
