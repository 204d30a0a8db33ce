//! Matchmaking measured without playing a game: simulated leagues whose versions have known
//! Bradley-Terry ratings, against a round robin of the same versions from the same seeds, and
//! the time `plan_batch` takes on a 100-version league.
//!
//! `cargo bench --bench matchmaking [-- SEEDS]` prints, per seed, the games each needs before
//! the leaderboard (the `results` fit over all games) shows the true order: Kendall tau ≥ 0.9
//! and every adjacent pair 70% or more apart the right way round, and after how many of its own
//! games each late version is within one place of its true rank. Then the planning time.
//!
//! `LADDER=wide` plays a second ladder in place of Darra's: 16 versions 150 Elo apart (70.3%
//! each step), two of them late, where one round of a round robin is 240 games.

use baraza::league::matchmaking::{plan_batch, Entry, Pairing, Settings};
use baraza::rng::SplitMix64;
use baraza::stats::ratings::{fit, PairGames};
use std::time::Instant;

/// The versions' true ratings, which of them are late, and after how many game pairs they
/// are submitted.
struct Ladder {
    truth: Vec<f64>,
    late: Vec<usize>,
    late_after: usize,
    /// Each event is played to this many game pairs.
    horizon: usize,
}

impl Ladder {
    /// Shaped like docs/search.md's Darra ladder (each level against the one below): random,
    /// greedy (85% against random), search levels 1 (47.5% against greedy) to 5 (83%, 76%,
    /// 96%, 84%). Levels 2 and 4 are the late versions, submitted after 10 game pairs.
    fn darra() -> Ladder {
        Ladder {
            truth: vec![0.0, 300.0, 283.0, 558.0, 758.0, 1308.0, 1598.0],
            late: vec![3, 5],
            late_after: 10,
            horizon: 300,
        }
    }

    /// 16 versions 150 Elo apart; the 6th and the 12th are late, submitted after 60 pairs.
    fn wide() -> Ladder {
        Ladder {
            truth: (0..16).map(|i| 150.0 * i as f64).collect(),
            late: vec![5, 11],
            late_after: 60,
            horizon: 1000,
        }
    }
}
/// The draw rate between equal versions (Darra: greedy and random drew 22% at 84%).
const DRAWS: f64 = 0.3;
/// Game pairs in a league batch.
const BATCH: usize = 4;

/// The games of a simulated event, checked after every game pair.
struct Event<'a> {
    truth: &'a [f64],
    played: Vec<PairGames>,
    rng: SplitMix64,
    games: usize,
}

impl Event<'_> {
    fn new(truth: &[f64], seed: u64) -> Event<'_> {
        Event {
            truth,
            played: Vec::new(),
            rng: SplitMix64::new(seed ^ 0x5eed),
            games: 0,
        }
    }

    /// A game pair between `a` and `b`, each game won by `a` with the model's odds.
    fn play(&mut self, a: usize, b: usize) {
        let (a, b) = (a.min(b), a.max(b));
        let e = 1.0 / (1.0 + 10f64.powf(-(self.truth[a] - self.truth[b]) / 400.0));
        let at = self.played.iter().position(|g| (g.a, g.b) == (a, b));
        let at = at.unwrap_or_else(|| {
            self.played.push(PairGames {
                a,
                b,
                a_wins: 0,
                draws: 0,
                b_wins: 0,
            });
            self.played.len() - 1
        });
        // Draws as often as 4E(1 − E) times DRAWS, keeping the expected score E.
        let draw = DRAWS * 4.0 * e * (1.0 - e);
        for _ in 0..2 {
            let x = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            if x < e - draw / 2.0 {
                self.played[at].a_wins += 1;
            } else if x < e + draw / 2.0 {
                self.played[at].draws += 1;
            } else {
                self.played[at].b_wins += 1;
            }
        }
        self.games += 2;
    }

    /// The fitted ratings of versions `0..n`, if the fit has a list.
    fn ratings(&self, n: usize) -> Option<Vec<f64>> {
        let names: Vec<String> = (0..n).map(|i| i.to_string()).collect();
        let list = fit(&names, &self.played).ok()?;
        Some(list.ratings.iter().map(|r| r.rating).collect())
    }
}

