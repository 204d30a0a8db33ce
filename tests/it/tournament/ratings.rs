//! The rating list: the Bradley-Terry fit against Ordo's on the same games, the anchor, and
//! the cases without a list.

use baraza::stats::perfect_scores::Bound;
use baraza::stats::ratings::{fit, Anchor, AnchorSpec, NoRatings, PairGames};

fn names(n: &[&str]) -> Vec<String> {
    n.iter().map(|s| s.to_string()).collect()
}

fn pair(a: usize, b: usize, [a_wins, draws, b_wins]: [u64; 3]) -> PairGames {
    PairGames {
        a,
        b,
        a_wins,
        draws,
        b_wins,
    }
}

/// A generated round-robin of six players (true ratings 180, 90, 20, 0, −60, −230), twelve
/// rounds of game pairs: 24 games per pairing, [first's wins, draws, second's wins].
fn round_robin() -> (Vec<String>, Vec<PairGames>) {
    let counts = [
        (0, 1, [12, 8, 4]),
        (0, 2, [19, 3, 2]),
        (0, 3, [13, 10, 1]),
        (0, 4, [17, 6, 1]),
        (0, 5, [20, 3, 1]),
        (1, 2, [12, 9, 3]),
        (1, 3, [10, 8, 6]),
        (1, 4, [15, 5, 4]),
        (1, 5, [18, 6, 0]),
        (2, 3, [8, 12, 4]),
        (2, 4, [12, 8, 4]),
        (2, 5, [16, 7, 1]),
        (3, 4, [8, 6, 10]),
        (3, 5, [16, 5, 3]),
        (4, 5, [12, 9, 3]),
    ];
    (
        names(&["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]),
        counts.iter().map(|&(a, b, c)| pair(a, b, c)).collect(),
    )
}

#[test]
fn the_fit_matches_ordo() {
    // Ordo 1.2.6 (github.com/michiguel/Ordo, built from source) on a PGN of the same games:
    // `ordo -p rr.pgn -a 0 -z 200.24094022767414 -D -s 4000 -N 4` (average 0; -z sets the
    // rating of a 76% expectancy, 400·log10(76/24) = 200.2409, which makes Ordo's curve the
    // logistic 1/(1 + 10^(−d/400)); white advantage 0, its default; -D: the draw rate of its
    // simulations taken from the games). Its ratings, and its errors from 4000 simulations:
    let ordo = [
        ("alpha", 215.6211, 52.7451),
        ("bravo", 95.2603, 45.1512),
        ("charlie", 2.8886, 43.3571),
        ("delta", -24.6441, 44.4860),
        ("echo", -66.4342, 45.6207),
        ("foxtrot", -222.6917, 52.2198),
    ];
    let (n, pairs) = round_robin();
    let list = fit(&n, &pairs).unwrap();
    assert_eq!(list.anchor, Anchor::Mean);
    for (r, (name, rating, error)) in list.ratings.iter().zip(ordo) {
        assert_eq!(r.name, name);
        println!(
            "{name}: {:.4} ± {:.2} (Ordo {rating} ± {error})",
            r.rating, r.error95
        );
        assert!(
            (r.rating - rating).abs() < 0.01,
            "{name}: {} vs Ordo {rating}",
            r.rating
        );
        // Different methods (curvature and dispersion here, simulation there): within 5%.
        // (Ordo's default draw rate of 50% for its simulations gives errors about 10% smaller.)
        assert!(
            (r.error95 / error - 1.0).abs() < 0.05,
            "{name}: ±{} vs Ordo ±{error}",
            r.error95
        );
    }
    let mean: f64 = list.ratings.iter().map(|r| r.rating).sum::<f64>() / 6.0;
    assert!(mean.abs() < 1e-9);
    // At the maximum each player's expected points equal its points: alpha scored 96 of 120.
    let r: Vec<f64> = list.ratings.iter().map(|r| r.rating).collect();
    let e = |i: usize, j: usize| 1.0 / (1.0 + 10f64.powf(-(r[i] - r[j]) / 400.0));
    let expected: f64 = (1..6).map(|j| 24.0 * e(0, j)).sum();
    assert!((expected - 96.0).abs() < 1e-6, "{expected}");
}

#[test]
fn the_anchor_shifts_the_list_and_its_errors() {
    // `ordo ... -A delta -a 0 -D -s 4000`: delta 0, alpha 240.2652 ± 75.82, foxtrot −198.0476
    // ± 75.43 (errors relative to delta, whose own is 0).
    let (n, pairs) = round_robin();
    let list = fit(&n, &pairs).unwrap().anchored("delta", 0.0).unwrap();
    let get = |name: &str| list.ratings.iter().find(|r| r.name == name).unwrap();
    assert_eq!(get("delta").rating, 0.0);
    assert_eq!(get("delta").error95, 0.0);
    assert!((get("alpha").rating - 240.2652).abs() < 0.01);
    assert!((get("alpha").error95 / 75.8248 - 1.0).abs() < 0.05);
    assert!((get("foxtrot").rating - -198.0476).abs() < 0.01);
    assert!((get("foxtrot").error95 / 75.4321 - 1.0).abs() < 0.05);
    assert_eq!(
        list.anchor,
        Anchor::Bot {
            name: "delta".into(),
            elo: 0.0
        }
    );
    let shifted = fit(&n, &pairs).unwrap().anchored("delta", 2000.0).unwrap();
    assert!((shifted.ratings[0].rating - 2240.2652).abs() < 0.01);
    assert_eq!(
        fit(&n, &pairs).unwrap().anchored("zulu", 0.0).unwrap_err(),
        NoRatings::UnknownAnchor("zulu".into())
    );
}

#[test]
fn two_bots_give_the_elo_of_their_score() {
    // Two bots: the one difference d solves 1/(1 + 10^(−d/400)) = score; 15-10-5 is 20 of
    // 30 points, d = 400·log10(2) = 120.41, ±60.21 each side of the mean 0.
    let list = fit(&names(&["a", "b"]), &[pair(0, 1, [15, 10, 5])]).unwrap();
    assert!((list.ratings[0].rating - 60.206).abs() < 1e-3);
    assert!((list.ratings[1].rating + 60.206).abs() < 1e-3);
    // The dispersion: E = 2/3, Σ(s − E)² = 15·(1/3)² + 10·(1/6)² + 5·(2/3)² = 25/6,
    // Σ E(1 − E) = 30·2/9 = 20/3, φ = 0.625. The information of d is K²·30·E(1 − E) = K²·20/3
    // with K = ln 10/400, so Var(d) = φ/(K²·20/3), and each rating, d/2 from the mean, has a
    // quarter of it: σ = √(0.625·3/20)/(2K) = 0.306186/0.0115129 = 26.595, ±52.125 at 95%.
    assert!((list.dispersion - 0.625).abs() < 1e-9);
    assert!((list.ratings[0].error95 - 52.125).abs() < 0.005);
}

#[test]
fn a_bot_that_won_every_game_gets_a_floor_and_the_others_are_still_rated() {
    // c won every game it played. a and b are fitted without it: a's 4 of 6 points against b
    // give d = 400·log10(4/2) = 120.41, so ±60.21 around the mean 0. c is placed where its 8
    // straight wins have even odds, as Ordo does: E(c − a)^4·E(c − b)^4 = 1/2. With
    // u = 10^(−c/400), E(c − a)·E(c − b) = 1/((1 + √2·u)(1 + u/√2)) = 2^(−1/4), so
    // u² + (3/√2)·u + 1 − 2^(1/4) = 0, u = 0.0857285, c = −400·log10(u) = 426.75.
    // Ordo 1.2.6 on the same 14 games (`ordo -a 0 -z 200.2409 -d 0 -G`, no draw model, as
    // here): a +60.2, b −60.2, c > 426.7.
    let n = names(&["a", "b", "c"]);
    let list = fit(
        &n,
        &[
            pair(0, 1, [3, 2, 1]),
            pair(0, 2, [0, 0, 4]),
            pair(1, 2, [0, 0, 4]),
        ],
    )
    .unwrap();
    let [a, b, c] = [0, 1, 2].map(|i| &list.ratings[i]);
    assert!((a.rating - 60.206).abs() < 1e-3 && (b.rating + 60.206).abs() < 1e-3);
    assert_eq!(
        (a.bound, b.bound, c.bound),
        (None, None, Some(Bound::Floor))
    );
    let b1 = 3.0 / 2f64.sqrt();
    let u = (-b1 + (b1 * b1 - 4.0 * (1.0 - 2f64.powf(0.25))).sqrt()) / 2.0;
    let want = -400.0 * u.log10();
    assert!((want - 426.75).abs() < 0.01, "{want}");
    assert!((c.rating - want).abs() < 1e-6, "{}", c.rating);
    assert!(c.error95.is_nan() && a.error95.is_finite());
    // And the mirror: a bot that lost every game gets a ceiling, at the same distance below.
    let list = fit(
        &n,
        &[
            pair(0, 1, [3, 2, 1]),
            pair(0, 2, [4, 0, 0]),
            pair(1, 2, [4, 0, 0]),
        ],
    )
    .unwrap();
    assert_eq!(list.ratings[2].bound, Some(Bound::Ceiling));
    assert!((list.ratings[2].rating + want).abs() < 1e-6);
}

#[test]
fn a_group_that_never_lost_to_the_rest_is_placed_at_its_floor_as_one() {
    // a and b drew each other and each beat one of c, d, who split their pair: no bot won
    // every game, but nobody outside {a, b} ever scored against it. The group is fitted on
    // its own games (a = b), then shifted to where its two wins have even odds against c
    // and d (rated 0 and 0): E(x)² = 1/2, E = 0.70711, x = 400·log10(0.70711/0.29289) =
    // 153.11. Before, there was no list at all.
    let n = names(&["a", "b", "c", "d"]);
    let games = [
        pair(0, 1, [0, 1, 0]),
        pair(0, 2, [1, 0, 0]),
        pair(1, 3, [1, 0, 0]),
        pair(2, 3, [1, 0, 1]),
    ];
    let list = fit(&n, &games).unwrap();
    for (i, want) in [(0, 153.11), (1, 153.11), (2, 0.0), (3, 0.0)] {
        let r = &list.ratings[i];
        assert!((r.rating - want).abs() < 0.01, "{r:?}");
        assert_eq!(r.bound, (i < 2).then_some(Bound::Floor), "{r:?}");
        assert_eq!(r.error95.is_nan(), i < 2, "{r:?}");
    }
    // a beat b 2-1 inside the group: a − b = 400·log10(2) = 120.41, so ±60.21 about the
    // group's centre c, where E(c + 60.21 − 0)·E(c − 60.21 − 0) = 1/2: c = 160.45 (solved
    // by bisection in Python); a = 220.66, b = 100.24.
    let games = [
        pair(0, 1, [2, 0, 1]),
        pair(0, 2, [1, 0, 0]),
        pair(1, 3, [1, 0, 0]),
        pair(2, 3, [1, 0, 1]),
    ];
    let list = fit(&n, &games).unwrap();
    assert!((list.ratings[0].rating - 220.66).abs() < 0.01, "{list:?}");
    assert!((list.ratings[1].rating - 100.24).abs() < 0.01, "{list:?}");
    // The mirror, a and b now the group at the foot: they drew and never scored against c or
    // d, who split their pair: a ceiling of −153.11. (Of two groups, the one with the first
    // bot is set aside, as of two perfect bots; either way the other is rated 0, 0.)
    let games = [
        pair(0, 1, [0, 1, 0]),
        pair(0, 2, [0, 0, 1]),
        pair(1, 3, [0, 0, 1]),
        pair(2, 3, [1, 0, 1]),
    ];
    let list = fit(&n, &games).unwrap();
    for (i, r) in list.ratings.iter().enumerate() {
        let want = if i < 2 { -153.11 } else { 0.0 };
        assert!((r.rating - want).abs() < 0.01, "{r:?}");
        assert_eq!(r.bound, (i < 2).then_some(Bound::Ceiling), "{r:?}");
    }
}

#[test]
fn no_list_when_the_maximum_does_not_exist() {
    // a beat b and c, b beat c: with a set aside, b has every point left, then c is alone.
    let n = names(&["a", "b", "c"]);
    let err = fit(
        &n,
        &[
            pair(0, 1, [2, 0, 0]),
            pair(0, 2, [2, 0, 0]),
            pair(1, 2, [2, 0, 0]),
        ],
    )
    .unwrap_err();
    assert!(matches!(err, NoRatings::Unbounded(_)), "{err:?}");
    // a and b never met c and d, even through others.
    let n = names(&["a", "b", "c", "d"]);
    let err = fit(&n, &[pair(0, 1, [1, 1, 1]), pair(2, 3, [1, 1, 1])]).unwrap_err();
    assert!(matches!(err, NoRatings::Disconnected(_)), "{err:?}");
    assert_eq!(fit(&names(&["a"]), &[]).unwrap_err(), NoRatings::TooFew);
}

#[test]
fn anchor_option_parses() {
    let parse_anchor = |t: &str| t.parse::<AnchorSpec>().map(|a| (a.name, a.elo));
    assert_eq!(parse_anchor("mine=1500"), Ok(("mine".into(), 1500.0)));
    assert_eq!(parse_anchor("a=b=-20.5"), Ok(("a=b".into(), -20.5)));
    assert_eq!(
        parse_anchor("mine").unwrap_err().to_string(),
        "--anchor: 'mine' is not NAME=ELO"
    );
    assert_eq!(
        parse_anchor("mine=x").unwrap_err().to_string(),
        "--anchor: 'x' is not a number"
    );
}
