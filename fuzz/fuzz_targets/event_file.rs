//! The event file (TOML) of `baraza tournament --config`, parsed and resolved.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let base = std::env::temp_dir();
    if let Ok(inputs) = baraza::tournament::config::EventInputs::from_toml(&text, &base) {
        let _ = inputs.resolve(2);
    }
});
