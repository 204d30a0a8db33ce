//! The PGN-like log reader and the verifier of `baraza replay --verify`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(games) = baraza::pgn::parse_pgn_games(&text) {
        for g in &games {
            let _ = baraza::verify::verify_game(g);
        }
    }
});
