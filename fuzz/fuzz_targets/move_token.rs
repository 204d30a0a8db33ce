#![no_main]
use libfuzzer_sys::fuzz_target;

// The input is a position string, a line break, and a token; inputs whose position does not
// parse are left to the `position` target.
fuzz_target!(|data: &[u8]| {
    let Some(s) = baraza_fuzz::text(data) else {
        return;
    };
    let Some((position, token)) = s.split_once('\n') else {
        return;
    };
    if baraza::games::parse_position(position).is_ok() {
        baraza_fuzz::checks::check_move(&(position.to_string(), token.to_string()));
    }
});
