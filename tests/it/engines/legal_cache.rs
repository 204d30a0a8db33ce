//! `Position::legal_cache`: the referee's once-per-ply move list plays exactly what the plain
//! string-level face plays, and its reused texts (the legal line, the position string) are
//! the plain face's.

#[test]
fn legal_cache_plays_the_listed_moves() {
    // Against the plain string-level face: the same tokens, the same positions after each
    // move, along a whole game (always the last listed move, to vary the choice).
    for id in crate::support::RULESET_IDS {
        one_game(id);
    }
}

fn one_game(id: &str) {
    let start = baraza::games::parse_position(baraza::games::find(id).unwrap().start).unwrap();
    let mut plain = start.clone();
    let mut cached = start.legal_cache();
    for _ in 0..400 {
        let legal = plain.legal();
        let tokens = |c: &mut Box<dyn baraza::game::LegalCache>| -> Vec<String> {
            c.legal().iter().map(str::to_string).collect()
        };
        assert_eq!(tokens(&mut cached), legal);
        assert_eq!(tokens(&mut cached), legal, "asking twice changes nothing");
        assert_eq!(cached.legal().line(), legal.join(" "));
        assert_eq!(cached.position_text(), plain.format());
        let (text, list) = cached.texts();
        assert_eq!(
            (text, list.line()),
            (plain.format().as_str(), legal.join(" ").as_str())
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
        assert_eq!(
            cached.position_text(),
            plain.format(),
            "formatted again after a move"
        );
    }
}

/// darra.md's examples E1, E6 (a forced pass, then one move) and E11 (tokens in byte
/// order), played through one cache.
#[test]
fn the_cache_lists_and_formats_each_position_as_the_rules_examples_say() {
    let start = baraza::games::parse_position("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0").unwrap();
    let mut c = start.legal_cache();
    assert_eq!(c.legal().line(), "1A 2A 3A 4A 5A 6A");
    assert_eq!(c.position_text(), "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0");
    let pass = "darra 0,0,0,0,0,8/0,0,0,0,0,0 2 20 20 1 0";
    let mut c = baraza::games::parse_position(pass).unwrap().legal_cache();
    let legal = c.legal();
    assert_eq!(
        (legal.len(), legal.get(0), legal.get(1)),
        (1, Some("pass"), None)
    );
    assert!(c.play_index(0));
    assert_eq!(
        c.position_text(),
        "darra 0,0,0,0,0,8/0,0,0,0,0,0 1 20 20 1 1"
    );
    assert_eq!(c.legal().line(), "6A");
    let e11 = "darra-2x12 4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 1 0 0 - 0";
    let mut c = baraza::games::parse_position(e11).unwrap().legal_cache();
    let legal = c.legal();
    assert_eq!(legal.line(), "10A 11A 12A 1A 2A 3A 4A 5A 6A 7A 8A 9A");
    assert_eq!(legal.position("12A"), Some(2));
    assert_eq!(legal.position("1A"), Some(3));
    assert_eq!(legal.position("9A"), Some(11));
    assert_eq!(legal.position("1B"), None);
    assert_eq!(
        legal.position("1"),
        None,
        "a prefix of a token is not that token"
    );
    let all: Vec<&str> = legal.iter().collect();
    assert_eq!(all.len(), 12);
    assert_eq!((all[0], all[11]), ("10A", "9A"));
    assert!(!c.play_index(12), "out of range");
    assert_eq!(c.position_text(), e11, "unchanged");
    assert!(c.play_index(2));
    let after = "darra-2x12 4,4,4,4,4,4,4,4,4,4,4,0/5,5,5,5,4,4,4,4,4,4,4,4 2 0 0 - 1";
    assert_eq!(c.position_text(), after);
}

#[test]
fn a_finished_game_lists_nothing() {
    let over = "darra 0,0,0,0,0,0/0,0,0,0,0,0 1 24 24 2 0";
    let mut c = baraza::games::parse_position(over).unwrap().legal_cache();
    let legal = c.legal();
    assert!(legal.is_empty() && legal.line().is_empty() && legal.get(0).is_none());
    assert_eq!(legal.iter().count(), 0);
    assert!(!c.play_index(0));
}