/// Kendall's tau between the true and fitted order of versions `0..n`.
fn kendall_tau(truth: &[f64], rating: &[f64]) -> f64 {
    let n = rating.len();
    let (mut concordant, mut discordant) = (0.0, 0.0);
    for i in 0..n {
        for j in i + 1..n {
            let s = (truth[i] - truth[j]) * (rating[i] - rating[j]);
            if s > 0.0 {
                concordant += 1.0;
            } else if s < 0.0 {
                discordant += 1.0;
            }
        }
    }
    (concordant - discordant) / (n * (n - 1) / 2) as f64
}

/// The leaderboard shows the true order: tau ≥ 0.9 and every pair of true-order neighbours
/// whose expected score is 70% or more ordered the right way.
fn in_order(truth: &[f64], rating: &[f64]) -> bool {
    let mut by_truth: Vec<usize> = (0..rating.len()).collect();
    by_truth.sort_by(|&a, &b| truth[a].total_cmp(&truth[b]));
    let neighbours_right = by_truth.windows(2).all(|w| {
        let e = 1.0 / (1.0 + 10f64.powf(-(truth[w[1]] - truth[w[0]]) / 400.0));
        e < 0.7 || rating[w[1]] > rating[w[0]]
    });
    neighbours_right && kendall_tau(truth, rating) >= 0.9
}

/// The rank (0 the best) of `v` among `rating`.
fn rank(rating: &[f64], v: usize) -> usize {
    rating.iter().filter(|&&r| r > rating[v]).count()
}

/// Games until the leaderboard first shows the true order, and games after which it always
/// does (to the horizon), from the check after every game pair (`None`: it never does).
struct Reached {
    first: Option<usize>,
    stays: Option<usize>,
}

impl Reached {
    fn from_trace(trace: &[(usize, bool)]) -> Reached {
        let first = trace.iter().find(|t| t.1).map(|t| t.0);
        let stays = match trace.iter().rposition(|t| !t.1) {
            None => trace.first().map(|t| t.0),
            Some(last) => trace.get(last + 1).map(|t| t.0),
        };
        Reached { first, stays }
    }
}

/// A round robin: rounds of every pair once, in a seeded order, to the horizon.
fn round_robin(ladder: &Ladder, seed: u64) -> Reached {
    let n = ladder.truth.len();
    let mut event = Event::new(&ladder.truth, seed);
    let mut order = SplitMix64::new(seed);
    let mut pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let mut trace = Vec::new();
    while event.games < 2 * ladder.horizon {
        order.shuffle(&mut pairs);
        for &(a, b) in &pairs {
            event.play(a, b);
            let shown = event.ratings(n);
            trace.push((
                event.games,
                shown.is_some_and(|r| in_order(&ladder.truth, &r)),
            ));
        }
    }
    Reached::from_trace(&trace)
}

/// A league to the horizon: the first versions from the start, the late ones after
/// `late_after` pairs. Also each late version's own games until it is first within one place
/// of its true rank.
fn league(ladder: &Ladder, seed: u64, settings: &Settings) -> (Reached, Vec<Option<u64>>) {
    let n = ladder.truth.len();
    let mut event = Event::new(&ladder.truth, seed);
    let mut placed: Vec<Option<u64>> = vec![None; ladder.late.len()];
    let true_rank: Vec<usize> = (0..n).map(|v| rank(&ladder.truth, v)).collect();
    let (mut batches, mut trace) = (0, Vec::new());
    while event.games < 2 * ladder.horizon {
        let arrived = event.games >= 2 * ladder.late_after;
        let entries: Vec<Entry> = (0..n)
            .map(|v| Entry {
                active: arrived || !ladder.late.contains(&v),
            })
            .collect();
        let batch: Vec<Pairing> = plan_batch(
            &entries,
            &event.played,
            settings,
            BATCH,
            seed ^ (batches << 20),
        );
        batches += 1;
        if std::env::var("TRACE_SEED").is_ok_and(|t| t == seed.to_string()) {
            let pairs: Vec<String> = batch.iter().map(|p| format!("{}-{}", p.a, p.b)).collect();
            let shown = event
                .ratings(n)
                .map(|r| r.iter().map(|x| x.round()).collect::<Vec<_>>());
            eprintln!("{} games: {shown:?}; next {}", event.games, pairs.join(" "));
        }
        for p in batch {
            event.play(p.a, p.b);
            let ratings = event.ratings(n).filter(|_| arrived);
            let shown = ratings.as_ref();
            trace.push((
                event.games,
                shown.is_some_and(|r| in_order(&ladder.truth, r)),
            ));
            let Some(r) = ratings else { continue };
            for (k, &v) in ladder.late.iter().enumerate() {
                if placed[k].is_none() && rank(&r, v).abs_diff(true_rank[v]) <= 1 {
                    placed[k] = Some(games_of(&event.played, v));
                }
            }
        }
    }
    (Reached::from_trace(&trace), placed)
}

