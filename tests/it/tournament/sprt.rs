//! The exact GSPRT: hand-derived log-likelihood ratios, values from fishtest's `LLRcalc.py` (an
//! independent implementation, run on the same counts), and a Monte-Carlo check of the
//! decision rule on simulated identical players.

use crate::support::assert_close;
use baraza::stats::elo::{Model, Sample};
use baraza::stats::sprt::{llr, sprt, Decision, EloModel, SprtParams};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn params(elo0: f64, elo1: f64, model: EloModel) -> SprtParams {
    SprtParams {
        elo0,
        elo1,
        model,
        ..SprtParams::default()
    }
}

const LOGISTIC: EloModel = EloModel::Logistic;
const NORMALIZED: EloModel = EloModel::Normalized;

#[test]
fn one_win_draw_pair_says_almost_nothing() {
    // One pair WD: penta [0, 0, 0, 1, 0], elo0 = 0, elo1 = 10.
    // s0 = 1/2, s1 = 1/(1 + 10^(−10/400)) = 0.5143872.
    // Without regularization, the likelihood of the one observation is p(3/4), and the best
    // distribution on {0, 1/4, 1/2, 3/4, 1} with mean s < 3/4 puts all its other mass on 0:
    // p(3/4)·3/4 = s, so p(3/4) = 4s/3. The LLR is ln((4·s1/3)/(4·s0/3)) = ln(s1/s0)
    //   = ln(1.0287744) = 0.028368.
    // The 0.001 units in the four empty buckets move it by about 2e-5 (fishtest: 0.0283936).
    let r = sprt(
        params(0.0, 10.0, LOGISTIC),
        &Sample::pentanomial([0, 0, 0, 1, 0]),
        Model::Pentanomial,
    );
    assert!(r.llr < 0.05, "{}", r.llr);
    assert_close(r.llr, 0.028_368, 1e-4);
    assert_close(r.llr, 0.028_393_582_238, 1e-9);
    assert_eq!(r.decision, Decision::Continue);
    // The same reasoning for one pair WW: p(1) = s, LLR = ln(s1/s0) again (fishtest 0.0284238).
    let ww = llr(
        &Sample::pentanomial([0, 0, 0, 0, 1]),
        &params(0.0, 10.0, LOGISTIC),
    );
    assert_close(ww, 0.028_423_811_539, 1e-9);
    // Normalized Elo, fishtest: 0.0279507.
    let n = llr(
        &Sample::pentanomial([0, 0, 0, 1, 0]),
        &params(0.0, 10.0, NORMALIZED),
    );
    assert!(n < 0.05, "{n}");
    assert_close(n, 0.027_950_717_085, 1e-7);
}

#[test]
fn trinomial_by_hand() {
    // Games L = 1, D = 2, W = 5 (N = 8, mean (2·½ + 5)/8 = 3/4), elo0 = 0, elo1 = 400·log10(3)
    // so that s1 = 3/4 (10^(−log10 3) = 1/3, 1/(1 + 1/3) = 3/4).
    // H1: the sample's own distribution has mean s1, so it is the maximizer: p1 = (1, 2, 5)/8.
    // H0 (s0 = ½): p_i = p̂_i/(1 + θ(a_i − ½)), and Σ p̂_i(a_i − ½)/(1 + θ(a_i − ½)) = 0 reads
    //   −½·p̂_L/(1 − θ/2) + ½·p̂_W/(1 + θ/2) = 0  ⇒  θ = 2(p̂_W − p̂_L)/(p̂_W + p̂_L),
    // so p0_L = p0_W = (p̂_W + p̂_L)/2 = 3/8 and p0_D = p̂_D = 2/8: the decisive games split.
    // LLR = 1·ln((1/8)/(3/8)) + 2·ln 1 + 5·ln((5/8)/(3/8)) = ln(1/3) + 5·ln(5/3) = 1.455516.
    let p = params(0.0, 400.0 * 3f64.log10(), LOGISTIC);
    assert_close(llr(&Sample::trinomial(5, 2, 1), &p), 1.455_516, 1e-6);
    // 60-20-20 (mean 0.7), elo1 = 400·log10(0.7/0.3) so that s1 = 0.7: p1 = p̂; p0 splits the
    // 80 decisive games 40/40: LLR = 20·ln(0.2/0.4) + 60·ln(0.6/0.4) = 10.464963.
    let p = params(0.0, 400.0 * (0.7f64 / 0.3).log10(), LOGISTIC);
    let r = sprt(p, &Sample::trinomial(60, 20, 20), Model::Trinomial);
    assert_close(r.llr, 10.464_963, 1e-6);
    assert_eq!(r.decision, Decision::H1);
}

