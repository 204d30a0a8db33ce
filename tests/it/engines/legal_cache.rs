//! `Position::legal_cache`: the referee's once-per-ply move list plays exactly what the plain
//! string-level face plays.

#[test]
fn legal_cache_plays_the_listed_moves() {
    // Against the plain string-level face: the same tokens, the same positions after each
    // move, along a whole game (always the last listed move, to vary the choice).
    for id in ["darra", "darra-2x12", "bao", "dara", "dara-niger"] {
        one_game(id);
    }
}

fn one_game(id: &str) {
    let start = baraza::games::parse_position(baraza::games::find(id).unwrap().start).unwrap();
    let mut plain = start.clone();
    let mut cached = start.legal_cache();
    for _ in 0..400 {
        let legal = plain.legal();
        assert_eq!(cached.legal(), legal.as_slice());
        assert_eq!(
            cached.legal(),
            legal.as_slice(),
            "asking twice changes nothing"
        );
        if legal.is_empty() {
            break;
        }
        assert!(!cached.play_index(legal.len()), "out of range");
        assert_eq!(cached.position().format(), plain.format());
        let k = legal.len() - 1;
        assert!(plain.play_index(k));
        assert!(cached.play_index(k));
        assert_eq!(cached.position().format(), plain.format());
    }
}
