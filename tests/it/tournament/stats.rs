//! Statistics against hand-computed values. Each expected number is derived in the comment
//! above it; "elo(s)" is the logistic Elo of a score, `-400·log10(1/s − 1)`, and z = 1.959964.

use crate::support::assert_close;
use baraza::stats::elo::*;
use baraza::stats::sprt::*;

#[test]
fn elo_and_score_are_inverse() {
    // elo(0.5) = -400·log10(1) = 0.
    assert_close(score_to_elo(0.5).unwrap(), 0.0, 1e-12);
    // elo(0.75) = -400·log10(1/3) = 400·log10(3) = 400 × 0.4771213 = 190.8485.
    assert_close(score_to_elo(0.75).unwrap(), 190.8485, 1e-4);
    assert_close(elo_to_score(190.8485), 0.75, 1e-7);
    // 0 and 1 are unbounded.
    assert_eq!(score_to_elo(0.0), None);
    assert_eq!(score_to_elo(1.0), None);
}

#[test]
fn normal_cdf_matches_the_table() {
    assert_close(normal_cdf(0.0), 0.5, 1e-7);
    assert_close(normal_cdf(Z95), 0.975, 1e-6);
    assert_close(normal_cdf(-1.0), 0.158_655, 1e-6);
}

#[test]
fn trinomial_elo_and_interval() {
    // 60 wins, 20 draws, 20 losses in 100 games.
    // score s = (60 + 20/2)/100 = 0.7;  elo(0.7) = -400·log10(3/7) = 147.19.
    // variance per game = (60·(1−0.7)² + 20·(0.5−0.7)² + 20·(0−0.7)²)/100
    //                   = (5.4 + 0.8 + 9.8)/100 = 0.16
    // standard error   = √(0.16/100) = 0.04
    // 95% on the score  = 0.7 ∓ z·0.04 = 0.621601 .. 0.778399
    // in Elo            = elo(0.621601) = 86.23 .. elo(0.778399) = 218.25
    let e = elo_trinomial(60, 20, 20).unwrap();
    assert_eq!(e.model, Model::Trinomial);
    assert_close(e.score, 0.7, 1e-12);
    assert_close(e.elo.unwrap(), 147.1907, 1e-3);
    assert_close(e.low.unwrap(), 86.2250, 1e-3);
    assert_close(e.high.unwrap(), 218.2518, 1e-3);
    // cutechess's "±" is half the width: (218.2518 − 86.2250)/2 = 66.0134.
    assert_close(e.error().unwrap(), 66.0134, 1e-3);
}

#[test]
fn pentanomial_elo_and_interval() {
    // Pairs [LL, LD, DD+WL, WD, WW] = [1, 3, 8, 5, 3], 20 pairs scored 0, 1/4, 1/2, 3/4, 1.
    // mean = (0 + 3·0.25 + 8·0.5 + 5·0.75 + 3·1)/20 = 11.5/20 = 0.575;  elo(0.575) = 52.51
    // deviations −0.575, −0.325, −0.075, 0.175, 0.425; squared 0.330625, 0.105625, 0.005625,
    // 0.030625, 0.180625; weighted sum 0.330625 + 0.316875 + 0.045 + 0.153125 + 0.541875
    // = 1.3875; variance per pair = 1.3875/20 = 0.069375; se = √(0.069375/20) = 0.0588961
    // 95%: 0.575 ∓ z·0.0588961 = 0.459566 .. 0.690434 → Elo −28.16 .. 139.35
    let e = elo_pentanomial([1, 3, 8, 5, 3]).unwrap();
    assert_eq!(e.model, Model::Pentanomial);
    assert_close(e.score, 0.575, 1e-12);
    assert_close(e.elo.unwrap(), 52.5116, 1e-3);
    assert_close(e.low.unwrap(), -28.1581, 1e-3);
    assert_close(e.high.unwrap(), 139.3477, 1e-3);
}