#[test]
fn pentanomial_by_hand() {
    // Pairs LL 1, LD 2, DD 3, WD 4, WW 5 (N = 15, mean (2/4 + 3/2 + 3 + 5)/15 = 2/3);
    // elo1 = 400·log10(2) so that s1 = 2/3: p1 = p̂.
    // H0 (s0 = ½), deviations d = (−½, −¼, 0, ¼, ½). θ = 4/3 solves the equation:
    //   1·(−½)/(1/3) + 2·(−¼)/(2/3) + 4·(¼)/(4/3) + 5·(½)/(5/3) = −3/2 − 3/4 + 3/4 + 3/2 = 0,
    // so p0 = p̂/(1 + θd) = p̂·(3, 3/2, 1, 3/4, 3/5) = (3, 3, 3, 3, 3)/15 (it sums to 1).
    // LLR = Σ n_i ln(p̂_i/p0_i) = ln(1/3) + 2 ln(2/3) + 3 ln 1 + 4 ln(4/3) + 5 ln(5/3) = 1.795314.
    let p = params(0.0, 400.0 * 2f64.log10(), LOGISTIC);
    assert_close(
        llr(&Sample::pentanomial([1, 2, 3, 4, 5]), &p),
        1.795_314,
        1e-6,
    );
}

#[test]
fn agrees_with_fishtest() {
    // fishtest's LLR_logistic / LLR_normalized (server/fishtest/stats/LLRcalc.py) on the same
    // counts; pentanomial counts are [LL, LD, DD+WL, WD, WW], trinomial [L, D, W].
    let penta = |c: [u64; 5], e0, e1, m| llr(&Sample::pentanomial(c), &params(e0, e1, m));
    let tri = |l, d, w, e0, e1, m| llr(&Sample::trinomial(w, d, l), &params(e0, e1, m));
    assert_close(
        penta([1, 3, 8, 5, 3], 0.0, 10.0, LOGISTIC),
        0.262_984_862_315,
        1e-9,
    );
    assert_close(
        penta([12, 36, 96, 60, 36], 0.0, 10.0, LOGISTIC),
        3.155_818_347_777,
        1e-8,
    );
    assert_close(
        penta([3, 5, 8, 3, 1], 0.0, 10.0, LOGISTIC),
        -0.311_478_334_630,
        1e-9,
    );
    assert_close(
        penta([1, 1, 1, 1, 2], 0.0, 10.0, LOGISTIC),
        0.045_559_394_725,
        1e-9,
    );
    assert_close(
        penta([1, 3, 8, 5, 3], 0.0, 10.0, NORMALIZED),
        0.206_873_278_423,
        1e-7,
    );
    assert_close(
        penta([1, 3, 8, 5, 3], 0.0, 5.0, NORMALIZED),
        0.107_455_848_464,
        1e-7,
    );
    assert_close(
        penta([3, 5, 8, 3, 1], 0.0, 10.0, NORMALIZED),
        -0.238_997_642_858,
        1e-7,
    );
    assert_close(
        tri(20, 20, 60, 0.0, 10.0, LOGISTIC),
        1.389_822_163_939,
        1e-9,
    );
    assert_close(tri(0, 50, 0, 0.0, 10.0, LOGISTIC), -1.452_273_831_853, 1e-8);
    assert_close(
        tri(10, 20, 30, 0.0, 10.0, NORMALIZED),
        0.680_623_080_625,
        1e-7,
    );
    assert_close(
        tri(10, 20, 30, -2.0, 3.0, NORMALIZED),
        0.351_290_777_423,
        1e-7,
    );
    // fishtest's own example run (stat_util.py): 94 000 pairs, elo0 = −3, elo1 = 1.
    let big = [10789, 19328, 33806, 19402, 10543];
    assert_close(penta(big, -3.0, 1.0, LOGISTIC), 2.131_067_811_785, 1e-6);
    assert_close(penta(big, -3.0, 1.0, NORMALIZED), 0.300_869_785_494, 1e-5);
}