fn games_of(played: &[PairGames], v: usize) -> u64 {
    played
        .iter()
        .filter(|p| p.a == v || p.b == v)
        .map(|p| p.a_wins + p.draws + p.b_wins)
        .sum()
}

/// A 100-version league with 20 games on each of 2,000 random pairs: the time of one batch.
fn planning_time() {
    let n = 100;
    let mut rng = SplitMix64::new(1);
    let truth: Vec<f64> = (0..n).map(|i| 15.0 * i as f64).collect();
    let mut played = Vec::new();
    let mut pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    rng.shuffle(&mut pairs);
    for &(a, b) in pairs.iter().take(2000) {
        let e = 1.0 / (1.0 + 10f64.powf(-(truth[a] - truth[b]) / 400.0));
        let a_wins = (0..20)
            .filter(|_| (rng.below(1 << 20) as f64) < e * (1 << 20) as f64)
            .count() as u64;
        played.push(PairGames {
            a,
            b,
            a_wins,
            draws: 0,
            b_wins: 20 - a_wins,
        });
    }
    let entries = vec![Entry { active: true }; n];
    let settings = Settings::default();
    for size in [1, 10, 50] {
        let runs = 5;
        let start = Instant::now();
        for seed in 0..runs {
            std::hint::black_box(plan_batch(&entries, &played, &settings, size, seed));
        }
        let each = start.elapsed().as_secs_f64() / runs as f64;
        println!(
            "100 versions, 40,000 games: a batch of {size} pairs in {:.1} ms, {:.2} ms a game",
            each * 1e3,
            each * 1e3 / (2 * size) as f64
        );
    }
}

fn main() {
    let seeds: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(10);
    // Settings to try, as a [matchmaking] table in MATCHMAKING (for tuning).
    let table: Option<toml::Table> = std::env::var("MATCHMAKING")
        .ok()
        .map(|t| toml::from_str(&t).expect("MATCHMAKING: a TOML table"));
    let settings = Settings::from_table(table.as_ref()).expect("MATCHMAKING");
    let ladder = match std::env::var("LADDER").as_deref() {
        Ok("wide") => Ladder::wide(),
        _ => Ladder::darra(),
    };
    println!(
        "games until the leaderboard shows the true order (first / for good, to {} games)",
        2 * ladder.horizon
    );
    println!("seed  round-robin  league     late versions' games to within one place");
    let show = |x: Option<usize>| x.map_or("never".to_string(), |g| g.to_string());
    let mut totals = [0; 4];
    let first: u64 = std::env::var("FIRST").map_or(1, |s| s.parse().unwrap());
    for seed in first..first + seeds {
        let rr = round_robin(&ladder, seed);
        let (lg, placed) = league(&ladder, seed, &settings);
        println!(
            "{seed:>4}  {:>5} {:>5}  {:>5} {:>5}  {placed:?}",
            show(rr.first),
            show(rr.stays),
            show(lg.first),
            show(lg.stays)
        );
        for (t, x) in totals
            .iter_mut()
            .zip([rr.first, rr.stays, lg.first, lg.stays])
        {
            *t += x.unwrap_or(2 * ladder.horizon);
        }
    }
    let m = totals.map(|t| t as f64 / seeds as f64);
    println!(
        "mean  {:>5.0} {:>5.0}  {:>5.0} {:>5.0}",
        m[0], m[1], m[2], m[3]
    );
    planning_time();
}