#[test]
fn interval_is_unbounded_past_zero_or_one() {
    // 2 pairs scored 0.75 and 1: mean 0.875, variance ((−0.125)² + 0.125²)/2 = 0.015625,
    // se = √(0.015625/2) = 0.0883883; high score bound 0.875 + z·se = 1.048 > 1 → no bound;
    // low 0.701762 → elo 148.65; elo(0.875) = 400·log10(7) = 338.04.
    let e = elo_pentanomial([0, 0, 0, 1, 1]).unwrap();
    assert_close(e.elo.unwrap(), 338.0392, 1e-3);
    assert_close(e.low.unwrap(), 148.6508, 1e-3);
    assert_eq!(e.high, None);
    assert_eq!(e.error(), None);
    assert_eq!(elo_trinomial(0, 0, 0), None);
}

#[test]
fn likelihood_of_superiority() {
    // LOS = Φ((w − l)/√(w + l)); 12 wins, 8 losses: Φ(4/√20) = Φ(0.894427) = 0.814453.
    assert_close(los(12, 8).unwrap(), 0.814_453, 1e-6);
    // Equal decisive results: Φ(0) = 1/2; the mirror is 1 − 0.814453.
    assert_close(los(10, 10).unwrap(), 0.5, 1e-9);
    assert_close(los(8, 12).unwrap(), 0.185_547, 1e-6);
    // One loss: Φ(−1) = 0.158655.
    assert_close(los(0, 1).unwrap(), 0.158_655, 1e-6);
    assert_eq!(los(0, 0), None);
}

#[test]
fn pentanomial_buckets() {
    // Bucket = twice the pair's points: LL 0, LD 1, DD or WL 2, WD 3, WW 4.
    assert_eq!(penta_bucket(0.0, 0.0), 0);
    assert_eq!(penta_bucket(0.5, 0.0), 1);
    assert_eq!(penta_bucket(0.0, 0.5), 1);
    assert_eq!(penta_bucket(0.5, 0.5), 2);
    assert_eq!(penta_bucket(1.0, 0.0), 2);
    assert_eq!(penta_bucket(0.0, 1.0), 2);
    assert_eq!(penta_bucket(1.0, 0.5), 3);
    assert_eq!(penta_bucket(1.0, 1.0), 4);
}

#[test]
fn sprt_bounds() {
    // α = β = 0.05: lower = ln(0.05/0.95) = −ln 19 = −2.944439, upper = ln(0.95/0.05) = ln 19.
    let p: SprtParams = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap();
    let (lo, hi) = p.bounds();
    assert_close(lo, -2.944_439, 1e-6);
    assert_close(hi, 2.944_439, 1e-6);
    // α = 0.05, β = 0.1: lower = ln(0.1/0.95) = −2.251292, upper = ln(0.9/0.05) = ln 18 = 2.890372.
    let p: SprtParams = "beta=0.1".parse().unwrap();
    assert_eq!((p.elo0, p.elo1, p.alpha), (0.0, 10.0, 0.05));
    let (lo, hi) = p.bounds();
    assert_close(lo, -2.251_292, 1e-6);
    assert_close(hi, 2.890_372, 1e-6);
}

#[test]
fn sprt_parameters_are_checked() {
    let err = |s: &str| s.parse::<SprtParams>().unwrap_err().to_string();
    assert!(err("elo0=10,elo1=0").contains("elo0 (10) must be less than elo1 (0)"));
    assert!(err("alpha=0").contains("alpha"));
    assert!(err("alpha=0.6,beta=0.5").contains("alpha + beta"));
    assert!(err("gamma=1").contains("unknown key 'gamma'"));
    assert!(err("elo0").contains("not KEY=VALUE"));
    assert!(err("elo1=ten").contains("'ten' is not a number"));
}

