//! protocol.md promises that every line the referee sends is under 1 KiB. The long ones are the
//! `position` and `legal` lines: measured here over many games of every ruleset, walked through
//! the engines with fixed move choices (no generator: the same walks every run).

use baraza::games::RULESETS;

#[test]
fn position_and_legal_lines_stay_under_one_kib() {
    for r in RULESETS {
        let mut longest = 0;
        for walk in 0..200u64 {
            let mut pos = r.start_position();
            for ply in 0..3000u64 {
                let legal = pos.legal();
                let position_line = format!("position {}\n", pos.format());
                let legal_line = format!("legal {}\n", legal.join(" "));
                longest = longest.max(position_line.len()).max(legal_line.len());
                if pos.status().is_over() || legal.is_empty() {
                    break;
                }
                // Mixes the walk and the ply so the walks part early and stay apart.
                let pick = (ply * (2 * walk + 1) + walk * walk) % legal.len() as u64;
                assert!(pos.play_index(pick as usize));
            }
        }
        assert!(longest < 1024, "{}: a {longest}-byte line", r.id);
        assert!(longest > 20, "{}: the walks played", r.id);
    }
}