#[test]
fn mirrored_counts_and_hypotheses_negate_the_llr() {
    // Swapping the bots turns a pair's score a into 1 − a and elo into −elo: testing
    // [−elo1, −elo0] on the mirrored counts exchanges the two maximizers.
    let p = params(0.0, 10.0, LOGISTIC);
    let q = params(-10.0, 0.0, LOGISTIC);
    let a = llr(&Sample::pentanomial([1, 3, 8, 5, 3]), &p);
    let b = llr(&Sample::pentanomial([3, 5, 8, 3, 1]), &q);
    assert_close(a, -b, 1e-12);
}

#[test]
fn model_key_parses_and_prints() {
    let p: SprtParams = "elo0=0,elo1=5,model=normalized".parse().unwrap();
    assert_eq!(p.model, NORMALIZED);
    assert_eq!(
        p.to_string(),
        "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized"
    );
    let p: SprtParams = "elo1=5".parse().unwrap();
    assert_eq!(p.model, LOGISTIC);
    assert_eq!(p.to_string(), "elo0=0,elo1=5,alpha=0.05,beta=0.05");
    let e = "model=bayesian"
        .parse::<SprtParams>()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("model 'bayesian' is not logistic or normalized"),
        "{e}"
    );
    // Logs written before the key existed have no model: logistic.
    let old: SprtParams =
        serde_json::from_str(r#"{"elo0":0,"elo1":10,"alpha":0.05,"beta":0.05}"#).unwrap();
    assert_eq!(old, SprtParams::default());
}

#[test]
fn expected_pairs_follow_walds_approximation() {
    // elo 0..10, α = β = 0.05: s1 − s0 = 0.0143872, drift (s1 − s0)²/(2·1/8) = 8.27984e-4 per
    // pair; both ends: (0.95·ln 19 − 0.05·ln 19)/drift = 0.9·2.944439/8.27984e-4 = 3200.5.
    let p = params(0.0, 10.0, LOGISTIC);
    assert_close(p.expected_pairs(), 3200.5, 0.5);
    assert_eq!(p.suggested_rounds(), 9700);
}

/// The pentanomial bucket of a pair of two independent games, each a win, draw or loss with
/// the given probabilities, from the first bot's side.
fn pair_bucket(rng: &mut SmallRng, win: f64, draw: f64) -> usize {
    let mut game = || {
        let u: f64 = rng.gen();
        if u < win {
            2
        } else if u < win + draw {
            1
        } else {
            0
        }
    };
    game() + game()
}

/// Run SPRTs on simulated pairs of identical players (win = loss probability) until each
/// decides or reaches `cap` pairs; returns (H1, H0, undecided) counts.
fn simulate(p: SprtParams, runs: usize, cap: usize, draw: f64, seed: u64) -> (usize, usize, usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let win = (1.0 - draw) / 2.0;
    let mut tally = (0, 0, 0);
    for _ in 0..runs {
        let mut penta = [0u64; 5];
        let mut decision = Decision::Continue;
        for _ in 0..cap {
            penta[pair_bucket(&mut rng, win, draw)] += 1;
            decision = sprt(p, &Sample::pentanomial(penta), Model::Pentanomial).decision;
            if decision != Decision::Continue {
                break;
            }
        }
        match decision {
            Decision::H1 => tally.0 += 1,
            Decision::H0 => tally.1 += 1,
            Decision::Continue => tally.2 += 1,
        }
    }
    tally
}