#[test]
fn sprt_llr_pentanomial() {
    // The exact GSPRT LLR (tests/it/tournament/sprt.rs derives some by hand); the values are
    // fishtest's `LLR_logistic` on the same counts. The pairs of `pentanomial_elo_and_interval`
    // (N = 20, mean 0.575): 0.262985.
    let p: SprtParams = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap();
    let r = sprt(p, &Sample::pentanomial([1, 3, 8, 5, 3]), Model::Pentanomial);
    assert_close(r.llr, 0.262_985, 1e-5);
    assert_eq!(r.decision, Decision::Continue);
    assert_eq!(r.units, 20);
    // Twelve times the pairs: the same frequencies, so twelve times the LLR (no bucket is
    // empty, nothing is regularized): 3.155818 ≥ 2.944439: H1 accepted.
    let r = sprt(
        p,
        &Sample::pentanomial([12, 36, 96, 60, 36]),
        Model::Pentanomial,
    );
    assert_close(r.llr, 3.155_818, 1e-5);
    assert_eq!(r.decision, Decision::H1);
    // The mirror [3, 5, 8, 3, 1] (mean 0.425): −0.311478; ×12 = −3.737740 → H0.
    let r = sprt(p, &Sample::pentanomial([3, 5, 8, 3, 1]), Model::Pentanomial);
    assert_close(r.llr, -0.311_478, 1e-5);
    let r = sprt(
        p,
        &Sample::pentanomial([36, 60, 96, 36, 12]),
        Model::Pentanomial,
    );
    assert_close(r.llr, -3.737_740, 1e-5);
    assert_eq!(r.decision, Decision::H0);
}

#[test]
fn sprt_llr_trinomial() {
    // 60-20-20 (mean 0.7), elo 0 against 10: fishtest's LLR_logistic gives 1.389822.
    let r = sprt(
        SprtParams::default(),
        &Sample::trinomial(60, 20, 20),
        Model::Trinomial,
    );
    assert_close(r.llr, 1.389_822, 1e-5);
    assert_eq!(r.decision, Decision::Continue);
}

#[test]
fn sprt_without_games_continues() {
    let r = sprt(
        SprtParams::default(),
        &Sample::pentanomial([0; 5]),
        Model::Pentanomial,
    );
    assert_eq!((r.llr, r.decision, r.units), (0.0, Decision::Continue, 0));
    // All draws: the empty buckets count 0.001 each, so the maximizers exist and the LLR is
    // finite (fishtest: −1.452274: fifty draws are evidence of equality).
    let r = sprt(
        SprtParams::default(),
        &Sample::trinomial(0, 50, 0),
        Model::Trinomial,
    );
    assert!(r.llr.is_finite());
}

#[test]
fn erfc_reference_values() {
    // Tabulated: erfc(0) = 1, erfc(0.5) = 0.4795001222, erfc(1) = 0.1572992071,
    // erfc(2) = 0.004677734981, erfc(3) = 2.209049700e-5, erfc(4) = 1.541725790e-8.
    assert_close(erfc(0.0), 1.0, 1e-15);
    assert_close(erfc(0.5), 0.479_500_122_2, 1e-10);
    assert_close(erfc(1.0), 0.157_299_207_1, 1e-10);
    assert_close(erfc(2.0), 0.004_677_734_981, 1e-12);
    assert_close(erfc(3.0) / 2.209_049_700e-5, 1.0, 1e-8);
    assert_close(erfc(4.0) / 1.541_725_790e-8, 1.0, 1e-8);
    assert_close(erfc(-1.0), 2.0 - 0.157_299_207_1, 1e-10);
    // To the last digit of an f64 (mpmath at 30 digits, rounded):
    assert_close(erfc(1.0), 0.157_299_207_050_285_1, 1e-16);
    assert_close(erfc(-1.0), 1.842_700_792_949_714_8, 1e-15);
    assert_close(erfc(3.0) / 2.209_049_699_858_544e-5, 1.0, 1e-14);
}
