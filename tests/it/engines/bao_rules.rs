//! One hand-built position per rule family of `shared/rules/bao.md`, each test named after the
//! rule it isolates. Every expected value was worked out by hand from the spec text; the short
//! derivation is in the comment above each assertion. Notation reminders: row a/b = player 1
//! back/front, c/d = player 2 front/back; `>` = towards column 8 in the named hole's row;
//! bK faces cK; nyumba b5 / c4; counts are written columns 1..8.

use baraza::game::{MoveError, Position};
use baraza::games;

fn pos(s: &str) -> Box<dyn Position> {
    games::parse_position(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn legal(s: &str) -> Vec<String> {
    pos(s).legal()
}

fn after(s: &str, mv: &str) -> String {
    let mut p = pos(s);
    p.play(mv).unwrap_or_else(|e| panic!("{s} {mv}: {e}"));
    p.format()
}

// ---------------------------------------------------------------- namua (N)

#[test]
fn n2_placement_only_into_occupied_front_holes() {
    // No capture (c1 faces the empty b1); no house; only b3 (1) occupied in front, a1 is back
    // row: only b3. b3>: b3 = 2, sown into b4, b5 (empty) -> end.
    let s = "bao 5,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,37 10 10 1 -- -";
    assert_eq!(legal(s), ["b3<", "b3>"]);
    assert_eq!(
        after(s, "b3>"),
        "bao 5,0,0,0,0,0,0,0/0,0,0,1,1,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,37 9 10 2 -- -"
    );
}

#[test]
fn n3_captures_are_mandatory() {
    // b6 (1) faces c6 (1): a capture exists, so the takasa b3 (2) is not legal. b6 is central
    // (column 6): both kichwa. `>`: 1 seed into b1 (empty, rank 3); `<`: into b8 (rank 3).
    let s = "bao 0,0,0,0,0,0,0,0/0,0,2,0,0,1,0,0/1,0,0,0,0,1,0,0/0,0,0,0,0,0,0,39 10 10 1 -- -";
    assert_eq!(legal(s), ["b6<", "b6>"]);
    assert_eq!(
        after(s, "b6>"),
        "bao 0,0,0,0,0,0,0,0/1,0,2,0,0,2,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,39 9 10 2 -- -"
    );
}

#[test]
fn n5_kichwa_priority_capture_beats_empty() {
    // Captures: b2 (1) faces c2 (1), b2 = left kimbi -> forced `>`. b4 (1) faces c4 (2):
    // `>` sows 2 from b1: b1 1, b2 2 -> b2 faces c2 (1): rank 0. `<` from b8: b8 1, b7 1 ->
    // empty, rank 3. So b4< is not legal.
    let s = "bao 0,0,0,0,0,0,0,0/0,1,0,1,0,0,0,0/0,1,0,2,0,0,1,0/0,0,0,0,0,0,0,38 10 10 1 -- -";
    assert_eq!(legal(s), ["b2>", "b4>"]);
    // b4>: b4 2, capture c4: b1 1, b2 2 -> capture c2 (1), kimbi -> from b1: b1 2 -> c1
    // empty, relay 2: b2 3, b3 1 -> end.
    assert_eq!(
        after(s, "b4>"),
        "bao 0,0,0,0,0,0,0,0/0,3,1,2,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,38 9 10 2 -- -"
    );
}

#[test]
fn n5_kichwa_priority_house_beats_occupied() {
    // b3 (1) faces c3 (4). `<` from b8: b8, b7, b6, b5 -> b5 5+1 = 6, flag H: functional
    // house, rank 1 (c5 empty, no capture). `>` from b1: b1..b4 -> b4 1+1 = 2, c4 empty:
    // occupied, rank 2. Only `<`, which reaches the house decision.
    let s = "bao 0,0,0,0,0,0,0,0/0,0,1,1,5,0,0,0/0,0,4,0,0,0,0,1/0,0,0,0,0,0,0,32 10 10 1 H- -";
    assert_eq!(legal(s), ["b3<+", "b3<="]);
    assert_eq!(
        after(s, "b3<="),
        "bao 0,0,0,0,0,0,0,0/0,0,2,1,6,1,1,1/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,32 9 10 2 H- -"
    );
    // `+`: 6 seeds from b5 anticlockwise: b4 2, b3 3, b2 1, b1 1, a1 1, a2 1 -> end; flag -.
    assert_eq!(
        after(s, "b3<+"),
        "bao 1,1,0,0,0,0,0,0/1,1,3,2,0,1,1,1/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,32 9 10 2 -- -"
    );
}

#[test]
fn n4_functional_house_allows_singletons_but_not_the_house() {
    // b5 = 6, flag H: functional. b2 (1) is allowed, b5 is not. b2<: b2 2 -> b1, a1 -> end.
    let s = "bao 0,0,0,0,0,0,0,0/0,1,0,0,6,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,36 10 10 1 H- -";
    assert_eq!(legal(s), ["b2<", "b2>"]);
    assert_eq!(
        after(s, "b2<"),
        "bao 1,0,0,0,0,0,0,0/1,0,0,0,6,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,36 9 10 2 H- -"
    );
}

#[test]
fn n4_special_house_move_for_player_2() {
    // Player 2: c4 = 7, flag H, the only occupied front hole; nothing to capture (b4 empty).
    // The seed goes in, one seed goes out: c4> (towards column 8) into c5, c4< into c3.
    let s = "bao 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,7,0,0,0,0/0,0,0,0,0,0,0,36 10 10 2 -H -";
    assert_eq!(legal(s), ["c4<", "c4>"]);
    assert_eq!(
        after(s, "c4>"),
        "bao 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,7,1,0,0,0/0,0,0,0,0,0,0,36 10 9 1 -H -"
    );
}

#[test]
fn n4_sowing_a_non_functional_nyumba_clears_its_flag() {
    // b5 = 3 with flag H is not functional: holes with >= 2 seeds: only b5. b5>: 4 seeds b6,
    // b7, b8, a8 -> end; the flag is cleared (N4, D18).
    let s = "bao 0,0,0,0,0,0,0,0/0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,39 10 10 1 HH -";
    assert_eq!(legal(s), ["b5<", "b5>"]);
    assert_eq!(
        after(s, "b5>"),
        "bao 0,0,0,0,0,0,0,1/0,1,0,0,0,1,1,1/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,39 9 10 2 -H -"
    );
}

#[test]
fn n4_only_singletons_fallback() {
    // No house, no hole with >= 2: every occupied front hole (b2, b6) may be used.
    let s = "bao 0,0,0,0,0,0,0,0/0,1,0,0,0,1,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,41 10 10 1 -- -";
    assert_eq!(legal(s), ["b2<", "b2>", "b6<", "b6>"]);
}

#[test]
fn l1_namua_takasa_ending_in_functional_house_ends() {
    // b3>: b3 2 -> b4 1, b5 7 (functional house): a namua takasa ends there, no decision.
    let s = "bao 0,0,0,0,0,0,0,0/0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,36 10 10 1 H- -";
    assert_eq!(legal(s), ["b3<", "b3>"]);
    assert_eq!(
        after(s, "b3>"),
        "bao 0,0,0,0,0,0,0,0/0,0,0,1,7,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,36 9 10 2 H- -"
    );
}

#[test]
fn d1_lone_kichwa_not_towards_the_back_row_in_namua() {
    // b1 (2) is the only occupied front hole: b1< (into a1) is illegal. b1>: 3 seeds b2, b3, b4.
    let s = "bao 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,41 10 10 1 -- -";
    assert_eq!(legal(s), ["b1>"]);
    assert_eq!(
        after(s, "b1>"),
        "bao 0,0,0,0,0,0,0,0/0,1,1,1,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,41 9 10 2 -- -"
    );
}

// ---------------------------------------------------------------- mtaji (Q) and laps (L)

#[test]
fn d1_lone_kichwa_and_front_row_first_in_mtaji() {
    // b1 (3) is the only occupied front hole: b1< forbidden; b1> is a front start, so the
    // back-row a5 (2) may not be used.
    let s = "bao 0,0,0,0,2,0,0,0/3,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,58 0 0 1 -- -";
    assert_eq!(legal(s), ["b1>"]);
}

#[test]
fn q3_back_row_only_when_no_front_start() {
    // Front: only singletons. a3 (2): a3< = towards a1 (a2, a1), a3> = towards a8 (a4, a5).
    let s = "bao 0,0,2,0,0,0,0,0/0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,60 0 0 1 -- -";
    assert_eq!(legal(s), ["a3<", "a3>"]);
    assert_eq!(
        after(s, "a3>"),
        "bao 0,0,0,1,1,0,0,0/0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,60 0 0 2 -- -"
    );
}

#[test]
fn d6_sixteen_or_more_seeds_never_capture() {
    // b1 (17) sown `>` ends in b2 with 2 seeds facing c2 (3): a capture configuration, but 17
    // seeds make it non-capturing. b6>: b7, b8 (1 -> 2) facing c8 (1): a real capture, so
    // only b6> is legal (captures mandatory). b6< ends in the empty b4.
    let s = "bao 0,0,0,0,0,0,0,0/17,0,0,0,0,2,0,1/0,3,0,0,0,0,0,1/0,0,0,0,0,0,0,40 0 0 1 -- -";
    assert_eq!(legal(s), ["b6>"]);
}

#[test]
fn n1c_first_mtaji_capture_clears_both_flags() {
    // b6>: b7 1, b8 2 facing c8 (3): capture, b8 is the right kichwa -> anticlockwise from b8:
    // b8 3, b7 2, b6 1 -> b6 was emptied, now 1 -> end. Both flags cleared (N1c). (b5 (6)
    // sown either way ends in row a: no capture.)
    let s = "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,0,1/0,0,0,6,0,0,0,3/0,0,0,0,0,0,0,46 0 0 1 HH -";
    assert_eq!(legal(s), ["b6>"]);
    assert_eq!(
        after(s, "b6>"),
        "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,1,2,3/0,0,0,6,0,0,0,0/0,0,0,0,0,0,0,46 0 0 2 -- -"
    );
}

#[test]
fn d7_later_central_capture_keeps_the_direction() {
    // b6<: b5 1, b4 2 facing c4 (2): capture from a central hole while sowing anticlockwise ->
    // from the right kichwa b8: b8 1, b7 1 -> end. (Left kichwa would have filled b1, b2.)
    let s = "bao 0,0,0,0,0,0,0,0/0,0,0,1,0,2,0,0/1,0,0,2,0,0,0,0/0,0,0,0,0,0,0,58 0 0 1 -- -";
    assert_eq!(legal(s), ["b6<"]);
    assert_eq!(
        after(s, "b6<"),
        "bao 0,0,0,0,0,0,0,0/0,0,0,2,1,0,1,1/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,58 0 0 2 -- -"
    );
}

#[test]
fn d5_non_capturing_move_never_captures_later() {
    // b1>: b2 1, b3 2 (c3 empty: no capture, so the move is takasa) -> relay: b4 1, b5 2 facing
    // c5 (3), but a takasa never captures -> relay: b6 1, b7 1 -> end. Then player 2 has no
    // capture and player 1 no threat: no takasia.
    let s = "bao 0,0,0,0,0,0,0,0/2,0,1,0,1,0,0,0/0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,57 0 0 1 -- -";
    assert_eq!(legal(s), ["b1<", "b1>"]);
    assert_eq!(
        after(s, "b1>"),
        "bao 0,0,0,0,0,0,0,0/0,1,0,1,0,1,1,0/0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,57 0 0 2 -- -"
    );
}

#[test]
fn q4_sowing_from_the_nyumba_clears_its_flag() {
    // X14's b5<: 6 seeds b4, b3 (3), b2, b1, a1, a2 -> end; player 1's flag cleared. Player 2
    // then can capture (c2> ends in c4 facing b4), so no takasia.
    let s = "bao 0,0,0,0,0,0,0,0/0,0,2,0,6,0,0,0/0,2,0,6,0,0,2,0/0,0,0,0,0,0,0,46 0 0 1 HH -";
    assert_eq!(
        after(s, "b5<"),
        "bao 1,1,0,0,0,0,0,0/1,1,3,1,0,0,0,0/0,2,0,6,0,0,2,0/0,0,0,0,0,0,0,46 0 0 2 -H -"
    );
}

// ---------------------------------------------------------------- takasia (T)

/// After b5< (b4 1, b3 1), player 1 threatens only c3 (b1>: b2, b3 -> 2 facing c3).
const T_BASE: &str =
    "bao 0,0,0,0,0,0,0,0/2,0,0,0,2,0,0,0/0,0,2,0,0,0,2,0/0,0,0,0,0,0,0,56 0 0 1 -- -";

#[test]
fn t1_takasia_set_on_the_single_threatened_hole() {
    // No capture before (b1> ends on the empty b3). After b5<: player 2's c3 and c7 laps end
    // on empty holes or in row d, d8 >= 16: no capture. Threat set {c3}; c3 is not the
    // nyumba, not the only occupied hole, not the only one with > 1 (c7 = 2): takasia c3.
    assert_eq!(legal(T_BASE), ["b1<", "b1>", "b5<", "b5>"]);
    let next = after(T_BASE, "b5<");
    assert_eq!(
        next,
        "bao 0,0,0,0,0,0,0,0/2,0,1,1,0,0,0,0/0,0,2,0,0,0,2,0/0,0,0,0,0,0,0,56 0 0 2 -- c3"
    );
    // T3: player 2 may not start from c3, which is otherwise a legal takasa start.
    let moves = legal(&next);
    assert!(!moves.iter().any(|m| m.starts_with("c3")), "{moves:?}");
    let free = legal(&next.replace(" c3", " -"));
    assert!(free.iter().any(|m| m.starts_with("c3")), "{free:?}");
}

#[test]
fn t1_no_takasia_when_the_opponent_can_capture() {
    // As T_BASE with c1 = 1: player 2's c3< (c2, c1 -> 2 facing b1 = 2) captures.
    let s = "bao 0,0,0,0,0,0,0,0/2,0,0,0,2,0,0,0/1,0,2,0,0,0,2,0/0,0,0,0,0,0,0,55 0 0 1 -- -";
    assert_eq!(
        after(s, "b5<"),
        "bao 0,0,0,0,0,0,0,0/2,0,1,1,0,0,0,0/1,0,2,0,0,0,2,0/0,0,0,0,0,0,0,55 0 0 2 -- -"
    );
}

#[test]
fn t2_takasia_not_on_house() {
    // b6<: b5 1, b4 1 -> end. Threat: b1> (b2, b3, b4 -> 2) facing c4, player 2's nyumba
    // (flag irrelevant, D11); c7 = 2 so no other exception applies -> no takasia.
    let s = "bao 0,0,0,0,0,0,0,0/3,0,0,0,0,2,0,0/0,0,0,2,0,0,2,0/0,0,0,0,0,0,0,55 0 0 1 -- -";
    assert_eq!(
        after(s, "b6<"),
        "bao 0,0,0,0,0,0,0,0/3,0,0,1,1,0,0,0/0,0,0,2,0,0,2,0/0,0,0,0,0,0,0,55 0 0 2 -- -"
    );
}

#[test]
fn t2_takasia_not_on_the_only_hole_with_more_than_one_seed() {
    // As T_BASE with c7 = 1: c3 is the only player 2 front hole with more than one seed.
    let s = "bao 0,0,0,0,0,0,0,0/2,0,0,0,2,0,0,0/0,0,2,0,0,0,1,0/0,0,0,0,0,0,0,57 0 0 1 -- -";
    assert!(after(s, "b5<").ends_with(" 0 0 2 -- -"));
}

#[test]
fn t2_takasia_not_on_the_only_occupied_hole() {
    // Player 2's front row is c3 = 1 alone: threatened (b1> ends in b3 = 2), but the only
    // occupied hole (a singleton, so only this exception applies).
    let s = "bao 0,0,0,0,0,0,0,0/2,0,0,0,2,0,0,0/0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,59 0 0 1 -- -";
    assert!(after(s, "b5<").ends_with(" 0 0 2 -- -"));
}

#[test]
fn t4_no_takasia_in_namua() {
    // X13's board with seeds in hand: the same move creates no takasia in the namua stage.
    // (Player 1 has a capture there? b3 (3) faces c3 (0), b8 (2) faces c8 (0): none, so b8
    // is a namua takasa: b8 3 -> b7, b6, b5 -> end.)
    let s = "bao 0,0,0,0,0,0,0,0/0,0,3,0,0,0,0,2/3,0,0,1,0,2,0,0/0,0,0,0,0,0,0,43 5 5 1 -- -";
    assert_eq!(
        after(s, "b8<"),
        "bao 0,0,0,0,0,0,0,0/0,0,3,0,1,1,1,0/3,0,0,1,0,2,0,0/0,0,0,0,0,0,0,43 4 5 2 -- -"
    );
}

// ---------------------------------------------------------------- end of game (W) and E

#[test]
fn w2_no_legal_move_loses() {
    // Mtaji, player 1 holds only singletons: no move, player 1 loses.
    let s = "bao 1,0,1,0,1,0,1,0/1,0,1,0,1,0,1,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,55 0 0 1 -- -";
    assert!(legal(s).is_empty());
    assert_eq!(pos(s).status().to_string(), "0-1 no-legal-move");
}

#[test]
fn w2_front_row_empty_at_the_start_of_a_turn() {
    let own = "bao 0,0,0,0,0,0,0,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,59 0 0 1 -- -";
    assert_eq!(pos(own).status().to_string(), "0-1 front-row-empty");
    assert!(legal(own).is_empty());
    let theirs = "bao 0,0,0,0,0,0,0,4/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,59 0 0 1 -- -";
    assert_eq!(pos(theirs).status().to_string(), "1-0 front-row-empty");
}

#[test]
fn e3_never_ending_move_is_illegal_and_rejected_quickly() {
    // X15: b4> relays forever (a cycle of 112 laps); it must be missing, and finding that out
    // must not cost 65,536 seeds per call.
    let s = "bao 1,2,0,1,2,0,1,0/0,2,1,2,0,1,0,1/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,49 0 0 1 -- -";
    let p = pos(s);
    let t = std::time::Instant::now();
    for _ in 0..200 {
        assert_eq!(p.legal(), ["b2<", "b2>", "b4<"]);
    }
    assert!(t.elapsed().as_secs_f64() < 2.0, "took {:?}", t.elapsed());
    assert!(matches!(p.clone().play("b4>"), Err(MoveError::Illegal(_))));
}

// ---------------------------------------------------------------- notation (P, M)

#[test]
fn m1_bad_tokens_are_malformed_or_illegal() {
    let s = "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -";
    let mut p = pos(s);
    for bad in [
        "b9>", "b6", "e1<", "b6>>", "b6>-", "pass", "", "B6>", "b6 >", "ß6>",
    ] {
        assert!(
            matches!(p.play(bad), Err(MoveError::Malformed(_))),
            "{bad:?} should be malformed"
        );
    }
    for bad in ["b6>=", "b6>+", "a1<", "c3>", "b5<", "b1>"] {
        assert!(
            matches!(p.play(bad), Err(MoveError::Illegal(_))),
            "{bad:?} should be illegal"
        );
    }
    assert_eq!(p.format(), s, "unchanged after errors");
}

#[test]
fn p2_bad_positions_name_the_field() {
    let good = "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -";
    let cases: &[(&str, &str)] = &[
        ("dara 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -", ""),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0 22 22 1 HH -", "board"),
        ("bao 0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0,0 22 22 1 HH -", "board"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,06,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -", "b5"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,x,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -", "b5"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 21 1 HH -", "64"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 -1 22 1 HH -", "hand1"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 3 HH -", "side"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 Hx -", "houses"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HHH -", "houses"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH b6", "takasia"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,44 0 0 1 HH c6", "takasia"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,44 0 0 1 HH b9", "takasia"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,64 0 0 1 HH -", "front"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH", "fields"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0  22 22 1 HH -", "spaces"),
        ("bao 0,0,0,0,0,0,0,0/0,0,0,0,99999999999,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -", "b5"),
    ];
    assert!(games::parse_position(good).is_ok());
    for (bad, field) in cases {
        let err = games::parse_position(bad)
            .err()
            .unwrap_or_else(|| panic!("accepted {bad}"));
        assert!(err.to_string().contains(field), "{bad}: {err}");
    }
    // A takasia on the mover's front row with empty hands is fine.
    let t = "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,44 0 0 1 HH b6";
    assert_eq!(pos(t).format(), t);
}

#[test]
fn show_draws_board_houses_hands_takasia_and_turn() {
    let s = "bao 0,0,0,0,0,0,0,0/0,0,3,0,0,1,1,0/3,0,0,1,0,2,0,0/0,0,0,0,0,0,0,53 0 0 2 -- c6";
    let text = pos(s).show();
    for want in [
        "1   2   3   4   5   6   7   8",
        "[1]",
        "[0]",
        "*2*",
        "takasia: c6",
        "to move",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
    assert!(text.lines().filter(|l| l.starts_with("  ")).count() >= 4);
}