#[test]
fn identical_players_accept_h1_at_most_alpha_of_the_time() {
    // The truth is elo0 (identical players), so a correct test accepts H1 with probability
    // about α (the composite hypotheses make it a little more when few pairs decide, the
    // overshoot of the bound a little less). With 6000 runs the standard error of the rate at
    // α = 0.05 is √(0.05·0.95/6000) = 0.0028; the tolerance is 0.015 (over 5 of them). The old normal approximation with its 0.001 pseudo-counts
    // accepted H1 in about 22% of runs, most after the first pair.
    // elo1 = 40 keeps it fast: about 200 pairs a run (3200·(10/40)² by Wald).
    let p = params(0.0, 40.0, LOGISTIC);
    let runs = 6000;
    let (h1, h0, undecided) = simulate(p, runs, 5000, 0.24, 10);
    let rate = h1 as f64 / runs as f64;
    println!("logistic: H1 {h1}, H0 {h0}, undecided {undecided} of {runs}");
    assert!(rate <= 0.05 + 0.015, "false H1 rate {rate} ({h1}/{runs})");
    // Not a test that never decides: it accepts H0 almost always, and H1 sometimes.
    assert!(
        h0 as f64 >= 0.9 * runs as f64,
        "H0 {h0}, undecided {undecided}"
    );
    assert!(h1 > 0);
    // The normalized model, fewer runs (slower: an iteration per hypothesis): 1000 runs,
    // standard error 0.0069, tolerance 0.025 (over 3.5 of them). nElo 0..40 per pair is about 31 logistic
    // Elo here.
    let p = params(0.0, 40.0, NORMALIZED);
    let runs = 1000;
    let (h1, h0, undecided) = simulate(p, runs, 5000, 0.24, 11);
    let rate = h1 as f64 / runs as f64;
    println!("normalized: H1 {h1}, H0 {h0}, undecided {undecided} of {runs}");
    assert!(
        rate <= 0.05 + 0.025,
        "normalized false H1 rate {rate} ({h1}/{runs})"
    );
}

#[test]
fn a_stronger_player_is_found() {
    // The first bot wins 45%, draws 24%, loses 31% of its games: score 0.57, about +49 Elo,
    // well above elo1 = 40: H1 is accepted with probability ≥ 1 − β.
    let p = params(0.0, 40.0, LOGISTIC);
    let mut rng = SmallRng::seed_from_u64(12);
    let runs = 400;
    let mut h1 = 0;
    for _ in 0..runs {
        let mut penta = [0u64; 5];
        loop {
            penta[pair_bucket(&mut rng, 0.45, 0.24)] += 1;
            match sprt(p, &Sample::pentanomial(penta), Model::Pentanomial).decision {
                Decision::Continue => continue,
                d => {
                    h1 += usize::from(d == Decision::H1);
                    break;
                }
            }
        }
    }
    assert!(h1 as f64 >= 0.95 * runs as f64 - 3.0 * (0.05f64 * 0.95 * runs as f64).sqrt());
}

mod cli {
    use crate::support::{baraza, tournament};
    use predicates::prelude::*;

    #[test]
    fn too_few_rounds_for_the_sprt_are_warned_about() {
        // 3 × 3200.5 pairs (see expected_pairs_follow_walds_approximation), rounded up to a
        // hundred: 9700.
        let run = |rounds: &str| {
            baraza()
                .args(["tournament", "darra", "--bot", "a=builtin:random"])
                .args(["--bot", "b=builtin:random", "--sprt", "elo0=0,elo1=10"])
                .args(["--rounds", rounds, "--dry-run"])
                .assert()
                .success()
        };
        run("100").stderr(predicate::str::contains(
            "baraza: warning: --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 takes about 3201 game pairs on average (more with bad luck); --rounds 100 may end undecided: use --rounds 9700",
        ));
        run("9700").stderr(predicate::str::contains("warning").not());
    }

    #[test]
    fn a_normalized_sprt_runs_and_is_recorded() {
        let dir =
            std::env::temp_dir().join(format!("baraza-sprt-normalized-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = tournament("darra", &["g=builtin:greedy", "r=builtin:random"])
            .args(["--random-opening-plies", "2"])
            .args(["--sprt", "elo0=0,elo1=100,model=normalized"])
            .rounds(300)
            .quiet()
            .arg("--json")
            .out(&dir)
            .played();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let s = &v["sprt"];
        assert_eq!(s["params"]["model"], "normalized");
        assert_eq!(s["decision"], "h1", "{s}");
        assert_eq!(
            s["recorded"], false,
            "the run's own table is computed, not read"
        );
        let log = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
        let line = log
            .lines()
            .find(|l| l.contains(r#""baraza":"sprt""#))
            .expect("the decision is recorded");
        let line: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(line["params"]["model"], "normalized");
        assert_eq!(line["pairs"], s["units"]);
        assert_eq!(line["llr"], s["llr"]);
        let text = String::from_utf8(
            baraza()
                .args(["results"])
                .arg(&dir)
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap();
        assert!(
            text.contains("(elo0=0,elo1=100,alpha=0.05,beta=0.05,model=normalized)"),
            "{text}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
